// `synaps-policy log --stats`: what the records add up to — decisions, rules,
// the commands stopped most, what observe mode would have done, the model's
// dry runs and refusals per session (probing shows here), policy reloads and
// records the log lost.
import type { AuditRecord } from "../report/audit-record.ts";
import { table } from "./table.ts";

const TOP = 10;

export function statsText(records: readonly AuditRecord[]): string {
  const calls = records.filter((record) => record.event === undefined && record.hook !== "policy_tool");
  const sections = [
    overview(records),
    counted(
      "by decision",
      calls.map((record) => String(record.decision)),
    ),
    counted(
      "by rule",
      calls.filter((record) => record.rule).map((record) => `${record.rule} (${record.decision})`),
      TOP,
    ),
    topStopped(calls),
    counted(
      "observe mode: would have been decided otherwise",
      calls.filter((record) => record.would_decision).map((record) => `${record.would_decision}${record.would_rule ? ` by ${record.would_rule}` : ""}`),
      TOP,
    ),
    counted(
      "code nobody could see (defaults.unseen_code)",
      calls.filter((record) => record.unseen_code && record.unseen_code.length > 0).map((record) => `${record.decision}: ${record.unseen_code!.slice(0, 3).join(", ")}`),
      TOP,
    ),
    dryRuns(records.filter((record) => record.hook === "policy_tool")),
    logHealth(records),
  ];
  return sections.filter((section) => section !== "").join("\n\n");
}

/** What statsText says, for machines (`log --stats --json`): counts by decision, rule, stopped command, observed outcome. */
export function statsJson(records: readonly AuditRecord[]) {
  const calls = records.filter((record) => record.event === undefined && record.hook !== "policy_tool");
  const stopped = calls.filter((record) => record.decision === "block" || record.decision === "confirm");
  return {
    records: records.length,
    ...(records.length > 0 ? { from: records[0]!.time, to: records.at(-1)!.time } : {}),
    by_decision: countsOf(calls.map((record) => String(record.decision))),
    by_rule: countsOf(calls.filter((record) => record.rule).map((record) => String(record.rule))),
    stopped_inputs: countsOf(stopped.map((record) => record.input ?? "")),
    observed: countsOf(calls.filter((record) => record.would_decision).map((record) => String(record.would_decision))),
    dry_runs: records.filter((record) => record.hook === "policy_tool").length,
  };
}

function countsOf(values: readonly string[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

function overview(records: readonly AuditRecord[]): string {
  if (records.length === 0) return "no records";
  return `${records.length} records, ${records[0]!.time} to ${records.at(-1)!.time}`;
}

function counted(title: string, values: readonly string[], limit?: number): string {
  if (values.length === 0) return "";
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = limit === undefined ? sorted : sorted.slice(0, limit);
  const more = sorted.length - shown.length;
  return `${title}:\n${shown.map(([value, count]) => `  ${String(count).padStart(6)}  ${value}`).join("\n")}${more > 0 ? `\n  … and ${more} more` : ""}`;
}

function topStopped(calls: readonly AuditRecord[]): string {
  const stopped = calls.filter((record) => record.decision === "block" || record.decision === "confirm");
  if (stopped.length === 0) return "";
  const counts = new Map<string, { count: number; decision: string; rule: string }>();
  for (const record of stopped) {
    const key = `${record.tool ?? "?"} ${record.input ?? ""}`;
    const entry = counts.get(key) ?? { count: 0, decision: String(record.decision), rule: record.rule ?? "-" };
    entry.count++;
    counts.set(key, entry);
  }
  const rows = [...counts]
    .sort((a, b) => b[1].count - a[1].count)
    .slice(0, TOP)
    .map(([key, entry]) => [String(entry.count), entry.decision, entry.rule, cut(key, 100)]);
  return `top stopped calls:\n${indent(table(["count", "decision", "rule", "call"], rows))}`;
}

function dryRuns(records: readonly AuditRecord[]): string {
  if (records.length === 0) return "";
  const sessions = new Map<string, { answered: number; stopped: number; refused: number; off: number }>();
  for (const record of records) {
    const session = record.session_id ?? "(no session)";
    const entry = sessions.get(session) ?? { answered: 0, stopped: 0, refused: 0, off: 0 };
    if (record.dry_run === "answered") {
      entry.answered++;
      if (record.decision === "block" || record.decision === "confirm") entry.stopped++;
    } else if (record.dry_run === "refused") entry.refused++;
    else entry.off++;
    sessions.set(session, entry);
  }
  const rows = [...sessions].map(([session, entry]) => [session, String(entry.answered), String(entry.stopped), String(entry.refused), String(entry.off)]);
  return `dry runs of the model's policy tool, by session (many stopped or refused ones look like probing):\n${indent(table(["session", "answered", "would stop", "refused", "while off"], rows))}`;
}

function logHealth(records: readonly AuditRecord[]): string {
  const reloads = records.filter((record) => record.event === "policy_reload");
  const gaps = records.filter((record) => record.event === "audit_gap");
  const lines: string[] = [];
  if (reloads.length > 0) lines.push(`policy reloads: ${reloads.filter((record) => record.ok).length} applied, ${reloads.filter((record) => !record.ok).length} refused`);
  if (gaps.length > 0)
    lines.push(
      `records lost: ${gaps.reduce((sum, record) => sum + (record.dropped ?? 0), 0)} in ${gaps.length} episode${gaps.length === 1 ? "" : "s"} the log could not be written (last: ${gaps.at(-1)!.error})`,
    );
  return lines.join("\n");
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

export function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
