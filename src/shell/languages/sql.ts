// SQL handed to a database client (psql -c, mysql -e, a heredoc, stdin, a
// file the input wrote): every statement with what it does, the commands it
// makes the client or the server run (psql `\!`, mysql `system`, sqlite3
// `.shell`, `COPY … PROGRAM`) as shell lines, and the files the client
// commands read and write (`.output FILE`, `\o FILE`, `.read FILE`, `\i FILE`)
// as `: > FILE` and `cat -- FILE` lines, so the rules for files judge them.
import type { CodeReading, Equivalent } from "./code.ts";
import { shellQuote } from "./quote.ts";
import { classifySql } from "./sql-classify.ts";
import { dialectOf, type SqlDialect, splitSql } from "./sql-split.ts";
import { type CodeStatement, statementText } from "../view/statements.ts";
import { MAX_SQL_CARRIED_DEPTH } from "../../limits.ts";

export function readSql(text: string, interpreter: string): CodeReading {
  const reading: CodeReading = { lines: [], unresolved: [], statements: [] };
  readSqlText(text, dialectOf(interpreter), reading, 0);
  return reading;
}

/** `depth` > 0: SQL carried inside SQL (a DO body, EXECUTE '…'), where PL/pgSQL-style block words may lead a statement. */
function readSqlText(text: string, dialect: SqlDialect, reading: CodeReading, depth: number, variables = new Map<string, string>()) {
  for (const part of splitSql(text, depth > 0 ? "generic" : dialect)) {
    if (part.kind === "client" && part.command === "\\set") setVariable(part.args, variables);
    else if (part.kind === "client") readClientCommand(part.command, interpolated(part.args, variables), reading);
    else readStatement(interpolated(part.text, variables), dialect, reading, depth);
  }
}

/**
 * The `\\set` lines of a psql text, in order: what one `-c` or `-f` leaves set for the next ones of the same
 * psql (`psql -c "\\set q 'DROP TABLE t'" -c ':q'` runs the DROP: the variables are the session's).
 */
export function psqlSettings(text: string): string {
  return splitSql(text, dialectOf("psql"))
    .filter((part) => part.kind === "client" && part.command === "\\set")
    .map((part) => `\\set ${part.kind === "client" ? part.args : ""}\n`)
    .join("");
}

/** psql's `\\set NAME VALUE` (and `-v NAME=VALUE`, given to readSql as such lines). */
function setVariable(args: string, variables: Map<string, string>) {
  const [name, ...value] = clientWords(args);
  if (name !== undefined) variables.set(name, value.join(""));
}

/** psql puts a variable's value where `:NAME`, `:'NAME'` (quoted as a literal) or `:"NAME"` (an identifier) is written. */
function interpolated(text: string, variables: ReadonlyMap<string, string>): string {
  if (variables.size === 0) return text;
  return text.replace(/(?<!:):(?:'([A-Za-z_]\w*)'|"([A-Za-z_]\w*)"|([A-Za-z_]\w*))/g, (whole, literal, identifier, plain) => {
    const value = variables.get(literal ?? identifier ?? plain);
    if (value === undefined) return whole;
    if (literal !== undefined) return `'${value.replaceAll("'", "''")}'`;
    if (identifier !== undefined) return `"${value.replaceAll('"', '""')}"`;
    return value;
  });
}

function readStatement(text: string, dialect: SqlDialect, reading: CodeReading, depth: number) {
  const classified = classifySql(text, { procedural: depth > 0 });
  if (classified.dynamic) reading.unresolved.push(`a SQL statement is only known at run time (${statementText(text).slice(0, 60)})`);
  for (const kind of classified.kinds) addStatement(reading, { kind, text: statementText(text) });
  for (const command of classified.commands) reading.lines.push({ line: command, label: "COPY … PROGRAM" });
  for (const carried of classified.carried) {
    if (depth >= MAX_SQL_CARRIED_DEPTH) reading.unresolved.push("SQL carried inside SQL nests too deep to follow");
    else readSqlText(carried, dialect, reading, depth + 1);
  }
}

function addStatement(reading: CodeReading, statement: CodeStatement) {
  reading.statements ??= [];
  const statements = reading.statements;
  if (!statements.some((known) => known.kind === statement.kind && known.text === statement.text)) statements.push(statement);
}

// ---------------------------------------------------------------------------
// Commands the client interprets itself

type ClientEffect = "shell" | "read" | "write" | "output" | "copy" | "last-write" | "open" | "generated";

