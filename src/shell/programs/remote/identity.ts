// Identity providers' admin CLIs: Okta's and Keycloak's kcadm. Deleting or
// deactivating users, groups, applications, clients and realms locks people
// out of what they sign in to, and cannot be undone from the CLI. (Auth0's
// CLI is in app-services.ts; role grants to administrators are in the
// persistence pack.)
import { destroys, names, nounChain, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const OKTA_OPTIONS = { "--org-url": "url", "--token": "value", "-c": "read", "--config-file": "read" } as const;

export const OKTA: RemoteCli = {
  id: "okta",
  names: ["okta", "okta-cli"],
  about: "Okta CLI",
  spec: {
    ...nounChain({ ...names(["delete", "rm", "deactivate", "remove"], destroys(OKTA_OPTIONS)), ...readVerbs(["list", "ls", "get", "show", "config"], OKTA_OPTIONS) }, OKTA_OPTIONS),
    tags: ["cloud"],
  },
  examples: {
    cloud: {
      asks: ["okta apps delete 0oa9xyz", "okta-cli users deactivate 00u1abc", "okta groups delete 00g7def"],
      passes: ["okta apps", "okta apps config --app 0oa9xyz", "okta-cli users list"],
    },
  },
};

// kcadm.sh: `kcadm.sh delete ENDPOINT` removes a realm, user, client or role
// over Keycloak's admin REST API (`create`, `update`, `get` are the others).
const KCADM_OPTIONS = {
  "-r": "value",
  "--target-realm": "value",
  "--config": "read",
  "--server": "url",
  "--realm": "value",
  "--user": "value",
  "--password": "value",
  "--client": "value",
  "--secret": "value",
  "--truststore": "read",
  "-s": "value",
  "--set": "value",
  "-q": "value",
  "--query": "value",
  "-f": "read",
  "--file": "read",
} as const;

export const KCADM: RemoteCli = {
  id: "kcadm",
  names: ["kcadm.sh", "kcadm"],
  about: "Keycloak admin CLI (kcadm)",
  spec: {
    options: KCADM_OPTIONS,
    operands: ["read"],
    subcommands: {
      // `set-password` replaces a user's password (an admin's: locked out); `remove-roles` takes rights away.
      ...names(["delete", "set-password", "remove-roles"], destroys(KCADM_OPTIONS)),
      ...readVerbs(["get", "get-roles", "config"], KCADM_OPTIONS),
      "*": { options: KCADM_OPTIONS, operands: ["read"] },
    },
    tags: ["cloud"],
  },
  examples: {
    cloud: {
      asks: [
        "kcadm.sh delete users/5f2c-77 -r acme",
        "kcadm.sh delete realms/acme",
        "kcadm delete clients/9a1b -r master",
        "kcadm.sh set-password -r acme --username admin --new-password x",
        "kcadm.sh update realms/acme -s enabled=false",
        "kcadm.sh get clients/9a1b/client-secret -r acme",
        "kcadm.sh update realms/acme -s bruteForceProtected=false",
        "kcadm.sh update realms/master -s 'passwordPolicy=\"\"'",
        "kcadm.sh update realms/acme -s sslRequired=none",
        "kcadm.sh add-roles -r acme --uusername mallory --cclientid realm-management --rolename realm-admin",
      ],
      passes: [
        "kcadm.sh get users -r acme -q username=bob",
        "kcadm.sh get realms/acme",
        "kcadm.sh create users -r acme -s username=alice",
        "kcadm.sh update users/5f2c-77 -r acme -s email=bob@acme.com",
        "kcadm.sh update realms/acme -s bruteForceProtected=true -s 'passwordPolicy=length(12)'",
        "kcadm.sh add-roles -r acme --uusername bob --rolename viewer",
      ],
    },
  },
  // A realm or client switched off (`-s enabled=false`) logs everyone out of it; a client's secret read back is a credential.
  alsoAsksWhen: [
    { category: "cloud", subcommand: "update", args: ["enabled=false"] },
    // A realm's protections switched off: brute-force lockout, the password policy emptied, TLS no longer required,
    // anyone let to register, e-mails no longer verified.
    {
      category: "cloud",
      subcommand: "update",
      args: ["bruteForceProtected=false|passwordPolicy=|passwordPolicy=\"\"|passwordPolicy=''|sslRequired=none|sslRequired=NONE|registrationAllowed=true|verifyEmail=false"],
    },
    // An administrator's role granted (`add-roles --rolename admin`, `--cclientid realm-management --rolename realm-admin`).
    { category: "cloud", subcommand: "add-roles", args: ["admin|realm-admin|manage-*|*-admin|create-realm"] },
    { category: "cloud", subcommand: "get", args: ["clients/*/client-secret|*client-secret*"] },
  ],
};
