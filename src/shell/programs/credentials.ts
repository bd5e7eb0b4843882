// Programs that keep credentials on this machine and print them on request
// (macOS's security, pass and gopass, gpg, libsecret's secret-tool, KWallet,
// LastPass, KeePassXC, Python's keyring), printenv (which prints variables
// by name), and the ssh tools that use a private key without printing it. A command that prints a stored secret
// carries CREDENTIAL_OUTPUT: the secrets pack stops it when the secret would
// reach the agent, the network pack when it would reach the network. Cloud
// CLIs and secrets managers put the same label on their own verbs (remote/,
// git.ts for `git credential fill`), and ACCESS_TOKEN_OUTPUT on the verbs
// that print the CLI's own token for its provider's API.
import { libraryOptions } from "./library-loads.ts";
import type { OptionRole, ProgramSpec } from "./spec.ts";
import { CREDENTIAL_OUTPUT, ENVIRONMENT_OUTPUT } from "./output-labels.ts";

/**
 * Environment variables that name a credential file or folder, with the file's place when the variable is unset
 * (`~` is HOME). The extension's environment never holds them, so `cat $KUBECONFIG` would otherwise read some
 * unknown file: the guard reads it as the usual file, which is what the variable names on most machines and what
 * it stands for on the rest — the rules about that file then apply to every spelling of it. A value the input
 * sets (`export KUBECONFIG=./dev.yaml`) wins.
 */
export const CREDENTIAL_FILE_VARIABLES: Readonly<Record<string, string>> = {
  KUBECONFIG: "~/.kube/config",
  KUBE_CONFIG_PATH: "~/.kube/config",
  AWS_SHARED_CREDENTIALS_FILE: "~/.aws/credentials",
  GOOGLE_APPLICATION_CREDENTIALS: "~/.config/gcloud/application_default_credentials.json",
  CLOUDSDK_CONFIG: "~/.config/gcloud",
  AZURE_CONFIG_DIR: "~/.azure",
  OCI_CLI_CONFIG_FILE: "~/.oci/config",
  DOCKER_CONFIG: "~/.docker",
  NETRC: "~/.netrc",
  PGPASSFILE: "~/.pgpass",
  MYSQL_TEST_LOGIN_FILE: "~/.mylogin.cnf",
  NPM_CONFIG_USERCONFIG: "~/.npmrc",
  npm_config_userconfig: "~/.npmrc",
  BOTO_CONFIG: "~/.boto",
  TF_CLI_CONFIG_FILE: "~/.terraformrc",
  GH_CONFIG_DIR: "~/.config/gh",
  GNUPGHOME: "~/.gnupg",
  PASSWORD_STORE_DIR: "~/.password-store",
  RCLONE_CONFIG: "~/.config/rclone/rclone.conf",
  DATABRICKS_CONFIG_FILE: "~/.databrickscfg",
  HF_TOKEN_PATH: "~/.cache/huggingface/token",
};

const PRINTS = [CREDENTIAL_OUTPUT] as const;

type Options = Readonly<Record<string, OptionRole>>;

const words = (options: Options = {}): ProgramSpec => ({ options, operands: ["value"] });
const prints = (options: Options = {}): ProgramSpec => ({ options, operands: ["value"], tags: PRINTS });
const named = <T>(list: readonly string[], value: T): Record<string, T> => Object.fromEntries(list.map((name) => [name, value]));

/** `security find-*-password`: the item is chosen by these; `-w` prints the password, `-g` the password with the item. */
const KEYCHAIN_QUERY: Options = {
  "-a": "value",
  "-c": "value",
  "-C": "value",
  "-D": "value",
  "-G": "value",
  "-j": "value",
  "-l": "value",
  "-s": "value",
  "-r": "value",
  "-d": "value",
  "-p": "value",
  "-P": "value",
  "-t": "value",
};
const FIND_PASSWORD: ProgramSpec = { options: KEYCHAIN_QUERY, operands: ["path"], tagsWith: { "-w": PRINTS, "-g": PRINTS } };

