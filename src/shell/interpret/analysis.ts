// One analysis in progress: the commands found so far, the flows between
// them, the files the input writes (so a script written and then run is judged
// by its content), what could not be judged, and the one work budget.
import { posix } from "node:path";
import { EXCERPT_CHARS, MAX_INPUT_LINKS, MAX_LINK_HOPS } from "../../limits.ts";
import { throughProcessRoot } from "../../match/path.ts";
import { redactThenTruncate } from "../../match/secrets/for-log.ts";
import type { WorkBudget } from "../budget.ts";
import { AnalysisLimit } from "../budget.ts";
import type { ProgramTable } from "../programs/table.ts";
import type { FileNeed, KnownFile, KnownFiles } from "../view/files.ts";
import type { Flow, FlowChannel, SimpleCommand } from "../view/view.ts";
import type { CommandNode, CompoundList, ParsedScript } from "unbash";
import type { Field } from "../expand/field.ts";
import type { RunContext } from "./run-context.ts";
import type { Cwd, State } from "./state.ts";

export type ShellLimits = {
  maxDepth: number;
  maxCommands: number;
  maxAlternatives: number;
};

/** A file the input itself writes before it uses it. */
export type WrittenFile = {
  /** The command that wrote it. */
  writer: number;
  /** Its content, when the input shows it (a heredoc, echo/printf output). */
  content?: string;
  /** It was downloaded from the network. */
  downloaded: boolean;
  /** What a command printed went into it (a redirect, tee): a script made this way holds that output, known or not. */
  printed?: true;
  /** Added to the end of what the file held (`>>`, `tee -a`): its content is the part added. */
  append?: true;
  /** Given from outside the input (the session memory, the disk): where it came from, for reasons. */
  given?: string;
  /** Files its content was copied from (given files; a compressor's output, `f.gz` from `f`). */
  origins?: readonly string[];
};

/**
 * What a command prints when the input does not show the text but its kind is known: paths (find's, a new temp
 * path, the path of a program: shell patterns, one of which each printed path matches), shell set-up code, or
 * or one word with no slash or blank in it (`$(date +%s)`, `$(id -u)`: WORD_PRINTERS; patterns of it), or nothing.
 */
/**
 * What a command prints, as far as the input shows its kind. `paths` with `tidy`: every line is a path relative to
 * where the command ran, with no `.` or `..` part (git's own listings), so a filter on how lines start
 * (`grep '^tmp/'`) keeps only paths under that directory.
 */
export type PrintedKind = { kind: "paths"; patterns: readonly string[]; tidy?: true } | { kind: "setup" } | { kind: "word"; patterns: readonly string[]; name?: true };

/**
 * The statement walker, handed to each analysis: walking a statement runs its commands, and a command can carry
 * statements of its own (`bash -c`, `$(…)`, a function body, a wrapped command). run.ts, launches.ts and
 * word-environment.ts call back into walk.ts through this, as expand/ calls back through its WordEnvironment,
 * so no file of interpret/ imports one that imports it.
 */
export type Walker = {
  walkSource(source: string, analysis: Analysis, state: State): State;
  walkScript(script: ParsedScript, analysis: Analysis, state: State): void;
  walkCommandNode(node: CommandNode | CompoundList, analysis: Analysis, state: State): void;
  runCommand(argv: readonly Field[], context: RunContext, analysis: Analysis, state: State): void;
};

