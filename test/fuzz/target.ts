// What a fuzz target is, and the run it takes part in: budget, per-case
// randomness, ids, and the findings it reports.
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Expectation } from "./oracle.ts";
import { deriveSeed, Random } from "./random.ts";

/** One case against the running binary: bytes to write (in one or more writes) and the host requests among them. */
export type ProcessCase = { label: string; writes: Uint8Array[]; expect: Expectation[] };

export type CaseContext = { rng: Random; nextId(): number };

export type Target =
  | { name: string; kind: "process"; about: string; generate(context: CaseContext): ProcessCase }
  | { name: string; kind: "custom"; about: string; run(run: TargetRun): Promise<void> };

export type Finding = { target: string; seed: number; caseIndex: number; label: string; problems: string[]; inputFile?: string };

export type Budget = { cases: number; deadline: number; only?: number; maxFindings?: number };

export type IdCounter = { next(): number };

export function idCounter(): IdCounter {
  let last = 0;
  return { next: () => ++last };
}

export class TargetRun {
  readonly target: string;
  readonly seed: number;
  readonly findings: Finding[] = [];
  readonly #budget: Budget;
  caseIndex: number;
  casesRun = 0;
  /** Request ids, shared by every target of a run: they never repeat within a process. */
  readonly ids: IdCounter;

  constructor(target: string, seed: number, budget: Budget, ids: IdCounter) {
    this.target = target;
    this.seed = seed;
    this.#budget = budget;
    this.ids = ids;
    this.caseIndex = budget.only ?? 0;
  }

  /** Whether another case fits the budget. */
  more(): boolean {
    if (this.#budget.only !== undefined) return this.casesRun === 0;
    if (this.findings.length >= (this.#budget.maxFindings ?? Infinity)) return false;
    return this.casesRun < this.#budget.cases && performance.now() < this.#budget.deadline;
  }

  /** Move on to the next case. */
  advance() {
    this.caseIndex++;
    this.casesRun++;
  }

  /** Each case draws from its own source, so any case replays on its own (--only). */
  rngFor(caseIndex: number): Random {
    return new Random(deriveSeed(this.seed, `${this.target}#${caseIndex}`));
  }

  report(label: string, problems: string[], input?: Uint8Array | string, caseIndex = this.caseIndex) {
    if (problems.length === 0) return;
    const finding: Finding = { target: this.target, seed: this.seed, caseIndex, label, problems };
    if (input !== undefined) finding.inputFile = saveInput(finding, input);
    this.findings.push(finding);
  }
}

function saveInput(finding: Finding, input: Uint8Array | string): string | undefined {
  try {
    const dir = join(tmpdir(), "synaps-policy-fuzz-findings");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${finding.target}-seed${finding.seed}-case${finding.caseIndex}.bin`);
    writeFileSync(file, input);
    return file;
  } catch {
    return undefined;
  }
}

/** How to replay a finding. */
function replayCommand(finding: Finding): string {
  return `bun run fuzz --seed ${finding.seed} --target ${finding.target} --only ${finding.caseIndex}`;
}

/** A finding as lines for a person: what, where, how to replay. */
export function describeFinding(finding: Finding): string {
  const lines = [
    `✗ ${finding.target} case ${finding.caseIndex} (seed ${finding.seed}): ${finding.label.slice(0, 300)}`,
    ...finding.problems.slice(0, 8).map((problem) => `    ${problem.slice(0, 1000)}`),
    `    replay: ${replayCommand(finding)}`,
  ];
  if (finding.inputFile) lines.push(`    input:  ${finding.inputFile}`);
  return lines.join("\n");
}