/** psql, mysql and sqlite3/duckdb commands that run a program or touch a file, by what they do with their arguments. */
const CLIENT_COMMANDS: Record<string, ClientEffect> = {
  "\\!": "shell",
  system: "shell",
  ".shell": "shell",
  ".system": "shell",
  ".sh": "shell",
  // SQL*Plus: `HOST cmd` and `!cmd` run a shell command; `@file`, `@@file`, `START file` run a script.
  host: "shell",
  "!": "shell",
  "@": "read",
  "@@": "read",
  start: "read",
  "\\P": "shell",
  pager: "shell",
  "\\i": "read",
  "\\ir": "read",
  "\\include": "read",
  "\\include_relative": "read",
  "\\.": "read",
  source: "read",
  ".read": "read",
  ".import": "read",
  "\\T": "write",
  tee: "write",
  "\\w": "output",
  "\\write": "output",
  "\\o": "output",
  "\\out": "output",
  "\\g": "output",
  "\\gx": "output",
  ".output": "output",
  ".once": "output",
  "\\copy": "copy",
  ".backup": "last-write",
  ".save": "last-write",
  ".open": "open",
  "\\gexec": "generated",
};

const STDIN_FILES = new Set(["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "-"]);

function readClientCommand(command: string, args: string, reading: CodeReading) {
  const effect = CLIENT_COMMANDS[command];
  if (effect === undefined) return;
  const add = (line: string) => reading.lines.push({ line, label: command });
  const words = clientWords(args).filter((word) => !word.startsWith("-"));
  switch (effect) {
    case "shell":
      if (args !== "") add(args);
      return;
    case "read":
      // `\i /dev/stdin`: the client reads more SQL from its standard input.
      if (STDIN_FILES.has(words[0] ?? "")) return void reading.lines.push({ line: "psql -f /dev/stdin", label: command, stdin: true });
      return readFileArgument(command, args, words[0], reading, (file) => add(`cat -- ${shellQuote(file)}`));
    case "write":
      if (words[0]) add(`: > ${shellQuote(words[0])}`);
      return;
    case "output":
      return readOutputArgument(command, args, words[0], reading);
    case "last-write":
      if (words.length > 0) add(`: > ${shellQuote(words[words.length - 1]!)}`);
      return;
    case "open":
      // `.open --new FILE` empties FILE first.
      if (/(?:^|\s)--new\b/.test(args) && words[0]) add(`: > ${shellQuote(words[0])}`);
      return;
    case "copy":
      return readClientCopy(args, reading);
    case "generated":
      reading.unresolved.push("psql \\gexec runs SQL built from query results, only known at run time");
      return;
  }
}

/** `.read |cmd`, `.read '|cmd args'`: the output of a command instead of a file (taken whole, quoted or not). */
function readFileArgument(command: string, args: string, file: string | undefined, reading: CodeReading, asFile: (file: string) => void) {
  if (file === undefined) return;
  const piped = /^\s*\|\s*([\s\S]+)$/.exec(args);
  if (piped) reading.lines.push({ line: piped[1]!.trim(), label: command });
  else if (file.startsWith("|")) reading.lines.push({ line: file.slice(1), label: command });
  else asFile(file);
}

/** `\o FILE`, `.output FILE`, `\o |cmd`, `.once '|cmd'`: the results go to a file, or to a command's input. */
function readOutputArgument(command: string, args: string, file: string | undefined, reading: CodeReading) {
  const piped = /^\s*\|\s*([\s\S]+)$/.exec(args) ?? (file?.startsWith("|") ? [file, file.slice(1)] : undefined);
  if (piped) {
    reading.lines.push({ line: piped[1]!.trim(), label: command });
    return;
  }
  if (file === undefined || file === "stdout" || file === "off") return;
  reading.lines.push({ line: `: > ${shellQuote(file)}`, label: command });
}

/** psql's `\copy t TO 'file'`, `\copy t FROM 'file'`, `\copy … PROGRAM 'cmd'` run on the client. */
function readClientCopy(args: string, reading: CodeReading) {
  const match = /\b(from|to)\s+(program\s+)?('(?:[^']|'')*'|"[^"]*"|\S+)/i.exec(args);
  if (!match) return;
  const target = match[3]!
    .replace(/^'([\s\S]*)'$/, "$1")
    .replaceAll("''", "'")
    .replace(/^"([\s\S]*)"$/, "$1");
  const add = (line: string): void => void reading.lines.push({ line, label: "\\copy" } satisfies Equivalent);
  if (match[2]) return add(target);
  if (/^(?:stdin|stdout|pstdin|pstdout)$/i.test(target)) return;
  add(match[1]!.toLowerCase() === "to" ? `: > ${shellQuote(target)}` : `cat -- ${shellQuote(target)}`);
}

/** A client command's arguments: words, with '…' and "…" quoting. */
function clientWords(args: string): string[] {
  const words: string[] = [];
  for (const match of args.matchAll(/'((?:[^']|'')*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)) words.push(match[1]?.replaceAll("''", "'") ?? match[2] ?? match[3]!);
  return words;
}
