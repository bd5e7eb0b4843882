// The I/O edge of policy/: reading a policy file (or the embedded default)
// and the files it includes, then validating, compiling and running its
// inline tests. Only regular files are read, checked without opening them (a
// FIFO or /dev/zero would block or never end), and only up to a size no
// hand-written policy comes near.
import { realpathSync, statSync } from "node:fs";
import { relative } from "node:path";
import { MAX_POLICY_FILE_BYTES, MAX_POLICY_INCLUDES, MAX_PROJECT_POLICY_BYTES } from "../../limits.ts";
import { analyzeShell } from "../../shell/analyze.ts";
import { readBoundedBytes } from "./bounded-read.ts";
import { cpuClock } from "./cpu-clock.ts";
import { type CompiledPolicy, EMBEDDED_POLICY_NAME, type EngineDeps } from "../engine/compile.ts";
import defaultPolicyText from "../default-policy.toml" with { type: "text" };
import { globBase, type FileRead, type PolicyFiles } from "./includes.ts";
import { inlineTestSteps } from "../checks/inline-tests.ts";
import { loadPolicySteps, type ManagedInput, type ProjectInput, type WatchList } from "./load.ts";
import { projectPolicyFile } from "./project-layer.ts";
import { managedPolicyFile } from "./managed-file.ts";
import type { OnError } from "../format/schema.ts";
import { formatProblem, type PolicyProblem } from "../format/source.ts";
import { runSteps, type Steps } from "../steps.ts";

export { defaultPolicyText };
export { EMBEDDED_POLICY_NAME };

export type FileLoad =
  | {
      ok: true;
      policy: CompiledPolicy;
      warnings: string[];
      watch: WatchList /** Every override that applies (file:line) and the rules it changes. */;
      overrides: Array<{ where: string; ids: string[] }>;
      /** With `lint: "after"`: the lint's warnings, as steps to run once the policy is in use. */
      lateWarnings?: Steps<string[]>;
    }
  | { ok: false; problems: string[]; onError: OnError; warnings: string[]; watch: WatchList };

/** Where the policy comes from: a file (named by the user, or the default name), or the embedded default. */
export type PolicyLocation = { file: string | undefined; explicit: boolean };

/** The shell analyzer and the process's CPU clock: what the command line and tests give the engine. */
export function directEngineDeps(): EngineDeps {
  return { analyzer: analyzeShell, clock: cpuClock };
}

/**
 * Read, validate, compile and test a policy; the embedded default when the default-named file is absent.
 * `managedFile`: the managed policy's place — the system one (managed-file.ts) except in a test.
 * `projectRoot`: the project the calls run in, whose own policy (project-layer.ts) joins as the lowest layer.
 */
export function loadPolicyFile(
  location: PolicyLocation,
  home: string,
  deps: EngineDeps = directEngineDeps(),
  managedFile: string = managedPolicyFile(),
  projectRoot?: string,
): FileLoad {
  return runSteps(loadPolicyFileSteps(location, home, deps, managedFile, projectRoot));
}

/** loadPolicyFile in steps, for a caller that answers requests between them. */
export function* loadPolicyFileSteps(
  { file, explicit }: PolicyLocation,
  home: string,
  deps: EngineDeps = directEngineDeps(),
  managedFile: string = managedPolicyFile(),
  projectRoot?: string,
  lint: "now" | "after" = "now",
): Steps<FileLoad> {
  const projectFile = projectRoot === undefined ? undefined : projectPolicyFile(projectRoot);
  // The managed file is watched even while absent: an administrator may add it to a running extension; so is the project's.
  const mainWatch: WatchList = { files: [...(file === undefined ? [] : [file]), managedFile, ...(projectFile ? [projectFile] : [])], directories: [] };
  const managed = readManaged(managedFile);
  if (!managed.ok) return { ok: false, problems: [managed.problem], onError: "block", warnings: [], watch: mainWatch };
  const read = readPolicyText(file, explicit);
  if (!read.ok) return { ok: false, problems: [read.problem], onError: "block", warnings: [], watch: mainWatch };
  const embedded = read.source === EMBEDDED_POLICY_NAME;
  const loaded = yield* loadPolicySteps({
    text: read.text,
    file: read.source,
    home,
    deps,
    files: diskFiles,
    identity: read.identity,
    ...(embedded ? { format: "toml" as const } : {}),
    ...(managed.input ? { managed: managed.input } : { managedFile }),
    ...projectPart(projectFile),
    lint,
  });
  const watch = { files: [...mainWatch.files, ...loaded.watch.files], directories: loaded.watch.directories };
  const warnings = loaded.warnings.map(formatProblem);
  if (!loaded.ok) return { ok: false, problems: loaded.problems.map(formatProblem), onError: loaded.onError, warnings, watch };
  const failures = yield* inlineTestSteps(loaded.policy);
  if (failures.length > 0) {
    return { ok: false, problems: failures.map((failure) => `${failure.label}: ${failure.message}`), onError: loaded.policy.defaults.on_error, warnings, watch };
  }
  const late = loaded.lateWarnings;
  return { ok: true, policy: loaded.policy, warnings, watch, overrides: loaded.overrides, ...(late ? { lateWarnings: formatted(late) } : {}) };
}

