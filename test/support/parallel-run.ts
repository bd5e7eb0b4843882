// Bare `bun test` spreads its files over one worker process per core. Bun
// 1.4.5 has `bun test --parallel` but no bunfig.toml key for it, so the
// preload of a plain run starts the same run again with `--parallel
// --no-isolate` and exits with its code. `--no-isolate` keeps what a serial
// run does: each worker loads the modules (and compiles the default policy)
// once for all its files, where `--isolate` reloaded them per file and cost
// more CPU than the workers saved. Only onto free cores: on a machine already
// busy (load average at or above the cores) the workers only added CPU (each
// loads and JIT-compiles the engine itself; measured at a load of 11: the
// same wall time, a fifth more CPU), so such a run stays in one process.
// Runs that drive the binary (e2e, release), and runs whose flags want one
// process (coverage, watch, an inspector, or the parallel flags named by
// hand), stay as they are too.
import { runNeedsBinary } from "./run-needs-binary.ts";

/** Set (to anything) to keep `bun test` in one process, e.g. to read one file's costs. */
export const SERIAL_ENV = "SYNAPS_POLICY_TEST_SERIAL";
/** The run folder of a run the preload spread: its workers take it as it is. */
export const RUN_FOLDER_ENV = "SYNAPS_POLICY_TEST_RUN_FOLDER";

const WANTS_ONE_PROCESS = /^--(?:parallel|isolate|no-isolate|test-worker|watch|hot|coverage|inspect)(?:[-=]|$)/;

/** The CPUs this process may use, and the machine's load average over the last minute. */
export type Machine = { cores: number; load: number };

/**
 * The arguments after `bun` of the spread run, or undefined to run as asked. `args`: the run's own
 * command line (undefined when it cannot be read).
 */
export function spreadArgs(args: readonly string[] | undefined, env: Record<string, string | undefined>, { cores, load }: Machine): string[] | undefined {
  if (args === undefined || args[1] !== "test" || cores < 2 || load >= cores) return undefined;
  if (env[SERIAL_ENV] !== undefined || env[RUN_FOLDER_ENV] !== undefined || env.BUN_TEST_WORKER_ID !== undefined) return undefined;
  const flags = args.slice(2);
  if (runNeedsBinary(args) || flags.some((flag) => WANTS_ONE_PROCESS.test(flag))) return undefined;
  // --no-orphans: the workers end with this process if it is killed.
  return ["test", `--parallel=${cores}`, "--no-isolate", "--no-orphans", ...flags];
}

/** Run `bun <args>` with the run folder as TMPDIR, output to this process's own; its exit code. */
export function runSpread(args: readonly string[], runFolder: string): number {
  const env = { ...process.env, TMPDIR: runFolder, [RUN_FOLDER_ENV]: runFolder };
  const run = Bun.spawnSync([process.execPath, ...args], { stdio: ["inherit", "inherit", "inherit"], env });
  return run.exitCode ?? 1;
}
