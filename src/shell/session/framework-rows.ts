// Frameworks that run project files by convention, one row each: the
// command names no file, the framework's layout says which one runs.
// `python manage.py sync_assets` runs app/management/commands/sync_assets.py,
// `php artisan cache:warm` the command class whose signature is cache:warm,
// `php bin/console app:sync` the Symfony command named so, `flask NAME` the
// click command the app registers, `rails runner FILE` and `rails TASK`
// (lib/tasks), `mix TASK` (lib/mix/tasks), `mix run FILE`, `mix
// ecto.migrate` (priv/repo/migrations), Doctrine, EF Core and Kysely
// migrations, `gradle run` and `mvn exec:java` the application's main
// code, and the SQL migration
// tools (dbmate, goose, golang-migrate, sqlx, diesel, flyway, prisma,
// drizzle, atlas, sqitch) their migration directories. Each file is found as
// any carrier's is (written in the session, else on disk under the project)
// and judged in its language; a migration only by the part its command runs
// (migration-sections.ts), SQL as the statements it sends to the database the
// line names.
import type { SimpleCommand } from "../view/view.ts";
import { type Direction, DBMATE_MARKERS, GOOSE_MARKERS, runningPart, type SqlMarkers, sqlSection, withoutOwnUndo } from "./migration-sections.ts";
import { JS, type Loaded, PYTHON, type Reading, type Row, relative } from "./file-rows.ts";
import { operandsOf, optionValue, shellWord, type Snippet } from "./snippet.ts";
import { codeSnippets } from "./test-runners.ts";

// ─── readings ─────────────────────────────────────────────────────────────

/**
 * Interpreters the file runs with, by the language its migrations are read in: run so, the file's code is what the
 * command carries, and the database pack's rules on code (a DROP in `op.execute`, `RunSQL`, `execute`) see it.
 */
const INTERPRETERS: Readonly<Record<string, string>> = { node: "node", php: "php", ruby: "ruby", python: "python3", elixir: "elixir" };

/** A migration (or seed) in `language`, judged by what `direction` runs of it. */
export function migrationReading(language: string, direction: Direction): Reading {
  const interpreter = INTERPRETERS[language];
  return {
    kind: "snippets",
    read: (path, content, via) => {
      const part = runningPart(language, content, direction);
      if (interpreter === undefined) return codeSnippets(language)(path, part, via);
      return [{ kind: "file", path, interpreter, via, ...(part === content ? {} : { part }) }];
    },
  };
}

/** A file read in full only when its text declares the name the command asked for (a command class, a task). */
function declaring(declares: (content: string) => boolean, reading: Reading): Reading {
  return {
    kind: "snippets",
    read: (path, content, via): Snippet[] => {
      if (!declares(content)) return [];
      if (reading.kind === "run") return [{ kind: "file", path, interpreter: reading.interpreter, via }];
      return reading.kind === "code" ? codeSnippets(reading.language)(path, content, via) : [];
    },
  };
}

const ELIXIR: Reading = { kind: "code", language: "elixir" };
const PHP_RUN: Reading = { kind: "run", interpreter: "php" };
const RUBY_RUN: Reading = { kind: "run", interpreter: "ruby" };

