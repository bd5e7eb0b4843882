// One SQL statement → what it does (its kinds, from statements.ts), the
// commands it makes the server run (`COPY … PROGRAM`), and the SQL it carries
// as text (a DO block, `EXECUTE '…'`, `PREPARE … FROM '…'`), classified too.
// Case is ignored; only the top level of the statement decides, so a WHERE
// inside a subquery does not count as the statement's own.
import type { StatementKind } from "../view/statements.ts";

type Token = { type: "word"; upper: string } | { type: "string"; value: string } | { type: "open" } | { type: "close" } | { type: "punct"; text: string } | { type: "dynamic" };

export type Classified = {
  kinds: StatementKind[];
  /** Command lines the statement makes the server run. */
  commands: string[];
  /** SQL the statement carries as a string and runs (DO bodies, EXECUTE '…'). */
  carried: string[];
  /** The statement's own verb is only known at run time (`$QUERY`). */
  dynamic: boolean;
};

const TOKEN =
  /\s+|([eEnN]?'(?:[^'\\]|''|\\[\s\S])*'?)|("(?:[^"]|"")*"?|`[^`]*`?)|(\$([A-Za-z_]\w*)?\$[\s\S]*?\$\4\$)|(\$\{|\$\(|\$[A-Za-z_])|([A-Za-z_][\w$#@]*)|(\d[\w.]*)|(\()|(\))|(.)/gy;

function tokenize(statement: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(statement); match && match[0] !== ""; match = TOKEN.exec(statement)) {
    const [, single, identifier, dollar, , shellValue, word, number, open, close, punct] = match;
    if (single !== undefined) tokens.push({ type: "string", value: unquoteSingle(single) });
    else if (identifier !== undefined) tokens.push({ type: "word", upper: identifier.slice(1, -1).toUpperCase() });
    else if (dollar !== undefined) tokens.push({ type: "string", value: dollar.replace(/^\$\w*\$/, "").replace(/\$\w*\$$/, "") });
    else if (shellValue !== undefined) tokens.push({ type: "dynamic" });
    else if (word !== undefined) tokens.push({ type: "word", upper: word.toUpperCase() });
    else if (number !== undefined) tokens.push({ type: "punct", text: number });
    else if (open !== undefined) tokens.push({ type: "open" });
    else if (close !== undefined) tokens.push({ type: "close" });
    else if (punct !== undefined) tokens.push({ type: "punct", text: punct });
  }
  return tokens;
}

function unquoteSingle(literal: string): string {
  const body = literal.replace(/^[eEnN]?'/, "").replace(/'$/, "");
  return body.replaceAll("''", "'").replace(/\\(.)/g, "$1");
}

const READS = new Set(["SELECT", "SHOW", "DESCRIBE", "DESC", "VALUES", "TABLE", "HELP", "LIST"]);
const INSERTS = new Set(["INSERT", "REPLACE", "UPSERT", "MERGE", "LOAD", "IMPORT"]);
const TRANSACTIONS = new Set(["BEGIN", "START", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "END", "ABORT"]);
const MAIN_VERBS = new Set(["SELECT", "INSERT", "UPDATE", "DELETE", "MERGE", "VALUES", "TABLE", "REPLACE", "UPSERT"]);

/**
 * What one statement does. `procedural`: the statement comes from a function
 * or DO body, where block words (BEGIN, LOOP, IF … THEN, FOR … LOOP) come
 * before the SQL they run.
 */
export function classifySql(statement: string, { procedural = false } = {}): Classified {
  const result: Classified = { kinds: [], commands: [], carried: [], dynamic: false };
  const tokens = tokenize(statement);
  let at = 0;
  while (tokens[at]?.type === "open") at++;
  if (procedural) at = afterBlockWords(tokens, at);
  classifyFrom(tokens, at, result);
  if (result.kinds.length === 0 && result.carried.length === 0 && !result.dynamic) result.kinds.push("other");
  return result;
}

/** Block words that open a body or a branch; the statement proper follows them. */
const BLOCK_WORDS = new Set(["BEGIN", "LOOP", "THEN", "ELSE", "DECLARE"]);
/** Words that open a condition or a loop header, ended by THEN or LOOP. */
const HEADER_WORDS = new Set(["IF", "ELSIF", "ELSEIF", "WHILE", "FOR", "FOREACH", "WHEN"]);

