// Runs once before `bun test` (once in each worker of a run spread over
// processes). A run of the files that drive the compiled executable (e2e,
// release) makes sure it exists and is not older than the sources; a run in
// process does not build it (see run-needs-binary.ts). A plain run in process
// is spread over the free cores (see parallel-run.ts).
import { afterAll } from "bun:test";
import { rmSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { RUN_FOLDER_ENV, runSpread, spreadArgs } from "./support/parallel-run.ts";
import { makeRunFolder, sweepRunFolders } from "./support/run-folder.ts";
import { commandLine, runNeedsBinary } from "./support/run-needs-binary.ts";

// A worker of a run this preload spread: the run's folder is set, and the run builds nothing.
if (process.env[RUN_FOLDER_ENV] === undefined) {
  const worker = process.env.BUN_TEST_WORKER_ID !== undefined;
  if (worker) await refuseStaleBinary();
  else if (runNeedsBinary(commandLine())) await buildIfStale();

  sweepRunFolders();
  const runFolder = makeRunFolder(process.pid);
  const spread = spreadArgs(commandLine(), process.env, { cores: availableParallelism(), load: loadavg()[0] ?? 0 });
  if (spread !== undefined) {
    const code = runSpread(spread, runFolder);
    rmSync(runFolder, { recursive: true, force: true });
    process.exit(code);
  }
  process.env.TMPDIR = runFolder;
  // afterAll in a preload runs once, after every file of the run; in a worker of `bun test --parallel`
  // it runs after each file, so a worker's folder is left for the next run to remove (run-folder.ts).
  if (!worker) afterAll(() => rmSync(runFolder, { recursive: true, force: true }));
}

async function buildIfStale() {
  const started = performance.now();
  const { buildHostIfStale } = await import("../build.ts");
  if (await buildHostIfStale()) {
    console.error(`(built bin/synaps-policy for the tests in ${Math.round(performance.now() - started)} ms)`);
  }
}

/**
 * A worker of `bun test --parallel` named by hand finds the run's files in its parent's command line (or its
 * own, when the run runs its one file in the first process), and workers building at once would race.
 */
async function refuseStaleBinary() {
  if (!runNeedsBinary(commandLine()) && !runNeedsBinary(commandLine(process.ppid))) return;
  const { isStale } = await import("../build.ts");
  if (isStale())
    throw new Error("bin/synaps-policy is missing or older than the sources, and workers of `bun test --parallel` cannot build it without racing: run `bun run build` first");
}
