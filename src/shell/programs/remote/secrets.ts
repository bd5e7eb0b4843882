// Secrets managers: Vault, 1Password's op, Doppler, Infisical, Bitwarden's
// bw, chamber. Deleting or destroying secrets, vaults, projects and
// versions, disabling secret engines and auth methods, and revoking tokens
// and leases ask. `op run`, `doppler run` and `infisical run` run a command
// with the secrets in its environment: that command is judged as well. The
// verbs that print a secret's value carry the credential-output label.
// (AWS Secrets Manager, Google Secret Manager and Key Vault are in the clouds' CLIs.)
import { CREDENTIAL_OUTPUT } from "../output-labels.ts";
import type { ProgramSpec } from "../spec.ts";
import { destroys, dryRunWith, group, leaf, names, nounChain, type Options, PRODUCTION_NAMES, printsCredential, printsCredentialWith, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

/** Vault's options are single-dash words (`-mount=secret`); two dashes work too. */
const VAULT_ROLES: Options = {
  address: "url",
  namespace: "value",
  ns: "value",
  mount: "value",
  format: "value",
  field: "value",
  "ca-cert": "read",
  "client-cert": "read",
  "client-key": "read",
  versions: "value",
  "wrap-ttl": "value",
  path: "value",
};
const VAULT_OPTIONS: Options = Object.fromEntries(
  Object.entries(VAULT_ROLES).flatMap(([name, role]) => [
    [`-${name}`, role],
    [`--${name}`, role],
  ]),
);
const vault = (spec: ProgramSpec): ProgramSpec => ({ ...spec, singleDashWords: true });
/** The command is not sent: vault prints the equivalent curl command (which fetches the token itself) or the policy it needs. */
const VAULT_DRY_RUN = dryRunWith("-output-curl-string", "-output-policy", "--output-curl-string", "--output-policy");
const VAULT_DESTROYS = vault(destroys(VAULT_OPTIONS, { tagsWith: VAULT_DRY_RUN }));
/** `kv get`, `read`, `print token`, `token create|lookup`: a secret's value or a token. */
const VAULT_PRINTS = vault(printsCredential(VAULT_OPTIONS, { tagsWith: VAULT_DRY_RUN }));
const vaultGroup = (verbs: readonly string[], printing: readonly string[] = []) =>
  vault(
    group(
      undefined,
      {
        ...names(verbs, VAULT_DESTROYS),
        ...readVerbs(["list", "get", "read", "lookup"], VAULT_OPTIONS),
        ...names(printing, VAULT_PRINTS),
        "*": vault({ options: VAULT_OPTIONS, operands: ["read"] }),
      },
      VAULT_OPTIONS,
    ),
  );

/** `vault write PATH`: the sys/replication verbs that change which cluster serves, and the paths that mint credentials. */
const VAULT_ACTING_PATHS = [
  "sys/replication/**/demote",
  "sys/replication/**/promote",
  "sys/replication/**/disable",
  "sys/replication/**/revoke-secondary",
  "sys/replication/**/update-primary",
  "auth/**/secret-id",
  "auth/**/custom-secret-id",
  "auth/token/create*",
  "sys/generate-root/*",
  "sys/rotate",
].join("|");

/** A secret path under a production folder or mount (`secret/prod/db`, `kv/production/api`, `-mount=prod`). */
const PRODUCTION_PATHS = ["prod", "production", "prd", "live"].flatMap((name) => [`**/${name}/**`, `${name}/**`, `**/${name}`, `-mount=${name}`]).join("|");

export const VAULT: RemoteCli = {
  id: "vault",
  names: ["vault", "bao"],
  about: "HashiCorp Vault (and OpenBao)",
  spec: vault(
    group(
      "secrets",
      {
        delete: VAULT_DESTROYS,
        kv: vault(
          group(
            undefined,
            {
              ...names(["delete", "destroy"], VAULT_DESTROYS),
              metadata: vaultGroup(["delete"]),
              ...readVerbs(["list"], VAULT_OPTIONS),
              get: VAULT_PRINTS,
              "*": vault({ options: VAULT_OPTIONS, operands: ["read"] }),
            },
            VAULT_OPTIONS,
          ),
        ),
        ...names(["secrets", "auth", "audit"], vaultGroup(["disable"])),
        policy: vaultGroup(["delete"]),
        token: vaultGroup(["revoke"], ["create", "lookup"]),
        lease: vaultGroup(["revoke"]),
        // `operator generate-root` mints a new root token from unseal-key shares: unlimited access to every secret.
        operator: vault(group(undefined, { raft: vaultGroup(["remove-peer"]), seal: VAULT_DESTROYS, "generate-root": VAULT_DESTROYS }, VAULT_OPTIONS)),
        print: vault(group(undefined, { token: VAULT_PRINTS }, VAULT_OPTIONS)),
        read: VAULT_PRINTS,
        ...readVerbs(["list", "status", "version"], VAULT_OPTIONS),
        "*": vault({ options: VAULT_OPTIONS, operands: ["read"] }),
      },
      VAULT_OPTIONS,
    ),
  ),
  examples: {
    secrets: {
      asks: [
        "vault kv delete secret/app/db",
        "vault kv metadata delete -mount=secret app/db",
        "vault -namespace=admin secrets disable kv/",
        "vault token revoke -self",
        "vault lease revoke -prefix aws/creds",
        "vault operator generate-root -init",
        "vault write -f sys/replication/dr/primary/demote",
        "vault write -f sys/replication/performance/secondary/promote primary_cluster_addr=https://vault-2:8201",
        "vault write -f auth/approle/role/ci/secret-id",
        "vault kv put secret/prod/payments api_key=sk_test_1",
      ],
      passes: [
        "vault kv list -mount=secret app",
        "vault status",
        "vault -namespace=admin policy list",
        "vault kv delete -output-curl-string secret/app/db",
        "DB_PASSWORD=$(vault kv get -field=password secret/app/db) ./migrate.sh",
        "vault write auth/approle/role/ci token_ttl=1h",
        "vault write sys/replication/dr/primary/enable",
        "vault kv put secret/dev/payments api_key=sk_test_1",
        "vault kv patch secret/prod/payments log_level=debug",
      ],
    },
  },
  alsoAsksWhen: [
    // Written paths that act rather than store: demoting or promoting a replication cluster (its secondaries stop or
    // fork), revoking a secondary's token, and minting an AppRole secret ID (a new credential, printed).
    { category: "secrets", subcommand: "write", args: [VAULT_ACTING_PATHS] },
    // `kv put` replaces every key at the path with the ones given (`kv patch` merges): on a production path the
    // other keys are gone from what the services read.
    { category: "secrets", subcommand: "kv put", args: [PRODUCTION_PATHS] },
  ],
};

const OP_OPTIONS: Options = {
  "--account": "value",
  "--vault": "value",
  "--format": "value",
  "--session": "value",
  "--config": "path",
  "--encoding": "value",
  "--env-file": "read",
  "-i": "read",
  "--in-file": "read",
  "-o": "write",
  "--out-file": "write",
  "--fields": "value",
};
const OP_VERBS: Record<string, ProgramSpec> = {
  ...names(["delete", "remove", "rm"], destroys(OP_OPTIONS)),
  ...readVerbs(["get", "list", "ls"], OP_OPTIONS),
  run: { options: OP_OPTIONS, operands: ["argv"] },
};
/** `item get` shows concealed fields only when asked for them (`--fields`, `--reveal`, `--otp`, JSON); a document's content always. */
const OP_ITEM = nounChain({ ...OP_VERBS, get: printsCredentialWith(["--fields", "--reveal", "--otp", "--format=json"], OP_OPTIONS) }, OP_OPTIONS);
const OP_DOCUMENT = nounChain({ ...OP_VERBS, get: printsCredential(OP_OPTIONS) }, OP_OPTIONS);

export const OP: RemoteCli = {
  id: "op",
  names: ["op"],
  about: "1Password CLI",
  spec: {
    ...nounChain(
      {
        ...OP_VERBS,
        item: OP_ITEM,
        document: OP_DOCUMENT,
        read: printsCredential(OP_OPTIONS, { operands: ["value"] }),
        inject: printsCredential(OP_OPTIONS, { operands: ["value"] }),
      },
      OP_OPTIONS,
    ),
    tags: ["secrets"],
  },
  examples: {
    secrets: {
      asks: ["op item delete 'Stripe live key' --vault Prod", "op vault delete Legacy", "op document delete 'TLS cert' --archive"],
      passes: ["op item get 'Stripe live key'", 'export DB_PASSWORD="$(op read op://Prod/db/password)"', "op item list --vault Dev"],
    },
  },
};

const runner = (options: Options): ProgramSpec => ({ options: { ...options, "--command": "shell" }, operands: ["argv"] });
const DOPPLER_OPTIONS: Options = {
  "-p": "value",
  "--project": "value",
  "-c": "value",
  "--config": "value",
  "-t": "value",
  "--token": "value",
  "--scope": "value",
  "--config-dir": "path",
  "--api-host": "url",
};

export const DOPPLER: RemoteCli = {
  id: "doppler",
  names: ["doppler"],
  about: "Doppler CLI",
  spec: group(
    "secrets",
    {
      // `secrets get` prints values; `secrets download` writes a file unless told `--no-file`.
      // Bare `doppler secrets` is the listing, every value in it (`--only-names` leaves them out).
      secrets: {
        ...nounChain(
          {
            ...names(["delete", "rm"], destroys(DOPPLER_OPTIONS)),
            get: printsCredential(DOPPLER_OPTIONS),
            list: printsCredential(DOPPLER_OPTIONS),
            download: printsCredentialWith(["--no-file"], DOPPLER_OPTIONS),
          },
          DOPPLER_OPTIONS,
        ),
        tagsAlone: [CREDENTIAL_OUTPUT],
      },
      ...names(
        ["configs", "environments", "projects", "enclave"],
        // `configs tokens create NAME` prints a new service token for the config.
        nounChain(
          {
            ...names(["delete", "rm"], destroys(DOPPLER_OPTIONS)),
            ...readVerbs(["get", "list", "download"], DOPPLER_OPTIONS),
            tokens: nounChain({ create: printsCredential(DOPPLER_OPTIONS), ...names(["revoke", "delete"], destroys(DOPPLER_OPTIONS)) }, DOPPLER_OPTIONS),
          },
          DOPPLER_OPTIONS,
        ),
      ),
      run: runner(DOPPLER_OPTIONS),
    },
    DOPPLER_OPTIONS,
  ),
  examples: {
    secrets: {
      asks: [
        "doppler secrets delete STRIPE_KEY -p api -c prd --yes",
        "doppler configs delete stg --yes",
        "doppler secrets set DATABASE_URL=postgres://db.example.test/app -p api -c prd",
      ],
      passes: ["DATABASE_URL=$(doppler secrets get DATABASE_URL --plain) npm run migrate", "doppler run -- npm start", "doppler secrets set LOG_LEVEL=debug -p api -c dev"],
    },
  },
  // A production config's secret set or uploaded: every service that reads the config runs with it on its next start.
  alsoAsksWhen: [{ category: "secrets", subcommand: "secrets set|secrets upload", args: [PRODUCTION_NAMES] }],
};

const INFISICAL_OPTIONS: Options = { "--env": "value", "--path": "value", "--projectId": "value", "--token": "value", "--domain": "url" };

export const INFISICAL: RemoteCli = {
  id: "infisical",
  names: ["infisical"],
  about: "Infisical CLI",
  spec: group(
    "secrets",
    {
      secrets: group(
        undefined,
        { delete: destroys(INFISICAL_OPTIONS), get: printsCredential(INFISICAL_OPTIONS), folders: group(undefined, { delete: destroys(INFISICAL_OPTIONS) }, INFISICAL_OPTIONS) },
        INFISICAL_OPTIONS,
      ),
      export: printsCredential({ ...INFISICAL_OPTIONS, "--format": "value", "--output-file": "write" }),
      // `service-token create` prints the new token.
      "service-token": group(undefined, { create: printsCredential(INFISICAL_OPTIONS) }, INFISICAL_OPTIONS),
      run: runner(INFISICAL_OPTIONS),
    },
    INFISICAL_OPTIONS,
  ),
  examples: {
    secrets: {
      asks: ["infisical secrets delete STRIPE_KEY --env=prod", "infisical secrets set STRIPE_KEY=sk_test_1 --env=prod"],
      passes: [
        "infisical secrets get STRIPE_KEY --env=dev --plain | docker secret create stripe_key -",
        "infisical run --env=dev -- npm test",
        "infisical secrets set LOG_LEVEL=debug --env=dev",
      ],
    },
  },
  // A production environment's secret set: the services that read it run with the new value on their next start.
  alsoAsksWhen: [{ category: "secrets", subcommand: "secrets set", args: [PRODUCTION_NAMES] }],
};

export const BW: RemoteCli = {
  id: "bw",
  names: ["bw"],
  about: "Bitwarden CLI",
  // `get` prints an item or one of its secrets, `list items` every item with its password, `unlock` the session key, `export --raw` the vault.
  spec: group(
    "secrets",
    {
      delete: destroys(),
      get: printsCredential(),
      list: group(undefined, { items: printsCredential(), "*": leaf() }),
      unlock: printsCredential(),
      export: printsCredentialWith(["--raw"], { "--output": "write", "--format": "value", "--password": "value" }),
      ...readVerbs(["status"]),
    },
    { "--session": "value" },
  ),
  examples: { secrets: { asks: ["bw delete item 2f1a --permanent"], passes: ["bw list folders", "bw status", "export BW_SESSION=$(bw unlock --raw)"] } },
};

export const CHAMBER: RemoteCli = {
  id: "chamber",
  names: ["chamber"],
  about: "chamber (AWS SSM secrets)",
  spec: group("secrets", {
    delete: destroys(),
    ...readVerbs(["list", "history"]),
    ...names(["read", "export", "env"], printsCredential()),
    // `chamber exec SERVICE… -- COMMAND`: the command runs with the services' secrets in its environment.
    exec: { operands: ["value"], afterDoubleDash: "argv" },
  }),
  examples: { secrets: { asks: ["chamber delete api stripe_key"], passes: ["chamber list api", "chamber exec api -- npm start"] } },
};

/**
 * Teller gathers secrets from every provider its `.teller.yml` names: `show`, `export` and `env` print their values,
 * `run -- COMMAND` runs a command with them in its environment, `delete` removes keys at the providers.
 */
export const TELLER: RemoteCli = {
  id: "teller",
  names: ["teller"],
  about: "Teller",
  spec: group(
    "secrets",
    {
      delete: destroys(),
      ...names(["show", "export", "env", "yaml", "json"], printsCredential()),
      run: { options: { "-c": "read", "--config": "read", "--reset": "flag", "--shell": "flag" }, operands: ["argv"], afterDoubleDash: "argv" },
      ...readVerbs(["scan", "graph", "redact", "new"]),
    },
    { "-c": "read", "--config": "read" },
  ),
  examples: { secrets: { asks: ["teller delete DB_PASSWORD --providers hashicorp_vault"], passes: ["teller scan", "teller run -- npm test", "teller delete --help"] } },
};
