// What reading a policy source gives: its data with a way back from a place
// in the data to a line of the file, or a problem located in the file. Apart
// from source.ts because the YAML reader (source-yaml.ts) returns the same.
import { redactForLog } from "../../match/secrets/for-log.ts";

export type DataPath = Array<string | number>;
export type Position = { line: number; column: number };

export type PolicyProblem = {
  file: string;
  position?: Position;
  /** rule[2] "force-push": decision */
  where?: string;
  message: string;
  /** For a problem in an included file: file:line of the include that brought it in. */
  includedFrom?: string;
};

/**
 * A problem as a person reads it, redacted: a message quotes what the file says (`got "ghp_…"` for a token
 * pasted into the wrong key), and it goes to stderr, block reasons, the audit log and `validate`.
 */
export function formatProblem(problem: PolicyProblem): string {
  const place = problem.position ? `${problem.file}:${problem.position.line}:${problem.position.column}` : problem.file;
  const text = problem.where ? `${place}: ${problem.where}: ${problem.message}` : `${place}: ${problem.message}`;
  return redactForLog(problem.includedFrom ? `${text} (included from ${problem.includedFrom})` : text);
}

export type ParsedSource = { ok: true; data: unknown; locate: (path: DataPath) => Position | undefined } | { ok: false; problem: PolicyProblem };
