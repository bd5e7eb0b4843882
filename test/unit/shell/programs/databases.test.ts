// Database clients in the shell view: the SQL (redis, mongo) they run is
// found wherever the input gives it — an option, an argument, stdin, a
// heredoc, a file the input wrote — and recorded with its statements.
import { describe, expect, test } from "bun:test";
import { SHELL_LIMITS } from "../../../../src/limits.ts";
import { analyzeShell } from "../../../../src/shell/analyze.ts";
import { programTable } from "../../../../src/shell/programs/table.ts";
import type { SimpleCommand } from "../../../../src/shell/view/view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const context = { home: "/home/ada", programs: programTable(), limits: SHELL_LIMITS, clock: { now: () => 0 } };
const view = (input: string) => analyzeShell(input, context);
const named = (input: string, name: string): SimpleCommand => {
  const found = view(input).commands.find((command) => command.name === name);
  expect(found).toBeDefined();
  return found!;
};
const statements = (input: string, name: string) => named(input, name).code.flatMap((code) => (code.statements ?? []).map((statement) => `${statement.kind}: ${statement.text}`));

describe("where the SQL comes from", () => {
  test.each([
    ["psql -c 'DROP TABLE users'", "psql"],
    ["psql --command='DROP TABLE users'", "psql"],
    ["mysql -u root -e 'DROP TABLE users' shop", "mysql"],
    ["sqlite3 app.db 'DROP TABLE users'", "sqlite3"],
    ["duckdb x.duckdb -c 'DROP TABLE users'", "duckdb"],
    ["clickhouse-client --query 'DROP TABLE users'", "clickhouse-client"],
    ["cockroach sql --insecure -e 'DROP TABLE users'", "cockroach"],
    ["sqlcmd -S db -Q 'DROP TABLE users'", "sqlcmd"],
    ["echo 'DROP TABLE users' | psql", "psql"],
    ["psql shop <<'SQL'\nDROP TABLE users;\nSQL", "psql"],
    ["cat > /tmp/x.sql <<'EOF'\nDROP TABLE users;\nEOF\npsql -f /tmp/x.sql", "psql"],
    ["printf 'DROP TABLE users' > q.sql && mysql shop < q.sql", "mysql"],
  ])("%s", (input, client) => {
    expect(statements(input, client)).toEqual(["drop: DROP TABLE users"]);
  });

  test("a client reached through sudo, bash -c and an interpreter is still read", () => {
    expect(statements("sudo -u postgres psql -c 'TRUNCATE t'", "psql")).toEqual(["truncate: TRUNCATE t"]);
    expect(statements(`bash -c "psql -c 'TRUNCATE t'"`, "psql")).toEqual(["truncate: TRUNCATE t"]);
    expect(statements(`python3 -c "import subprocess; subprocess.run(['psql', '-c', 'TRUNCATE t'])"`, "psql")).toEqual(["truncate: TRUNCATE t"]);
  });

  test("SQL with run-time values is judged by its known structure", () => {
    const command = named('psql -c "DELETE FROM t WHERE id = $ID"', "psql");
    expect(command.code[0]!.statements?.map((statement) => statement.kind)).toEqual(["delete"]);
    expect(view('psql -c "DELETE FROM t WHERE id = $ID"').unresolved).toEqual([]);
    expect(view('psql -c "$QUERY"').unresolved).toHaveLength(1);
  });

  test("a script the input did not write is not visible, and not a problem", () => {
    expect(named("psql -f db/seed.sql", "psql").code).toEqual([]);
    expect(view("psql -f db/seed.sql").unresolved).toEqual([]);
  });

  test("the client's commands become commands of their own", () => {
    const found = view(`sqlite3 app.db '.shell rm -rf ~'`).commands.find((command) => command.name === "rm");
    expect(found).toMatchObject({ paths: ["/home/ada"], via: ["sqlite3 (.shell)"] });
  });
});

describe("redis-cli and mongosh", () => {
  test("redis-cli's arguments are one redis command; its host is a destination", () => {
    const command = named("redis-cli -h cache.internal -p 6380 CONFIG SET dir /tmp", "redis-cli");
    expect(command.code).toMatchObject([{ language: "redis", text: "CONFIG SET dir /tmp" }]);
    expect(command.network).toEqual([{ host: "cache.internal", port: 6380 }]);
  });

  test("redis commands on stdin, one a line", () => {
    expect(statements("printf 'GET a\\nFLUSHDB\\n' | redis-cli", "redis-cli")).toEqual(["select: GET a", "delete-all: FLUSHDB"]);
  });

  test("mongosh --eval", () => {
    expect(statements("mongosh mongodb://db/shop --eval 'db.orders.deleteMany({})'", "mongosh")).toEqual(["delete-all: db.orders.deleteMany({})"]);
  });
});

describe("package runners", () => {
  test("yarn and pnpm run a package's tools by name; their own commands stay subcommands", () => {
    expect(named("yarn prisma migrate reset", "prisma")).toMatchObject({ operands: ["migrate", "reset"], via: ["yarn"] });
    expect(named("pnpm exec prisma migrate reset", "prisma").via).toEqual(["pnpm exec"]);
    expect(named("pnpm install --frozen-lockfile", "pnpm").subcommand).toEqual(["install"]);
    expect(named("npm publish --tag next", "npm")).toMatchObject({ subcommand: ["publish"], tags: ["publish"], operands: ["publish", "next"] });
  });

  test("a subcommand the tables do not describe reads its operands like an unknown program", () => {
    expect(named("cargo frobnicate ~/.ssh/id_rsa", "cargo").reads).toEqual(["/home/ada/.ssh/id_rsa"]);
  });
});

describe("the database file", () => {
  test("sqlite3 and duckdb read the file they open (and write it: it is created when missing)", () => {
    expect(named("sqlite3 ~/.config/app/store.db 'select * from t'", "sqlite3")).toMatchObject({
      reads: ["/home/ada/.config/app/store.db"],
      writes: ["/home/ada/.config/app/store.db"],
    });
    expect(named("duckdb data.duckdb -c 'select 1'", "duckdb").reads).toEqual(["data.duckdb"]);
  });
});
