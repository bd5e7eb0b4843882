// One work budget for a whole analysis: every statement, word, command,
// launch and loop pass is charged, so no input — nested loops, recursive
// functions, shells inside shells — can make the guard run past the host's
// timeout. Steps decide (deterministic, what tests exercise); the clock is
// only a backstop for a machine far slower than any we know.

/** Thrown inside the analysis when a limit is reached; the analysis turns it into an unresolved reason. */
const CLOCK_EVERY = 256;

export class AnalysisLimit extends Error {}

export type Clock = { now(): number };

export class WorkBudget {
  readonly maxSteps: number;
  readonly #clock: Clock;
  readonly #deadline: number;
  readonly #what: string;
  #steps = 0;
  #nextClockCheck = CLOCK_EVERY;

  /** `what` names the work in the message a spent budget gives ("the analysis", "matching the policy's globs"). */
  constructor(maxSteps: number, maxMillis: number, clock: Clock, what = "the analysis") {
    this.maxSteps = maxSteps;
    this.#what = what;
    this.#clock = clock;
    this.#deadline = clock.now() + maxMillis;
  }

  get spent(): number {
    return this.#steps;
  }

  /** Charge `units` of work; throws AnalysisLimit when the budget is spent. */
  charge(units = 1) {
    this.#steps += units;
    if (this.#steps > this.maxSteps) throw new AnalysisLimit(`${this.#what} needs more than its budget of ${this.maxSteps} work steps`);
    // Reading the clock costs more than a step; look at it now and then.
    if (this.#steps < this.#nextClockCheck) return;
    this.#nextClockCheck = this.#steps + CLOCK_EVERY;
    if (this.#clock.now() > this.#deadline) throw new AnalysisLimit(`${this.#what} ran out of time`);
  }
}

/** A budget that only counts: a reader used on its own, outside an analysis, still says what it spent. */
export function countingBudget(): WorkBudget {
  return new WorkBudget(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, { now: () => 0 });
}

/** One unit per KiB of text a reader passes over (as the walker charges a source), at least one. */
export function textUnits(text: string): number {
  return 1 + (text.length >> 10);
}
