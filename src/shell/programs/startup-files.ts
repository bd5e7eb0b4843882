// Start-up files of programs other than the shell: a file the program reads
// by itself whenever it starts, before anything the command line shows, and
// whose lines may run commands (a debugger's `shell` line, a database
// client's `\!` or `.shell`, an interpreter's profile code, an editor's
// `:!`). One row per file kind: the programs that read it, where it is, and
// the language its text is in — how it is judged is by handing the text to
// that program on its standard input, where the program's own reader
// (../languages/) reads it as it reads any commands given so. A harmless
// file (options, colours, key maps, history settings) runs nothing.
//
// Rows here are read both ways: at write time (a write into one of these
// files is judged by its text: ../../policy/engine/written-code.ts) and when
// one of the programs runs (../session/tool-startup.ts asks for the files).
import { clojureCommands } from "../languages/clojure-calls.ts";
import { cshAsShell } from "../languages/csh-lines.ts";
import { desktopEntryAsShell } from "../languages/desktop-entry.ts";
import { fishAsShell } from "../languages/fish-lines.ts";
import { ghciAsShell } from "../languages/ghci-lines.ts";
import { nuAsShell } from "../languages/nu-lines.ts";
import { nvimLuaAsLua } from "../languages/nvim-lua.ts";
import { prologAsShell } from "../languages/prolog-lines.ts";
import { shellQuote } from "../languages/quote.ts";
import { screenrcAsShell } from "../languages/screenrc-lines.ts";
import { vscodeTasksAsShell } from "../languages/vscode-tasks.ts";
import { xonshAsShell } from "../languages/xonsh-lines.ts";

/**
 * How a start-up file's text runs:
 * - `interpreter`: the program given the text on its standard input (`python3 -m pdb`, `psql`, `gdb -batch`),
 *   after `translate` when the file's dialect is not what that reader knows (neovim's Lua API as plain Lua);
 * - `commands`: the text turned into shell lines by a reader of its own (fish's simple commands); `unread` are the
 *   lines it could not read, which are code nobody has seen rather than an error.
 */
export type StartupLanguage =
  | { kind: "interpreter"; program: string; translate?: (text: string) => string }
  | { kind: "commands"; read: (text: string) => { text: string; unread: string[] } };

/**
 * One start-up file kind.
 * - `programs`: command names (as the analysis gives them, lower case) that read it when they start;
 * - `starts`: when only some uses of those programs start the reader (`python -m pdb`, `pytest --pdb`);
 * - `files`: `~/…` under home, others relative to the working directory; a `*` is a listing of the files to read;
 * - `skip`: options after which the program reads none of them (`-nx`, `--no-psqlrc`).
 */
export type StartupRow = {
  programs: readonly string[];
  starts?: (args: readonly string[]) => boolean;
  files: readonly string[];
  skip?: readonly string[];
  language: StartupLanguage;
};

/** Every name python is started by (`python3.12`, `python`), and the tools that are Python scripts themselves. */
const PYTHONS = ["python", "python3", "python3.8", "python3.9", "python3.10", "python3.11", "python3.12", "python3.13", "python3.14"];
const PYTHON_TOOLS = ["pip", "pip3", "pytest", "py.test", "ipython", "jupyter", "flask", "django-admin", "uvicorn", "gunicorn", "black", "ruff", "mypy"];

const USER_CUSTOMIZE = "~/.local/lib/python*/site-packages/usercustomize.py";
const USER_PTH = "~/.local/lib/python*/site-packages/*.pth";
const PYTHON_CODE: StartupLanguage = { kind: "interpreter", program: "python3 -" };

const PTH_LINES: StartupLanguage = { kind: "commands", read: pthAsShell };

/** A .pth file: its lines that start with `import` are Python the site module runs; the others are directories. */
function pthAsShell(text: string): { text: string; unread: string[] } {
  const code = text
    .split(/\r?\n/)
    .filter((line) => /^import[ \t]/.test(line))
    .join("\n");
  return { text: code === "" ? ":" : `python3 -c ${shellQuote(code)}`, unread: [] };
}
const PDB_COMMANDS: StartupLanguage = { kind: "interpreter", program: "python3 -m pdb" };

