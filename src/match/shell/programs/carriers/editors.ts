// Editors and pagers. An editor opens its files to change them: each file
// operand is read and written (`nano ~/.bashrc`, `code ~/.ssh/config`), so
// rules about writes see it, unless a read-only mode or a viewer (`view`,
// `vim -R`, `nano -v`) only shows it. The commands they are given on the
// command line are another matter: vim's `-c`/`+`/`--cmd` and startup
// files, ed and ex scripts on stdin, emacs's `--eval`, man's pager and
// browser, bat's pager, the editor an environment variable names.
import { FILE_PROGRAMS } from "../files.ts";
import type { ProgramSpec } from "../spec.ts";

const VIM: ProgramSpec = {
  options: {
    "-c": "code:vim", "--cmd": "code:vim", "+": "code:vim", "-S": "script", "-u": "script", "-U": "script", "--remote-send": "code:vim", "--remote-expr": "code:vim",
    "--remote": "read", "--remote-silent": "read", "--remote-tab": "read", "--remote-tab-silent": "read", "--remote-wait": "read", "--servername": "value", "--server": "value",
    "-w": "write", "-W": "write", "-i": "path", "-T": "value", "-t": "value", "-q": "read", "-r": "flag", "-s": "flag", "-l": "flag", "--listen": "value",
    "--startuptime": "write", "--log": "write", "-V": "flag",
  },
  operands: ["edit"],
  stdin: "code:vim",
  env: { VIMINIT: "code:vim", EXINIT: "code:vim" },
  writesOperandsWith: ["-c", "--cmd", "+", "-S"],
  rolesWith: { "-R": { operands: "read" }, "-M": { operands: "read" } },
};

/** vim's viewers: read-only unless told to run commands (which may still write). */
const VIEW: ProgramSpec = { ...VIM, operands: ["read"], rolesWith: {} };

/** An editor opened on files: `options` with a value, and flags that make it only show them. */
const editor = (options: ProgramSpec["options"] = {}, readOnlyWith: readonly string[] = []): ProgramSpec => ({
  options,
  operands: ["edit"],
  ...(readOnlyWith.length > 0 ? { rolesWith: Object.fromEntries(readOnlyWith.map((flag) => [flag, { operands: "read" as const }])) } : {}),
});

/** VS Code and its kin: `code FILE`, `code -g FILE:LINE`, `code --diff A B`; extensions and profiles are names. */
const VSCODE = editor({
  "--install-extension": "value", "--uninstall-extension": "value", "--extensions-dir": "path", "--user-data-dir": "path", "--profile": "value",
  "--locale": "value", "--log": "value", "--enable-proposed-api": "value", "--folder-uri": "url", "--file-uri": "url", "--remote": "value", "--sync": "value",
  "--inspect-extensions": "value", "--inspect-brk-extensions": "value", "--category": "value", "--max-memory": "value", "--disable-extension": "value",
});

const ED: ProgramSpec = { options: { "-p": "value", "--prompt": "value" }, operands: ["read"], stdin: "code:ed" };
// ed's file is changed only by the commands it reads on stdin (`w`), which its reader judges.

const EMACS: ProgramSpec = {
  options: {
    "--eval": "code:lisp", "-eval": "code:lisp", "--execute": "code:lisp", "-l": "read", "--load": "read", "-load": "read", "--script": "read", "-scriptload": "read",
    "-f": "value", "--funcall": "value", "-funcall": "value", "--insert": "read", "-insert": "read", "-L": "path", "--directory": "path", "-u": "value", "--user": "value",
    "--init-directory": "path", "--chdir": "path", "--dump-file": "read", "--fg-daemon": "value", "--bg-daemon": "value", "-t": "value", "-d": "value", "--display": "value",
    "+": "value",
  },
  operands: ["edit"],
};

const MAN: ProgramSpec = {
  options: {
    "-P": "shell", "--pager": "shell", "-H": "shell", "--html": "shell", "-l": "flag", "--local-file": "flag", "-C": "read", "--config-file": "read",
    "-M": "path", "--manpath": "path", "-L": "value", "--locale": "value", "-m": "value", "--systems": "value", "-S": "value", "-s": "value", "--sections": "value",
    "-e": "value", "--extension": "value", "-p": "value", "--preprocessor": "value", "-T": "value", "--troff-device": "value", "-R": "value", "--recode": "value",
    "-E": "value", "--encoding": "value", "-r": "value", "--prompt": "value", "-X": "value",
  },
  // Page names, or files with -l; a name is a harmless path.
  operands: ["read"],
  env: { MANPAGER: "shell", PAGER: "shell", BROWSER: "shell", MANROFFSEQ: "value" },
};