const SECURITY: ProgramSpec = {
  options: { "-p": "value" },
  operands: ["value"],
  subcommands: {
    "find-generic-password": FIND_PASSWORD,
    "find-internet-password": FIND_PASSWORD,
    // `-d` decrypts: every password in the keychain.
    "dump-keychain": { operands: ["path"], tagsWith: { "-d": PRINTS } },
    export: { options: { "-k": "path", "-t": "value", "-f": "value", "-P": "value", "-o": "write" }, operands: ["value"], tags: PRINTS },
    // Trust settings and the keychains themselves (builtin:system asks before they change).
    ...named(["add-trusted-cert", "remove-trusted-cert", "add-certificates", "import"], {
      options: { "-k": "path", "-r": "value", "-p": "value", "-a": "value", "-s": "value", "-e": "value", "-f": "value", "-T": "path", "-P": "value" },
      operands: ["read"],
    }),
    ...named(["delete-certificate", "delete-identity", "find-certificate", "find-identity"], {
      options: { "-c": "value", "-Z": "value", "-t": "flag", "-e": "value", "-p": "value", "-v": "flag" },
      operands: ["path"],
    }),
    ...named(
      ["authorizationdb", "trust-settings-import", "trust-settings-export", "set-keychain-settings", "unlock-keychain", "lock-keychain", "list-keychains", "default-keychain"],
      {
        options: { "-p": "value", "-d": "flag", "-t": "value" },
        operands: ["value"],
      },
    ),
  },
};

/** pass and gopass: `pass NAME` is `pass show NAME`; the verbs below print nothing secret. */
function passwordStore(quiet: readonly string[], printing: readonly string[]): ProgramSpec {
  const show = prints({ "-c": "flag", "--clip": "flag", "-q": "flag", "--qrcode": "flag", "-o": "flag", "--password": "flag" });
  return { options: { "-c": "flag", "--clip": "flag" }, operands: ["value"], subcommands: { ...named(quiet, words()), ...named(printing, show), "**": show } };
}

const PASS_QUIET = ["ls", "list", "find", "search", "insert", "add", "edit", "rm", "remove", "delete", "mv", "rename", "cp", "copy", "init", "git", "help", "version"];
const GOPASS_QUIET = [
  ...PASS_QUIET,
  "setup",
  "sync",
  "config",
  "mounts",
  "recipients",
  "templates",
  "audit",
  "fsck",
  "completion",
  "env",
  "update",
  "clone",
  "create",
  "history",
  "fscopy",
  "fsmove",
];

const GPG_OPTIONS: Options = {
  // The command that shows a key's photo ID (`%i` the image file): gpg runs it when listing or checking keys.
  "--photo-viewer": "shell",
  "-o": "write",
  "--output": "write",
  "-r": "value",
  "--recipient": "value",
  "-R": "value",
  "--hidden-recipient": "value",
  "-u": "value",
  "--local-user": "value",
  "--default-key": "value",
  "--homedir": "path",
  "--passphrase": "value",
  "--passphrase-file": "read",
  "--passphrase-fd": "value",
  "--pinentry-mode": "value",
  "--keyring": "read",
  "--secret-keyring": "read",
  "--trust-model": "value",
  "--keyserver": "url",
  "--cipher-algo": "value",
  "--digest-algo": "value",
  "--compress-algo": "value",
  "--status-fd": "value",
  "--logger-fd": "value",
  "--command-fd": "value",
  "--export-options": "value",
  "--import-options": "value",
  "--list-options": "value",
  "--trusted-key": "value",
  "--set-filename": "value",
  "--comment": "value",
  "-z": "value",
  "--recv-keys": "value",
};

/** gpg: exporting secret keys prints them; decrypting prints the plaintext (a secrets file, a password). */
const GPG: ProgramSpec = {
  options: GPG_OPTIONS,
  operands: ["read"],
  tagsWith: named(["--export-secret-keys", "--export-secret-key", "--export-secret-subkeys", "--export-secret-subkey", "-d", "--decrypt"], PRINTS),
};

/**
 * keytool (Java): single-dash long options. `-keystore` names the store a command changes (a trust store such as
 * the JDK's cacerts, or a project's own), `-file` a certificate read or written; passwords, aliases and names are
 * values, not files.
 */
const KEYTOOL: ProgramSpec = {
  singleDashWords: true,
  options: {
    ...Object.fromEntries(
      ["-alias", "-storepass", "-keypass", "-storetype", "-dname", "-keyalg", "-keysize", "-validity", "-sigalg", "-ext", "-new", "-startdate"].map((option) => [
        option,
        "value" as const,
      ]),
    ),
    ...Object.fromEntries(
      [
        "-destalias",
        "-srcalias",
        "-deststorepass",
        "-srcstorepass",
        "-deststoretype",
        "-srcstoretype",
        "-providername",
        "-providerclass",
        "-addprovider",
        "-providerarg",
        "-groupname",
      ].map((option) => [option, "value" as const]),
    ),
    "-keystore": "path",
    "-destkeystore": "path",
    "-srckeystore": "read",
    "-file": "path",
    "-infile": "read",
    "-outfile": "write",
    "-providerpath": "path",
  },
  operands: ["value"],
};

