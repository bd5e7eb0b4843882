// Seeded generated cases (a property checked against a reference on random
// patterns and texts): bare `bun test` checks the first fifth of each seeded
// sequence, and `bun run test:e2e` the whole (test/generated.e2e.ts sets
// SYNAPS_POLICY_FULL_GENERATED=1 and loads the same test files). The quick
// loop's cases are a prefix of the full set, so a failure it shows, the full
// run shows too, under the same seed; the full set finds rarer shapes, a few
// seconds of CPU a run.
const FULL_GENERATED = process.env.SYNAPS_POLICY_FULL_GENERATED === "1";

/** How many generated cases to check: all of them in the full run, a fifth in the quick loop. */
export function generatedCases(full: number): number {
  return FULL_GENERATED ? full : Math.ceil(full / 5);
}

/** A count as the test names print it: 1,500. */
export function countText(count: number): string {
  return count.toLocaleString("en-US");
}
