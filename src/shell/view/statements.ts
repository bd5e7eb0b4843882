// What a database statement does, in one vocabulary for SQL, redis commands
// and mongo shell methods: a rule says `sql = ["drop", "delete-all"]` once,
// whichever client the statement reaches. Each kind is described here and
// nowhere else (the policy schema and the README take the words from here).

export const STATEMENT_KINDS = {
  select: "reads only: SELECT, SHOW, DESCRIBE, EXPLAIN, VALUES; redis GET, KEYS, SCAN; mongo find, aggregate",
  insert: "adds rows: INSERT, REPLACE, MERGE, COPY … FROM; mongo insertOne/insertMany",
  update: "changes rows a WHERE clause selects; mongo updateOne, updateMany with a filter",
  "update-all": "changes every row: UPDATE without WHERE (or with a WHERE that is always true); mongo updateMany({}, …)",
  delete: "deletes rows a WHERE clause selects; redis DEL, UNLINK; mongo deleteOne, deleteMany with a filter",
  "delete-all": "deletes every row or key: DELETE without WHERE (or with a WHERE that is always true); redis FLUSHALL, FLUSHDB; mongo deleteMany({}), remove({})",
  truncate: "empties a table: TRUNCATE, ALTER TABLE … TRUNCATE PARTITION",
  drop: "removes a database object and what it holds: DROP TABLE, DATABASE, SCHEMA, VIEW, INDEX, USER, …; mongo drop(), dropDatabase()",
  "alter-drop": "removes part of a table: ALTER TABLE … DROP COLUMN, CONSTRAINT, PARTITION",
  alter: "changes a definition otherwise: ALTER, RENAME, COMMENT ON",
  create: "creates an object: CREATE TABLE, INDEX, VIEW, FUNCTION, …; mongo createCollection, createIndex",
  grant: "gives privileges: GRANT; redis ACL SETUSER",
  revoke: "takes privileges away: REVOKE",
  config: "changes the server's configuration: ALTER SYSTEM; redis CONFIG SET",
  admin: "administers the server: redis SHUTDOWN, MODULE LOAD, REPLICAOF, DEBUG, SCRIPT FLUSH; KILL",
  transaction: "BEGIN, COMMIT, ROLLBACK, SAVEPOINT",
  other: "anything else (SET, USE, VACUUM, CALL, …)",
} as const;

export type StatementKind = keyof typeof STATEMENT_KINDS;

export const STATEMENT_KIND_NAMES = Object.keys(STATEMENT_KINDS) as StatementKind[];

/** One statement of code a database client runs, what it does, and its text as written (comments removed, spaces collapsed). */
export type CodeStatement = { kind: StatementKind; text: string };

/** A statement's text for a person: on one line and short enough to read. */
export function statementText(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}
