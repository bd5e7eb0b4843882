// The budgets' backstop clock counts the judging thread's own work only: time the
// process spends waiting (as it does while other processes hold the CPU on a
// busy machine) must not bring an analysis closer to "ran out of time".
import { expect, test } from "bun:test";
import { cpuClock } from "../../../../src/policy/load/cpu-clock.ts";
import { WorkBudget } from "../../../../src/shell/budget.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const WAIT_MS = 60;

test("waiting does not advance the clock, even while another thread works; work does", async () => {
  // Another thread busy the whole time, as the runtime's JIT compiler often is beside a long test run.
  const busy = new Worker(URL.createObjectURL(new Blob([`const end = Date.now() + ${WAIT_MS * 4}; let n = 0; while (Date.now() < end) n++; postMessage(n);`])));
  const finished = new Promise((resolve) => busy.addEventListener("message", resolve));
  const before = cpuClock.now();
  Bun.sleepSync(WAIT_MS);
  const afterWait = cpuClock.now();
  expect(afterWait - before).toBeLessThan(WAIT_MS / 2);
  let sum = 0;
  for (let index = 0; index < 5_000_000; index++) sum += index % 7;
  expect(sum).toBeGreaterThan(0);
  expect(cpuClock.now()).toBeGreaterThan(afterWait);
  await finished;
  busy.terminate();
});

test("a budget on this clock is not spent by waiting longer than its time backstop", () => {
  const budget = new WorkBudget(1_000_000, WAIT_MS / 2, cpuClock);
  // Each charge reads the clock every few hundred steps; wait between them as a starved process would.
  for (let round = 0; round < 3; round++) {
    Bun.sleepSync(WAIT_MS / 2);
    expect(() => budget.charge(300)).not.toThrow();
  }
});
