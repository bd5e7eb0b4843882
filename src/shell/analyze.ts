import { posix } from "node:path";
// The entry point of the shell model: one input in, the shell view out —
// every simple command it would run, the flows between them, and what could
// not be judged statically. The stages, each a folder, in pipeline order:
// parse/ (unbash), expand/ (words), interpret/ (statements, commands,
// launches), view/ (what the policy sees). interpret/ consults programs/ (the
// one registry of what each program's arguments mean and what it launches)
// and languages/ (code other programs carry).
import { MAX_PROBLEMS_SHOWN } from "../limits.ts";
import { AnalysisLimit, type Clock, WorkBudget } from "./budget.ts";
import { tagCountedOutputs } from "./interpret/counted-output.ts";
import { tagEnvNames } from "./interpret/env-names.ts";
import { tagTrialDestinations } from "./interpret/trial-destinations.ts";
import { tagPublicFields } from "./interpret/public-fields.ts";
import { Analysis } from "./interpret/analysis.ts";
import { commandSources } from "./interpret/copied-text.ts";
import { initialState } from "./interpret/state.ts";
import { WALKER, walkAfterEarlierLines, walkSource } from "./interpret/walk.ts";
import { asPowershellCommand, looksLikePowershell } from "./languages/powershell.ts";
import { FILE_COPIERS } from "./programs/files.ts";
import { ENVIRONMENT_OUTPUT } from "./programs/output-labels.ts";
import type { ProgramTable } from "./programs/table.ts";
import { withProjectCode } from "./session/project-code.ts";
import type { KnownFiles, WrittenEntry } from "./view/files.ts";
import type { ShellView, SimpleCommand } from "./view/view.ts";

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

/**
 * What an interactive shell ran before this input (shell_send): its lines, oldest first, and whether older
 * ones were dropped to keep the memory bounded.
 */
export type EarlierLines = { lines: readonly string[]; dropped: boolean };

const NO_FILES: KnownFiles = new Map();

/**
 * The shell view of one input, with what it runs from project files it was
 * given (`known`: the session's memory and the disk, read by the extension)
 * and the files it would need for the rest; `earlier`: what an interactive
 * shell ran before it. Never throws for a limit: a spent budget is an
 * unresolved reason.
 */
export function analyzeShell(input: string, context: ShellContext, known: KnownFiles = NO_FILES, earlier?: EarlierLines): ShellView {
  const analyze = (text: string, files: KnownFiles) => analyzeInput(text, context, files);
  return withProjectCode(analyzeInput(input, context, known, earlier), { home: context.home, known, depth: 0, analyze });
}

/** The shell view of one input alone. */
function analyzeInput(input: string, context: ShellContext, known: KnownFiles, earlier?: EarlierLines): ShellView {
  const bytes = Buffer.byteLength(input, "utf8");
  if (bytes > context.limits.maxInputBytes) {
    return { commands: [], flows: [], unresolved: [`the command is ${bytes} bytes, over the ${context.limits.maxInputBytes}-byte limit for analysis`] };
  }
  const budget = new WorkBudget(context.limits.maxSteps, context.limits.maxMillis, context.clock);
  const analysis = new Analysis({ home: context.home, programs: context.programs, limits: context.limits, budget, walker: WALKER, known });
  let marks = { commands: 0, problems: 0 };
  try {
    if (earlier && earlier.lines.length > 0) marks = walkAfterEarlierLines(earlier.lines.join("\n"), input, analysis, interactiveState(input, earlier));
    else walkSource(input, analysis, initialState(input));
    // An agent whose shell is PowerShell sends PowerShell: judged as that too, so neither reading hides what runs.
    if (looksLikePowershell(input)) walkSource(asPowershellCommand(input), analysis, initialState(input));
  } catch (error) {
    if (!(error instanceof AnalysisLimit)) throw error;
    analysis.unresolved.push(error.message);
  }
  tagCountedOutputs(analysis);
  tagEnvNames(analysis);
  tagPublicFields(analysis.commands, context.home);
  tagTrialDestinations(analysis);
  if (earlier?.dropped) analysis.unresolved.push("this shell session ran more lines than the guard keeps: what the oldest of them set up cannot be followed");
  const view = newPart(analysis, marks);
  const written = writtenEntries(analysis, marks.commands);
  if (analysis.needs.length > 0) view.needs = analysis.needs;
  if (analysis.unseenParts.length > 0) view.unseenParts = [...analysis.unseenParts];
  if (analysis.used.length > 0) view.used = analysis.used;
  if (written.length > 0) view.written = written;
  return view;
}

/** An interactive shell's state at the start: its history holds the earlier lines, and more saved before them. */
function interactiveState(input: string, earlier: EarlierLines) {
  const state = initialState(input);
  state.history = [...earlier.lines];
  state.historyUnknown = true;
  return state;
}

