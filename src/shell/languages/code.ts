// Interpreter code → the shell commands that do the same. Calls are found by
// the table in calls.ts, their literal arguments read (strings, lists of
// strings; interpolations become unknown values), and each becomes a shell
// line the interpreter judges like any other command. A call whose command is
// not written literally cannot be judged: it is reported as unresolved.
import { MAX_CODE_ARGUMENT_CHARS } from "../../limits.ts";
import type { CallEffect, CallSpec } from "./call-spec.ts";
import { clientStatements } from "./client-calls.ts";
import type * as Calls from "./calls.ts";
import { importedNames, resolveImports } from "./imports.ts";
import { expandLiteralLoops } from "./literal-loops.ts";
import { shellQuote } from "./quote.ts";
import { tempBelow, tempDirNames, tempWord } from "./temp-dirs.ts";
import { entryBelow, entryNames } from "./dir-entries.ts";
import { globbedNames } from "./glob-entries.ts";
import type { CodeStatement } from "../view/statements.ts";

/** A shell line equivalent to something the code does, and what it came from. */
/**
 * A shell line the code amounts to; `stdin`: the line reads what the carrier reads on its standard input (`\\i
 * /dev/stdin`); `outputRead`: the carrier reads what the line prints and never shows it (git's credential helper,
 * a password command), so a secret printed there is the helper doing its work.
 */
export type Equivalent = { line: string; label: string; stdin?: true; outputRead?: true };

/** Code in another language found inside code (vim's `:python …`, gdb's `python …`, TeX's `\directlua{…}`). */
export type NestedCode = { language: string; text: string; label: string };

export type CodeReading = {
  lines: Equivalent[];
  unresolved: string[];
  code?: NestedCode[];
  /** For database languages (SQL, redis, mongo): each statement and what it does. */
  statements?: CodeStatement[];
};

/** An argument as written: literal text, a list of them, or something only known at run time. */
type Argument =
  | { kind: "text"; value: string; through?: string }
  /** A fresh temp directory the code made, or a literal path below it (see temp-dirs.ts). */
  | { kind: "temp"; below: string }
  | { kind: "list"; items: Argument[] }
  | { kind: "number"; value: string }
  | { kind: "dynamic"; source: string };

/** `inText`: the callee's name stands in a one-line string's text (`system("bundle exec rspec")` holds `exec`). */
type Found = { effect: CallEffect; callee: string; args: Argument[]; at: number; inText?: true; command?: string };

const BACKTICK_LANGUAGES = new Set(["perl", "ruby", "php"]);
export const UNKNOWN = '"$__synaps_value"';

/**
 * The call tables, loaded by require() on first use: ~200 tagged patterns whose evaluation was part of every start
 * (~2 % of the JavaScript before the first hook, issue 27), though a command without interpreter code never reads them.
 */
let callTables: Readonly<Record<string, readonly CallSpec[]>> | undefined;
function callsByLanguage(): Readonly<Record<string, readonly CallSpec[]>> {
  callTables ??= (require("./calls.ts") as typeof Calls).CALLS_BY_LANGUAGE;
  return callTables;
}

export function hasCallTable(language: string): boolean {
  return language in callsByLanguage();
}

export function readCode(language: string, code: string, interpreter: string): CodeReading {
  const imported = resolveImports(language, code);
  const resolved = expandLiteralLoops(language, imported, {
    closes: bracketCloses(imported),
    stringEnd,
    items: splitTopLevel,
    literal: (text) => stringLiteral(text, language),
  });
  const found = findCalls(language, resolved, tempDirNames(language, resolved), entryNames(language, resolved), globbedNames(language, resolved));
  const reading: CodeReading = { lines: [], unresolved: [] };
  const modules = importedNames(language, resolved);
  for (const call of found) translate(call, reading, language, modules, resolved);
  if (BACKTICK_LANGUAGES.has(language)) for (const line of backtickCommands(code)) reading.lines.push({ line, label: "backticks" });
  combineEffects(found, reading, interpreter, resolved);
  const statements = clientStatements(language, resolved, lineStringMask(resolved, stringMask(resolved)));
  if (statements.length > 0) reading.statements = statements;
  return reading;
}

/** Effects that say how code reaches what it runs; their words inside a string (`print("eval(x)")`) are only text. */
const REACHING: ReadonlySet<CallEffect> = new Set(["run-code", "lookup", "attribute", "member", "reflection"]);

function findCalls(language: string, code: string, temps: ReadonlyMap<string, string>, entries: ReadonlySet<string>, globbed: ReadonlyMap<string, string>): Found[] {
  const found: Found[] = [];
  const closes = bracketCloses(code);
  const inString = stringMask(code);
  const inLine = lineStringMask(code, inString);
  for (const spec of callsByLanguage()[language] ?? []) {
    // A callee ends where the name ends: `exec` must not match the start of `execSync`, nor
    // `writeFile` of `writeFileSync` (leaving `Sync(…)` to be read as the arguments).
    const pattern = new RegExp(`(?:${spec.callee})(?![\\w$])`, "g");
    for (let match = pattern.exec(code); match; match = pattern.exec(code)) {
      if (quotedWord(code, match.index, match[0].length)) continue;
      if (REACHING.has(spec.effect) && inString[match.index] === 1) continue;
      // An empty callee stands where a literal receiver starts (`"rm -rf x".execute()`, Scala's `Seq(…).!`): it is the argument.
      const args =
        match[0] === ""
          ? readReceiver(code, match.index, language, closes)
          : readArguments(code, match.index + match[0].length, language, closes, spec.effect === "member", { temps, entries, globbed });
      const named = RUNS_A_COMMAND.has(spec.effect) ? args.map((arg) => (arg.kind === "dynamic" ? (assignedValue(arg.source, code, language, closes) ?? arg) : arg)) : args;
      found.push({
        effect: spec.effect,
        // An empty callee (a call on a literal receiver) is named for the person reading the reason.
        callee: match[0] || "a call on a literal",
        at: match.index,
        args: spec.effect === "fetch" ? withRequestUrl(match[0], args, code.slice(match.index, match.index + MAX_CODE_ARGUMENT_CHARS)) : named,
        ...(inLine[match.index] === 1 ? { inText: true as const } : {}),
        ...(spec.effect === "service-call" ? { command: spec.command } : {}),
      });
      if (match[0] === "") pattern.lastIndex++;
    }
  }
  // In the order the code makes them: a file fetched and then run is a download by the time it runs.
  return found.sort((a, b) => a.at - b.at);
}

/** The effects whose arguments are a command line or its words: a name given to them is read from its assignment. */
const RUNS_A_COMMAND: ReadonlySet<CallEffect> = new Set(["shell", "argv", "exec-file", "spawn-file"]);

/**
 * `cmd = "git tag -a v#{version} -m release"; system(cmd)`, `args = ["git", "push", "origin", tag]; subprocess.run(args)`:
 * a name the file assigns exactly once, at the start of a statement, from a literal string (interpolations in it are
 * values only the run knows) or a list of them, stands for that literal. A name assigned again or in place, changed
 * by a method, bound by a loop, a block or a parameter, or set from anything else (input, a call) stays unknown.
 */
