// Database clients: where the SQL (or redis commands, or mongo shell code)
// they run comes from — an option (`psql -c`, `mysql -e`, `mongosh --eval`),
// an argument (`sqlite3 app.db 'DROP …'`, `redis-cli FLUSHALL`), stdin (a
// heredoc, a pipe), or a file (`psql -f x.sql`, judged when the input wrote
// it) — and where they connect. The statements are read by languages/sql.ts,
// redis.ts and mongo.ts; rules match them with `sql = [...]`. Key-value
// stores without a statement language (etcd, Consul) have their verbs here,
// so a rule can tell `del KEY` from `del "" --prefix`.
import { LOADS_LIBRARY, libraryOptions } from "./library-loads.ts";
import type { OptionRole, ProgramSpec } from "./spec.ts";

/** How every PostgreSQL client names the server and the user. */
const PG_CONNECTION: Record<string, OptionRole> = { "-h": "host", "--host": "host", "-p": "port", "--port": "port", "-U": "value", "--username": "value" };

const PSQL: ProgramSpec = {
  options: {
    "-c": "code:sql",
    "--command": "code:sql",
    "-f": "script",
    "--file": "script",
    "-d": "url",
    "--dbname": "url",
    ...PG_CONNECTION,
    "-v": "value",
    "--set": "value",
    "--variable": "value",
    "-o": "write",
    "--output": "write",
    "-L": "write",
    "--log-file": "write",
    "-P": "value",
    "--pset": "value",
    "-F": "value",
    "--field-separator": "value",
    "-R": "value",
    "--record-separator": "value",
    "-T": "value",
    "--table-attr": "value",
  },
  operands: ["url", "value"],
  stdin: "code:sql",
  abbreviations: true,
  // The pager it pipes results through and the editor `\e` opens: command lines it runs.
  env: { PSQL_PAGER: "shell", PAGER: "shell", PSQL_EDITOR: "shell", EDITOR: "shell", VISUAL: "shell" },
};

const MYSQLADMIN: ProgramSpec = {
  options: {
    "-u": "value",
    "--user": "value",
    "-h": "host",
    "--host": "host",
    "-P": "port",
    "--port": "port",
    "-S": "path",
    "--socket": "path",
    "--password": "value",
    "-p": "flag",
    "--defaults-file": "read",
  },
  operands: ["value"],
};

const MYSQL: ProgramSpec = {
  options: {
    "-e": "code:sql",
    "--execute": "code:sql",
    "--init-command": "code:sql",
    "-u": "value",
    "--user": "value",
    "-h": "host",
    "--host": "host",
    "-P": "port",
    "--port": "port",
    "-D": "value",
    "--database": "value",
    "-S": "path",
    "--socket": "path",
    "--password": "value",
    "--defaults-file": "read",
    "--defaults-extra-file": "read",
    "--login-path": "value",
    "--tee": "write",
    "--pager": "shell",
    "--ssl-ca": "read",
    "--ssl-cert": "read",
    "--ssl-key": "read",
    "--protocol": "value",
    "--default-character-set": "value",
    "--delimiter": "value",
    // -p takes a password only when attached (-pSecret); alone it prompts, so it never takes the next word.
    "-p": "flag",
    "--plugin-dir": "path",
    "--default-auth": "value",
  },
  operands: ["value"],
  stdin: "code:sql",
  abbreviations: true,
  // A client plugin is a library it loads: from another plugin directory, or by a path that climbs out of it.
  tagsWith: { "--plugin-dir": LOADS_LIBRARY, ...libraryOptions("--default-auth") },
};

/** sqlite3 and duckdb: `-word` options, the database file, then SQL arguments each run in turn. */
const sqliteLike = (codeOptions: readonly string[]): ProgramSpec => ({
  options: {
    ...Object.fromEntries(codeOptions.map((option) => [option, "code:sql" as const])),
    "-init": "script",
    "-separator": "value",
    "-newline": "value",
    "-nullvalue": "value",
    "-cmd": "code:sql",
    "-vfs": "value",
    "-lookaside": "value",
    "-pagecache": "value",
    "-maxsize": "value",
    "-mmap": "value",
    "-heap": "value",
  },
  singleDashWords: true,
  // The database file is read (`sqlite3 ~/…/Login\ Data 'select …'` reads stored passwords), and created
  // when missing: `sqlite3 ~/.bashrc 'CREATE …'` writes it.
  operands: ["edit", "code:sql"],
  stdin: "code:sql",
  // Safe mode (sqlite3 3.37+, duckdb) refuses the dot-commands that run programs or load libraries.
  confinedBy: ["-safe", "--safe"],
});

