// SQL text → its statements and the client's own commands, the way the
// database client reads it: comments dropped (`--`, `/* */`, MySQL's `#`),
// string literals, quoted names and PostgreSQL dollar quotes kept whole, `;`
// (or MySQL's DELIMITER) ending a statement, and the lines the client itself
// interprets — psql's `\…`, the mysql client's `\…`, `system`, `source`, and
// sqlite3/duckdb's `.…` dot-commands — kept apart with their arguments.

/** Which client reads the text: its comment syntax and its own commands differ. */
export type SqlDialect = "postgres" | "mysql" | "sqlite" | "oracle" | "generic";

export type SqlPart =
  | { kind: "statement"; text: string }
  /** A command the client interprets itself: `\!` (psql), `system` (mysql), `.shell` (sqlite3), with the rest of its line. */
  | { kind: "client"; command: string; args: string };

const DIALECTS: Record<string, SqlDialect> = {
  psql: "postgres",
  pgcli: "postgres",
  cockroach: "postgres",
  yugabyte: "postgres",
  ysqlsh: "postgres",
  mysql: "mysql",
  mariadb: "mysql",
  mycli: "mysql",
  mysqlsh: "mysql",
  sqlite3: "sqlite",
  sqlite: "sqlite",
  duckdb: "sqlite",
  litecli: "sqlite",
  spatialite: "sqlite",
  sqlplus: "oracle",
};

export function dialectOf(interpreter: string): SqlDialect {
  return DIALECTS[interpreter.toLowerCase()] ?? "generic";
}

/** The mysql client's long-form commands, recognised at the start of a line. */
const MYSQL_CLIENT_WORDS = new Set([
  "system",
  "source",
  "tee",
  "notee",
  "pager",
  "nopager",
  "delimiter",
  "use",
  "connect",
  "edit",
  "help",
  "quit",
  "exit",
  "status",
  "rehash",
  "warnings",
  "nowarning",
  "charset",
  "print",
  "prompt",
  "clear",
  "go",
  "ego",
  "resetconnection",
  "query_attributes",
  "ssl_session_data_print",
]);

/**
 * SQL*Plus commands (and the usual abbreviations), recognised at the start of a line: each runs to the end of its
 * line without a `;` (`CONNECT app@pdb`, `SET PAGESIZE 50`, `HOST cmd`), so a statement on the next line is its own.
 */
const SQLPLUS_CLIENT_WORDS = new Set([
  "connect",
  "conn",
  "disconnect",
  "set",
  "show",
  "spool",
  "spo",
  "prompt",
  "pro",
  "exit",
  "quit",
  "whenever",
  "define",
  "def",
  "undefine",
  "column",
  "col",
  "describe",
  "desc",
  "host",
  "ho",
  "start",
  "sta",
  "variable",
  "var",
  "print",
  "pause",
  "accept",
  "acc",
  "ttitle",
  "btitle",
  "break",
  "compute",
  "clear",
  "timing",
  "store",
  "get",
  "save",
  "run",
]);

type Scanner = { text: string; at: number; dialect: SqlDialect; delimiter: string; current: string; parts: SqlPart[]; execComments: number };

export function splitSql(text: string, dialect: SqlDialect): SqlPart[] {
  const scanner: Scanner = { text, at: 0, dialect, delimiter: ";", current: "", parts: [], execComments: 0 };
  while (scanner.at < text.length) step(scanner);
  endStatement(scanner);
  return scanner.parts;
}

function step(scanner: Scanner) {
  const { text, at, dialect } = scanner;
  const char = text[at]!;
  const next = text[at + 1];
  if (scanner.current.trim() === "" && lineStartCommand(scanner)) return;
  if (char === "\\" && dialect !== "sqlite") return clientBackslash(scanner);
  if (text.startsWith(scanner.delimiter, at)) {
    scanner.at += scanner.delimiter.length;
    return endStatement(scanner);
  }
  if (char === "-" && next === "-") return skipLine(scanner);
  if (char === "#" && dialect === "mysql") return skipLine(scanner);
  if (char === "/" && next === "*") return blockComment(scanner);
  if (char === "*" && next === "/" && scanner.execComments > 0) {
    // The end of a MySQL `/*! … */` comment whose content the server runs.
    scanner.execComments--;
    scanner.at += 2;
    return;
  }
  if (char === "'" || char === '"' || char === "`") return quoted(scanner, char);
  if (char === "$" && dialect !== "mysql" && dollarQuote(scanner)) return;
  scanner.current += char;
  scanner.at++;
}

function endStatement(scanner: Scanner) {
  const statement = scanner.current.trim();
  if (statement !== "") scanner.parts.push({ kind: "statement", text: statement });
  scanner.current = "";
}

