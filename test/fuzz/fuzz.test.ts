// A small, fixed fuzz run as part of `bun test`: the targets that run in
// process (the frame decoder, the harms), a few hundred cases from one seed.
// The targets that start the binary get the same short run in
// test/fuzz-smoke.e2e.ts (`bun run test:e2e`). Longer runs: `bun run fuzz
// [--seconds N] [--seed N]`. The seed is fixed so the run is the same every
// time; it passes today. Seeds that find bugs outside the transport are kept
// in test/fuzz/known-failures.md.
import { expect, test } from "bun:test";
import { IN_PROCESS_TARGETS, SMOKE_SEED as SEED } from "./targets/in-process.ts";
import { describeFinding, idCounter, TargetRun } from "./target.ts";
import { setTestLimit } from "../support/test-limit.ts";

setTestLimit();

/** Cases per target: harms runs in well under a second. */
const CASES: Record<string, number> = { decoder: 60, harms: 400 };

test(`fuzz, seed ${SEED}: the in-process targets, a few cases each (replay: bun run fuzz --seed ${SEED} --target NAME)`, async () => {
  const ids = idCounter();
  const summaries: { target: string; cases: number; findings: string[] }[] = [];
  for (const target of IN_PROCESS_TARGETS) {
    if (target.kind !== "custom") throw new Error(`${target.name} is not an in-process target`);
    const run = new TargetRun(target.name, SEED, { cases: CASES[target.name] ?? 0, deadline: Infinity, maxFindings: 1 }, ids);
    await target.run(run);
    summaries.push({ target: target.name, cases: run.casesRun, findings: run.findings.map(describeFinding) });
  }
  expect(summaries.flatMap((summary) => summary.findings)).toEqual([]);
  expect(Object.fromEntries(summaries.map((summary) => [summary.target, summary.cases]))).toEqual(CASES);
});
