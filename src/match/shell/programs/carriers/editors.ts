// Editors and pagers. Started without a terminal and given nothing to do,
// they only open their files (read); the commands they are given on the
// command line are another matter: vim's `-c`/`+`/`--cmd` and startup
// files, ed and ex scripts on stdin, emacs's `--eval`, man's pager and
// browser, bat's pager, the editor an environment variable names. With
// commands, vim's file operands count as written (`vim -c 'wq' ~/.bashrc`).
import { FILE_PROGRAMS } from "../files.ts";
import type { ProgramSpec } from "../spec.ts";

const VIM: ProgramSpec = {
  options: {
    "-c": "code:vim", "--cmd": "code:vim", "+": "code:vim", "-S": "script", "-u": "script", "-U": "script", "--remote-send": "code:vim", "--remote-expr": "code:vim",
    "--remote": "read", "--remote-silent": "read", "--remote-tab": "read", "--remote-tab-silent": "read", "--remote-wait": "read", "--servername": "value", "--server": "value",
    "-w": "write", "-W": "write", "-i": "path", "-T": "value", "-t": "value", "-q": "read", "-r": "flag", "-s": "flag", "-l": "flag", "--listen": "value",
    "--startuptime": "write", "--log": "write", "-V": "flag",
  },
  operands: ["read"],
  stdin: "code:vim",
  env: { VIMINIT: "code:vim", EXINIT: "code:vim" },
  writesOperandsWith: ["-c", "--cmd", "+", "-S"],
};

const ED: ProgramSpec = { options: { "-p": "value", "--prompt": "value" }, operands: ["read"], stdin: "code:ed" };

const EMACS: ProgramSpec = {
  options: {
    "--eval": "code:lisp", "-eval": "code:lisp", "--execute": "code:lisp", "-l": "read", "--load": "read", "-load": "read", "--script": "read", "-scriptload": "read",
    "-f": "value", "--funcall": "value", "-funcall": "value", "--insert": "read", "-insert": "read", "-L": "path", "--directory": "path", "-u": "value", "--user": "value",
    "--init-directory": "path", "--chdir": "path", "--dump-file": "read", "--fg-daemon": "value", "--bg-daemon": "value", "-t": "value", "-d": "value", "--display": "value",
    "+": "value",
  },
  operands: ["read"],
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
  view: VIM,
  rvim: VIM,
  rview: VIM,
  vimdiff: VIM,
  gvim: VIM,
  gview: VIM,
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
    operands: ["read"],
    env: { ALTERNATE_EDITOR: "shell" },
  },
  nano: { options: { "-s": "shell", "--speller": "shell", "-f": "read", "--rcfile": "read", "-o": "path", "--operatingdir": "path", "-C": "path", "--backupdir": "path", "-Y": "value", "--syntax": "value", "-T": "value", "--tabsize": "value", "-r": "value", "--fill": "value", "-Q": "value", "--quotestr": "value", "+": "value" }, operands: ["read"] },
  pico: { options: { "-s": "shell", "-o": "path", "-r": "value", "+": "value" }, operands: ["read"] },
  // less itself is in files.ts; zless hands its options to it.
  zless: FILE_PROGRAMS.less!,
  man: MAN,
  bat: BAT,
  batcat: BAT,
};