function* formatted(problems: Steps<PolicyProblem[]>): Steps<string[]> {
  return (yield* problems).map(formatProblem);
}

type ReadManaged = { ok: true; input?: ManagedInput } | { ok: false; problem: string };

/** The managed file: absent is no managed layer; anything else that cannot be read fails closed. */
function readManaged(file: string): ReadManaged {
  const read = readRegularFile(file);
  if (read.ok) return { ok: true, input: { text: read.text, file, identity: read.identity } };
  if (read.absent) return { ok: true };
  return { ok: false, problem: `${file} (the managed policy, an administrator's): ${read.problem}; every call is blocked until it can be read` };
}

/** The project's file for the loader: read, or why it cannot be (it is then skipped); nothing when absent. */
function projectPart(file: string | undefined): { project?: ProjectInput; projectFile?: string } {
  if (file === undefined) return {};
  const read = readRegularFile(file, MAX_PROJECT_POLICY_BYTES);
  if (read.ok) return { project: { text: read.text, file, identity: read.identity } };
  if (read.absent) return { projectFile: file };
  return { project: { file, problem: read.problem } };
}

type ReadText = { ok: true; text: string; source: string; identity?: string } | { ok: false; problem: string };

function readPolicyText(file: string | undefined, explicit: boolean): ReadText {
  if (file === undefined) return { ok: true, text: defaultPolicyText, source: EMBEDDED_POLICY_NAME };
  const read = readRegularFile(file);
  if (read.ok) return { ok: true, text: read.text, source: file, identity: read.identity };
  if (read.absent && !explicit) return { ok: true, text: defaultPolicyText, source: EMBEDDED_POLICY_NAME };
  if (read.absent) return { ok: false, problem: `${file}: no such file (it was named explicitly, so the embedded default does not stand in for it)` };
  return { ok: false, problem: `${file}: ${read.problem}` };
}

type RegularRead = { ok: true; text: string; identity: string } | { ok: false; absent: boolean; problem: string };

/** A policy file's text: only a regular file, within the size limit, looked at before it is opened. */
function readRegularFile(file: string, limit = MAX_POLICY_FILE_BYTES): RegularRead {
  const kind = fileKind(file);
  if (kind.kind === "absent") return { ok: false, absent: true, problem: "no such file" };
  if (kind.kind === "other") return { ok: false, absent: false, problem: `${kind.what}, not a regular file; a policy must be a regular file` };
  if (kind.size > limit)
    return {
      ok: false,
      absent: false,
      problem: `${kind.size} bytes, over the ${limit}-byte limit for ${limit === MAX_POLICY_FILE_BYTES ? "a policy file" : "a project's policy"}`,
    };
  try {
    const text = readBounded(file, limit);
    if (text === undefined) return { ok: false, absent: false, problem: `changed while it was read (no longer a regular file within the ${limit}-byte limit)` };
    return { ok: true, text, identity: realpathSync(file) };
  } catch (error) {
    return { ok: false, absent: false, problem: `cannot be read: ${(error as Error).message}` };
  }
}

/** At most `limit` bytes of a regular file as opened (bounded-read.ts), as text. */
function readBounded(file: string, limit: number): string | undefined {
  return readBoundedBytes(file, limit)?.toString("utf8");
}

/** Included files from the disk, read like the main file. */
const diskFiles: PolicyFiles = {
  read(path: string): FileRead {
    const read = readRegularFile(path);
    return read.ok ? read : { ok: false, problem: read.problem };
  },
  glob(pattern: string): string[] {
    const base = globBase(pattern);
    try {
      const found: string[] = [];
      for (const path of new Bun.Glob(relative(base, pattern)).scanSync({ cwd: base, absolute: true, onlyFiles: true })) {
        found.push(path);
        // A glob over a huge tree stops early: the include limit refuses more anyway.
        if (found.length > MAX_POLICY_INCLUDES) break;
      }
      return found.sort();
    } catch {
      return [];
    }
  },
};

export type FileKind = { kind: "absent" } | { kind: "regular"; size: number } | { kind: "other"; what: string };

/** What is at a path, without opening it (symbolic links followed). */
export function fileKind(path: string): FileKind {
  try {
    // Asked at every hook for a project's policy file, nearly always absent: that answer comes without an exception.
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat === undefined) return { kind: "absent" };
    if (stat.isFile()) return { kind: "regular", size: stat.size };
    const what = stat.isDirectory()
      ? "a directory"
      : stat.isFIFO()
        ? "a named pipe"
        : stat.isCharacterDevice() || stat.isBlockDevice()
          ? "a device"
          : stat.isSocket()
            ? "a socket"
            : "not a file";
    return { kind: "other", what };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return { kind: "absent" };
    return { kind: "other", what: `unreadable (${(error as Error).message})` };
  }
}
