// HashiCorp's cluster tools: Nomad (a workload scheduler) and Consul (service
// catalogue, ACLs and a key/value store). Stopping or purging a job, scaling
// it to nothing, draining a node, deleting namespaces, volumes, variables and
// ACL tokens or policies, deregistering services and restoring a snapshot
// over the cluster's state ask; the verbs that print a variable's value or an
// ACL token's secret carry the credential-output label. Consul's key/value
// deletes are builtin:database's (one key passes, a whole prefix asks).
// Boundary (access to hosts through brokered sessions): deleting any of its resources or cancelling a
// session asks; authorizing a session prints the credentials it brokers.
// All take single-dash option words (`-purge`); Go takes two dashes too.
import type { ProgramSpec } from "../spec.ts";
import { destroys, destroysWith, type Options, printsCredential, reads } from "./grammar.ts";
import type { RemoteCli } from "./remote-cli.ts";

const HASHICORP_ROLES: Options = {
  address: "url",
  "http-addr": "url",
  region: "value",
  namespace: "value",
  partition: "value",
  datacenter: "value",
  token: "value",
  "token-file": "read",
  "ca-cert": "read",
  "ca-file": "read",
  "client-cert": "read",
  "client-key": "read",
  id: "value",
  name: "value",
  "accessor-id": "value",
  "secret-id": "value",
  type: "value",
  var: "value",
  "var-file": "read",
  "service-id": "value",
  separator: "value",
  "modify-index": "value",
  flags: "value",
};
const OPTIONS: Options = Object.fromEntries(
  Object.entries(HASHICORP_ROLES).flatMap(([name, role]) => [
    [`-${name}`, role],
    [`--${name}`, role],
  ]),
);

const words = (spec: ProgramSpec): ProgramSpec => ({ ...spec, singleDashWords: true });
/** A level whose other verbs read their operands as any unknown program's are (`nomad job status api`). */
const level = (subcommands: Record<string, ProgramSpec>): ProgramSpec => words({ options: OPTIONS, operands: ["read"], subcommands: { ...subcommands, "*": OTHER } });
const OTHER = words({ options: OPTIONS, operands: ["read"] });
const DESTROYS = words(destroys(OPTIONS));
const PRINTS = words(printsCredential(OPTIONS));
/** `nomad job stop NAME` stops a job the way `docker stop` does (and passes); `-purge` also forgets it. */
const PURGES = words(destroysWith(["-purge", "--purge"], OPTIONS));
/** `nomad node drain -enable`, `node eligibility -disable`: the node's work is moved away or refused. */
const DRAINS = words(destroysWith(["-enable", "--enable"], OPTIONS));
const REFUSES = words(destroysWith(["-disable", "--disable"], OPTIONS));
const labelledWords = (category: "cloud" | "secrets" | "storage" | "backup" | "directory", spec: ProgramSpec): ProgramSpec => ({ ...spec, tags: [category, ...(spec.tags ?? [])] });

export const NOMAD: RemoteCli = {
  id: "nomad",
  names: ["nomad"],
  about: "HashiCorp Nomad",
  spec: level({
    // `nomad stop` is `nomad job stop`; `-purge` also forgets the job's history.
    job: labelledWords("cloud", level({ stop: PURGES, deregister: DESTROYS, revert: DESTROYS })),
    stop: labelledWords("cloud", PURGES),
    namespace: labelledWords("cloud", level({ delete: DESTROYS })),
    node: labelledWords("cloud", level({ drain: DRAINS, eligibility: REFUSES })),
    volume: labelledWords("storage", level({ delete: DESTROYS, deregister: DESTROYS, detach: DESTROYS })),
    // Variables hold a job's secrets: `var get` prints them.
    var: labelledWords("secrets", level({ purge: DESTROYS, get: PRINTS })),
    acl: labelledWords(
      "secrets",
      level({
        bootstrap: PRINTS,
        // `token info`, `self` and `create` print a token's secret ID; `token list` prints only accessor IDs and names.
        token: level({ delete: DESTROYS, create: PRINTS, self: PRINTS, info: PRINTS }),
        policy: level({ delete: DESTROYS }),
        role: level({ delete: DESTROYS }),
      }),
    ),
    operator: labelledWords("backup", level({ snapshot: level({ restore: DESTROYS }), raft: level({ "remove-peer": DESTROYS }) })),
  }),
  examples: {
    cloud: {
      asks: ["nomad job stop -purge api", "nomad stop -purge web", "nomad namespace delete staging", "nomad node drain -enable -yes 4f2a", "nomad job scale api web 0"],
      passes: [
        "nomad job status api",
        "nomad job scale api web 3",
        "nomad node status",
        "nomad job run jobs/api.nomad.hcl",
        "nomad node drain -disable 4f2a",
        "nomad job stop api",
      ],
    },
    storage: { asks: ["nomad volume delete pg-data"], passes: ["nomad volume status"] },
    secrets: { asks: ["nomad var purge nomad/jobs/api", "nomad acl token delete 9c1e"], passes: ["nomad var list", "nomad acl policy list"] },
    backup: { asks: ["nomad operator snapshot restore backup.snap"], passes: ["nomad operator snapshot save backup.snap"] },
  },
  // `nomad job scale JOB [GROUP] 0`: nothing left running.
  alsoAsksWhen: [{ category: "cloud", subcommand: "job scale", args: ["0"] }],
};

/** Consul's key/value verbs: plain words here; builtin:database judges what they delete. */
const KV_VERB = words({ options: OPTIONS, operands: ["value"] });
/** `kv export` prints the whole store, values and all: its settings and the secrets among them. */
const KV_DUMP = words({ ...printsCredential(OPTIONS), operands: ["value"] });
/**
 * `kv get` (with `-recurse`, every key under a prefix) prints settings, as reading a project's config files does:
 * the secrets pack stops the reads whose key or prefix is named for a secret (`secret/`, `…/password`, `…/token`).
 */
