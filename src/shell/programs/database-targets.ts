// Which database server a command works on, as far as its own line shows:
// the hosts it connects to, the URL or host put in its environment, the
// environment it is told to use (`RAILS_ENV=test`, `--env test`,
// `--settings=config.settings.test`, `make … ENV=dev`), the clients whose
// default server is this machine, and SQLite-style databases that are files.
// A reset or a destructive statement against a local development or test
// database is everyday work; one whose line names production, staging or a
// remote host is not. The project's own configuration (what a bare
// `rails db:reset` would use) is read in session/database-config.ts.
import type { SimpleCommand } from "../view/view.ts";

/** Words that name a shared environment: a line or a file that says one of them is never taken for local. */
const SHARED_ENVIRONMENTS = new Set(["prod", "production", "prd", "staging", "stage", "stg", "live", "preprod", "uat"]);

/** Environments that are the developer's own: their database lives on this machine or is made again by each run. */
const OWN_ENVIRONMENTS = new Set(["test", "tests", "testing", "dev", "development", "local", "ci"]);

/** Variables frameworks read to pick their environment (and with it, their database). */
const ENVIRONMENT_SELECTORS = new Set([
  "RAILS_ENV",
  "RACK_ENV",
  "MIX_ENV",
  "APP_ENV",
  "NODE_ENV",
  "ENV",
  "ENVIRONMENT",
  "STAGE",
  "FLASK_ENV",
  "DJANGO_ENV",
  "KNEX_ENV",
  "DB_ENV",
  "ASPNETCORE_ENVIRONMENT",
  "DOTNET_ENVIRONMENT",
]);

/** Options that pick the environment: knex, sequelize, artisan (`--env`), rails and dotnet (`--environment`), Django (`--settings`). */
const ENVIRONMENT_OPTIONS = new Set(["--env", "--environment", "--settings", "--stage"]);

/** Variables (and `.env` keys) that name the database server: `DATABASE_URL`, `DB_HOST`, `PGHOST`, `REDIS_URL`, `MONGODB_URI`, … */
export const SERVER_VARIABLE = /^(?:[A-Z0-9_]*_)?(?:DATABASE|DB|POSTGRES|POSTGRESQL|PG|MYSQL|MARIADB|REDIS|MONGO|MONGODB)_?(?:URL|URI|HOST|HOSTNAME|SERVER)$/;

/**
 * Clients whose server, when the line names none, is this machine: redis-cli and its forks (no host variable;
 * without -h, -u or a socket they talk to 127.0.0.1) and mongosh (mongodb://127.0.0.1:27017). psql, mysql and
 * dropdb are not among them: PGHOST and option files (~/.my.cnf) may name another server the line does not show.
 */
const DEFAULT_LOCAL_CLIENTS = new Set(["redis-cli", "valkey-cli", "keydb-cli", "dragonfly-cli", "mongosh", "mongo"]);

/**
 * Wrappers that load variables from elsewhere before they run a command (`dotenv -e .env.production -- …`, `direnv
 * exec`, `aws-vault exec`): what the command connects to is in a file or store its line does not show.
 */
const ENVIRONMENT_LOADERS = new Set(["dotenv", "dotenvx", "env-cmd", "direnv", "with-contenv", "aws-vault"]);

/**
 * Programs that run the command on another machine (`ssh host …`, `kubectl exec pod -- …`, `gcloud compute ssh
 * --command`, `fly ssh console -C`, `heroku run`): there `localhost` and a client's default server are that machine's.
 */
const REMOTE_RUNNERS = new Set([
  "ssh",
  "mosh",
  "autossh",
  "sshpass",
  "kubectl",
  "oc",
  "gcloud",
  "az",
  "aws",
  "fly",
  "flyctl",
  "heroku",
  "railway",
  "doctl",
  "vagrant",
  "multipass",
  "lxc",
]);

/** Clients whose database is a file: local when the file is a throwaway copy (see throwawayFile). */
const FILE_DATABASES = new Set(["sqlite3", "sqlite", "duckdb", "litecli", "sqlite-utils"]);

/**
 * Flags that point a platform's database command at its local emulation, a file in the project (`wrangler d1
 * execute DB --local`: the SQLite file under .wrangler/state that `wrangler dev` serves), with the flags that point
 * it at the platform instead; a line with both asks.
 */
const LOCAL_EMULATION: Readonly<Record<string, { local: readonly string[]; remote: readonly string[] }>> = {
  wrangler: { local: ["--local"], remote: ["--remote", "--preview"] },
};

/** What the line (or a config file) says of a database's server: every finding, classed. */
export type TargetFindings = {
  /** Something names this machine or an own environment. */
  local: boolean;
  /** Something names production or staging, or a server elsewhere. */
  shared: boolean;
  /** Plain names with no dot (`db`, `postgres`): local when the project's compose file declares that service. */
  serviceNames: string[];
};