const REDIS_CLI: ProgramSpec = {
  options: {
    "-h": "host",
    "-p": "port",
    "-a": "value",
    "--user": "value",
    "--pass": "value",
    "-u": "url",
    "-n": "value",
    "-s": "path",
    "-r": "value",
    "-i": "value",
    "-d": "value",
    "-D": "value",
    "--eval": "script",
    "--rdb": "write",
    "--functions-rdb": "write",
    "--cacert": "read",
    "--cacertdir": "path",
    "--cert": "read",
    "--key": "read",
    "--pattern": "pattern",
    "--count": "value",
    "--quoted-pattern": "pattern",
    "--sni": "value",
    "--tls-ciphers": "value",
  },
  operands: ["code-words:redis"],
  stdin: "code:redis",
  // `--cluster call HOST:PORT CMD…` runs CMD on every node of the cluster HOST belongs to.
  subcommands: { call: { operands: ["host", "code-words:redis"] } },
  optionalSubcommands: true,
};

const MONGOSH: ProgramSpec = {
  options: {
    "--eval": "code:mongo",
    "-f": "script",
    "--file": "script",
    "--host": "host",
    "--port": "port",
    "-u": "value",
    "--username": "value",
    "-p": "value",
    "--password": "value",
    "--authenticationDatabase": "value",
    "--authenticationMechanism": "value",
    "--tlsCAFile": "read",
    "--tlsCertificateKeyFile": "read",
    "--apiVersion": "value",
  },
  operands: ["url", "script"],
  stdin: "code:mongo",
};

const CLICKHOUSE_CLIENT: ProgramSpec = {
  options: {
    "-q": "code:sql",
    "--query": "code:sql",
    "--queries-file": "script",
    "-h": "host",
    "--host": "host",
    "--port": "port",
    "-u": "value",
    "--user": "value",
    "--password": "value",
    "-d": "value",
    "--database": "value",
    "-f": "value",
    "--format": "value",
    "-C": "read",
    "--config-file": "read",
    "--param": "value",
  },
  operands: ["value"],
  stdin: "code:sql",
};

const SQLCMD: ProgramSpec = {
  options: {
    "-Q": "code:sql",
    "-q": "code:sql",
    "--query": "code:sql",
    "-i": "script",
    "--input-file": "script",
    "-o": "write",
    "--output-file": "write",
    // The server to connect to (`host`, `host,port`, `tcp:host,port`, `host\\instance`).
    "-S": "host",
    "--server": "host",
    "-d": "value",
    "--database-name": "value",
    "-U": "value",
    "--user-name": "value",
    "-P": "value",
    "--password": "value",
    "-v": "value",
    "--variables": "value",
    "-h": "value",
    "-s": "value",
    "-w": "value",
    "-l": "value",
    "-t": "value",
    "-y": "value",
    "-Y": "value",
    "-f": "value",
    "-A": "flag",
  },
  operands: ["value"],
  stdin: "code:sql",
};

const ETCD_OPTIONS: Record<string, OptionRole> = {
  "--endpoints": "url",
  "--cacert": "read",
  "--cert": "read",
  "--key": "read",
  "--user": "value",
  "--password": "value",
  "-w": "value",
  "--write-out": "value",
  "--dial-timeout": "value",
  "--command-timeout": "value",
  "--discovery-srv": "value",
  "--discovery-srv-name": "value",
};
const etcdVerb = (options: Record<string, OptionRole> = {}): ProgramSpec => ({ options: { ...ETCD_OPTIONS, ...options }, operands: ["value"] });

