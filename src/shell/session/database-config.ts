// The database a reset would use when its line does not say: the project's
// own configuration for the default (development) environment — `.env`'s
// DATABASE_URL or DB_HOST, config/database.yml's development section,
// config/dev.exs, prisma's datasource, a Makefile's `ENV ?= dev` — and the
// compose file's service names (a server called `db` that compose runs is on
// this machine). The files are named here as data, one table; the extension
// reads them (size-bounded) and hands their text in, this module reads none.
//
// A command whose target is shown local — by its line (programs/database-
// targets.ts), else by these files, every target found local and none
// naming production, staging or another host — is tagged `database-local`;
// the database pack's reset and statement rules pass it. A shell environment
// that overrides the project's files (an exported DATABASE_URL) is not seen.
import { fileSettled, type FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import {
  classifyServer,
  classifyVariable,
  lineNamesSharedEnvironment,
  lineTargets,
  noFindings,
  SERVER_VARIABLE,
  type TargetFindings,
  targetsLocal,
} from "../programs/database-targets.ts";
import type { FileLookup } from "./snippet.ts";

export const DATABASE_LOCAL = "database-local";
/** A database command told to reset, wipe, roll back or seed a production or staging database (by an argument or a variable). */
export const DATABASE_SHARED_RESET = "database-shared-reset";

/** How a config file says where the database is. */
type ConfigFormat = "dotenv" | "rails-database" | "elixir-config" | "prisma-schema" | "makefile-defaults";
type ConfigFile = { path: string; format: ConfigFormat };

/** The dotenv files a development run loads (dotenv, Laravel, Next, Vite and their kind). */
const DEV_ENV_FILES: readonly ConfigFile[] = [".env", ".env.local", ".env.development", ".env.development.local"].map((path) => ({ path, format: "dotenv" }));

/** Where compose declares the services a development server may be (`db`, `postgres`, `redis`). */
const COMPOSE_FILES = ["compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml"];

/**
 * Tool (as the command names it: the program, or the script an interpreter runs) → the files that say which
 * database its default environment uses. Task runners read the dotenv files their scripts' tools would. Python
 * frameworks (Django, Flask, alembic) are not here: their database is named in code (settings.py, the app's
 * config, env.py), which is not read for this, so a bare reset of theirs still asks.
 */
const DATABASE_CONFIG: readonly { tools: readonly string[]; files: readonly ConfigFile[]; runner?: true }[] = [
  { tools: ["rails", "rake"], files: [{ path: "config/database.yml", format: "rails-database" }, ...DEV_ENV_FILES] },
  { tools: ["mix"], files: [{ path: "config/dev.exs", format: "elixir-config" }, ...DEV_ENV_FILES] },
  { tools: ["prisma"], files: [{ path: "prisma/schema.prisma", format: "prisma-schema" }, { path: "schema.prisma", format: "prisma-schema" }, ...DEV_ENV_FILES] },
  { tools: ["make", "gmake"], runner: true, files: [{ path: "Makefile", format: "makefile-defaults" }, { path: "makefile", format: "makefile-defaults" }, ...DEV_ENV_FILES] },
  {
    tools: ["artisan", "knex", "sequelize", "sequelize-cli", "typeorm", "drizzle-kit", "dbmate", "goose", "migrate", "diesel", "sqlx"],
    files: DEV_ENV_FILES,
  },
  {
    tools: ["npm", "pnpm", "yarn", "bun", "just", "task", "composer", "deno", "nx", "turbo", "invoke", "inv", "poe", "mage"],
    runner: true,
    files: DEV_ENV_FILES,
  },
];

const CONFIG_BY_TOOL = new Map(DATABASE_CONFIG.flatMap((entry) => entry.tools.map((tool) => [tool, entry] as const)));

/** Words of a destructive database verb: only such commands cost a look at the project's files. */
const RESET_WORDS =
  /(?:^|[^a-z])(?:reset|drop|wipe|fresh|flush|flushdb|flushall|purge|truncate|nuke|clean|destroy|recreate|rebuild|replant|undo|rollback|downgrade|revert|zero|refresh)(?:[^a-z]|$)/i;

/** Word-parts that make a command a database one, in its program's name or its arguments (`./scripts/db.sh`, `seed:run`). */
const DATABASE_WORDS = new Set(["db", "database", "databases", "sql", "psql", "postgres", "pg", "mysql", "mongo", "mongodb", "redis", "schema", "seed", "seeds", "fixtures"]);
/** Word-parts of a verb that destroys or replaces a database's data (seeds included: they overwrite what is there). */
const RESET_VERBS = new Set([
  "reset",
  "reseed",
  "drop",
  "wipe",
  "fresh",
  "flush",
  "flushdb",
  "flushall",
  "purge",
  "truncate",
  "nuke",
  "clean",
  "destroy",
  "recreate",
  "rebuild",
  "replant",
  "undo",
  "rollback",
  "downgrade",
  "revert",
  "seed",
  "seeds",
  "restore",
  "load",
  "zero",
  "refresh",
]);

const partsOf = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/);