/** ssh-keygen: `-f` is the key it makes (or rewrites with -p/-c); in the modes that only read a key it prints the public half. */
const KEY_READ_ONLY = { "-f": "path" } as const;
const SSH_KEYGEN: ProgramSpec = {
  options: {
    "-f": "write",
    "-t": "value",
    "-b": "value",
    "-C": "value",
    "-N": "value",
    "-P": "value",
    "-a": "value",
    "-m": "value",
    "-O": "value",
    "-Z": "value",
    "-Y": "value",
    "-n": "value",
    "-I": "value",
    "-V": "value",
    "-s": "path",
    "-z": "value",
    "-E": "value",
    "-F": "value",
    "-R": "value",
    "-w": "value",
    "-D": "value",
    "-r": "value",
    "-M": "value",
    "-J": "value",
    "-j": "value",
    "-K": "flag",
    "-G": "write",
    "-T": "write",
  },
  operands: ["path"],
  rolesWith: {
    ...named(["-y", "-l", "-e", "-B", "-F", "-Y", "-Q", "-D", "-r"], KEY_READ_ONLY),
    // `-i` converts a key to OpenSSH's format and prints it: a private key comes out whole.
    "-i": { "-f": "read" },
  },
  // `-D LIB` loads a PKCS#11 provider library.
  tagsWith: libraryOptions("-D"),
};

/**
 * Tools that make a new key pair into files they are given and print at most the public half: a fresh key for a test
 * or a deploy, nobody's secret yet. Each refuses to replace an existing key unless forced (age-keygen never does).
 * Where they use an existing secret key (to sign, to recreate its public half) it is named but never printed.
 */
const AGE_KEYGEN: ProgramSpec = { options: { "-o": "write", "--output": "write" }, operands: ["path"] };
const KEY_GENERATORS: Readonly<Record<string, ProgramSpec>> = {
  // `age-keygen -o key.txt` writes the identity; `-y FILE` prints the recipient (public key) of one.
  "age-keygen": AGE_KEYGEN,
  "rage-keygen": AGE_KEYGEN,
  // minisign -G writes the pair to -p/-s; -S signs with -s, -V verifies with -p, -R writes -p from -s.
  minisign: { options: { "-p": "path", "-s": "path", "-P": "value", "-m": "read", "-x": "path", "-c": "value", "-t": "value" }, operands: ["read"] },
  // step crypto keypair PUB PRIV; step certificate create SUBJECT CRT KEY: files it writes. Other verbs read as before.
  step: {
    operands: ["value"],
    subcommands: {
      crypto: {
        operands: ["value"],
        subcommands: {
          keypair: { options: { "--kty": "value", "--curve": "value", "--size": "value", "--crv": "value", "--password-file": "read" }, operands: ["write", "write"] },
          "*": { operands: ["read"] },
        },
      },
      certificate: {
        operands: ["value"],
        subcommands: {
          create: {
            options: {
              "--profile": "value",
              "--kty": "value",
              "--curve": "value",
              "--size": "value",
              "--ca": "read",
              "--ca-key": "path",
              "--not-after": "value",
              "--not-before": "value",
              "--san": "value",
              "--password-file": "read",
            },
            operands: ["value", "write", "write"],
          },
          "*": { operands: ["read"] },
        },
      },
      "*": { operands: ["read"] },
    },
  },
  // nebula-cert keygen/ca/sign write -out-key and -out-crt (-out-pub); sign uses -ca-key without printing it.
  "nebula-cert": {
    singleDashWords: true,
    operands: ["value"],
    subcommands: {
      ...named(["keygen", "ca", "sign"], {
        singleDashWords: true,
        options: {
          "-out-key": "write",
          "-out-pub": "write",
          "-out-crt": "write",
          "-out-qr": "write",
          "-ca-crt": "read",
          "-ca-key": "path",
          "-in-pub": "read",
          "-name": "value",
          "-ip": "value",
          "-groups": "value",
          "-subnets": "value",
          "-duration": "value",
          "-curve": "value",
        },
        operands: ["value"],
      }),
      "*": { singleDashWords: true, options: { "-path": "read", "-ca": "read", "-crt": "read" }, operands: ["read"] },
    },
  },
};

