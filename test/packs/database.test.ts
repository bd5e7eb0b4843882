// builtin:database under the default policy: destructive statements, admin
// tools and migration resets are asked about; reads and ordinary writes pass.
import { describe, expect, test } from "bun:test";
import { decide } from "../support/decide.ts";
import { setTestLimit } from "../support/test-limit.ts";

setTestLimit();

describe("asked about", () => {
  test.each([
    ["psql -c 'DROP TABLE users'", "database-destructive-statement"],
    ["PGPASSWORD=x psql -h db -U app -c 'truncate orders'", "database-destructive-statement"],
    ["mysql shop -e 'UPDATE accounts SET balance = 0'", "database-destructive-statement"],
    ["sqlite3 app.db 'ALTER TABLE users DROP COLUMN email'", "database-destructive-statement"],
    ["sqlite3 ~/Library/Application\\ Support/notes/dev.db 'DELETE FROM notes'", "database-destructive-statement"],
    ["valkey-cli -h cache-1.internal.example FLUSHDB", "database-destructive-statement"],
    ["echo 'db.users.drop()' | mongosh mongodb+srv://cluster0.ab12c.mongodb.net/shop", "database-destructive-statement"],
    ["mysql -h 127.0.0.1 -D shop_production -e 'TRUNCATE carts'", "database-destructive-statement"],
    ["redis-cli -h 10.0.4.12 FLUSHALL", "database-destructive-statement"],
    ["dropdb shop_dev", "database-drop-command"],
    ["mariadb-admin -uroot drop shop", "database-drop-command"],
    ["yarn prisma migrate reset", "database-migration-reset"],
    ["bundle exec rake db:reset", "database-migration-reset"],
    ["./manage.py flush --no-input", "database-migration-reset"],
    ["poetry run python manage.py migrate shop zero", "database-migration-reset"],
    ["npx typeorm schema:drop -d src/data-source.ts", "database-migration-reset"],
    ['goose postgres "$DSN" reset', "database-migration-reset"],
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
    'psql -c "UPDATE users SET verified = true WHERE id = 4"',
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
    // Wipes of the developer's own database, shown local on the line: a project SQLite file, a client whose default
    // server is this machine (redis-cli, mongosh), a loopback host, a test or development environment named.
    "sqlite3 db/test.sqlite3 'ALTER TABLE users DROP COLUMN email'",
    "valkey-cli FLUSHDB",
    "echo 'db.users.drop()' | mongosh shop",
    "dropdb -h 127.0.0.1 --if-exists shop",
    "MIX_ENV=test mix ecto.reset",
    "npx knex seed:run --env development && npx drizzle-kit drop --config drizzle.config.ts --env local",
  ])("%s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

describe("round 2: deletes of keys only the run knows, key ranges, restores over data", () => {
  test.each([
    ["redis-cli --scan --pattern '*' | xargs redis-cli del", "database-delete-unseen-keys"],
    ["redis-cli -n 2 KEYS 'session:*' | xargs -r redis-cli -n 2 DEL", "database-delete-unseen-keys"],
    ["redis-cli --scan --pattern 'cache:*' | xargs -L 500 valkey-cli unlink", "database-delete-unseen-keys"],
    ["redis-cli del $(redis-cli keys 'tmp:*')", "database-delete-unseen-keys"],
    ["for k in $(redis-cli keys 'q:*'); do redis-cli del \"$k\"; done", "database-delete-unseen-keys"],
    ["redis-cli EVAL \"return redis.call('del', unpack(redis.call('keys', ARGV[1])))\" 0 'sess:*'", "database-delete-unseen-keys"],
    ["valkey-cli eval \"for _,k in ipairs(redis.call('SCAN', 0, 'MATCH', 'tmp:*')[2]) do redis.call('UNLINK', k) end\" 0", "database-delete-unseen-keys"],
    ['etcdctl del "" --prefix', "database-key-range-delete"],
    ["ETCDCTL_API=3 etcdctl --endpoints=https://10.0.0.2:2379 del /registry --prefix", "database-key-range-delete"],
    ["etcdctl del a --from-key", "database-key-range-delete"],
    ["etcdctl rm --recursive /services", "database-key-range-delete"],
    ["consul kv delete -recurse app/", "database-key-range-delete"],
    ["consul kv delete -recurse", "database-key-range-delete"],
    ["pg_restore --clean --if-exists -d app_prod prod.dump", "database-restore-over"],
    ["pg_restore -c -d app latest.dump", "database-restore-over"],
    ['mongorestore --drop --uri "$MONGO_URL" dump/', "database-restore-over"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });

  test.each([
    "redis-cli --scan --pattern 'session:*' | head -20",
    "redis-cli KEYS 'user:*' | wc -l",
    "redis-cli --scan --pattern 'q:*' | xargs redis-cli ttl",
    "redis-cli del lock:deploy",
    "redis-cli EVAL \"return redis.call('del', KEYS[1])\" 1 lock:deploy",
    "etcdctl get /config --prefix",
    "etcdctl del /config/feature-x",
    "etcdctl put /config/x 1",
    "consul kv get -keys app/",
    "consul kv delete app/flags/beta",
    "pg_restore --no-owner -d app_dev dump.dump",
    'mongorestore --uri "$MONGO_URL" dump/',
  ])("passes: %s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

describe("SQL and wipes the client reads another way: stdin as a file, framework consoles, code", () => {
  test.each([
    ["psql -f /dev/stdin <<< 'DROP TABLE users'", "database-destructive-statement"],
    ["psql -d shop -f - <<'SQL'\nTRUNCATE orders;\nSQL", "database-destructive-statement"],
    ["npx prisma db execute --stdin <<< 'DROP TABLE \"User\"'", "database-destructive-statement"],
    ["echo 'DELETE FROM sessions;' > wipe.sql && pnpm prisma db execute --file wipe.sql --schema prisma/schema.prisma", "database-destructive-statement"],
    ["bin/rails dbconsole <<< 'DROP TABLE users;'", "database-destructive-statement"],
    ["rails runner 'Order.delete_all'", "database-wipe-in-code"],
    ["bin/rails r 'Session.unscoped.destroy_all'", "database-wipe-in-code"],
    ["rails runner 'ActiveRecord::Base.connection.drop_table(:users)'", "database-wipe-in-code"],
    ["bin/rails c <<< 'User.destroy_all'", "database-wipe-in-code"],
    ["python manage.py shell -c 'from shop.models import Order; Order.objects.all().delete()'", "database-wipe-in-code"],
    ["python3 -c \"import sqlite3; c = sqlite3.connect('app.db'); c.execute('drop table users')\"", "database-wipe-in-code"],
    ["python -c 'from app import db; db.drop_all()'", "database-wipe-in-code"],
    ["node -e \"const {PrismaClient}=require('@prisma/client'); new PrismaClient().user.deleteMany()\"", "database-wipe-in-code"],
    ["psql -c 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database()'", "database-terminate-sessions"],
  ])("%s", (input, rule) => {
    expect(decide(input)).toMatchObject({ decision: "confirm", rule });
  });

  test.each([
    "redis-cli CONFIG SET dir /home/ada/.ssh",
    "redis-cli -h 10.0.0.5 config set dbfilename authorized_keys",
    "valkey-cli CONFIG SET dir /var/spool/cron/crontabs",
    "printf 'CONFIG SET logfile /etc/cron.d/x\\n' | redis-cli",
  ])("blocked: %s", (input) => {
    expect(decide(input)).toMatchObject({ decision: "block", rule: "database-redis-file-write" });
  });

  test.each([
    "rails runner 'puts User.count'",
    "bin/rails runner 'User.where(created_at: ..1.year.ago).delete_all'",
    "rails runner scripts/backfill.rb",
    "rails db:migrate",
    "rails server -p 3000",
    "rails generate model Order total:decimal",
    "python manage.py shell -c 'print(User.objects.count())'",
    "python manage.py shell -c 'Session.objects.filter(expired=True).delete()'",
    "npx prisma db execute --stdin <<< 'SELECT 1'",
    "npx prisma migrate dev --name init",
    "npx prisma generate",
    "redis-cli CONFIG GET maxmemory",
    "redis-cli CONFIG SET maxmemory 512mb",
    "psql -c 'SELECT pid, state FROM pg_stat_activity'",
    "python3 -c \"import sqlite3; print(sqlite3.connect('app.db').execute('select count(*) from users').fetchone())\"",
  ])("passes: %s", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});
