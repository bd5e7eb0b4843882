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
    "mongosh mongodb://mongo-1.internal.example/shop --eval 'db[\"dropDatabase\"]()'",
    "mongosh mongodb://mongo-1.internal.example/shop --eval \"db.users['drop']()\"",
  ])("%s", (input) => expect(decide(input).decision).not.toBe("continue"));

  // One psql session runs its -c and -f texts in order; a variable one sets is there for the next (issue 26).
  test.each([
    `psql -c "\\set q 'DROP TABLE users'" -c ':q'`,
    `psql -c "\\set t users" -c 'TRUNCATE :"t"'`,
    `psql -v x=1 -c "\\set q 'DROP DATABASE prod'" -c 'SELECT 1' -c ':q'`,
    `printf ':q' > run.sql && psql -c "\\set q 'DELETE FROM users'" -f run.sql`,
    `printf "\\\\set q 'DROP SCHEMA app CASCADE'\\n" > vars.sql && psql -f vars.sql -c ':q'`,
    `psql --command="\\set q 'DROP TABLE users'" --command=':q'`,
  ])("a variable set by one -c or -f and used by a later one: %s", (input) => expect(decide(input).decision).not.toBe("continue"));

  test.each([`psql -c "\\set id 7" -c 'SELECT * FROM users WHERE id = :id'`, `printf 'SELECT :n' > q.sql && psql -c '\\set n 1' -f q.sql`])(
    "a harmless variable carried from one -c to the next continues: %s",
    (input) => expect(decide(input).decision).toBe("continue"),
  );

  test("a variable set after its use does not reach back", () => {
    expect(decide(`psql -c ':q' -c "\\set q 'DROP TABLE users'"`).decision).toBe("continue");
  });

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
