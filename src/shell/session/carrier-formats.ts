// The smallest honest readers of the files build, task and dev tools obey
// (build-carriers.ts): each extracts the commands its format runs and
// nothing else. A string handed to a call that runs a shell, an argv list
// joined back into the command line it amounts to, the lines under a key
// of a YAML or TOML file, a Procfile's lines, an Earthfile's LOCALLY RUN
// lines, Packer's shell-local provisioners. What a format hides (a value
// known only at run time) is left as a variable nobody knows.
import { parse as parseToml } from "smol-toml";
import { isRecord } from "../languages/jsonc.ts";
import { type Snippet, shellWord } from "./snippet.ts";
import { literals, topLevelArgs, topLevelScan } from "./task-runners.ts";
import { parseYaml, record, records } from "./yaml-data.ts";
import { CARRIER_CALL_WINDOW_CHARS, MAX_CARRIER_FORMAT_TASKS } from "../../limits.ts";

const strings = (value: unknown): string[] =>
  typeof value === "string" ? [value] : Array.isArray(value) ? value.flatMap((item) => (Array.isArray(item) ? strings(item) : typeof item === "string" ? [item] : [])) : [];

/** An argv as the command line that runs it. */
const joined = (argv: readonly string[]) => argv.map(shellWord).join(" ");

/**
 * The first argument of the call starting at each match of `start`: a string is a shell command line, a list of
 * strings (`["sh", "-c", "…"]`) the argv it is.
 */
