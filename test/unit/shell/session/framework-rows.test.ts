// Frameworks run project files by convention: the command names none, the
// framework's layout says which one runs. Each file is read in its language,
// a migration for the direction its command runs, a SQL migration as the
// statements it sends; a command that runs none of them reads nothing.
import { describe, expect, test } from "bun:test";
import { neededBy, projectView, ranFrom, withListings } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const q = (line: string) => JSON.stringify(line);
const ran = (input: string, files: Record<string, string>) => ranFrom(input, withListings(input, files)).join("\n");
/** The statement kinds the input's commands send to a database. */
const sent = (input: string, files: Record<string, string>) =>
  projectView(input, withListings(input, files))
    .commands.flatMap((command) => command.code.flatMap((code) => code.statements ?? []))
    .map((statement) => statement.kind);

const RUNNERS: ReadonlyArray<{ run: string; files: (line: string) => Record<string, string> }> = [
  { run: "python manage.py sync_assets", files: (line) => ({ "app/management/commands/sync_assets.py": `import os\nos.system(${q(line)})\n` }) },
  { run: "./manage.py sync_assets", files: (line) => ({ "shop/app/management/commands/sync_assets.py": `import os\nos.system(${q(line)})\n` }) },
  { run: "django-admin sync_assets --settings=shop.settings", files: (line) => ({ "app/management/commands/sync_assets.py": `import os\nos.system(${q(line)})\n` }) },
  { run: "python manage.py migrate", files: (line) => ({ "app/migrations/0002_data.py": `import os\ndef run(apps, editor):\n    os.system(${q(line)})\n` }) },
  {
    run: "php artisan cache:warm",
    files: (line) => ({
      "app/Console/Commands/Warm.php": `<?php\nclass Warm extends Command {\n  protected $signature = 'cache:warm';\n  public function handle() { system(${q(line)}); }\n}\n`,
    }),
  },
  { run: "php artisan report:send", files: (line) => ({ "routes/console.php": `<?php\nArtisan::command('report:send', function () { system(${q(line)}); });\n` }) },
  {
    run: "php bin/console app:sync",
    files: (line) => ({ "src/Command/Sync.php": `<?php\n#[AsCommand(name: 'app:sync')]\nclass Sync extends Command { function execute() { system(${q(line)}); } }\n` }),
  },
  { run: "bin/rails runner script/fix.rb", files: (line) => ({ "script/fix.rb": `system(${q(line)})\n` }) },
  { run: "rake data:backfill", files: (line) => ({ "lib/tasks/data.rake": `namespace :data do\n  task backfill: :environment do\n    system(${q(line)})\n  end\nend\n` }) },
  { run: "mix ecto.migrate", files: (line) => ({ "priv/repo/migrations/1_x.exs": `defmodule M do\n  def change do\n    System.cmd("sh", ["-c", ${q(line)}])\n  end\nend\n` }) },
  { run: "mix run priv/repo/seeds.exs", files: (line) => ({ "priv/repo/seeds.exs": `System.cmd("sh", ["-c", ${q(line)}])\n` }) },
  {
    run: "flask sync-users",
    files: (line) => ({ "app.py": `import os\nfrom flask import Flask\napp = Flask(__name__)\n\n@app.cli.command("sync-users")\ndef sync_users():\n    os.system(${q(line)})\n` }),
  },
  { run: "flask --app shop seed-demo", files: (line) => ({ "shop/cli.py": `import os, click\n\n@click.command()\ndef seed_demo():\n    os.system(${q(line)})\n` }) },
  {
    run: "php bin/console doctrine:migrations:migrate --no-interaction",
    files: (line) => ({
      "migrations/Version20261206.php": `<?php\nfinal class Version20261206 extends AbstractMigration {\n  public function up(Schema $s): void { system(${q(line)}); }\n  public function down(Schema $s): void { }\n}\n`,
    }),
  },
  {
    run: "dotnet ef database update",
    files: (line) => ({
      "Migrations/20261206_Init.cs": `public partial class Init : Migration {\n  protected override void Up(MigrationBuilder m) {\n    System.Diagnostics.Process.Start("sh", "-c \\"${line}\\"");\n  }\n  protected override void Down(MigrationBuilder m) { }\n}\n`,
    }),
  },
  {
    run: "npx kysely migrate:latest",
    files: (line) => ({
      "migrations/1_x.ts": `import { execSync } from "node:child_process";\nexport async function up(db) {\n  execSync(${q(line)});\n}\nexport async function down(db) {}\n`,
    }),
  },
  {
    run: "./gradlew run",
    files: (line) => ({
      "src/main/java/app/Main.java": `class Main { public static void main(String[] a) throws Exception { new ProcessBuilder("sh", "-c", ${q(line)}).start(); } }\n`,
    }),
  },
  {
    run: "mvn -q exec:java -Dexec.mainClass=app.Main",
    files: (line) => ({
      "src/main/java/app/Main.java": `class Main { public static void main(String[] a) throws Exception { new ProcessBuilder("sh", "-c", ${q(line)}).start(); } }\n`,
    }),
  },
  {
    run: "pdm run sync",
    files: (line) => ({
      "pyproject.toml": '[tool.pdm.scripts]\nsync = { call = "app.tasks:sync" }\n',
      "src/app/tasks.py": `import os\n\ndef sync():\n    os.system(${q(line)})\n`,
    }),
  },
  { run: "mix app.sync", files: (line) => ({ "lib/mix/tasks/sync.ex": `defmodule Mix.Tasks.App.Sync do\n  def run(_), do: System.cmd("sh", ["-c", ${q(line)}])\nend\n` }) },
];

