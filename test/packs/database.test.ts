// builtin:database under the default policy: destructive statements, admin
// tools and migration resets are asked about; reads and ordinary writes pass.
import { describe, expect, test } from "bun:test";
import { decide } from "../support/decide.ts";

describe("asked about", () => {
  test.each([
    ["psql -c 'DROP TABLE users'", "database-destructive-statement"],
    ["PGPASSWORD=x psql -h db -U app -c 'truncate orders'", "database-destructive-statement"],
    ["mysql shop -e 'UPDATE accounts SET balance = 0'", "database-destructive-statement"],
    ["sqlite3 app.db 'ALTER TABLE users DROP COLUMN email'", "database-destructive-statement"],
    ["valkey-cli FLUSHDB", "database-destructive-statement"],
    ["echo 'db.users.drop()' | mongosh shop", "database-destructive-statement"],
    ["dropdb shop_dev", "database-drop-command"],
    ["mariadb-admin -uroot drop shop", "database-drop-command"],
    ["yarn prisma migrate reset", "database-migration-reset"],
    ["bundle exec rake db:reset", "database-migration-reset"],
    ["./manage.py flush --no-input", "database-migration-reset"],
    ["poetry run python manage.py migrate shop zero", "database-migration-reset"],
    ["npx typeorm schema:drop -d src/data-source.ts", "database-migration-reset"],
    ["goose postgres \"$DSN\" reset", "database-migration-reset"],
    ["php artisan migrate:fresh --seed", "database-migration-reset"],
    ["dotnet ef database drop --force", "database-migration-reset"],
    ["mix ecto.rollback --all", "database-migration-reset"],
    ["supabase db reset --linked", "database-migration-reset"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });

  test("the question shows the statement, even from a heredoc", () => {
    expect(decide("psql shop <<'SQL'\nDELETE FROM carts;\nSQL").reason).toContain("[statement delete-all: DELETE FROM carts]");
  });
});

describe("passes", () => {
  test.each([
    "psql -c 'SELECT * FROM users LIMIT 5'",
    "psql -c \"UPDATE users SET verified = true WHERE id = 4\"",
    "mysql -e 'CREATE TABLE t (id int)' shop",
    "sqlite3 app.db .tables",
    "redis-cli DEL session:42",
    "mongosh shop --eval 'db.users.countDocuments()'",
    "npx prisma migrate dev",
    "bin/rails db:migrate db:seed",
    "alembic downgrade -1",
    "knex migrate:rollback",
    "rg -n 'DROP TABLE' db/",
    "cat docs/DROP.md",
  ])("%s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});
