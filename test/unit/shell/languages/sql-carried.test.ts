// SQL reached another way (issue 26.6): psql variables (`-v q=…` then `:q`,
// `\set`), `\i /dev/stdin`, PREPARE … AS, MERGE … THEN DELETE, and a member
// named by a string or chosen at run time in mongosh code.
import { describe, expect, test } from "bun:test";
import { decide } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("a database dropped or wiped another way", () => {
  test.each([
    "psql -v q='DROP DATABASE prod' -c ':q'",
    "psql --set=q='DROP TABLE users' -c ':q'",
    "psql -v q='DROP DATABASE prod' <<< ':q'",
    "psql <<'SQL'\n\\set t users\nTRUNCATE :\"t\";\nSQL",
    "echo 'DROP DATABASE prod' | psql -c '\\i /dev/stdin'",
    'psql -c "PREPARE p AS DELETE FROM users; EXECUTE p"',
    'psql -c "PREPARE p (int) AS DROP TABLE t"',
    'psql -c "MERGE INTO users u USING t ON true WHEN MATCHED THEN DELETE"',
    "mongosh --eval 'db[\"dropDatabase\"]()'",
    "mongosh --eval \"db.users['drop']()\"",
  ])("%s", (input) => expect(decide(input).decision).not.toBe("continue"));

  test("a method chosen at run time cannot be judged", () => {
    expect(decide("mongosh --eval 'db[x]()'").reason).toContain("a method chosen at run time");
  });

  test.each([
    "psql -v id=7 -c 'SELECT * FROM users WHERE id = :id'",
    'psql -c "PREPARE q AS SELECT 1; EXECUTE q"',
    'psql -c "MERGE INTO users u USING t ON u.id = t.id WHEN MATCHED THEN UPDATE SET name = t.name WHEN NOT MATCHED THEN INSERT VALUES (t.id, t.name)"',
    "mongosh --eval 'db[\"users\"].find()'",
  ])("%s continues", (input) => expect(decide(input).decision).toBe("continue"));
});
