// Reading the audit log: the current file and the rotated ones beside it
// (audit.jsonl.3 … audit.jsonl.1, then audit.jsonl — oldest first), record
// by record, skipping lines that are not records (a line torn by a failed
// write); and the filters `log` and `replay` share.
import { existsSync } from "node:fs";
import { compileAlternatives, type NameMatcher } from "../match/glob.ts";
import { parseAuditLine, type AuditRecord } from "../report/audit-record.ts";
import { HOOK_KINDS } from "../policy/engine/index.ts";
import { ALL_DECISIONS } from "../policy/format/rule-shape.ts";
import { listOption, oneOfOption, UsageError } from "./args.ts";
import { readInputFile } from "./read-input-file.ts";
import { MAX_ROTATED_LOGS_READ } from "../limits.ts";

/** The log and its rotated files that exist, oldest first. */
export function auditFiles(path: string): string[] {
  const files: string[] = [];
  for (let index = MAX_ROTATED_LOGS_READ; index >= 1; index--) if (existsSync(`${path}.${index}`)) files.push(`${path}.${index}`);
  if (existsSync(path)) files.push(path);
  return files;
}

export function readRecords(files: readonly string[]): { records: AuditRecord[]; problems: string[]; skipped: number } {
  const records: AuditRecord[] = [];
  const problems: string[] = [];
  let skipped = 0;
  for (const file of files) {
    const read = readInputFile(file);
    if (!read.ok) {
      problems.push(read.problem);
      continue;
    }
    for (const line of read.text.split("\n")) {
      if (line.trim() === "") continue;
      const record = parseAuditLine(line);
      if (record) records.push(record);
      else skipped++;
    }
  }
  return { records, problems, skipped };
}

export type RecordFilter = {
  since?: number;
  decisions?: ReadonlySet<string>;
  rule?: NameMatcher;
  tool?: NameMatcher;
  session?: string;
  hook?: string;
  observed?: boolean;
};

/** The filters from the options (--since, --decision, --rule, --tool, --session, --hook, --observed). */
export function filterOf(values: ReadonlyMap<string, string>, flags: ReadonlySet<string>, now: number = Date.now()): RecordFilter {
  const filter: RecordFilter = {};
  const since = values.get("--since");
  if (since !== undefined) filter.since = sinceTime(since, now);
  const decisions = values.get("--decision");
  if (decisions !== undefined) filter.decisions = new Set(listOption(decisions, "--decision", ALL_DECISIONS));
  const rule = values.get("--rule");
  if (rule !== undefined) filter.rule = compileAlternatives(rule);
  const tool = values.get("--tool");
  if (tool !== undefined) filter.tool = compileAlternatives(tool);
  const session = values.get("--session");
  if (session !== undefined) filter.session = session;
  const hook = values.get("--hook");
  if (hook !== undefined) filter.hook = oneOfOption(hook, "--hook", HOOK_KINDS);
  if (flags.has("--observed")) filter.observed = true;
  return filter;
}

/** Whether any filter is about calls (then records about the log or the policy are left out). */
function filtersCalls(filter: RecordFilter): boolean {
  return (
    filter.decisions !== undefined ||
    filter.rule !== undefined ||
    filter.tool !== undefined ||
    filter.session !== undefined ||
    filter.hook !== undefined ||
    filter.observed === true
  );
}

export function matches(record: AuditRecord, filter: RecordFilter): boolean {
  if (filter.since !== undefined && !(Date.parse(record.time) >= filter.since)) return false;
  if (record.event !== undefined) return !filtersCalls(filter);
  if (filter.decisions && !filter.decisions.has(String(record.decision))) return false;
  if (filter.rule && !(typeof record.rule === "string" && filter.rule(record.rule)) && !(typeof record.would_rule === "string" && filter.rule(record.would_rule))) return false;
  if (filter.tool && !(typeof record.tool === "string" && filter.tool(record.tool))) return false;
  if (filter.session !== undefined && record.session_id !== filter.session) return false;
  if (filter.hook !== undefined && record.hook !== filter.hook) return false;
  if (filter.observed && record.would_decision === undefined) return false;
  return true;
}

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `2h` → two hours ago; a date or a date and time → that moment. */
function sinceTime(text: string, now: number): number {
  const relative = /^(\d+(?:\.\d+)?)\s*([smhdw])$/.exec(text.trim());
  if (relative) return now - Number(relative[1]) * UNITS[relative[2]!]!;
  const absolute = Date.parse(text);
  if (!Number.isNaN(absolute)) return absolute;
  throw new UsageError(`--since ${JSON.stringify(text)}: expected an age such as 90s, 30m, 2h, 7d, or a date such as 2026-05-01 or 2026-05-01T12:00:00Z`);
}