/** A name as a regular expression matching it literally. */
function literal(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

// ─── Django ───────────────────────────────────────────────────────────────

/** Where a Django project's apps sit: at the top, or one package down (`src/`, the project package). */
const DJANGO_APPS = ["*", "*/*"];

/** `python manage.py X` / `django-admin X`: the words after the script, when the command is Django's. */
function djangoWords(command: SimpleCommand, words: readonly string[]): readonly string[] | undefined {
  if (command.name === "manage.py" || command.name === "django-admin" || command.name === "django-admin.py") return words;
  return /(?:^|\/)manage\.py$/.test(words[0] ?? "") ? words.slice(1) : undefined;
}

/** Django's own commands: they run no project command module (migrate runs the migrations, below). */
const DJANGO_BUILTINS = new Set([
  ...["check", "compilemessages", "createcachetable", "dbshell", "diffsettings", "dumpdata", "flush", "inspectdb", "loaddata", "makemessages"],
  ...["makemigrations", "optimizemigration", "runserver", "sendtestemail", "shell", "showmigrations", "sqlflush", "sqlmigrate", "sqlsequencereset"],
  ...["squashmigrations", "startapp", "startproject", "test", "testserver", "changepassword", "createsuperuser", "collectstatic", "findstatic", "help"],
]);

function djangoFiles(command: SimpleCommand, words: readonly string[]): Loaded[] {
  const [verb, app] = djangoWords(command, words) ?? [];
  if (verb === undefined || !/^[\w-]+$/.test(verb)) return [];
  if (verb === "migrate") {
    // `migrate APP 0003` (a target) may run the migrations backwards, their reverse parts too; a bare migrate runs forwards.
    const apps = app !== undefined && /^\w+$/.test(app) ? [app, `*/${app}`] : DJANGO_APPS;
    const direction = djangoWords(command, words)!.length > 2 ? "both" : "up";
    return apps.map((dir) => ({ path: `${dir}/migrations/*.py`, reading: migrationReading("python", direction) }));
  }
  if (DJANGO_BUILTINS.has(verb)) return [];
  return DJANGO_APPS.map((dir) => ({ path: `${dir}/management/commands/${verb}.py`, reading: PYTHON }));
}

// ─── Laravel and Symfony ──────────────────────────────────────────────────

/** The command name a console line asks for: the first word after the console script (`artisan`, `bin/console`). */
function consoleCommand(command: SimpleCommand, words: readonly string[], script: RegExp): string | undefined {
  const rest = script.test(command.name) ? words : script.test(words[0] ?? "") ? words.slice(1) : undefined;
  const name = rest?.[0];
  return name !== undefined && /^[\w:.-]+$/.test(name) ? name : undefined;
}

const ARTISAN = /(?:^|\/)artisan$/;

/** The command a Symfony console line asks for (`php bin/console NAME`, `bin/console NAME`, `symfony console NAME`). */
function symfonyName(command: SimpleCommand, words: readonly string[]): string | undefined {
  return command.name === "symfony" ? (words[0] === "console" ? words[1] : undefined) : consoleCommand(command, words, SYMFONY_CONSOLE);
}
const SYMFONY_CONSOLE = /(?:^|\/)console$/;

/** A Laravel command class (`$signature = 'cache:warm {--force}'`, `#[AsCommand(name: 'cache:warm')]`) or a closure command (`Artisan::command('cache:warm', …)`). */
function laravelDeclares(name: string): (content: string) => boolean {
  const quoted = `['"]${literal(name)}(?:['"\\s{])`;
  return (content) =>
    new RegExp(`\\$signature\\s*=\\s*${quoted}|AsCommand\\s*\\(\\s*(?:name\\s*:\\s*)?${quoted}|Artisan::command\\s*\\(\\s*${quoted}|\\$name\\s*=\\s*${quoted}`).test(content);
}

/** A Symfony command (`#[AsCommand(name: 'app:sync')]`, `$defaultName = 'app:sync'`, `->setName('app:sync')`). */
function symfonyDeclares(name: string): (content: string) => boolean {
  const quoted = `['"]${literal(name)}['"|]`;
  return (content) => new RegExp(`AsCommand\\s*\\(\\s*(?:name\\s*:\\s*)?${quoted}|\\$defaultName\\s*=\\s*${quoted}|setName\\s*\\(\\s*${quoted}`).test(content);
}

/** Laravel's own commands that run no project command class (migrations and seeders are the artisan row's). */
const LARAVEL_OWN =
  /^(?:migrate(?::\w+)?|db:seed|db:wipe|serve|tinker|list|help|about|env|optimize(?::clear)?|config:\w+|route:\w+|view:\w+|cache:clear|event:\w+|make:\w+|key:generate|storage:link|vendor:publish|package:discover|queue:\w+|schedule:\w+)$/;

// ─── Rails and rake ───────────────────────────────────────────────────────

/** `rails runner FILE` (`r`): the file, when the operand is one (inline Ruby is the command's own code). */
function railsRunnerFiles(_command: SimpleCommand, words: readonly string[]): Loaded[] {
  const file = words[1];
  return file !== undefined && /\.rb$/.test(file) ? [{ path: relative(file), reading: RUBY_RUN }] : [];
}

/** Rails' and rake's own tasks of the db namespace and the server: what they load is the rails row's. */
const RAILS_OWN =
  /^(?:db:.*|server|s|console|c|runner|r|new|generate|g|destroy|d|routes|credentials:.*|test(?::.*)?|assets:.*|about|middleware|secret|stats|notes|dbconsole|initializers|log:clear|tmp:clear|zeitwerk:check|-T|--tasks)$/;

/** A task name (`data:backfill`): its last part is what `task :backfill` declares in a .rake file. */
function rakeDeclares(task: string): (content: string) => boolean {
  const last = literal(task.split(":").pop()!);
  return (content) => new RegExp(`\\btask\\s*\\(?\\s*(?::${last}\\b|["']${last}["']|${last}:)`).test(content);
}

// ─── Phoenix / Ecto and mix ───────────────────────────────────────────────

/** The directions of ecto's migration tasks. */
const ECTO_MIGRATES: Readonly<Record<string, Direction>> = { "ecto.migrate": "up", "ecto.rollback": "down", "ecto.migrations": "none", "ecto.setup": "up" };

function ectoFiles(command: SimpleCommand, words: readonly string[]): Loaded[] {
  const direction = ECTO_MIGRATES[words[0] ?? ""];
  if (direction === undefined) return [];
  const dir = optionValue(command.args, [], ["--migrations-path"]);
  const migrations = [{ path: dir === undefined ? "priv/repo/migrations/*.exs" : `${relative(dir)}/*.exs`, reading: migrationReading("elixir", direction) }];
  // Phoenix's ecto.setup runs the seeds after the migrations (its alias, when mix.exs says otherwise, is read there).
  return words[0] === "ecto.setup" ? [...migrations, { path: "priv/repo/seeds.exs", reading: ELIXIR }] : migrations;
}

/** `mix run FILE`: the script (mix run's `-e` code is the command's own). */
function mixRunFiles(_command: SimpleCommand, words: readonly string[]): Loaded[] {
  const file = words[1];
  return file !== undefined && /\.exs?$/.test(file) ? [{ path: relative(file), reading: ELIXIR }] : [];
}

/** A task name as its module (`app.sync` → Mix.Tasks.App.Sync, `gen_docs` → Mix.Tasks.GenDocs). */
function mixModule(task: string): string {
  return task
    .split(".")
    .map((part) =>
      part
        .split("_")
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(""),
    )
    .join(".");
}

/** mix's own tasks and the common libraries': a project task module is looked for only for other names. */
const MIX_OWN =
  /^(?:compile|run|test|deps\..*|ecto\..*|phx\..*|format|help|new|clean|release|archive\..*|escript\..*|hex\..*|local\..*|app\..*start|xref|profile\..*|do|cmd|credo|dialyzer|coveralls.*|docs)$/;

// ─── Flask, Doctrine, EF Core, Kysely ─────────────────────────────────────

/** Flask's own commands; any other name is a command the app registers (`@app.cli.command()`, a click group). */
const FLASK_OWN = new Set(["run", "shell", "routes", "db", "assets", "translate", "babel"]);

/** A click command of that name: `cli.command("sync-users")`, or a decorated function named `sync_users`. */
function flaskDeclares(name: string): (content: string) => boolean {
  const quoted = literal(name);
  const fn = literal(name.replaceAll("-", "_"));
  return (content) => new RegExp(`\\.command\\(\\s*(?:name\\s*=\\s*)?["']${quoted}["']|\\.command\\([^)]*\\)\\s*\\n(?:\\s*@[^\\n]*\\n)*\\s*def\\s+${fn}\\s*\\(`).test(content);
}

/** The command a flask line asks for, after the app and env-file options. */
function flaskCommand(command: SimpleCommand): string | undefined {
  return operandsOf(command.args, new Set(["--app", "-A", "--env-file", "-e"]))[0];
}

/** Where a Flask app (and the CLI commands it registers) lives by convention, FLASK_APP aside. */
const FLASK_FILES = ["app.py", "wsgi.py", "manage.py", "autoapp.py", "*/__init__.py", "*/app.py", "*/cli.py", "*/commands.py", "*/commands/*.py"];

/** The directions of Doctrine's migration commands (`--down` on execute runs a version's down). */
function doctrineDirection(command: SimpleCommand, name: string): Direction | undefined {
  if (!/^(?:doctrine:migrations:|d:m:)/.test(name)) return undefined;
  const verb = name.replace(/^(?:doctrine:migrations:|d:m:)/, "");
  if (verb === "migrate" || verb === "mig") return command.args.some((arg) => /^(?:prev|first)$/.test(arg)) ? "down" : "up";
  if (verb === "execute" || verb === "exec") return command.args.includes("--down") ? "down" : "up";
  return undefined;
}

/** kysely-ctl's migrate verbs. */
const KYSELY_DIRECTIONS: Readonly<Record<string, Direction>> = {
  "migrate:latest": "up",
  "migrate:up": "up",
  "migrate:down": "down",
  "migrate:rollback": "down",
  "migrate:list": "none",
};

// ─── SQL migration tools ──────────────────────────────────────────────────

/** What each verb of a SQL migration tool runs. */
type SqlTool = {
  what: string;
  programs: readonly string[];
  /** The direction of the verb the words name (several words for `migrate run`, `migration redo`), or undefined when it runs no migration. */
  direction: (words: readonly string[]) => Direction | undefined;
  /** The migration files, given the line. */
  files: (command: SimpleCommand, words: readonly string[]) => readonly string[];
  /** How the files hold the two directions: markers in one file, or one file per direction by name. */
  split: SqlMarkers | { up: RegExp; down: RegExp; byName: true };
  /** The database the line names (URL or DSN), when it names one. */
  target: (command: SimpleCommand, words: readonly string[]) => string | undefined;
};

/** A file name no migration has: the tool keeps no down migrations. */
const NOTHING = /(?!)/;

/** The direction of the first word that is one of the tool's verbs (options and their values may come before it). */
const byVerb = (verbs: Readonly<Record<string, Direction>>) => (words: readonly string[]) => {
  const verb = words.find((word) => Object.hasOwn(verbs, word));
  return verb === undefined ? undefined : verbs[verb];
};

/** The URL in an option or in a variable the line sets for the command (`DATABASE_URL=… dbmate up`). */
function urlFrom(command: SimpleCommand, options: readonly string[], variables: readonly string[]): string | undefined {
  const long = options.filter((option) => option.startsWith("--"));
  const given = optionValue(command.args, options, long);
  if (given !== undefined) return given;
  for (const name of variables) {
    const value = command.environment?.[name];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** goose's arguments: `goose [-dir D] DRIVER DBSTRING VERB` (the driver and DSN may come from GOOSE_DRIVER/GOOSE_DBSTRING). */
const GOOSE_VERBS: Readonly<Record<string, Direction>> = {
  up: "up",
  "up-by-one": "up",
  "up-to": "up",
  down: "down",
  "down-to": "down",
  redo: "both",
  status: "none",
  validate: "none",
};

function gooseVerb(words: readonly string[]): string | undefined {
  return words.find((word) => word in GOOSE_VERBS);
}

const SQL_TOOLS: readonly SqlTool[] = [
  {
    what: "dbmate",
    programs: ["dbmate"],
    direction: byVerb({ up: "up", migrate: "up", rollback: "down", down: "down" }),
    files: (command) => [`${relative(optionValue(command.args, ["-d"], ["--migrations-dir"]) ?? "db/migrations")}/*.sql`],
    split: DBMATE_MARKERS,
    target: (command) => urlFrom(command, ["-u", "--url"], ["DATABASE_URL"]),
  },
  {
    what: "goose",
    programs: ["goose"],
    direction: (words) => GOOSE_VERBS[gooseVerb(words) ?? ""],
    files: (command) => [`${relative(optionValue(command.args, ["-dir"], ["-dir", "--dir"]) ?? command.environment?.GOOSE_MIGRATION_DIR ?? ".")}/*.sql`],
    split: GOOSE_MARKERS,
    target: (command, words) => {
      const verb = words.indexOf(gooseVerb(words) ?? "");
      return verb >= 2 ? words[verb - 1] : command.environment?.GOOSE_DBSTRING;
    },
  },
  {
    what: "migrate",
    programs: ["migrate"],
    direction: byVerb({ up: "up", down: "down", goto: "both" }),
    files: (command) => {
      const source = optionValue(command.args, ["-path", "-source"], ["-path", "--path", "-source", "--source"]);
      return [`${relative((source ?? "migrations").replace(/^file:\/\//, ""))}/*.sql`];
    },
    split: { up: /\.up\.sql$/, down: /\.down\.sql$/, byName: true },
    target: (command) => urlFrom(command, ["-database"], ["DATABASE_URL"]) ?? optionValue(command.args, [], ["-database", "--database"]),
  },
  {
    what: "sqlx migrate",
    programs: ["sqlx"],
    direction: (words) => (words[0] === "migrate" ? ({ run: "up", revert: "down" } as const)[words[1] as "run" | "revert"] : undefined),
    files: (command) => [`${relative(optionValue(command.args, [], ["--source"]) ?? "migrations")}/*.sql`],
    split: { up: /(?<!\.down)\.sql$/, down: /\.down\.sql$/, byName: true },
    target: (command) => urlFrom(command, ["-D", "--database-url"], ["DATABASE_URL"]),
  },
  {
    what: "diesel migration",
    programs: ["diesel"],
    direction: (words) => (words[0] === "migration" ? ({ run: "up", revert: "down", redo: "both" } as const)[words[1] as "run" | "revert" | "redo"] : undefined),
    files: (command) => [`${relative(optionValue(command.args, [], ["--migration-dir"]) ?? "migrations")}/*/*.sql`],
    split: { up: /\/up\.sql$/, down: /\/down\.sql$/, byName: true },
    target: (command) => urlFrom(command, ["--database-url"], ["DATABASE_URL"]),
  },
  {
    what: "flyway",
    programs: ["flyway"],
    direction: byVerb({ migrate: "up", undo: "down" }),
    files: (command) => {
      const locations = optionValue(command.args, [], ["-locations", "--locations"]);
      const dirs = locations ? locations.split(",").map((place) => place.replace(/^filesystem:/, "")) : ["sql", "db/migration", "src/main/resources/db/migration"];
      return dirs.filter((dir) => !dir.startsWith("classpath:")).map((dir) => `${relative(dir)}/*.sql`);
    },
    split: { up: /(?:^|\/)[VR][^/]*\.sql$/, down: /(?:^|\/)U[^/]*\.sql$/, byName: true },
    target: (command) => optionValue(command.args, [], ["-url", "--url"]),
  },
  {
    what: "prisma migrate",
    programs: ["prisma"],
    direction: (words) => (words[0] === "migrate" && (words[1] === "deploy" || words[1] === "dev") ? "up" : undefined),
    files: () => ["prisma/migrations/*/migration.sql"],
    split: { up: /\.sql$/, down: NOTHING, byName: true },
    target: () => undefined,
  },
  {
    what: "drizzle-kit migrate",
    programs: ["drizzle-kit"],
    direction: byVerb({ migrate: "up" }),
    files: (command) => [`${relative(optionValue(command.args, [], ["--out"]) ?? "drizzle")}/*.sql`],
    split: { up: /\.sql$/, down: NOTHING, byName: true },
    target: () => undefined,
  },
  {
    what: "atlas migrate apply",
    programs: ["atlas"],
    direction: (words) => (words[0] === "migrate" && words[1] === "apply" ? "up" : undefined),
    files: (command) => [`${relative((optionValue(command.args, [], ["--dir"]) ?? "migrations").replace(/^file:\/\//, ""))}/*.sql`],
    split: { up: /\.sql$/, down: NOTHING, byName: true },
    target: (command) => optionValue(command.args, ["-u"], ["--url"]),
  },
  {
    what: "sqitch",
    programs: ["sqitch"],
    direction: byVerb({ deploy: "up", rebase: "both", revert: "down" }),
    files: () => ["deploy/*.sql", "revert/*.sql"],
    split: { up: /(?:^|\/)deploy\/[^/]*\.sql$/, down: /(?:^|\/)revert\/[^/]*\.sql$/, byName: true },
    target: (command, words) => optionValue(command.args, [], ["--target"]) ?? words.find((word) => word.includes("://")),
  },
];

/**
 * The statements a SQL migration sends, as the client line that sends them to the database the line names:
 * psql for a URL, sqlite3 for a file, psql with an unknown URL when the line names none (the tool's own config or
 * environment picks it; a destroying statement there is asked about).
 */
function clientLine(given: string | undefined, sql: string): string {
  const statements = sql.trim();
  // JDBC's and sqitch's prefixes (`jdbc:postgresql://…`, `db:pg://…`) before the URL a client takes.
  const target = given?.replace(/^(?:jdbc|db):/, "").replace(/^pg:/, "postgresql:");
  if (target !== undefined && /^(?:sqlite3?:(?:\/\/)?)?[\w./-]+\.(?:db|sqlite3?)$/.test(target))
    return `sqlite3 ${shellWord(target.replace(/^sqlite3?:(?:\/\/)?/, ""))} ${shellWord(statements)}`;
  const url =
    target === undefined
      ? '"$DATABASE_URL"'
      : shellWord(/^[\w+]+:\/\//.test(target) ? target.replace(/^(?:postgres(?:ql)?|mysql|mariadb|pgx|sqlserver|clickhouse)(?=:)/, "postgresql") : target);
  return `psql ${url} -c ${shellWord(statements)}`;
}

/** A SQL migration file read for the part the direction runs. */
function sqlReading(tool: SqlTool, direction: Direction, target: string | undefined): Reading {
  return {
    kind: "snippets",
    read: (path, content, via) => {
      const split = tool.split;
      let sql: string;
      if ("byName" in split) {
        const runs = (direction !== "down" && split.up.test(path)) || ((direction === "down" || direction === "both") && split.down.test(path));
        sql = runs ? content : "";
      } else {
        const up = sqlSection(content, split, "up");
        const down = withoutOwnUndo(sqlSection(content, split, "down"), up);
        sql = direction === "up" ? up : direction === "down" ? down : direction === "both" ? `${down}\n${up}` : "";
      }
      return sql.trim() === "" ? [] : [{ kind: "shell", text: clientLine(target, sql), via }];
    },
  };
}

function sqlRow(tool: SqlTool): Row {
  return {
    what: tool.what,
    programs: tool.programs,
    when: (_command, words) => tool.direction(words) !== undefined,
    files: (command, words) => {
      const direction = tool.direction(words)!;
      const reading = sqlReading(tool, direction, tool.target(command, words));
      return tool.files(command, words).map((path) => ({ path, reading }));
    },
  };
}

// ─── the rows ─────────────────────────────────────────────────────────────

export const FRAMEWORK_ROWS: readonly Row[] = [
  {
    what: "django (management commands and migrations)",
    programs: ["python", "python3", "py", "manage.py", "django-admin", "django-admin.py"],
    when: (command, words) => djangoWords(command, words) !== undefined,
    files: djangoFiles,
  },
  {
    what: "artisan (the project's console commands)",
    programs: ["php", "artisan"],
    when: (command, words) => {
      const name = consoleCommand(command, words, ARTISAN);
      return name !== undefined && !LARAVEL_OWN.test(name);
    },
    files: (command, words) => {
      const reading = declaring(laravelDeclares(consoleCommand(command, words, ARTISAN)!), PHP_RUN);
      return ["app/Console/Commands/**/*.php", "routes/console.php", "app/Console/Kernel.php"].map((path) => ({ path, reading }));
    },
  },
  {
    what: "symfony console (the project's commands)",
    programs: ["php", "console", "symfony"],
    when: (command, words) => {
      const name = symfonyName(command, words);
      return (
        name !== undefined &&
        /^[\w.-]+:[\w:.-]+$/.test(name) &&
        !/^(?:cache|debug|doctrine|assets|config|lint|router|secrets|server|messenger|make|translation|about|list|help):/.test(name)
      );
    },
    files: (command, words) => {
      const name = symfonyName(command, words)!;
      return [{ path: "src/Command/**/*.php", reading: declaring(symfonyDeclares(name), PHP_RUN) }];
    },
  },
  {
    what: "rails runner",
    programs: ["rails"],
    when: (_command, words) => words[0] === "runner" || words[0] === "r",
    files: railsRunnerFiles,
  },
  {
    what: "rake tasks (lib/tasks)",
    programs: ["rails", "rake"],
    when: (_command, words) => words[0] !== undefined && /^[\w:-]+$/.test(words[0]) && !RAILS_OWN.test(words[0]),
    files: (_command, words) => [{ path: "lib/tasks/**/*.rake", reading: declaring(rakeDeclares(words[0]!), RUBY_RUN) }],
  },
  { what: "ecto migrations", programs: ["mix"], when: (_command, words) => (words[0] ?? "") in ECTO_MIGRATES, files: ectoFiles },
  { what: "mix run", programs: ["mix"], when: (_command, words) => words[0] === "run", files: mixRunFiles },
  {
    what: "mix tasks (lib/mix/tasks)",
    programs: ["mix"],
    when: (_command, words) => words[0] !== undefined && /^[a-z][\w.]*$/.test(words[0]) && !MIX_OWN.test(words[0]),
    files: (_command, words) => {
      const module = literal(mixModule(words[0]!));
      return [{ path: "lib/mix/tasks/**/*.ex", reading: declaring((content) => new RegExp(`defmodule\\s+Mix\\.Tasks\\.${module}\\s+do`).test(content), ELIXIR) }];
    },
  },
  {
    what: "flask (the app's CLI commands)",
    programs: ["flask"],
    when: (command) => {
      const name = flaskCommand(command);
      return name !== undefined && /^[\w-]+$/.test(name) && !FLASK_OWN.has(name);
    },
    files: (command) => {
      const reading = declaring(flaskDeclares(flaskCommand(command)!), PYTHON);
      return FLASK_FILES.map((path) => ({ path, reading }));
    },
  },
  {
    what: "doctrine migrations",
    programs: ["php", "console", "symfony"],
    when: (command, words) => doctrineDirection(command, symfonyName(command, words) ?? "") !== undefined,
    files: (command, words) => {
      const reading = migrationReading("php", doctrineDirection(command, symfonyName(command, words)!)!);
      return ["migrations/*.php", "src/Migrations/*.php"].map((path) => ({ path, reading }));
    },
  },
  {
    what: "ef core migrations",
    programs: ["dotnet", "dotnet-ef"],
    // `dotnet ef database update [MIGRATION]`: a named earlier migration runs the Down of those after it.
    when: (command, words) => {
      const ef = command.name === "dotnet" ? words.slice(1) : words;
      return (command.name === "dotnet-ef" || words[0] === "ef") && ef[0] === "database" && ef[1] === "update";
    },
    files: (command, words) => {
      const ef = command.name === "dotnet" ? words.slice(1) : words;
      const direction: Direction = ef[2] === undefined ? "up" : "both";
      const reading: Reading = { kind: "snippets", read: (path, content, via) => codeSnippets("csharp")(path, runningPart("csharp", content, direction), via) };
      return ["Migrations/*.cs", "*/Migrations/*.cs", "src/*/Migrations/*.cs"].map((path) => ({ path, reading }));
    },
  },
  {
    what: "kysely migrations",
    programs: ["kysely"],
    when: (_command, words) => (words[0] ?? "") in KYSELY_DIRECTIONS,
    files: (_command, words) => [{ path: `{migrations,src/migrations,db/migrations}/*.${JS}`, reading: migrationReading("node", KYSELY_DIRECTIONS[words[0]!]!) }],
  },
  {
    what: "the application's main code (gradle run, mvn exec:java)",
    programs: ["gradle", "gradlew", "mvn", "mvnw"],
    // The application plugin's `run`, Spring Boot's `bootRun`/`spring-boot:run`, exec-maven-plugin's `exec:java`.
    when: (_command, words) => words.some((word) => /^(?:run|bootRun|:?[\w-]+:(?:run|bootRun)|exec:java|spring-boot:run|quarkus:dev|quarkusDev)$/.test(word)),
    files: () => [
      { path: "src/main/java/**/*.java", reading: { kind: "code", language: "java" } },
      { path: "src/main/kotlin/**/*.kt", reading: { kind: "code", language: "kotlin" } },
    ],
  },
  ...SQL_TOOLS.map(sqlRow),
];