/** sqlite3's `.shell …`, the mysql client's `system …`, `delimiter //`: whole lines the client reads itself. */
function lineStartCommand(scanner: Scanner): boolean {
  const { text, at, dialect } = scanner;
  const rest = text.slice(at);
  if (dialect === "sqlite" && /^\.[A-Za-z]/.test(rest)) {
    const line = takeLine(scanner);
    const [, command, args] = /^\.(\S+)\s*([\s\S]*)$/.exec(line)!;
    scanner.parts.push({ kind: "client", command: `.${command!.toLowerCase()}`, args: args!.trim() });
    return true;
  }
  if (dialect === "oracle") return sqlplusCommand(scanner, rest);
  if (dialect !== "mysql") return false;
  const word = /^([A-Za-z_]+)(?=\s|;|$)/.exec(rest)?.[1]?.toLowerCase();
  if (word === undefined || !MYSQL_CLIENT_WORDS.has(word)) return false;
  const line = takeLine(scanner);
  const args = line.slice(word.length).trim().replace(/;$/, "").trim();
  if (word === "delimiter" && args !== "") scanner.delimiter = args.split(/\s+/)[0]!;
  scanner.parts.push({ kind: "client", command: word, args });
  return true;
}

/** A SQL*Plus line: `@file`, `@@file`, `!cmd`, a `/` that runs the buffer, or one of its own commands. */
function sqlplusCommand(scanner: Scanner, rest: string): boolean {
  const sign = /^(@@?|!)/.exec(rest)?.[1];
  const word = sign ?? /^([A-Za-z]+)(?=[ \t]|;?[ \t]*(?:\r?\n|$))/.exec(rest)?.[1]?.toLowerCase();
  if (/^\/[ \t]*(?:\r?\n|$)/.test(rest)) {
    takeLine(scanner);
    return true;
  }
  if (word === undefined || (sign === undefined && !SQLPLUS_CLIENT_WORDS.has(word))) return false;
  const line = takeLine(scanner);
  const command = word === "ho" ? "host" : word === "sta" ? "start" : word === "spo" ? "spool" : word;
  scanner.parts.push({ kind: "client", command, args: line.slice(word.length).trim().replace(/;$/, "").trim() });
  return true;
}

/** `\! cmd`, `\i file`, `\g`: a backslash command runs to the end of the line and ends the statement before it. */
function clientBackslash(scanner: Scanner) {
  endStatement(scanner);
  const line = takeLine(scanner);
  const match = /^\\([A-Za-z!.?]+|\S)\s*([\s\S]*)$/.exec(line);
  if (!match) return;
  const command = `\\${match[1]!}`;
  const args = match[2]!.trim();
  if (scanner.dialect === "mysql" && command === "\\d" && args !== "") scanner.delimiter = args.split(/\s+/)[0]!;
  scanner.parts.push({ kind: "client", command, args });
}

function takeLine(scanner: Scanner): string {
  const end = scanner.text.indexOf("\n", scanner.at);
  const stop = end < 0 ? scanner.text.length : end;
  const line = scanner.text.slice(scanner.at, stop);
  scanner.at = stop;
  return line;
}

function skipLine(scanner: Scanner) {
  takeLine(scanner);
  scanner.current += " ";
}

/** `/* … *\/` (nested in PostgreSQL); MySQL runs what is inside `/*! … *\/`, so that is kept as code. */
function blockComment(scanner: Scanner) {
  const { text } = scanner;
  if (scanner.dialect !== "postgres" && text[scanner.at + 2] === "!") {
    scanner.at += 3;
    while (/\d/.test(text[scanner.at] ?? "")) scanner.at++;
    scanner.execComments++;
    scanner.current += " ";
    return;
  }
  let depth = 0;
  let at = scanner.at;
  while (at < text.length) {
    if (text.startsWith("/*", at)) {
      depth++;
      at += 2;
    } else if (text.startsWith("*/", at)) {
      depth--;
      at += 2;
      if (depth === 0 || scanner.dialect !== "postgres") break;
    } else at++;
  }
  scanner.at = at;
  scanner.current += " ";
}

/** A string literal or quoted name, kept whole: doubled quotes inside, and backslash escapes where MySQL or E'' allow them. */
function quoted(scanner: Scanner, quote: string) {
  const { text } = scanner;
  const backslashes = scanner.dialect === "mysql" || /[eE]$/.test(scanner.current);
  let at = scanner.at + 1;
  while (at < text.length) {
    const char = text[at]!;
    if (char === "\\" && backslashes && quote !== "`") at += 2;
    else if (char === quote && text[at + 1] === quote) at += 2;
    else if (char === quote) break;
    else at++;
  }
  scanner.current += text.slice(scanner.at, at + 1);
  scanner.at = at + 1;
}

/** PostgreSQL's `$$ … $$` and `$tag$ … $tag$` (a function body, a DO block) are one literal. */
function dollarQuote(scanner: Scanner): boolean {
  const { text } = scanner;
  const open = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(scanner.at, scanner.at + 64));
  if (!open) return false;
  const close = text.indexOf(open[0], scanner.at + open[0].length);
  const end = close < 0 ? text.length : close + open[0].length;
  scanner.current += text.slice(scanner.at, end);
  scanner.at = end;
  return true;
}