export class Analysis {
  readonly commands: SimpleCommand[] = [];
  readonly flows: Flow[] = [];
  readonly #flowKeys = new Set<string>();
  readonly unresolved: string[] = [];
  /** Parts of what runs that no reader here can read, though the program that runs them can (a zsh line): unseen code, not an error. */
  readonly unseenParts: string[] = [];
  readonly files = new Map<string, WrittenFile>();
  /**
   * Symbolic links the input made (`ln -s ~ build`), by the link's path: a path through one (`build/`, `build/x`,
   * `build/*`) is the target's, as the kernel follows it. The link's own path (`rm build`) stays the link.
   */
  readonly links = new Map<string, string>();
  /** Files the input runs that it did not write and was not given: the extension may read them. */
  readonly needs: FileNeed[] = [];
  /** Given files the judgement drew on: "path (label)". */
  readonly used: string[] = [];
  /** Directories the input unpacked a downloaded archive into ("." for the project's own): what is under them came from the network. */
  readonly downloadedTrees: string[] = [];
  /** For each command, how many substitutions deep its output is captured (0: it goes to stdout). */
  readonly capturedAt: number[] = [];
  /** What a command prints, when the input shows it (echo, printf, cat <<EOF). */
  readonly outputs = new Map<number, string>();
  /** What a command prints, by kind, when its text is not known (see PrintedKind). */
  readonly printedKinds = new Map<number, PrintedKind>();
  /** Trap handlers (`trap '…' EXIT`), judged when the input has run: they see the variables as they are then. */
  readonly atExit: Array<{ text: string; via: string; state: State }> = [];
  /** `git config alias.p 'push --force'` earlier in the input: the alias is there for the git commands after it. */
  readonly gitAliases = new Map<string, string>();
  /** Command names of packages the input installed as tools that are no well-known ones (tool-installs.ts). */
  readonly installedTools = new Set<string>();
  /** How deep values are being evaluated one inside another right now (a variable's value read as arithmetic naming another). */
  evaluating = 0;
  /** Given files made from other files (the session's copies, archives, encodings): what each was made from (copied-text.ts). */
  readonly copiedFrom = new Map<string, readonly string[]>();
  /** Characters of sent data looked at for secrets so far (secret-text.ts; at most SECRET_TEXT_SCAN_CHARS). */
  secretTextScanned = 0;
  readonly home: string;
  readonly programs: ProgramTable;
  readonly limits: ShellLimits;
  readonly budget: WorkBudget;
  readonly walker: Walker;

  constructor(options: { home: string; programs: ProgramTable; limits: ShellLimits; budget: WorkBudget; walker: Walker; known?: KnownFiles }) {
    this.home = options.home;
    this.programs = options.programs;
    this.limits = options.limits;
    this.budget = options.budget;
    this.walker = options.walker;
    for (const [path, file] of options.known ?? []) this.#seed(path, file);
  }

