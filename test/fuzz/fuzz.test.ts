// A small, fixed fuzz run as part of `bun test`: every target, a few cases
// each, from one seed. Longer runs: `bun run fuzz [--seconds N] [--seed N]`.
// The seed is fixed so the run is the same every time; it passes today. Seeds
// that find bugs outside the transport are kept in test/fuzz/known-failures.md.
import { expect, test } from "bun:test";
import { describeFinding, fuzz, TARGETS } from "./fuzz.ts";
import { setTestLimit } from "../support/test-limit.ts";

setTestLimit();

const SEED = 20_260_501;

/** Cases per target: a few seconds in all (each policies case spawns two processes; harms runs in process, in well under a second). */
const CASES: Record<string, number> = { decoder: 60, framing: 20, envelopes: 20, hooks: 12, calls: 12, shell: 6, harms: 400, policies: 1 };

test(`fuzz, seed ${SEED}: every target, a few cases each (replay: bun run fuzz --seed ${SEED} --target NAME)`, async () => {
  // Most of a short run is starting extension processes, so the process targets share one,
  // and the policies target (two processes per case) runs beside them.
  const [processTargets, others] = [TARGETS.filter((target) => target.kind === "process"), TARGETS.filter((target) => target.kind === "custom")];
  const runs = await Promise.all([processTargets, others].map((targets) => fuzz({ seed: SEED, targets, cases: 0, oneProcess: true, casesPerTarget: CASES, maxFindings: 1 })));
  const summaries = runs.flat();
  expect(summaries.flatMap((summary) => summary.findings).map(describeFinding)).toEqual([]);
  expect(Object.fromEntries(summaries.map((summary) => [summary.target, summary.cases]))).toEqual(CASES);
}, 60_000);
