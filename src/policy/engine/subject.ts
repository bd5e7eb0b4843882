// What a tool call looks like to the rules: the simple commands a shell input
// runs (from the injected analyzer), or one pseudo-command holding a file
// tool's paths; plus what makes the call impossible to judge.
import { normalizePath } from "../../match/path.ts";
import { expandHistory } from "../../shell/parse/history.ts";
import { readTerminalInput } from "../../shell/parse/terminal-input.ts";
import { codeFileKind } from "../../shell/programs/code-files.ts";
import type { FileNeed, KnownFiles } from "../../shell/view/files.ts";
import { judgedCodeWrites, writtenCode } from "./written-code.ts";
import { taggedNewFiles } from "./new-files.ts";
import { pseudoCommand, type ShellView, type SimpleCommand } from "../../shell/view/view.ts";
import type { CompiledPolicy } from "./compile.ts";
import type { JsonObject, ToolCallEvent } from "./event.ts";
import { type Places, placesFor } from "./places.ts";

export type CallSubject = {
  tool: readonly string[];
  input: JsonObject;
  commands: SimpleCommand[];
  view?: ShellView;
  /** Why the call cannot be fully judged; each leads to the on_error decision. */
  problems: string[];
  /** shell_send: the partial line left after this input. */
  pendingLine?: string;
  /** How each path is spelled relative to its project and absolutely. */
  places: Places;
  /** shell_send: the lines entered, as bash runs them. */
  enteredLines?: readonly string[];
};

/** Field names that hold a path in file tools (read, write, edit, ls, grep, find, and most MCP file tools). */
const PATH_FIELDS = ["path", "file_path", "filepath", "filename", "file", "paths", "directory", "dir", "target", "source", "destination"];
const WRITING_TOOL = /write|edit|create|delete|remove|move|rename|patch|replace|mkdir|append/i;
/** Tools that only list or find names; every other file tool may read what its path names. */
const LISTING_TOOL = /^(?:ls|find|glob|list_dir(?:ectory)?|list_files)$/i;

export function describeCall(policy: CompiledPolicy, event: ToolCallEvent): CallSubject {
  const places = placesFor(policy.projectRoots, event.projectRoot);
  const field = event.tool.map((name) => policy.shellTools[name]).find((candidate) => candidate !== undefined);
  if (field !== undefined) return { ...describeShellCall(policy, event, field), places };
  return { ...describeFileCall(policy, event), places };
}

function describeShellCall(policy: CompiledPolicy, event: ToolCallEvent, field: string): Omit<CallSubject, "places"> {
  const base = { tool: event.tool, input: event.input };
  const value = event.input[field];
  // shell_start with no command opens the user's shell, which reads its start-up files.
  const opened = value === undefined && event.tool.includes("shell_start") ? "bash" : value;
  if (opened === undefined || opened === null) return { ...base, commands: [], problems: [] };
  if (typeof opened !== "string") return { ...base, commands: [], problems: [`the ${field} field of the ${event.tool[0]} input is not a string`] };
  if (event.tool.includes("shell_send")) return describeTerminalInput(policy, event, opened);
  const text = event.tool.includes("shell_start") ? startedShell(event.input, opened) : opened;
  const view = taggedNewFiles(policy, judgedCodeWrites(policy, inProject(policy.analyzer(text, policy.shell, event.files), event.projectRoot), event), event);
  return { ...base, commands: view.commands, view, problems: view.unresolved };
}

/**
 * shell_start's `working_directory` and `env` as the lines they amount to: the shell starts in that directory with
 * those variables, which its command and every prompt see (`PROMPT_COMMAND` runs at each prompt, `CDPATH` moves a
 * later cd): `cd -- 'DIR'`, `export NAME='value'`, then the command.
 */
function startedShell(input: Readonly<Record<string, unknown>>, command: string): string {
  return [...startedShellLines(input), command].join("\n");
}

/** The lines shell_start's `working_directory` and `env` amount to, before its command (see startedShell). */
export function startedShellLines(input: Readonly<Record<string, unknown>>): string[] {
  const lines: string[] = [];
  const dir = input.working_directory;
  if (typeof dir === "string" && dir !== "") lines.push(`cd -- ${singleQuoted(dir)} || exit`);
  const env = input.env;
  if (env !== null && typeof env === "object" && !Array.isArray(env))
    for (const [name, value] of Object.entries(env)) if (/^[A-Za-z_]\w*$/.test(name)) lines.push(`export ${name}=${singleQuoted(String(value))}`);
  return lines;
}