/** `python -m pdb …`, `pytest --pdb`/`--trace` (pdb starts at a failure or at each test's start), `pdb3 x.py`. */
function startsPdb(args: readonly string[]): boolean {
  const module = args.indexOf("-m");
  return (module >= 0 && args[module + 1] === "pdb") || args.some((arg) => arg === "--pdb" || arg === "--trace");
}

/** A REPL starts (and reads its start-up file) when given no code option and no script operand. */
function startsRepl(codeOptions: readonly string[]): (args: readonly string[]) => boolean {
  return (args) => !args.some((arg) => codeOptions.includes(arg) || !arg.startsWith("-"));
}

const GHCI_FILES = ["~/.ghc/ghci.conf", "~/.config/ghc/ghci.conf", "~/.ghci", ".ghci"];
const GHCI_COMMANDS: StartupLanguage = { kind: "commands", read: ghciAsShell };

const STARTUP_ROWS: readonly StartupRow[] = [
  // pdb reads ~/.pdbrc, then .pdbrc in the working directory: each line a pdb command, `!stmt` or a plain statement being Python.
  { programs: [...PYTHONS, "pytest", "py.test"], starts: startsPdb, files: ["~/.pdbrc", ".pdbrc"], language: PDB_COMMANDS },
  { programs: ["pdb", "pdb3"], files: ["~/.pdbrc", ".pdbrc"], language: PDB_COMMANDS },
  // The user's site-packages: every Python imports usercustomize from it (not with -s or -I, which leave the user site out).
  { programs: PYTHONS, files: [USER_CUSTOMIZE], skip: ["-s", "-I"], language: PYTHON_CODE },
  // …and runs each `import` line of every .pth file there (not with -S either, which skips the site module), as every
  // tool that is a Python script does.
  { programs: PYTHONS, files: [USER_PTH], skip: ["-s", "-I", "-S"], language: PTH_LINES },
  { programs: PYTHON_TOOLS, files: [USER_PTH], language: PTH_LINES },
  { programs: PYTHON_TOOLS, files: [USER_CUSTOMIZE], language: PYTHON_CODE },
  // sqlite3 runs ~/.sqliterc (or the XDG one) as dot-commands and SQL; `-init FILE` reads that file instead.
  { programs: ["sqlite3"], files: ["~/.sqliterc", "~/.config/sqlite3/sqliterc"], skip: ["-init", "--init"], language: { kind: "interpreter", program: "sqlite3" } },
  // psql runs ~/.psqlrc (meta-commands: `\!`, `\o |cmd`, `\copy … program`) unless -X.
  { programs: ["psql"], files: ["~/.psqlrc"], skip: ["-X", "--no-psqlrc"], language: { kind: "interpreter", program: "psql" } },
  // gdb runs its home init files, then the working directory's .gdbinit (when auto-load allows it, which a setting
  // nobody here sees may do: judged as if it did), unless -nx; each line a gdb command (`shell`, `!`, `python … end`).
  {
    programs: ["gdb", "gdb-multiarch", "cgdb"],
    files: ["~/.config/gdb/gdbinit", "~/.gdbinit", ".gdbinit"],
    skip: ["-nx", "--nx", "-n", "-nh", "--nh"],
    language: { kind: "interpreter", program: "gdb -batch" },
  },
  // lldb sources ~/.lldbinit (and the working directory's, when allowed): `platform shell`, `script` lines.
  { programs: ["lldb"], files: ["~/.lldbinit", ".lldbinit"], skip: ["-x", "--no-lldbinit"], language: { kind: "interpreter", program: "lldb --batch" } },
  // irb (and a Rails console, which is irb) loads ~/.irbrc, the XDG one and the working directory's .irbrc as Ruby; -f skips them.
  { programs: ["irb", "racksh"], files: ["~/.irbrc", "~/.config/irb/irbrc", ".irbrc"], skip: ["-f"], language: { kind: "interpreter", program: "ruby -" } },
  {
    programs: ["rails"],
    starts: (args) => args[0] === "console" || args[0] === "c",
    files: ["~/.irbrc", "~/.config/irb/irbrc", ".irbrc"],
    language: { kind: "interpreter", program: "ruby -" },
  },
  // neovim's Lua init: `os.execute`, `vim.fn.system`, `vim.cmd("!…")` run a shell (its vimscript init is read with vim's files).
  {
    programs: ["nvim", "nvim-qt"],
    files: ["~/.config/nvim/init.lua"],
    skip: ["-u", "--clean", "-es", "-Es"],
    language: { kind: "interpreter", program: "lua -", translate: nvimLuaAsLua },
  },
  // fish reads every conf.d/*.fish, then config.fish, at every start — a script or `-c` too — unless -N; a function
  // file (functions/NAME.fish) is loaded when NAME is first called, and may stand in for any command (`ls`, `git`).
  {
    programs: ["fish"],
    files: ["~/.config/fish/conf.d/*.fish", "~/.config/fish/config.fish", "~/.config/fish/functions/*.fish"],
    skip: ["-N", "--no-config"],
    language: { kind: "commands", read: fishAsShell },
  },
  // pry loads ~/.pryrc (or the XDG one) and the working directory's .pryrc as Ruby, unless -f / --no-pryrc.
  { programs: ["pry"], files: ["~/.pryrc", "~/.config/pry/pryrc", ".pryrc"], skip: ["-f", "--no-pryrc"], language: { kind: "interpreter", program: "ruby -" } },
  // GHCi reads ~/.ghc/ghci.conf (or the XDG one), ~/.ghci and the working directory's .ghci: GHCi commands and Haskell.
  { programs: ["ghci"], files: GHCI_FILES, skip: ["-ignore-dot-ghci"], language: GHCI_COMMANDS },
  { programs: ["stack", "cabal"], starts: (args) => args[0] === "ghci" || args[0] === "repl", files: GHCI_FILES, skip: ["-ignore-dot-ghci"], language: GHCI_COMMANDS },
  // Octave runs ~/.octaverc, then the working directory's .octaverc, unless told to read no init file.
  {
    programs: ["octave", "octave-cli"],
    files: ["~/.octaverc", ".octaverc"],
    skip: ["-f", "--norc", "--no-init-file", "--no-init-all"],
    language: { kind: "interpreter", program: "octave" },
  },
  // SBCL loads ~/.sbclrc as Lisp, unless --no-userinit (which --script implies).
  { programs: ["sbcl"], files: ["~/.sbclrc"], skip: ["--no-userinit", "--script"], language: { kind: "interpreter", program: "sbcl" } },
  // GNU screen reads ~/.screenrc when it starts a session (not when it only talks to one: -X, -ls, -r).
  {
    programs: ["screen"],
    starts: (args) => !args.some((arg) => /^-(?:X|Q|ls|list|wipe|r|x|v|version)$/.test(arg)),
    files: ["~/.screenrc"],
    skip: ["-c"],
    language: { kind: "commands", read: screenrcAsShell },
  },
  // tcsh reads ~/.tcshrc (else ~/.cshrc) at every start, a script or `-c` too, and ~/.login when a login shell; -f none.
  { programs: ["tcsh", "csh"], files: ["~/.tcshrc", "~/.cshrc", "~/.login"], skip: ["-f"], language: { kind: "commands", read: cshAsShell } },
  // Nushell reads env.nu and config.nu (login.nu as a login shell) when interactive or a login shell, unless -n.
  {
    programs: ["nu"],
    starts: (args) => args.some((arg) => /^(?:-l|--login|-i|--interactive)$/.test(arg)) || !args.some((arg) => arg === "-c" || arg === "--commands" || !arg.startsWith("-")),
    files: ["~/.config/nushell/env.nu", "~/.config/nushell/config.nu", "~/.config/nushell/login.nu", "~/Library/Application Support/nushell/config.nu"],
    skip: ["-n", "--no-config-file"],
    language: { kind: "commands", read: nuAsShell },
  },
  // PowerShell runs the current user's profiles at every start, `-Command` and `-File` too, unless -NoProfile.
  {
    programs: ["pwsh", "pwsh-preview", "powershell"],
    starts: (args) => !args.some((arg) => /^[-/]nop(?:r(?:o(?:f(?:i(?:l(?:e)?)?)?)?)?)?$/i.test(arg)),
    files: [
      "~/.config/powershell/Microsoft.PowerShell_profile.ps1",
      "~/.config/powershell/profile.ps1",
      "~/Documents/PowerShell/Microsoft.PowerShell_profile.ps1",
      "~/Documents/PowerShell/profile.ps1",
      "~/Documents/WindowsPowerShell/Microsoft.PowerShell_profile.ps1",
    ],
    language: { kind: "interpreter", program: "pwsh -" },
  },
  // Emacs loads its early init and init file (the first of ~/.emacs, ~/.emacs.d/, ~/.config/emacs/ found) unless
  // -q/-Q, and not in batch mode (--batch, --script); `emacs --daemon` loads them too.
  {
    programs: ["emacs", "emacs-nox", "emacs-gtk"],
    files: ["~/.emacs", "~/.emacs.el", "~/.emacs.d/early-init.el", "~/.emacs.d/init.el", "~/.config/emacs/early-init.el", "~/.config/emacs/init.el"],
    skip: ["-q", "--no-init-file", "-Q", "--quick", "-batch", "--batch", "--script", "-script", "-x"],
    language: { kind: "commands", read: (text) => ({ text: `emacs --batch --eval ${shellQuote(`(progn\n${text}\n)`)}`, unread: [] }) },
  },
  // Erlang's emulator evaluates ~/.erlang (or the user config directory's) as Erlang expressions at every start.
  {
    programs: ["erl", "werl"],
    files: ["~/.erlang", "~/.config/erlang/.erlang"],
    language: { kind: "commands", read: (text) => ({ text: `erl -noshell -eval ${shellQuote(text)}`, unread: [] }) },
  },
  // Guile loads ~/.guile as Scheme when it starts a REPL (not for `-c`, `-s` or a script), unless -q.
  { programs: ["guile"], starts: startsRepl(["-c", "-s"]), files: ["~/.guile"], skip: ["-q"], language: { kind: "interpreter", program: "guile" } },
  // The OCaml toplevel (and utop) runs .ocamlinit from the working directory, else home's or the XDG one, as OCaml; -noinit skips it, -init names another.
  {
    programs: ["ocaml", "utop"],
    starts: startsRepl([]),
    files: [".ocamlinit", "~/.ocamlinit", "~/.config/ocaml/init.ml", "~/.config/utop/init.ml"],
    skip: ["-noinit", "-init"],
    language: { kind: "interpreter", program: "ocaml" },
  },
  // IEx evaluates .iex.exs from the working directory, else home's, as Elixir; --dot-iex names another.
  { programs: ["iex"], files: [".iex.exs", "~/.iex.exs"], skip: ["--dot-iex"], language: { kind: "interpreter", program: "elixir -" } },
  // mongosh runs ~/.mongoshrc.js (the legacy shell ~/.mongorc.js) as JavaScript when it starts, unless --norc.
  { programs: ["mongosh"], files: ["~/.mongoshrc.js"], skip: ["--norc"], language: { kind: "interpreter", program: "mongosh --nodb" } },
  { programs: ["mongo"], files: ["~/.mongorc.js"], skip: ["--norc"], language: { kind: "interpreter", program: "mongosh --nodb" } },
  // gnuplot runs ~/.gnuplot as gnuplot commands at every start (`system`, `!`, backquotes run a shell), unless -d.
  { programs: ["gnuplot"], files: ["~/.gnuplot", "~/.config/gnuplot/gnuplotrc"], skip: ["-d", "--default-settings"], language: { kind: "interpreter", program: "gnuplot" } },
  // xonsh reads its run-control files (Python and shell lines) when interactive: no `-c` or script, or with -i; --no-rc skips them.
  {
    programs: ["xonsh"],
    starts: (args) => args.some((arg) => arg === "-i" || arg === "--interactive") || startsRepl(["-c"])(args),
    files: ["~/.xonshrc", "~/.config/xonsh/rc.xsh", "~/.config/xonsh/rc.d/*.xsh"],
    skip: ["--no-rc"],
    language: { kind: "commands", read: xonshAsShell },
  },
  // Ammonite runs its home predef files before every script and REPL, unless --no-home-predef.
  {
    programs: ["amm"],
    files: ["~/.ammonite/predef.sc", "~/.ammonite/predefShared.sc", "~/.ammonite/predefScript.sc"],
    skip: ["--no-home-predef"],
    language: { kind: "interpreter", program: "amm" },
  },
  // CLISP loads the user's RC file (Lisp) at start, unless -norc.
  { programs: ["clisp"], files: ["~/.clisprc.lisp", "~/.clisprc"], skip: ["-norc"], language: { kind: "interpreter", program: "clisp" } },
  // groovysh evaluates groovysh.rc at every start and groovysh.profile when interactive (Groovy statements).
  { programs: ["groovysh"], files: ["~/.groovy/groovysh.rc", "~/.groovy/groovysh.profile"], language: { kind: "interpreter", program: "groovy" } },
  // Jupyter applications run their Python config files from the user's config directory at start.
  {
    programs: ["jupyter", "jupyter-lab", "jupyter-notebook", "jupyter-server"],
    starts: (args) => ["lab", "notebook", "server", "nbclassic", "console", "qtconsole", "execute", "nbconvert"].includes(args.find((arg) => !arg.startsWith("-")) ?? "lab"),
    files: ["~/.jupyter/jupyter_server_config.py", "~/.jupyter/jupyter_notebook_config.py", "~/.jupyter/jupyter_lab_config.py", "~/.jupyter/jupyter_config.py"],
    language: PYTHON_CODE,
  },
  // Leiningen merges ~/.lein/profiles.clj into every project: its :injections run in each project JVM (repl, run, test).
  {
    programs: ["lein"],
    files: ["~/.lein/profiles.clj", "~/.lein/profiles.d/*.clj"],
    language: { kind: "commands", read: (text) => ({ text: clojureCommands(text).join("\n") || ":", unread: [] }) },
  },
  // ptpython (and ptipython) runs its config.py, Python, at every start.
  {
    programs: ["ptpython", "ptipython"],
    files: ["~/.config/ptpython/config.py", "~/Library/Application Support/ptpython/config.py"],
    language: PYTHON_CODE,
  },
  // Racket's REPL loads the init file (~/.racketrc; racketrc.rktl in the add-on directory) when it starts interactively.
  {
    programs: ["racket"],
    starts: (args) =>
      args.includes("-i") || args.includes("--repl") || startsRepl(["-e", "--eval", "-f", "--load", "-t", "--require", "-l", "--lib", "-r", "--script", "-u", "-k"])(args),
    files: ["~/.racketrc", "~/.local/share/racket/racketrc.rktl"],
    skip: ["-n", "--no-init-file"],
    language: { kind: "interpreter", program: "racket" },
  },
  // SWI-Prolog consults the user's init file at every start (`shell/1`, `process_create/3` run programs); -f names another or none.
  { programs: ["swipl"], files: ["~/.config/swi-prolog/init.pl", "~/.swiplrc"], skip: ["-f"], language: { kind: "commands", read: prologAsShell } },
  // tclsh and wish source ~/.tclshrc / ~/.wishrc when interactive (no script given).
  { programs: ["tclsh"], starts: startsRepl([]), files: ["~/.tclshrc"], language: { kind: "interpreter", program: "tclsh" } },
  { programs: ["wish"], starts: startsRepl([]), files: ["~/.wishrc"], language: { kind: "interpreter", program: "tclsh" } },
  // sshd runs ~/.ssh/rc with sh when the user logs in: an ssh to this machine runs it first.
  {
    programs: ["ssh"],
    starts: (args) => args.some((arg) => /^(?:[^@\s]+@)?(?:localhost|127\.0\.0\.1|::1|\[::1\])$/.test(arg)),
    files: ["~/.ssh/rc"],
    language: { kind: "commands", read: (text) => ({ text, unread: [] }) },
  },
  // X sessions: startx and xinit run ~/.xinitrc as a shell script; display managers source ~/.xprofile and Debian's
  // Xsession ~/.xsessionrc, then run ~/.xsession.
  { programs: ["startx", "xinit"], files: ["~/.xinitrc"], language: { kind: "commands", read: (text) => ({ text, unread: [] }) } },
  {
    programs: ["lightdm", "gdm", "gdm3", "sddm", "xdm", "lxdm", "xsession"],
    files: ["~/.xprofile", "~/.xsessionrc", "~/.xsession"],
    language: { kind: "commands", read: (text) => ({ text, unread: [] }) },
  },
  // A project's .vscode/tasks.json: a VS Code-family editor runs its folder-open tasks when it opens the folder. No
  // program here starts it by name — the editor's folder operand decides (../session/editor-tasks.ts reads it then);
  // the row makes a write of the file judged by the commands those tasks run.
  { programs: [], files: [".vscode/tasks.json"], language: { kind: "commands", read: vscodeTasksAsShell } },
  // XDG autostart entries: a graphical login starts each one's Exec line; `dex -a` (or --autostart) runs them now.
  {
    programs: ["dex"],
    starts: (args) => args.some((arg) => arg === "-a" || arg === "--autostart"),
    files: ["~/.config/autostart/*.desktop"],
    language: { kind: "commands", read: desktopEntryAsShell },
  },
];