/**
 * Docker's credential helpers: `get` prints the secret for the registry named on stdin, `list` every
 * registry with its account — the map of what `get` hands out, which no build needs to read.
 */
const DOCKER_CREDENTIAL_HELPER: ProgramSpec = {
  operands: ["value"],
  subcommands: { ...named(["get", "list"], prints()), ...named(["store", "erase", "version"], words()) },
};
const DOCKER_CREDENTIAL_HELPERS = ["desktop", "osxkeychain", "secretservice", "pass", "wincred", "ecr-login", "gcloud", "gcr", "acr-env", "helper"].map(
  (name) => `docker-credential-${name}`,
);

/** ansible-vault: `view` prints the decrypted file, `decrypt --output -` too; the other verbs keep it encrypted. */
const VAULT_OPTIONS: Options = { "--vault-password-file": "read", "--vault-pass-file": "read", "--vault-id": "value", "--output": "write", "--encrypt-vault-id": "value" };
const ANSIBLE_VAULT: ProgramSpec = {
  options: VAULT_OPTIONS,
  operands: ["read"],
  subcommands: {
    view: { options: VAULT_OPTIONS, operands: ["read"], tags: PRINTS },
    decrypt: { options: VAULT_OPTIONS, operands: ["read"], tagsWith: { "--output=-": PRINTS, "--output=/dev/stdout": PRINTS } },
    ...named(["create", "edit", "encrypt", "encrypt_string", "rekey"], { options: VAULT_OPTIONS, operands: ["read"] }),
  },
};

