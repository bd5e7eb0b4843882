// Runs once before `bun test`: tests drive the compiled executable, so make
// sure it exists and is not older than the sources.
import { buildHostIfStale } from "../build.ts";

const started = performance.now();
if (await buildHostIfStale()) {
  console.error(`(built bin/synaps-policy for the tests in ${Math.round(performance.now() - started)} ms)`);
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
