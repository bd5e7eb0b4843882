// A command whose whole output goes down a pipe into programs that print
// only a count, a checksum or a yes/no (`cat .env | wc -l`, `… | grep -c KEY`,
// `… | grep -q '^DEBUG='`) shows the agent nothing of what it read: it is
// tagged `output-counted`, so a rule can let that read pass as it lets
// `wc -l .env` pass. jq asked only for an object's key names or a length
// (`… -o jsonpath='{.data}' | jq 'keys'`) counts too: names, never values;
// so does jq asked for one metadata field of a credential (`| jq .data.ttl`).
// Output that also goes anywhere else (a file, a substitution, a program
// that prints text) keeps the command untagged.
import type { SimpleCommand } from "../view/view.ts";
import { inCategory } from "../programs/categories.ts";
import type { Analysis } from "./analysis.ts";

export const COUNTED_OUTPUT_TAG = "output-counted";
/**
 * On jq asked only for key names or a length of what a cloud or cluster CLI's read verb pipes into it (a secret's
 * data, a secret manager's JSON): the names are the fields a workload reads, no value. A credential helper's
 * `list`, whose keys are the servers it holds logins for, is no such read.
 */
export const NAMES_ONLY_TAG = "names-only";

/** grep and its kin print only a count or nothing with these. */
const COUNTING_FLAGS = new Set(["-c", "--count", "-q", "--quiet", "--silent"]);

/** Tag each command whose output reaches only counters, through pipes alone; and jq printing only names. */
export function tagCountedOutputs(analysis: Pick<Analysis, "commands" | "flows">) {
  analysis.commands.forEach((command, index) => {
    if (command.name === "jq" && printsNamesOrMetadata(command, sourcesOf(analysis, index)) && readsOnlyCliReads(analysis, index)) command.tags.push(NAMES_ONLY_TAG);
  });
  const targets = new Map<number, number[] | null>();
  for (const flow of analysis.flows) {
    const known = targets.get(flow.from);
    if (known === null) continue;
    if (flow.channel !== "pipe") targets.set(flow.from, null);
    else targets.set(flow.from, [...(known ?? []), flow.to]);
  }
  for (const [index, to] of targets) {
    const command = analysis.commands[index];
    if (!command || to === null || to === undefined || command.outputShown || command.writes.length > 0) continue;
    if (to.every((target) => counts(analysis.commands[target]))) command.tags.push(COUNTED_OUTPUT_TAG);
  }
}

function counts(command: SimpleCommand | undefined): boolean {
  if (!command) return false;
  if (inCategory(command.name, "digester")) return true;
  if (command.name === "jq") return printsNamesOnly(command);
  return inCategory(command.name, "line-searcher") && command.flags.some((flag) => COUNTING_FLAGS.has(flag));
}

/**
 * jq's filter picks a path of plain keys (or none) and prints its key names or its length; its options change only
 * layout. The path must end at a key that holds an object or a list (CONTAINER_KEYS): on a string jq's error quotes
 * its first characters (`.data.password|keys` prints `string ("c2VjcmV0cG...) has no keys`), and the length of a
 * number is the number.
 */
