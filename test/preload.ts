// Runs once before `bun test`: tests drive the compiled executable, so make
// sure it exists and is not older than the sources.
//
// It also sets the per-test time limit. Bun 1.4.5 ignores a bunfig.toml
// `[test] timeout`, and a preload's setDefaultTimeout wins over `--timeout`,
// so the limit is set here for every suite: 60 s, which no in-process test
// comes near even on a machine many times busier than a quiet one (the
// slowest take a few seconds there); it only ends a test that hangs. A suite
// that needs longer says so with SYNAPS_TEST_TIMEOUT (the release tests).
// It is never a speed assertion.
import { setDefaultTimeout } from "bun:test";
import { buildHostIfStale } from "../build.ts";

setDefaultTimeout(Number(process.env.SYNAPS_TEST_TIMEOUT) || 60_000);

const started = performance.now();
if (await buildHostIfStale()) {
  console.error(`(built bin/synaps-policy for the tests in ${Math.round(performance.now() - started)} ms)`);
}
