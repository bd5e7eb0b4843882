// The shape of a row of the table of programs that load project (or home)
// files: which program and subcommand, which files, and how each is read.
// The rows live in runner-files.ts (test runners, install tools),
// config-rows.ts (tool configs that name code) and build-rows.ts (build and
// task runners); runner-files.ts turns them into project runs.
import type { SimpleCommand } from "../view/view.ts";
import type { FileLookup, Snippet } from "./snippet.ts";

/** How a file the program loads is judged. */
export type Reading =
  /** Code in a language with a call table (python, node, ruby, lua, r, julia, dart, haskell, erlang …), read in process. */
  | { kind: "code"; language: string }
  /** Run by this interpreter, as `INTERPRETER FILE` (the interpreter's own reading, with its imports). */
  | { kind: "run"; interpreter: string }
  /** A format that holds shell commands: these are the commands it runs. */
  | { kind: "shell"; extract: (content: string) => string[] }
  /** A format that holds code of a language in its own lines (doctest's `>>>` lines are Python). */
  | { kind: "embedded"; language: string; extract: (content: string) => string }
  /**
   * A program the config names, run as its `#!` line says (`shebangOnly`: a file without one is data the tool
   * reads, not a program); `outputTaken`: the tool reads what it prints (a password, a status), the agent never sees it.
   */
  | { kind: "program"; shebangOnly?: true; outputTaken?: true }
  /** A reader of its own: the file's snippets (several readings of one file at once: Perl code and the commands its variables hold). */
  | { kind: "snippets"; read: (path: string, content: string, via: string) => Snippet[] };

/** A file (or a glob of files, `*` in it) a program loads; `reading` says how it is judged. */
export type Loaded = { path: string; reading: Reading };

export type Row = {
  /** What the verdict's "via" names. */
  what: string;
  programs: readonly string[];
  /** Whether this invocation loads the files (a subcommand, an expression); absent: every invocation but --help/--version. */
  when?: (command: SimpleCommand, words: readonly string[]) => boolean;
  /** The files, given the command's operands (words that are not options) and the home directory. */
  files: (command: SimpleCommand, words: readonly string[], home: string) => readonly Loaded[];
  /** The program runs another command after its own words (`conda run -n x CMD`): only an option before them asks for its help or version. */
  wraps?: true;
  /** Files the loaded ones name (a hatch hook's `path`, a config's bootstrap script), found once those are known. */
  follow?: (get: FileLookup, command: SimpleCommand, home: string) => readonly Loaded[];
};

export const NODE: Reading = { kind: "run", interpreter: "node" };
export const PYTHON: Reading = { kind: "code", language: "python" };
export const RUBY: Reading = { kind: "run", interpreter: "ruby" };
export const PHP: Reading = { kind: "run", interpreter: "php" };
export const PERL: Reading = { kind: "run", interpreter: "perl" };
export const SH: Reading = { kind: "run", interpreter: "sh" };
/** What a JavaScript config file's name may end in. */
export const JS = "{js,cjs,mjs,ts,cts,mts}";

/** A program a config names by path, as its own `#!` line runs it. */
export const PROGRAM: Reading = { kind: "program" };

/** A format whose commands depend only on its text. */
export const shellLines = (extract: (content: string) => string[]): Reading => ({ kind: "shell", extract });

/** A subcommand condition: the first operand is one of these. */
export const SUB = (...names: string[]) => {
  const set = new Set(names);
  return (_command: SimpleCommand, words: readonly string[]) => words[0] !== undefined && set.has(words[0]);
};

/** A project-relative path without `./` and trailing slashes. */
export function relative(path: string): string {
  return path.replace(/^\.\/(?=.)/, "").replace(/\/+$/, "") || ".";
}

/**
 * A program a config names by path, as the shell line that runs it: relative paths are the project's
 * (`./tools/x.sh`), `~/` is home; a path inside `..` or with shell syntax in it is left out.
 */
export function programLine(path: string, home: string): string | undefined {
  const value = path.trim().replace(/^~(?=\/)/, home);
  if (value === "" || /[`$;|&<>]/.test(value) || value.split("/").includes("..")) return undefined;
  return value.startsWith("/") ? value : `./${relative(value)}`;
}

/** A value that may be one string or a list of strings, as its strings. */
export function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}
