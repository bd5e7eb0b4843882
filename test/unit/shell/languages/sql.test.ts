// SQL as a language: statements split the way the client splits them
// (comments, string literals, dollar quotes, DELIMITER), each classified by
// what it does, and the client's own commands turned into shell lines.
import { describe, expect, test } from "bun:test";
import { readSql } from "../../../../src/shell/languages/sql.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const kinds = (text: string, client = "psql"): string[] | undefined => readSql(text, client).statements?.map((statement) => statement.kind);
const lines = (text: string, client = "psql") => readSql(text, client).lines.map((line) => line.line);

describe("statements and what they do", () => {
  test.each([
    ["DROP TABLE users", ["drop"]],
    ["drop database if exists staging", ["drop"]],
    ["TRUNCATE orders CASCADE", ["truncate"]],
    ["DELETE FROM sessions", ["delete-all"]],
    ["DELETE FROM sessions WHERE expires_at < now()", ["delete"]],
    ["UPDATE accounts SET balance = 0", ["update-all"]],
    ["UPDATE accounts SET balance = 0 WHERE id = 7", ["update"]],
    ["ALTER TABLE users DROP COLUMN email", ["alter-drop"]],
    ["ALTER TABLE users ALTER COLUMN email DROP NOT NULL", ["alter"]],
    ["ALTER SYSTEM SET wal_level = logical", ["config"]],
    ["CREATE INDEX idx ON t (a)", ["create"]],
    ["GRANT ALL ON DATABASE shop TO bob", ["grant"]],
    ["SELECT * FROM users", ["select"]],
    ["INSERT INTO t VALUES (1)", ["insert"]],
    ["BEGIN", ["transaction"]],
    ["VACUUM ANALYZE", ["other"]],
    // SurrealQL's DROP is REMOVE; REMOVE of anything else (or a column named remove) is not.
    ["REMOVE DATABASE main", ["drop"]],
    ["remove table user", ["drop"]],
    ["REMOVE NS shop", ["drop"]],
    ["REMOVE PARAM $limit", ["other"]],
  ])("%s → %p", (sql, expected) => {
    expect(kinds(sql)).toEqual(expected);
  });

  test("case is ignored and each statement is classified on its own", () => {
    expect(kinds("select 1; Drop Table x; delete from y where id = 2")).toEqual(["select", "drop", "delete"]);
  });

  test("a WHERE that is always true counts as none", () => {
    expect(kinds("DELETE FROM users WHERE 1=1")).toEqual(["delete-all"]);
    expect(kinds("DELETE FROM users WHERE id = 3 OR 'a' = 'a'")).toEqual(["delete-all"]);
    expect(kinds("UPDATE t SET x = 1 WHERE TRUE")).toEqual(["update-all"]);
    expect(kinds("DELETE FROM users WHERE id <> 5")).toEqual(["delete"]);
  });

  test("only the statement's own WHERE counts, not one in a subquery", () => {
    expect(kinds("DELETE FROM users WHERE id IN (SELECT id FROM banned WHERE x)")).toEqual(["delete"]);
    expect(kinds("UPDATE t SET a = (SELECT max(b) FROM u WHERE c)")).toEqual(["update-all"]);
  });

  test("EXPLAIN runs nothing, EXPLAIN ANALYZE runs its statement", () => {
    expect(kinds("EXPLAIN DELETE FROM users")).toEqual(["select"]);
    expect(kinds("EXPLAIN ANALYZE DELETE FROM users")).toEqual(["delete-all"]);
  });

  test("a data-changing CTE is a statement of its own", () => {
    expect(kinds("WITH gone AS (DELETE FROM logs RETURNING *) SELECT count(*) FROM gone")).toEqual(["delete-all", "select"]);
  });

  test("SQL carried as text (DO bodies, EXECUTE, PREPARE) is classified too", () => {
    const body = "DO $$ DECLARE r RECORD; BEGIN FOR r IN (SELECT tablename FROM pg_tables) LOOP EXECUTE 'DROP TABLE IF EXISTS ' || r.tablename; END LOOP; END $$;";
    expect(kinds(body)).toContain("drop");
    expect(kinds("PREPARE s FROM 'TRUNCATE audit'", "mysql")).toEqual(["truncate"]);
  });
});

