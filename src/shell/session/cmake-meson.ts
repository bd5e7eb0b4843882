// CMake and Meson run commands their project files name. CMake: configuring
// (`cmake -S . -B build`, `cmake ..`) runs every `execute_process(COMMAND …)`
// and `file(REMOVE_RECURSE …)` of CMakeLists.txt and the .cmake files it
// includes; building (`cmake --build build`) runs the COMMANDs of
// `add_custom_command` and `add_custom_target`, and may configure again
// first. `cmake -P file.cmake` runs one script. Meson: `meson setup build`
// runs `run_command(…)` of the meson.build files; `meson compile` (and ninja
// in a Meson build) the commands of `custom_target` and `run_target`. Which
// target a build reaches is not followed: every command is judged, as the
// build may reach it.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { inDir, optionValue, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";
import { listedRun } from "./test-runners.ts";
import { MAX_CMAKE_MESON_CALLS, MAX_CMAKE_MESON_CALL_CHARS } from "../../limits.ts";

/** CMake variables as the paths they hold; the rest are values the guard cannot see. */
export const CMAKE_PATHS: Readonly<Record<string, string>> = {
  CMAKE_SOURCE_DIR: ".",
  CMAKE_CURRENT_SOURCE_DIR: ".",
  PROJECT_SOURCE_DIR: ".",
  CMAKE_CURRENT_LIST_DIR: ".",
  CMAKE_BINARY_DIR: "build",
  CMAKE_CURRENT_BINARY_DIR: "build",
  PROJECT_BINARY_DIR: "build",
};

/** CMake's own programs, as its variables name them (`${CMAKE_COMMAND} -E rm -rf …` is cmake's portable rm). */
const CMAKE_PROGRAMS: Readonly<Record<string, string>> = {
  CMAKE_COMMAND: "cmake",
  CMAKE_CTEST_COMMAND: "ctest",
  CMAKE_CPACK_COMMAND: "cpack",
};

/** execute_process's and the custom commands' keywords: each ends the COMMAND before it. */
const CMAKE_KEYWORDS = new Set([
  "COMMAND",
  "WORKING_DIRECTORY",
  "TIMEOUT",
  "RESULT_VARIABLE",
  "RESULTS_VARIABLE",
  "OUTPUT_VARIABLE",
  "ERROR_VARIABLE",
  "INPUT_FILE",
  "OUTPUT_FILE",
  "ERROR_FILE",
  "OUTPUT_QUIET",
  "ERROR_QUIET",
  "COMMAND_ECHO",
  "OUTPUT_STRIP_TRAILING_WHITESPACE",
  "ERROR_STRIP_TRAILING_WHITESPACE",
  "ENCODING",
  "ECHO_OUTPUT_VARIABLE",
  "ECHO_ERROR_VARIABLE",
  "COMMAND_ERROR_IS_FATAL",
  "OUTPUT",
  "DEPENDS",
  "BYPRODUCTS",
  "COMMENT",
  "VERBATIM",
  "USES_TERMINAL",
  "SOURCES",
  "MAIN_DEPENDENCY",
  "IMPLICIT_DEPENDS",
  "DEPFILE",
  "JOB_POOL",
  "JOB_SERVER_AWARE",
  "APPEND",
  "COMMAND_EXPAND_LISTS",
  "DEPENDS_EXPLICIT_ONLY",
  "CODEGEN",
  "TARGET",
  "PRE_BUILD",
  "PRE_LINK",
  "POST_BUILD",
  "ALL",
  "NAME",
  "CONFIGURATIONS",
]);

type Stage = "configure" | "build" | "test";

