// `--project DIR`: the project a checked call runs in — what the extension
// finds from the host's working directory — read the same way by every
// subcommand that judges calls.
import { homedir } from "node:os";
import { resolve } from "node:path";
import { expandHome } from "../match/path.ts";

/** The absolute project directory `--project` names, or undefined when it was not given. */
export function projectOf(named: string | undefined): string | undefined {
  return named === undefined ? undefined : resolve(expandHome(named, homedir()));
}

/** The project status, rules, validate and doctor describe: `--project DIR`, else the current directory (where the host would start). */
export function describedProject(named: string | undefined): string {
  return projectOf(named) ?? process.cwd();
}