/**
 * `./scripts/db.sh reset production`, `knex seed:run --env production`, `ENV=staging make db-seed`: a database
 * command whose line names a shared environment and a verb that replaces its data. Wrappers hide what runs; the
 * environment named on the line is what they are pointed at.
 */
export function sharedEnvironmentReset(command: SimpleCommand): boolean {
  if (!lineNamesSharedEnvironment(command)) return false;
  const code = new Set(command.code.map((carried) => carried.text));
  const args = command.args.filter((arg) => !code.has(arg)).flatMap(partsOf);
  // The verb may be the program's own name (`./bin/reset-db.sh --env production`).
  const named = partsOf(command.program.split("/").pop() ?? "");
  return isDatabaseCommand(command, args) && [...named, ...args].some((part) => RESET_VERBS.has(part));
}

/**
 * A migration tool or task runner of the table, a program named for the database (`reset-db`, `db.sh`), or a
 * project's own script (a relative path) given a database word. Other programs with their own knowledge (cloud
 * CLIs, kubectl) are judged by their own rules.
 */
function isDatabaseCommand(command: SimpleCommand, args: readonly string[]): boolean {
  if (CONFIG_BY_TOOL.has(toolOf(command))) return true;
  const program = command.program;
  if (partsOf(program.split("/").pop() ?? "").some((part) => DATABASE_WORDS.has(part))) return true;
  return program.includes("/") && !program.startsWith("/") && args.some((part) => DATABASE_WORDS.has(part));
}

/** The tool a command is, as the table names it: `php artisan`, `python manage.py` by their script. */
function toolOf(command: SimpleCommand): string {
  const script = command.args[0]?.split("/").pop();
  if ((script === "artisan" || script === "manage.py") && /^(?:php|python\d*(?:\.\d+)?|py|pypy\d*)$/.test(command.name)) return script;
  return command.name;
}

export type DatabaseTarget = { tag: true } | { needs: FileNeed[] } | undefined;

/**
 * Whether the command's database is known local: from its line, else from the project's files (`needs` when some
 * file the answer depends on was not given yet). Undefined: not local, or not a database command at all.
 */