export function noFindings(): TargetFindings {
  return { local: false, shared: false, serviceNames: [] };
}

/** Does any word-part of `text` name a shared environment (`app_prod`, `--env=production`, `db.staging.internal`)? */
export function namesSharedEnvironment(text: string): boolean {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((part) => SHARED_ENVIRONMENTS.has(part) || SHARED_ENVIRONMENTS.has(part.replace(NUMBERED, "")));
}

/** A host's number after its environment (`prod1`, `stg02`): the numbered machines of one environment. */
const NUMBERED = /(?<=[a-z])\d{1,3}$/;

/** Was the command handed to a program that runs it on another machine (`ssh host 'acmectl …'`, `kubectl exec pod -- …`)? */
export function reachedElsewhere(command: SimpleCommand): boolean {
  return command.via.some((step) => REMOTE_RUNNERS.has(step.split(" ")[0] ?? ""));
}

/** Does `value` (an environment selector's value: `dev`, `app-test`, `local`) name only one of the developer's own environments? */
export function namesOwnEnvironment(value: string): boolean {
  const found = noFindings();
  classifyEnvironment(value, found);
  return found.local && !found.shared;
}

/** Is `name` an option that picks the environment for the tools this file knows (`--env`, `--stage`)? */
export function isEnvironmentOption(name: string): boolean {
  return ENVIRONMENT_OPTIONS.has(name);
}

/** Is `name` a variable frameworks read to pick their environment (`RAILS_ENV`, `ENV`, `STAGE`)? */
export function isEnvironmentVariable(name: string): boolean {
  return ENVIRONMENT_SELECTORS.has(name);
}

/** An environment's name classed: own (test, dev, local), shared (production, staging) or neither. */
function classifyEnvironment(value: string, into: TargetFindings) {
  if (namesSharedEnvironment(value)) into.shared = true;
  // Django's settings module names the environment in its last part (`config.settings.test`).
  const last = value.toLowerCase().split(/[./:]/).pop() ?? "";
  if (OWN_ENVIRONMENTS.has(last) || OWN_ENVIRONMENTS.has(value.toLowerCase())) into.local = true;
}

/** A host classed: loopback and sockets are local, a dotless name may be a compose service, anything else is elsewhere. */
function classifyHost(host: string, into: TargetFindings) {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "");
  if (name === "") return;
  if (namesSharedEnvironment(name)) into.shared = true;
  if (isLocalHost(name)) {
    into.local = true;
    return;
  }
  if (/^[a-z][a-z0-9_-]*$/.test(name)) {
    into.serviceNames.push(name);
    return;
  }
  into.shared = true;
}

function isLocalHost(name: string): boolean {
  if (name === "localhost" || name.endsWith(".localhost") || name === "::1" || name === "0.0.0.0" || name === "host.docker.internal") return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)) return true;
  // A unix socket (`/var/run/postgresql`, `%2Fvar%2Frun%2Fpostgresql` in a URL) is this machine.
  return name.startsWith("/") || name.startsWith("%2f");
}

