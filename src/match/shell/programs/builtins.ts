// Shell builtins and job tools that take a command: trap, eval, source, su,
// script, at, watch, xargs, parallel, make. Those whose arguments need more
// than a table (xargs reading stdin, find -exec, watch without -x) have a
// handler in interpret/launches.ts; their options are still listed here.
import type { ProgramSpec } from "./spec.ts";

/** make: `--eval TEXT` is makefile text; its recipes and $(shell …) run. */
export const MAKE: ProgramSpec = {
  options: { "-f": "read", "--file": "read", "--makefile": "read", "-C": "path", "--directory": "path", "-I": "path", "--include-dir": "path", "--eval": "code:make", "-E": "code:make", "-o": "value", "--old-file": "value", "-W": "value", "--what-if": "value", "-j": "value", "--jobs": "value", "-l": "value", "--load-average": "value", "-O": "value", "--output-sync": "value", "--debug": "value" },
  operands: ["value"],
  assignments: true,
  abbreviations: true,
};

export const BUILTIN_PROGRAMS: Record<string, ProgramSpec> = {
  trap: { options: { "-p": "flag", "-l": "flag" }, operands: ["shell", "value"] },
  eval: { operands: ["shell-words"] },
  source: { operands: ["script", "value"] },
  ".": { operands: ["script", "value"] },
  command: { options: { "-p": "flag", "-v": "flag", "-V": "flag" }, operands: ["argv"], inertWith: ["-v", "-V"] },
  type: { operands: ["value"] },
  hash: { options: { "-p": "path", "-d": "flag", "-t": "flag" }, operands: ["value"] },
  su: { options: { "-c": "shell", "--command": "shell", "--session-command": "shell", "-s": "value", "--shell": "value", "-g": "value", "--group": "value", "-G": "value", "--supp-group": "value", "-w": "value", "--whitelist-environment": "value" }, operands: ["value"] },
  // util-linux: script -c CMD FILE; BSD and macOS: script FILE CMD ARGS….
  script: { options: { "-c": "shell", "--command": "shell", "-E": "value", "--echo": "value", "-I": "write", "--log-in": "write", "-O": "write", "--log-out": "write", "-B": "write", "--log-io": "write", "-T": "write", "--log-timing": "write", "-t": "flag", "-F": "write", "-p": "flag", "-r": "flag" }, operands: ["write", "argv"] },
  at: { options: { "-f": "script", "-q": "value", "-t": "value", "-M": "flag", "-m": "flag" }, operands: ["value"], stdin: "shell" },
  batch: { options: { "-f": "script", "-q": "value" }, operands: ["value"], stdin: "shell" },
  watch: { options: { "-n": "value", "--interval": "value", "-d": "flag", "--differences": "flag", "-x": "flag", "--exec": "flag", "-q": "value", "--equexit": "value", "-g": "flag", "-t": "flag", "-c": "flag", "-b": "flag", "-e": "flag", "-p": "flag", "-w": "flag" }, operands: ["shell-words"] },
  xargs: {
    options: {
      "-a": "read", "--arg-file": "read", "-d": "value", "--delimiter": "value", "-E": "value", "--eof": "value", "-I": "value", "--replace": "value",
      "-L": "value", "--max-lines": "value", "-n": "value", "--max-args": "value", "-P": "value", "--max-procs": "value", "-s": "value", "--max-chars": "value",
      "--process-slot-var": "value",
    },
    operands: ["argv"],
  },
  parallel: {
    options: {
      "-j": "value", "--jobs": "value", "-S": "value", "--sshlogin": "value", "-a": "read", "--arg-file": "read", "-d": "value", "--delimiter": "value",
      "-I": "value", "-n": "value", "-N": "value", "-L": "value", "--results": "write", "--joblog": "write", "--timeout": "value", "--tmpdir": "path",
      "--colsep": "value", "--tag": "flag", "--pipe": "flag", "--block": "value", "--delay": "value", "--retries": "value", "--halt": "value",
    },
    operands: ["argv"],
  },
  make: MAKE,
  cd: { operands: ["path"] },
  pushd: { operands: ["path"] },
  popd: { operands: ["value"] },
  export: { options: { "-f": "flag", "-n": "flag", "-p": "flag" }, operands: ["value"] },
  declare: { operands: ["value"] },
  typeset: { operands: ["value"] },
  local: { operands: ["value"] },
  readonly: { operands: ["value"] },
  unset: { options: { "-f": "flag", "-v": "flag", "-n": "flag" }, operands: ["value"] },
  alias: { operands: ["value"] },
  unalias: { operands: ["value"] },
  set: { operands: ["value"] },
  shift: { operands: ["value"] },
  read: { options: { "-p": "value", "-d": "value", "-n": "value", "-N": "value", "-t": "value", "-u": "value", "-a": "value", "-i": "value" }, operands: ["value"] },
  mapfile: { options: { "-d": "value", "-n": "value", "-O": "value", "-s": "value", "-u": "value", "-C": "shell", "-c": "value" }, operands: ["value"] },
  readarray: { options: { "-d": "value", "-n": "value", "-O": "value", "-s": "value", "-u": "value", "-C": "shell", "-c": "value" }, operands: ["value"] },
  exit: { operands: ["value"] },
  return: { operands: ["value"] },
  wait: { operands: ["value"] },
  kill: { options: { "-s": "value", "-n": "value" }, operands: ["value"] },
  umask: { operands: ["value"] },
  ulimit: { operands: ["value"] },
  shopt: { operands: ["value"] },
  complete: { options: { "-C": "shell", "-F": "value", "-W": "value", "-A": "value", "-o": "value", "-G": "pattern", "-X": "pattern", "-P": "value", "-S": "value" }, operands: ["value"] },
  getopts: { operands: ["value"] },
  let: { operands: ["value"] },
  fc: { options: { "-e": "argv" }, operands: ["value"] },
  bind: { options: { "-x": "shell", "-f": "read", "-m": "value", "-q": "value", "-u": "value", "-r": "value" }, operands: ["value"] },
  history: { operands: ["value"] },
  jobs: { operands: ["value"] },
  fg: { operands: ["value"] },
  bg: { operands: ["value"] },
  disown: { operands: ["value"] },
  enable: { options: { "-f": "read" }, operands: ["value"] },
};
