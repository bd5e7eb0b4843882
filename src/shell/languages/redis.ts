// Redis commands (redis-cli's arguments, or its input one command a line):
// what each does in the statement vocabulary, the Lua an EVAL runs, and the
// file a `CONFIG SET dir` + `CONFIG SET dbfilename` + `SAVE` writes — the
// classic way to drop a file (an authorized_keys, a cron entry) through a
// redis server — as a `: > FILE` line the file rules judge.
import type { CodeReading } from "./code.ts";
import { shellQuote } from "./quote.ts";
import { type StatementKind, statementText } from "../view/statements.ts";

const KINDS: Record<string, StatementKind> = {
  FLUSHALL: "delete-all",
  FLUSHDB: "delete-all",
  // Redis Stack modules (issue 28, breadth round 17): a search or vector index dropped (`FT.DROPINDEX idx DD` takes
  // its documents too), a graph deleted, a JSON document, time series or Bloom filter removed.
  "FT.DROPINDEX": "drop",
  "FT.DROP": "drop",
  "FT._DROPINDEXIFX": "drop",
  "GRAPH.DELETE": "drop",
  "JSON.DEL": "delete",
  "JSON.FORGET": "delete",
  "TS.DEL": "delete",
  "CF.DEL": "delete",
  "FT.DEL": "delete",
  "FT.SEARCH": "select",
  "FT.INFO": "select",
  "FT._LIST": "select",
  "JSON.GET": "select",
  DEL: "delete",
  UNLINK: "delete",
  HDEL: "delete",
  SREM: "delete",
  ZREM: "delete",
  LREM: "delete",
  XDEL: "delete",
  GETDEL: "delete",
  ZREMRANGEBYSCORE: "delete",
  ZREMRANGEBYRANK: "delete",
  ZREMRANGEBYLEX: "delete",
  XTRIM: "delete",
  LTRIM: "delete",
  // A key given a time to live is deleted when it runs out (issue 28, breadth round 5): over keys only the run
  // knows (`--scan … | xargs redis-cli expire {} 1`) it is a delete of all of them.
  EXPIRE: "delete",
  PEXPIRE: "delete",
  EXPIREAT: "delete",
  PEXPIREAT: "delete",
  SHUTDOWN: "admin",
  DEBUG: "admin",
  MODULE: "admin",
  SLAVEOF: "admin",
  REPLICAOF: "admin",
  FAILOVER: "admin",
  CLUSTER: "admin",
  MIGRATE: "admin",
  ACL: "grant",
  CONFIG: "config",
  GET: "select",
  MGET: "select",
  KEYS: "select",
  SCAN: "select",
  EXISTS: "select",
  TTL: "select",
  PTTL: "select",
  TYPE: "select",
  INFO: "select",
  PING: "select",
  DBSIZE: "select",
  HGET: "select",
  HGETALL: "select",
  HKEYS: "select",
  HVALS: "select",
  HSCAN: "select",
  LRANGE: "select",
  LLEN: "select",
  SMEMBERS: "select",
  SCARD: "select",
  SSCAN: "select",
  ZRANGE: "select",
  ZSCORE: "select",
  ZCARD: "select",
  ZSCAN: "select",
  XRANGE: "select",
  XREAD: "select",
  XLEN: "select",
  STRLEN: "select",
  MONITOR: "select",
  CLIENT: "select",
  MEMORY: "select",
  SLOWLOG: "select",
  LASTSAVE: "select",
  TIME: "select",
  ECHO: "select",
  SELECT: "other",
  AUTH: "other",
  MULTI: "transaction",
  EXEC: "transaction",
  DISCARD: "transaction",
};

/** Subcommands that read where their command otherwise changes something. */
const READ_SUBCOMMANDS: Record<string, Set<string>> = {
  CONFIG: new Set(["GET", "HELP"]),
  ACL: new Set(["LIST", "USERS", "GETUSER", "WHOAMI", "CAT", "LOG", "HELP"]),
  CLUSTER: new Set(["INFO", "NODES", "SLOTS", "SHARDS", "MYID", "KEYSLOT", "COUNTKEYSINSLOT", "HELP"]),
  MODULE: new Set(["LIST", "HELP"]),
  SCRIPT: new Set(["EXISTS", "HELP"]),
  FUNCTION: new Set(["LIST", "DUMP", "STATS", "HELP"]),
};

type Persisted = { dir?: string; file?: string };

export function readRedis(text: string): CodeReading {
  const reading: CodeReading = { lines: [], unresolved: [], statements: [] };
  const persisted: Persisted = {};
  for (const line of text.split("\n")) {
    const words = redisWords(line);
    if (words.length > 0) readCommand(words, line, reading, persisted);
  }
  return reading;
}

function readCommand(words: string[], line: string, reading: CodeReading, persisted: Persisted) {
  const command = words[0]!.toUpperCase();
  if (command.startsWith("$")) {
    reading.unresolved.push(`a redis command is only known at run time (${statementText(line).slice(0, 60)})`);
    return;
  }
  const sub = words[1]?.toUpperCase() ?? "";
  reading.statements!.push({ kind: kindOf(command, sub), text: statementText(line) });
  if (command === "CONFIG" && sub === "SET") remember(words.slice(2), persisted);
  if ((command === "SAVE" || command === "BGSAVE") && persisted.file !== undefined) {
    const path = persisted.dir === undefined ? persisted.file : `${persisted.dir.replace(/\/$/, "")}/${persisted.file}`;
    reading.lines.push({ line: `: > ${shellQuote(path)}`, label: "CONFIG SET dir/dbfilename + SAVE" });
  }
  if (command === "EVAL" || command === "EVAL_RO" || command === "FCALL") readLua(words[1] ?? "", reading);
}

function kindOf(command: string, sub: string): StatementKind {
  if (READ_SUBCOMMANDS[command]?.has(sub)) return "select";
  if (command === "SCRIPT" || command === "FUNCTION") return sub === "FLUSH" || sub === "DELETE" ? "admin" : "other";
  return KINDS[command] ?? "other";
}

/** CONFIG SET dir /x dbfilename y: several pairs in one command are allowed. */
function remember(pairs: string[], persisted: Persisted) {
  for (let index = 0; index + 1 < pairs.length; index += 2) {
    const key = pairs[index]!.toLowerCase();
    if (key === "dir") persisted.dir = pairs[index + 1]!;
    if (key === "dbfilename") persisted.file = pairs[index + 1]!;
  }
}

/** `EVAL "return redis.call('flushall')" 0`: the commands the script calls count as the script's own. */
function readLua(script: string, reading: CodeReading) {
  for (const match of script.matchAll(/redis\.p?call\s*\(\s*['"](\w+)['"]/gi)) {
    const command = match[1]!.toUpperCase();
    reading.statements!.push({ kind: kindOf(command, ""), text: statementText(`${command} (in EVAL)`) });
  }
}

/** redis-cli splits a line into words as a shell would: quotes group, backslashes escape inside double quotes. */
function redisWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) words.push(match[1]?.replace(/\\(.)/g, "$1") ?? match[2] ?? match[3]!);
  return words;
}