/** A server named by a URL or a plain host value: `postgres://u:p@localhost:5432/app`, `mongodb://a,b/x`, `sqlite:///db`, `localhost`. */
export function classifyServer(value: string, into: TargetFindings) {
  const text = value.trim().replace(/^["']|["']$/g, "");
  if (text === "") return;
  const url = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#]*@)?([^/?#]*)([^#]*)/i.exec(text);
  if (!url) {
    if (/^(?:sqlite3?|file):/i.test(text)) into.local = true;
    else classifyHost(text.replace(/:\d+$/, ""), into);
    return;
  }
  const [, scheme = "", hosts = "", rest = ""] = url;
  if (namesSharedEnvironment(rest.split("?")[0] ?? "")) into.shared = true;
  if (/^(?:sqlite3?|file|duckdb)$/i.test(scheme)) {
    into.local = true;
    return;
  }
  // No host: the client's socket on this machine (`postgres:///app_dev`), unless the query names one.
  const queryHost = /[?&]host=([^&]*)/i.exec(rest)?.[1];
  if (hosts === "") {
    if (queryHost === undefined) into.local = true;
    else classifyHost(decodeURIComponent(queryHost), into);
    return;
  }
  for (const host of hosts.split(",")) classifyHost(host.replace(/^\[([^\]]*)\].*$/, "$1").replace(/:\d+$/, ""), into);
}

/** A `NAME=value` the program reads (its environment, or a make/rake variable given as an argument). */
export function classifyVariable(name: string, value: string, into: TargetFindings) {
  if (ENVIRONMENT_SELECTORS.has(name)) classifyEnvironment(value, into);
  else if (SERVER_VARIABLE.test(name)) classifyServer(value, into);
}

/** A variable a database tool reads to pick its server or its environment (`DATABASE_URL`, `PGHOST`, `RAILS_ENV`). */
export function picksDatabase(name: string): boolean {
  return ENVIRONMENT_SELECTORS.has(name) || SERVER_VARIABLE.test(name);
}

/** Does the command's own line (its words or its variables, not the statements it carries) name production or staging? */
export function lineNamesSharedEnvironment(command: SimpleCommand): boolean {
  const code = new Set(command.code.map((carried) => carried.text));
  return command.args.some((arg) => !code.has(arg) && namesSharedEnvironment(arg)) || Object.values(command.environment ?? {}).some(namesSharedEnvironment);
}

/** What the command's own line shows of the server it works on. */
export function lineTargets(command: SimpleCommand): TargetFindings {
  const found = noFindings();
  // Statements handed to the client are data, not names of a server (`DELETE FROM production_orders`).
  const code = new Set(command.code.map((carried) => carried.text));
  const words = command.args.filter((arg) => !code.has(arg));
  if (words.some(namesSharedEnvironment) || command.via.some((step) => ENVIRONMENT_LOADERS.has(step.split(" ")[0] ?? "") || REMOTE_RUNNERS.has(step.split(" ")[0] ?? "")))
    found.shared = true;
  for (const [name, value] of Object.entries(command.environment ?? {})) {
    if (namesSharedEnvironment(value)) found.shared = true;
    classifyVariable(name, value, found);
  }
  // Set elsewhere in the input, or to a value only the run knows: the server may be another than the line shows.
  for (const [name, value] of Object.entries(command.unshownEnvironment ?? {})) {
    // It also holds where a publish or a chain send goes (ETH_RPC_URL): no database's.
    if (!picksDatabase(name)) continue;
    const elsewhere = noFindings();
    if (value !== null) classifyVariable(name, value, elsewhere);
    if (value === null || elsewhere.shared || elsewhere.serviceNames.length > 0 || !elsewhere.local) found.shared = true;
  }
  words.forEach((word, index) => {
    const assigned = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(word);
    if (assigned) classifyVariable(assigned[1]!, assigned[2]!, found);
    const option = /^(--[a-z-]+)(?:=(.*))?$/.exec(word);
    if (option && ENVIRONMENT_OPTIONS.has(option[1]!)) classifyEnvironment(option[2] ?? words[index + 1] ?? "", found);
  });
  for (const destination of command.network) classifyHost(destination.host, found);
  if (command.network.length === 0 && DEFAULT_LOCAL_CLIENTS.has(command.name) && namesNoServer(command, words)) found.local = true;
  if (FILE_DATABASES.has(command.name) && command.network.length === 0 && throwawayFile(command.operands[0] ?? "")) found.local = true;
  const emulation = LOCAL_EMULATION[command.name];
  if (emulation && words.some((word) => emulation.local.includes(word)) && !words.some((word) => emulation.remote.some((flag) => word === flag || word.startsWith(`${flag}=`))))
    found.local = true;
  return found;
}

/**
 * Whether a default-local client's line names no server at all: no host, URI or socket option, no argument known
 * only at run time (`mongosh "$MONGO_URI"` may name any server), and for mongosh no address operand (`host:port/db`,
 * `host/db`, a URI) — a bare database name is on this machine.
 */
function namesNoServer(command: SimpleCommand, words: readonly string[]): boolean {
  if (command.dynamicArgs || words.some((word) => /^(?:-u|--uri|--host|-h|-s|--socket)$/.test(word))) return false;
  return !(command.name === "mongosh" || command.name === "mongo") || command.operands.every((operand) => !words.includes(operand) || !/[:/@]/.test(operand));
}

/**
 * A database file that is a throwaway copy: in the project (relative, not climbing out) and named for development
 * or tests (`dev.db`, `test.sqlite3`, `app_dev.db`, `db/development.sqlite3`, `tmp/x.db`), or in memory. A project
 * file with another name (`app.db`, `data/ledger.duckdb`) may be the only copy of what it holds; one in the home
 * directory is the user's data (a browser's history). Both ask.
 */
function throwawayFile(path: string): boolean {
  if (path === ":memory:") return true;
  if (path === "" || path.startsWith("/") || path.startsWith("~") || path.startsWith("$") || path.split("/").includes("..")) return false;
  return path
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((part) => OWN_ENVIRONMENTS.has(part) || part === "tmp" || part === "scratch");
}

/** Local when something names this machine or an own environment and nothing names a shared one or a server elsewhere. */
export function targetsLocal(found: TargetFindings, services: ReadonlySet<string> = new Set()): boolean {
  if (found.shared) return false;
  if (found.serviceNames.some((name) => !services.has(name))) return false;
  return found.local || found.serviceNames.length > 0;
}
