// Files some program later runs as shell code: a user's shell start-up files
// (bash and zsh read them at every new shell or login), git hooks (git runs
// them at commit, push, checkout), git config files (aliases, pager) and direnv's .envrc (sourced by bash when a
// shell enters its directory, once allowed). What is written into one is judged as the
// code it is, the way a command is (issue 25: "judged by content"), rather
// than stopping every write by path.
//
// Left out on purpose: fish, csh, nushell, PowerShell and the other shells
// whose syntax is not bash's (their files are still stopped by path), and the
// system-wide files under /etc, which run for every user (stopped by path).

import { vimSettings } from "../languages/vim.ts";
import { startupRowOf, startupShell } from "./startup-files.ts";
import { curlConfigArgs, wgetConfigArgs } from "./transfer-configs.ts";

/**
 * What runs the file: a shell at start-up or login, git as a hook, git from its config (aliases, pager, editor),
 * direnv on entering a directory, or every Python of an environment at its start (site-packages' sitecustomize.py,
 * usercustomize.py and `*.pth` files).
 */
export type CodeFileKind = "start-up" | "git-hook" | "git-config" | "direnv" | "python-start-up" | "tool-start-up";

/** Per-user start-up files bash, sh, zsh and ksh read (relative to home). */
const STARTUP_FILES = new Set([
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".bash_aliases",
  ".profile",
  ".zshrc",
  ".zprofile",
  ".zshenv",
  ".zlogin",
  ".zlogout",
  ".kshrc",
  ".mkshrc",
]);
/** Directories whose files the default start-up files source, one level deep (relative to home). */
const STARTUP_DIRECTORIES = [".bashrc.d", ".zshrc.d", ".oh-my-zsh/custom"];
/** Hook directories inside a repository (git's own; husky's and the usual core.hooksPath). */
const PROJECT_HOOK_DIRECTORIES = [".git/hooks", ".githooks", ".husky"];
/** Hook directories under home: a global core.hooksPath and the template copied into new repositories. */
const HOME_HOOK_DIRECTORIES = [".config/git/hooks", ".git-templates/hooks"];
/** A hook is named for its event (pre-commit, post-checkout); `pre-commit.sample` and other names never run. */
const HOOK_NAME = /^[a-z][a-z-]*$/;

/** Files under a home that let someone in: sshd reads them at every login. */
const TRUST_FILES = new Set([".ssh/authorized_keys", ".ssh/authorized_keys2"]);

