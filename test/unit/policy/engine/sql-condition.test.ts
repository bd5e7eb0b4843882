// The `sql` condition key: a rule selects statements by what they do. In
// `when` some statement must be of the kinds; in `unless` every one must.
// The person asked sees the statement, and the schema describes each kind.
import { describe, expect, test } from "bun:test";
import { STATEMENT_KIND_NAMES } from "../../../../src/shell/view/statements.ts";
import { policyJsonSchema } from "../../../../src/cli/schema.ts";
import { decide, policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const policy = policyOf(`version = 1
[[rule]]
id = "wipes"
tool = "bash"
when = { sql = ["drop", "truncate", "delete-all"] }
decision = "block"
reason = "No wiping"

[[rule]]
id = "writes-need-a-person"
tool = "bash"
when = { command = "psql" }
unless = { sql = ["select"] }
decision = "confirm"
`);

describe("sql in when: some statement is of the kinds", () => {
  test("DROP, TRUNCATE or DELETE without WHERE, wherever they are in the input", () => {
    expect(decide("psql -c 'SELECT 1; DROP TABLE t'", policy)).toMatchObject({ decision: "block", rule: "wipes" });
    expect(decide("mysql <<< 'truncate t'", policy)).toMatchObject({ decision: "block", rule: "wipes" });
    expect(decide("redis-cli flushall", policy)).toMatchObject({ decision: "block", rule: "wipes" });
  });

  test("the reason names the statement that matched", () => {
    expect(decide("psql shop <<'SQL'\nSELECT 1;\nDELETE FROM users;\nSQL", policy).reason).toContain("[statement delete-all: DELETE FROM users]");
  });

  test("a command with no database statements never matches", () => {
    expect(decide("echo 'DROP TABLE t'", policy).decision).toBe("continue");
  });
});

describe("sql in unless: every statement is of the kinds", () => {
  test("only reads: excepted", () => {
    expect(decide("psql -c 'SELECT 1; SHOW search_path'", policy).decision).toBe("continue");
  });

  test("a read and a write: not excepted", () => {
    expect(decide('psql -c "SELECT 1; INSERT INTO t VALUES (1)"', policy)).toMatchObject({ decision: "confirm", rule: "writes-need-a-person" });
  });

  test("no statements at all: not excepted", () => {
    expect(decide("psql -l", policy).decision).toBe("confirm");
  });
});

describe("the schema", () => {
  test("an unknown kind is an error that lists the kinds", () => {
    expect(() => policyOf('version = 1\n[[rule]]\nid = "x"\nwhen = { sql = ["drop", "nuke"] }\ndecision = "block"\n')).toThrow(/sql.*expected one of "select"/s);
  });

  test("every kind is offered to editors with its description", () => {
    const text = JSON.stringify(JSON.parse(policyJsonSchema()));
    for (const kind of STATEMENT_KIND_NAMES) expect(text).toContain(`{"const":"${kind}","description":`);
  });
});
