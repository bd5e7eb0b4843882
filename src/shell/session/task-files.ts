// Task runners and build tools whose files are code: `rake TASK` runs the
// Rakefile's task (its `sh` lines, FileUtils calls and Ruby), `task NAME` the
// Taskfile's commands, Gradle the exec calls of build.gradle(.kts) and Maven
// the executables pom.xml's exec and antrun plugins start. Each is read from
// the file's text; the task asked for (and what it depends on) where the
// file says which lines belong to which task (Gradle: gradle-tasks.ts), the
// whole file's calls where it does not (Maven: the phases and plugin goals
// asked for, maven-phases.ts).
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { UNKNOWN } from "../languages/code.ts";
import { readLanguage } from "../languages/index.ts";
import { gradleTaskCalls } from "./gradle-tasks.ts";
import { mavenGoalCalls } from "./maven-phases.ts";
import { firstKnown, inDir, knownTexts, optionValue, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";
import { MAX_TASK_FILE_TASKS } from "../../limits.ts";

export function taskFileRun(command: SimpleCommand): ProjectRun | undefined {
  if (command.name === "rake") return rakeRun(command);
  if (command.name === "task" || command.name === "go-task") return taskfileRun(command);
  if (command.name === "gradle" || command.name === "gradlew") {
    const goals = operandsOf(command, GRADLE_VALUE_OPTIONS);
    // The build file's calls of the tasks the goals run, where the file says which those are (gradle-tasks.ts).
    const calls = (text: string, path: string) => {
      // A build script is Groovy, or Kotlin when it ends in .kts: its task bodies are read by that language's calls too.
      const read = (body: string) => gradleCalls(body, path.endsWith(".kts") ? "kotlin" : "groovy");
      return path.startsWith("build") ? (gradleTaskCalls(text, goals.length > 0 ? goals : defaultTasks(text), read) ?? read(text)) : read(text);
    };
    return {
      ...buildFileRun(`gradle${goals.length > 0 ? ` ${goals.join(" ")}` : ""}`, ["build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"], calls),
      targets: goals,
    };
  }
  if (command.name === "mvn" || command.name === "mvnw") {
    const goals = operandsOf(command, MAVEN_VALUE_OPTIONS);
    // The plugin calls of the phases and goals asked for, where the file says which those are (maven-phases.ts).
    return buildFileRun(`maven${goals.length > 0 ? ` ${goals.join(" ")}` : ""}`, ["pom.xml"], (text) => mavenGoalCalls(text, goals, mavenCalls) ?? mavenCalls(text));
  }
  return undefined;
}

const operandsOf = (command: SimpleCommand, valueOptions: ReadonlySet<string>) => {
  const words: string[] = [];
  for (let index = 0; index < command.args.length; index++) {
    const arg = command.args[index]!;
    if (valueOptions.has(arg)) index++;
    else if (!arg.startsWith("-") && !arg.includes("=")) words.push(arg);
  }
  return words;
};

// ─── Rake ─────────────────────────────────────────────────────────────────

const RAKE_VALUE_OPTIONS = new Set(["-f", "--rakefile", "-C", "--directory", "-I", "--libdir", "-r", "--require", "-R", "--rakelibdir", "-e", "--execute"]);

type RakeTask = { dependencies: string[]; body: string[] };

function rakeRun(command: SimpleCommand): ProjectRun {
  const dir = optionValue(command.args, ["-C"], ["--directory"]);
  const named = optionValue(command.args, ["-f"], ["--rakefile"]);
  const candidates: FileNeed[] = (named ? [named] : ["Rakefile", "rakefile", "Rakefile.rb", "rakefile.rb"]).map((name) => ({ path: inDir(dir, name), role: "rakefile" }));
  const goals = operandsOf(command, RAKE_VALUE_OPTIONS).map((goal) => goal.replace(/\[.*$/, ""));
  return {
    what: `rake ${goals.join(" ")}`.trim(),
    targets: goals,
    candidates,
    read: (get) => {
      const file = firstKnown(candidates, get);
      if (!file) return [];
      const via = `rake ${goals.join(" ")} (${file.path}, ${file.label})`.replace("rake  (", "rake (");
      return rakeSnippets(file.content, goals.length > 0 ? goals : ["default"], via);
    },
  };
}

/** The task lines: `task :name`, `task "name"`, `task name: [:deps]`, `task :name => :dep`, inside `namespace :ns do`. */
function parseRakefile(text: string): { tasks: Map<string, RakeTask>; top: string[]; cleans: { clean: string[]; clobber: string[] } } {
  const tasks = new Map<string, RakeTask>();
  const top: string[] = [];
  const cleans = { clean: [] as string[], clobber: [] as string[] };
  const namespaces: Array<{ name: string; indent: number }> = [];
  let current: { task: RakeTask; indent: number } | undefined;
  for (const line of text.split(/\r?\n/)) {
    const indent = /^\s*/.exec(line)![0].length;
    const trimmed = line.trim();
    if (current) {
      if (indent <= current.indent && /^end\b|^}/.test(trimmed)) current = undefined;
      else current.task.body.push(trimmed);
      continue;
    }
    while (namespaces.length > 0 && indent <= namespaces.at(-1)!.indent && /^end\b/.test(trimmed)) namespaces.pop();
    const namespace = /^namespace\s+[:"']?([\w-]+)["']?\s+do\b/.exec(trimmed);
    if (namespace) {
      namespaces.push({ name: namespace[1]!, indent });
      continue;
    }
    const header = /^(?:task|file|directory|multitask)\s*\(?\s*(?::([\w-]+)|["']([\w:-]+)["']|([\w-]+):)\s*(.*)$/.exec(trimmed);
    if (header) {
      const name = [...namespaces.map((ns) => ns.name), header[1] ?? header[2] ?? header[3]!].join(":");
      const rest = header[4]!;
      const task: RakeTask = tasks.get(name) ?? { dependencies: [], body: [] };
      const deps = /(?:=>|^)\s*(\[[^\]]*\]|:[\w-]+|["'][\w:-]+["'])/.exec(rest.replace(/\bdo\b.*$/, ""));
      if (deps) task.dependencies.push(...[...deps[1]!.matchAll(/:([\w-]+)|["']([\w:-]+)["']/g)].map((dep) => dep[1] ?? dep[2]!));
      tasks.set(name, task);
      const inline = /\{\s*(.*)\}\s*$/.exec(rest);
      if (inline) task.body.push(inline[1]!);
      else if (/\bdo\b(\s*\|[^|]*\|)?\s*$/.test(rest)) current = { task, indent };
      continue;
    }
    const clean = /^(CLEAN|CLOBBER)\s*\.\s*include\s*\(?(.*)$/.exec(trimmed);
    if (clean) (clean[1] === "CLEAN" ? cleans.clean : cleans.clobber).push(...stringLiterals(clean[2]!));
    else if (trimmed !== "" && !trimmed.startsWith("#") && !/^(?:require|desc|end)\b/.test(trimmed)) top.push(trimmed);
  }
  return { tasks, top, cleans };
}

function rakeSnippets(text: string, goals: readonly string[], via: string): Snippet[] {
  const { tasks, top, cleans } = parseRakefile(text);
  // Code outside any task runs whenever rake loads the file.
  const lines = [...top];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || seen.size >= MAX_TASK_FILE_TASKS) return;
    seen.add(name);
    const task = tasks.get(name);
    for (const dependency of task?.dependencies ?? [])
      visit(tasks.has(dependency) ? dependency : name.includes(":") ? `${name.slice(0, name.lastIndexOf(":"))}:${dependency}` : dependency);
    if (task) lines.push(...task.body);
    // rake/clean's tasks remove what CLEAN (and CLOBBER) list.
    if (name === "clean" || name === "clobber")
      for (const path of name === "clean" ? cleans.clean : [...cleans.clean, ...cleans.clobber]) lines.push(`rm_rf ${JSON.stringify(path)}`);
  };
  for (const goal of goals) visit(goal);
  return rubyLines(lines, via);
}

/** FileUtils methods Rake puts in scope, as the shell commands they amount to. */
const FILE_UTILS: Readonly<Record<string, string>> = {
  rm_rf: "rm -rf",
  rm_r: "rm -r",
  rm_f: "rm -f",
  rm: "rm",
  remove_dir: "rm -r",
  safe_unlink: "rm -f",
  mkdir_p: "mkdir -p",
  cp_r: "cp -r",
  mv: "mv",
  chmod_R: "chmod -R",
};

/** Ruby lines: `sh "…"` as shell, FileUtils calls as their commands, the rest as Ruby code (system, backticks). */
function rubyLines(lines: readonly string[], via: string): Snippet[] {
  const snippets: Snippet[] = [];
  const ruby: string[] = [];
  for (const line of lines) {
    const sh = /^(?:sh|system|exec)\s*\(?\s*(.*?)\)?\s*$/.exec(line);
    const utils = /^(?:FileUtils\.)?(\w+)\s*\(?\s*(.*?)\)?\s*$/.exec(line);
    if (sh) {
      const words = rubyWords(sh[1]!);
      if (words.length === 1) snippets.push({ kind: "shell", text: interpolated(words[0]!, (name) => `"$${name}"`), via });
      else if (words.length > 1) snippets.push({ kind: "shell", text: words.map((word) => interpolated(word, (name) => `"$${name}"`, shellWord)).join(" "), via });
      continue;
    }
    if (utils && FILE_UTILS[utils[1]!] !== undefined) {
      const words = rubyWords(utils[2]!);
      snippets.push({ kind: "shell", text: [FILE_UTILS[utils[1]!], ...words.map((word) => (word.startsWith("~") ? word : shellWord(word)))].join(" "), via });
      continue;
    }
    ruby.push(line);
  }
  if (ruby.length > 0) snippets.push({ kind: "shell", text: `ruby -e ${shellWord(ruby.join("\n"))}`, via });
  return snippets;
}

/** Ruby's ways to name the home directory. */
const RUBY_HOME = String.raw`File\.expand_path\(\s*["']~["']\s*\)|Dir\.home|ENV\[["']HOME["']\]|ENV\.fetch\(["']HOME["']\)`;
/** Marks where a string interpolated a value (`"rm -rf #{Dir.home}"`): the home directory, or a value only the run knows. */
const HOME_MARK = "\uE000HOME\uE000";
const VALUE_MARK = "\uE000RAKE_VALUE\uE000";

/**
 * A string's text with its interpolations as shell variables: `"rm -rf #{Dir.home}"` runs `rm -rf "$HOME"`, and
 * `"rm -rf #{dir}"` a value only the run knows. `plain` quotes the literal parts of a word given alone.
 */
function interpolated(text: string, variable: (name: string) => string, plain: (part: string) => string = (part) => part): string {
  if (!text.includes("\uE000")) return plain(text);
  return text
    .split(/\uE000(HOME|RAKE_VALUE)\uE000/)
    .map((part, index) => (index % 2 === 1 ? variable(part) : part === "" ? "" : plain(part)))
    .join("");
}

/** The words of a Ruby argument list: string literals, and the home directory however it is spelt. */
function rubyWords(text: string): string[] {
  const marked = text.replace(new RegExp(String.raw`#\{\s*(?:${RUBY_HOME})\s*\}`, "g"), HOME_MARK).replace(/#\{[^}]*\}/g, VALUE_MARK);
  const home = marked.replace(new RegExp(RUBY_HOME, "g"), '"~"');
  const literals = stringLiterals(home);
  if (literals.length > 0) return literals;
  return home.trim() === "" ? [] : ["${RAKE_VALUE}"];
}

function stringLiterals(text: string): string[] {
  return [...text.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|%[qQ]?[({]([^)}]*)[)}]/g)].map((match) => (match[1] ?? match[2] ?? match[3] ?? "").replace(/\\(.)/g, "$1"));
}

// ─── Taskfile ─────────────────────────────────────────────────────────────

const TASK_VALUE_OPTIONS = new Set(["-t", "--taskfile", "-d", "--dir", "-o", "--output", "-c", "--color", "--concurrency", "-C", "--interval"]);

function taskfileRun(command: SimpleCommand): ProjectRun {
  const dir = optionValue(command.args, ["-d"], ["--dir"]);
  const named = optionValue(command.args, ["-t"], ["--taskfile"]);
  const candidates: FileNeed[] = (named ? [named] : ["Taskfile.yml", "taskfile.yml", "Taskfile.yaml", "taskfile.yaml", "Taskfile.dist.yml"]).map((name) => ({
    path: inDir(dir, name),
    role: "taskfile",
  }));
  const goals = operandsOf(command, TASK_VALUE_OPTIONS).filter((goal) => goal !== "--");
  return {
    what: `task ${goals.join(" ")}`.trim(),
    targets: goals,
    candidates,
    read: (get) => {
      const file = firstKnown(candidates, get);
      if (!file) return [];
      const via = `task ${goals.join(" ")} (${file.path}, ${file.label})`.replace("task  (", "task (");
      return taskCommands(file.content, goals.length > 0 ? goals : ["default"]).map((text): Snippet => ({ kind: "shell", text, via }));
    },
  };
}

/**
 * The yaml library, loaded when a Taskfile is first read: its module takes
 * ~10 ms of CPU to evaluate, which every first hook paid before (issue 27),
 * and most projects have no Taskfile.
 */
function yamlLibrary(): typeof import("yaml") {
  return require("yaml");
}

type TaskSpec = { cmds?: unknown; deps?: unknown; cmd?: unknown };

function taskCommands(text: string, goals: readonly string[]): string[] {
  let parsed: unknown;
  try {
    parsed = yamlLibrary().parse(text, { maxAliasCount: 100 });
  } catch {
    // Not YAML task can read: it runs nothing.
    return [];
  }
  const root = isRecord(parsed) ? parsed : {};
  const vars = new Map<string, string>();
  if (isRecord(root.vars)) for (const [name, value] of Object.entries(root.vars)) if (typeof value === "string" || typeof value === "number") vars.set(name, String(value));
  const tasks = isRecord(root.tasks) ? root.tasks : {};
  const lines: string[] = [];
  const seen = new Set<string>();
  const expand = (line: string) => line.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, name: string) => vars.get(name) ?? `\${TASK_${name}}`);
  const visit = (name: string) => {
    if (seen.has(name) || seen.size >= MAX_TASK_FILE_TASKS) return;
    seen.add(name);
    const spec = tasks[name];
    const task: TaskSpec = typeof spec === "string" ? { cmds: [spec] } : Array.isArray(spec) ? { cmds: spec } : isRecord(spec) ? spec : {};
    for (const dep of Array.isArray(task.deps) ? task.deps : []) {
      const depName = typeof dep === "string" ? dep : isRecord(dep) && typeof dep.task === "string" ? dep.task : undefined;
      if (depName) visit(depName);
    }
    const cmds = Array.isArray(task.cmds) ? task.cmds : typeof task.cmd === "string" ? [task.cmd] : [];
    for (const cmd of cmds) {
      if (typeof cmd === "string") lines.push(expand(cmd));
      else if (isRecord(cmd) && typeof cmd.cmd === "string") lines.push(expand(cmd.cmd));
      else if (isRecord(cmd) && typeof cmd.task === "string") visit(cmd.task);
    }
  };
  for (const goal of goals) visit(goal);
  return lines.filter((line) => line.trim() !== "");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// ─── Gradle and Maven ─────────────────────────────────────────────────────

/** Gradle's options that take a value (the value is no task name). */
const GRADLE_VALUE_OPTIONS = new Set([
  "-x",
  "--exclude-task",
  "-p",
  "--project-dir",
  "-b",
  "--build-file",
  "-c",
  "--settings-file",
  "-g",
  "--gradle-user-home",
  "-I",
  "--init-script",
  "--console",
  "--warning-mode",
  "-D",
  "-P",
]);

/** Maven's options that take a value (the value is no goal). */
const MAVEN_VALUE_OPTIONS = new Set([
  "-f",
  "--file",
  "-s",
  "--settings",
  "-gs",
  "--global-settings",
  "-t",
  "--toolchains",
  "-pl",
  "--projects",
  "-rf",
  "--resume-from",
  "-T",
  "--threads",
  "-P",
  "--activate-profiles",
  "-l",
  "--log-file",
  "-b",
  "--builder",
  "-D",
  "--define",
]);

/** `defaultTasks 'a', 'b'` (what a bare `gradle` runs); else Gradle's own `help`. */
function defaultTasks(text: string): string[] {
  const line = /\bdefaultTasks\s*\(?([^\n)]*)/.exec(text)?.[1];
  const names = line ? [...line.matchAll(/["']([\w:-]+)["']/g)].map((match) => match[1]!) : [];
  return names.length > 0 ? names : ["help"];
}

function buildFileRun(what: string, files: readonly string[], calls: (text: string, path: string) => string[]): ProjectRun {
  const [main, ...rest] = files;
  const candidates: FileNeed[] = what.startsWith("gradle")
    ? files.filter((path) => path.startsWith("build")).map((path) => ({ path, role: "buildfile" }))
    : [{ path: main!, role: "buildfile" }];
  return {
    what,
    candidates,
    extra: rest.filter((path) => !path.startsWith("build")).map((path) => ({ path, role: "buildfile", optional: true })),
    read: (get) =>
      knownTexts(files, get).flatMap((file) => {
        const via = `${what} (${file.path}, ${file.label})`;
        return calls(file.content, file.path).map((text): Snippet => ({ kind: "shell", text, via }));
      }),
  };
}

/**
 * Gradle's own calls — `commandLine 'rm', '-rf', x`, `commandLine("sh", "-c", "…")`, `executable "x"` with `args …`,
 * `delete(path)` of a path the script names — and what the script's code does in its language (`"cmd".execute()`,
 * `Runtime.getRuntime().exec(…)`, `ProcessBuilder`, `File(…).deleteRecursively()`). A delete of a value the build
 * computes (`delete rootProject.buildDir`) is the build's own output and left out, as is a program only the run knows.
 */
function gradleCalls(text: string, language: "groovy" | "kotlin"): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/commandLine\s*(?:=\s*listOf\s*)?\(?\s*([^\n)]*)/g)) pushWords(out, literalsOrUnknown(match[1]!));
  for (const match of text.matchAll(/executable\s*(?:=\s*)?\(?\s*(["'][^"']*["'])[\s\S]{0,200}?args\s*(?:=\s*listOf\s*)?\(?\s*([^\n)]*)/g))
    pushWords(out, [...stringLiterals(match[1]!), ...literalsOrUnknown(match[2]!)]);
  for (const match of text.matchAll(/(?<![\w.])(?:project\.)?delete\s*(\(?)/g)) {
    const paths = gradlePaths(deleteArgument(text, match.index + match[0].length, match[1] === "("));
    if (paths.length > 0 && !paths.includes("${GRADLE_VALUE}")) pushWords(out, ["rm", "-r", "--", ...paths]);
  }
  for (const line of readLanguage(language, text, language).lines) if (!line.line.startsWith(UNKNOWN) && !out.includes(line.line)) out.push(line.line);
  return out;
}

/** exec-maven-plugin's `<executable>` with its `<argument>`s; antrun's `<exec executable="…">` with its `<arg value|line>`s. */
function mavenCalls(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/<executable>([^<]*)<\/executable>([\s\S]*?)(?:<\/configuration>|$)/g)) {
    const args = [...match[2]!.matchAll(/<argument>([^<]*)<\/argument>/g)].map((arg) => xmlText(arg[1]!));
    pushWords(out, [xmlText(match[1]!), ...args]);
  }
  for (const match of text.matchAll(/<exec\b[^>]*\bexecutable="([^"]*)"[^>]*>([\s\S]*?)<\/exec>/g)) {
    const args = [...match[2]!.matchAll(/<arg\s+(value|line)="([^"]*)"/g)];
    const words = args.flatMap((arg) => (arg[1] === "line" ? xmlText(arg[2]!).split(/\s+/) : [xmlText(arg[2]!)]));
    pushWords(out, [xmlText(match[1]!), ...words]);
  }
  return out;
}

function xmlText(text: string): string {
  return text.trim().replaceAll("&quot;", '"').replaceAll("&apos;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

/** The text of `delete(…)`'s arguments (to the matching parenthesis), or of `delete a, b` (to the line's end or a block). */
function deleteArgument(text: string, from: number, parenthesised: boolean): string {
  let depth = 0;
  for (let at = from; at < text.length; at++) {
    const char = text[at]!;
    if (char === '"' || char === "'") at = text.indexOf(char, at + 1) < 0 ? text.length : text.indexOf(char, at + 1);
    else if (char === "(") depth++;
    else if (char === ")" && depth-- === 0) return text.slice(from, at);
    else if (!parenthesised && (char === "\n" || char === "{")) return text.slice(from, at);
  }
  return text.slice(from);
}

/**
 * The paths `delete` is given: each argument a concatenation of literals and the home directory
 * (`System.getProperty("user.home") + "/.m2"` is ~/.m2, not ~), `file(…)`/`File(…)` standing for its path;
 * anything else is a value the build computes.
 */
function gradlePaths(text: string): string[] {
  if (text.trim() === "") return [];
  return splitTopLevel(text, ",").map((argument) => {
    const pieces = splitTopLevel(argument, "+").map((operand) => gradlePathPiece(operand.trim()));
    return pieces.every((piece) => piece !== undefined) ? pieces.join("") : "${GRADLE_VALUE}";
  });
}

const GRADLE_HOME = /^(?:System\.getProperty\(\s*["']user\.home["']\s*\)|System\.getenv\(\s*["']HOME["']\s*\))$/;

function gradlePathPiece(operand: string): string | undefined {
  if (GRADLE_HOME.test(operand)) return "~";
  const wrapped = /^(?:new\s+)?(?:java\.io\.)?(?:file|File|project\.file)\s*\(([\s\S]*)\)$/.exec(operand);
  if (wrapped) return gradlePaths(wrapped[1]!).length === 1 ? gradlePaths(wrapped[1]!)[0] : undefined;
  const literal = /^"((?:[^"\\$]|\\.)*)"$|^'((?:[^'\\]|\\.)*)'$/.exec(operand);
  return literal ? (literal[1] ?? literal[2]!).replace(/\\(.)/g, "$1") : undefined;
}

/** `text` split at `separator` outside quotes and brackets. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === '"' || char === "'") at = text.indexOf(char, at + 1) < 0 ? text.length : text.indexOf(char, at + 1);
    else if ("([{".includes(char)) depth++;
    else if (")]}".includes(char)) depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, at));
      start = at + 1;
    }
  }
  return [...parts, text.slice(start)];
}

function literalsOrUnknown(text: string): string[] {
  const home = text.replace(/System\.getProperty\(\s*["']user\.home["']\s*\)?|System\.getenv\(\s*["']HOME["']\s*\)?/g, '"~"');
  const literals = stringLiterals(home);
  return literals.length > 0 ? literals : text.trim() === "" ? [] : ["${GRADLE_VALUE}"];
}

function pushWords(out: string[], words: readonly string[]) {
  if (words.length === 0 || words[0] === "") return;
  out.push(words.map((word) => (word.startsWith("${") || word === "~" || word.startsWith("~/") ? word : shellWord(word))).join(" "));
}
