// Neo4j's Cypher (cypher-shell's queries): what each statement does in the
// statement vocabulary, so one rule judges `MATCH (n) DETACH DELETE n` as it
// judges SQL's `DELETE FROM t` — a delete that no WHERE clause or property
// filter narrows empties the label (or the whole graph) it matches.
import type { CodeReading } from "./code.ts";
import { type StatementKind, statementText } from "../view/statements.ts";

/** Clauses by what they do, most destructive first: the first that matches a statement decides. */
const CLAUSES: Array<{ pattern: RegExp; kind: StatementKind | ((statement: string) => StatementKind) }> = [
  // `CREATE OR REPLACE DATABASE` drops the existing one first.
  { pattern: /\bDROP\s+(?:COMPOSITE\s+)?(?:DATABASE|GRAPH|ALIAS|CONSTRAINT|INDEX|USER|ROLE|SERVER)\b|\bCREATE\s+OR\s+REPLACE\s+(?:COMPOSITE\s+)?DATABASE\b/i, kind: "drop" },
  { pattern: /\bDELETE\b/i, kind: (statement) => (narrowed(statement) ? "delete" : "delete-all") },
  { pattern: /\b(?:STOP|START)\s+DATABASE\b|\b(?:ENABLE|DEALLOCATE|REALLOCATE)\s+SERVERS?\b/i, kind: "admin" },
  { pattern: /\b(?:GRANT|DENY)\b/i, kind: "grant" },
  { pattern: /\bREVOKE\b/i, kind: "revoke" },
  { pattern: /\bALTER\b/i, kind: "alter" },
  { pattern: /\b(?:SET|REMOVE)\b/i, kind: "update" },
  { pattern: /\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:DATABASE|CONSTRAINT|INDEX|USER|ROLE|ALIAS)\b/i, kind: "create" },
  { pattern: /\b(?:CREATE|MERGE)\b|\bLOAD\s+CSV\b/i, kind: "insert" },
  { pattern: /\b(?:MATCH|RETURN|SHOW|EXPLAIN|PROFILE)\b/i, kind: "select" },
];

/** A WHERE clause, or a property map in a matched pattern (`MATCH (u:User {id: 7})`), picks which nodes a delete removes. */
function narrowed(statement: string): boolean {
  return /\bWHERE\b/i.test(statement) || /\(\s*\w*\s*(?::\s*[\w`]+\s*)*\{/.test(statement);
}

/** Statements split at `;` outside quotes, with `//` and block comments and cypher-shell's own `:commands` removed. */
function cypherStatements(written: string): string[] {
  const text = written.replace(/^[ \t]*:.*$/gm, "");
  const statements: string[] = [];
  let current = "";
  let quote = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      current += char;
      if (char === "\\") current += text[++i] ?? "";
      else if (char === quote) quote = "";
      continue;
    }
    if (char === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end - 1;
      continue;
    }
    if (char === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
      continue;
    }
    if (char === ";") {
      statements.push(current);
      current = "";
      continue;
    }
    if (char === "'" || char === '"' || char === "`") quote = char;
    current += char;
  }
  statements.push(current);
  return statements.filter((statement) => statement.trim() !== "");
}

export function readCypher(text: string): CodeReading {
  const reading: CodeReading = { lines: [], unresolved: [], statements: [] };
  for (const statement of cypherStatements(text)) {
    const clause = CLAUSES.find((candidate) => candidate.pattern.test(statement));
    const kind = clause === undefined ? "other" : typeof clause.kind === "function" ? clause.kind(statement) : clause.kind;
    reading.statements!.push({ kind, text: statementText(statement) });
  }
  return reading;
}
