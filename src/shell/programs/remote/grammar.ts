// Building blocks for remote-resource CLIs' grammars: verbs that destroy,
// verbs that read, groups of subcommands and chains of nouns. Every block
// reads the operands it does not know as files the program may read (as the
// guard does for a program it knows nothing of), and every group takes any
// other subcommand name as such a leaf: knowing a CLI never makes the guard
// see less of its arguments than not knowing it.
import { ACCESS_TOKEN_OUTPUT, CREDENTIAL_OUTPUT } from "../output-labels.ts";
import type { OptionRole, ProgramSpec } from "../spec.ts";
import { type Category, DESTROY, DRY_RUN, READ, UPLOAD } from "./categories.ts";

export type Options = Readonly<Record<string, OptionRole>>;
type More = Partial<ProgramSpec>;

/** A subcommand the tables say nothing more about: its operands may be files it reads. */
export function leaf(options?: Options): ProgramSpec {
  return options ? { options, operands: ["read"] } : { operands: ["read"] };
}

/** `--dry-run`-like options: with one of them the command only shows what it would do. */
export function dryRunWith(...options: string[]): Record<string, readonly string[]> {
  return Object.fromEntries(options.map((option) => [option, [DRY_RUN]]));
}

/** Asking for help only prints it (`terraform destroy -help`, `kubectl delete --help`). */
const HELP = dryRunWith("--help", "-help");

/** A verb that destroys or irreversibly changes what it names. */
export function destroys(options?: Options, more: More = {}): ProgramSpec {
  return { ...leaf(options), ...more, tags: [DESTROY, ...(more.tags ?? [])], tagsWith: { ...HELP, ...more.tagsWith } };
}

/** A verb that destroys only with one of these options (`docker rm -f`, `aws s3 sync --delete`, `-X=DELETE`). */
export function destroysWith(triggers: readonly string[], options?: Options, more: More = {}): ProgramSpec {
  const tagsWith = { ...HELP, ...Object.fromEntries(triggers.map((trigger) => [trigger, [DESTROY]])), ...more.tagsWith };
  return { ...leaf(options), ...more, tagsWith };
}

/** A verb that copies the local files it names to the remote side (`gh release upload`, `gh gist create`). */
export function uploads(options?: Options, more: More = {}): ProgramSpec {
  return { ...leaf(options), ...more, tags: [UPLOAD, ...(more.tags ?? [])] };
}

/** A verb that only looks. */
export function reads(options?: Options, more: More = {}): ProgramSpec {
  return { ...leaf(options), ...more, tags: [READ, ...(more.tags ?? [])] };
}

/** A verb that prints a stored credential: a token, a password, a secret's value (`gh auth token`, `vault kv get`). */
export function printsCredential(options?: Options, more: More = {}): ProgramSpec {
  return reads(options, { ...more, tags: [CREDENTIAL_OUTPUT, ...(more.tags ?? [])], tagsWith: { ...HELP, ...more.tagsWith } });
}

/** A verb that prints a stored credential only with one of these options (`gh auth status --show-token`, `-o=yaml`). */
export function printsCredentialWith(triggers: readonly string[], options?: Options, more: More = {}): ProgramSpec {
  return reads(options, { ...more, tagsWith: { ...HELP, ...Object.fromEntries(triggers.map((trigger) => [trigger, [CREDENTIAL_OUTPUT]])), ...more.tagsWith } });
}

/** A verb that prints the CLI's own access token for its provider's API (`gh auth token`, `az account get-access-token`). */
export function printsToken(options?: Options): ProgramSpec {
  return reads(options, { tags: [ACCESS_TOKEN_OUTPUT], tagsWith: HELP });
}

/** A verb that prints the CLI's own access token only with one of these options (`gh auth status --show-token`). */
export function printsTokenWith(triggers: readonly string[], options?: Options): ProgramSpec {
  return reads(options, { tagsWith: { ...HELP, ...Object.fromEntries(triggers.map((trigger) => [trigger, [ACCESS_TOKEN_OUTPUT]])) } });
}

/**
 * Names of a production environment, project or app as CLIs take them (`--env production`, `-c prd`, `-a shop-prod`,
 * `--context production`): where a secret or a variable set is what live traffic runs with at once.
 */
export const PRODUCTION_NAMES = ["production", "prod", "prd", "live", "*-prod", "*-production", "*_prod", "*_production", "prod-*", "production-*", "prd_*"].join("|");

/** Several names for one spec: `{ ...names(["delete", "rm"], destroys()) }`. */
export function names(list: readonly string[], spec: ProgramSpec): Record<string, ProgramSpec> {
  return Object.fromEntries(list.map((name) => [name, spec]));
}

/** Subcommands under one level (its options come before them); any other name is a leaf. `category` labels everything below. */
export function group(category: Category | undefined, subcommands: Record<string, ProgramSpec>, options?: Options, more: More = {}): ProgramSpec {
  return {
    ...leaf(options),
    ...more,
    ...(category ? { tags: [category, ...(more.tags ?? [])] } : {}),
    subcommands: { ...subcommands, "*": subcommands["*"] ?? leaf() },
  };
}

/**
 * Nouns down to a verb (`gcloud compute instances delete NAME`): each word
 * that is no verb of `verbs` but looks like a name is one more noun, at any
 * depth; the first verb ends the chain and reads the rest.
 */
export function nounChain(verbs: Record<string, ProgramSpec>, options?: Options): ProgramSpec {
  const subcommands: Record<string, ProgramSpec> = { ...verbs };
  const chain: ProgramSpec = { ...leaf(options), subcommands };
  subcommands["*"] = chain;
  return chain;
}

/** The same spec under a category label (on its first level only, so it is never counted twice). */
export function labelled(category: Category, spec: ProgramSpec): ProgramSpec {
  return { ...spec, tags: [category, ...(spec.tags ?? [])] };
}

/** The usual read verbs, as leaves tagged `read`. */
export function readVerbs(list: readonly string[], options?: Options): Record<string, ProgramSpec> {
  return names(list, reads(options));
}