export function databaseTarget(command: SimpleCommand, get: FileLookup): DatabaseTarget {
  const line = lineTargets(command);
  if (line.shared) return undefined;
  if (line.local && line.serviceNames.length === 0) return { tag: true };
  const entry = CONFIG_BY_TOOL.get(toolOf(command));
  const files = entry?.files;
  // A task runner's target is looked into only when it names the database (`make db-reset`, not `make clean`).
  const named = entry?.runner !== true || command.args.flatMap(partsOf).some((part) => DATABASE_WORDS.has(part));
  const fromProject = files !== undefined && named && !line.local && RESET_WORDS.test(command.args.join(" "));
  if (!fromProject && line.serviceNames.length === 0) return undefined;
  const path = (name: string) => inDir(command.dir, name);
  const unsettled = (names: readonly string[]) => names.map(path).filter((name) => !fileSettled(get(name)));
  const configNeeds = fromProject ? unsettled(files.map((file) => file.path)) : [];
  if (configNeeds.length > 0) return { needs: configNeeds.map(configNeed) };
  const text = (name: string) => get(path(name))?.content;
  const found = fromProject ? projectTargets(files, text) : noFindings();
  found.serviceNames.push(...line.serviceNames);
  found.local ||= line.local;
  if (found.shared) return undefined;
  // A plain server name is local only where the project's compose file runs a service by that name.
  if (found.serviceNames.length === 0) return targetsLocal(found) ? { tag: true } : undefined;
  const composeNeeds = unsettled(COMPOSE_FILES);
  if (composeNeeds.length > 0) return { needs: composeNeeds.map(configNeed) };
  return targetsLocal(found, composeServices(COMPOSE_FILES.map(text))) ? { tag: true } : undefined;
}

function configNeed(path: string): FileNeed {
  return { path, role: "database-config", optional: true };
}

function inDir(dir: string | undefined, path: string): string {
  return dir ? `${dir}/${path}` : path;
}

