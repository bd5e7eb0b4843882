// Debugger commands (`gdb -ex CMD`, `-x script`, commands on stdin; `lldb
// -o CMD`): the ones that run a shell command (`shell`, `!`, `pipe … |`,
// lldb's `platform shell`), write or read a file (`dump`, `append`, `set
// logging file`, `restore`, `source`), evaluate C that calls system() or
// unlink(), or hand code to Python or Guile.
import { type CodeReading, readCode } from "./code.ts";
import { addReading, emptyReading, readLine, writeLine } from "./file-lines.ts";

export function readGdb(script: string): CodeReading {
  const reading = emptyReading();
  const lines = script.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    // `python` (or `guile`) alone starts a block that ends with `end`.
    const block = /^(python|py|python-interactive|pi|guile|gu)$/.exec(line);
    if (block) {
      const body: string[] = [];
      for (index++; index < lines.length && lines[index]!.trim() !== "end"; index++) body.push(lines[index]!);
      addCode(reading, block[1]!.startsWith("g") ? "scheme" : "python", body.join("\n"), block[1]!);
      continue;
    }
    readGdbCommand(line, reading);
  }
  return reading;
}

function readGdbCommand(line: string, reading: CodeReading) {
  if (line === "" || line.startsWith("#")) return;
  const shell = /^(?:she(?:ll?)?\b|!)\s*([\s\S]*)$/.exec(line);
  if (shell) return addShell(reading, shell[1]!, line.startsWith("!") ? "!" : "shell");
  const pipe = /^(?:pipe|\|)\s*(?:-d\s+(\S+)\s+)?([\s\S]*)$/.exec(line);
  if (pipe) {
    const delimiter = pipe[1] ?? "|";
    const at = pipe[2]!.indexOf(delimiter);
    if (at >= 0) addShell(reading, pipe[2]!.slice(at + delimiter.length), "pipe");
    return;
  }
  const [written = "", ...rest] = line.split(/\s+/);
  const args = line.slice(written.length).trim();
  const word = GDB_NAMES.find(([name, shortest]) => written.length >= shortest && name.startsWith(written))?.[0] ?? written;
  switch (word) {
    case "python":
    case "py":
    case "python-interactive":
    case "pi":
      return addCode(reading, "python", args, word);
    case "guile":
    case "gu":
      return addCode(reading, "scheme", args, word);
    case "source":
    case "restore":
      return void reading.lines.push({ line: readLine(rest.filter((part) => !part.startsWith("-"))[0] ?? ""), label: word });
    case "dump":
    case "append":
      return writeOfDump(reading, rest, word);
    case "set":
      return readSet(reading, args);
    case "make":
      return addShell(reading, `make ${args}`, "make");
    case "run":
    case "r":
    case "start":
    case "starti":
      // The program's arguments go through a shell: its redirects and substitutions happen.
      if (args !== "") addShell(reading, `: ${args}`, word);
      return;
    case "target":
      return readTarget(reading, args);
    case "eval":
      return void reading.unresolved.push(`gdb eval builds a command at run time (${args.slice(0, 60)})`);
    default:
      if (/\(/.test(args)) addReading(reading, readCode("c", args, "gdb"));
  }
}

/** gdb accepts a command's unique prefix: `sou` is `source`, `pyt` is `python`. */
const GDB_NAMES: ReadonlyArray<readonly [string, number]> = [
  ["python", 3],
  ["python-interactive", 8],
  ["guile", 2],
  ["source", 3],
  ["restore", 3],
  ["dump", 2],
  ["append", 3],
  ["set", 3],
  ["make", 3],
  ["run", 1],
  ["start", 5],
  ["starti", 6],
  ["target", 3],
  ["eval", 4],
];

/** `dump [binary] memory FILE START END`, `append value FILE EXPR`: the file is written. */
function writeOfDump(reading: CodeReading, words: string[], command: string) {
  const kinds = new Set(["binary", "ihex", "srec", "tekhex", "verilog", "value", "memory"]);
  const file = words.find((word) => !kinds.has(word));
  if (file) reading.lines.push({ line: writeLine(file), label: command });
}

/** `set logging file X`, `set exec-wrapper CMD`, `set debuginfod urls …`. */
function readSet(reading: CodeReading, args: string) {
  const logging = /^logging\s+(?:file\s+|on\s+|redirect\s+on\s+)(\S+)/.exec(args);
  if (logging && !/^(?:on|off)$/.test(logging[1]!)) reading.lines.push({ line: writeLine(logging[1]!), label: "set logging file" });
  const wrapper = /^exec-wrapper\s+([\s\S]+)$/.exec(args);
  if (wrapper) addShell(reading, wrapper[1]!, "set exec-wrapper");
  if (/\(/.test(args)) addReading(reading, readCode("c", args, "gdb"));
}

/** `target remote host:port` connects; `target remote | CMD` runs CMD. */
function readTarget(reading: CodeReading, args: string) {
  const piped = /^(?:extended-)?remote\s*\|\s*([\s\S]+)$/.exec(args);
  if (piped) return addShell(reading, piped[1]!, "target remote |");
  const remote = /^(?:extended-)?remote\s+(?:tcp:)?([^\s:]+):(\d+)/.exec(args);
  if (remote) reading.lines.push({ line: `nc ${remote[1]} ${remote[2]}`, label: "target remote" });
}

/** lldb commands (`-o`, `-s` scripts): `platform shell`, `script`, `command source`, expressions. */
export function readLldb(script: string): CodeReading {
  const reading = emptyReading();
  for (const raw of script.split(/\r?\n/)) {
    const line = raw.trim();
    const shell = /^(?:platform\s+shell|shell)\s+(?:-h\s+\S+\s+|-t\s+\S+\s+|--\s+)*([\s\S]+)$/.exec(line);
    if (shell) {
      addShell(reading, shell[1]!, "platform shell");
      continue;
    }
    const script = /^script\s+(?:-l\s+\S+\s+|--language\s+\S+\s+)?([\s\S]+)$/.exec(line);
    if (script) {
      addCode(reading, "python", script[1]!, "script");
      continue;
    }
    const source = /^(?:command\s+source|command\s+script\s+import)\s+(\S+)/.exec(line);
    if (source) {
      reading.lines.push({ line: readLine(source[1]!), label: "command source" });
      continue;
    }
    const launch = /^(?:process\s+launch|run|r)\b\s*(?:--\s+)?([\s\S]*)$/.exec(line);
    if (launch) {
      if (launch[1]!.trim() !== "") addShell(reading, `: ${launch[1]}`, "process launch");
      continue;
    }
    if (/\(/.test(line)) addReading(reading, readCode("c", line, "lldb"));
  }
  return reading;
}

function addShell(reading: CodeReading, command: string, label: string) {
  const text = command.trim();
  if (text !== "") reading.lines.push({ line: text, label });
}

function addCode(reading: CodeReading, language: string, code: string, label: string) {
  if (code.trim() === "") return;
  reading.code ??= [];
  reading.code.push({ language, text: code, label });
}
