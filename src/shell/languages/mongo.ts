// mongosh / mongo shell code: each statement's database effect in the
// statement vocabulary (`db.users.drop()` drops, `deleteMany({})` deletes
// every document), and — since the shell is JavaScript on Node — the
// processes and files its code touches, read by the node call table.
import { type CodeReading, readCode } from "./code.ts";
import { shellQuote } from "./quote.ts";
import { type StatementKind, statementText } from "../view/statements.ts";

/** Method calls by what they do, most destructive first: the first that matches a statement decides. */
const METHODS: Array<{ pattern: RegExp; kind: StatementKind }> = [
  { pattern: /\.dropDatabase\s*\(|\bdropDatabase\s*:/, kind: "drop" },
  { pattern: /\.(?:drop|dropIndex|dropIndexes|dropUser|dropAllUsers|dropRole|dropAllRoles|dropSearchIndex)\s*\(|\{\s*["']?drop["']?\s*:/, kind: "drop" },
  { pattern: /\.(?:deleteMany|remove)\s*\(\s*(?:\{\s*\}\s*)?[,)]/, kind: "delete-all" },
  { pattern: /\.updateMany\s*\(\s*\{\s*\}/, kind: "update-all" },
  { pattern: /\.(?:deleteMany|deleteOne|remove|findOneAndDelete|findAndModify)\s*\(/, kind: "delete" },
  { pattern: /\.(?:updateMany|updateOne|update|replaceOne|findOneAndUpdate|findOneAndReplace|bulkWrite|renameCollection)\s*\(/, kind: "update" },
  { pattern: /\.(?:insertOne|insertMany|insert|save)\s*\(/, kind: "insert" },
  { pattern: /\.(?:createCollection|createIndex|createIndexes|createUser|createRole|createView)\s*\(/, kind: "create" },
  { pattern: /\.(?:grantRolesToUser|grantPrivilegesToRole|updateUser)\s*\(/, kind: "grant" },
  { pattern: /\.(?:revokeRolesFromUser|revokePrivilegesFromRole)\s*\(/, kind: "revoke" },
  { pattern: /\.(?:shutdownServer|fsyncLock|setProfilingLevel)\s*\(|\bsetParameter\s*:/, kind: "admin" },
  {
    pattern: /\.(?:find|findOne|aggregate|count|countDocuments|estimatedDocumentCount|distinct|getCollectionNames|getCollectionInfos|stats|getIndexes|explain)\s*\(|^\s*show\s+\w+/,
    kind: "select",
  },
];

/** `db[name](…)`, `db.users[op](…)`: a method whose name only the run knows. */
const COMPUTED_CALL = /\bdb(?:\.\w+|\.getCollection\([^)]*\)|\.getSiblingDB\([^)]*\))*\s*\[[^\]]+\]\s*\(/;

export function readMongo(text: string, interpreter: string): CodeReading {
  const code = readCode("node", text, interpreter);
  const reading: CodeReading = { lines: code.lines, unresolved: code.unresolved, statements: [] };
  for (const written of mongoStatements(text)) {
    // `db["dropDatabase"]()`, `db.users['drop']()`: a member named by a string is that member.
    const statement = written.replace(/\[\s*(["'`])([A-Za-z_$][\w$]*)\1\s*\]/g, ".$2");
    const kind = METHODS.find((method) => method.pattern.test(statement))?.kind;
    if (kind) reading.statements!.push({ kind, text: statementText(statement) });
    if (COMPUTED_CALL.test(statement)) reading.unresolved.push(`a method chosen at run time is called (${statementText(written).slice(0, 60)})`);
  }
  for (const match of text.matchAll(/\brunProgram\s*\(([^)]*)\)/g)) {
    const words = [...match[1]!.matchAll(/["']([^"']*)["']/g)].map((word) => word[1]!);
    if (words.length > 0) reading.lines.push({ line: words.map(shellQuote).join(" "), label: "runProgram" });
  }
  return reading;
}

/** Statements end at `;` or a line end outside strings and brackets. */
function mongoStatements(text: string): string[] {
  const statements: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"' || char === "'" || char === "`") index = stringEnd(text, index);
    else if ("([{".includes(char)) depth++;
    else if (")]}".includes(char)) depth = Math.max(0, depth - 1);
    else if ((char === ";" || char === "\n") && depth === 0) {
      statements.push(text.slice(start, index));
      start = index + 1;
    }
  }
  statements.push(text.slice(start));
  return statements.map((statement) => statement.trim()).filter((statement) => statement !== "");
}

function stringEnd(text: string, open: number): number {
  for (let index = open + 1; index < text.length; index++) {
    if (text[index] === "\\") index++;
    else if (text[index] === text[open]) return index;
  }
  return text.length;
}
