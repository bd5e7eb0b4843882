// The files a known program obeys (../programs/obeyed-files.ts), as rows of
// the runner table: each file is read in its format, the values at the keys
// (or the pattern's matches, or the INI key) are taken as the table says — a
// shell line, a list of words, a file of code to read in turn — and the file
// itself read as code where it is code. The same readers serve a write of
// such a file (`obeyedCommands`), judged by its content.
import type { Carried, CodeRole, ObeyedFile, ObeyedPaths, ValueRole } from "../programs/obeyed-files.ts";
import { OBEYED_FILES } from "../programs/obeyed-files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { CMAKE_PATHS, cmakeReader } from "./cmake-meson.ts";
import { iniValues, listItems, programFile, pythonModuleFile, unquoted } from "./config-rows.ts";
import { type Loaded, NODE, PROGRAM, PYTHON, type Reading, type Row, relative, strings } from "./file-rows.ts";
import { parsedJson } from "../languages/jsonc.ts";
import { parsedToml } from "./manifest-scripts.ts";
import { type FileLookup, inDir, knownText, type Snippet, shellWord } from "./snippet.ts";
import { codeSnippets } from "./test-runners.ts";
import { parseYaml } from "./yaml-data.ts";
import { MAX_CONFIG_NAMED_FILES } from "../../limits.ts";

// ─── values in a file ─────────────────────────────────────────────────────

/** The file's data in its format; undefined when it is not in it. */
function parsed(format: Extract<Carried, { in: "keys" }>["format"], content: string): unknown {
  if (format === "json") return parsedJson(content, true);
  if (format === "toml") return parsedToml(content);
  if (format === "yaml") return parseYaml(content);
  const front = /^---\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)/.exec(content);
  return front ? parseYaml(front[1]!) : undefined;
}

/** Whether a key matches a path segment: `*` any key, `x*` any key starting `x`. */
function keyMatches(segment: string, key: string): boolean {
  if (segment === "*") return true;
  return segment.endsWith("*") ? key.startsWith(segment.slice(0, -1)) : key === segment;
}

/** The values at a dotted path; a list on the way is walked item by item. */
function valuesAt(data: unknown, path: readonly string[]): unknown[] {
  if (Array.isArray(data)) return data.flatMap((item) => valuesAt(item, path));
  if (path.length === 0) return [data];
  if (typeof data !== "object" || data === null) return [];
  const [segment, ...rest] = path;
  return Object.entries(data as Record<string, unknown>).flatMap(([key, value]) => (keyMatches(segment!, key) ? (rest.length === 0 ? [value] : valuesAt(value, rest)) : []));
}

/** A value as the strings it holds: a list's items (a list inside one is a command's words), an object's command. */
function valueStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap((item) => (Array.isArray(item) ? [argvLine(strings(item))] : valueStrings(item)));
  if (typeof value === "object" && value !== null) {
    const object = value as Record<string, unknown>;
    return ["command", "script", "cmd"].flatMap((key) => strings(object[key]));
  }
  return [];
}

function argvLine(words: readonly string[]): string {
  return words.map(shellWord).join(" ");
}

