// Where a database reset's line names no server, the project's own config
// for its default environment says whether the database is local: every
// target found local (and none naming production, staging or another
// host) tags the command database-local; otherwise it stays untagged.
import { describe, expect, test } from "bun:test";
import type { KnownFile } from "../../../../src/shell/view/files.ts";
import { type GivenFiles, neededBy, projectView } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

/** Every config file the table may ask for, absent unless given. */
const CONFIG_PATHS = [
  ".env",
  ".env.local",
  ".env.development",
  ".env.development.local",
  "config/database.yml",
  "config/dev.exs",
  "prisma/schema.prisma",
  "schema.prisma",
  "Makefile",
  "makefile",
  "GNUmakefile",
  "compose.yaml",
  "compose.yml",
  "docker-compose.yml",
  "docker-compose.yaml",
];
const ABSENT: KnownFile = { absent: true };

function tagsOf(input: string, files: GivenFiles, name: string): string[] {
  const all: GivenFiles = { ...Object.fromEntries(CONFIG_PATHS.map((path) => [path, ABSENT])), ...files };
  return projectView(input, all).commands.find((command) => command.name === name)?.tags ?? [];
}

const PRISMA_SCHEMA = 'datasource db {\n  provider = "postgresql"\n  url      = env("DATABASE_URL")\n}\n';
const RAILS_YML = (development: string) =>
  `default: &default\n  adapter: postgresql\n  pool: 5\n\ndevelopment:\n  <<: *default\n${development}\nproduction:\n  <<: *default\n  host: shop-db.c1.eu-west-1.rds.amazonaws.com\n`;