/** The row whose files hold `path` (absolute, or relative to the working directory; `home` places `~`). */
export function startupRowOf(path: string, home: string): StartupRow | undefined {
  const underHome = path.startsWith(`${home}/`) ? `~/${path.slice(home.length + 1)}` : undefined;
  return STARTUP_ROWS.find((row) =>
    row.files.some((file) => (file.startsWith("~/") ? underHome !== undefined && matchesFile(underHome, file) : path === file || path.endsWith(`/${file}`))),
  );
}

/** A path against a row's file: `*` stands for one name's part, never a `/`. */
function matchesFile(path: string, file: string): boolean {
  if (!file.includes("*")) return path === file;
  return fileExpression(file).test(path);
}

/** A row's file with `*` as the expression it stands for, built once per file: every path asked of every row met them. */
const fileExpressions = new Map<string, RegExp>();

function fileExpression(file: string): RegExp {
  let expression = fileExpressions.get(file);
  if (expression === undefined) {
    const pattern = file.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", "[^/]*");
    expression = new RegExp(`^${pattern}$`);
    fileExpressions.set(file, expression);
  }
  return expression;
}

/** The rows a command's program starts, with their files under `home` (none when an option skips them). */
export function startupRowsFor(name: string, args: readonly string[], home: string): Array<{ row: StartupRow; paths: string[] }> {
  const rows = rowsByProgram().get(name);
  if (rows === undefined) return [];
  return rows
    .filter((row) => (row.starts?.(args) ?? true) && !skipped(row, args))
    .map((row) => ({
      row,
      paths: row.files.map((file) => (file.startsWith("~/") ? `${home}${file.slice(1)}` : file)),
    }));
}

