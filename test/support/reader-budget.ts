// What a reader of a project file (a manifest, a playbook, a service's
// settings, a module's arguments) spends of the analysis's work budget,
// counted in units, never in time (DESIGN: budgets are deterministic in
// tests). A reader once quadratic on a crafted file of the size limit took
// longer than the host waits for a hook and was charged to no budget; each is
// now charged one pass over its text and a unit per command it yields, so a
// crafted file either is read within that or ends the analysis on the
// budget's reason, which the policy's on_error decides.
import { expect } from "bun:test";
import { countingBudget, textUnits, type WorkBudget } from "../../src/shell/budget.ts";
import type { CodeReading } from "../../src/shell/languages/code.ts";
import { viewOf } from "./shell.ts";

/** The reason an analysis gives when its work budget is spent. */
export const BUDGET_SPENT = /needs more than its budget of \d+ work steps/;

/**
 * Reads `text` on a budget that only counts; expects it charged (at least one unit) and at most one unit per KiB
 * of the text and one per command the reading yields. Returns the reading.
 */
export function expectChargedLinearly(text: string, read: (text: string, budget: WorkBudget) => CodeReading): CodeReading {
  const budget = countingBudget();
  const reading = read(text, budget);
  expect(budget.spent).toBeGreaterThan(0);
  expect(budget.spent).toBeLessThanOrEqual(textUnits(text) + reading.lines.length);
  return reading;
}

/**
 * `input` run with `file` holding `content` as the session wrote it, under a step budget that leaves room for the
 * command itself but not for reading `content` whole: the reading is charged to the analysis's own budget when
 * the analysis ends on the budget's reason.
 */
export function endsOnBudget(input: string, file: string, content: string): boolean {
  const small = viewOf(input, { maxSteps: STEPS_FOR_THE_COMMAND }, new Map([[file, { content: "" }]]));
  expect(small.unresolved.filter((reason) => BUDGET_SPENT.test(reason))).toEqual([]);
  const view = viewOf(input, { maxSteps: STEPS_FOR_THE_COMMAND }, new Map([[file, { content }]]));
  return view.unresolved.some((reason) => BUDGET_SPENT.test(reason));
}

/** Room for one command with an empty file (a few units), far less than a file of the size limit costs to read (257). */
const STEPS_FOR_THE_COMMAND = 64;