function singleQuoted(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * With the project root known, an absolute path inside it is a project path (`cd /home/me/app && rm -rf
 * build` cleans the project's build, as `rm -rf build` does). The view may be shared (memoised): changed
 * commands are copies.
 */
function inProject(view: ShellView, root: string | undefined): ShellView {
  if (root === undefined || root === "/") return view;
  const prefix = `${root}/`;
  const touches = (command: SimpleCommand) =>
    [command.paths, command.reads, command.writes, command.treeReads].some((paths) => paths.some((path) => path === root || path.startsWith(prefix)));
  if (!view.commands.some(touches)) return view;
  const relative = (paths: string[]) => paths.map((path) => (path === root ? "." : path.startsWith(prefix) ? path.slice(prefix.length) : path));
  const commands = view.commands.map((command) =>
    touches(command)
      ? {
          ...command,
          paths: relative(command.paths),
          reads: relative(command.reads),
          writes: relative(command.writes),
          treeReads: relative(command.treeReads),
          patterns: relative(command.patterns),
        }
      : command,
  );
  return { ...view, commands };
}

/** shell_send: judge the lines bash will really read, with the partial line kept from earlier sends. */
function describeTerminalInput(policy: CompiledPolicy, event: ToolCallEvent, text: string): Omit<CallSubject, "places"> {
  const terminal = readTerminalInput(event.pendingLine ?? "", text);
  const earlier = event.shellLines ?? { lines: [], dropped: false };
  // `!!`, `!rm`, `^old^new`: interactive bash expands history references before it reads the line.
  const expanded = expandHistory(terminal.lines, earlier.lines);
  const script = expanded.lines.join("\n");
  const view = script === "" ? { commands: [], flows: [], unresolved: [] } : policy.analyzer(script, policy.shell, event.files, earlier);
  return {
    tool: event.tool,
    input: event.input,
    commands: view.commands,
    view,
    problems: [...terminal.problems, ...expanded.problems, ...view.unresolved],
    pendingLine: terminal.pending,
    enteredLines: expanded.lines,
  };
}

function describeFileCall(policy: CompiledPolicy, event: ToolCallEvent): Omit<CallSubject, "places"> {
  const named = filePaths(event.input, policy.home);
  // A path through a link the session made, or one on disk, is also the path it names (`rc` → ~/.bashrc).
  const paths = throughLinks(named, event.files, policy.home);
  const writes = event.tool.some((name) => WRITING_TOOL.test(name)) ? paths : [];
  const reads = writes.length === 0 && !event.tool.some((name) => LISTING_TOOL.test(name)) ? paths : [];
  const pseudo = pseudoCommand({ paths, reads, writes });
  const base = { tool: event.tool, input: event.input };
  if (paths.length === 0) return { ...base, commands: [], problems: [] };
  const code = writes.length === 1 ? writtenCode(policy, event, writes[0]!) : undefined;
  const asked = linkNeeds(named, event.files, policy.home);
  if (!code)
    return asked.length > 0
      ? { ...base, commands: [pseudo], view: { commands: [pseudo], flows: [], unresolved: [], needs: asked }, problems: [] }
      : { ...base, commands: [pseudo], problems: [] };
  // The file's text was judged as the code it is: what it runs stands for the write (rules that stop the
  // write by its path alone skip a write tagged `code-judged`).
  const needs: FileNeed[] = code.need ? [code.need] : [];
  const view = { ...code.view, commands: [...code.view.commands, { ...pseudo, tags: ["code-judged"] }], ...(needs.length > 0 ? { needs } : {}) };
  // What the text runs is held to the shell's rules, those limited to the shell tools included.
  return { ...base, tool: [...event.tool, shellToolName(policy)], commands: view.commands, view, problems: view.unresolved };
}

/**
 * Each path and the directories above it, asked (a link?) unless already known. A file some program runs as
 * code is asked as a path, text included (an edit of it is judged on the text it applies to, written-code.ts);
 * any other only as a link.
 */
function linkNeeds(paths: readonly string[], files: KnownFiles | undefined, home: string): FileNeed[] {
  const needs: FileNeed[] = [];
  for (const path of paths) {
    let at = path;
    for (let step = 0; step < 8 && at !== "" && at !== "/" && at !== "."; step++) {
      const role = codeFileKind(at, home) ? "path" : "link";
      if (!files?.has(at) && !needs.some((need) => need.path === at)) needs.push({ path: at, role, optional: true });
      const slash = at.lastIndexOf("/");
      at = slash <= 0 ? "" : at.slice(0, slash);
    }
  }
  return needs;
}

/** The paths, each one through a known link as the path it names (the file the tool acts on). */
function throughLinks(paths: readonly string[], files: KnownFiles | undefined, home: string): string[] {
  if (!files) return [...paths];
  const out: string[] = [];
  for (const path of paths) {
    const named = linkTarget(path, files, home) ?? path;
    if (!out.includes(named)) out.push(named);
  }
  return out;
}

function linkTarget(path: string, files: KnownFiles, home: string): string | undefined {
  for (const [link, file] of files) {
    if (file.link === undefined) continue;
    const target = normalizePath(file.link, home);
    if (target === undefined) continue;
    if (path === link) return target;
    if (path.startsWith(`${link}/`)) return `${target}${path.slice(link.length)}`;
  }
  return undefined;
}

function shellToolName(policy: CompiledPolicy): string {
  return "bash" in policy.shellTools ? "bash" : (Object.keys(policy.shellTools)[0] ?? "bash");
}

function filePaths(input: JsonObject, home: string): string[] {
  const paths: string[] = [];
  for (const field of PATH_FIELDS) {
    const value = input[field];
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item !== "string") continue;
      const path = normalizePath(item, home);
      if (path !== undefined && !paths.includes(path)) paths.push(path);
    }
  }
  return paths;
}
