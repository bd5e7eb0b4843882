// The short fixed fuzz run for the targets that start the binary (damaged
// framing, envelopes, hook events, tool calls, shell text, mutated policies):
// a few cases each from the seed `bun test` uses for the in-process targets
// (test/fuzz/fuzz.test.ts). Every target is run by one of the two.
import { expect, test } from "bun:test";
import { describeFinding, fuzz, TARGETS } from "./fuzz/fuzz.ts";
import { IN_PROCESS_TARGETS, SMOKE_SEED } from "./fuzz/targets/in-process.ts";

/** Cases per target: each policies case spawns two processes; the process targets share one. */
const CASES: Record<string, number> = { framing: 20, envelopes: 20, hooks: 12, calls: 12, shell: 6, policies: 1 };

const binaryTargets = TARGETS.filter((target) => !IN_PROCESS_TARGETS.includes(target));

test(`fuzz, seed ${SMOKE_SEED}: every target that starts the binary, a few cases each (replay: bun run fuzz --seed ${SMOKE_SEED} --target NAME)`, async () => {
  // Most of a short run is starting extension processes, so the process targets share one,
  // and the policies target (two processes per case) runs beside them.
  const groups = [binaryTargets.filter((target) => target.kind === "process"), binaryTargets.filter((target) => target.kind === "custom")];
  const runs = await Promise.all(groups.map((targets) => fuzz({ seed: SMOKE_SEED, targets, cases: 0, oneProcess: true, casesPerTarget: CASES, maxFindings: 1 })));
  const summaries = runs.flat();
  expect(summaries.flatMap((summary) => summary.findings).map(describeFinding)).toEqual([]);
  expect(Object.fromEntries(summaries.map((summary) => [summary.target, summary.cases]))).toEqual(CASES);
});

test("every target runs in one of the two short runs", () => {
  expect([...IN_PROCESS_TARGETS, ...binaryTargets].map((target) => target.name).sort()).toEqual(TARGETS.map((target) => target.name).sort());
  expect(IN_PROCESS_TARGETS.every((target) => TARGETS.includes(target))).toBe(true);
});
