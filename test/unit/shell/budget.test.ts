import { describe, expect, test } from "bun:test";
import { AnalysisLimit, WorkBudget } from "../../../src/shell/budget.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const stopped = { now: () => 0 };

describe("WorkBudget", () => {
  test("counts the work charged", () => {
    const budget = new WorkBudget(100, 1_000, stopped);
    budget.charge();
    budget.charge(5);
    expect(budget.spent).toBe(6);
  });

  test("one step past the budget throws an AnalysisLimit that names it", () => {
    const budget = new WorkBudget(10, 1_000, stopped);
    budget.charge(10);
    expect(() => budget.charge()).toThrow(new AnalysisLimit("the analysis needs more than its budget of 10 work steps"));
  });

  test("the clock is the backstop: past the deadline, the next look at it throws", () => {
    let now = 0;
    const budget = new WorkBudget(1_000_000, 50, { now: () => now });
    budget.charge(100);
    now = 51;
    expect(() => {
      for (let step = 0; step < 1_000; step++) budget.charge();
    }).toThrow("the analysis ran out of time");
  });

  test("a clock that never moves leaves the steps to decide", () => {
    const budget = new WorkBudget(5_000, 0, { now: () => 0 });
    expect(() => budget.charge(5_000)).not.toThrow();
  });
});