/** What follows a directory the input does not show (`"$DIR/.bashrc"`, `${TARGET}/.ssh/authorized_keys`). */
function tailUnderVariable(text: string): string | undefined {
  return /\$(?:\{\w+\}|\w+)\/([\w.-]+(?:\/[\w.-]+){0,2})["']?$/.exec(text)?.[1];
}

/**
 * The start-up or trust file a path ends in, relative to home (`.bashrc`, `.config/fish/config.fish`,
 * `.ssh/authorized_keys`), when the words before it are a directory the input does not show (`"$DIR/.bashrc"`):
 * whoever's home that is, a shell will run (or sshd will trust) what is written there.
 */
export function homeFileUnder(text: string): string | undefined {
  const tail = tailUnderVariable(text);
  if (tail === undefined) return undefined;
  return STARTUP_FILES.has(tail) || tail === ".config/fish/config.fish" || TRUST_FILES.has(tail) ? tail : undefined;
}

/** A git hook under a repository the input does not show (`"$REPO/.git/hooks/pre-commit"`), as a project path. */
export function hookUnder(text: string): string | undefined {
  const tail = tailUnderVariable(text);
  if (tail === undefined) return undefined;
  const slash = tail.lastIndexOf("/");
  const inHooks = PROJECT_HOOK_DIRECTORIES.includes(tail.slice(0, slash));
  return inHooks && HOOK_NAME.test(tail.slice(slash + 1)) ? tail : undefined;
}

/** Whether a normalized path (absolute, or relative to the project) names a file run as shell code, and by what. */
export function codeFileKind(path: string, home: string): CodeFileKind | undefined {
  const underHome = path.startsWith(`${home}/`) ? path.slice(home.length + 1) : undefined;
  if (underHome !== undefined && STARTUP_FILES.has(underHome)) return "start-up";
  if (underHome !== undefined && STARTUP_DIRECTORIES.some((dir) => inDirectory(underHome, dir))) return "start-up";
  if (path === ".git/config" || path.endsWith("/.git/config") || underHome === ".gitconfig" || underHome === ".config/git/config") return "git-config";
  const slash = path.lastIndexOf("/");
  const name = path.slice(slash + 1);
  if (name === ".envrc") return "direnv";
  if (isEnvironmentHook(path, name, underHome)) return "python-start-up";
  if (toolStartupLanguage(path, underHome) !== undefined || startupRowOf(path, home) !== undefined) return "tool-start-up";
  if (!HOOK_NAME.test(name)) return undefined;
  const parent = slash < 0 ? "" : path.slice(0, slash);
  if (underHome !== undefined && HOME_HOOK_DIRECTORIES.some((dir) => parent === `${home}/${dir}`)) return "git-hook";
  if (PROJECT_HOOK_DIRECTORIES.some((dir) => parent === dir || parent.endsWith(`/${dir}`))) return "git-hook";
  return undefined;
}

/** A file in the user's own site-packages: ~/.local/lib/pythonX.Y/site-packages, macOS's ~/Library/Python/X.Y/lib/python/site-packages. */
const USER_SITE_FILE = String.raw`(?:\.local/lib/python[\d.]+|Library/Python/[\d.]+/lib/python)/site-packages/[^/]+$`;
const USER_SITE = new RegExp(`^${USER_SITE_FILE}`);
const IN_USER_SITE = new RegExp(`/${USER_SITE_FILE}`);

/**
 * A virtual environment's start-up hook (site-packages' sitecustomize.py, usercustomize.py, `*.pth`). The user's
 * own site (~/.local/lib/…) and the system's run in every Python the user starts, not one environment's: left to
 * the path rules, as the system-wide shell start-up files are — except a `.pth` in the user's site, whose lines
 * are read as in an environment's (`pip install --user -e .` writes one that only names a directory); any
 * `import` line there is left to the path rules (asPythonStartupCode).
 */
function isEnvironmentHook(path: string, name: string, underHome: string | undefined): boolean {
  if (!directoryOf(path).endsWith("/site-packages")) return false;
  if (underHome !== undefined && USER_SITE.test(underHome)) return name.endsWith(".pth");
  if (underHome?.startsWith(".local/") || (path.startsWith("/") && underHome === undefined)) return false;
  return name === "sitecustomize.py" || name === "usercustomize.py" || name.endsWith(".pth");
}

function directoryOf(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf("/")));
}

function inDirectory(path: string, dir: string): boolean {
  return path.startsWith(`${dir}/`) && !path.slice(dir.length + 1).includes("/");
}

/** Interpreters whose language is the shell's: a hook with another `#!` line (python, node) is not judged as shell. */
const SHELL_INTERPRETER = /^#!\s*(?:\/usr)?\/bin\/(?:env\s+)?(?:-S\s+)?(?:sh|bash|dash|zsh|ksh)(?:\s|$)/;

/**
 * The text as shell code to judge, or undefined when it is not that: empty (the write clobbers the file, and
 * the path rules say so), handed by a `#!` line to another language, or putting a directory anyone can write
 * to (/tmp, /var/tmp, /dev/shm) or the current directory on PATH — every program named later in every shell
 * is then whatever someone put there, which no single command in the text shows.
 */
export function asShellCode(text: string): string | undefined {
  if (text.trim() === "" || hijacksPath(text)) return undefined;
  if (!text.startsWith("#!")) return text;
  const end = text.indexOf("\n");
  const first = end < 0 ? text : text.slice(0, end);
  return SHELL_INTERPRETER.test(first) ? text : undefined;
}

/** A script interpreter a git hook's shebang may name (`#!/usr/bin/env python3`), as the program that reads it. */
const HOOK_INTERPRETER = /^#!\s*(?:\/usr)?(?:\/local)?\/bin\/(?:env\s+)?(?:-S\s+)?(python3?|node|ruby|perl)(?:\s|$)/;

/**
 * A git hook as shell code to judge: a shell script as it is; one in another language (its shebang names python,
 * node, ruby or perl) as that interpreter reading the hook's text, so what the code runs is judged like any script.
 */