const BAT: ProgramSpec = {
  options: {
    "--pager": "shell", "-l": "value", "--language": "value", "--style": "value", "--theme": "value", "-r": "value", "--line-range": "value", "-H": "value",
    "--highlight-line": "value", "--file-name": "value", "--map-syntax": "value", "--tabs": "value", "--wrap": "value", "--paging": "value", "-m": "value",
    "--color": "value", "--decorations": "value", "--italic-text": "value", "--terminal-width": "value", "--diff-context": "value",
  },
  operands: ["read"],
  env: { BAT_PAGER: "shell", PAGER: "shell" },
};

export const EDITORS: Record<string, ProgramSpec> = {
  vim: VIM,
  vi: VIM,
  nvim: { ...VIM, options: { ...VIM.options, "-l": "read", "--headless": "flag", "--embed": "flag" } },
  ex: VIM,
  view: VIEW,
  rvim: VIM,
  rview: VIEW,
  vimdiff: VIM,
  gvim: VIM,
  gview: VIEW,
  mvim: VIM,
  evim: VIM,
  vimx: VIM,
  nex: VIM,
  nvi: VIM,
  ed: ED,
  red: ED,
  emacs: EMACS,
  emacsclient: {
    options: { "-e": "code:lisp", "--eval": "code:lisp", "-a": "shell", "--alternate-editor": "shell", "-s": "path", "--socket-name": "path", "-f": "read", "--server-file": "read", "-F": "value", "-d": "value", "-T": "value" },
    operands: ["edit"],
    env: { ALTERNATE_EDITOR: "shell" },
  },
  nano: { options: { "-s": "shell", "--speller": "shell", "-f": "read", "--rcfile": "read", "-o": "path", "--operatingdir": "path", "-C": "path", "--backupdir": "path", "-Y": "value", "--syntax": "value", "-T": "value", "--tabsize": "value", "-r": "value", "--fill": "value", "-Q": "value", "--quotestr": "value", "+": "value" }, operands: ["edit"], rolesWith: { "-v": { operands: "read" }, "--view": { operands: "read" } } },
  pico: { options: { "-s": "shell", "-o": "path", "-r": "value", "+": "value" }, operands: ["edit"], rolesWith: { "-v": { operands: "read" } } },
  micro: editor({ "-config-dir": "path", "-plugin": "value", "+": "value" }),
  hx: editor({ "-c": "read", "--config": "read", "-w": "path", "--working-dir": "path", "-g": "value", "--grammar": "value", "--log": "write" }),
  helix: editor({ "-c": "read", "--config": "read", "-w": "path", "--working-dir": "path", "-g": "value", "--grammar": "value", "--log": "write" }),
  kak: editor({ "-c": "value", "-s": "value", "-p": "value" }, ["-ro"]),
  code: VSCODE,
  "code-insiders": VSCODE,
  codium: VSCODE,
  cursor: VSCODE,
  windsurf: VSCODE,
  zed: editor(),
  zeditor: editor(),
  subl: editor({ "--project": "read", "--command": "value" }),
  sublime_text: editor({ "--project": "read", "--command": "value" }),
  mate: editor({ "-l": "value", "--line": "value", "-t": "value", "--type": "value", "-m": "value", "--name": "value" }),
  gedit: editor({ "+": "value", "--encoding": "value" }),
  "gnome-text-editor": editor(),
  kate: editor({ "-l": "value", "--line": "value", "-c": "value", "--column": "value", "-s": "value", "--start": "value", "-p": "value", "--pid": "value", "-e": "value", "--encoding": "value" }),
  kwrite: editor({ "-l": "value", "--line": "value", "-c": "value", "--column": "value", "-e": "value", "--encoding": "value" }),
  mousepad: editor(),
  pluma: editor(),
  xed: editor(),
  leafpad: editor(),
  featherpad: editor(),
  joe: editor({ "+": "value" }, ["-rdonly"]),
  jed: editor({ "-f": "value", "-g": "value", "-l": "read" }),
  jmacs: editor({ "+": "value" }),
  jstar: editor({ "+": "value" }),
  mcedit: editor({ "+": "value" }),
  ne: editor({ "--macro": "read", "--keys": "read", "--menus": "read" }, ["--read-only"]),
  mg: editor({ "-f": "value", "+": "value" }, ["-R"]),
  zile: editor({ "+": "value" }),
  qemacs: editor(),
  tilde: editor(),
  "lite-xl": editor(),
  notepadqq: editor(),
  sudoedit: editor({ "-u": "value", "--user": "value", "-g": "value", "--group": "value", "-C": "value", "-D": "path", "--chdir": "path" }),
  // less itself is in files.ts; zless hands its options to it.
  zless: FILE_PROGRAMS.less!,
  man: MAN,
  bat: BAT,
  batcat: BAT,
};
