// Whether a `bun test` run needs the built executable: only the files that
// drive it (`*.e2e.ts`, `*.release.ts`, which `bun test` finds only when they
// are named) do. Bare `bun test` runs in process (test/quick-loop.test.ts), so
// it must not wait for a rebuild of the 117 MB binary after every source edit.
import { readFileSync } from "node:fs";

const DRIVES_BINARY = /\.(?:e2e|release)\.[cm]?[jt]sx?$/;

/** `args`: the run's command line; undefined when it cannot be read, and then the binary is built, as before. */
export function runNeedsBinary(args: readonly string[] | undefined): boolean {
  if (args === undefined) return true;
  return args.some((arg) => DRIVES_BINARY.test(arg));
}

/**
 * The command line of this process, or of the process `pid` (Linux's /proc; undefined elsewhere): the
 * preload sees only the first file in process.argv, and a `bun test --parallel` worker sees none.
 */
export function commandLine(pid: number | "self" = "self"): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  } catch {
    return undefined;
  }
}