export function cmakeRun(command: SimpleCommand): ProjectRun | undefined {
  if (command.name !== "cmake") return undefined;
  const args = command.args;
  // `cmake -E …` is a command the program registry reads; --version, --help, --install and presets run no project code.
  if (args.some((arg) => /^(?:-E|--version|--help|-h|--install|--list-presets|--workflow)$/.test(arg))) return undefined;
  const script = optionValue(args, ["-P"]);
  if (script !== undefined) return listedRun(`cmake -P ${script}`, [{ path: script.replace(/^\.\//, ""), role: "buildfile" }], undefined, true, cmakeReader("configure"));
  // The build directory's commands come from the project's lists, wherever it is built from.
  if (args.includes("--build")) return { ...cmakeFiles("cmake --build", ".", "build"), fromRoot: true };
  const source = optionValue(args, ["-S"]) ?? args.find((arg, index) => !arg.startsWith("-") && !/^-[BGTACDU]$/.test(args[index - 1] ?? ""));
  // `cmake ..` is run from a build directory inside the project: its parent is the project.
  const up = source === ".." || source === "../";
  const dir = up ? "" : (source ?? ".").replace(/^\.\/?/, "").replace(/\/+$/, "");
  const run = cmakeFiles(`cmake ${dir || "."}`, dir, "configure");
  return up ? { ...run, fromRoot: true } : run;
}

/**
 * `ctest` (`--test-dir build`, or from the build directory) runs each `add_test` COMMAND of the project's
 * CMakeLists.txt files (the build directory's CTestTestfile.cmake is generated from them).
 */
export function ctestRun(command: SimpleCommand): ProjectRun | undefined {
  if (command.name !== "ctest" || command.args.some((arg) => /^(?:--version|--help|-h|-N|--show-only(?:=.*)?)$/.test(arg))) return undefined;
  // Run from the build directory, it tests the project above it.
  return { ...cmakeFiles("ctest", "", "test"), fromRoot: true };
}

function cmakeFiles(what: string, dir: string, stage: Stage): ProjectRun {
  const needs: FileNeed[] = [
    { path: inDir(dir, "CMakeLists.txt"), role: "buildfile" },
    { path: inDir(dir, "**/CMakeLists.txt"), role: "buildfile", pattern: true },
    { path: inDir(dir, "**/*.cmake"), role: "buildfile", pattern: true },
  ];
  return listedRun(what, needs, undefined, true, cmakeReader(stage));
}

/** A reader of CMake code at a stage; `paths`: the directories its own variables stand for (vcpkg's portfile variables too). */
export function cmakeReader(stage: Stage, paths: Readonly<Record<string, string>> = CMAKE_PATHS) {
  return (_path: string, content: string, via: string): Snippet[] => {
    const snippets: Snippet[] = [];
    const names = stage === "configure" ? /^(?:execute_process|file)$/i : stage === "test" ? /^add_test$/i : /^(?:execute_process|file|add_custom_command|add_custom_target)$/i;
    for (const call of calls(stripCmakeComments(content), /\b([A-Za-z_]\w*)\s*\(/g).slice(0, MAX_CMAKE_MESON_CALLS)) {
      if (!names.test(call.name)) continue;
      const words = cmakeWords(call.args, paths);
      if (stage === "test") {
        // `add_test(NAME n COMMAND cmd …)`, or the old `add_test(n cmd …)`.
        const command = words[0]?.text === "NAME" && !words[0].quoted ? commandsOf(words).at(0) : words.slice(1);
        if (command && command.length > 0) snippets.push(shell(command, via));
        continue;
      }
      if (call.name.toLowerCase() === "file") {
        const verb = words[0]?.text;
        if (verb === "REMOVE_RECURSE" || verb === "REMOVE") snippets.push(shell([{ text: verb === "REMOVE" ? "rm -f" : "rm -rf", raw: true }, ...words.slice(1)], via));
        continue;
      }
      for (const command of commandsOf(words)) snippets.push(shell(command, via));
    }
    return snippets;
  };
}

/** The words after each COMMAND keyword, up to the next keyword. */
function commandsOf(words: readonly Word[]): Word[][] {
  const commands: Word[][] = [];
  let current: Word[] | undefined;
  for (const word of words) {
    if (!word.quoted && CMAKE_KEYWORDS.has(word.text)) {
      if (current && current.length > 0) commands.push(current);
      current = word.text === "COMMAND" ? [] : undefined;
      continue;
    }
    current?.push(word);
  }
  if (current && current.length > 0) commands.push(current);
  return commands;
}

// ─── Meson ────────────────────────────────────────────────────────────────

const MESON_SETUP = new Set(["setup", "configure", "reconfigure"]);
const MESON_BUILD = new Set(["compile", "test", "install", "dist"]);

export function mesonRun(command: SimpleCommand): ProjectRun | undefined {
  if (command.name === "ninja") {
    // ninja runs what a generator wrote; in a Meson build those are meson.build's targets (none when there is none).
    return mesonFiles("ninja", ".", "build", false);
  }
  if (command.name !== "meson") return undefined;
  const verb = command.args.find((arg) => !arg.startsWith("-"));
  if (verb === undefined) return undefined;
  if (MESON_BUILD.has(verb)) return mesonFiles(`meson ${verb}`, ".", "build", true);
  // `meson setup build`, and the old spelling `meson build`: the source is the working directory (or --sourcedir).
  if (MESON_SETUP.has(verb) || !/^(?:help|init|introspect|rewrite|subprojects|wrap|devenv|env2mfile|format|fmt|--\w+)$/.test(verb))
    return mesonFiles(`meson ${verb}`, ".", "configure", true);
  return undefined;
}

function mesonFiles(what: string, dir: string, stage: Stage, primary: boolean): ProjectRun {
  const needs: FileNeed[] = [
    { path: inDir(dir, "meson.build"), role: "buildfile", ...(primary ? {} : { optional: true as const }) },
    { path: inDir(dir, "**/meson.build"), role: "buildfile", pattern: true },
  ];
  return listedRun(what, needs, undefined, primary, (_path, content, via) => mesonCommands(content, stage).map((words) => shell(words, via)));
}

/** The commands of a meson.build's run_command calls, and at build time its custom_target and run_target commands. */
function mesonCommands(content: string, stage: Stage): Word[][] {
  const text = content.replace(/#[^\n]*/g, (comment) => (comment.includes("'") ? "" : comment));
  const commands: Word[][] = [];
  for (const call of calls(text, /\b(run_command|custom_target|run_target)\s*\(/g).slice(0, MAX_CMAKE_MESON_CALLS)) {
    if (call.name === "run_command") {
      // Its positional arguments, up to the first keyword argument (`check: true`).
      const positional = call.args.split(/,\s*\w+\s*:/)[0]!;
      const words = mesonStrings(positional);
      if (words.length > 0) commands.push(words);
      continue;
    }
    if (stage !== "build") continue;
    const list = /\bcommand\s*:\s*\[([^\]]*)\]/.exec(call.args);
    if (list) commands.push(mesonStrings(list[1]!));
  }
  return commands.filter((words) => words.length > 0);
}

/** Meson's string literals ('x', '''x'''), and find_program('x') as x; anything else is a value the guard cannot see. */
function mesonStrings(text: string): Word[] {
  const words: Word[] = [];
  for (const part of text.split(",")) {
    const literal = /'''([\s\S]*?)'''|'((?:[^'\\]|\\.)*)'/.exec(part);
    if (literal) words.push({ text: (literal[1] ?? literal[2] ?? "").replace(/\\(.)/g, "$1"), quoted: true });
    else if (part.trim() !== "") words.push({ text: "${MESON_VALUE}", raw: true });
  }
  return words;
}

// ─── Words ────────────────────────────────────────────────────────────────

/** One argument: its text, whether it was quoted (a quoted keyword is a plain word), and whether it is already shell text. */
type Word = { text: string; quoted?: boolean; raw?: boolean };

/** Each `name(` call with the text up to its matching parenthesis. */
function calls(text: string, start: RegExp): Array<{ name: string; args: string }> {
  const found: Array<{ name: string; args: string }> = [];
  for (const match of text.matchAll(start)) {
    const open = match.index + match[0].length;
    let depth = 1;
    let at = open;
    let quote: string | undefined;
    for (; at < text.length && at - open < MAX_CMAKE_MESON_CALL_CHARS && depth > 0; at++) {
      const char = text[at]!;
      if (quote) {
        if (char === "\\") at++;
        else if (char === quote) quote = undefined;
      } else if (char === '"' || char === "'") quote = char;
      else if (char === "(") depth++;
      else if (char === ")") depth--;
    }
    found.push({ name: match[1]!, args: text.slice(open, depth === 0 ? at - 1 : at) });
  }
  return found;
}

function stripCmakeComments(text: string): string {
  return text.replace(/#\[(=*)\[[\s\S]*?\]\1\]/g, "").replace(/"(?:[^"\\]|\\.)*"|#[^\n]*/g, (token) => (token.startsWith("#") ? "" : token));
}

/** CMake's arguments: quoted, bracketed or unquoted, variable references made shell variables. */
function cmakeWords(args: string, paths: Readonly<Record<string, string>> = CMAKE_PATHS): Word[] {
  const words: Word[] = [];
  for (const match of args.matchAll(/"((?:[^"\\]|\\.)*)"|\[(=*)\[([\s\S]*?)\]\2\]|((?:[^\s()"\\]|\\.)+)/g)) {
    if (match[3] !== undefined) words.push({ text: match[3], quoted: true });
    else if (match[1] !== undefined) words.push({ text: cmakeText(match[1], paths), quoted: true, raw: hasVariable(match[1]) });
    else words.push({ text: cmakeText(match[4]!, paths), raw: hasVariable(match[4]!) });
  }
  return words;
}

const hasVariable = (text: string) => /\$(?:ENV)?\{/.test(text);

/** A CMake argument's text, its variables as shell variables (double-quoted when raw, so they still expand). */
function cmakeText(text: string, paths: Readonly<Record<string, string>>): string {
  const plain = text.replace(/\\(.)/g, "$1");
  if (!hasVariable(plain)) return plain;
  const parts = plain.split(/(\$ENV\{\w+\}|\$\{\w+\})/);
  return `"${parts
    .map((part, index) => {
      if (index % 2 === 0) return part.replace(/[\\"`$]/g, "\\$&");
      const env = /^\$ENV\{(\w+)\}$/.exec(part);
      if (env) return `\${${env[1]}}`;
      const name = part.slice(2, -1);
      return paths[name] ?? CMAKE_PROGRAMS[name] ?? `\${CMAKE_${name.replace(/\W+/g, "_")}}`;
    })
    .join("")}"`;
}

function shell(words: readonly Word[], via: string): Snippet {
  return { kind: "shell", text: words.map((word) => (word.raw ? word.text : shellWord(word.text))).join(" "), via };
}