/** The rows by each program they name, in the table's order: every command of every call asks, and few programs have one. */
let byProgram: Map<string, StartupRow[]> | undefined;

function rowsByProgram(): Map<string, StartupRow[]> {
  if (byProgram) return byProgram;
  byProgram = new Map();
  for (const row of STARTUP_ROWS) {
    for (const program of new Set(row.programs)) {
      const rows = byProgram.get(program);
      if (rows) rows.push(row);
      else byProgram.set(program, [row]);
    }
  }
  return byProgram;
}

function skipped(row: StartupRow, args: readonly string[]): boolean {
  return row.skip?.some((option) => args.includes(option) || (option.startsWith("--") && args.some((arg) => arg.startsWith(`${option}=`)))) ?? false;
}

const SHARED_TEMP = /(?:^|[\s'"=(,])\/(?:private\/)?(?:tmp|var\/tmp|dev\/shm)\//m;

/** Ends the text handed to a program on its standard input; a text holding it is not judged (left to the path rules). */
const STARTUP_MARKER = "SYNAPS_STARTUP_TEXT";

/** A start-up file's text as the shell input that runs it, and the lines no reader could read; undefined when empty or not showable. */
export function startupShell(row: StartupRow, text: string): { text: string; unread: string[] } | undefined {
  // A file in a directory anyone can write to, named by a start-up file (`source /tmp/x.py`), runs what someone else
  // put there: nothing the text shows. Left to the path rules, which ask.
  if (text.trim() === "" || SHARED_TEMP.test(text)) return undefined;
  const language = row.language;
  if (language.kind === "commands") return language.read(text);
  const code = language.translate ? language.translate(text) : text;
  if (code.includes(STARTUP_MARKER)) return undefined;
  return { text: `${language.program} <<'${STARTUP_MARKER}'\n${code}\n${STARTUP_MARKER}\n`, unread: [] };
}