export const CREDENTIAL_PROGRAMS: Record<string, ProgramSpec> = {
  ...named(DOCKER_CREDENTIAL_HELPERS, DOCKER_CREDENTIAL_HELPER),
  "ansible-vault": ANSIBLE_VAULT,
  security: SECURITY,
  // `generate` makes a new password (shown once, as it must be): not a stored one leaking.
  pass: passwordStore([...PASS_QUIET, "generate"], ["show", "otp", "grep"]),
  gopass: passwordStore([...GOPASS_QUIET, "generate", "pwgen"], ["show", "cat", "otp", "grep"]),
  gpg: GPG,
  // rbw (an unofficial Bitwarden client): `get` and `code` print a stored password or its TOTP (`--full` adds notes and fields).
  rbw: {
    operands: ["value"],
    subcommands: {
      ...named(["get", "code"], prints({ "--folder": "value", "-f": "value", "--field": "value", "--full": "flag", "--raw": "flag", "-c": "flag", "--clipboard": "flag" })),
      ...named(
        [
          "list",
          "ls",
          "search",
          "sync",
          "unlock",
          "unlocked",
          "lock",
          "login",
          "register",
          "config",
          "add",
          "generate",
          "gen",
          "edit",
          "remove",
          "rm",
          "history",
          "purge",
          "stop-agent",
        ],
        words(),
      ),
    },
  },
  gpg2: GPG,
  "secret-tool": { operands: ["value"], subcommands: { ...named(["lookup", "search"], prints()), ...named(["store", "clear", "lock"], words()) } },
  "kwallet-query": {
    options: { "-f": "value", "--folder": "value", "-r": "value", "--read-password": "value", "-w": "value", "--write-password": "value" },
    operands: ["value"],
    tagsWith: named(["-r", "--read-password"], PRINTS),
  },
  // kwalletcli (the KWallet helper pinentry-kwallet uses): `-e ENTRY` prints the entry's password, unless -p/-P writes one.
  kwalletcli: {
    options: { "-f": "value", "-e": "value", "-p": "value" },
    operands: ["value"],
    tagsWith: { "-e": PRINTS },
  },
  lpass: {
    operands: ["value"],
    subcommands: { ...named(["show", "export"], prints()), ...named(["ls", "login", "logout", "status", "sync", "add", "edit", "rm", "mv", "duplicate", "generate"], words()) },
  },
  // The database is opened, not printed: what a subcommand shows decides (`ls`, `search`, `db-info` list names and
  // settings; `show -s`, a password attribute, a TOTP, `export` or an attachment to stdout print the secrets).
  "keepassxc-cli": {
    operands: ["path"],
    subcommands: {
      show: {
        options: { "-a": "value", "--attributes": "value", "-k": "read", "--key-file": "read" },
        operands: ["path", "value"],
        tagsWith: { "-s": PRINTS, "--show-protected": PRINTS, "-a=password": PRINTS, "--attributes=password": PRINTS, "--totp": PRINTS, "-t": PRINTS },
      },
      export: { options: { "-f": "value", "--format": "value", "-k": "read", "--key-file": "read" }, operands: ["read"], tags: PRINTS },
      "attachment-export": { options: { "-k": "read", "--key-file": "read" }, operands: ["path", "value", "value", "write"], tagsWith: { "--stdout": PRINTS } },
      totp: { options: { "-k": "read", "--key-file": "read" }, operands: ["path", "value"], tags: PRINTS },
      ...named(["ls", "search", "locate", "db-info", "analyze", "add", "edit", "rm", "mkdir", "mv", "rmdir", "merge", "db-create", "import"], {
        options: { "-k": "read", "--key-file": "read" },
        operands: ["path", "value"],
      }),
      // A password copied to the clipboard, where any program (the agent's next command) can read it.
      clip: { options: { "-k": "read", "--key-file": "read" }, operands: ["read", "value"] },
    },
  },
  keyring: { operands: ["value"], subcommands: { get: prints(), ...named(["set", "del", "diagnose"], words()) } },
  printenv: { options: { "-0": "flag", "--null": "flag" }, operands: ["variable"], tagsAlone: [ENVIRONMENT_OUTPUT] },
  // sops decrypts a secrets file to stdout (`--output` or `-i` write it instead).
  sops: {
    options: {
      "--output": "write",
      "--input-type": "value",
      "--output-type": "value",
      "--extract": "value",
      "--config": "read",
      "--age": "value",
      "--pgp": "value",
      "--kms": "value",
      "--gcp-kms": "value",
      "--azure-kv": "value",
      "--hc-vault-transit": "value",
      // Recipients added to or removed from the file while it is rotated (`-r -i --rm-kms ARN`).
      ...Object.fromEntries(
        ["age", "pgp", "kms", "gcp-kms", "azure-kv", "hc-vault-transit"].flatMap((kind) => [`--add-${kind}`, `--rm-${kind}`]).map((option) => [option, "value" as const]),
      ),
    },
    operands: ["read"],
    tagsWith: named(["-d", "--decrypt"], PRINTS),
    // `sops exec-env FILE COMMAND`, `sops exec-file FILE COMMAND`: the command runs with the decrypted secrets
    // (in its environment, or in a file it is given); `sops decrypt FILE` is `sops -d FILE`.
    optionalSubcommands: true,
    subcommands: {
      ...named(["exec-env", "exec-file"], { options: { "--user": "value", "--background": "flag", "--no-fifo": "flag", "--pristine": "flag" }, operands: ["read", "shell"] }),
      decrypt: { options: { "--output": "write", "--extract": "value", "--input-type": "value", "--output-type": "value" }, operands: ["read"], tags: PRINTS },
    },
  },
  "ssh-keygen": SSH_KEYGEN,
  ...KEY_GENERATORS,
  // mkcert makes a development certificate and its key for the host names given: `-key-file`, `-cert-file` and
  // `-p12-file` are where it writes them (nothing is printed), `-csr` a request it reads.
  mkcert: { options: { "-key-file": "write", "-cert-file": "write", "-p12-file": "write", "-csr": "read" }, operands: ["value"] },
  // A CI agent inside a job: `secret get` prints a pipeline secret's value, `env dump`/`env get` the job's
  // environment, where the pipeline's secrets and the agent's own access token live.
  "buildkite-agent": {
    operands: ["value"],
    subcommands: {
      secret: { operands: ["value"], subcommands: { get: prints({ "--job": "value", "--format": "value" }) } },
      env: { operands: ["value"], subcommands: { ...named(["dump", "get"], prints({ "--format": "value" })), ...named(["set", "unset"], words()) } },
    },
  },
  // ssh-add loads a key into the agent; nothing of it is printed (`-L` prints the public keys).
  // Without a terminal (or with SSH_ASKPASS_REQUIRE=force), ssh-add runs SSH_ASKPASS for a key's passphrase.
  "ssh-add": {
    options: { "-t": "value", "-E": "value", "-S": "value", "-s": "value", "-e": "value", "-h": "value", "-H": "path", "-T": "path" },
    operands: ["path"],
    env: { SSH_ASKPASS: "argv" },
  },
  keytool: KEYTOOL,
};
