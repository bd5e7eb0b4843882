// Shell builtins and job tools that take a command: trap, eval, source, su,
// script, at, watch, xargs, parallel, make. Those whose arguments need more
// than a table (xargs reading stdin, find -exec, watch without -x) have a
// handler in interpret/launches.ts; their options are still listed here.
import { ENVIRONMENT_OUTPUT } from "./output-labels.ts";
import { LOADS_LIBRARY } from "./library-loads.ts";
import type { ProgramSpec } from "./spec.ts";

/** `export`, `declare`, `typeset` and `set` with no name list every variable with its value. */
const ENVIRONMENT_LISTING = [ENVIRONMENT_OUTPUT];

/** make: `--eval TEXT` is makefile text; its recipes and $(shell …) run. */
/** compgen's and complete's options with a value (bash's `help complete`). */
const COMPLETION_OPTIONS: ProgramSpec["options"] = {
  "-C": "shell",
  "-F": "value",
  "-W": "value",
  "-G": "pattern",
  "-P": "value",
  "-S": "value",
  "-X": "pattern",
  "-A": "value",
  "-o": "value",
};

export const MAKE: ProgramSpec = {
  options: {
    // The makefile (`make -f - <<< …` reads it from stdin): judged as make, like --eval.
    "-f": "script",
    "--file": "script",
    "--makefile": "script",
    "-C": "path",
    "--directory": "path",
    "-I": "path",
    "--include-dir": "path",
    "--eval": "code:make",
    "-E": "code:make",
    "-o": "value",
    "--old-file": "value",
    "-W": "value",
    "--what-if": "value",
    "-j": "value",
    "--jobs": "value",
    "-l": "value",
    "--load-average": "value",
    "-O": "value",
    "--output-sync": "value",
    "--debug": "value",
  },
  operands: ["value"],
  assignments: true,
  abbreviations: true,
};

