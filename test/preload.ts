// Runs once before `bun test`: a run of the files that drive the compiled
// executable (e2e, release) makes sure it exists and is not older than the
// sources. A run in process does not build it (see run-needs-binary.ts).
import { ownCommandLine, runNeedsBinary } from "./support/run-needs-binary.ts";

if (runNeedsBinary(ownCommandLine())) {
  const started = performance.now();
  const { buildHostIfStale } = await import("../build.ts");
  if (await buildHostIfStale()) {
    console.error(`(built bin/synaps-policy for the tests in ${Math.round(performance.now() - started)} ms)`);
  }
}

// Everything a test makes under the temp directory goes into one folder of
// this run, removed when the run ends: a run leaves nothing behind in /tmp
// (tests and the processes they start read TMPDIR through os.tmpdir()).
import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const runFolder = mkdtempSync(join(tmpdir(), "synaps-policy-test-run-"));
process.env.TMPDIR = runFolder;
// afterAll in a preload runs once, after every file of the run.
afterAll(() => rmSync(runFolder, { recursive: true, force: true }));