/** Every target the project's files name for the default environment. */
function projectTargets(files: readonly ConfigFile[], text: (path: string) => string | undefined): TargetFindings {
  const found = noFindings();
  // Every value each file gives: which file wins differs between loaders (dotenv-flow, Next, Vite, Rails), so each counts.
  const dotenv = new Map<string, string[]>();
  for (const file of files) if (file.format === "dotenv") for (const [key, value] of dotenvPairs(text(file.path) ?? "")) dotenv.set(key, [...(dotenv.get(key) ?? []), value]);
  for (const file of files) {
    const content = text(file.path);
    if (content === undefined) continue;
    if (file.format === "dotenv") continue;
    if (file.format === "rails-database") railsTargets(content, found);
    if (file.format === "elixir-config") for (const match of content.matchAll(/\b(?:hostname|url|socket_dir)\s*:\s*"([^"]*)"/g)) classifyServer(match[1]!, found);
    if (file.format === "prisma-schema") prismaTargets(content, dotenv, found);
    if (file.format === "makefile-defaults")
      for (const match of content.matchAll(/^([A-Za-z_][A-Za-z0-9_]*)\s*(?:\?|:{1,3}|\+)?=[ \t]*([^\s#]*)/gm)) classifyVariable(match[1]!, match[2]!, found);
  }
  for (const [key, values] of dotenv) if (SERVER_VARIABLE.test(key)) for (const value of values) classifyServer(value, found);
  // Laravel's and others' `DB_CONNECTION=sqlite`: the database is a file (when no file names another connection).
  const connections = dotenv.get("DB_CONNECTION") ?? [];
  if (connections.length > 0 && connections.every((connection) => /^sqlite/i.test(connection))) found.local = true;
  return found;
}

/** `KEY=value` lines of a dotenv text (`export` allowed, quotes removed, comments dropped). */
function dotenvPairs(text: string): [string, string][] {
  return [...text.matchAll(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\n#]*))/gm)].map((match) => [
    match[1]!,
    (match[2] ?? match[3] ?? match[4] ?? "").trim(),
  ]);
}

/**
 * config/database.yml: the `development` section (and the anchor it merges, by convention `default`). A host or
 * URL given there names the server; ERB (`<%= ENV.fetch("DB_HOST") { "localhost" } %>`) counts by the literal it
 * falls back to. A section with an adapter and no host is the client's socket on this machine.
 */
function railsTargets(text: string, found: TargetFindings) {
  const sections = new Map<string, string[]>();
  let current: string | undefined;
  for (const line of text.split("\n")) {
    const top = /^([A-Za-z_][\w-]*):/.exec(line);
    if (top) {
      current = top[1]!;
      sections.set(current, []);
    } else if (current && /^\s+\S/.test(line)) sections.get(current)!.push(line);
  }
  const lines = [...(sections.get("default") ?? []), ...(sections.get("development") ?? [])];
  if (lines.length === 0) return;
  if (!sections.has("development")) return;
  let named = false;
  for (const line of lines) {
    const entry = /^\s+(host|url|adapter|socket)\s*:\s*(.*)$/.exec(line);
    if (!entry) continue;
    const value = yamlValue(entry[2]!);
    if (entry[1] === "adapter") {
      if (/sqlite/i.test(value)) found.local = true;
      continue;
    }
    if (value === "") continue;
    named = true;
    if (entry[1] === "socket") found.local = true;
    else classifyServer(value, found);
  }
  if (!named && lines.some((line) => /^\s+adapter\s*:/.test(line))) found.local = true;
}

/** A YAML value as written, or for ERB the literal it falls back to (the last quoted one that names no variable). */
function yamlValue(text: string): string {
  if (!text.includes("<%")) return text.replace(/^["']|["']$/g, "").trim();
  const literals = [...text.matchAll(/["']([^"']+)["']/g)].map((match) => match[1]!).filter((literal) => !/^[A-Z][A-Z0-9_]*$/.test(literal));
  return literals.at(-1) ?? "";
}

/** prisma's datasource: `url = env("DATABASE_URL")` looked up in the dotenv files, or a literal URL. */
function prismaTargets(text: string, dotenv: ReadonlyMap<string, readonly string[]>, found: TargetFindings) {
  for (const match of text.matchAll(/\b(?:url|directUrl)\s*=\s*(?:env\(\s*"([^"]+)"\s*\)|"([^"]*)")/g)) {
    const values = match[1] !== undefined ? (dotenv.get(match[1]) ?? []) : [match[2]!];
    for (const value of values) classifyServer(value, found);
  }
}

/** The service names the compose files declare (`services:` then its first-level keys). */
function composeServices(texts: readonly (string | undefined)[]): Set<string> {
  const names = new Set<string>();
  for (const text of texts) {
    if (text === undefined) continue;
    let inServices = false;
    let indent: number | undefined;
    for (const line of text.split("\n")) {
      if (/^\S/.test(line)) {
        inServices = /^services\s*:/.test(line);
        indent = undefined;
        continue;
      }
      if (!inServices) continue;
      const key = /^(\s+)([A-Za-z0-9][\w.-]*)\s*:/.exec(line);
      if (!key) continue;
      indent ??= key[1]!.length;
      if (key[1]!.length === indent) names.add(key[2]!.toLowerCase());
    }
  }
  return names;
}

/**
 * A tunnel that makes a local port another machine's (`ssh -L 5433:db.prod:5432`, `kubectl port-forward`, a cloud
 * SQL proxy): in the same input, `localhost` may be that server, so nothing there is taken for local.
 */
export function forwardsPort(command: SimpleCommand): boolean {
  if (command.name === "ssh") return command.flags.includes("-L") || command.args.some((arg) => /^-o\s*LocalForward/i.test(arg));
  if (command.name === "kubectl" || command.name === "oc") return command.args.includes("port-forward");
  return /^(?:cloud[-_]sql[-_]proxy|alloydb-auth-proxy|pgbouncer)$/.test(command.name) || (command.name === "gcloud" && command.args.includes("start-iap-tunnel"));
}

/**
 * A container engine pointed at another machine (`docker -H ssh://…`, `--context prod`, `DOCKER_HOST=…`): what it
 * runs with `exec` or `run` is there, so in the same input a client's localhost or default server is not this one.
 */
export function remoteEngine(command: SimpleCommand): boolean {
  if (!/^(?:docker|podman|nerdctl)$/.test(command.name)) return false;
  if (command.flags.some((flag) => /^(?:-H|--host|--context|-c|--url|--connection|--remote|-r)$/.test(flag))) return true;
  return Object.keys(command.environment ?? {}).some((name) => /^(?:DOCKER_HOST|DOCKER_CONTEXT|CONTAINER_HOST|CONTAINER_CONNECTION)$/.test(name));
}