export function asHookCode(text: string): string | undefined {
  const interpreter = HOOK_INTERPRETER.exec(text)?.[1];
  if (interpreter === undefined) return asShellCode(text);
  const body = text.slice(text.indexOf("\n") + 1);
  const marker = "SYNAPS_HOOK_TEXT";
  return body.includes(marker) ? undefined : `${interpreter} - <<'${marker}'\n${body}\n${marker}\n`;
}

/** direnv's own functions that download a script (source_url sources it, fetchurl hands it to what follows). */
const DIRENV_FETCH = /(?:^|[\s;&|(`])(?:source_url|fetchurl)\b/m;

/**
 * An .envrc as shell code to judge: bash sources it with direnv's library of functions defined. Those that fetch
 * code from elsewhere are nothing the text shows, so such a file is left to the path rule (it asks).
 */
export function asDirenvCode(text: string): string | undefined {
  return DIRENV_FETCH.test(text) ? undefined : asShellCode(text);
}

/**
 * A Python start-up file as the shell command that runs its code: a sitecustomize.py whole, a `.pth` only its lines
 * that start with `import` (the others are directories put on the path: none, and it runs nothing). Not judged —
 * left to the path rules — when empty, or when a `.pth` puts a directory anyone can write to on the path.
 */
export function asPythonStartupCode(text: string, path: string): string | undefined {
  if (text.trim() === "") return undefined;
  if (!path.endsWith(".pth")) return `python3 -c ${quoted(text)}`;
  const lines = text.split(/\r?\n/);
  if (lines.some((line) => /^\s*\/(?:private\/)?(?:tmp|var\/tmp|dev\/shm)(?:\/|$)/.test(line))) return undefined;
  const code = lines.filter((line) => /^import[ \t]/.test(line)).join("\n");
  if (code === "") return ":";
  // In the user's own site it would run in every Python the user starts: left to the path rules.
  return IN_USER_SITE.test(path) ? undefined : `python3 -c ${quoted(code)}`;
}

function quoted(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** `PATH=…` assignments (plain, exported, declared), with the value as written. */
const PATH_ASSIGNMENT = /(?:^|[\s;&|(])PATH\+?=(?:"([^"]*)"|'([^']*)'|([^\s;&|)]*))/gm;
/** PATH entries that let someone else choose the program: shared temporary directories, or relative ones (the current directory). */
const UNSAFE_ENTRY = /^(?:\/(?:private\/)?(?:tmp|var\/tmp)(?:\/|$)|\/dev\/shm(?:\/|$)|$|\.{1,2}(?:\/|$)|[^/$~])/;

function hijacksPath(text: string): boolean {
  for (const match of text.matchAll(PATH_ASSIGNMENT)) {
    const value = match[1] ?? match[2] ?? match[3] ?? "";
    if (value.split(":").some((entry) => UNSAFE_ENTRY.test(entry))) return true;
  }
  return false;
}

/** How a tool start-up file's text is run: by an interpreter reading it, as tmux commands, or as options of every command of its program. */
type StartupLanguage = { kind: "interpreter"; program: string } | { kind: "tmux" } | { kind: "options"; program: string; read: (text: string) => string[] };

const R_CODE: StartupLanguage = { kind: "interpreter", program: "Rscript -" };
const PYTHON_CODE: StartupLanguage = { kind: "interpreter", program: "python3 -" };
const VIM_CODE: StartupLanguage = { kind: "interpreter", program: "vim -es" };

/**
 * Start-up files of interpreters, editors and downloaders (relative to home) that run code, or add options, whenever the program starts: R's
 * profile, Julia's startup.jl, Python's interactive start-up file and IPython's profile start-up scripts, vim's
 * and neovim's vimscript init, tmux's config (each line a tmux command, `run-shell` and `if-shell` among them).
 * curl's and wget's settings (options every later download has). neovim's init.lua is left to the path rules (no Lua reader).
 */
const HOME_TOOL_STARTUP: Readonly<Record<string, StartupLanguage>> = {
  ".Rprofile": R_CODE,
  ".julia/config/startup.jl": { kind: "interpreter", program: "julia -" },
  ".pythonrc": PYTHON_CODE,
  ".pythonrc.py": PYTHON_CODE,
  ".vimrc": VIM_CODE,
  ".vim/vimrc": VIM_CODE,
  ".exrc": VIM_CODE,
  ".config/nvim/init.vim": VIM_CODE,
  ".tmux.conf": { kind: "tmux" },
  ".config/tmux/tmux.conf": { kind: "tmux" },
  ".curlrc": { kind: "options", program: "curl", read: curlConfigArgs },
  ".config/.curlrc": { kind: "options", program: "curl", read: curlConfigArgs },
  ".wgetrc": { kind: "options", program: "wget", read: wgetConfigArgs },
};

/** The language of a tool start-up file: one under home above, IPython's profile scripts, or a project's `.Rprofile` (R reads the one in its working directory first). */
function toolStartupLanguage(path: string, underHome: string | undefined): StartupLanguage | undefined {
  if (underHome !== undefined && HOME_TOOL_STARTUP[underHome]) return HOME_TOOL_STARTUP[underHome];
  if (underHome !== undefined && /^(?:\.ipython|\.config\/ipython)\/profile_[^/]+\/startup\/[^/]+\.py$/.test(underHome)) return PYTHON_CODE;
  if (path === ".Rprofile" || path.endsWith("/.Rprofile")) return R_CODE;
  return undefined;
}

/** tmux settings that choose the program every new pane runs: what runs later is nothing the text shows. */
const TMUX_SHELL_SETTING = /^\s*set(?:-option)?\b[^\n]*\bdefault-(?:shell|command)\b/m;

/** Ends the text handed to an interpreter on its standard input; a text holding it is not judged (left to the path rules). */
const STARTUP_MARKER = "SYNAPS_STARTUP_TEXT";

/**
 * A tool start-up file as the shell command that runs what it holds (its interpreter reading the text, or each
 * line of a tmux config as the tmux command it is), or undefined when it is not one, is empty, or cannot be shown so.
 * `home` places the path; a project-relative path is the project's own file.
 */
export function asToolStartupCode(text: string, path: string, home: string): string | undefined {
  const underHome = path.startsWith(`${home}/`) ? path.slice(home.length + 1) : undefined;
  const language = toolStartupLanguage(path, underHome);
  if (language === undefined) {
    const row = startupRowOf(path, home);
    const shell = row === undefined ? undefined : startupShell(row, text);
    // A line its reader cannot read (csh's one-line `if`, nushell's own syntax) is nothing the text shows: left to the path rules.
    return shell === undefined || shell.unread.length > 0 ? undefined : shell.text;
  }
  if (text.trim() === "") return undefined;
  if (language.kind === "tmux") return TMUX_SHELL_SETTING.test(text) ? undefined : tmuxCommands(text);
  if (language.kind === "options") return [language.program, ...language.read(text).map(shellWord)].join(" ");
  // A vimrc that changes the shell, makeprg or grepprg changes what every later `:!`, `:make` and `:grep` runs: no line shows it.
  if (language === VIM_CODE && vimSettings(text) !== "") return undefined;
  return text.includes(STARTUP_MARKER) ? undefined : `${language.program} <<'${STARTUP_MARKER}'\n${text}\n${STARTUP_MARKER}\n`;
}

/** Each command of a tmux config as `tmux COMMAND` (continued lines joined; comments and `%if` directives left out). */
function tmuxCommands(text: string): string {
  const lines = text.replace(/\\\r?\n/g, " ").split(/\r?\n/);
  const commands = lines.map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("#") && !line.startsWith("%"));
  return commands.length === 0 ? ":" : commands.map((line) => `tmux ${line}`).join("\n");
}

/** A word as bash reads it back: single-quoted unless plain. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./~-]+$/.test(word) ? word : quoted(word);
}

/** The options a downloader's settings file adds to each of its commands (~/.curlrc, ~/.wgetrc), or undefined for another file. */
export function settingsOptions(text: string, path: string, home: string): string[] | undefined {
  const underHome = path.startsWith(`${home}/`) ? path.slice(home.length + 1) : undefined;
  const language = toolStartupLanguage(path, underHome);
  return language?.kind === "options" ? language.read(text) : undefined;
}
