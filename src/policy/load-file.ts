// The I/O edge of policy/: reading a policy file (or the embedded default),
// then validating, compiling and running its inline tests. Only regular files
// are read, checked without opening them (a FIFO or /dev/zero would block or
// never end), and only up to a size no hand-written policy comes near.
import { readFileSync, statSync } from "node:fs";
import { MAX_POLICY_FILE_BYTES } from "../limits.ts";
import { analyzeShell } from "../match/shell/analyze.ts";
import { type CompiledPolicy, EMBEDDED_POLICY_NAME, type EngineDeps } from "./compile.ts";
import defaultPolicyText from "./default-policy.toml" with { type: "text" };
import { runInlineTests } from "./inline-tests.ts";
import { loadPolicy } from "./load.ts";
import type { OnError } from "./schema.ts";
import { formatProblem } from "./source.ts";

export { defaultPolicyText };
export { EMBEDDED_POLICY_NAME };

export type FileLoad = { ok: true; policy: CompiledPolicy } | { ok: false; problems: string[]; onError: OnError };

/** Where the policy comes from: a file (named by the user, or the default name), or the embedded default. */
export type PolicyLocation = { file: string | undefined; explicit: boolean };

/** The shell analyzer and the real clock: what the command line and tests give the engine. */
export function directEngineDeps(): EngineDeps {
  return { analyzer: analyzeShell, clock: { now: () => performance.now() } };
}

/** Read, validate, compile and test a policy; the embedded default when the default-named file is absent. */
export function loadPolicyFile({ file, explicit }: PolicyLocation, home: string, deps: EngineDeps = directEngineDeps()): FileLoad {
  const read = readPolicyText(file, explicit);
  if (!read.ok) return { ok: false, problems: [read.problem], onError: "block" };
  const loaded = loadPolicy({ text: read.text, file: read.source, home, deps, ...(read.source === EMBEDDED_POLICY_NAME ? { format: "toml" as const } : {}) });
  if (!loaded.ok) return { ok: false, problems: loaded.problems.map(formatProblem), onError: loaded.onError };
  const failures = runInlineTests(loaded.policy);
  if (failures.length > 0) {
    return { ok: false, problems: failures.map((failure) => `${failure.label}: ${failure.message}`), onError: loaded.policy.defaults.on_error };
  }
  return { ok: true, policy: loaded.policy };
}

type ReadText = { ok: true; text: string; source: string } | { ok: false; problem: string };

function readPolicyText(file: string | undefined, explicit: boolean): ReadText {
  if (file === undefined) return { ok: true, text: defaultPolicyText, source: EMBEDDED_POLICY_NAME };
  const kind = fileKind(file);
  if (kind.kind === "absent") {
    if (!explicit) return { ok: true, text: defaultPolicyText, source: EMBEDDED_POLICY_NAME };
    return { ok: false, problem: `${file}: no such file (it was named explicitly, so the embedded default does not stand in for it)` };
  }
  if (kind.kind === "other") return { ok: false, problem: `${file}: ${kind.what}, not a regular file; a policy must be a regular file` };
  if (kind.size > MAX_POLICY_FILE_BYTES) return { ok: false, problem: `${file}: ${kind.size} bytes, over the ${MAX_POLICY_FILE_BYTES}-byte limit for a policy file` };
  try {
    return { ok: true, text: readFileSync(file, "utf8"), source: file };
  } catch (error) {
    return { ok: false, problem: `${file}: cannot be read: ${(error as Error).message}` };
  }
}

export type FileKind = { kind: "absent" } | { kind: "regular"; size: number } | { kind: "other"; what: string };

/** What is at a path, without opening it (symbolic links followed). */
export function fileKind(path: string): FileKind {
  try {
    const stat = statSync(path);
    if (stat.isFile()) return { kind: "regular", size: stat.size };
    const what = stat.isDirectory() ? "a directory" : stat.isFIFO() ? "a named pipe" : stat.isCharacterDevice() || stat.isBlockDevice() ? "a device" : stat.isSocket() ? "a socket" : "not a file";
    return { kind: "other", what };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return { kind: "absent" };
    return { kind: "other", what: `unreadable (${(error as Error).message})` };
  }
}