/** A pattern's match as its value: a quoted string unquoted (Perl's `q(…)` too), a list of quoted words as one command. */
function matchValue(raw: string, as: ValueRole | "argv"): string {
  if (as === "argv") return argvLine([...raw.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((word) => (word[1] !== undefined ? word[1].replace(/\\(.)/g, "$1") : word[2]!)));
  const perl = /^qq?\(([\s\S]*)\)$/.exec(raw);
  if (perl) return perl[1]!;
  if (/^`[\s\S]*`$/.test(raw)) return raw.slice(1, -1);
  return raw.startsWith('"') ? unquoted(raw.replace(/\\([^"\\])/g, "$1")) : unquoted(raw);
}

/** The values one carried entry finds in a file's text. */
function carriedValues(carried: Exclude<Carried, { in: "whole" }>, content: string): string[] {
  switch (carried.in) {
    case "keys": {
      const data = parsed(carried.format, content);
      return carried.keys.flatMap((key) => valuesAt(data, key.split(".")).flatMap(valueStrings));
    }
    case "ini":
      return iniValues(content, new RegExp(carried.section, "i"), carried.key).flatMap(listItems);
    case "pattern":
      return [...content.matchAll(new RegExp(carried.pattern, "gm"))].map((match) => matchValue(match[1]!, carried.as));
  }
}

/** Template syntax a generator fills in before it runs the line (EJS `<%= name %>`, Jinja `{{ x }}`): a plain word. */
function filledIn(line: string, vars: Readonly<Record<string, string>>): string {
  let text = line.replace(/<%[=-]?[\s\S]*?%>/g, "x").replace(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g, "x");
  for (const [name, value] of Object.entries(vars)) text = text.replace(new RegExp(`\\$\\{${name}\\}|\\$${name}\\b`, "g"), value);
  return text;
}

// ─── files named by values ────────────────────────────────────────────────

/** A module path named in a config (`./plugins/x.mjs`, `scripts/notarize.js`), not a package name (`typedoc-plugin-x`, `@scope/x`). */
function modulePath(value: string): string | undefined {
  const path = value.trim();
  if (path.startsWith("/") || path.startsWith("@") || path.split("/").includes("..") || /[$`<>|;&]/.test(path)) return undefined;
  return path.startsWith(".") || path.includes("/") || /\.[cm]?[jt]s$/.test(path) ? relative(path) : undefined;
}

/** The files a value names, each with how it is read. */
function namedFiles(value: string, as: ValueRole, home: string, vars: Readonly<Record<string, string>>): Loaded[] {
  if (typeof as === "object") {
    const dir = modulePath(`${value.replace(/\/+$/, "")}/`);
    return dir === undefined ? [] : [{ path: inDir(dir, as.files), reading: readingOf([{ in: "whole", as: as.code }], vars) }];
  }
  switch (as) {
    case "shell":
      return [];
    case "program":
      return strings(programFile(value, home)).map((path) => ({ path, reading: PROGRAM }));
    case "node":
      return strings(modulePath(value)).map((path) => ({ path, reading: NODE }));
    case "python":
      return strings(modulePath(value)).map((path) => ({ path, reading: PYTHON }));
    case "python-module":
      return strings(pythonModuleFile(value.replace(/:\w+$/, ""))).map((path) => ({ path, reading: PYTHON }));
    case "python-dir": {
      const dir = modulePath(value.endsWith(".py") ? value : `${value.replace(/\/+$/, "")}/`);
      if (dir === undefined) return [];
      return [{ path: value.endsWith(".py") ? dir : inDir(dir, "*.py"), reading: PYTHON }];
    }
  }
}

// ─── a file's snippets ────────────────────────────────────────────────────

function codeOf(as: CodeRole, path: string, content: string, via: string, vars: Readonly<Record<string, string>>): Snippet[] {
  switch (as) {
    case "python":
      return codeSnippets("python")(path, content, via);
    case "cmake":
      return cmakeReader("configure", { ...CMAKE_PATHS, ...vars })(path, content, via);
    case "node":
    case "ruby":
    case "perl":
    case "sh":
      return [{ kind: "file", path, interpreter: as, via }];
  }
}

/** The shell lines of a file: each value that is a command, filled in. */
function obeyedLines(carried: readonly Carried[], content: string, vars: Readonly<Record<string, string>> = {}): string[] {
  return carried.flatMap((entry) =>
    entry.in === "whole" || (entry.as !== "shell" && entry.as !== "argv") ? [] : carriedValues(entry, content).map((line) => filledIn(line, vars)),
  );
}

function readingOf(carried: readonly Carried[], vars: Readonly<Record<string, string>>): Reading {
  return {
    kind: "snippets",
    read: (path, content, via) => [
      ...carried.flatMap((entry) => (entry.in === "whole" ? codeOf(entry.as, path, content, via, vars) : [])),
      ...obeyedLines(carried, content, vars).map((text): Snippet => ({ kind: "shell", text, via })),
    ],
  };
}

// ─── the rows ─────────────────────────────────────────────────────────────

/** The command's operands (words not starting with `-`), after its subcommand's words. */
function operands(command: SimpleCommand): string[] {
  return command.args.filter((arg) => !arg.startsWith("-"));
}

/** How many words the matching subcommand takes, or undefined when the command runs none of them (0 when any run reads the files). */
function subcommandWords(entry: ObeyedFile, words: readonly string[]): number | undefined {
  if (!entry.subcommands) return 0;
  const matched = entry.subcommands.find((sub) => sub.split(" ").every((word, index) => words[index] === word));
  return matched === undefined ? undefined : matched.split(" ").length;
}

/** The directory `{dir}` stands for, when the entry has one and the command names one inside the project. */
function dirOf(entry: ObeyedFile, command: SimpleCommand): string | undefined {
  if (!entry.dir) return ".";
  const words = operands(command);
  let named: string | undefined;
  if ("operand" in entry.dir) named = words[(subcommandWords(entry, words) ?? 0) + entry.dir.operand];
  else {
    const options = entry.dir.option;
    const at = command.args.findIndex((arg) => options.includes(arg));
    named = at >= 0 ? command.args[at + 1] : command.args.flatMap((arg) => options.flatMap((option) => (arg.startsWith(`${option}=`) ? [arg.slice(option.length + 1)] : [])))[0];
  }
  if (named === undefined || named.startsWith("/") || named.includes(":") || named.split("/").includes("..")) return undefined;
  return relative(named);
}

/** A table path with the command's directory put in; a home path (`~/`) in home. */
function pathIn(path: string, dir: string, home: string): string {
  if (path.startsWith("~/")) return `${home}/${path.slice(2).replaceAll("{dir}", dir)}`;
  return relative(dir === "." ? path.replace(/^\{dir\}\/?/, "") || "." : path.replaceAll("{dir}", dir));
}

function varsOf(entry: ObeyedFile, dir: string): Record<string, string> {
  return Object.fromEntries(Object.entries(entry.vars ?? {}).map(([name, value]) => [name, value.replaceAll("{dir}", dir === "." ? "." : `./${dir}`)]));
}

/** The values the command gives these options (`--opt VALUE`, `--opt=VALUE`). */
function optionValues(args: readonly string[], options: readonly string[]): string[] {
  return args.flatMap((arg, index) => {
    if (options.includes(arg)) return strings(args[index + 1]);
    const option = options.find((name) => name.startsWith("--") && arg.startsWith(`${name}=`));
    return option === undefined ? [] : [arg.slice(option.length + 1)];
  });
}

/** A project file an option names, or undefined outside the project. */
function projectFile(value: string): string | undefined {
  return value === "" || value.startsWith("/") || value.includes("://") || value.split("/").includes("..") || /^[[{]/.test(value) ? undefined : relative(value);
}

/** The group of the entry's files a config an option names is read as: the one with its extension, else the first. */
function groupFor(entry: ObeyedFile, path: string): ObeyedPaths {
  const ext = /\.[\w]+$/.exec(path)?.[0];
  return (ext && entry.files.find((group) => group.paths.some((known) => known.endsWith(ext)))) || entry.files[0]!;
}

/** Every config the run reads: the entry's own files where the program looks, and those its options name. */
function configFiles(entry: ObeyedFile, command: SimpleCommand, home: string): { path: string; group: ObeyedPaths }[] {
  const dir = dirOf(entry, command)!;
  const named = optionValues(command.args, entry.configOptions ?? []).flatMap((value) => strings(projectFile(value)).map((path) => ({ path, group: groupFor(entry, path) })));
  return [...entry.files.flatMap((group) => group.paths.map((path) => ({ path: pathIn(path, dir, home), group }))), ...named];
}

function rowOf(entry: ObeyedFile): Row {
  const loaded = (command: SimpleCommand, _words: readonly string[], home: string): Loaded[] => {
    const vars = varsOf(entry, dirOf(entry, command)!);
    return configFiles(entry, command, home).map(({ path, group }) => ({ path, reading: readingOf(group.carried, vars) }));
  };
  return {
    what: entry.what,
    programs: entry.programs,
    when: (command) => subcommandWords(entry, operands(command)) !== undefined && dirOf(entry, command) !== undefined,
    files: loaded,
    follow: (get: FileLookup, command: SimpleCommand, home: string) => {
      const vars = varsOf(entry, dirOf(entry, command)!);
      const fromOptions = (entry.valueOptions ?? []).flatMap(({ options, as }) => optionValues(command.args, options).flatMap((value) => namedFiles(value, as, home, vars)));
      const fromFiles = configFiles(entry, command, home).flatMap(({ path, group }) => {
        const content = knownText(path, get)?.content;
        if (content === undefined) return [];
        return group.carried.flatMap((carried) =>
          carried.in === "whole" || carried.as === "shell" || carried.as === "argv"
            ? []
            : carriedValues(carried, content).flatMap((value) => namedFiles(value, carried.as as ValueRole, home, vars)),
        );
      });
      return [...fromOptions, ...fromFiles].slice(0, MAX_CONFIG_NAMED_FILES);
    },
  };
}

export const OBEYED_ROWS: readonly Row[] = OBEYED_FILES.map(rowOf);

// ─── a write of such a file ───────────────────────────────────────────────

/** A table path as a pattern over a written file's absolute path: anywhere, `{dir}` and `**` any folders, `*` a name. */
function pathPattern(path: string): RegExp {
  const source = path
    .replace(/[.+^$()|\\[\]]/g, "\\$&")
    .replace(/^~\//, "")
    .replace(/\{dir\}\/|\*\*\//g, "\u0000")
    .replace(/\{dir\}/g, "[^/]+")
    .replace(/\*/g, "[^/]*")
    .replaceAll("\u0000", "(?:.*/)?");
  return new RegExp(`(?:^|/)${source}$`);
}

type WritePattern = { pattern: RegExp; carried: readonly Carried[]; vars: Readonly<Record<string, string>> };

/** Every table path as a pattern, made when a write is first judged: ~1.5 ms of CPU that no start needs (issue 27). */
let writePatterns: readonly WritePattern[] | undefined;

function allWritePatterns(): readonly WritePattern[] {
  writePatterns ??= OBEYED_FILES.flatMap((entry) =>
    entry.files.flatMap((group) =>
      group.paths.filter((path) => path !== "{dir}").map((path) => ({ pattern: pathPattern(path), carried: group.carried, vars: varsOf(entry, ".") })),
    ),
  );
  return writePatterns;
}

/**
 * The shell lines a file some known program obeys holds, by its path (a darcs `posthook`, a tauri
 * `beforeBuildCommand`): what a write of it is judged by. Files it names are judged when they are written.
 */
export function obeyedCommands(path: string, content: string): string[] {
  return [
    ...new Set(
      allWritePatterns()
        .filter((entry) => entry.pattern.test(path))
        .flatMap((entry) => obeyedLines(entry.carried, content, entry.vars)),
    ),
  ];
}