export const BUILTIN_PROGRAMS: Record<string, ProgramSpec> = {
  trap: { options: { "-p": "flag", "-l": "flag" }, operands: ["shell", "value"] },
  eval: { operands: ["shell-words"] },
  source: { operands: ["script", "value"] },
  ".": { operands: ["script", "value"] },
  command: { options: { "-p": "flag", "-v": "flag", "-V": "flag" }, operands: ["argv"], inertWith: ["-v", "-V"], sameShell: true },
  type: { operands: ["value"] },
  hash: { options: { "-p": "path", "-d": "flag", "-t": "flag" }, operands: ["value"] },
  su: {
    options: {
      "-c": "shell",
      "--command": "shell",
      "--session-command": "shell",
      "-s": "value",
      "--shell": "value",
      "-g": "value",
      "--group": "value",
      "-G": "value",
      "--supp-group": "value",
      "-w": "value",
      "--whitelist-environment": "value",
    },
    operands: ["value"],
    // `su - ada -c CMD`: a login shell, which starts in the user's home.
    startsIn: { loginFlags: ["-", "-l", "--login"] },
  },
  // util-linux: script -c CMD FILE; BSD and macOS: script FILE CMD ARGS….
  script: {
    options: {
      "-c": "shell",
      "--command": "shell",
      "-E": "value",
      "--echo": "value",
      "-I": "write",
      "--log-in": "write",
      "-O": "write",
      "--log-out": "write",
      "-B": "write",
      "--log-io": "write",
      "-T": "write",
      "--log-timing": "write",
      "-t": "flag",
      "-F": "write",
      "-p": "flag",
      "-r": "flag",
    },
    operands: ["write", "argv"],
  },
  at: { options: { "-f": "script", "-q": "value", "-t": "value", "-M": "flag", "-m": "flag" }, operands: ["value"], stdin: "shell" },
  batch: { options: { "-f": "script", "-q": "value" }, operands: ["value"], stdin: "shell" },
  watch: {
    options: {
      "-n": "value",
      "--interval": "value",
      "-d": "flag",
      "--differences": "flag",
      "-x": "flag",
      "--exec": "flag",
      "-q": "value",
      "--equexit": "value",
      "-g": "flag",
      "-t": "flag",
      "-c": "flag",
      "-b": "flag",
      "-e": "flag",
      "-p": "flag",
      "-w": "flag",
    },
    operands: ["shell-words"],
  },
  xargs: {
    options: {
      "-a": "read",
      "--arg-file": "read",
      "-d": "value",
      "--delimiter": "value",
      "-E": "value",
      "--eof": "value",
      "-I": "value",
      "--replace": "value",
      "-L": "value",
      "--max-lines": "value",
      "-n": "value",
      "--max-args": "value",
      "-P": "value",
      "--max-procs": "value",
      "-s": "value",
      "--max-chars": "value",
      "--process-slot-var": "value",
    },
    operands: ["argv"],
  },
  parallel: {
    options: {
      "-j": "value",
      "--jobs": "value",
      "-S": "value",
      "--sshlogin": "value",
      "-a": "read",
      "--arg-file": "read",
      "-d": "value",
      "--delimiter": "value",
      "-I": "value",
      "-n": "value",
      "-N": "value",
      "-L": "value",
      "--results": "write",
      "--joblog": "write",
      "--timeout": "value",
      "--tmpdir": "path",
      "--colsep": "value",
      "--tag": "flag",
      "--pipe": "flag",
      "--block": "value",
      "--delay": "value",
      "--retries": "value",
      "--halt": "value",
      "--wd": "path",
      "--workdir": "path",
    },
    operands: ["argv"],
    startsIn: { options: ["--wd", "--workdir"] },
  },
  make: MAKE,
  cd: { operands: ["path"] },
  pushd: { operands: ["path"] },
  popd: { operands: ["value"] },
  export: { options: { "-f": "flag", "-n": "flag", "-p": "flag" }, operands: ["value"], tagsAlone: ENVIRONMENT_LISTING },
  declare: { operands: ["value"], tagsAlone: ENVIRONMENT_LISTING },
  typeset: { operands: ["value"], tagsAlone: ENVIRONMENT_LISTING },
  local: { operands: ["value"] },
  readonly: { operands: ["value"] },
  unset: { options: { "-f": "flag", "-v": "flag", "-n": "flag" }, operands: ["value"] },
  alias: { operands: ["value"] },
  unalias: { operands: ["value"] },
  set: { operands: ["value"], tagsAlone: ENVIRONMENT_LISTING },
  shift: { operands: ["value"] },
  read: { options: { "-p": "value", "-d": "value", "-n": "value", "-N": "value", "-t": "value", "-u": "value", "-a": "value", "-i": "value" }, operands: ["value"] },
  mapfile: { options: { "-d": "value", "-n": "value", "-O": "value", "-s": "value", "-u": "value", "-C": "shell", "-c": "value" }, operands: ["value"] },
  readarray: { options: { "-d": "value", "-n": "value", "-O": "value", "-s": "value", "-u": "value", "-C": "shell", "-c": "value" }, operands: ["value"] },
  exit: { operands: ["value"] },
  return: { operands: ["value"] },
  wait: { operands: ["value"] },
  kill: { options: { "-s": "value", "-n": "value" }, operands: ["value"], signalWords: true },
  umask: { operands: ["value"] },
  ulimit: { operands: ["value"] },
  shopt: { operands: ["value"] },
  getopts: { operands: ["value"] },
  let: { operands: ["value"] },
  fc: { options: { "-e": "argv" }, operands: ["value"] },
  // `-x '"KEY": CMD'`: the command part is judged in interpret/evaluated-text.ts (the key is not part of it).
  bind: { options: { "-x": "value", "-f": "read", "-m": "value", "-q": "value", "-u": "value", "-r": "value" }, operands: ["value"] },
  // `history -r FILE` reads a file into the history (which `history` then prints), `-w`/`-a FILE` writes it out.
  history: { operands: ["path"], rolesWith: { "-r": { operands: "read" }, "-n": { operands: "read" }, "-w": { operands: "write" }, "-a": { operands: "write" } } },
  jobs: { operands: ["value"] },
  fg: { operands: ["value"] },
  bg: { operands: ["value"] },
  disown: { operands: ["value"] },
  // `enable -f lib.so name` loads a shared object into the shell: its code
  // runs, as a program's would (a downloaded one is remote code), and a
  // library loaded from a path is asked about (remote-code-library-load).
  enable: { options: { "-f": "argv" }, operands: ["value"], tagsWith: { "-f": LOADS_LIBRARY } },
  // -C runs a command, -F calls a function, -W's word list is expanded as the shell would (`$(…)` runs): launches.ts.
  compgen: { options: COMPLETION_OPTIONS, operands: ["value"] },
  complete: { options: COMPLETION_OPTIONS, operands: ["value"] },
};

/** bash's own builtins: a function may take their name, `hash -p` may not (bash looks them up before the hash table). */
export const SHELL_BUILTINS: ReadonlySet<string> = new Set(
  (
    ". : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable eval exec exit " +
    "export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return " +
    "set shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait"
  ).split(" "),
);
