// One remote-resource CLI as the catalogue holds it: its grammar (program
// knowledge), what it is, and examples per category of commands that ask and
// commands that pass — the built-in packs' rules and tests are made from these.
import type { ProgramSpec } from "../spec.ts";
import type { Category } from "./categories.ts";

export type Examples = { asks: readonly string[]; passes?: readonly string[] };

export type RemoteCli = {
  /** The last part of its rule ids: `remote-<category>-<id>`. */
  id: string;
  /** The program names it answers to (all share the grammar). */
  names: readonly string[];
  /** What it is, in a few words (README, rule descriptions). */
  about: string;
  spec: ProgramSpec;
  /** For every category it destroys in: commands that must ask, and everyday ones that must pass. */
  examples: Partial<Record<Category, Examples>>;
  /** What the command must also show for its rules to ask (rsync: a remote end). */
  requires?: { network: true };
  /** Calls that ask though no tag says so: arguments only their text reveals (a URL that deletes, a DELETE change batch). */
  /** Destinations where its destroying calls pass (the project's own development server on this machine). */
  passesFor?: { hosts: readonly string[]; ports: readonly number[] };
  alsoAsksWhen?: ReadonlyArray<{ category: Category; args: readonly string[]; subcommand?: string; flags?: readonly string[] }>;
};