function afterBlockWords(tokens: Token[], from: number): number {
  let at = from;
  for (;;) {
    const word = wordAt(tokens, at);
    if (word !== undefined && BLOCK_WORDS.has(word) && wordAt(tokens, at + 1) !== undefined) at++;
    else if (word !== undefined && HEADER_WORDS.has(word)) at = afterHeader(tokens, at + 1);
    else return at;
  }
}

function afterHeader(tokens: Token[], from: number): number {
  let depth = 0;
  for (let index = from; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === "open") depth++;
    else if (token.type === "close") depth--;
    else if (depth === 0 && token.type === "word" && (token.upper === "THEN" || token.upper === "LOOP")) return index + 1;
  }
  return tokens.length;
}

function classifyFrom(tokens: Token[], at: number, result: Classified): void {
  const first = tokens[at];
  if (first?.type === "dynamic") {
    result.dynamic = true;
    return;
  }
  if (first?.type !== "word") return;
  const verb = first.upper;
  if (verb === "WITH") return classifyWith(tokens, at, result);
  if (verb === "EXPLAIN") return classifyExplain(tokens, at, result);
  if (READS.has(verb) || (verb === "PRAGMA" && !tokens.some((token) => token.type === "punct" && token.text === "="))) return add(result, "select");
  if (verb === "MERGE") return classifyMerge(tokens, at, result);
  if (verb === "PREPARE" && preparedStatementAt(tokens, at) !== undefined) return classifyFrom(tokens, preparedStatementAt(tokens, at)!, result);
  if (INSERTS.has(verb)) return add(result, "insert");
  if (verb === "COPY") return classifyCopy(tokens, at, result);
  if (verb === "UPDATE") return add(result, whereKind(tokens, at, "update"));
  if (verb === "DELETE") return add(result, whereKind(tokens, at, "delete"));
  if (verb === "TRUNCATE") return add(result, "truncate");
  if (verb === "DROP") return add(result, "drop");
  // SurrealQL's DROP: `REMOVE DATABASE main`, `REMOVE TABLE user` (no SQL dialect starts a statement with REMOVE).
  if (verb === "REMOVE" && SURREAL_REMOVABLE.has(wordAt(tokens, at + 1) ?? "")) return add(result, "drop");
  if (verb === "ALTER") return classifyAlter(tokens, at, result);
  if (verb === "RENAME" || verb === "COMMENT") return add(result, "alter");
  if (verb === "CREATE") return add(result, "create");
  if (verb === "GRANT") return add(result, "grant");
  if (verb === "REVOKE") return add(result, "revoke");
  if (TRANSACTIONS.has(verb)) return add(result, "transaction");
  if (verb === "KILL" || verb === "SHUTDOWN" || verb === "SYSTEM") return add(result, "admin");
  if (verb === "SET" && ["GLOBAL", "PERSIST", "PERSIST_ONLY"].includes(wordAt(tokens, at + 1) ?? "")) return add(result, "config");
  if (verb === "DO" || verb === "EXECUTE" || verb === "EXEC" || verb === "PREPARE" || verb === "CALL") return classifyCarrier(tokens, at, result);
  add(result, "other");
}

/** What SurrealQL's REMOVE takes away with its data: a namespace, a database, a table, a field or index of one, a user. */
const SURREAL_REMOVABLE = new Set(["NAMESPACE", "NS", "DATABASE", "DB", "TABLE", "FIELD", "INDEX", "USER", "ACCESS"]);

function add(result: Classified, kind: StatementKind) {
  if (!result.kinds.includes(kind)) result.kinds.push(kind);
}

function wordAt(tokens: Token[], index: number): string | undefined {
  const token = tokens[index];
  return token?.type === "word" ? token.upper : undefined;
}

/** `WITH x AS (DELETE …) SELECT …`: each parenthesised part after AS is a statement of its own, then the main one. */
function classifyWith(tokens: Token[], at: number, result: Classified): void {
  let depth = 0;
  let afterAs = false;
  for (let index = at + 1; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === "open") {
      if (depth === 0 && afterAs) classifyFrom(tokens, index + 1, result);
      depth++;
      continue;
    }
    if (token.type === "close") {
      depth--;
      continue;
    }
    if (depth !== 0 || token.type !== "word") continue;
    if (token.upper === "AS") afterAs = true;
    else if (MAIN_VERBS.has(token.upper)) return classifyFrom(tokens, index, result);
  }
}

