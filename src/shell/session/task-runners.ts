// Task runners whose task file is code or names commands: invoke (`inv
// TASK`, `invoke TASK`) imports tasks.py, so the whole file runs as Python
// and each `c.run("…")` is a shell command; Thor (`thor NAME`) loads the
// Thorfile and *.thor files, Ruby whose `run "…"` is a shell command; SCons
// (`scons`) runs SConstruct and the SConscript files as Python, its
// `Execute("…")` and `Command(target, source, "…")` actions shell commands;
// mise (`mise run NAME`) runs a mise.toml task's `run` lines (and those of
// the tasks it depends on) or a task file of that name; pipenv (`pipenv run
// NAME`) runs the Pipfile's `[scripts]` entry of that name.
import { parse as parseToml } from "smol-toml";
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { isRecord } from "../languages/jsonc.ts";
import { firstKnown, knownText, optionValue, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";
import { listedRun } from "./test-runners.ts";
import { MAX_TASK_RUNNER_TASKS } from "../../limits.ts";

/** A string literal's text (Python or Ruby, single or double quotes, an f/r prefix dropped). */
const STRING = /[rRfFbB]{0,2}("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/;

export function taskRunnerRun(command: SimpleCommand): ProjectRun | undefined {
  switch (command.name) {
    case "inv":
    case "invoke":
      return invokeRun(command);
    case "thor":
      return thorRun(command);
    case "scons":
      return sconsRun(command);
    case "mise":
    case "rtx":
      return miseRun(command);
    case "pipenv":
      return pipenvRun(command);
    default:
      return undefined;
  }
}

// ─── invoke ───────────────────────────────────────────────────────────────

function invokeRun(command: SimpleCommand): ProjectRun | undefined {
  if (command.args.some((arg) => /^(?:-V|--version|-h|--help)$/.test(arg)) && !command.args.some((arg) => !arg.startsWith("-"))) return undefined;
  const named = optionValue(command.args, ["-c"], ["--collection"]);
  const root = optionValue(command.args, ["-r"], ["--search-root"]);
  const base = named ?? "tasks";
  const paths = [`${base}.py`, `${base}/__init__.py`].map((path) => (root ? `${root.replace(/\/+$/, "")}/${path}` : path));
  const needs: FileNeed[] = paths.map((path) => ({ path, role: "taskfile" }));
  // Importing the collection runs all of it (listing tasks too): the whole file is judged, its c.run lines as shell.
  return firstOf(`${command.name} (tasks)`, needs, (path, content, via) => [
    { kind: "file", path, interpreter: "python3", via },
    ...calledShell(content, /\.(?:run|sudo|local)\s*\(/g, via),
  ]);
}

// ─── Thor ─────────────────────────────────────────────────────────────────

function thorRun(command: SimpleCommand): ProjectRun | undefined {
  const verb = command.args.find((arg) => !arg.startsWith("-"));
  if (verb === undefined || /^(?:help|version|list|install|installed|uninstall|update)$/.test(verb)) return undefined;
  return listedRun(
    `thor ${verb}`,
    [
      { path: "Thorfile", role: "rakefile" },
      { path: "**/*.thor", role: "rakefile", pattern: true },
    ],
    undefined,
    false,
    (path, content, via) => [
      { kind: "file", path, interpreter: "ruby", via },
      ...calledShell(content, /(?:^|[\s;{(])(?:run|system)\s*\(?\s*(?=["'%])/gm, via),
      ...removals(content, /\b(remove_dir|remove_file|rmtree)\s*\(?\s*(?=["'])/g, via),
    ],
  );
}

// ─── SCons ────────────────────────────────────────────────────────────────

function sconsRun(command: SimpleCommand): ProjectRun | undefined {
  if (command.args.some((arg) => /^(?:-v|--version|-H|--help-options)$/.test(arg))) return undefined;
  const named = optionValue(command.args, ["-f"], ["--file", "--makefile", "--sconstruct"]);
  const needs: FileNeed[] = [
    ...(named ? [named] : ["SConstruct", "Sconstruct", "sconstruct", "SConstruct.py", "Sconstruct.py", "sconstruct.py"]).map((path): FileNeed => ({ path, role: "buildfile" })),
    { path: "**/SConscript", role: "buildfile", pattern: true },
  ];
  return listedRun("scons", needs, undefined, true, (path, content, via) => [
    { kind: "file", path, interpreter: "python3", via },
    ...calledShell(content, /\bExecute\s*\(\s*(?=[rRfF]?["'])/g, via),
    ...commandActions(content, via),
    ...removals(content, /\b(Delete)\s*\(\s*(?=["'])/g, via),
  ]);
}

/** `Command(target, source, "action")`: the action strings (a list of them too). */
function commandActions(content: string, via: string): Snippet[] {
  const snippets: Snippet[] = [];
  for (const match of content.matchAll(/\bCommand\s*\(/g)) {
    const args = topLevelArgs(content.slice(match.index + match[0].length, match.index + match[0].length + 4096));
    const action = args.find((arg) => /^\s*action\s*=/.test(arg))?.replace(/^\s*action\s*=/, "") ?? args.filter((arg) => !/^\s*\w+\s*=/.test(arg))[2];
    if (action === undefined) continue;
    for (const literal of literals(action)) snippets.push({ kind: "shell", text: sconsText(literal), via });
  }
  return snippets;
}

/** SCons's construction variables as shell variables ($TARGET, ${SOURCES}). */
const sconsText = (text: string) => text.replace(/\$\{?(\w+)\}?/g, (_, name: string) => `\${SCONS_${name}}`);

// ─── mise ─────────────────────────────────────────────────────────────────

const MISE_FILES = ["mise.toml", ".mise.toml", "mise/config.toml", ".mise/config.toml", ".config/mise.toml", ".config/mise/config.toml", "mise.local.toml", ".mise.local.toml"];
const MISE_TASK_DIRS = ["mise-tasks", ".mise-tasks", ".mise/tasks", "mise/tasks", ".config/mise/tasks"];

function miseRun(command: SimpleCommand): ProjectRun | undefined {
  const words = command.args.filter((arg) => !arg.startsWith("-"));
  const task = words[0] === "run" || words[0] === "r" ? words[1] : words[0] === "tasks" && words[1] === "run" ? words[2] : undefined;
  if (task === undefined) return undefined;
  const candidates: FileNeed[] = MISE_FILES.map((path) => ({ path, role: "taskfile" }));
  const taskFiles: FileNeed[] = MISE_TASK_DIRS.map((dir) => ({ path: `${dir}/${task.replaceAll(":", "/")}`, role: "script", optional: true }));
  return {
    what: `mise run ${task}`,
    candidates: [],
    extra: [...candidates.map((need) => ({ ...need, optional: true as const })), ...taskFiles],
    read: (get) => {
      const snippets: Snippet[] = [];
      for (const path of MISE_FILES) {
        const file = knownText(path, get);
        if (file) for (const text of miseLines(file.content, task)) snippets.push({ kind: "shell", text, via: `mise run ${task} (${path}, ${file.label})` });
      }
      for (const need of taskFiles) {
        const file = knownText(need.path, get);
        if (file) snippets.push({ kind: "file", path: need.path, interpreter: shebangOf(file.content) ?? "bash", via: `mise run ${task} (${need.path}, ${file.label})` });
      }
      return snippets;
    },
  };
}

/** A mise task's `run` lines (a string, or a list), after those of the tasks in its `depends`; `[tasks] x = "…"` is the short form. */
function miseLines(text: string, task: string): string[] {
  const tasks = tomlTable(text, ["tasks"]);
  const seen = new Set<string>();
  const lines: string[] = [];
  const visit = (name: string) => {
    if (seen.has(name) || seen.size >= MAX_TASK_RUNNER_TASKS) return;
    seen.add(name);
    const entry = tasks[name];
    if (typeof entry === "string" || Array.isArray(entry)) {
      lines.push(...strings(entry));
      return;
    }
    if (!isRecord(entry)) return;
    for (const dependency of strings(entry.depends)) visit(dependency.split(/\s+/)[0]!);
    lines.push(...strings(entry.run));
    for (const dependency of strings(entry.depends_post)) visit(dependency.split(/\s+/)[0]!);
  };
  visit(task);
  return lines;
}

function shebangOf(content: string): string | undefined {
  const line = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(content);
  if (!line) return undefined;
  const program = line[1]!.endsWith("/env") ? line[2] : line[1]!.split("/").pop();
  return program && /^(?:bash|sh|zsh|dash|python[\d.]*|node|ruby|perl)$/.test(program) ? program : undefined;
}

// ─── pipenv ───────────────────────────────────────────────────────────────

function pipenvRun(command: SimpleCommand): ProjectRun | undefined {
  const at = command.args.indexOf("run");
  const name = at < 0 ? undefined : command.args[at + 1];
  if (name === undefined || name.startsWith("-")) return undefined;
  const rest = command.args.slice(at + 2);
  const candidates: FileNeed[] = [{ path: "Pipfile", role: "package.json" }];
  return {
    what: `pipenv run ${name}`,
    // Without a Pipfile entry of that name pipenv runs the word as a program (the analysis reads that already).
    candidates: [],
    extra: candidates.map((need) => ({ ...need, optional: true as const })),
    read: (get) => {
      const file = knownText("Pipfile", get);
      const script = file ? tomlTable(file.content, ["scripts"])[name] : undefined;
      const text = typeof script === "string" ? script : isRecord(script) && typeof script.cmd === "string" ? script.cmd : undefined;
      if (!file || text === undefined) return [];
      return [{ kind: "shell", text: [text, ...rest.map(shellWord)].join(" "), via: `pipenv run ${name} (Pipfile, ${file.label})` }];
    },
  };
}

// ─── Shared ───────────────────────────────────────────────────────────────

/** The first known of `needs`, read by `read`. */
function firstOf(what: string, needs: FileNeed[], read: (path: string, content: string, via: string) => Snippet[]): ProjectRun {
  return {
    what,
    candidates: needs,
    read: (get) => {
      const file = firstKnown(needs, get);
      return file ? read(file.path, file.content, `${what} (${file.path}, ${file.label})`) : [];
    },
  };
}

/** The string a call starting at each match of `start` is given first, as a shell command. */
function calledShell(content: string, start: RegExp, via: string): Snippet[] {
  const snippets: Snippet[] = [];
  for (const match of content.matchAll(start)) {
    const literal = literals(content.slice(match.index + match[0].length, match.index + match[0].length + 4096), true)[0];
    if (literal !== undefined && literal.trim() !== "") snippets.push({ kind: "shell", text: literal, via });
  }
  return snippets;
}

/** `remove_dir "x"`, `Delete("x")`, `rmtree("x")`: the path removed, as the `rm` it amounts to. */
function removals(content: string, start: RegExp, via: string): Snippet[] {
  const snippets: Snippet[] = [];
  for (const match of content.matchAll(start)) {
    const path = literals(content.slice(match.index + match[0].length, match.index + match[0].length + 1024), true)[0];
    if (path === undefined) continue;
    const word = path.startsWith("~") ? path.replace(/[^\w@%+=:,./~-]/g, "") : shellWord(path);
    snippets.push({ kind: "shell", text: `${match[1] === "remove_file" ? "rm -f" : "rm -rf"} ${word}`, via });
  }
  return snippets;
}

/** The string literals of a piece of code (`first`: only one at its start); an f-string's `{…}` is a value nobody knows. */
export function literals(text: string, first = false): string[] {
  const found: string[] = [];
  const pattern = new RegExp(STRING.source, "g");
  for (const match of text.matchAll(pattern)) {
    if (first && text.slice(0, match.index).trim() !== "") break;
    const raw = match[1]!;
    const body = raw.startsWith('"""') || raw.startsWith("'''") ? raw.slice(3, -3) : raw.slice(1, -1);
    const fString = /[fF]/.test(match[0].slice(0, match[0].length - raw.length));
    found.push((fString ? body.replace(/\{[^{}]*\}/g, "${PY_VALUE}") : body).replace(/\\(["'\\])/g, "$1"));
    if (first) break;
  }
  return found;
}

/** A call's arguments split at its top-level commas, up to its closing parenthesis. */
export function topLevelArgs(text: string): string[] {
  return topLevelScan(text).args;
}

/**
 * A list's or call's top level, outside quotes: its items split at commas, and where it closes (the first closing
 * bracket at depth 0; the text's length when it does not close — then the unclosed last item is not in `args`).
 */
export function topLevelScan(text: string): { args: string[]; end: number } {
  const args: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | undefined;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (quote) {
      if (char === "\\") at++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === "(" || char === "[" || char === "{") depth++;
    else if (char === ")" || char === "]" || char === "}") {
      if (depth === 0) {
        args.push(text.slice(start, at));
        return { args, end: at };
      }
      depth--;
    } else if (char === "," && depth === 0) {
      args.push(text.slice(start, at));
      start = at + 1;
    }
  }
  return { args, end: text.length };
}

function tomlTable(text: string, path: readonly string[]): Record<string, unknown> {
  let at: unknown;
  try {
    at = parseToml(text);
  } catch {
    // The tool refuses a file it cannot parse: nothing runs.
    return {};
  }
  for (const key of path) at = isRecord(at) ? at[key] : undefined;
  return isRecord(at) ? at : {};
}

const strings = (value: unknown): string[] => (typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);
