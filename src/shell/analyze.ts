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
import { walkSource } from "./interpret/walk.ts";
import type { ProgramTable } from "./programs/table.ts";
import { withProjectCode } from "./session/project-code.ts";
import type { KnownFiles, WrittenEntry } from "./view/files.ts";
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

const NO_FILES: KnownFiles = new Map();

/**
 * The shell view of one input, with what it runs from project files it was
 * given (`known`: the session's memory and the disk, read by the extension)
 * and the files it would need for the rest. Never throws for a limit: a spent
 * budget is an unresolved reason.
 */
export function analyzeShell(input: string, context: ShellContext, known: KnownFiles = NO_FILES): ShellView {
  const analyze = (text: string, files: KnownFiles) => analyzeInput(text, context, files);
  return withProjectCode(analyze(input, known), { home: context.home, known, depth: 0, analyze });
}

/** The shell view of one input alone. */
function analyzeInput(input: string, context: ShellContext, known: KnownFiles): ShellView {
  const bytes = Buffer.byteLength(input, "utf8");
  if (bytes > context.limits.maxInputBytes) {
    return { commands: [], flows: [], unresolved: [`the command is ${bytes} bytes, over the ${context.limits.maxInputBytes}-byte limit for analysis`] };
  }
  const budget = new WorkBudget(context.limits.maxSteps, context.limits.maxMillis, context.clock);
  const analysis = new Analysis({ home: context.home, programs: context.programs, limits: context.limits, budget, known });
  try {
    walkSource(input, analysis, initialState(input));
  } catch (error) {
    if (!(error instanceof AnalysisLimit)) throw error;
    analysis.unresolved.push(error.message);
  }
  const view: ShellView = { commands: analysis.commands, flows: analysis.flows, unresolved: summarize(analysis.unresolved) };
  const written = writtenEntries(analysis);
  if (analysis.needs.length > 0) view.needs = analysis.needs;
  if (analysis.used.length > 0) view.used = analysis.used;
  if (written.length > 0) view.written = written;
  return view;
}

/** What the input writes, for the session memory: text when shown, downloads, what a copy was made from, links. */
function writtenEntries(analysis: Analysis): WrittenEntry[] {
  const entries: WrittenEntry[] = [];
  for (const [path, file] of analysis.files) {
    if (file.writer < 0) continue;
    const writer = analysis.commands[file.writer];
    const origins = (writer?.reads ?? []).filter((read) => read !== path);
    const link = writer?.name === "ln" && writer.flags.includes("-s") && writer.operands.length === 2 ? writer.operands[0] : undefined;
    entries.push({
      path,
      ...(file.content !== undefined ? { content: file.content } : {}),
      ...(file.downloaded || analysis.isDownloaded(path) ? { downloaded: true as const } : {}),
      ...(origins.length > 0 && link === undefined ? { origins } : {}),
      ...(link !== undefined ? { link } : {}),
    });
  }
  return entries;
}

/** At most a few distinct reasons: one is enough to decide, five are enough to understand. */
function summarize(problems: string[]): string[] {
  if (problems.length <= MAX_PROBLEMS_SHOWN) return problems;
  return [...problems.slice(0, MAX_PROBLEMS_SHOWN), `… and ${problems.length - MAX_PROBLEMS_SHOWN} more`];
}