/** EXPLAIN runs nothing, but EXPLAIN ANALYZE runs its statement. */
function classifyExplain(tokens: Token[], at: number, result: Classified): void {
  let index = at + 1;
  let runs = false;
  for (; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === "word" && (token.upper === "ANALYZE" || token.upper === "ANALYSE")) runs = true;
    if (token.type === "word" && (MAIN_VERBS.has(token.upper) || token.upper === "WITH")) break;
  }
  if (runs && index < tokens.length) return classifyFrom(tokens, index, result);
  add(result, "select");
}

/** `COPY t FROM …` loads rows, `COPY t TO …` reads them; `PROGRAM 'cmd'` runs a command on the server. */
function classifyCopy(tokens: Token[], at: number, result: Classified) {
  const words = topLevelWords(tokens, at);
  add(result, words.includes("FROM") && !words.includes("TO") ? "insert" : "select");
  collectPrograms(tokens, at, result);
}

function collectPrograms(tokens: Token[], at: number, result: Classified) {
  for (let index = at; index < tokens.length - 1; index++) {
    const next = tokens[index + 1]!;
    if (wordAt(tokens, index) === "PROGRAM" && next.type === "string") result.commands.push(next.value);
  }
}

/** ALTER SYSTEM changes the configuration; ALTER TABLE … DROP COLUMN removes data; ClickHouse's ALTER TABLE … DELETE WHERE deletes rows. */
function classifyAlter(tokens: Token[], at: number, result: Classified) {
  if (wordAt(tokens, at + 1) === "SYSTEM") return add(result, "config");
  let depth = 0;
  for (let index = at + 1; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === "open") depth++;
    else if (token.type === "close" && --depth < 0) break;
    if (depth !== 0 || token.type !== "word") continue;
    if (token.upper === "DROP" && !["DEFAULT", "NOT", "IDENTITY", "EXPRESSION", "STORED"].includes(wordAt(tokens, index + 1) ?? "")) return add(result, "alter-drop");
    if (token.upper === "TRUNCATE") return add(result, "truncate");
    if (token.upper === "DELETE") return add(result, whereKind(tokens, index, "delete"));
    if (token.upper === "UPDATE" && index > at + 2) return add(result, whereKind(tokens, index, "update"));
  }
  add(result, "alter");
}

/** DO $$ … $$, EXECUTE 'DROP …', EXEC('…'), PREPARE s FROM '…': the SQL inside is what runs. */
function classifyCarrier(tokens: Token[], at: number, result: Classified) {
  let found = false;
  for (let index = at + 1; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === "string") {
      result.carried.push(token.value);
      found = true;
      if (wordAt(tokens, at) !== "DO") break;
    }
    if (token.type === "dynamic") result.dynamic = true;
  }
  if (!found) add(result, "other");
}

/**
 * `MERGE INTO t USING s ON cond WHEN MATCHED THEN DELETE | UPDATE … WHEN NOT MATCHED THEN INSERT …`: each action
 * at the top level counts; with an ON that is always true, a DELETE or UPDATE touches every row.
 */
function classifyMerge(tokens: Token[], at: number, result: Classified) {
  add(result, "insert");
  const on = tokens.findIndex((token, index) => index > at && token.type === "word" && token.upper === "ON");
  const condition: Token[] = [];
  for (let index = on + 1; on >= 0 && index < tokens.length && wordAt(tokens, index) !== "WHEN"; index++) condition.push(tokens[index]!);
  const every = on >= 0 && alwaysTrue(condition);
  for (let index = at + 1; index < tokens.length - 1; index++) {
    if (wordAt(tokens, index) !== "THEN") continue;
    const action = wordAt(tokens, index + 1);
    if (action === "DELETE") add(result, every ? "delete-all" : "delete");
    if (action === "UPDATE") add(result, every ? "update-all" : "update");
  }
}

