// Debuggers and tracers: the commands a debugger is given (`gdb -ex`,
// `-x` scripts, commands on stdin; `lldb -o`), the program it starts
// (`gdb --args prog …`, `lldb -- prog …`, `rr record prog`, `dtruss prog`),
// and the probes of tracers that may run commands (bpftrace and dtrace's
// `system()`, `-c CMD`). strace, ltrace and valgrind are in wrappers.ts.
import type { ProgramSpec } from "../spec.ts";

const GDB: ProgramSpec = {
  singleDashWords: true,
  options: {
    "-ex": "code:gdb", "--ex": "code:gdb", "-eval-command": "code:gdb", "--eval-command": "code:gdb", "-iex": "code:gdb", "--iex": "code:gdb",
    "-init-eval-command": "code:gdb", "--init-eval-command": "code:gdb", "-x": "script", "--x": "script", "-command": "script", "--command": "script",
    "-ix": "script", "--ix": "script", "-init-command": "script", "--init-command": "script", "--args": "command", "-args": "command",
    "-p": "value", "--pid": "value", "-pid": "value", "-c": "read", "--core": "read", "-core": "read", "-s": "read", "--symbols": "read", "-symbols": "read",
    "-e": "read", "--exec": "read", "-exec": "read", "-se": "read", "--se": "read", "-cd": "path", "--cd": "path", "-d": "path", "--directory": "path", "-directory": "path",
    "-D": "path", "--data-directory": "path", "-data-directory": "path", "-tty": "value", "--tty": "value", "-i": "value", "--interpreter": "value", "-interpreter": "value",
    "-b": "value", "-l": "value",
  },
  // The program to debug (run only by a `run` command; judged as if it ran), then a core file or process id.
  operands: ["argv"],
  stdin: "code:gdb",
};

const LLDB: ProgramSpec = {
  options: {
    "-o": "code:lldb", "--one-line": "code:lldb", "-O": "code:lldb", "--one-line-before-file": "code:lldb", "-k": "code:lldb", "--one-line-on-crash": "code:lldb",
    "-s": "script", "--source": "script", "-S": "script", "--source-before-file": "script", "-K": "script", "--source-on-crash": "script",
    "-f": "read", "--file": "read", "-c": "read", "--core": "read", "-p": "value", "--attach-pid": "value", "-n": "value", "--attach-name": "value",
    "-a": "value", "--arch": "value", "-l": "value", "--script-language": "value", "-w": "flag", "--wait-for": "flag",
  },
  operands: ["argv"],
  stdin: "code:lldb",
};

const TRACE_PROGRAM: ProgramSpec = {
  options: { "-e": "code:bpftrace", "-c": "shell", "-o": "write", "-p": "value", "-I": "path", "--include": "read", "-B": "value", "-f": "value", "-k": "flag", "--unsafe": "flag", "-d": "value", "-v": "flag" },
  operands: ["script", "value"],
  stdin: "code:bpftrace",
};

export const DEBUGGERS: Record<string, ProgramSpec> = {
  gdb: GDB,
  "gdb-multiarch": GDB,
  cgdb: { options: { "-d": "argv" }, operands: ["argv"] },
  gdbserver: { options: { "--attach": "value", "--wrapper": "command", "--debug-file": "write", "--remote-debug": "flag" }, operands: ["value", "argv"] },
  lldb: LLDB,
  bpftrace: TRACE_PROGRAM,
  dtrace: { options: { "-n": "code:bpftrace", "-P": "value", "-m": "value", "-f": "value", "-i": "value", "-c": "shell", "-s": "script", "-o": "write", "-p": "value", "-x": "value", "-b": "value", "-D": "value", "-I": "path", "-U": "value", "-w": "flag" }, operands: ["value"], stdin: "code:bpftrace" },
  dtruss: { options: { "-p": "value", "-n": "value", "-t": "value", "-W": "value" }, operands: ["argv"] },
  rr: { subcommands: { record: { options: { "-o": "write", "--output-trace-dir": "write", "-e": "value" }, operands: ["argv"] }, replay: { options: { "-x": "read", "-d": "argv", "--debugger": "argv" }, operands: ["read"] }, pack: { operands: ["path"] } } },
  pdb: { options: { "-c": "code:python", "--command": "code:python", "-m": "value" }, operands: ["script", "read"], stdin: "code:python" },
  ipdb: { options: { "-c": "code:python", "-m": "value" }, operands: ["script", "read"], stdin: "code:python" },
  xctrace: { subcommands: { record: { options: { "--launch": "command", "--template": "value", "--output": "write", "--attach": "value", "--time-limit": "value", "--device": "value" }, operands: ["value"] } } },
  leaks: { options: { "--atExit": "flag", "--outputGraph": "write" }, operands: ["argv"] },
  catchsegv: { operands: ["argv"] },
  uftrace: { subcommands: { record: { options: { "-d": "write", "--data": "write", "-F": "value", "-N": "value", "-T": "value" }, operands: ["argv"] }, live: { options: { "-F": "value", "-N": "value" }, operands: ["argv"] } } },
  heaptrack: { options: { "-o": "write", "--output": "write", "-p": "value", "--pid": "value" }, operands: ["argv"] },
  memusage: { options: { "-p": "write", "--png": "write", "-d": "write", "--data": "write", "-n": "value", "--progname": "value" }, operands: ["argv"] },
};
