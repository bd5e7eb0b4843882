// Directory and authentication servers: OpenLDAP's clients and offline
// tools, MIT and Heimdal Kerberos, Samba's AD tool and FreeIPA. Deleting
// entries or principals, changing passwords and keys, rewriting the
// directory (ldapmodify: userPassword, olcRootPW, olcAccess), loading or
// destroying the database and exporting keys (`ktadd`, `kdb5_util dump`)
// ask; searches and listings pass. Dumping the whole directory where the
// agent reads it (`slapcat`, password hashes included) is a credential shown.
import type { ProgramSpec } from "../spec.ts";
import { destroys, destroysWith, dryRunWith, group, names, nounChain, type Options, printsCredential, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

/** The options OpenLDAP's clients share (`-w` a password, `-y` a file holding one, `-f` an LDIF file read). */
const LDAP_OPTIONS: Options = {
  "-H": "url",
  "-h": "host",
  "-p": "port",
  "-D": "value",
  "-w": "value",
  "-y": "read",
  "-b": "value",
  "-f": "read",
  "-s": "value",
  "-o": "value",
  "-e": "value",
  "-E": "value",
  "-Y": "value",
  "-U": "value",
  "-X": "value",
  "-R": "value",
  "-O": "value",
  "-S": "write",
  "-T": "path",
  "-z": "value",
  "-l": "value",
};
/** `-n`: show what would be done without doing it. */
const LDAP_DRY_RUN = dryRunWith("-n");
const directory = (spec: ProgramSpec): ProgramSpec => ({ ...spec, tags: ["directory", ...(spec.tags ?? [])] });
const ldapChange = (): ProgramSpec => directory(destroys(LDAP_OPTIONS, { tagsWith: LDAP_DRY_RUN }));

/** Attributes that hold a password or key: a search that asks for them prints hashes or secrets. */
const SECRET_ATTRIBUTES = "userPassword|olcRootPW|sambaNTPassword|sambaLMPassword|krbPrincipalKey|unicodePwd|olcDbRootPW|*;binary";

export const LDAPDELETE: RemoteCli = {
  id: "ldapdelete",
  names: ["ldapdelete"],
  about: "OpenLDAP ldapdelete",
  spec: ldapChange(),
  examples: {
    directory: {
      asks: [
        "ldapdelete -r -x -D cn=admin,dc=example,dc=com -W 'ou=people,dc=example,dc=com'",
        "ldapdelete -x -H ldaps://ldap.example.com -D cn=admin,dc=example,dc=com -y /root/.pw uid=bob,ou=people,dc=example,dc=com",
      ],
      passes: ["ldapdelete -n -x -D cn=admin,dc=example,dc=com -W uid=bob,ou=people,dc=example,dc=com"],
    },
  },
};

export const LDAPMODIFY: RemoteCli = {
  id: "ldapmodify",
  names: ["ldapmodify", "ldapmodrdn", "ldappasswd"],
  about: "OpenLDAP ldapmodify, ldapmodrdn and ldappasswd",
  spec: ldapChange(),
  examples: {
    directory: {
      asks: [
        "ldapmodify -x -D cn=admin,dc=example,dc=com -W -f reset-password.ldif",
        "ldapmodify -Y EXTERNAL -H ldapi:/// <<'EOF'\ndn: olcDatabase={1}mdb,cn=config\nchangetype: modify\nreplace: olcRootPW\nolcRootPW: {SSHA}abc\nEOF",
        "ldappasswd -x -D cn=admin,dc=example,dc=com -W -s NewPass1 uid=bob,ou=people,dc=example,dc=com",
        "ldapmodrdn -x -D cn=admin,dc=example,dc=com -W uid=bob,ou=people,dc=example,dc=com uid=robert",
      ],
      passes: ["ldapmodify -n -x -D cn=admin,dc=example,dc=com -W -f change.ldif"],
    },
  },
};

/** A search that asks for password attributes, or for the server's own configuration (cn=config holds olcRootPW). */
const LDAP_SECRET_SEARCH = { category: "directory", args: [`${SECRET_ATTRIBUTES}|cn=config`] } as const;

export const LDAPSEARCH: RemoteCli = {
  id: "ldapsearch",
  names: ["ldapsearch"],
  about: "OpenLDAP ldapsearch",
  spec: directory({ options: LDAP_OPTIONS, operands: ["read"] }),
  alsoAsksWhen: [LDAP_SECRET_SEARCH],
  examples: {
    directory: {
      asks: ["ldapsearch -x -D cn=admin,dc=example,dc=com -W -b dc=example,dc=com '(uid=*)' userPassword", "ldapsearch -Y EXTERNAL -H ldapi:/// -b cn=config olcRootPW"],
      passes: ["ldapsearch -x -b dc=example,dc=com '(uid=bob)' cn mail", "ldapsearch -x -H ldap://ldap.example.com -b ou=groups,dc=example,dc=com '(cn=dev*)' memberUid"],
    },
  },
};

const SLAP_OPTIONS: Options = { "-f": "read", "-F": "path", "-b": "value", "-n": "value", "-l": "read", "-d": "value", "-o": "value", "-s": "value", "-a": "value", "-H": "url" };

/** slapcat prints every entry, password hashes included (to a file with `-l`: a backup the agent does not read). */
export const SLAPCAT: RemoteCli = {
  id: "slapcat",
  names: ["slapcat"],
  about: "OpenLDAP slapcat",
  spec: directory(printsCredential({ ...SLAP_OPTIONS, "-l": "write" })),
  examples: {},
};

/** slapadd and slapmodify write the database files directly, under a running slapd too; `-u` only checks. */
export const SLAPADD: RemoteCli = {
  id: "slapadd",
  names: ["slapadd", "slapmodify", "slapdelete"],
  about: "OpenLDAP slapadd, slapmodify and slapdelete",
  spec: directory(destroys(SLAP_OPTIONS, { tagsWith: dryRunWith("-u") })),
  examples: {
    directory: {
      asks: ["slapadd -n 1 -l people.ldif", "slapadd -q -F /etc/openldap/slapd.d -l backup.ldif", "slapdelete -b dc=example,dc=com uid=bob,ou=people,dc=example,dc=com"],
      passes: ["slapadd -u -n 1 -l people.ldif"],
    },
  },
};

const KADMIN_OPTIONS: Options = {
  "-q": "value",
  "-p": "value",
  "-r": "value",
  "-s": "host",
  "-k": "flag",
  "-t": "read",
  "-w": "value",
  "-c": "read",
  "-d": "value",
  "-e": "value",
  "-x": "value",
  "-l": "flag",
  "--local": "flag",
  "-K": "read",
  "--keytab": "read",
  "--realm": "value",
  "--principal": "value",
};

/** kadmin's requests that delete a principal or policy, change or export its keys (ktadd gives it new ones), or rename it. */
const KADMIN_CHANGES = [
  "delete_principal",
  "delprinc",
  "delete",
  "del",
  "change_password",
  "cpw",
  "passwd",
  "ktadd",
  "xst",
  "ext_keytab",
  "ktremove",
  "ktrem",
  "delete_policy",
  "delpol",
  "purgekeys",
  "rename_principal",
  "renprinc",
  "rename",
  "randkey",
  "lock",
];

/** Adding a principal: with an `/admin` instance it is an administrator (kadm5.acl commonly grants the admin instance every right). */
const KADMIN_ADDS = ["addprinc", "add_principal", "ank"];

/** `kadmin.local -q 'delprinc -force bob'`: the request is one word, its verb first. */
const KADMIN_QUERIES = Object.fromEntries([
  ...KADMIN_CHANGES.flatMap((verb) => [
    [`-q=${verb}`, ["destroy"]],
    [`-q=${verb} *`, ["destroy"]],
  ]),
  ...KADMIN_ADDS.map((verb) => [`-q=${verb} */admin*`, ["destroy"]]),
]);

const KADMIN_SPEC: ProgramSpec = directory({
  ...group(
    undefined,
    {
      ...names(KADMIN_CHANGES, destroys(KADMIN_OPTIONS)),
      ...readVerbs(["list_principals", "listprincs", "get_principal", "getprinc", "getprivs", "list_policies", "listpols", "get_policy", "getpol", "list", "get"], KADMIN_OPTIONS),
    },
    KADMIN_OPTIONS,
  ),
  tagsWith: KADMIN_QUERIES,
});

export const KADMIN: RemoteCli = {
  id: "kadmin",
  names: ["kadmin", "kadmin.local", "kadmin.heimdal"],
  about: "Kerberos kadmin",
  spec: KADMIN_SPEC,
  examples: {
    directory: {
      asks: [
        "kadmin.local -q 'delete_principal -force alice@EXAMPLE.COM'",
        "kadmin -p admin/admin -q 'ktadd -k /tmp/http.keytab HTTP/web.example.com'",
        "kadmin.local -q 'cpw -pw hunter2 bob'",
        "kadmin.local delprinc -force bob",
        "kadmin -l ext_keytab -k /tmp/host.keytab host/db.example.com",
        "kadmin.local -q 'addprinc -pw s3cret ops/admin'",
        "kadmin.local addprinc -randkey mallory/admin@EXAMPLE.COM",
      ],
      passes: [
        "kadmin.local -q listprincs",
        "kadmin -p admin/admin -q 'getprinc bob'",
        "kadmin.local -q 'addprinc -randkey HTTP/web.example.com'",
        "kadmin.local addprinc -randkey alice",
      ],
    },
  },
  alsoAsksWhen: [{ category: "directory", subcommand: KADMIN_ADDS.join("|"), args: ["*/admin|*/admin@*"] }],
};

/** kdb5_util: `destroy` deletes the KDC's database, `load` replaces it, `dump` writes every principal's keys out. */
export const KDB5_UTIL: RemoteCli = {
  id: "kdb5_util",
  names: ["kdb5_util"],
  about: "Kerberos kdb5_util",
  spec: group(
    "directory",
    {
      ...names(["destroy", "load", "dump", "purge_mkeys", "update_princ_encryption", "use_mkey"], destroys({ "-r": "value", "-d": "value" })),
      ...readVerbs(["list_mkeys", "tabdump"]),
    },
    { "-r": "value", "-d": "value", "-sf": "path" },
  ),
  examples: {
    directory: {
      asks: ["kdb5_util destroy -f", "kdb5_util dump /tmp/kdc.dump", "kdb5_util load -update backup.dump"],
      passes: ["kdb5_util list_mkeys", "kdb5_util tabdump keyinfo"],
    },
  },
};

/**
 * ktutil: Heimdal's verbs (`ktutil -k FILE remove|copy|get|add …`); MIT's reads its requests (`rkt`, `wkt`) on
 * standard input, so a bare ktutil is a keytab being copied or written out.
 */
export const KTUTIL: RemoteCli = {
  id: "ktutil",
  names: ["ktutil"],
  about: "Kerberos ktutil",
  spec: {
    ...group(
      "directory",
      {
        ...names(["remove", "purge", "copy", "get", "add", "change", "rename", "delete"], destroys({ "-k": "path", "--keytab": "path" })),
        ...readVerbs(["list"], { "-k": "read" }),
      },
      { "-k": "path", "--keytab": "path" },
    ),
    tagsAlone: ["destroy"],
  },
  examples: {
    directory: {
      asks: ["ktutil <<'EOF'\nrkt /etc/krb5.keytab\nwkt /tmp/copy.keytab\nEOF", "ktutil -k /etc/krb5.keytab remove -p host/old.example.com"],
      passes: ["ktutil -k /etc/krb5.keytab list"],
    },
  },
};

/** samba-tool (an Active Directory domain controller): deleting users, groups, computers; passwords set; the domain demoted. */
export const SAMBA_TOOL: RemoteCli = {
  id: "samba-tool",
  names: ["samba-tool"],
  about: "samba-tool",
  spec: {
    ...nounChain(
      {
        // `addmembers` can make anyone a Domain Admin; `passwordsettings set` weakens every account's password rules.
        ...names(
          ["delete", "del", "setpassword", "disable", "remove", "demote", "removemembers", "addmembers", "purge", "leave", "set", "setexpiry"],
          destroys({ "-U": "value", "-H": "url" }),
        ),
        ...readVerbs(["list", "show", "info", "listmembers"]),
      },
      { "-U": "value", "-H": "url", "--password": "value" },
    ),
    tags: ["directory"],
  },
  examples: {
    directory: {
      asks: [
        "samba-tool user delete bob",
        "samba-tool user setpassword administrator --newpassword=Secret123",
        "samba-tool domain demote -Uadministrator",
        "samba-tool group addmembers 'Domain Admins' bob",
        "samba-tool domain passwordsettings set --complexity=off",
        "samba-tool gpo del {31B2F340-016D-11D2-945F-00C04FB984F9}",
      ],
      passes: ["samba-tool user list", "samba-tool group listmembers 'Domain Admins'"],
    },
  },
};

/** FreeIPA: verbs written `noun-del`, `noun-disable`, `noun-mod`; `passwd` sets a password. */
export const IPA: RemoteCli = {
  id: "ipa",
  names: ["ipa"],
  about: "FreeIPA CLI",
  spec: group("directory", {
    ...names(["*-del", "*-disable", "*-remove-member", "*-remove-principal", "*-remove-cert", "passwd", "user-unlock", "*-archive"], destroys()),
    ...readVerbs(["*-find", "*-show", "ping", "env"]),
  }),
  examples: {
    directory: {
      asks: ["ipa user-del bob", "ipa host-del web1.example.com --updatedns", "ipa passwd admin"],
      passes: ["ipa user-find bob", "ipa user-show admin --all", "ipa user-add carol --first=C --last=D"],
    },
  },
};

/**
 * GAM (Google Workspace admin): its lines read as words, not a fixed tree (`gam delete user X`, `gam user X delete
 * messages …`, `gam all users delete messages … doit`), so its verbs are found among them. Deleting, deprovisioning,
 * wiping or purging anything asks; so does `doit`, the word GAM demands before a mass change; so do admin roles
 * granted and files shared with anyone.
 */
export const GAM: RemoteCli = {
  id: "gam",
  names: ["gam", "gam7", "gamadv-xtd3"],
  about: "GAM (Google Workspace admin)",
  // Its words may be files (`gam csv users.csv …`, `add drivefile localfile PATH`): read as any unknown program's are.
  spec: directory({ operands: ["read"] }),
  alsoAsksWhen: [
    { category: "directory", args: ["delete|del|deprovision|deprov|wipe|wipe_*|purge|signout|turnoff2sv|doit"] },
    { category: "directory", args: ["create|add", "admin"] },
    { category: "directory", args: ["drivefileacl|driveacl|drivefileshare", "anyone"] },
  ],
  examples: {
    directory: {
      asks: [
        "gam delete user alice@acme.com",
        "gam user bob@acme.com delete messages query 'in:anywhere' doit",
        "gam update cros 0123 action wipe_users",
        "gam user carol@acme.com deprovision",
        "gam create admin dave@acme.com _SEED_ADMIN_ROLE customer",
        "gam user erin@acme.com add drivefileacl 1AbC anyone role reader",
      ],
      passes: ["gam print users", "gam info user alice@acme.com", "gam report logins user alice@acme.com", "gam print admins"],
    },
  },
};

/** realmd's `realm`: `leave` takes the machine out of its domain (domain users can no longer log in); `permit --all` lets every domain user log in, `deny --all` locks every one out. */
export const REALM: RemoteCli = {
  id: "realm",
  names: ["realm"],
  about: "realmd (realm)",
  spec: group("directory", {
    leave: destroys({ "-U": "value", "--user": "value", "--remove": "flag" }),
    ...names(["permit", "deny"], destroysWith(["-a", "--all"], { "-x": "flag", "--withdraw": "flag", "-R": "value", "--realm": "value", "-g": "flag", "--groups": "flag" })),
    ...readVerbs(["list", "discover"]),
  }),
  examples: {
    directory: {
      asks: ["sudo realm leave acme.example.com", "realm permit --all", "realm deny --all"],
      passes: ["realm list", "realm discover acme.example.com", "realm permit alice@acme.example.com"],
    },
  },
};