/** `PREPARE name [(types)] AS statement` (PostgreSQL): where the statement starts; undefined for `PREPARE … FROM '…'`. */
function preparedStatementAt(tokens: Token[], at: number): number | undefined {
  let depth = 0;
  for (let index = at + 1; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === "open") depth++;
    else if (token.type === "close") depth--;
    else if (depth === 0 && token.type === "word" && token.upper === "AS") return index + 1;
    else if (depth === 0 && token.type === "word" && token.upper === "FROM") return undefined;
  }
  return undefined;
}

/** `DELETE FROM t` without a WHERE of its own (or with one that is always true) affects every row. */
function whereKind(tokens: Token[], at: number, base: "update" | "delete"): StatementKind {
  let depth = 0;
  for (let index = at + 1; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === "open") depth++;
    else if (token.type === "close" && --depth < 0) break;
    else if (depth === 0 && token.type === "word" && token.upper === "WHERE") return alwaysTrue(conditionAfter(tokens, index + 1)) ? `${base}-all` : base;
  }
  return `${base}-all`;
}

const CONDITION_END = new Set(["RETURNING", "ORDER", "LIMIT", "GROUP", "OFFSET", "FETCH"]);

function conditionAfter(tokens: Token[], from: number): Token[] {
  let depth = 0;
  const condition: Token[] = [];
  for (let index = from; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === "open") depth++;
    else if (token.type === "close") depth--;
    if (depth < 0 || (depth === 0 && token.type === "word" && CONDITION_END.has(token.upper))) break;
    condition.push(token);
  }
  return condition;
}

/** `1=1`, `TRUE`, `'a'='a'`, `x OR 1=1`: a condition any row meets. */
function alwaysTrue(condition: Token[]): boolean {
  return splitTopLevel(condition, "OR").some((branch) => tautology(stripParens(branch)));
}

function tautology(branch: Token[]): boolean {
  const text = branch.map(tokenText);
  if (text.length === 1) return text[0] === "TRUE" || /^[1-9]\d*$/.test(text[0]!);
  if (text.length === 2) return text[0] === "NOT" && (text[1] === "FALSE" || text[1] === "0");
  if (text.length === 3 && (text[1] === "=" || text[1] === "==")) return text[0] === text[2];
  if (text.length === 3 && (text[1] === "<>" || text[1] === "!=")) return text[0] !== text[2] && isLiteral(branch[0]!) && isLiteral(branch[2]!);
  return false;
}

function isLiteral(token: Token): boolean {
  return token.type === "string" || (token.type === "punct" && /^\d/.test(token.text));
}

function tokenText(token: Token): string {
  switch (token.type) {
    case "word":
      return token.upper;
    case "string":
      return `'${token.value}'`;
    case "punct":
      return token.text;
    case "open":
      return "(";
    case "close":
      return ")";
    default:
      return "$";
  }
}

function stripParens(tokens: Token[]): Token[] {
  let inner = tokens;
  while (inner.length >= 2 && inner[0]!.type === "open" && inner[inner.length - 1]!.type === "close") inner = inner.slice(1, -1);
  return mergeComparisons(inner);
}

/** `=` and `<>` may arrive as one punctuation token each or as two (`<`, `>`): joined, they compare. */
function mergeComparisons(tokens: Token[]): Token[] {
  const merged: Token[] = [];
  for (const token of tokens) {
    const last = merged[merged.length - 1];
    if (token.type === "punct" && last?.type === "punct" && /^[<>!=]$/.test(last.text) && /^[=>]$/.test(token.text))
      merged[merged.length - 1] = { type: "punct", text: last.text + token.text };
    else merged.push(token);
  }
  return merged;
}

function splitTopLevel(tokens: Token[], word: string): Token[][] {
  const parts: Token[][] = [[]];
  let depth = 0;
  for (const token of tokens) {
    if (token.type === "open") depth++;
    else if (token.type === "close") depth--;
    if (depth === 0 && token.type === "word" && token.upper === word) parts.push([]);
    else parts[parts.length - 1]!.push(token);
  }
  return parts;
}

function topLevelWords(tokens: Token[], at: number): string[] {
  const words: string[] = [];
  let depth = 0;
  for (let index = at; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === "open") depth++;
    else if (token.type === "close") depth--;
    else if (depth === 0 && token.type === "word") words.push(token.upper);
  }
  return words;
}
