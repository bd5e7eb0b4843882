// Copying an older install's files out of the plugin folder. Older versions
// kept policy.toml (and the files it includes) and logs/ inside
// plugins/synaps-policy/, which a /plugins update deletes. On the first start
// of this version (the extension, `install`, or a command that reads the
// policy or the log) they are copied to the user folder (defaults.ts) and
// used from there. Nothing is deleted and nothing is overwritten: when both
// places hold a file and they differ, the user folder's wins, and `doctor`
// says so. What was copied is recorded beside it, so `doctor` can say later
// what moved where.
import { constants, copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { expandHome } from "../match/path.ts";
import { loadPolicyFile } from "../policy/load/load-file.ts";
import { DEFAULT_AUDIT_LOG, DEFAULT_POLICY_FILE, LEGACY_AUDIT_LOG, LEGACY_POLICY_FILE, MIGRATION_RECORD, USER_FOLDER } from "./defaults.ts";

export type Move = { from: string; to: string };

/** What a look at (or a copy from) the plugin folder found. */
export type Migration = {
  /** Copied now (empty when only looking). */
  copied: Move[];
  /** Would be copied (only when looking). */
  pending: Move[];
  /** Both places hold the file and they differ: `to` (the user folder's) is the one used. */
  differ: Move[];
  /** Copies that failed, said for a person. */
  problems: string[];
};

export type MigrationPlaces = {
  pluginRoot: string;
  home: string;
  /** The policy file in use; the copy happens only when it is the default. */
  policyFile: string | undefined;
  /** The audit log in use (undefined: off); the copy happens only when it is the default. */
  auditLog: string | undefined;
};

/** The user folder with `~` expanded. */
export function userFolder(home: string): string {
  return expandHome(USER_FOLDER, home);
}

/** Copy what an older install left in the plugin folder to the user folder, once. */
export function migrateLegacyFiles(places: MigrationPlaces, now: () => Date = () => new Date()): Migration {
  const result = planMigration(places);
  const migration: Migration = { copied: [], pending: [], differ: result.differ, problems: [] };
  for (const move of result.moves) {
    try {
      mkdirSync(dirname(move.to), { recursive: true });
      copyFileSync(move.from, move.to, constants.COPYFILE_EXCL);
      migration.copied.push(move);
    } catch (error) {
      migration.problems.push(`could not copy ${move.from} to ${move.to}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
  if (migration.copied.length > 0) recordMoves(places.home, migration.copied, now());
  return migration;
}

/** What migrateLegacyFiles would do, changing nothing (for `doctor`). */
export function lookAtLegacyFiles(places: MigrationPlaces): Migration {
  const result = planMigration(places);
  return { copied: [], pending: result.moves, differ: result.differ, problems: [] };
}

/** What earlier starts copied, as recorded in the user folder. */
export function recordedMoves(home: string): { time: string; moves: Move[] }[] {
  try {
    const parsed = JSON.parse(readFileSync(join(userFolder(home), MIGRATION_RECORD), "utf8"));
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** One line per move, for stderr and `doctor`. */
export function describeMigration(migration: Migration): string[] {
  return [
    ...migration.copied.map((move) => `copied ${move.from} to ${move.to} (a /plugins update deletes the plugin folder; the old copy is left where it was)`),
    ...migration.pending.map((move) => `${move.from} will be copied to ${move.to} when synaps-policy next starts`),
    ...migration.differ.map((move) => `${move.from} (an older install's) differs from ${move.to}; ${move.to} is the one used`),
    ...migration.problems,
  ];
}

function planMigration(places: MigrationPlaces): { moves: Move[]; differ: Move[] } {
  const moves: Move[] = [];
  const differ: Move[] = [];
  const policy = policyMoves(places);
  const logs = logMoves(places);
  for (const move of [...policy, ...logs]) {
    if (!existsSync(move.to)) moves.push(move);
    else if (!sameBytes(move.from, move.to)) differ.push(move);
  }
  // The logs are one history: copied together or not at all (a newer log already there wins whole).
  const logTargetsExist = logs.some((move) => existsSync(move.to));
  return { moves: logTargetsExist ? moves.filter((move) => !logs.includes(move)) : moves, differ: logTargetsExist ? differ : differ.filter((move) => !logs.includes(move)) };
}

/** The old policy.toml and every file it reads inside the plugin folder, each to the same place under the user folder. */
function policyMoves({ pluginRoot, home, policyFile }: MigrationPlaces): Move[] {
  const target = expandHome(DEFAULT_POLICY_FILE, home);
  if (policyFile === undefined || resolve(policyFile) !== resolve(target)) return [];
  const legacy = join(pluginRoot, LEGACY_POLICY_FILE);
  if (!isRegularFile(legacy, true) || resolve(legacy) === resolve(target)) return [];
  // Already copied (or the user has their own): only compare the main file, without loading the old policy again at every start.
  if (existsSync(target)) return [{ from: legacy, to: target }];
  const root = resolve(pluginRoot);
  const read = loadPolicyFile({ file: legacy, explicit: true }, home).watch.files;
  const inside = [...new Set(read.map((file) => resolve(file)))].filter((file) => file !== resolve(legacy) && isInside(file, root) && isRegularFile(file, true));
  return [{ from: legacy, to: target }, ...inside.map((file) => ({ from: file, to: join(dirname(target), relative(root, file)) }))];
}

/** logs/audit.jsonl and its rotated generations (audit.jsonl.1, .2, …). */
function logMoves({ pluginRoot, home, auditLog }: MigrationPlaces): Move[] {
  const target = expandHome(DEFAULT_AUDIT_LOG, home);
  if (auditLog === undefined || resolve(auditLog) !== resolve(target)) return [];
  const legacy = join(pluginRoot, LEGACY_AUDIT_LOG);
  if (resolve(legacy) === resolve(target)) return [];
  const name = basename(legacy);
  let entries: string[];
  try {
    entries = readdirSync(dirname(legacy));
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry === name || new RegExp(`^${name.replace(/\./g, "\\.")}\\.\\d+$`).test(entry))
    .filter((entry) => isRegularFile(join(dirname(legacy), entry), false))
    .map((entry) => ({ from: join(dirname(legacy), entry), to: `${target}${entry.slice(name.length)}` }));
}

function recordMoves(home: string, moves: Move[], time: Date) {
  const file = join(userFolder(home), MIGRATION_RECORD);
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify([...recordedMoves(home), { time: time.toISOString(), moves }], null, 2)}\n`);
  } catch {
    // The record only serves `doctor`; the copies themselves are what matters.
  }
}

/** A regular file; a policy may be a link to one, a log may not (a linked log is never written, so never copied either). */
function isRegularFile(path: string, followLinks: boolean): boolean {
  try {
    return (followLinks ? statSync(path) : lstatSync(path)).isFile();
  } catch {
    return false;
  }
}

function sameBytes(a: string, b: string): boolean {
  try {
    return readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel !== "" && !rel.startsWith("..") && !rel.startsWith("/");
}