describe("files frameworks run by convention", () => {
  test.each(RUNNERS)("$run reads what it runs, harmful and harmless alike", ({ run, files }) => {
    expect(ran(run, files("rm -rf /home/ada/work"))).toContain("rm /home/ada/work");
    expect(ran(run, files("mkdir -p build/cache"))).toContain("mkdir build/cache");
  });

  test("a command of another name, or the framework's own, runs none of the project's command files", () => {
    const warm = {
      "app/Console/Commands/Warm.php":
        "<?php\nclass Warm extends Command {\n  protected $signature = 'cache:warm';\n  public function handle() { system('rm -rf /home/ada/work'); }\n}\n",
    };
    expect(ran("php artisan cache:cool", warm)).not.toContain("rm /home/ada/work");
    expect(ran("php artisan cache:warmer", warm)).not.toContain("rm /home/ada/work");
    expect(neededBy("php artisan route:list").join(" ")).not.toContain("Console/Commands");
    expect(neededBy("python manage.py runserver").join(" ")).not.toContain("management/commands");
    expect(neededBy("python manage.py makemigrations").join(" ")).not.toContain("migrations/");
    expect(neededBy("python app.py migrate").join(" ")).not.toContain("migrations/");
    expect(neededBy("rails routes").join(" ")).not.toContain("lib/tasks");
    expect(neededBy("mix compile").join(" ")).not.toContain("lib/mix/tasks");
    expect(neededBy("mix phx.server").join(" ")).not.toContain("lib/mix/tasks");
    expect(neededBy("dbmate status").join(" ")).not.toContain("db/migrations");
    expect(neededBy("flask run --debug").join(" ")).not.toContain("app.py");
    expect(ran("flask other-command", { "app.py": '@app.cli.command("sync-users")\ndef sync_users():\n    os.system("rm -rf /home/ada/work")\n' })).not.toContain(
      "rm /home/ada/work",
    );
  });

  test("a rake task is read where a .rake file declares it, not from every .rake file", () => {
    const tasks = { "lib/tasks/other.rake": "task :nuke do\n  system('rm -rf /home/ada/work')\nend\n" };
    expect(ran("rake data:backfill", tasks)).not.toContain("rm /home/ada/work");
    expect(ran("rake nuke", tasks)).toContain("rm /home/ada/work");
  });
});