function assignedValue(written: string, code: string, language: string, closes: ReadonlyMap<number, number>): Argument | undefined {
  const name = /^(?:\*|\.\.\.)?([$@]?[A-Za-z_]\w*)$/.exec(written.trim())?.[1];
  if (name === undefined || (name.startsWith("@") ? language !== "perl" : name.startsWith("$") !== SIGIL_LANGUAGES.has(language))) return undefined;
  const quoted = name.replace(/[$@]/g, "\\$&");
  const bound = `(?<![\\w$@.])${quoted}(?![\\w\\[{])`;
  const assignments = [...code.matchAll(new RegExp(`${bound}\\s*(?:\\*\\*|<<|>>|\\|\\||&&|\\?\\?|[-+*/%|&^.])?=(?![=~>])`, "g"))];
  if (assignments.length !== 1 || reboundPattern(quoted).test(code)) return undefined;
  const at = assignments[0]!.index;
  if (!/(?:^|[;{\n])\s*(?:(?:const|let|var|my|our|local)\s+)?$/.test(code.slice(Math.max(0, at - 40), at))) return undefined;
  const start = at + assignments[0]![0].length;
  const value = code.slice(start, expressionEnd(code, start, closes)).trim();
  // Perl's `my @args = ("git", "push")`: a parenthesised list is the list.
  const read = name.startsWith("@") && /^\([\s\S]*\)$/.test(value) ? readArgument(`[${value.slice(1, -1)}]`, language) : readArgument(value, language);
  return read.kind === "text" || read.kind === "list" ? read : undefined;
}

/** `input("> ")`, `readline.question("…")`, `getpass("…")`: what the person types, never the prompt the call is given. */
const INPUT_READER = /^(?:[\w.$:>-]*[.:>])?(?:input|raw_input|prompt|gets|readline|readLine|question|fgets|getpass|ask)$/;

/** Languages whose variables are written with a `$` (a bare word there is no variable). */
const SIGIL_LANGUAGES: ReadonlySet<string> = new Set(["php", "perl"]);

/** A name changed in place (`args.append(x)`, `args << x`, `push @args, x`, `args[0] = x`) or bound by a loop, block or parameter. */
function reboundPattern(quoted: string): RegExp {
  const name = `(?<![\\w$@.])${quoted}(?![\\w])`;
  return new RegExp(
    [
      `${name}\\s*(?:\\.\\s*(?:append|extend|insert|push|unshift|splice|concat|prepend|replace|gsub!|sub!|update|pop|shift|clear|concat!)\\b|<<|\\[[^\\]\\n]*\\]\\s*=(?!=))`,
      `\\b(?:push|unshift|splice|array_push|array_unshift)\\s*\\(?\\s*${name}`,
      `\\bfor(?:each)?\\s*\\(?\\s*(?:(?:const|let|var|my|our)\\s+)?(?:[\\w$@]+\\s*,\\s*)*${name}`,
      `\\bas\\s+(?:[\\w$]+\\s*=>\\s*)?${name}`,
      `\\|[^|\\n]*${name}[^|\\n]*\\|`,
      `\\b(?:def|function|fn|sub|lambda)\\b[^\\n{]*?[(,\\s]${name}\\s*[,)=:]`,
      `\\(\\s*(?:[\\w$]+\\s*,\\s*)*${name}\\s*(?:,[^()]*)?\\)\\s*=>|${name}\\s*=>`,
    ].join("|"),
  );
}

/** Where an expression starting at `from` ends: a `;`, a newline or a closing bracket outside its strings and brackets. */
function expressionEnd(code: string, from: number, closes: ReadonlyMap<number, number>): number {
  for (let index = from; index < code.length; index++) {
    const char = code[index]!;
    if (char === '"' || char === "'" || char === "`") index = stringEnd(code, index);
    else if (char === "(" || char === "[" || char === "{") index = closes.get(index) ?? code.length;
    else if (char === ";" || char === "\n" || char === ")" || char === "]" || char === "}") return index;
  }
  return code.length;
}

/** `system("bundle", "exec", "rspec")`: a callee's name that is a whole string literal is a word, not a call. */
function quotedWord(code: string, at: number, length: number): boolean {
  const before = code[at - 1];
  return (before === '"' || before === "'") && code[at + length] === before;
}

/** `https.request({ host: "x", path: "/y" })`: a request given as options goes to the host they name. */
function withRequestUrl(callee: string, args: Argument[], text: string): Argument[] {
  if (args[0]?.kind === "text" || args[0]?.kind === "dynamic") return args;
  const host = /\b(?:hostname|host)\s*:\s*(['"`])([^'"`]+)\1/.exec(text);
  if (!host) return args;
  const scheme = /\bhttp\./.test(callee) ? "http" : "https";
  return [{ kind: "text", value: `${scheme}://${host[2]}/` }, ...args];
}

function translate(call: Found, reading: CodeReading, language: string, modules: ReadonlySet<string>, code: string) {
  const label = `${call.callee.replace(/\s+/g, " ")}`;
  const texts = call.args.map(argumentText);
  const [first, second] = texts;
  const add = (line: string) => reading.lines.push({ line, label });
  switch (call.effect) {
    case "shell":
      if (call.args[0]?.kind === "text") add(call.args[0].value);
      else if (call.args[0]?.kind === "list") add(argvLine(call.args));
      else if (call.args.length > 0 && !call.inText) reading.unresolved.push(`the command given to ${label} is only known at run time`);
      return;
    case "argv":
      if (call.args.length === 0) return;
      if (call.args.length === 1 && call.args[0]?.kind === "text" && language !== "node") add(call.args[0].value);
      else if (call.args.every((arg) => arg.kind === "dynamic")) {
        if (!call.inText) reading.unresolved.push(`the command given to ${label} is only known at run time`);
      } else add(argvLine(withoutOwnName(call.args)));
      return;
    case "exec-file":
    case "spawn-file":
      return addExecFile(call, reading, add);
    case "delete":
      if (first) add(`rm -- ${first}`);
      return;
    case "delete-tree":
      if (first) add(`rm -r -- ${first}`);
      return;
    case "move":
      if (first && second) add(`mv -- ${first} ${second}`);
      return;
    case "copy":
      if (!first || !second) return;
      if (call.args[0]?.kind === "text" && /^(?:https?|ftp):\/\//i.test(call.args[0].value)) add(`curl -o ${second} -- ${first}`);
      else add(`cp -r -- ${first} ${second}`);
      return;
    case "symlink":
      if (first && second) add(`ln -s -- ${first} ${second}`);
      return;
    case "read":
      if (first && call.args[0]?.kind === "text") add(`cat -- ${first}`);
      return;
    case "write":
      if (first && call.args[0]?.kind === "text") add(`: > ${first}`);
      return;
    case "chmod":
      if (first && call.args[1]?.kind === "number") add(`chmod ${call.args[1].value.replace(/^0o?/, "")} -- ${first}`);
      return;
    case "fetch":
      if (first) add(`curl -- ${first}`);
      return;
    case "download":
      if (first && second) add(`curl -o ${second} -- ${first}`);
      return;
    case "service-call":
      // In a string (`print("delete_repo(x)")`) the words are only text.
      if (call.command && !call.inText) add(first === undefined ? call.command : `${call.command} ${first}`);
      return;
    case "run-code":
      return addRunCode(call, reading, language, label, code);
    case "run-file":
      if (first !== undefined && call.args[0]?.kind !== "dynamic") add(`${INTERPRETER_COMMAND[language] ?? language} -- ${first}`);
      else if (call.args.length > 0) reading.unresolved.push(`the file given to ${label} is only known at run time`);
      return;
    case "load-file": {
      const file = loadedFile(call.args[0]);
      if (file !== undefined) add(`${INTERPRETER_COMMAND[language] ?? language} -- ${shellQuote(file)}`);
      return;
    }
    case "lookup":
      if (call.args[0]?.kind === "dynamic" && !namesAFile(call.args[0].source, language))
        reading.unresolved.push(`the name given to ${label} is only known at run time, and could reach a process`);
      return;
    case "attribute":
      if (call.args[1]?.kind === "dynamic" && reachesModules(call.args[0], modules))
        reading.unresolved.push(`the name given to ${label} on ${argumentSource(call.args[0])} is only known at run time, and could reach a process`);
      return;
    case "member":
      if (call.args[0]?.kind === "dynamic") reading.unresolved.push(`the member of ${label} picked by a value only known at run time could reach a process`);
      return;
    case "reflection":
      reading.unresolved.push(`${label === ")" ? "(…)(…)" : label} reaches a function no name in the code shows`);
      return;
    case "connect":
    case "listen":
    case "eval":
    case "environment":
      return; // judged together, below
  }
}

/** The file a loader reads: a literal path, or one opened in place (`open("evil.pkl", "rb")`). */
function loadedFile(argument: Argument | undefined): string | undefined {
  if (argument?.kind === "text") return argument.value;
  if (argument?.kind !== "dynamic") return undefined;
  return /^(?:open|io\.open|gzip\.open|bz2\.open|lzma\.open)\s*\(\s*(['"])([^'"\n]+)\1/.exec(argument.source)?.[2];
}

/** Literal code given to exec/eval is read like the rest (in the same language); code built at run time cannot be. */
function addRunCode(call: Found, reading: CodeReading, language: string, label: string, text: string) {
  const code = /Function$/.test(call.callee) ? call.args.at(-1) : call.args[0];
  // `exec(b64decode("…"))`: a literal passed through a call is not the code that runs.
  if (code?.kind === "text" && code.through === undefined) reading.code = [...(reading.code ?? []), { language, text: code.value, label }];
  else if (code?.kind === "dynamic" && fileExecuted(code.source, text, language) !== undefined) {
    const file = fileExecuted(code.source, text, language)!;
    reading.lines.push({ line: `${INTERPRETER_COMMAND[language] ?? language} -- ${shellQuote(file)}`, label: `${label} of ${file}` });
  } else if (code?.kind === "text" || code?.kind === "dynamic") reading.unresolved.push(`the code given to ${label} is only known at run time`);
}

/** `open("x.py").read()`, `compile(open(f).read(), f, "exec")`: the text of one file, named by a literal or a name the code sets once to one. */
const FILE_TEXT = /^(?:compile\s*\(\s*)?open\s*\(\s*(?:(['"])([^'"\n]+)\1|([A-Za-z_]\w*))\s*\)\s*\.read\s*\(\s*\)/;

/**
 * The file whose text code gives exec (Python's `exec(open(F).read())`), so the call runs that file as the
 * interpreter would: judged by what the file holds, as `python3 F` is.
 */
function fileExecuted(source: string, text: string, language: string): string | undefined {
  if (language !== "python") return undefined;
  const read = FILE_TEXT.exec(source);
  if (!read) return undefined;
  const name = read[2] ?? singleAssignment(text, read[3]!, language);
  // A project file (relative, not above the project): one outside it (`/tmp/x`) is whatever is there at run time.
  return name !== undefined && !name.startsWith("/") && !name.startsWith("~") && !name.split("/").includes("..") && !name.includes(INTERPOLATED) ? name : undefined;
}

/** The literal a name is set to, when the code sets it exactly once. */
function singleAssignment(text: string, name: string, language: string): string | undefined {
  const assigned = [...text.matchAll(new RegExp(`(?<![\\w.])${name}\\s*=(?!=)\\s*([^;\\n]+)`, "g"))];
  return assigned.length === 1 ? stringLiteral(assigned[0]![1]!.trim(), language) : undefined;
}

/** `require("./lib/" + name)`, `require(path.join(__dirname, x))`: a file of the project, not a module that runs processes. */
function namesAFile(source: string, language: string): boolean {
  return language === "node" && /^(?:['"`]\.{0,2}\/|path\.(?:join|resolve)\s*\(|__dirname\b|process\.cwd\(\))/.test(source);
}

/** Names that hold modules or the builtins, through which a computed attribute can reach `os.system` and the like. */
const MODULE_HOLDERS =
  /^(?:os|posix|nt|sys|subprocess|pty|builtins|__builtins__|importlib|shutil|runpy|ctypes|multiprocessing|asyncio|child_process|process|globalThis|global|Bun|Deno)\b|__import__|import_module|__dict__|__class__|__globals__|\b(?:globals|locals|vars)\s*\(|sys\.modules/;

/** `getattr(os, name)`, `Reflect.get(child_process, name)` reach what the module holds; `getattr(settings, name)` on a value of the code's own does not. */
function reachesModules(object: Argument | undefined, modules: ReadonlySet<string>): boolean {
  if (object?.kind !== "dynamic") return false;
  const head = /^[A-Za-z_]\w*/.exec(object.source)?.[0];
  return MODULE_HOLDERS.test(object.source) || (head !== undefined && modules.has(head));
}

function argumentSource(arg: Argument | undefined): string {
  return arg?.kind === "dynamic" ? arg.source : "a value";
}

/**
 * Effects that mean something together: a connection with a shell is a
 * reverse shell; fetched text given to eval is remote code; the environment
 * or a file read and then sent is exfiltration.
 */
/**
 * Code that hands a connection's lines to a shell without naming one: Perl's standard streams reopened on the
 * socket (`STDIN->fdopen($c, r)`, `open(STDIN, ">&S")`) with every line read then run (`system $_ while <>`), or
 * Ruby's lines read from the socket given to popen or system (`while (cmd = c.gets); IO.popen(cmd)`).
 */
const LINES_RUN_FROM_STREAM =
  /(?:\bSTD(?:IN|OUT|ERR)|\$[~|])->fdopen\b|\bopen\s*\(\s*STD(?:IN|OUT)\s*,\s*["']?[+<>]*&|\bsystem\s*\(?\s*\$_\s*\)?\s*while\s*\(?\s*<|\.gets\b[\s\S]{0,80}?\b(?:IO\.popen|system|exec|spawn)\s*\(/;

function combineEffects(found: Found[], reading: CodeReading, interpreter: string, code: string) {
  const has = (effect: CallEffect) => found.some((call) => call.effect === effect || (effect === "eval" && call.effect === "run-code"));
  const fetches = found
    .filter((call) => call.effect === "fetch" || call.effect === "download")
    .flatMap((call) => (call.args[0] ? [argumentText(call.args[0])] : [UNKNOWN]))
    .filter((url) => url !== undefined);
  const runsShell =
    reading.lines.some((line) => /\b(?:ba|z|da|k)?sh\b|\/bin\/sh|\bcmd\.exe\b|dup2|pty/.test(line.line)) ||
    /dup2|pty\.spawn|\/bin\/(?:ba)?sh/.test(found.map((call) => call.callee).join(" ")) ||
    LINES_RUN_FROM_STREAM.test(code);
  for (const connection of found.filter((call) => call.effect === "connect")) {
    const { host, port } = hostAndPort(connection.args);
    const line = runsShell ? `sh -i >& /dev/tcp/${host}/${port} 0>&1` : `nc ${shellQuote(host)} ${shellQuote(port)}`;
    reading.lines.push({ line, label: runsShell ? "socket connected to a shell" : "socket" });
  }
  // A server is everyday code; a server that hands its clients a shell is a bind shell.
  if (runsShell)
    for (const server of found.filter((call) => call.effect === "listen"))
      reading.lines.push({ line: `nc -l -p ${shellQuote(hostAndPort(server.args).port)} -e /bin/sh`, label: "listening socket connected to a shell" });
  if (has("eval")) for (const url of fetches) reading.lines.push({ line: `curl -- ${url} | ${interpreter}`, label: "fetched code run by eval" });
  // Code that fetches and writes a named file (Go's `http.Get` then `os.Create` and `io.Copy`) may be writing what it
  // fetched there: the write, where it stands, is a download, so running the file later is running fetched code.
  const url = fetches[0];
  if (url !== undefined && !has("download"))
    reading.lines = reading.lines.map((line) => (line.line.startsWith(": > ") ? { line: `curl -o ${line.line.slice(4)} -- ${url}`, label: `${line.label}, after a fetch` } : line));
  const sources = [
    ...found.filter((call) => call.effect === "read" && call.args[0]?.kind === "text").map((call) => `cat -- ${argumentText(call.args[0]!)}`),
    ...(has("environment") ? ["env"] : []),
  ];
  if (sources.length > 0) for (const url of fetches) reading.lines.push({ line: `{ ${sources.join("; ")}; } | curl --data-binary @- -- ${url}`, label: "data read and then sent" });
}

/**
 * `os.execvp(FILE, [ARGV0, ARGS…])`, `os.execlp(FILE, ARGV0, ARGS…)`, `os.spawnvp(MODE, FILE, …)`: FILE runs with
 * ARGS; ARGV0 is only the name it is told it has, and the `…e` forms end with the environment.
 */
function addExecFile(call: Found, reading: CodeReading, add: (line: string) => void) {
  const args = call.effect === "spawn-file" ? call.args.slice(1) : /posix_spawn/.test(call.callee) ? call.args.slice(0, 2) : call.args;
  // The environment comes last: os.execve's, and Go's syscall.Exec(argv0, argv, envv) always has one.
  const [file, ...rest] = /e$|\bsyscall\.Exec$/.test(call.callee) ? args.slice(0, -1) : args;
  if (!file) return;
  if (file.kind !== "text") {
    reading.unresolved.push(`the program given to ${call.callee} is only known at run time`);
    return;
  }
  const words = rest.flatMap((arg) => (arg.kind === "list" ? arg.items : [arg])).slice(1);
  add([file, ...words].map((arg) => argumentText(arg) ?? UNKNOWN).join(" "));
}

/** Ruby's `exec(["rm", "rm"], "-rf", x)`: a leading pair is the program and the name it is told it has. */
function withoutOwnName(args: Argument[]): Argument[] {
  const [first, ...rest] = args;
  if (first?.kind === "list" && first.items.length === 2 && rest.length > 0 && first.items.every((item) => item.kind === "text")) return [first.items[0]!, ...rest];
  return args;
}

function hostAndPort(args: Argument[]): { host: string; port: string } {
  const flat = args.flatMap((arg) => (arg.kind === "list" ? arg.items : [arg]));
  // Go's `net.Dial("tcp", "203.0.113.9:4444")`, `net.Listen("tcp", ":4444")`: one `host:port` text.
  for (const arg of flat) {
    const joined = arg.kind === "text" ? /^\[?([^\s\]]*?)\]?:(\d+)$/.exec(arg.value) : null;
    if (joined) return { host: joined[1] || "0.0.0.0", port: joined[2]! };
  }
  const host = flat.find((arg) => arg.kind === "text");
  const port = flat.find((arg) => arg.kind === "number");
  return { host: host?.kind === "text" ? host.value : "unknown-host", port: port?.kind === "number" ? port.value : "0" };
}

function argvLine(args: Argument[]): string {
  const words = args.flatMap((arg) => (arg.kind === "list" ? arg.items : [arg]));
  return words.map((arg) => argumentText(arg) ?? UNKNOWN).join(" ");
}

/** A literal as a shell word (quoted, `~/` kept expandable); anything else as an unknown value. */
function argumentText(arg: Argument): string | undefined {
  if (arg.kind === "text") return literalWord(arg.value);
  if (arg.kind === "number") return arg.value;
  if (arg.kind === "temp") return tempWord(arg.below);
  if (arg.kind === "dynamic") return UNKNOWN;
  return undefined;
}

/**
 * A literal's text as one shell word. An interpolation in it (`f"{build}/x"`, `` `${dir}/x` ``, `"$ENV{X}/x"`) stays an
 * unknown value inside the word (`"$__synaps_value"/x`): quoted whole, it would be a name in the project.
 */
function literalWord(value: string): string {
  if (!value.includes(INTERPOLATED)) return shellQuote(value);
  return value
    .split(INTERPOLATED)
    .map((part, index) => (part === "" ? "" : index === 0 ? shellQuote(part) : shellQuote(part).replace(/^~/, "'~'")))
    .join(UNKNOWN);
}

// ---------------------------------------------------------------------------
// Reading the arguments of a call

/** The arguments after a callee: `( … )` up to the matching parenthesis, or a bare list up to the end of the statement. */
function readArguments(
  code: string,
  at: number,
  language: string,
  closes: ReadonlyMap<number, number>,
  subscript = false,
  names: { temps: ReadonlyMap<string, string>; entries: ReadonlySet<string>; globbed?: ReadonlyMap<string, string> } = { temps: new Map(), entries: new Set() },
): Argument[] {
  let index = at;
  while (code[index] === " " || code[index] === "\t") index++;
  // A subscript (`sys.modules[name]`) is read like a call's parentheses: its key is the one argument.
  const parenthesised = code[index] === (subscript ? "[" : "(");
  if (parenthesised) index++;
  // The one-pass map answers most calls; a call it lost track of (an apostrophe in a comment before it) is searched
  // from where it starts, within a window, so many unclosed calls cost each call the window, not the whole text.
  const window = code.slice(index, index + MAX_CODE_ARGUMENT_CHARS);
  const mapped = parenthesised ? closes.get(index - 1) : undefined;
  // A call whose parenthesis never closes has no arguments anyone can read.
  if (mapped === code.length) return [{ kind: "dynamic", source: window.slice(0, 60) }];
  // Haskell applies a function to the atoms after it, up to an operator: `callCommand "make" >> defaultMain`.
  if (!parenthesised && language === "haskell") {
    const atoms = haskellApplication(window);
    // Handed over without its argument (`getHomeDirectory >>= removeDirectoryRecursive`, `mapM_ removeFile fs`): it gets one at run time.
    if (atoms.length === 0 && haskellPointFree(code, at, window)) return [{ kind: "dynamic", source: code.slice(Math.max(0, at - 60), at).trim() }];
    return atoms.map((part) => readArgument(part, language));
  }
  // A Lisp form's callee takes its own parenthesis: the arguments are the atoms up to the one that closes it.
  if (!parenthesised && LISPS.has(language)) return lispArguments(window.slice(0, lispClose(window, 0)), language);
  const end = mapped !== undefined ? mapped - index : parenthesised ? closingParen(window, 0) : statementEnd(window, 0, language === "perl");
  const text = window.slice(0, end);
  // Keyword arguments (`shell=True`, `check=True`) and option objects (`{ recursive: true }`) are not positions.
  // `subprocess.run(args=[…])`: the one keyword that is the command.
  const parts = splitTopLevel(text).map((part) => part.trim().replace(/^args\s*=(?!=)\s*/, ""));
  const positional = parts.filter((part) => !/^[A-Za-z_]\w*\s*=(?!=)/.test(part) && !part.startsWith("{"));
  return positional.map((part): Argument => {
    const below = tempBelow(part, names.temps);
    if (below !== undefined) return { kind: "temp", below };
    // A listed directory's entry (`os.path.join("tmpdata", d)` in a loop over os.listdir("tmpdata")): a name below it.
    // A path a one-directory glob found (`foreach (glob('var/cache/*') as $f)`): an entry of that directory.
    const globbed = names.globbed?.get(part);
    if (globbed !== undefined) return { kind: "text", value: `${globbed}/${INTERPOLATED}` };
    const entry = entryBelow(part, language, names.entries, INTERPOLATED);
    return entry === undefined ? readArgument(part, language) : { kind: "text", value: entry };
  });
}

/** The literal a method is called on (`"rm -rf x".execute()`, `['rm', 'x'].execute()`): a string or a list, as one argument. */
/** A pathlib path expression that ends where the method reading or opening it starts. */
const PATHLIB_RECEIVER =
  /(?<![\w.])(\(?\s*(?:pathlib\.)?Path(?:\.home)?\s*\([^()]*\)(?:\s*\.\s*(?:joinpath\s*\([^()]*\)|expanduser\s*\(\s*\)|resolve\s*\(\s*\)|absolute\s*\(\s*\))|\s*\/\s*(?:"[^"]*"|'[^']*'))*\s*\)?)\s*$/;

function readReceiver(code: string, at: number, language: string, closes: ReadonlyMap<number, number>): Argument[] {
  const open = code[at];
  if (open === '"' || open === "'") return [readArgument(code.slice(at, stringEnd(code, at) + 1), language)];
  if (open === "[") return [readArgument(code.slice(at, (closes.get(at) ?? code.length) + 1), language)];
  // pathlib: `Path.home().joinpath(".netrc").read_text()`, `(Path.home() / ".netrc").read_bytes()`: the path before
  // the method, where the empty callee stands.
  const path = language === "python" && open === "." ? PATHLIB_RECEIVER.exec(code.slice(Math.max(0, at - MAX_CODE_ARGUMENT_CHARS), at)) : null;
  if (path)
    return [
      readArgument(
        path[1]!
          .trim()
          .replace(/^\(([\s\S]*)\)$/, "$1")
          .trim(),
        language,
      ),
    ];
  return [];
}

/**
 * Where the bracket opened at each index closes, found in one pass (strings
 * skipped, any closing bracket closing the innermost open one): asking this
 * for every call costs the text once, not once per call.
 */
function closingParen(code: string, from: number): number {
  let depth = 1;
  for (let index = from; index < code.length; index++) {
    const char = code[index]!;
    if (char === '"' || char === "'" || char === "`") {
      index = stringEnd(code, index);
      continue;
    }
    if (char === "(" || char === "[" || char === "{") depth++;
    else if ((char === ")" || char === "]" || char === "}") && --depth === 0) return index;
  }
  return code.length;
}

function bracketCloses(code: string): Map<number, number> {
  const closes = new Map<number, number>();
  const open: number[] = [];
  for (let index = 0; index < code.length; index++) {
    const char = code[index]!;
    if (char === '"' || char === "'" || char === "`") index = stringEnd(code, index);
    else if (char === "(" || char === "[" || char === "{") open.push(index);
    else if ((char === ")" || char === "]" || char === "}") && open.length > 0) closes.set(open.pop()!, index);
  }
  for (const never of open) closes.set(never, code.length);
  return closes;
}

/**
 * 1 at each index inside a string literal's quotes, except inside `{…}` there: template and
 * f-string interpolations (`${eval(x)}`, `#{send(x)}`, `f"{eval(x)}"`) are code.
 */
function stringMask(code: string): Uint8Array {
  const mask = new Uint8Array(code.length);
  for (let index = 0; index < code.length; index++) {
    const char = code[index]!;
    if (char !== '"' && char !== "'" && char !== "`") continue;
    const end = stringEnd(code, index);
    let depth = 0;
    for (let inner = index + 1; inner < end; inner++) {
      if (code[inner] === "{") depth++;
      else if (code[inner] === "}" && depth > 0) depth--;
      else if (depth === 0) mask[inner] = 1;
    }
    index = end;
  }
  return mask;
}

/**
 * The text of strings that open and close on one line (interpolations left out, as in stringMask). A word there
 * is text the string holds: `exec` in `system("bundle exec rspec")` runs nothing itself (the shell line does).
 * Kept to one line because a quote in a comment (`# don't`) would otherwise mask real code up to the next quote —
 * and on one line, whatever follows a comment's quote is comment too.
 */
function lineStringMask(code: string, inString: Uint8Array): Uint8Array {
  const mask = new Uint8Array(code.length);
  for (let index = 0; index < code.length; index++) {
    const char = code[index]!;
    if (char !== '"' && char !== "'" && char !== "`") continue;
    const end = stringEnd(code, index);
    if (!code.slice(index, end).includes("\n")) for (let inner = index + 1; inner < end; inner++) mask[inner] = inString[inner]!;
    index = end;
  }
  return mask;
}

function statementEnd(code: string, from: number, perl = false): number {
  for (let index = from; index < code.length; index++) {
    const char = code[index]!;
    if (char === '"' || char === "'" || char === "`") index = stringEnd(code, index);
    else if (perl && char === "q" && !/\w/.test(code[index - 1] ?? "")) index = perlQuoteEnd(code, index);
    else if (char === ";" || char === "\n" || char === ")" || char === "}") return index;
  }
  return code.length;
}

/**
 * The arguments Haskell applies a function to without parentheses: the atoms (literals, lists, parenthesised
 * expressions, names) up to the first operator or the end of the statement, so `callProcess "rm" ["-rf", d] >> x`
 * gives two and `callCommand "make" >> defaultMain` one. After `$` the whole expression up to `>>`, `>>=` or `=<<`
 * is the one argument, its `<>` joining strings as `++` does (`callCommand $ "rm -rf " <> dir`).
 */
const LISPS = new Set(["lisp", "scheme"]);

/**
 * `(uiop:run-program "make docs" :output t)`: the atoms of a form, keyword arguments (`:output t`) left out;
 * a quoted or `list` form of strings (`'("rm" "-rf" "x")`, `(list "rm" …)`) is a list of words.
 */
function lispArguments(text: string, language: string): Argument[] {
  const args: Argument[] = [];
  let at = 0;
  let keyword = false;
  while (at < text.length) {
    while (/\s/.test(text[at] ?? "")) at++;
    if (at >= text.length) break;
    const char = text[at]!;
    const quoted = char === "'" && text[at + 1] === "(";
    const start = quoted ? at + 1 : at;
    const next = char === '"' ? stringEnd(text, at) + 1 : text[start] === "(" ? lispClose(text, start + 1) + 1 : at + (/^[^\s()"]+/.exec(text.slice(at))?.[0].length ?? 1);
    const atom = text.slice(at, next);
    at = next;
    if (keyword) {
      keyword = false;
      continue;
    }
    if (atom.startsWith(":")) {
      keyword = true;
      continue;
    }
    const form = /^'?\((?:list\s+)?([\s\S]*)\)$/.exec(atom);
    if (form && (quoted || atom.startsWith("(list"))) args.push({ kind: "list", items: lispArguments(form[1]!, language) });
    else args.push(readArgument(atom, language));
  }
  return args;
}

/** Where the form open at `from` closes: only `"` starts a string in Lisp (`'` quotes a form), `;` a comment. */
function lispClose(code: string, from: number): number {
  let depth = 1;
  for (let index = from; index < code.length; index++) {
    const char = code[index]!;
    if (char === '"') index = stringEnd(code, index);
    else if (char === ";") index = code.indexOf("\n", index) < 0 ? code.length : code.indexOf("\n", index);
    else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return index;
  }
  return code.length;
}

/** The function before `at` is passed to a bind or a map rather than applied: `x >>= f`, `f =<< x`, `mapM_ f xs`, `forM_ xs f`. */
function haskellPointFree(code: string, at: number, after: string): boolean {
  const before = code.slice(code.lastIndexOf("\n", at - 1) + 1, at).replace(/[\w'.]+$/, "");
  if (/^\s*import\b/.test(before)) return false;
  return /(?:>>=|\bmapM_?|\bforM_?\s+\S+|\btraverse_?|\bfor_\s+\S+)\s*$/.test(before) || /^\s*(?:=<<|<\$>)/.test(after);
}

function haskellApplication(window: string): string[] {
  const end = statementEnd(window, 0);
  const dollar = /^\$(?!\$)/.test(window);
  if (dollar) {
    const expression = splitOutsideBrackets(window.slice(1, end), (at) => (HASKELL_SEQUENCE.test(window.slice(at + 1, at + 4)) ? 2 : 0))[0]!;
    return [
      splitOutsideBrackets(expression, (at) => (expression.startsWith("<>", at) ? 2 : 0))
        .join("++")
        .trim(),
    ].filter((part) => part !== "");
  }
  const atoms: string[] = [];
  let at = 0;
  while (at < end) {
    while (window[at] === " " || window[at] === "\t") at++;
    const char = window[at];
    if (char === undefined || at >= end) break;
    let next: number;
    if (char === '"') next = stringEnd(window, at) + 1;
    else if (char === "[" || char === "(") next = closingParen(window, at + 1) + 1;
    else next = at + (/^[A-Za-z_][\w']*(?:\.[A-Z][\w']*)*(?:\.[a-z_][\w']*)?|^[0-9]+/.exec(window.slice(at))?.[0].length ?? 0);
    // An operator (`>>`, `$`, `.`, `<>`, a backquoted function) or a keyword ends the application.
    if (next === at || HASKELL_KEYWORD.test(window.slice(at, next))) break;
    atoms.push(window.slice(at, Math.min(next, end)));
    at = next;
  }
  return atoms;
}

/** Haskell's sequencing operators: what stands before them is one action. */
const HASKELL_SEQUENCE = /^(?:>>|=<<)/;
const HASKELL_KEYWORD = /^(?:then|else|of|in|where|let|do)$/;

/** The index of the quote that closes the string opening at `open`. */
function stringEnd(code: string, open: number): number {
  const quote = code[open];
  for (let index = open + 1; index < code.length; index++) {
    if (code[index] === "\\") index++;
    else if (code[index] === quote) return index;
  }
  return code.length;
}

/** The comma-separated parts of an argument list, outside strings and brackets (empty parts dropped). */
function splitTopLevel(text: string): string[] {
  return splitOutsideBrackets(text, (at) => (text[at] === "," ? 1 : 0)).filter((part) => part.trim() !== "");
}

/**
 * `text` cut where `separatorAt(index)` gives a separator's length (0: none there), counting only what stands
 * outside strings and brackets.
 */
function splitOutsideBrackets(text: string, separatorAt: (index: number) => number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"' || char === "'" || char === "`") index = stringEnd(text, index);
    else if (char === "(" || char === "[" || char === "{") depth++;
    else if (char === ")" || char === "]" || char === "}") depth--;
    else if (depth === 0) {
      const length = separatorAt(index);
      if (length === 0) continue;
      parts.push(text.slice(start, index));
      index += length - 1;
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * Reading one environment variable by name in the languages the guard reads: getenv (Python's os, PHP, C, Perl's
 * POSIX), os.environ.get / os.environ[…], ENV[…] / ENV.fetch (Ruby), process.env[…], Deno.env.get, Sys.getenv (R),
 * System.getenv (Java, Scala), os.getenv (Lua, Go's os.Getenv), $ENV{…} (Perl).
 */
const ENVIRONMENT_GETTER =
  /^(?:(?:[\w.:]*(?:\.|::))?(?:getenv|Getenv|LookupEnv|environ\.get|env\.get|ENV\.fetch|var|var_os|GetEnvironmentVariable)\s*\(\s*(['"][^'"]*['"])\s*(?:,[^)]*)?\)|(?:os\.environ|ENV|process\.env|\$ENV|Platform\.environment)\s*[[{]\s*(['"][^'"]*['"])\s*[\]}])$/;
const HOME_VARIABLES: ReadonlySet<string> = new Set(["HOME", "USERPROFILE"]);

/**
 * What a value is wrapped in without changing which path it names: Rust's `&x`, `x.unwrap()`, `x?`,
 * `x.expect("…")`, `.as_str()`, `.to_string()`; Dart's, Kotlin's and Swift's `x!` null assertions.
 */
const VALUE_WRAPPERS: Readonly<Record<string, RegExp>> = {
  rust: /^&\s*|(?:\.(?:unwrap|unwrap_or_default|as_str|as_path|to_string|to_owned|display)\(\s*\)|\.expect\(\s*"[^"]*"\s*\)|\?)+$/g,
  // pathlib's `Path("~/.x").expanduser()`, `.resolve()`, `.absolute()`: the same file.
  python: /(?:\s*\.\s*(?:expanduser|resolve|absolute)\(\s*\))+$/g,
  dart: /!$/,
  kotlin: /!!$/,
  swift: /!$/,
};

function readArgument(written: string, language: string): Argument {
  // `system(*%w[rm -rf x])`, `run(*["rm", …])`: a list spread into the arguments is the list.
  // Swift labels its arguments (`removeItem(atPath: "…")`): the value is what follows the label.
  const labelled = language === "swift" ? written.replace(/^[A-Za-z_]\w*\s*:\s*(?!:)/, "") : written;
  const wrapper = VALUE_WRAPPERS[language];
  const text = (wrapper ? labelled.replace(wrapper, "") : labelled).replace(/^\*(?=\[)/, "");
  // `["rm", "-rf", x].join(" ")`, `" ".join([…])`: the words as one command line.
  const joined = /^\[([\s\S]*)\]\.join\(\s*(['"]) \2\s*\)$/.exec(text)?.[1] ?? /^(['"]) \1\.join\(\s*\[([\s\S]*)\]\s*\)$/.exec(text)?.[2];
  if (joined !== undefined) {
    const items = splitTopLevel(joined).map((item) => readArgument(item.trim(), language));
    if (items.every((item) => item.kind === "text")) return { kind: "text", value: items.map((item) => (item.kind === "text" ? shellQuote(item.value) : "")).join(" ") };
  }
  // The JVM languages' list makers (`arrayOf("sh", "-c", x)`, `Seq(…)`, `List.of(…)`, `Arrays.asList(…)`) hold words.
  const made = LIST_MAKERS[language]?.exec(text);
  if (made) return { kind: "list", items: splitTopLevel(made[1]!).map((item) => readArgument(item.trim(), language)) };
  const list = /^[[(]([\s\S]*)[\])]$/.exec(text);
  if (list && (text.startsWith("[") || language === "python")) return { kind: "list", items: splitTopLevel(list[1]!).map((item) => readArgument(item.trim(), language)) };
  if (/^-?(?:0o?)?[0-9]+$/.test(text)) return { kind: "number", value: text };
  const literal = stringLiteral(text, language);
  if (literal !== undefined) return { kind: "text", value: literal };
  const quoted = language === "perl" ? perlQuoted(text) : undefined;
  if (quoted !== undefined) return quoted;
  // Ruby's `:system`: a symbol names a method as a literal does.
  const symbol = language === "ruby" ? /^:([A-Za-z_]\w*[?!=]?|[-+*/%<>=!~^&|[\]]+)$/.exec(text) : null;
  if (symbol) return { kind: "text", value: symbol[1]! };
  // An environment variable read by name (`os.getenv("HOME")`, `ENV.fetch("HOME")`, `Deno.env.get("HOME")`) is that
  // variable's value, never the name: the home directory for HOME, otherwise a value only the run knows.
  const name = environmentVariableRead(text, language);
  if (name !== undefined) return HOME_VARIABLES.has(name) ? { kind: "text", value: "~", through: text } : { kind: "dynamic", source: text };
  // os-lib's paths (Scala): `os.pwd / "out"` is out in the working directory, `os.home / ".ssh"` ~/.ssh.
  const osPath = language === "scala" ? osLibPath(text) : undefined;
  if (osPath !== undefined) return { kind: "text", value: osPath, through: text };
  // `dirs::home_dir()`, `os.homedir()`, `NSHomeDirectory()`: the home directory itself.
  if (HOME_EXPRESSION.test(text)) return { kind: "text", value: "~", through: text };
  // `sys.executable`, `process.execPath`: the interpreter running the code, so `[sys.executable, "-m", "x"]` is
  // `python3 -m x` — a test running the project's own module is judged as that, not as an unknown program.
  const running = RUNNING_INTERPRETER[language]?.test(text) ? language : undefined;
  if (running !== undefined) return { kind: "text", value: INTERPRETER_COMMAND[running] ?? running, through: text };
  // A call wrapping one literal (`os.path.expanduser("~/.ssh/id_rsa")`, `URI("https://…")`) stands for that literal —
  // except a URL handed to anything but a URL parser: `file_get_contents("https://…")`, `urlopen("https://…")` stand
  // for what the address serves, which only the run knows (`system(file_get_contents(URL))` once ran "the URL").
  const inner = /^(?:new\s+)?([\w.$:>-]+)\s*\(\s*(['"`][^'"`]*['"`])\s*\)$/.exec(text);
  if (inner) {
    if (INPUT_READER.test(inner[1]!)) return { kind: "dynamic", source: text };
    const value = stringLiteral(inner[2]!, language);
    if (value !== undefined && /^[a-z][a-z0-9+.-]*:\/\//i.test(value) && !URL_PARSER.test(inner[1]!)) return { kind: "dynamic", source: text };
    if (value !== undefined) return { kind: "text", value, through: text };
  }
  const inTemp = sharedTempBelow(text, language);
  if (inTemp !== undefined) return { kind: "temp", below: inTemp };
  const underHome = homeFile(text, language);
  if (underHome !== undefined) return { kind: "text", value: underHome, through: text };
  const besideScript = scriptDirectoryFile(text, language);
  if (besideScript !== undefined) return { kind: "text", value: besideScript, through: text };
  // `"rm -rf " .. "build"` (a loop's value written out): literals joined into a command line are that line. A name
  // spelled in pieces (`getattr(os, "sys" + "tem")`) stays unknown: it hides which function is reached.
  const pieces = splitConcatenation(text);
  const concatenated = literalParts(pieces, language)?.join("");
  if (concatenated?.includes(" ")) return { kind: "text", value: concatenated };
  const withHome = commandWithHome(pieces, language);
  if (withHome !== undefined) return { kind: "text", value: withHome, through: text };
  const interpolated = interpolatedConcatenation(pieces, language);
  if (interpolated !== undefined) return { kind: "text", value: interpolated, through: text };
  return { kind: "dynamic", source: text };
}

/**
 * `'rm -rf ' . getenv('HOME') . '/work'`, `"rm -rf " + os.homedir()`: a command line (its first literal holds a space)
 * built of literals and the home directory, which the shell reads as $HOME wherever it stands in a word.
 */
function commandWithHome(pieces: readonly string[], language: string): string | undefined {
  if (pieces.length < 2 || !stringLiteral(pieces[0]!, language)?.includes(" ")) return undefined;
  let home = false;
  const parts = pieces.map((piece) => {
    const literal = stringLiteral(piece, language);
    if (literal !== undefined) return literal.includes(INTERPOLATED) ? undefined : literal;
    if (!namesHome(piece, language)) return undefined;
    home = true;
    return "$HOME";
  });
  return home && parts.every((part) => part !== undefined) ? parts.join("") : undefined;
}

/** A value that is a plain name, a member or an index of one (`f`, `entry.name`, `names[i]`): data, never code. */
const PLAIN_VALUE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[[\w$'"]*\])*$/;

/**
 * `'report/' + f`: a literal followed by plain values reads as the template literal it could have been
 * (`` `report/${f}` ``), each value unknown inside the word — a path below a named directory stays below it. The
 * first part must be the literal, so that what a value may hold never decides the word's start.
 */
function interpolatedConcatenation(pieces: readonly string[], language: string): string | undefined {
  if (pieces.length < 2) return undefined;
  const first = stringLiteral(pieces[0]!, language);
  if (first === undefined || first === "" || first.includes(INTERPOLATED)) return undefined;
  const rest = pieces.slice(1).map((piece) => {
    const literal = stringLiteral(piece, language);
    if (literal !== undefined) return literal.includes(INTERPOLATED) ? undefined : literal;
    return PLAIN_VALUE.test(piece) ? INTERPOLATED : undefined;
  });
  if (rest.some((piece) => piece === undefined) || !rest.includes(INTERPOLATED)) return undefined;
  return [first, ...rest].join("");
}

/**
 * The directory the code runs in or from, as each language names it: `__dirname`, `import.meta.dirname`,
 * `process.cwd()`, `os.path.dirname(__file__)`, `os.getcwd()`, `__dir__`, `File.dirname(__FILE__)`, `Dir.pwd`.
 */
const SCRIPT_DIRECTORY =
  /^(?:__dirname|import\.meta\.dirname|process\.cwd\(\s*\)|path\.dirname\(\s*__filename\s*\)|os\.path\.dirname\(\s*(?:__file__|os\.path\.(?:abspath|realpath)\(\s*__file__\s*\))\s*\)|os\.getcwd\(\s*\)|__dir__|File\.dirname\(\s*__FILE__\s*\)|Dir\.pwd)$/;

/**
 * `path.join(__dirname, "dist")`, `os.path.join(os.path.dirname(__file__), "build")`: a path below the directory the
 * code runs from, named relative (`dist`) as a literal `"dist"` would be — a config file's clean-up of its own build
 * output is the project's. A `..` or an absolute part leaves the path to the run.
 */
function scriptDirectoryFile(text: string, language: string): string | undefined {
  const path = homeFile(text, language, (written) => SCRIPT_DIRECTORY.test(written));
  const tail = path?.startsWith("~/") ? path.slice(2).replace(/^(?:\.\/)+/, "") : undefined;
  return tail && tail !== "." && !tail.split("/").includes("..") ? tail : undefined;
}

/** `os.pwd / "a" / "b"` → `a/b`, `os.home / ".ssh"` → `~/.ssh`, `os.home` → `~`; undefined for anything else. */
function osLibPath(text: string): string | undefined {
  const path = /^os\.(pwd|home)((?:\s*\/\s*"[^"\\/]*")*)$/.exec(text);
  if (!path) return undefined;
  const parts = [...path[2]!.matchAll(/"([^"]*)"/g)].map((part) => part[1]!);
  if (parts.some((part) => part === ".." || part === "")) return undefined;
  const root = path[1] === "home" ? ["~"] : [];
  const joined = [...root, ...parts].join("/");
  return joined === "" ? "." : joined;
}

/** The path-joining calls of the languages read: `path.join`, `os.path.join`, `File.join`, `file.path` (R), `joinpath` (Julia). */
const PATH_JOIN = /^(?:path\.(?:join|resolve)|os\.path\.join|File\.join|file\.path|joinpath|filepath\.Join|Path\.Combine|Path\.Join|Paths\.get|Path\.of)\s*\(([\s\S]*)\)$/;

/** A path object made of one path (`new File(p)`, `Path::new(p)`, `PathBuf::from(p)`, `p.toFile()`): the path it names. */
const PATH_OBJECT =
  /^(?:new\s+)?(?:java\.io\.)?(?:File|DirectoryInfo|FileInfo|Path::new|PathBuf::from|Path|Directory)\s*\(([\s\S]*)\)$|^([\s\S]+?)\.(?:toFile|toPath|toAbsolutePath|absolutePath|path)(?:\(\s*\))?$/;

/** `home.join(".cargo").join("registry")` (Rust, Dart's `p.join` aside), and Python's `Path.home() / ".m2"`: a join by method or operator. */
const METHOD_JOIN = /^([\s\S]+?)((?:\s*\.\s*join\(\s*"[^"]*"\s*\))+)$/;
/** pathlib's `Path.home().joinpath(".aws", "credentials")`: literal parts joined under the receiver. */
const JOINPATH = /^([\s\S]+?)((?:\s*\.\s*joinpath\(\s*(?:"[^"]*"|'[^']*')(?:\s*,\s*(?:"[^"]*"|'[^']*'))*\s*\))+)$/;

/**
 * `os.homedir() + "/.npmrc"`, `path.join(os.homedir(), ".npmrc")`, `os.getenv("HOME") .. "/.netrc"`: a file under
 * the home directory, named as `~/…` so the rules about the files kept there judge it. Anything but literals after
 * the home directory leaves the path to the run.
 */
function homeFile(text: string, language: string, namesRoot: (written: string, language: string) => boolean = namesHome): string | undefined {
  const object = PATH_OBJECT.exec(text);
  if (object) {
    const inner = (object[1] ?? object[2])!.trim();
    return namesRoot(inner, language) ? "~" : homeFile(inner, language, namesRoot);
  }
  const chained = language === "rust" ? METHOD_JOIN.exec(text) : language === "python" ? JOINPATH.exec(text) : null;
  if (chained && namesRoot(chained[1]!.trim(), language))
    return `~/${[...chained[2]!.matchAll(/"([^"]*)"|'([^']*)'/g)].map((part) => (part[1] ?? part[2])!.replace(/^\/+|\/+$/g, "")).join("/")}`;
  const divided = language === "python" ? splitOutsideBrackets(text, (at) => (text[at] === "/" ? 1 : 0)).map((part) => part.trim()) : [];
  if (divided.length >= 2 && namesRoot(divided[0]!, language)) return joinedUnderHome(divided.slice(1), language);
  const joined = PATH_JOIN.exec(text);
  const parts = joined ? splitTopLevel(joined[1]!).map((part) => part.trim()) : splitConcatenation(text);
  if (parts.length < 2 || !namesRoot(parts[0]!, language)) return undefined;
  return joined ? joinedUnderHome(parts.slice(1), language) : concatenatedUnderHome(parts.slice(1), language);
}

/**
 * `env::temp_dir().join("build")`, `Path.Combine(Path.GetTempPath(), "x")`, `os.tmpdir() + "/x"`: a literal path
 * in the system's temp directory, as the `below` of a temp argument. The temp directory itself is not one: deleting
 * it deletes what every other program keeps there.
 */
function sharedTempBelow(text: string, language: string): string | undefined {
  const path = homeFile(text, language, (written) => SHARED_TEMP.test(written.replace(VALUE_WRAPPERS[language] ?? /$^/, "")));
  return path?.startsWith("~/") ? path.slice(1) : undefined;
}

/** The system temp directory, by language: Rust, Go, Node, Python, Java/Kotlin/Groovy/Scala, C#, Dart. */
const SHARED_TEMP =
  /^(?:(?:std::)?env::temp_dir\(\s*\)|os\.TempDir\(\s*\)|(?:require\(\s*['"](?:node:)?os['"]\s*\)|os)\.tmpdir\(\s*\)|tempfile\.gettempdir\(\s*\)|System\.getProperty\(\s*"java\.io\.tmpdir"\s*\)|Path\.GetTempPath\(\s*\)|Directory\.systemTemp(?:\.path)?)$/;

/**
 * Literal path parts joined by separators under the home directory; undefined when one is not a literal, or is
 * absolute: a joining call (`path.resolve`, `os.path.join`, Python's `/`) starts again at an absolute part.
 */
function joinedUnderHome(parts: readonly string[], language: string): string | undefined {
  const rest = literalParts(parts, language);
  if (rest?.some((part) => part.startsWith("/"))) return undefined;
  const tail = rest?.map((part) => part.replace(/^\/+|\/+$/g, "")).join("/");
  return tail ? `~/${tail}` : undefined;
}

/** Literal text appended to the home directory (`home + "/.m2"`); undefined when one part is not a literal. */
function concatenatedUnderHome(parts: readonly string[], language: string): string | undefined {
  const tail = literalParts(parts, language)?.join("").replace(/^\/+/, "");
  return tail ? `~/${tail}` : undefined;
}

function literalParts(parts: readonly string[], language: string): string[] | undefined {
  const values = parts.map((part) => stringLiteral(part, language));
  return values.every((value): value is string => value !== undefined && !value.includes(INTERPOLATED)) ? values : undefined;
}

function namesHome(written: string, language: string): boolean {
  const wrapper = VALUE_WRAPPERS[language];
  const text = wrapper ? written.replace(wrapper, "") : written;
  if (HOME_EXPRESSION.test(text)) return true;
  const name = environmentVariableRead(text, language);
  return name !== undefined && HOME_VARIABLES.has(name);
}

/** The name of the environment variable `text` reads (`os.getenv("HOME")` → HOME), when it reads one by a literal name. */
function environmentVariableRead(text: string, language: string): string | undefined {
  const variable = ENVIRONMENT_GETTER.exec(text);
  return variable ? stringLiteral((variable[1] ?? variable[2])!, language) : undefined;
}

/** `a + "b" + c` (and Perl's and PHP's `.`, Lua's `..`): the operands of a top-level string concatenation. */
function splitConcatenation(text: string): string[] {
  const parts = splitOutsideBrackets(text, (at) => {
    if (text[at] === "+") return 1;
    if (text[at] !== "." || !/\s/.test(text[at - 1] ?? "") || !/[\s.]/.test(text[at + 1] ?? "")) return 0;
    return text[at + 1] === "." ? 2 : 1;
  });
  if (parts.length < 2) return [];
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}

const JVM_LIST = /^(?:arrayOf|listOf|mutableListOf|Seq|List|Array|List\.of|Arrays\.asList)\s*\(([\s\S]*)\)$/;
/** The calls that make a list of words, by language: the JVM languages' list makers, R's `c(…)`. */
/** C#'s arrays and lists of strings: `new[] { … }`, `new string[] { … }`, `new List<string> { … }`. */
const CSHARP_LIST = /^new\s*(?:(?:string\s*)?\[\s*\]|List<string>\s*(?:\(\s*\))?)\s*\{([\s\S]*)\}$/;
const LIST_MAKERS: Readonly<Record<string, RegExp>> = { java: JVM_LIST, groovy: JVM_LIST, scala: JVM_LIST, kotlin: JVM_LIST, r: /^c\s*\(([\s\S]*)\)$/, csharp: CSHARP_LIST };

/** Calls that make an address object out of a URL without fetching it (`URI(…)`, `new URL(…)`, `urlparse(…)`). */
const URL_PARSER = /(?:^|[.:>])(?:URI|URL|Url|Uri|parse|urlparse|urlsplit|parse_url|Request)$/;

/** The value of a string literal with interpolations turned into an unknown shell value; undefined if `text` is not one. */
function stringLiteral(text: string, language: string): string | undefined {
  const prefixed = /^([rbuf]{0,2})(['"`])([\s\S]*)\2$/i.exec(text);
  if (!prefixed) return undefined;
  const [, prefix, quote, body] = prefixed;
  if (stringEnd(text, prefix!.length) !== text.length - 1) return undefined; // two literals, not one
  // Perl and PHP interpolate variables into double-quoted strings (`"$ENV{HOME}/x"`, `"{$dir}/x"`, `"$dir/x"`).
  const raw = quote === '"' && (language === "perl" || language === "php") ? body!.replace(SIGIL_INTERPOLATION, (expression) => interpolation(expression)) : body!;
  let value = /r/i.test(prefix!) ? raw : unescapeBody(raw);
  if (/f/i.test(prefix!)) value = value.replace(/\{([^}]*)\}/g, (_whole, expression: string) => interpolation(expression));
  if (quote === "`" || language === "ruby") value = value.replace(/\$\{([^}]*)\}|#\{([^}]*)\}/g, (_whole, dollar?: string, hash?: string) => interpolation(dollar ?? hash ?? ""));
  return value;
}

/** Where a Perl quote-like operator starting at `at` (`q{…}`, `qq|…|`, `qw(…)`) ends; `at` when none starts there. */
function perlQuoteEnd(code: string, at: number): number {
  const open = /^q[qw]?\s*([^\w\s,;=)])/.exec(code.slice(at, at + 8));
  if (!open) return at;
  const opener = open[1]!;
  const closer = PERL_CLOSERS[opener] ?? opener;
  let depth = 0;
  for (let index = at + open[0].length; index < code.length; index++) {
    const char = code[index]!;
    if (char === "\\") index++;
    else if (char === opener && closer !== opener) depth++;
    else if (char === closer && depth-- === 0) return index;
  }
  return code.length;
}

/** The closing delimiter of Perl's quote-like operators for each bracket that opens one. */
const PERL_CLOSERS: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}", "<": ">" };

/**
 * Perl's quote-like operators: `q{…}` is a single-quoted string, `qq{…}` a double-quoted one (its `$x`
 * interpolations values only the run knows), `qw(a b)` a list of words; any punctuation may delimit them
 * (`q!…!`, `qq|…|`), a bracket by its pair.
 */
function perlQuoted(text: string): Argument | undefined {
  const open = /^(qq|qw|q)\s*([^\w\s])/.exec(text);
  if (!open) return undefined;
  const closer = PERL_CLOSERS[open[2]!] ?? open[2]!;
  if (!text.endsWith(closer)) return undefined;
  const body = text.slice(open[0].length, -1);
  // A bracketed body holds its brackets in pairs; any other delimiter does not appear inside unescaped.
  if (PERL_CLOSERS[open[2]!] === undefined && new RegExp(`(?<!\\\\)\\${closer}`).test(body)) return undefined;
  if (open[1] === "qw")
    return {
      kind: "list",
      items: body
        .split(/\s+/)
        .filter((word) => word !== "")
        .map((value) => ({ kind: "text" as const, value })),
    };
  if (open[1] === "q") return { kind: "text", value: body.replace(/\\([\\'])/g, "$1") };
  return { kind: "text", value: unescapeBody(body.replace(SIGIL_INTERPOLATION, (expression) => interpolation(expression))) };
}

/** Where an interpolation stood in a literal's value: a value only the run knows (see literalWord). */
const INTERPOLATED = "$__synaps_value";

/** `$ENV{HOME}`, `$ENV{'HOME'}`, `{$x}`, `${x}`, `$x`, `$x{k}`, `$x[0]`, `$x->y` in a Perl or PHP double-quoted string (not `\$x`). */
const SIGIL_INTERPOLATION = /(?<!\\)(?:\{\$[^}]*\}|\$\{[^}]*\}|\$(?:ENV\{[^}]*\}|_SERVER\[[^\]]*\]|[A-Za-z_]\w*(?:\{[^}]*\}|\[[^\]]*\]|->\w+)*))/g;

/**
 * Code that names the home directory (`os.homedir()`, `Dir.home`, `Path.home()`, `os.path.expanduser("~")`,
 * `process.env.HOME`, `System.getProperty("user.home")`, an environment getter for HOME).
 */
/** The expression naming the interpreter that runs the code, per language. */
const RUNNING_INTERPRETER: Readonly<Record<string, RegExp>> = {
  python: /^sys\.executable$/,
  node: /^process\.(?:execPath|argv\[0\])$/,
  ruby: /^(?:RbConfig\.ruby|Gem\.ruby)$/,
  php: /^PHP_BINARY$/,
};

/** The command a language's interpreter is run by, where it is not the language's own name. */
const INTERPRETER_COMMAND: Readonly<Record<string, string>> = { python: "python3" };

const HOME_EXPRESSION =
  /^(?:(?:require\(\s*['"](?:node:)?os['"]\s*\)|os|Dir|Path|pathlib\.Path|Deno)\.(?:homedir|home|homeDir)\s*(?:\(\s*\))?|os\.path\.expanduser\(\s*['"]~['"]\s*\)|process\.env\.(?:HOME|USERPROFILE)|(?:process\.env|\$ENV|ENV|os\.environ|\$_SERVER|\$_ENV)\s*[[{]\s*['"]?(?:HOME|USERPROFILE)['"]?\s*[\]}]|System\.getProperty\(\s*['"]user\.home['"]\s*\)|(?:\w+::)*home_dir\(\s*\)|homedir\(\s*\)|NSHomeDirectory\(\s*\)|FileManager\.default\.homeDirectoryForCurrentUser(?:\.path)?|Environment\.GetFolderPath\(\s*Environment\.SpecialFolder\.(?:UserProfile|Personal)\s*\)|System\.user_home!?\(\s*\)|os\.UserHomeDir\(\s*\))$/;

/** An interpolation's value: the home directory when the code names it, else a value only the run knows. */
function interpolation(written: string): string {
  // PHP's `{$x}` is `$x`, Perl's `${x}` is `$x`; the other languages hand over the expression inside the braces.
  const expression = written
    .trim()
    .replace(/^\{(\$[\s\S]*)\}$/, "$1")
    .replace(/^\$\{([\s\S]*)\}$/, "$$$1");
  if (HOME_EXPRESSION.test(expression)) return "~";
  const variable = ENVIRONMENT_GETTER.exec(expression);
  const quoted = variable ? (variable[1] ?? variable[2]) : undefined;
  return quoted !== undefined && HOME_VARIABLES.has(quoted.slice(1, -1)) ? "~" : INTERPOLATED;
}

function unescapeBody(body: string): string {
  return body.replace(/\\(.)/g, (_whole, char: string) => ({ n: "\n", t: "\t", r: "\r", "0": "\0" })[char] ?? char);
}

/** `…`, qx{…}, %x{…}: commands in backticks (Perl, Ruby, PHP). */
function backtickCommands(code: string): string[] {
  const commands: string[] = [];
  for (const match of code.matchAll(/`([^`]*)`|\bqx\s*\{([^}]*)\}|%x\{([^}]*)\}|\bqx\s*\(([^)]*)\)/g)) {
    const command = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (command !== undefined) commands.push(command.replace(/#\{[^}]*\}/g, "$__synaps_value"));
  }
  return commands;
}
