// The entry point of the shell model: one input in, the shell view out —
// every simple command it would run, the flows between them, and what could
// not be judged statically. The stages, each a folder, in pipeline order:
// parse/ (unbash), expand/ (words), interpret/ (statements, commands,
// launches), view/ (what the policy sees). interpret/ consults programs/ (the
// one registry of what each program's arguments mean and what it launches)
// and languages/ (code other programs carry).
import { MAX_PROBLEMS_SHOWN } from "../limits.ts";
import { AnalysisLimit, type Clock, WorkBudget } from "./budget.ts";
import { Analysis } from "./interpret/analysis.ts";
import { initialState } from "./interpret/state.ts";
import { WALKER, walkSource } from "./interpret/walk.ts";
import type { ProgramTable } from "./programs/table.ts";
import type { ShellView } from "./view/view.ts";

export type ShellLimits = {
  maxInputBytes: number;
  maxDepth: number;
  maxCommands: number;
  maxAlternatives: number;
  maxSteps: number;
  maxMillis: number;
};

export type ShellContext = {
  home: string;
  programs: ProgramTable;
  limits: ShellLimits;
  clock: Clock;
};

/** The shell view of one input. Never throws for a limit: a spent budget is an unresolved reason. */
export function analyzeShell(input: string, context: ShellContext): ShellView {
  const bytes = Buffer.byteLength(input, "utf8");
  if (bytes > context.limits.maxInputBytes) {
    return { commands: [], flows: [], unresolved: [`the command is ${bytes} bytes, over the ${context.limits.maxInputBytes}-byte limit for analysis`] };
  }
  const budget = new WorkBudget(context.limits.maxSteps, context.limits.maxMillis, context.clock);
  const analysis = new Analysis({ home: context.home, programs: context.programs, limits: context.limits, budget, walker: WALKER });
  try {
    walkSource(input, analysis, initialState(input));
  } catch (error) {
    if (!(error instanceof AnalysisLimit)) throw error;
    analysis.unresolved.push(error.message);
  }
  return { commands: analysis.commands, flows: analysis.flows, unresolved: summarize(analysis.unresolved) };
}

/** At most a few distinct reasons: one is enough to decide, five are enough to understand. */
function summarize(problems: string[]): string[] {
  if (problems.length <= MAX_PROBLEMS_SHOWN) return problems;
  return [...problems.slice(0, MAX_PROBLEMS_SHOWN), `… and ${problems.length - MAX_PROBLEMS_SHOWN} more`];
}
