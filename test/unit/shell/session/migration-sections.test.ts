// A migration command runs one direction of each migration: the other
// direction's functions are cut out of what is judged, in every language the
// migration tools write, and a SQL file's sections are split by its markers.
import { describe, expect, test } from "bun:test";
import { DBMATE_MARKERS, GOOSE_MARKERS, runningPart, sqlSection, withoutOwnUndo } from "../../../../src/shell/session/migration-sections.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

/** Each language's migration: its up runs UP_CALL, its down DOWN_CALL. */
const MIGRATIONS: ReadonlyArray<{ language: string; shape: string; text: string }> = [
  { language: "node", shape: "knex arrows", text: "exports.up = (knex) => knex.schema.createTable('t', (t) => { UP_CALL(); });\nexports.down = (knex) => DOWN_CALL()\n" },
  { language: "node", shape: "knex functions", text: "exports.up = async function (knex) {\n  UP_CALL();\n};\n\nexports.down = async function (knex) {\n  DOWN_CALL();\n};\n" },
  {
    language: "node",
    shape: "sequelize methods",
    text: "module.exports = {\n  async up(queryInterface, Sequelize) {\n    UP_CALL();\n  },\n  async down(queryInterface) {\n    DOWN_CALL();\n  },\n};\n",
  },
  {
    language: "node",
    shape: "sequelize properties",
    text: "module.exports = {\n  up: async (queryInterface) => {\n    UP_CALL();\n  },\n  down: async (queryInterface) => DOWN_CALL(),\n};\n",
  },
  { language: "node", shape: "ES module functions", text: "export async function up(db) {\n  UP_CALL();\n}\n\nexport async function down(db) {\n  DOWN_CALL();\n}\n" },
  {
    language: "node",
    shape: "TypeORM class",
    text: "export class X implements MigrationInterface {\n  public async up(q: QueryRunner): Promise<void> {\n    UP_CALL();\n  }\n\n  public async down(q: QueryRunner): Promise<void> {\n    DOWN_CALL();\n  }\n}\n",
  },
  {
    language: "php",
    shape: "Laravel class",
    text: "<?php\nreturn new class extends Migration {\n    public function up(): void\n    {\n        UP_CALL();\n    }\n\n    public function down(): void\n    {\n        DOWN_CALL();\n    }\n};\n",
  },
  { language: "python", shape: "alembic revision", text: "def upgrade():\n    UP_CALL()\n\n\ndef downgrade():\n    DOWN_CALL()\n    if True:\n        DOWN_CALL()\n" },
  {
    language: "ruby",
    shape: "Rails migration",
    text: "class X < ActiveRecord::Migration[7.1]\n  def up\n    UP_CALL\n  end\n\n  def down\n    DOWN_CALL\n    [1].each do |x|\n      DOWN_CALL\n    end\n  end\nend\n",
  },
  { language: "elixir", shape: "Ecto migration", text: "defmodule M do\n  use Ecto.Migration\n  def up do\n    UP_CALL()\n  end\n\n  def down do\n    DOWN_CALL()\n  end\nend\n" },
];

const kept = (text: string) => [text.includes("UP_CALL") ? "up" : "", text.includes("DOWN_CALL") ? "down" : ""].filter(Boolean).join("+");

describe("the part of a migration a command runs", () => {
  test.each(MIGRATIONS)("$shape ($language): up runs the up, down the down, both both, none neither", ({ language, text }) => {
    expect(kept(runningPart(language, text, "up"))).toBe("up");
    expect(kept(runningPart(language, text, "down"))).toBe("down");
    expect(kept(runningPart(language, text, "both"))).toBe("up+down");
    expect(kept(runningPart(language, text, "none"))).toBe("");
  });

  test("lines stay where they were, so a finding's line number holds", () => {
    for (const { language, text } of MIGRATIONS) expect(runningPart(language, text, "up").split("\n").length).toBe(text.split("\n").length);
  });

  test("code outside the migration functions always runs, and a language without migrations is left whole", () => {
    expect(runningPart("node", "require('x').go();\nexports.down = () => DOWN_CALL();\n", "up")).toContain("require('x').go()");
    expect(runningPart("lua", "DOWN_CALL()", "up")).toBe("DOWN_CALL()");
  });
});