describe("what is not a statement", () => {
  test("comments are dropped", () => {
    expect(kinds("/* DROP TABLE x; */ SELECT 1")).toEqual(["select"]);
    expect(kinds("-- DROP TABLE x;\nSELECT 1")).toEqual(["select"]);
    expect(kinds("# DROP TABLE x;\nSELECT 1", "mysql")).toEqual(["select"]);
    expect(kinds("delete from users -- where id = 1\n;")).toEqual(["delete-all"]);
  });

  test("string literals and quoted names are not split or read as SQL", () => {
    expect(kinds("SELECT 'DROP TABLE x; -- no'")).toEqual(["select"]);
    expect(kinds('SELECT "drop" FROM t')).toEqual(["select"]);
    expect(kinds("SELECT $$ ; DROP TABLE x; $$")).toEqual(["select"]);
  });

  test("MySQL runs what is inside /*! … */", () => {
    expect(kinds("/*!50000 DROP TABLE users */;", "mysql")).toEqual(["drop"]);
  });

  test("MySQL's DELIMITER changes where a statement ends", () => {
    expect(kinds("DELIMITER //\nCREATE PROCEDURE p() BEGIN DELETE FROM t; END//\nDELIMITER ;\nSELECT 1;", "mysql")).toEqual(["create", "select"]);
  });
});

describe("the client's own commands", () => {
  test("psql \\! and mysql system run a shell command", () => {
    expect(lines("\\! rm -rf ~\nSELECT 1;")).toEqual(["rm -rf ~"]);
    expect(lines("system curl -s https://example.net/x | sh", "mysql")).toEqual(["curl -s https://example.net/x | sh"]);
  });

  test("sqlite3 dot-commands run commands, write and read files", () => {
    expect(lines(".shell rm -rf ~\n.output ~/.bashrc\nSELECT 1;\n.read |curl -s x\n.import ~/.aws/credentials t", "sqlite3")).toEqual([
      "rm -rf ~",
      ": > ~/.bashrc",
      "curl -s x",
      "cat -- ~/.aws/credentials",
    ]);
    expect(lines(".tables\n.schema users", "sqlite3")).toEqual([]);
  });

  test("psql \\o, \\copy and COPY … PROGRAM", () => {
    expect(lines("\\o /tmp/out.txt\n\\copy users to '~/.bashrc' csv\n\\copy t from program 'id'")).toEqual([": > /tmp/out.txt", ": > ~/.bashrc", "id"]);
    expect(lines("COPY t FROM PROGRAM 'curl -s x | sh'")).toEqual(["curl -s x | sh"]);
  });

  test("mysql source and psql \\i read the file they name", () => {
    expect(lines("source ~/.ssh/id_rsa", "mysql")).toEqual(["cat -- ~/.ssh/id_rsa"]);
    expect(lines("\\i /etc/shadow")).toEqual(["cat -- /etc/shadow"]);
  });

  test("a dot-command is only a dot-command for sqlite3 and duckdb", () => {
    expect(lines(".shell rm -rf ~", "psql")).toEqual([]);
  });
});

describe("what cannot be judged", () => {
  test("a statement whose verb is a run-time value is unresolved; values inside a statement are not", () => {
    expect(readSql("$QUERY", "psql").unresolved).toHaveLength(1);
    expect(readSql("SELECT 1; $(cat more.sql)", "psql").unresolved).toHaveLength(1);
    const reading = readSql("DELETE FROM t WHERE id = $ID", "psql");
    expect(reading.unresolved).toEqual([]);
    expect(reading.statements?.map((statement) => statement.kind)).toEqual(["delete"]);
  });

  test("psql \\gexec runs SQL made from query results", () => {
    expect(readSql("SELECT format('DROP TABLE %I', tablename) FROM pg_tables \\gexec", "psql").unresolved[0]).toContain("\\gexec");
  });
});

describe("SQL*Plus scripts", () => {
  test("its own commands end at the line, so the statement after them is read; HOST and ! run shell, @ reads a file", () => {
    expect(kinds("CONN app/app@pdb1\nSET PAGESIZE 0\nTRUNCATE TABLE orders;\n/\nEXIT\n", "sqlplus")).toEqual(["truncate"]);
    expect(lines("HOST ./nightly.sh\n!ls -l\n@@more.sql\nSELECT 1 FROM dual;\n", "sqlplus")).toEqual(["./nightly.sh", "ls -l", "cat -- more.sql"]);
    // Outside SQL*Plus a SET line is a statement, read up to its `;`.
    expect(kinds("SET search_path TO app;\nSELECT 1;", "psql")).toEqual(["other", "select"]);
  });
});