describe("a reset's database found in the project's config", () => {
  test.each<[string, string, GivenFiles, boolean]>([
    [
      "prisma: the schema's variable at localhost in .env",
      "prisma",
      { "prisma/schema.prisma": PRISMA_SCHEMA, ".env": "DATABASE_URL=postgresql://app:pw@localhost:5432/shop_dev?schema=public\n" },
      true,
    ],
    [
      "prisma: the schema's variable at a managed server",
      "prisma",
      { "prisma/schema.prisma": PRISMA_SCHEMA, ".env": "DATABASE_URL=postgresql://app:pw@shop.cluster-x.eu-west-1.rds.amazonaws.com/shop\n" },
      false,
    ],
    [
      "prisma: a local .env.local beside a remote .env",
      "prisma",
      { "prisma/schema.prisma": PRISMA_SCHEMA, ".env": "DATABASE_URL=postgres://localhost/shop\n", ".env.local": "SHADOW_DATABASE_URL=postgres://db.internal.example/shadow\n" },
      false,
    ],
    [
      "prisma: a remote server in one dotenv file that a later one in the table names local again",
      "prisma",
      {
        "prisma/schema.prisma": PRISMA_SCHEMA,
        ".env.local": "DATABASE_URL=postgres://orders.db.example.net/orders\n",
        ".env.development": "DATABASE_URL=postgres://127.0.0.1/orders\n",
      },
      false,
    ],
    ["laravel: the same key twice in one file, the first remote", "php", { ".env": "DB_HOST=10.20.0.7\nDB_HOST=localhost\n" }, false],
    ["laravel: SQLite in .env, another connection in .env.local", "php", { ".env": "DB_CONNECTION=sqlite\n", ".env.local": "DB_CONNECTION=pgsql\n" }, false],
    ["prisma: the schema's variable set nowhere", "prisma", { "prisma/schema.prisma": PRISMA_SCHEMA, ".env": "PORT=3000\n" }, false],
    ["rails: development on localhost", "rails", { "config/database.yml": RAILS_YML("  database: shop_development\n  host: localhost") }, true],
    ["rails: development with no host (the local socket)", "rails", { "config/database.yml": RAILS_YML("  database: shop_development") }, true],
    ["rails: development's ERB falls back to localhost", "rails", { "config/database.yml": RAILS_YML('  host: <%= ENV.fetch("DB_HOST") { "127.0.0.1" } %>') }, true],
    ["rails: development on a shared server", "rails", { "config/database.yml": RAILS_YML("  host: pg.internal.example") }, false],
    ["rails: no config at all", "rails", {}, false],
    ["laravel: DB_HOST on loopback", "php", { ".env": "APP_ENV=local\nDB_CONNECTION=mysql\nDB_HOST=127.0.0.1\nDB_DATABASE=shop\n" }, true],
    ["laravel: an SQLite connection", "php", { ".env": "DB_CONNECTION=sqlite\n" }, true],
    ["laravel: DB_HOST on a production server", "php", { ".env": "DB_HOST=mysql-prod.internal\n" }, false],
    ["ecto: dev.exs names localhost", "mix", { "config/dev.exs": 'config :shop, Shop.Repo,\n  username: "postgres",\n  hostname: "localhost",\n  database: "shop_dev"\n' }, true],
    ["make: the Makefile's environment defaults to dev", "make", { Makefile: "ENV ?= dev\ndb-reset:\n\t./bin/reset $(ENV)\n" }, true],
    ["make: the Makefile's environment defaults to production", "make", { Makefile: "ENV ?= production\ndb-reset:\n\t./bin/reset $(ENV)\n" }, false],
    [
      "a compose service as the host",
      "npm",
      { ".env": "DATABASE_URL=postgres://app@postgres:5432/app\n", "docker-compose.yml": "services:\n  web:\n    build: .\n  postgres:\n    image: postgres:16\n" },
      true,
    ],
    ["a plain host no compose file declares", "npm", { ".env": "DATABASE_URL=postgres://app@pgbox:5432/app\n", "docker-compose.yml": "services:\n  web:\n    build: .\n" }, false],
  ])("%s", (_name, program, files, local) => {
    const input = {
      prisma: "npx prisma migrate reset --force",
      rails: "bin/rails db:reset",
      php: "php artisan migrate:fresh",
      mix: "mix ecto.reset",
      make: "make db-reset",
      npm: "npm run db:reset",
    }[program]!;
    expect(tagsOf(input, files, program === "php" ? "php" : program).includes("database-local")).toBe(local);
  });

  test("the files are asked for only by a destructive verb, and compose only for a plain host", () => {
    expect(neededBy("npx prisma migrate reset")).toEqual(expect.arrayContaining(["prisma/schema.prisma?", ".env?"]));
    expect(neededBy("npx prisma generate")).not.toContain(".env?");
    expect(neededBy("bin/rails db:migrate")).not.toContain("config/database.yml?");
    expect(
      neededBy("npm run db:reset", { ".env": "DATABASE_URL=postgres://localhost/app\n", ".env.local": ABSENT, ".env.development": ABSENT, ".env.development.local": ABSENT }),
    ).not.toContain("docker-compose.yml?");
  });

  test("a server or environment the input sets before the command, or only the run knows, is never taken for local", () => {
    const files = { ".env": "DATABASE_URL=postgres://localhost/shop\nDB_HOST=127.0.0.1\n", "prisma/schema.prisma": PRISMA_SCHEMA };
    for (const [input, name] of [
      ["export DATABASE_URL=postgres://orders.db.example.net/orders && npx prisma migrate reset --force", "prisma"],
      ['DATABASE_URL="$(vault kv get -field=url kv/orders)" npx prisma migrate reset --force', "prisma"],
      ["APP_ENV=local DB_HOST=$ORDERS_HOST php artisan migrate:fresh", "php"],
      ["export APP_ENV=production; php artisan migrate:fresh", "php"],
      ["read -r DB_HOST < deploy/host.txt; php artisan migrate:fresh", "php"],
      ["npx dotenv -e deploy/orders.env -- npx prisma migrate reset --force", "prisma"],
      ["direnv exec ./ops/eu npx prisma migrate reset --force", "prisma"],
    ] as const)
      expect(tagsOf(input, files, name)).not.toContain("database-local");
    expect(tagsOf("export DATABASE_URL=postgres://localhost/shop && npx prisma migrate reset --force", files, "prisma")).toContain("database-local");
  });

  test("a line that names production or staging is never taken for local, whatever the project says", () => {
    const files = { ".env": "DATABASE_URL=postgres://localhost/app\n" };
    for (const [input, name] of [
      ["npx knex migrate:rollback --all --env production", "knex"],
      ["APP_ENV=staging php artisan migrate:fresh", "php"],
    ] as const) {
      expect(tagsOf(input, files, name)).not.toContain("database-local");
      expect(tagsOf(input, files, name)).toContain("database-shared-reset");
    }
    expect(tagsOf("./scripts/deploy.sh production", files, "deploy.sh")).not.toContain("database-shared-reset");
  });
});
