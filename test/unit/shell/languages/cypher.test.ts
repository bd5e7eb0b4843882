// Cypher (cypher-shell): what each statement does in the statement vocabulary.
import { describe, expect, test } from "bun:test";
import { readCypher } from "../../../../src/shell/languages/cypher.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const kinds = (text: string): string[] | undefined => readCypher(text).statements?.map((statement) => statement.kind);

describe("cypher statements", () => {
  test.each([
    ["MATCH (x) DETACH DELETE x", ["delete-all"]],
    ["match (p:Person)-[r:KNOWS]->() delete r", ["delete-all"]],
    ["MATCH (s:Session) WHERE s.expires < datetime() DETACH DELETE s", ["delete"]],
    ["MATCH (u:User {email: 'a@b.c'}) DETACH DELETE u", ["delete"]],
    ["DROP DATABASE crm IF EXISTS", ["drop"]],
    ["drop constraint person_id", ["drop"]],
    ["CREATE OR REPLACE DATABASE analytics", ["drop"]],
    ["STOP DATABASE crm", ["admin"]],
    ["MATCH (n:Movie) RETURN n.title LIMIT 5", ["select"]],
    ["SHOW DATABASES", ["select"]],
    ["MERGE (c:City {name: 'Oslo'})", ["insert"]],
    ["MATCH (m:Movie {id: 1}) SET m.rating = 5", ["update"]],
    ["CREATE INDEX title_idx FOR (m:Movie) ON (m.title)", ["create"]],
  ])("%s → %p", (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  test("statements split at semicolons outside quotes, comments and shell commands left out", () => {
    expect(kinds(":use system\n// clean up\nMATCH (n) RETURN count(n);\nRETURN 'a;b';\nMATCH (t:Tmp) DETACH DELETE t;")).toEqual(["select", "select", "delete-all"]);
  });

  test("a keyword inside a comment says nothing", () => {
    expect(kinds("/* DROP DATABASE x */ MATCH (n) RETURN n")).toEqual(["select"]);
  });
});