/** The commands, flows and problems the new input brought (the earlier lines' were judged when they were sent). */
function newPart(analysis: Analysis, marks: { commands: number; problems: number }): ShellView {
  const unresolved = summarize(analysis.unresolved.slice(marks.problems));
  if (marks.commands === 0) return { commands: analysis.commands, flows: analysis.flows, unresolved };
  const shift = marks.commands;
  const flows = analysis.flows.filter((flow) => flow.from >= shift && flow.to >= shift).map((flow) => ({ ...flow, from: flow.from - shift, to: flow.to - shift }));
  return { commands: analysis.commands.slice(shift), flows, unresolved };
}

/** What the input writes, for the session memory: text when shown, downloads, what a copy was made from, links. */
function writtenEntries(analysis: Analysis, from: number): WrittenEntry[] {
  const entries: WrittenEntry[] = [];
  for (const [path, file] of analysis.files) {
    // Files given from outside (-1) and those the earlier lines of an interactive shell wrote are already known.
    if (file.writer < from) continue;
    const writer = analysis.commands[file.writer];
    const origins = (file.origins ?? originsOf(writer, file.writer, analysis)).filter((read) => read !== path);
    const link = writer?.name === "ln" && writer.flags.includes("-s") && writer.operands.length === 2 ? linkTargetOf(path, writer.operands[0]!) : undefined;
    entries.push({
      path,
      ...(file.content !== undefined ? { content: file.content } : {}),
      ...(file.append ? { append: true as const } : {}),
      ...(file.downloaded || analysis.isDownloaded(path) ? { downloaded: true as const } : {}),
      ...(origins.length > 0 && link === undefined ? { origins } : {}),
      ...(link !== undefined ? { link } : {}),
    });
  }
  // A clone or an archive unpacked from a download: what is under its directory came from the network, for the calls
  // after this one too. Not the working directory itself (`tar xz` with no -C): that would make the project a download.
  for (const dir of analysis.downloadedTrees) if (dir !== "." && dir !== "/" && !entries.some((entry) => entry.path === dir)) entries.push({ path: dir, downloaded: true });
  return entries;
}

/**
 * What a symbolic link names, as a path like the analysis's own: a relative target is relative to the link's
 * directory, not to the working directory (`ln -s ../dist public/dist` names `dist`, inside the project). An
 * absolute or home target is kept as written (the engine expands `~`).
 */
function linkTargetOf(linkPath: string, target: string): string {
  if (target === "" || target.startsWith("/") || target.startsWith("~")) return target;
  return posix.normalize(posix.join(posix.dirname(linkPath), target)).replace(/(.)\/$/, "$1");
}

const ENVIRONMENT_FILE = "/proc/self/environ";

/**
 * What a written file was made from: what the writer read, and what was piped into it (`cat .env | base64 > k`) —
 * or, for a rename (mv reads nothing), what it moved.
 */
function originsOf(writer: SimpleCommand | undefined, index: number, analysis: Analysis): readonly string[] {
  if (!writer) return [];
  // `printenv > env.txt`: a copy of the whole environment, as if read from where the kernel keeps it — sending the
  // file later sends every token the session holds.
  if (writer.tags.includes(ENVIRONMENT_OUTPUT)) return [ENVIRONMENT_FILE];
  const sources = withoutQueriedDatabases(writer, commandSources(index, analysis));
  if (sources.length > 0 || !FILE_COPIERS.has(writer.name)) return sources;
  return writer.paths.filter((path) => !writer.writes.includes(path));
}

/**
 * A database client that only ran queries (`sqlite3 -csv data/app.db 'SELECT …' > out.csv`) wrote rows, not the
 * database file it opened in place (read and written): the output is no copy of that file. Only for a database in
 * the project: one in home or elsewhere on the system (a browser's, a tool's) stays the output's origin.
 */
function withoutQueriedDatabases(writer: SimpleCommand, sources: string[]): string[] {
  const statements = writer.code.flatMap((code) => code.statements ?? []);
  if (statements.length === 0 || !statements.every((statement) => statement.kind === "select")) return sources;
  return sources.filter((path) => !(writer.writes.includes(path) && writer.reads.includes(path) && insideProject(path)));
}

/** A relative path that does not climb out: the analysis writes project paths this way. */
function insideProject(path: string): boolean {
  return !path.startsWith("/") && !path.startsWith("~") && path !== ".." && !path.startsWith("../");
}

/** At most a few distinct reasons: one is enough to decide, five are enough to understand. */
function summarize(problems: string[]): string[] {
  if (problems.length <= MAX_PROBLEMS_SHOWN) return problems;
  return [...problems.slice(0, MAX_PROBLEMS_SHOWN), `… and ${problems.length - MAX_PROBLEMS_SHOWN} more`];
}