/** etcdctl: `del KEY [END]`, `del PREFIX --prefix`, `del KEY --from-key`; v2's `rm --recursive DIR`. */
const ETCDCTL: ProgramSpec = {
  options: ETCD_OPTIONS,
  operands: ["value"],
  env: { ETCDCTL_API: "value" },
  subcommands: {
    ...Object.fromEntries(
      [
        "del",
        "get",
        "put",
        "watch",
        "txn",
        "compaction",
        "lease",
        "member",
        "snapshot",
        "endpoint",
        "alarm",
        "defrag",
        "user",
        "role",
        "auth",
        "lock",
        "elect",
        "move-leader",
        "version",
        "rm",
        "rmdir",
        "ls",
        "set",
        "mk",
        "mkdir",
      ].map((verb) => [verb, etcdVerb()]),
    ),
  },
};

/** Any other verb of a framework CLI: its words are plain values (`rails db:drop` stays an operand a rule names). */
const OTHER_VERB: ProgramSpec = { operands: ["value"] };

/**
 * prisma: `db execute` runs SQL from `--stdin` or `--file` against the database; other verbs are read as words
 * (the migration rules name them).
 */
const PRISMA: ProgramSpec = {
  operands: ["value"],
  subcommands: {
    db: {
      operands: ["value"],
      subcommands: {
        execute: { options: { "--file": "script", "--url": "value", "--schema": "read" }, operands: ["value"], stdin: "code:sql" },
        "*": OTHER_VERB,
      },
    },
    "*": OTHER_VERB,
  },
};

/**
 * rails: `runner CODE` (or `r`) runs Ruby in the application (a file name is read as code too: it holds no
 * statement); `dbconsole` (`db`) is the database's client, reading SQL on stdin, `console` (`c`) reads Ruby there.
 * `db:drop` and the other tasks have a colon, which no verb pattern matches: they stay operands.
 */
const RAILS_RUNNER: ProgramSpec = { options: { "-e": "value", "--environment": "value" }, operands: ["code:ruby", "value"] };
const RAILS_CONSOLE: ProgramSpec = { options: { "-e": "value", "--environment": "value" }, operands: ["value"], stdin: "code:ruby" };
const RAILS_DBCONSOLE: ProgramSpec = { options: { "-e": "value", "--environment": "value", "--db": "value" }, operands: ["value"], stdin: "code:sql" };
const RAILS: ProgramSpec = {
  operands: ["value"],
  subcommands: { runner: RAILS_RUNNER, r: RAILS_RUNNER, console: RAILS_CONSOLE, c: RAILS_CONSOLE, dbconsole: RAILS_DBCONSOLE, db: RAILS_DBCONSOLE, "*": OTHER_VERB },
};

/**
 * Django's manage.py (and django-admin): `shell -c CODE` (or stdin) runs Python in the application, `dbshell` is the
 * database's client reading SQL on stdin. `flush`, `createsuperuser` and the rest are words the rules name.
 */
const DJANGO_OPTIONS = { "--settings": "value", "--pythonpath": "path", "--database": "value" } as const;
const DJANGO: ProgramSpec = {
  options: DJANGO_OPTIONS,
  operands: ["value"],
  subcommands: {
    shell: { options: { ...DJANGO_OPTIONS, "-c": "code:python", "--command": "code:python", "-i": "value", "--interface": "value" }, operands: ["value"], stdin: "code:python" },
    dbshell: { options: DJANGO_OPTIONS, operands: ["value"], stdin: "code:sql" },
    "*": { options: DJANGO_OPTIONS, operands: ["value"] },
  },
};

/** Laravel's artisan: `tinker --execute CODE` (or stdin) runs PHP in the application, `db` is the database's client. */
const ARTISAN: ProgramSpec = {
  options: { "--env": "value" },
  operands: ["value"],
  subcommands: {
    tinker: { options: { "--execute": "code:php", "--env": "value" }, operands: ["value"], stdin: "code:php" },
    db: { options: { "--env": "value" }, operands: ["value"], stdin: "code:sql" },
    "*": { options: { "--env": "value" }, operands: ["value"] },
  },
};

