// `synaps-policy log`: the audit log without jq. The newest records as a
// table (time, hook, tool, decision, rule, input), filtered; --json for the
// records themselves; --stats for what they add up to; --follow to keep
// printing as the extension writes (rotation included).
import type { CliIo } from "./io.ts";
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { parseAuditLine, type AuditRecord } from "../report/audit-record.ts";
import { parseArgs, UsageError } from "./args.ts";
import { locateAuditLog } from "./audit-file.ts";
import { moveLegacyFiles } from "./legacy-files.ts";
import { auditFiles, filterOf, matches, readRecords, type RecordFilter } from "./audit-reader.ts";
import { cut, statsJson, statsText } from "./log-stats.ts";
import { table } from "./table.ts";

const DEFAULT_LIMIT = 50;
const FOLLOW_POLL_MS = 200;

export async function runLog(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ["--since", "--decision", "--rule", "--tool", "--session", "--hook", "--limit", "--audit"], ["--follow", "--json", "--stats", "--observed"]);
  if (args.positional.length > 1) throw new UsageError("log takes at most one file");
  const named = args.positional[0] ?? args.values.get("--audit");
  if (named === undefined) moveLegacyFiles();
  const path = locateAuditLog(named);
  if (path === undefined) {
    io.err("synaps-policy: auditing is off (audit_log = off); there is no log to read\n");
    return 1;
  }
  const filter = filterOf(args.values, args.flags);
  const limit = limitOf(args.values.get("--limit"), args.flags.has("--json") || args.flags.has("--stats") ? Number.POSITIVE_INFINITY : DEFAULT_LIMIT);
  const files = auditFiles(path);
  if (files.length === 0 && !args.flags.has("--follow")) {
    io.err(`synaps-policy: no audit log at ${path} yet (the extension writes it once it judges a call)\n`);
    return 1;
  }
  // Where following starts: measured before reading, so a record written meanwhile is not missed.
  const followFrom = sizeOf(path);
  const { records, problems, skipped } = readRecords(files);
  for (const problem of problems) io.err(`synaps-policy: ${problem}\n`);
  const selected = records.filter((record) => matches(record, filter));
  if (args.flags.has("--stats")) {
    io.out(args.flags.has("--json") ? `${JSON.stringify(statsJson(selected), null, 2)}\n` : `${statsText(selected)}\n`);
    return 0;
  }
  const shown = Number.isFinite(limit) ? selected.slice(-limit) : selected;
  const json = args.flags.has("--json");
  if (json) for (const record of shown) io.out(`${JSON.stringify(record)}\n`);
  else io.out(`${table(COLUMNS, shown.map(row))}\n`);
  if (!json && shown.length < selected.length) io.err(`(the newest ${shown.length} of ${selected.length} matching records; --limit N shows more)\n`);
  if (skipped > 0) io.err(`(${skipped} lines that are not records were skipped)\n`);
  if (args.flags.has("--follow")) return follow(path, filter, json, followFrom, io);
  return 0;
}

const COLUMNS = ["time", "hook", "tool", "decision", "rule", "input"];

function row(record: AuditRecord): string[] {
  const time = record.time.replace("T", " ").replace(/\.\d+Z$/, "Z");
  if (record.event === "policy_reload") return [time, "policy_reload", "-", record.ok ? "applied" : "refused", "-", cut((record.problems ?? [record.file ?? ""])[0] ?? "", 100)];
  if (record.event === "audit_gap") return [time, "audit_gap", "-", `${record.dropped} lost`, "-", String(record.error ?? "")];
  const decision =
    record.hook === "policy_tool" && record.dry_run !== "answered"
      ? `dry run ${record.dry_run}`
      : `${record.decision}${record.would_decision ? ` (would ${record.would_decision})` : ""}`;
  const rule = record.rule ?? (record.would_rule ? `${record.would_rule} (observed)` : "-");
  return [time, String(record.hook ?? "-"), String(record.tool ?? "-"), decision, rule, cut(oneLine(record.input ?? ""), 100)];
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ⏎ ");
}

function limitOf(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`--limit ${JSON.stringify(text)}: expected a whole number of at least 1`);
  return value;
}

/** Print new records as they are written; a rotated or truncated log is read again from its start. */
async function follow(path: string, filter: RecordFilter, json: boolean, from: { size: number; ino: number } | undefined, io: CliIo): Promise<number> {
  let offset = from?.size ?? 0;
  let inode = from?.ino;
  let partial = "";
  for (;;) {
    await Bun.sleep(FOLLOW_POLL_MS);
    const now = sizeOf(path);
    if (now === undefined) continue;
    if (now.ino !== inode || now.size < offset) {
      inode = now.ino;
      offset = 0;
      partial = "";
    }
    if (now.size === offset) continue;
    const text = partial + readFrom(path, offset, now.size - offset);
    offset = now.size;
    const lines = text.split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      const record = parseAuditLine(line);
      if (!record || !matches(record, filter)) continue;
      io.out(json ? `${JSON.stringify(record)}\n` : `${table(COLUMNS, [row(record)]).split("\n")[1]}\n`);
    }
  }
}

function sizeOf(path: string): { size: number; ino: number } | undefined {
  try {
    const stat = statSync(path);
    return stat.isFile() ? { size: stat.size, ino: stat.ino } : undefined;
  } catch {
    return undefined;
  }
}

function readFrom(path: string, offset: number, length: number): string {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, offset);
    return buffer.subarray(0, read).toString("utf8");
  } finally {
    closeSync(fd);
  }
}