export function shellCalls(content: string, start: RegExp, via: string): Snippet[] {
  const snippets: Snippet[] = [];
  for (const match of content.matchAll(start)) {
    const rest = content.slice(match.index + match[0].length, match.index + match[0].length + CARRIER_CALL_WINDOW_CHARS);
    const text = /^[[(]/.test(rest) ? listCommand(rest.slice(1)) : literals(rest, true)[0];
    if (text !== undefined && text.trim() !== "") snippets.push({ kind: "shell", text, via });
  }
  return snippets;
}

/** A list's string items as one argv; undefined when an item is no literal. */
function listCommand(inside: string): string | undefined {
  const items = topLevelArgs(inside)
    .map((item) => item.trim())
    .filter((item) => item !== "");
  const argv = items.map((item) => literals(item, true)[0]);
  if (argv.length === 0 || argv.some((word) => word === undefined)) return undefined;
  return argv.length === 1 ? argv[0] : joined(argv as string[]);
}

/**
 * After each match of `start` (the opening of a list or a call), its items up to where it closes: a string is a
 * command line, a nested list of strings an argv (doit's actions). With `oneArgv` the whole list is one argv
 * (`Seq("sh", "-c", "…")`, zig's `&.{ "sh", "-c", "…" }`), or one command line when it holds one string.
 */
export function argvText(content: string, start: RegExp, oneArgv = false): string[] {
  const found: string[] = [];
  for (const match of content.matchAll(start)) {
    const rest = content.slice(match.index + match[0].length, match.index + match[0].length + CARRIER_CALL_WINDOW_CHARS);
    if (oneArgv) {
      const end = closingAt(rest);
      const argv = literals(rest.slice(0, end));
      if (argv.length === 1) found.push(argv[0]!);
      else if (argv.length > 1) found.push(joined(argv));
      continue;
    }
    for (const item of topLevelArgs(rest)) {
      const trimmed = item.trim();
      if (/^[[(]/.test(trimmed)) {
        const text = listCommand(trimmed.slice(1));
        if (text !== undefined) found.push(text);
      } else {
        const text = literals(trimmed, true)[0];
        if (text !== undefined) found.push(text);
      }
    }
  }
  return found;
}

/** Where the list or call the text is inside of closes (its first closing bracket outside quotes), or the text's end. */
function closingAt(text: string): number {
  return topLevelScan(text).end;
}

/** Bazel's make variables (`$(location x)`, `$(SRCS)`, `$@`) as values nobody knows; `$$` is a shell's `$`. */
export function bazelText(text: string): string {
  return text.replace(/\$\$|\$\((?:[^()]|\([^()]*\))*\)|\$[@<^]/g, (found) => (found === "$$" ? "$" : "${BAZEL_VALUE}"));
}

// ─── Earthfile ────────────────────────────────────────────────────────────

/** The RUN lines after LOCALLY in the targets named (every target when none is), following BUILD +other. */
export function earthfileLines(content: string, targets: readonly string[]): string[] {
  const bodies = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of content.replace(/\\\r?\n/g, " ").split(/\r?\n/)) {
    const header = /^([A-Za-z][\w-]*):\s*$/.exec(line);
    if (header) {
      current = [];
      bodies.set(header[1]!, current);
    } else if (/^\S/.test(line) && !line.startsWith("#")) current = undefined;
    else if (current && line.trim() !== "" && !line.trim().startsWith("#")) current.push(line.trim());
  }
  const found: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || seen.size >= MAX_CARRIER_FORMAT_TASKS) return;
    seen.add(name);
    let locally = false;
    for (const line of bodies.get(name) ?? []) {
      const build = /^(?:BUILD|WAIT\s+BUILD)\s+(?:--\S+\s+)*\+([\w-]+)/.exec(line);
      if (build) visit(build[1]!);
      if (/^LOCALLY\b/.test(line)) locally = true;
      const run = /^RUN\s+((?:--[\w-]+(?:=\S+)?\s+)*)(.*)$/.exec(line);
      if (!run || !locally) continue;
      const command = run[2]!.trim();
      found.push(command.startsWith("[") ? (listCommand(command.slice(1)) ?? command) : command);
    }
  };
  for (const name of targets.length > 0 ? targets : [...bodies.keys()]) visit(name);
  return found;
}

// ─── Packer ───────────────────────────────────────────────────────────────

/** Packer's shell-local provisioners and post-processors: their inline lines and command, and the scripts they run. */
export function packerShellLocal(content: string, path: string, via: string): Snippet[] {
  const blocks = path.endsWith(".json") ? packerJsonBlocks(content) : packerHclBlocks(content);
  const snippets: Snippet[] = [];
  for (const block of blocks) {
    for (const text of block.inline) snippets.push({ kind: "shell", text: packerText(text), via });
    for (const script of block.scripts)
      if (!script.startsWith("/") && !script.split("/").includes("..") && !script.includes("$")) snippets.push({ kind: "file", path: script.replace(/^\.\//, ""), via });
  }
  return snippets;
}

type ShellLocal = { inline: string[]; scripts: string[] };

function packerHclBlocks(content: string): ShellLocal[] {
  const blocks: ShellLocal[] = [];
  for (const match of content.matchAll(/\b(?:provisioner|post-processor)\s+"shell-local"\s*\{/g)) {
    const rest = content.slice(match.index + match[0].length, match.index + match[0].length + CARRIER_CALL_WINDOW_CHARS * 4);
    const body = rest.slice(0, closingAt(rest));
    const listed = (key: string) => {
      const list = new RegExp(`\\b${key}\\s*=\\s*\\[`).exec(body);
      return list ? literals(body.slice(list.index + list[0].length, list.index + list[0].length + closingAt(body.slice(list.index + list[0].length)))) : [];
    };
    const single = (key: string) => {
      const value = new RegExp(`\\b${key}\\s*=\\s*`).exec(body);
      return value ? literals(body.slice(value.index + value[0].length), true).slice(0, 1) : [];
    };
    blocks.push({ inline: [...listed("inline"), ...single("command")], scripts: [...single("script"), ...listed("scripts")] });
  }
  return blocks;
}

function packerJsonBlocks(content: string): ShellLocal[] {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    // Packer refuses a template it cannot parse: nothing runs.
    return [];
  }
  const top = record(data);
  if (!top) return [];
  // post-processors may be a list of chains (lists), each run in turn.
  const post = Array.isArray(top["post-processors"]) ? top["post-processors"].flatMap((item) => records(Array.isArray(item) ? item : [item])) : [];
  const steps = [...records(top.provisioners), ...post];
  return steps
    .filter((step) => step.type === "shell-local")
    .map((step) => ({ inline: [...strings(step.inline), ...strings(step.command)], scripts: [...strings(step.script), ...strings(step.scripts)] }));
}

/** HCL's `${var.x}` and Go templates' `{{ .Vars }}` as values nobody knows; `$${` is a literal `${`. */
const packerText = (text: string) =>
  text
    .replace(/(?<!\$)\$\{[^}]*\}/g, "${PACKER_VALUE}")
    .replace(/\{\{[^}]*\}\}/g, "${PACKER_VALUE}")
    .replace(/\$\$\{/g, "${");

// ─── CI files run locally ─────────────────────────────────────────────────

/** GitHub Actions expressions (`${{ github.sha }}`) are values nobody here knows. */
const actionsText = (text: string) => text.replace(/\$\{\{[^}]*\}\}/g, "${ACTIONS_VALUE}");

/** A workflow's `run` steps, of the job named or of every job. */
export function workflowRunLines(content: string, job: string | undefined): string[] {
  const jobs = record(record(parseYaml(content))?.jobs);
  if (!jobs) return [];
  const found: string[] = [];
  for (const [name, value] of Object.entries(jobs)) {
    if (job !== undefined && name !== job) continue;
    for (const step of records(record(value)?.steps)) if (typeof step.run === "string") found.push(actionsText(step.run));
  }
  return found;
}

/** What is no job at the top of .gitlab-ci.yml. */
const GITLAB_KEYWORDS = new Set(["stages", "variables", "default", "include", "workflow", "image", "services", "before_script", "after_script", "cache", "pages"]);

/** A GitLab job's before_script, script and after_script (the defaults where the job has none; `extends` followed). */
export function gitlabJobLines(content: string, wanted: readonly string[]): string[] {
  const data = record(parseYaml(content));
  if (!data) return [];
  const defaults = record(data.default) ?? data;
  const names = wanted.length > 0 ? wanted : Object.keys(data).filter((name) => !GITLAB_KEYWORDS.has(name) && !name.startsWith("."));
  const found: string[] = [];
  for (const name of names) {
    const job = resolvedJob(data, name, 0);
    if (!job) continue;
    found.push(...strings(job.before_script ?? defaults.before_script), ...strings(job.script), ...strings(job.after_script ?? defaults.after_script));
  }
  return found;
}

function resolvedJob(data: Record<string, unknown>, name: string, depth: number): Record<string, unknown> | undefined {
  const job = record(data[name]);
  if (!job || depth > 8) return job;
  const parents = strings(job.extends);
  if (parents.length === 0) return job;
  return Object.assign({}, ...parents.map((parent) => resolvedJob(data, parent, depth + 1) ?? {}), job);
}

// ─── Procfile ─────────────────────────────────────────────────────────────

/** Each `name: command` line (only the names asked for, when some are). */
export function procfileLines(content: string, names: readonly string[]): string[] {
  const found: string[] = [];
  for (const line of content.split(/\r?\n/)) {
    const entry = /^([\w-]+):\s*(\S.*)$/.exec(line);
    if (!entry || (names.length > 0 && !names.includes(entry[1]!))) continue;
    found.push(entry[2]!);
  }
  return found;
}

// ─── Poe the Poet ─────────────────────────────────────────────────────────

/** A poe task's command lines: its deps first, cmd and shell lines, sequences and refs followed. */
export function poeTaskLines(content: string, task: string): string[] {
  let data: unknown;
  try {
    data = parseToml(content);
  } catch {
    // poe refuses a file it cannot parse: nothing runs.
    return [];
  }
  const top = isRecord(data) ? data : {};
  const tool = isRecord(top.tool) && isRecord(top.tool.poe) ? top.tool.poe : top;
  const tasks = isRecord(tool.tasks) ? tool.tasks : {};
  const found: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || seen.size >= MAX_CARRIER_FORMAT_TASKS) return;
    seen.add(name);
    const entry = tasks[name];
    run(entry);
  };
  const run = (entry: unknown) => {
    if (typeof entry === "string") found.push(entry);
    else if (Array.isArray(entry)) {
      // A sequence's string item names a task when one has that name; otherwise it is a command.
      for (const item of entry) {
        const head = typeof item === "string" ? item.split(/\s+/)[0]! : "";
        if (head in tasks) visit(head);
        else run(item);
      }
    } else if (isRecord(entry)) {
      for (const dependency of strings(entry.deps)) visit(dependency.split(/\s+/)[0]!);
      if (isRecord(entry.uses)) for (const used of strings(Object.values(entry.uses))) visit(used.split(/\s+/)[0]!);
      for (const key of ["cmd", "shell"]) if (typeof entry[key] === "string") found.push(entry[key]);
      if (typeof entry.ref === "string") visit(entry.ref.split(/\s+/)[0]!);
      if (Array.isArray(entry.sequence)) run(entry.sequence);
    }
  };
  visit(task);
  return found;
}