/** `cockroach sql`: the SQL it runs comes from -e, a file or standard input (the rest of `cockroach` is in the remote catalogue). */
export const COCKROACH_SQL: ProgramSpec = {
  options: {
    "-e": "code:sql",
    "--execute": "code:sql",
    "-f": "script",
    "--file": "script",
    "--url": "url",
    "--host": "host",
    "-d": "value",
    "--database": "value",
    "-u": "value",
    "--user": "value",
    "--certs-dir": "path",
  },
  operands: ["value"],
  stdin: "code:sql",
};

const TRINO: ProgramSpec = {
  options: {
    "--execute": "code:sql",
    "-f": "script",
    "--file": "script",
    "--server": "url",
    "--catalog": "value",
    "--schema": "value",
    "--user": "value",
    "--password": "flag",
    "--session": "value",
    "--output-format": "value",
    "--access-token": "value",
    "--truststore-path": "read",
    "--keystore-path": "read",
    "--krb5-keytab-path": "read",
    "--krb5-config-path": "read",
  },
  operands: ["url"],
  stdin: "code:sql",
};

/**
 * SurrealDB's `surreal sql`: SurrealQL from standard input (a heredoc, a pipe) against the server `--endpoint`
 * names. Its REMOVE NAMESPACE/DATABASE/TABLE read as DROP (languages/sql-classify.ts).
 */
const SURREAL: ProgramSpec = {
  operands: ["value"],
  subcommands: {
    sql: {
      options: Object.fromEntries([
        ...["-e", "--endpoint", "--conn"].map((option) => [option, "url" as const]),
        ...["--ns", "--namespace", "--db", "--database", "-u", "--user", "--username", "-p", "--pass", "--password", "--auth-level", "-t", "--token"].map((option) => [
          option,
          "value" as const,
        ]),
      ]),
      operands: ["value"],
      stdin: "code:sql",
    },
    "*": { operands: ["value"] },
  },
};

