// The language of a file, by its name or its `#!` line: which reader reads it, and how it runs when something
// runs it. A script handed to a program that is no shell (`bun run build.ts`) is read in the language its name
// says; a code file an agent writes is judged as what it would do when run, whatever later runs it (a test
// runner, a build tool, an installer nobody here knows): see ../../policy/engine/written-code.ts.
//
// Left out on purpose: Dockerfiles and container build files (what they run, runs in a container), zig and
// other languages no reader covers, and data or markup (JSON, YAML, TOML: a program's settings, not its code).

import { languageOfScript } from "../languages/index.ts";
import { withTabRecipes } from "../languages/make.ts";
import { zshShebang } from "../languages/zsh-lines.ts";

/**
 * How a code file is judged: run as a script of `language` by `runner` (the command that runs it by its path,
 * read by the reader of that language), with its text first turned into that language by `text` where the file
 * is a tool's own format whose commands are shell (a bats test, a Procfile).
 */
export type FileLanguage = { language: string; runner: string; text?: (content: string) => string };

const SHELL: FileLanguage = { language: "shell", runner: "bash" };
/** zsh reads its scripts with a grammar of its own (../interpret/zsh-script.ts). */
const ZSH: FileLanguage = { language: "shell", runner: "zsh" };
const PYTHON: FileLanguage = { language: "python", runner: "python3" };
const NODE: FileLanguage = { language: "node", runner: "node" };
const RUBY: FileLanguage = { language: "ruby", runner: "ruby" };
const PERL: FileLanguage = { language: "perl", runner: "perl" };
const PHP: FileLanguage = { language: "php", runner: "php" };
const LUA: FileLanguage = { language: "lua", runner: "lua" };
const R: FileLanguage = { language: "r", runner: "Rscript" };
const JULIA: FileLanguage = { language: "julia", runner: "julia" };
const GO: FileLanguage = { language: "go", runner: "go run" };
const RUST: FileLanguage = { language: "rust", runner: "rust-script" };
const KOTLIN: FileLanguage = { language: "kotlin", runner: "kotlinc -script" };
const GROOVY: FileLanguage = { language: "groovy", runner: "groovy" };
const SCALA: FileLanguage = { language: "scala", runner: "scala-cli run" };
const DART: FileLanguage = { language: "dart", runner: "dart run" };
const JAVA: FileLanguage = { language: "java", runner: "java" };
const POWERSHELL: FileLanguage = { language: "powershell", runner: "pwsh -File" };
const HASKELL: FileLanguage = { language: "haskell", runner: "runghc" };
const ELIXIR: FileLanguage = { language: "elixir", runner: "elixir" };
/** Crystal runs commands the way Ruby does (`system`, backticks): read by Ruby's reader. */
const CRYSTAL: FileLanguage = { language: "ruby", runner: "crystal run" };
const NIM: FileLanguage = { language: "nim", runner: "nim r" };
/** nushell and xonsh scripts, read by their own shells' readers. */
const NUSHELL: FileLanguage = { language: "nu", runner: "nu" };
const XONSH: FileLanguage = { language: "xonsh", runner: "xonsh" };
const EMACS_LISP: FileLanguage = { language: "lisp", runner: "emacs --script" };
const COMMON_LISP: FileLanguage = { language: "lisp", runner: "sbcl --script" };

