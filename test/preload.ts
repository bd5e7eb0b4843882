// Runs once before `bun test`: tests drive the compiled executable, so make
// sure it exists and is not older than the sources.
import { setDefaultTimeout } from "bun:test";
import { buildHostIfStale } from "../build.ts";

// A guard against a hung test, not a speed assertion: a test that starts the
// binary can take seconds on a loaded machine. (bunfig.toml has no timeout key;
// Bun's default is 5 s per test.)
setDefaultTimeout(30_000);

const started = performance.now();
if (await buildHostIfStale()) {
  console.error(`(built bin/synaps-policy for the tests in ${Math.round(performance.now() - started)} ms)`);
}