  /** A file known from outside the input: judged as if the input had written it before it began. */
  #seed(path: string, file: KnownFile) {
    if (file.origins && file.origins.length > 0) this.copiedFrom.set(path, file.origins);
    if (file.absent || file.binary || file.matches || file.link !== undefined) return;
    if (file.content === undefined && !file.downloaded) return;
    const given = file.label ?? "known";
    this.files.set(path, {
      writer: -1,
      downloaded: file.downloaded === true,
      given,
      ...(file.content !== undefined ? { content: file.content } : {}),
      ...(file.origins ? { origins: file.origins } : {}),
    });
  }

  /** A file the input runs that nobody has shown it. */
  need(need: FileNeed) {
    if (!this.needs.some((known) => known.path === need.path && known.role === need.role)) this.needs.push(need);
  }

  /**
   * A data file's text (a list xargs reads, a snippet piped to an interpreter, `$(< f)`), as written above or
   * given; asked for when unknown, so that the next round of the analysis has it from the memory or the disk.
   */
  dataText(path: string | undefined): string | undefined {
    if (path === undefined) return undefined;
    const file = this.files.get(path);
    if (file?.content === undefined) {
      this.need({ path, role: "substituted", optional: true });
      return undefined;
    }
    if (file.given !== undefined) this.usedGiven(path, file.given);
    return file.content;
  }

  /** A given file the judgement drew on. */
  usedGiven(path: string, label: string) {
    const text = `${path} (${label})`;
    if (!this.used.includes(text)) this.used.push(text);
  }

  charge(units = 1) {
    this.budget.charge(units);
  }

  /** Record a command (its output captured `captured` substitutions deep); returns its index. */
  emit(command: SimpleCommand, captured: number): number {
    if (this.commands.length >= this.limits.maxCommands) throw new AnalysisLimit(`the input runs more than ${this.limits.maxCommands} commands`);
    this.charge();
    if (captured > 0) command.outputShown = false;
    this.commands.push(command);
    this.capturedAt.push(captured);
    return this.commands.length - 1;
  }

  flow(from: number, to: number, channel: FlowChannel, path?: string) {
    if (from === to || from < 0) return;
    const key = `${from}>${to}:${channel}`;
    if (this.#flowKeys.has(key)) return;
    this.charge();
    this.#flowKeys.add(key);
    // What goes down a pipe is the next command's to print or not.
    const source = this.commands[from];
    if (channel === "pipe" && source) source.outputShown = false;
    this.flows.push(path === undefined ? { from, to, channel } : { from, to, channel, path });
  }

  /** Something in the input cannot be judged statically; `state.via` says where. */
  problem(state: Pick<State, "via">, reason: string) {
    const text = `${viaPrefix(state.via)}${reason}`;
    if (!this.unresolved.includes(text)) this.unresolved.push(text);
  }

  /** Part of the input runs code the guard cannot read (defaults.unseen_code); `state.via` says where. */
  unseen(state: Pick<State, "via">, part: string) {
    const text = `${viaPrefix(state.via)}${part}`;
    if (!this.unseenParts.includes(text)) this.unseenParts.push(text);
  }

  /** Going one level deeper is allowed; otherwise the limit is reported and false returned. */
  canNest(state: Pick<State, "depth">): boolean {
    if (state.depth < this.limits.maxDepth) return true;
    const reason = `the input nests deeper than ${this.limits.maxDepth} levels`;
    if (!this.unresolved.includes(reason)) this.unresolved.push(reason);
    return false;
  }

  /** A path the input downloaded, or unpacked from a downloaded archive. */
  isDownloaded(path: string): boolean {
    if (this.files.get(path)?.downloaded) return true;
    return this.downloadedTrees.some((dir) => (dir === "." ? !path.startsWith("/") : path === dir || path.startsWith(`${dir}/`)));
  }

  /** `ln -s TARGET LINK` ran: LINK (a path of the analysis) names TARGET; a relative TARGET is relative to LINK's directory. */
  addLink(link: string, target: string) {
    if (this.links.size >= MAX_INPUT_LINKS) return;
    const absolute = target.startsWith("/") || target.startsWith("~");
    const cwd: Cwd = link.startsWith("/") ? { kind: "absolute", path: "/" } : { kind: "project", relative: "" };
    const resolved = this.resolvePath(absolute ? target : posix.join(posix.dirname(link), target), cwd);
    if (resolved !== undefined && resolved !== link) this.links.set(link, resolved);
  }

  /** A path as the policy compares it: `~` expanded, normalized, relative ones against the working directory. */
  resolvePath(text: string, cwd: Cwd): string | undefined {
    if (text === "" || text.includes("://")) return undefined;
    const expanded = text === "~" ? this.home : text.startsWith("~/") ? this.home + text.slice(1) : text;
    if (expanded.startsWith("/")) return throughProcessRoot(trimSlash(this.#throughLinks(posix.normalize(expanded))));
    if (cwd.kind === "unknown") return undefined;
    const base = cwd.kind === "absolute" ? cwd.path : cwd.relative;
    const joined = base === "" ? expanded : posix.join(base, expanded);
    return throughProcessRoot(trimSlash(this.#throughLinks(posix.normalize(joined))));
  }

  /** `build/x` where the input made `build` a link to ~: ~/x (links to links are followed a bounded number of times). */
  #throughLinks(path: string): string {
    let current = path;
    for (let hop = 0; hop < MAX_LINK_HOPS && this.links.size > 0; hop++) {
      const link = [...this.links.keys()].find((name) => current.startsWith(`${name}/`));
      if (link === undefined) return current;
      current = posix.normalize(`${this.links.get(link)!}${current.slice(link.length)}`);
    }
    return current;
  }
}

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

export function viaPrefix(via: readonly string[]): string {
  if (via.length === 0) return "";
  const shown = via.length > 4 ? ["…", ...via.slice(-3)] : via;
  return `in ${shown.join(" → ")}: `;
}

/** Source text for a message: on one line, redacted, and short enough to read (cut after redaction, never through a secret). */
export function excerpt(text: string): string {
  return redactThenTruncate(text.replace(/\s+/g, " "), EXCERPT_CHARS);
}
