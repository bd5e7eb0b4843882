// Secrets managers: Vault, 1Password's op, Doppler, Infisical, Bitwarden's
// bw, chamber. Deleting or destroying secrets, vaults, projects and
// versions, disabling secret engines and auth methods, and revoking tokens
// and leases ask. `op run`, `doppler run` and `infisical run` run a command
// with the secrets in its environment: that command is judged as well.
// (AWS Secrets Manager, Google Secret Manager and Key Vault are in the clouds' CLIs.)
import type { ProgramSpec } from "../spec.ts";
import { destroys, dryRunWith, group, names, nounChain, type Options, readVerbs } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

/** Vault's options are single-dash words (`-mount=secret`); two dashes work too. */
const VAULT_ROLES: Options = { address: "url", namespace: "value", ns: "value", mount: "value", format: "value", field: "value", "ca-cert": "read", "client-cert": "read", "client-key": "read", versions: "value", "wrap-ttl": "value", path: "value" };
const VAULT_OPTIONS: Options = Object.fromEntries(Object.entries(VAULT_ROLES).flatMap(([name, role]) => [[`-${name}`, role], [`--${name}`, role]]));
const vault = (spec: ProgramSpec): ProgramSpec => ({ ...spec, singleDashWords: true });
const VAULT_DESTROYS = vault(destroys(VAULT_OPTIONS, { tagsWith: dryRunWith("-output-curl-string", "-output-policy") }));
const vaultGroup = (verbs: readonly string[]) => vault(group(undefined, { ...names(verbs, VAULT_DESTROYS), ...readVerbs(["list", "get", "read", "lookup"], VAULT_OPTIONS), "*": vault({ options: VAULT_OPTIONS, operands: ["read"] }) }, VAULT_OPTIONS));

export const VAULT: RemoteCli = {
  id: "vault",
  names: ["vault", "bao"],
  about: "HashiCorp Vault (and OpenBao)",
  spec: vault(group("secrets", {
    delete: VAULT_DESTROYS,
    kv: vault(group(undefined, { ...names(["delete", "destroy"], VAULT_DESTROYS), metadata: vaultGroup(["delete"]), ...readVerbs(["get", "list"], VAULT_OPTIONS), "*": vault({ options: VAULT_OPTIONS, operands: ["read"] }) }, VAULT_OPTIONS)),
    ...names(["secrets", "auth", "audit"], vaultGroup(["disable"])),
    policy: vaultGroup(["delete"]),
    ...names(["token", "lease"], vaultGroup(["revoke"])),
    operator: vault(group(undefined, { raft: vaultGroup(["remove-peer"]), seal: VAULT_DESTROYS }, VAULT_OPTIONS)),
    ...readVerbs(["read", "list", "status", "version"], VAULT_OPTIONS),
    "*": vault({ options: VAULT_OPTIONS, operands: ["read"] }),
  }, VAULT_OPTIONS)),
  examples: { secrets: { asks: ["vault kv delete secret/app/db", "vault kv metadata delete -mount=secret app/db", "vault -namespace=admin secrets disable kv/", "vault token revoke -self", "vault lease revoke -prefix aws/creds"], passes: ["vault kv get -mount=secret app/db", "vault status", "vault -namespace=admin policy list", "vault kv delete -output-curl-string secret/app/db"] } },
};

const OP_OPTIONS: Options = { "--account": "value", "--vault": "value", "--format": "value", "--session": "value", "--config": "path", "--encoding": "value", "--env-file": "read", "-i": "read", "--in-file": "read", "-o": "write", "--out-file": "write" };

export const OP: RemoteCli = {
  id: "op",
  names: ["op"],
  about: "1Password CLI",
  spec: {
    ...nounChain({ ...names(["delete", "remove", "rm"], destroys(OP_OPTIONS)), ...readVerbs(["get", "list", "ls"], OP_OPTIONS), run: { options: OP_OPTIONS, operands: ["argv"] }, read: { options: OP_OPTIONS, operands: ["value"], tags: ["read"] }, inject: { options: OP_OPTIONS, operands: ["value"] } }, OP_OPTIONS),
    tags: ["secrets"],
  },
  examples: { secrets: { asks: ["op item delete 'Stripe live key' --vault Prod", "op vault delete Legacy", "op document delete 'TLS cert' --archive"], passes: ["op item get 'Stripe live key' --fields label=password", "op read op://Prod/db/password", "op item list --vault Dev"] } },
};

const runner = (options: Options): ProgramSpec => ({ options: { ...options, "--command": "shell" }, operands: ["argv"] });
const DOPPLER_OPTIONS: Options = { "-p": "value", "--project": "value", "-c": "value", "--config": "value", "-t": "value", "--token": "value", "--scope": "value", "--config-dir": "path", "--api-host": "url" };

export const DOPPLER: RemoteCli = {
  id: "doppler",
  names: ["doppler"],
  about: "Doppler CLI",
  spec: group("secrets", {
    ...names(["secrets", "configs", "environments", "projects", "enclave"], nounChain({ ...names(["delete", "rm"], destroys(DOPPLER_OPTIONS)), ...readVerbs(["get", "list", "download"], DOPPLER_OPTIONS) }, DOPPLER_OPTIONS)),
    run: runner(DOPPLER_OPTIONS),
  }, DOPPLER_OPTIONS),
  examples: { secrets: { asks: ["doppler secrets delete STRIPE_KEY -p api -c prd --yes", "doppler configs delete stg --yes"], passes: ["doppler secrets get DATABASE_URL --plain", "doppler run -- npm start"] } },
};

const INFISICAL_OPTIONS: Options = { "--env": "value", "--path": "value", "--projectId": "value", "--token": "value", "--domain": "url" };

export const INFISICAL: RemoteCli = {
  id: "infisical",
  names: ["infisical"],
  about: "Infisical CLI",
  spec: group("secrets", {
    secrets: group(undefined, { delete: destroys(INFISICAL_OPTIONS), ...readVerbs(["get"], INFISICAL_OPTIONS), folders: group(undefined, { delete: destroys(INFISICAL_OPTIONS) }, INFISICAL_OPTIONS) }, INFISICAL_OPTIONS),
    run: runner(INFISICAL_OPTIONS),
  }, INFISICAL_OPTIONS),
  examples: { secrets: { asks: ["infisical secrets delete STRIPE_KEY --env=prod"], passes: ["infisical secrets get STRIPE_KEY --env=dev", "infisical run --env=dev -- npm test"] } },
};

export const BW: RemoteCli = {
  id: "bw",
  names: ["bw"],
  about: "Bitwarden CLI",
  spec: group("secrets", { delete: destroys(), ...readVerbs(["get", "list", "status"]) }, { "--session": "value" }),
  examples: { secrets: { asks: ["bw delete item 2f1a --permanent"], passes: ["bw list items --search github", "bw get password github.com"] } },
};

export const CHAMBER: RemoteCli = {
  id: "chamber",
  names: ["chamber"],
  about: "chamber (AWS SSM secrets)",
  spec: group("secrets", { delete: destroys(), ...readVerbs(["list", "read", "history", "export"]) }),
  examples: { secrets: { asks: ["chamber delete api stripe_key"], passes: ["chamber list api"] } },
};