describe("a direction that reaches the other's code keeps it", () => {
  // The running part calls, names or is the other direction: blanking it would hide code that runs.
  test.each([
    ["node", "up", "exports.up = async (knex) => {\n  await exports.down(knex);\n};\nexports.down = (knex) => DOWN_CALL();\n"],
    ["node", "up", "exports.up = exports.down = (knex) => DOWN_CALL();\n"],
    ["node", "up", "async function down(q) {\n  DOWN_CALL();\n}\nmodule.exports = { up: down, down };\n"],
    ["node", "up", "module.exports = {\n  async up(q) {\n    return this.down(q);\n  },\n  async down(q) {\n    DOWN_CALL();\n  },\n};\n"],
    ["node", "none", "exports.down = (knex) => DOWN_CALL();\nexports.down();\n"],
    [
      "php",
      "up",
      "<?php\nreturn new class extends Migration {\n    public function up(): void\n    {\n        $this->down();\n    }\n    public function down(): void\n    {\n        DOWN_CALL();\n    }\n};\n",
    ],
    ["python", "up", "def upgrade():\n    downgrade()\n\n\ndef downgrade():\n    DOWN_CALL()\n"],
    ["ruby", "up", "class X < ActiveRecord::Migration[7.1]\n  def up\n    down\n  end\n\n  def down\n    DOWN_CALL\n  end\nend\n"],
    ["elixir", "up", "defmodule M do\n  use Ecto.Migration\n  def up do\n    down()\n  end\n\n  def down do\n    DOWN_CALL()\n  end\nend\n"],
  ])("%s, run %s", (language, direction, text) => {
    expect(runningPart(language, text, direction as "up" | "none")).toContain("DOWN_CALL");
  });

  test("a file of many calls and defs is cut once per function, whatever its size", () => {
    // Each start inside a function already cut is skipped: the file is scanned about once.
    const calls = `exports.down = (knex) => {\n${"  down();\n".repeat(20000)}};\nexports.up = () => UP_CALL();\n`;
    expect(kept(runningPart("node", calls, "up"))).toBe("up");
    const defs = `def upgrade():\n    UP_CALL()\n${"def downgrade():\n    DOWN_CALL()\n".repeat(10000)}`;
    expect(kept(runningPart("python", defs, "up"))).toBe("up");
    expect(kept(runningPart("ruby", "  def down\n    DOWN_CALL\n  end\n".repeat(10000), "up"))).toBe("");
  });

  test("a comment or a string naming the other direction does not", () => {
    const text = "// roll back with knex migrate:down\nexports.up = (knex) => knex.raw('select 1'); // see down below\nexports.down = (knex) => DOWN_CALL();\n";
    expect(runningPart("node", text, "up")).not.toContain("DOWN_CALL");
    expect(runningPart("python", "def upgrade():\n    # downgrade drops it again\n    UP_CALL()\n\n\ndef downgrade():\n    DOWN_CALL()\n", "up")).not.toContain("DOWN_CALL");
  });
});

describe("the sections of a SQL migration", () => {
  const dbmate = "-- migrate:up\nCREATE INDEX idx_a ON a (b);\n\n-- migrate:down\nDROP INDEX idx_a;\n";
  const goose = "-- +goose Up\nALTER TABLE users ADD COLUMN nickname text;\n-- +goose Down\nALTER TABLE users DROP COLUMN nickname;\n";

  test("each direction gets its own section", () => {
    expect(sqlSection(dbmate, DBMATE_MARKERS, "up").trim()).toBe("CREATE INDEX idx_a ON a (b);");
    expect(sqlSection(dbmate, DBMATE_MARKERS, "down").trim()).toBe("DROP INDEX idx_a;");
    expect(sqlSection(goose, GOOSE_MARKERS, "up").trim()).toBe("ALTER TABLE users ADD COLUMN nickname text;");
    expect(sqlSection(goose, GOOSE_MARKERS, "none")).toBe("");
  });

  test("a file without markers runs whole", () => {
    expect(sqlSection("DROP TABLE t;", DBMATE_MARKERS, "up")).toBe("DROP TABLE t;");
  });

  test("a down that undoes what its up made is left out; a drop of anything else stays", () => {
    expect(withoutOwnUndo("DROP INDEX idx_a;", "CREATE INDEX idx_a ON a (b);").trim()).toBe("");
    expect(withoutOwnUndo("ALTER TABLE users DROP COLUMN nickname;", "ALTER TABLE users ADD COLUMN nickname text;").trim()).toBe("");
    expect(withoutOwnUndo("DROP TABLE IF EXISTS invoices;", 'CREATE TABLE "invoices" (id int);').trim()).toBe("");
    expect(withoutOwnUndo("DROP TABLE users;", "CREATE INDEX idx_a ON a (b);")).toContain("DROP TABLE users");
    expect(withoutOwnUndo("DROP TABLE users;", "")).toContain("DROP TABLE users");
    // Only the one name the up made: a list drops others too, and a name made "if not exists" may have been there.
    expect(withoutOwnUndo("DROP TABLE users, accounts;", "CREATE TABLE users (id int);")).toContain("accounts");
    expect(withoutOwnUndo("DROP SCHEMA public CASCADE;", "CREATE SCHEMA IF NOT EXISTS public;")).toContain("DROP SCHEMA public");
    expect(withoutOwnUndo("DROP TABLE IF EXISTS invoices CASCADE;", "CREATE TABLE invoices (id int);").trim()).toBe("");
  });
});

describe("a Django migration run forwards", () => {
  test("RunSQL's reverse_sql and the reverse function RunPython names do not run", () => {
    const text =
      'from django.db import migrations\n\ndef forwards(apps, editor):\n    UP_CALL()\n\ndef backwards(apps, editor):\n    DOWN_CALL()\n\nclass Migration(migrations.Migration):\n    operations = [\n        migrations.RunSQL("CREATE TABLE t (id int)", reverse_sql="DROP TABLE t"),\n        migrations.RunPython(forwards, backwards),\n    ]\n';
    const forwards = runningPart("python", text, "up");
    expect(forwards).toContain("UP_CALL");
    expect(forwards).not.toContain("DOWN_CALL");
    expect(forwards).not.toContain("DROP TABLE t");
    expect(forwards).toContain("CREATE TABLE t");
    expect(runningPart("python", text, "both")).toContain("DROP TABLE t");
  });
});