/** Starlark (Bazel, Tilt): Python's syntax; Tilt's `local(CMD)` runs CMD in a shell on the machine. */
const STARLARK: FileLanguage = { ...PYTHON, text: (content) => content.replace(/(?<![\w.])local\s*\(/g, "os.system(") };
/** bats: bash, each `@test "name" {` a block of commands that runs; `run CMD` runs CMD. */
const BATS: FileLanguage = { ...SHELL, text: (content) => content.replace(/^(\s*)@test\s+(?:"[^"\n]*"|'[^'\n]*')\s*\{/gm, "$1{").replace(/^(\s*)run\s+(?=\S)/gm, "$1") };
/** A Procfile: each `name: command` line runs its command (foreman, honcho, heroku local). */
const PROCFILE: FileLanguage = { ...SHELL, text: (content) => linesOf(content, /^[\w.-]+\s*:\s*(.+)$/) };
/** A Makefile: each recipe line (after a tab, or `.RECIPEPREFIX`'s character) runs in a shell, `$$` being one `$`; `@`, `-` and `+` only mark it. */
const MAKEFILE: FileLanguage = { ...SHELL, text: (content) => linesOf(withTabRecipes(content), /^\t[@+-]*(.+)$/).replaceAll("$$", "$") };
/** A justfile: each indented recipe line runs in a shell. */
const JUSTFILE: FileLanguage = { ...SHELL, text: (content) => linesOf(content, /^[ \t]+[@-]*(?![#\s])(.+)$/) };
/** An Earthfile: only a target marked LOCALLY runs its RUN lines on this machine (the others run in containers). */
const EARTHFILE: FileLanguage = { ...SHELL, text: earthfileLocalRuns };

/** By the last extension of the file's name (lower case). */
const BY_EXTENSION: Readonly<Record<string, FileLanguage>> = {
  sh: SHELL,
  bash: SHELL,
  zsh: ZSH,
  ksh: SHELL,
  bats: BATS,
  py: PYTHON,
  pyw: PYTHON,
  bzl: STARLARK,
  star: STARLARK,
  js: NODE,
  cjs: NODE,
  mjs: NODE,
  jsx: NODE,
  ts: NODE,
  mts: NODE,
  cts: NODE,
  tsx: NODE,
  rb: RUBY,
  rake: RUBY,
  gemspec: RUBY,
  pl: PERL,
  pm: PERL,
  php: PHP,
  lua: LUA,
  r: R,
  jl: JULIA,
  go: GO,
  rs: RUST,
  kts: KOTLIN,
  groovy: GROOVY,
  gradle: GROOVY,
  scala: SCALA,
  sc: SCALA,
  sbt: SCALA,
  dart: DART,
  java: JAVA,
  ps1: POWERSHELL,
  hs: HASKELL,
  ex: ELIXIR,
  exs: ELIXIR,
  mk: MAKEFILE,
  cr: CRYSTAL,
  nim: NIM,
  nims: NIM,
  el: EMACS_LISP,
  lisp: COMMON_LISP,
  nu: NUSHELL,
  xsh: XONSH,
};

/** Files named for what runs them, whatever their extension (none). */
const BY_NAME: Readonly<Record<string, FileLanguage>> = {
  Rakefile: RUBY,
  Gemfile: RUBY,
  Podfile: RUBY,
  Fastfile: RUBY,
  Appfile: RUBY,
  Vagrantfile: RUBY,
  Guardfile: RUBY,
  Dangerfile: RUBY,
  Brewfile: RUBY,
  Capfile: RUBY,
  Berksfile: RUBY,
  Thorfile: RUBY,
  Jakefile: NODE,
  Tiltfile: STARLARK,
  BUILD: STARLARK,
  "BUILD.bazel": STARLARK,
  WORKSPACE: STARLARK,
  "WORKSPACE.bazel": STARLARK,
  SConstruct: PYTHON,
  SConscript: PYTHON,
  wscript: PYTHON,
  cpanfile: PERL,
  Makefile: MAKEFILE,
  makefile: MAKEFILE,
  GNUmakefile: MAKEFILE,
  justfile: JUSTFILE,
  Justfile: JUSTFILE,
  ".justfile": JUSTFILE,
  Procfile: PROCFILE,
  Earthfile: EARTHFILE,
};

/** A `#!` line that hands the file to a shell (bats included: its files are bash). */
const SHELL_SHEBANG = /^#!\s*(?:\/usr)?(?:\/local)?\/bin\/(?:env\s+)?(?:-S\s+)?(?:sh|bash|dash|zsh|ksh|bats)(?:\s|$)/;

/** The language a file's name says (extension, or a name like Rakefile), or undefined for a name that says none. */
export function languageOfFileName(path: string): FileLanguage | undefined {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const named = BY_NAME[name];
  if (named) return named;
  const dot = name.lastIndexOf(".");
  return dot > 0 ? BY_EXTENSION[name.slice(dot + 1).toLowerCase()] : undefined;
}

/** The language of a code file: its `#!` line first (it chooses the interpreter), else its name; undefined when it is no code. */
export function languageOfFile(path: string, content: string): FileLanguage | undefined {
  if (!content.startsWith("#!")) return languageOfFileName(path);
  if (SHELL_SHEBANG.test(content)) return path.endsWith(".bats") || /^#!\S*\s*\S*bats\b/.test(content) ? BATS : zshShebang(content) ? ZSH : SHELL;
  const named = languageOfScript(content);
  // A `#!` line naming a program no reader knows (`#!/usr/bin/env zx`): the name may still say the language (.mjs).
  if (named === "shell") return languageOfFileName(path);
  return Object.values(BY_EXTENSION).find((language) => language.language === named && language.text === undefined);
}

/** The captured commands of the lines `pattern` matches (its first group), one per line. */
function linesOf(content: string, pattern: RegExp): string {
  return content
    .split(/\r?\n/)
    .map((line) => pattern.exec(line)?.[1])
    .filter((line): line is string => line !== undefined)
    .join("\n");
}

/** The RUN lines of the Earthfile's targets marked LOCALLY. */
function earthfileLocalRuns(content: string): string {
  const runs: string[] = [];
  for (const target of content.split(/^(?=[\w.-]+:\s*$)/m)) {
    if (!/^\s+LOCALLY\s*$/m.test(target)) continue;
    for (const match of target.matchAll(/^\s+RUN\s+(?:--[\w-]+(?:=\S+)?\s+)*(.+)$/gm)) runs.push(match[1]!);
  }
  return runs.join("\n");
}
