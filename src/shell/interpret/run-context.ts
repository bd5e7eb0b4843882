// What a simple command runs with besides its words: its redirects, the
// variables set for it alone, its stdin. Its own module because the stages
// that record, plan and print a command (run, launches, output, printed-kind)
// and the walker seam in analysis.ts all name it.
import type { Field } from "../expand/field.ts";
import type { Value } from "../expand/words.ts";
import type { Stdin } from "./state.ts";

export type RedirectTarget = { direction: "read" | "write"; field: Field; stdout?: true /** `>>`, `&>>`: added to the end of the file. */; append?: true };

export type RunContext = {
  redirects: readonly RedirectTarget[];
  /** `X=1 cmd`: variables set for this command only. */
  env: ReadonlyMap<string, Value>;
  stdin: Stdin;
  /** The command also receives arguments nobody can see (xargs input, find's {}). */
  unseenArgs: boolean;
};
