// Runs once before `bun test`: tests drive the compiled executable, so make
// sure it exists and is not older than the sources.
import { buildHostIfStale } from "../build.ts";

const started = performance.now();
if (await buildHostIfStale()) {
  console.error(`(built bin/synaps-policy for the tests in ${Math.round(performance.now() - started)} ms)`);
}