describe("a migration command runs one direction", () => {
  const knex = {
    "migrations/1_users.js": "exports.up = (knex) => knex.schema.createTable('users', (t) => { t.increments(); });\nexports.down = (knex) => knex.schema.dropTable('users');\n",
  };

  test("migrating up does not run the down that drops what the up made; rolling back does", () => {
    expect(sent("npx knex migrate:latest", knex)).not.toContain("drop");
    expect(sent("npx knex migrate:rollback", knex)).toContain("drop");
    const laravel = {
      "database/migrations/x.php":
        "<?php\nreturn new class extends Migration {\n  public function up(): void { Schema::create('a', fn ($t) => $t->id()); }\n  public function down(): void { system('rm -rf /home/ada/work'); }\n};\n",
    };
    expect(ran("php artisan migrate", laravel)).not.toContain("rm /home/ada/work");
    expect(ran("php artisan migrate:rollback", laravel)).toContain("rm /home/ada/work");
    const alembic = {
      "alembic.ini": "[alembic]\nscript_location = migrations\n",
      "migrations/versions/a.py": "import os\ndef upgrade():\n    pass\n\ndef downgrade():\n    os.system('rm -rf /home/ada/work')\n",
    };
    expect(ran("alembic upgrade head", alembic)).not.toContain("rm /home/ada/work");
    expect(ran("alembic downgrade -1", alembic)).toContain("rm /home/ada/work");
  });

  test("code an up runs is judged as ever", () => {
    const raw = { "migrations/1_purge.js": "exports.up = async (knex) => { require('child_process').execSync('rm -rf /home/ada/work'); };\nexports.down = async () => {};\n" };
    expect(ran("npx knex migrate:latest", raw)).toContain("rm /home/ada/work");
  });
});

describe("SQL migrations send their statements", () => {
  const url = "postgres://admin@db.example.com/app";
  const dbmate = (up: string, down: string) => ({ "db/migrations/1_x.sql": `-- migrate:up\n${up}\n-- migrate:down\n${down}\n` });

  test("the up section on up, the down section on rollback", () => {
    expect(sent(`dbmate --url ${url} up`, dbmate("TRUNCATE orders;", ""))).toContain("truncate");
    expect(sent(`dbmate --url ${url} up`, dbmate("CREATE TABLE t (id int);", "DROP TABLE t;"))).not.toContain("drop");
    expect(sent(`dbmate --url ${url} rollback`, dbmate("CREATE TABLE t (id int);", "DROP TABLE t;"))).not.toContain("drop");
    expect(sent(`dbmate --url ${url} rollback`, dbmate("CREATE INDEX i ON t (a);", "DROP TABLE users;"))).toContain("drop");
  });

  test("each tool's layout: markers, or a file per direction", () => {
    expect(sent(`goose -dir db postgres "${url}" up`, { "db/1_x.sql": "-- +goose Up\nDROP TABLE users;\n-- +goose Down\n" })).toContain("drop");
    expect(sent(`goose -dir db postgres "${url}" up`, { "db/1_x.sql": "-- +goose Up\nSELECT 1;\n-- +goose Down\nDROP TABLE users;\n" })).not.toContain("drop");
    const split = { "migrations/1_x.up.sql": "CREATE TABLE t (id int);\n", "migrations/1_x.down.sql": "DROP TABLE users;\n" };
    expect(sent(`migrate -path migrations -database ${url} up`, split)).not.toContain("drop");
    expect(sent(`migrate -path migrations -database ${url} down`, split)).toContain("drop");
    expect(sent(`sqlx migrate run --database-url ${url}`, split)).not.toContain("drop");
    expect(sent(`diesel migration run --database-url ${url}`, { "migrations/1_x/up.sql": "DELETE FROM audit;\n", "migrations/1_x/down.sql": "SELECT 1;\n" })).toContain(
      "delete-all",
    );
    expect(sent("flyway migrate", { "sql/V2__x.sql": "DROP TABLE users;\n" })).toContain("drop");
    expect(sent("npx prisma migrate deploy", { "prisma/migrations/1_x/migration.sql": "DROP TABLE users;\n" })).toContain("drop");
    expect(sent("sqitch deploy", { "deploy/x.sql": "TRUNCATE users;\n", "revert/x.sql": "DROP TABLE t;\n" })).toEqual(expect.arrayContaining(["truncate"]));
  });
});