const KV_GET = words({ ...reads(OPTIONS), operands: ["value"] });
const KV = level({ delete: KV_VERB, get: KV_GET, put: KV_VERB, export: KV_DUMP, import: KV_VERB });

export const CONSUL: RemoteCli = {
  id: "consul",
  names: ["consul"],
  about: "HashiCorp Consul",
  spec: level({
    kv: KV,
    services: labelledWords("cloud", level({ deregister: DESTROYS })),
    "force-leave": labelledWords("cloud", DESTROYS),
    // The agent (here, or the one -http-addr names) leaves the cluster: a server's leave shrinks the raft quorum.
    leave: labelledWords("cloud", DESTROYS),
    intention: labelledWords("cloud", level({ delete: DESTROYS })),
    config: labelledWords("cloud", level({ delete: DESTROYS })),
    // An ACL token's read, creation and listing print its SecretID: the credential itself.
    acl: labelledWords(
      "secrets",
      level({
        bootstrap: PRINTS,
        token: level({ delete: DESTROYS, create: PRINTS, read: PRINTS, list: PRINTS, clone: PRINTS }),
        policy: level({ delete: DESTROYS }),
        role: level({ delete: DESTROYS }),
        "auth-method": level({ delete: DESTROYS }),
      }),
    ),
    // A snapshot restored replaces the whole cluster's state: catalogue, KV, ACLs.
    snapshot: labelledWords("backup", level({ restore: DESTROYS })),
    operator: labelledWords("cloud", level({ raft: level({ "remove-peer": DESTROYS }) })),
  }),
  // An allow intention from or to every service (`*`): the mesh's service-to-service authorization is opened up.
  alsoAsksWhen: [{ category: "cloud", subcommand: "intention create", flags: ["-allow|--allow"], args: ["[*]"] }],
  examples: {
    cloud: {
      asks: [
        "consul services deregister -id web-1",
        "consul force-leave node-7",
        "consul leave -http-addr=https://consul.internal:8501",
        "consul intention create -allow '*' '*'",
        "consul intention create -allow -replace web '*'",
      ],
      passes: [
        "consul catalog services",
        "consul members",
        "consul services register web.hcl",
        "consul intention create -allow web db",
        "consul intention create -deny '*' '*'",
        "consul intention check web db",
      ],
    },
    secrets: { asks: ["consul acl token delete -id 3f2a", "consul acl policy delete -name ops"], passes: ["consul acl policy list"] },
    backup: { asks: ["consul snapshot restore backup.snap"], passes: ["consul snapshot save backup.snap", "consul snapshot inspect backup.snap"] },
  },
};

/**
 * Boundary's resources, each a noun with the same verbs (`boundary targets delete -id ttcp_…`): deleting one asks,
 * whatever it is (a scope takes everything under it; an auth method, its accounts; a credential store, its credentials).
 */
const BOUNDARY_RESOURCES = [
  "accounts",
  "aliases",
  "auth-methods",
  "auth-tokens",
  "credential-libraries",
  "credential-stores",
  "credentials",
  "groups",
  "host-catalogs",
  "host-sets",
  "hosts",
  "managed-groups",
  "policies",
  "roles",
  "scopes",
  "session-recordings",
  "storage-buckets",
  "targets",
  "users",
  "workers",
];
const BOUNDARY_OPTIONS: Options = {
  ...OPTIONS,
  ...Object.fromEntries(
    ["addr", "scope-id", "auth-method-id", "keyring-type", "token-name", "format", "filter"].flatMap((name) => [
      [`-${name}`, "value"],
      [`--${name}`, "value"],
    ]),
  ),
};
const boundaryLevel = (subcommands: Record<string, ProgramSpec>): ProgramSpec =>
  words({ options: BOUNDARY_OPTIONS, operands: ["read"], subcommands: { ...subcommands, "*": words({ options: BOUNDARY_OPTIONS, operands: ["read"] }) } });
const BOUNDARY_DESTROYS = words(destroys(BOUNDARY_OPTIONS));
/** `targets authorize-session` prints a session's authorization token and the credentials it brokers. */
const BOUNDARY_PRINTS = words(printsCredential(BOUNDARY_OPTIONS));

export const BOUNDARY: RemoteCli = {
  id: "boundary",
  names: ["boundary"],
  about: "HashiCorp Boundary",
  spec: labelledWords(
    "directory",
    boundaryLevel({
      ...Object.fromEntries(BOUNDARY_RESOURCES.map((resource) => [resource, boundaryLevel({ delete: BOUNDARY_DESTROYS })])),
      targets: boundaryLevel({ delete: BOUNDARY_DESTROYS, "authorize-session": BOUNDARY_PRINTS }),
      // A cancelled session drops whoever is connected through it.
      sessions: boundaryLevel({ cancel: BOUNDARY_DESTROYS }),
    }),
  ),
  examples: {
    directory: {
      asks: [
        "boundary targets delete -id ttcp_1234567890",
        "boundary scopes delete -id o_1234567890",
        "boundary auth-methods delete -id ampw_1234567890",
        "boundary sessions cancel -id s_1234567890",
      ],
      passes: [
        "boundary targets list -scope-id p_1234567890",
        "boundary authenticate password -auth-method-id ampw_1234567890 -login-name ada",
        "boundary connect ssh -target-id ttcp_1234567890",
        "boundary scopes read -id o_1234567890",
      ],
    },
  },
};