export const DATABASE_PROGRAMS: Record<string, ProgramSpec> = {
  prisma: PRISMA,
  surreal: SURREAL,
  rails: RAILS,
  // Spark's and Hive's SQL shells (Delta Lake tables on Databricks or a Spark cluster).
  "spark-sql": {
    options: { "-e": "code:sql", "-f": "script", "-i": "script", "--database": "value", "--conf": "value", "--master": "value", "--hiveconf": "value" },
    operands: ["value"],
    stdin: "code:sql",
  },
  beeline: {
    options: { "-e": "code:sql", "-f": "script", "-i": "script", "-u": "url", "-n": "value", "-p": "value", "--hiveconf": "value" },
    operands: ["value"],
    stdin: "code:sql",
  },
  // Trino's and Presto's CLIs: `--execute SQL`, `-f FILE`, or statements on standard input, against `--server`.
  trino: TRINO,
  presto: TRINO,
  "presto-cli": TRINO,
  "manage.py": DJANGO,
  "django-admin": DJANGO,
  "django-admin.py": DJANGO,
  artisan: ARTISAN,
  psql: PSQL,
  ysqlsh: PSQL,
  mysql: MYSQL,
  mariadb: MYSQL,
  mycli: {
    options: {
      "-e": "code:sql",
      "--execute": "code:sql",
      "-h": "host",
      "--host": "host",
      "-P": "port",
      "--port": "port",
      "-u": "value",
      "--user": "value",
      "-p": "value",
      "--password": "value",
      "-D": "value",
      "--database": "value",
    },
    operands: ["value"],
    stdin: "code:sql",
  },
  sqlite3: sqliteLike([]),
  sqlite: sqliteLike([]),
  spatialite: sqliteLike([]),
  duckdb: sqliteLike(["-c", "-s"]),
  litecli: { options: { "-e": "code:sql", "--execute": "code:sql" }, operands: ["write"], stdin: "code:sql" },
  usql: {
    options: { "-c": "code:sql", "--command": "code:sql", "-f": "script", "--file": "script", "-o": "write", "--out": "write", "-v": "value", "--set": "value" },
    operands: ["url"],
    stdin: "code:sql",
  },
  "redis-cli": REDIS_CLI,
  "valkey-cli": REDIS_CLI,
  "keydb-cli": REDIS_CLI,
  mongosh: MONGOSH,
  mongo: MONGOSH,
  "clickhouse-client": CLICKHOUSE_CLIENT,
  clickhouse: {
    subcommands: {
      client: CLICKHOUSE_CLIENT,
      local: { options: { "-q": "code:sql", "--query": "code:sql", "--queries-file": "script", "--file": "read", "--path": "path" }, operands: ["value"], stdin: "code:sql" },
    },
  },
  // Neo4j's shell: its Cypher comes as an operand, from -f or on standard input; `DETACH DELETE` and `DROP` are judged as SQL's deletes and drops are (languages/cypher.ts).
  "cypher-shell": {
    options: {
      "-a": "host",
      "--address": "host",
      "-u": "value",
      "--username": "value",
      "-p": "value",
      "--password": "value",
      "-d": "value",
      "--database": "value",
      "-f": "script",
      "--file": "script",
      "-P": "value",
      "--param": "value",
      "--format": "value",
    },
    operands: ["code:cypher"],
    stdin: "code:cypher",
  },
  sqlcmd: SQLCMD,
  // Oracle's SQL*Plus: `sqlplus LOGON [@SCRIPT]`; the statements come on standard input (a heredoc, `echo … |`) or from the `@` script.
  sqlplus: {
    options: { "-S": "flag", "-s": "flag", "-L": "flag", "-l": "flag", "-F": "flag", "-M": "value", "-R": "value" },
    operands: ["value"],
    stdin: "code:sql",
    atScripts: true,
  },
  cqlsh: {
    options: {
      "-e": "code:sql",
      "--execute": "code:sql",
      "-f": "script",
      "--file": "script",
      "-u": "value",
      "--username": "value",
      "-p": "value",
      "--password": "value",
      "-k": "value",
      "--keyspace": "value",
      "--cqlshrc": "read",
    },
    operands: ["host", "port"],
    stdin: "code:sql",
  },
  snowsql: {
    options: {
      "-q": "code:sql",
      "--query": "code:sql",
      "-f": "script",
      "--filename": "script",
      "-a": "value",
      "--accountname": "value",
      "-u": "value",
      "--username": "value",
      "-d": "value",
      "--dbname": "value",
      "-s": "value",
      "--schemaname": "value",
      "-w": "value",
      "-r": "value",
      "-c": "value",
      "--config": "read",
      "-o": "value",
    },
    operands: ["value"],
  },
  mysqladmin: MYSQLADMIN,
  // MariaDB renamed its tools; mariadb-admin is mysqladmin.
  "mariadb-admin": MYSQLADMIN,
  dropdb: { options: { ...PG_CONNECTION, "--maintenance-db": "value" }, operands: ["value"] },
  dropuser: { options: PG_CONNECTION, operands: ["value"] },
  createdb: {
    options: {
      ...PG_CONNECTION,
      "-O": "value",
      "--owner": "value",
      "-T": "value",
      "--template": "value",
      "-E": "value",
      "--encoding": "value",
    },
    operands: ["value"],
  },
  pg_dump: {
    options: {
      "-f": "write",
      "--file": "write",
      ...PG_CONNECTION,
      "-d": "url",
      "--dbname": "url",
      "-t": "value",
      "--table": "value",
      "-n": "value",
      "--schema": "value",
      "-F": "value",
      "--format": "value",
      "-j": "value",
      "-T": "value",
      "-N": "value",
    },
    operands: ["url"],
  },
  pg_restore: {
    options: {
      "-f": "write",
      "--file": "write",
      ...PG_CONNECTION,
      "-d": "url",
      "--dbname": "url",
      "-t": "value",
      "-n": "value",
      "-j": "value",
      "-F": "value",
      "-L": "read",
      "--use-list": "read",
    },
    operands: ["read"],
  },
  etcdctl: ETCDCTL,
  mongorestore: {
    options: {
      "--uri": "url",
      "-h": "host",
      "--host": "host",
      "--port": "port",
      "-u": "value",
      "--username": "value",
      "-p": "value",
      "--password": "value",
      "-d": "value",
      "--db": "value",
      "-c": "value",
      "--collection": "value",
      "--nsInclude": "value",
      "--nsExclude": "value",
      "--archive": "read",
      "--dir": "read",
    },
    operands: ["read"],
  },
};