const NAMES_ONLY_FILTER = /^\s*(?:(\.[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\|\s*)?(?:keys(?:_unsorted)?(?:\[\])?|length)\s*$/;
/** Keys whose value is an object or a list in what CLIs and settings files print: their key names or length are no value. */
const CONTAINER_KEYS = new Set([
  "data",
  "stringData",
  "metadata",
  "labels",
  "annotations",
  "items",
  "spec",
  "status",
  "secrets",
  "SecretList",
  "Parameters",
  "versions",
  "Versions",
  "tags",
  "Tags",
  "auth",
  "profiles",
  "env",
  "environment",
  "variables",
  "config",
  "settings",
  "users",
  "fields",
  "properties",
]);
/** Fields of a credential's metadata: when it expires, when it was made, what it may do, what kind it is — never the token, password or key. */
const METADATA_NAMES =
  "ttl|creation_ttl|explicit_max_ttl|period|expire_time|expiration|expires_at|expires_in|expiry|expiry_time|issue_time|creation_time|created_time|created_at|updated_time|updated_at|last_used|last_used_at|lease_duration|renewable|policies|token_policies|identity_policies|num_uses|orphan|type|token_type|display_name|version|current_version|deletion_time|destroyed";
/**
 * jq's filter picks metadata fields of a credential by a path of plain keys (`vault token lookup … | jq .data.ttl`,
 * `… | jq -r '.data.policies[]'`, `… | jq '.data | {policies, ttl}'`). A field a user names (a kv secret's own keys)
 * could be called anything, so only these names count, and only as the last key: one field (its items with `[]`), or
 * an object of such fields after a path.
 */
const METADATA_FIELD_FILTER = new RegExp(
  `^\\s*(?:(?:\\.[A-Za-z_]\\w*)*\\.(?:${METADATA_NAMES})(?:\\[\\])?|(?:(?:\\.[A-Za-z_]\\w*)+\\s*\\|\\s*)?\\{\\s*(?:${METADATA_NAMES})(?:\\s*,\\s*(?:${METADATA_NAMES}))*\\s*\\})\\s*$`,
);
const JQ_LAYOUT_FLAGS = new Set(["-r", "--raw-output", "-c", "--compact-output", "-M", "--monochrome-output", "-S", "--sort-keys", "-e", "--exit-status"]);

/**
 * Reads whose output holds a container of keys the secret's author chose, and the paths into it: a Kubernetes
 * secret's `data` and `stringData`, a key-value store's entries (`vault kv get`, `vault read`: `.data.*`, its
 * `.data.metadata` aside). A "ttl" or "type" there may be the secret's own field, so no key in it is metadata.
 */
const NAMED_KEY_CONTAINERS: ReadonlyArray<{ reads: (command: SimpleCommand) => boolean; paths: RegExp; names: RegExp }> = [
  {
    reads: (command) => (command.name === "kubectl" || command.name === "oc") && command.subcommand[0] === "get" && /^secrets?(?:\/|$)/.test(command.subcommand[1] ?? ""),
    paths: /^\s*\.(?:data|stringData)(?:\.|\s*\|)/,
    names: /^\.(?:data|stringData)\./,
  },
  {
    reads: (command) => command.name === "vault" && (command.subcommand[0] === "read" || (command.subcommand[0] === "kv" && command.subcommand[1] === "get")),
    paths: /^\s*\.data(?:\.(?!metadata\.)|\s*\|)/,
    // `.data|keys` (kv v1) and `.data.data|keys` (kv v2) list a secret's fields; a path below either is one field.
    names: /^\.data\.(?:(?!data$|metadata$)|data\.)/,
  },
];

/** The commands piped into this one. */
function sourcesOf(analysis: Pick<Analysis, "commands" | "flows">, index: number): SimpleCommand[] {
  return analysis.flows.flatMap((flow) => (flow.to === index && flow.channel === "pipe" && analysis.commands[flow.from] ? [analysis.commands[flow.from]!] : []));
}

/** Every command piped into this one is a remote CLI's read verb (tagged `read` by the program knowledge). */
function readsOnlyCliReads(analysis: Pick<Analysis, "commands" | "flows">, index: number): boolean {
  const sources = sourcesOf(analysis, index);
  return sources.length > 0 && sources.every((source) => source.tags.includes("read"));
}

function printsNamesOnly(command: SimpleCommand): boolean {
  if (!printsOnly(command, NAMES_ONLY_FILTER)) return false;
  const path = NAMES_ONLY_FILTER.exec(command.operands[0]!)?.[1];
  return path === undefined || CONTAINER_KEYS.has(path.slice(path.lastIndexOf(".") + 1));
}

/**
 * Names, a length, or one metadata field: for what a CLI's read verb prints (a file's keys are anyone's to name) —
 * a metadata field never inside a container whose keys a secret's author named.
 */
function printsNamesOrMetadata(command: SimpleCommand, sources: readonly SimpleCommand[]): boolean {
  if (printsNamesOnly(command)) {
    // Names below a secret's own keys (`.data.data|keys` of a Kubernetes secret) are a field's value.
    const path = NAMES_ONLY_FILTER.exec(command.operands[0]!)?.[1] ?? "";
    return !NAMED_KEY_CONTAINERS.some((row) => row.names.test(path) && sources.some(row.reads));
  }
  if (!printsOnly(command, METADATA_FIELD_FILTER)) return false;
  const filter = command.operands[0]!;
  return !NAMED_KEY_CONTAINERS.some((row) => row.paths.test(filter) && sources.some(row.reads));
}

function printsOnly(command: SimpleCommand, filter: RegExp): boolean {
  if (command.dynamicArgs || command.operands.length === 0) return false;
  return command.flags.every((flag) => JQ_LAYOUT_FLAGS.has(flag)) && filter.test(command.operands[0]!);
}