// ─── JavaScript config objects ────────────────────────────────────────────

/** A JavaScript string: quoted, or a template literal whose `${…}` parts are values only the run knows. */
const JS_STRING = /^\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`)/;

function jsString(text: string): string | undefined {
  const match = JS_STRING.exec(text);
  if (!match) return undefined;
  if (match[3] !== undefined) return match[3].replace(/\$\{[^}]*\}/g, "${JS_VALUE}").replace(/\\(.)/g, "$1");
  return (match[1] ?? match[2]!).replace(/\\(.)/g, "$1");
}

/**
 * The strings a JavaScript (or JSON-like) config gives the keys `key` matches (`"before:init": "cmd"`,
 * `prepareCmd: 'cmd'`, `"*.ts": ["cmd", "cmd"]`, `"*.ts": (files) => \`cmd\``): a string, each string of a list,
 * or what an arrow function returns when it returns a string (a list's functions too). A value built at run time
 * is left out: what cannot be read is not claimed.
 */
export function jsKeyStrings(content: string, key: RegExp): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`(["'\`]?)(?:${key.source})\\1\\s*:\\s*`, "g");
  for (const match of content.matchAll(pattern)) {
    const rest = content.slice(match.index + match[0].length, match.index + match[0].length + CARRIER_CALL_WINDOW_CHARS);
    const items = rest.startsWith("[") ? topLevelArgs(rest.slice(1)) : [rest];
    for (const item of items) {
      const value = item.replace(/^\s*(?:async\s+)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*=>\s*(?:\{\s*return\s+)?/, "");
      const text = jsString(value);
      if (text !== undefined && text.trim() !== "") found.push(text);
    }
  }
  return found;
}
