// `synaps-policy replay [audit.jsonl] --policy new.toml`: the tool calls the
// audit log recorded, judged again under another policy — what would change.
// Records keep the whole redacted input up to 64 KiB (tool_input); calls
// without it are counted, not guessed. A redacted secret is judged as its
// [REDACTED:…] marker, and a shell_send is judged without the partial line
// the live session held, so those few may differ for that reason alone.
// Each session's calls are judged in their recorded order with the session
// memory, so a script written in one call is judged when a later one runs it.
import type { CliIo } from "./io.ts";
import type { CompiledPolicy, JsonObject, Verdict } from "../policy/engine/index.ts";
import { judgeSession, type SessionStep } from "../session/run-session.ts";
import type { AuditRecord } from "../report/audit-record.ts";
import { parseArgs, UsageError } from "./args.ts";
import { locateAuditLog } from "./audit-file.ts";
import { auditFiles, filterOf, matches, readRecords } from "./audit-reader.ts";
import { loadedPolicy } from "./load-policy.ts";
import { cut } from "./log-stats.ts";
import { table } from "./table.ts";

type Replayed = { time: string; tool: string; input: string; before: string; beforeRule: string | null; after: string; afterRule: string | null };

export function runReplay(argv: string[], io: CliIo): number {
  const args = parseArgs(argv, ["--policy", "--since", "--decision", "--rule", "--tool", "--session"], ["--json", "--all"]);
  if (args.positional.length > 1) throw new UsageError("replay takes at most one audit file");
  if (!args.values.has("--policy")) throw new UsageError("replay needs --policy FILE: the policy to judge the recorded calls under");
  const path = locateAuditLog(args.positional[0]);
  const files = path === undefined ? [] : auditFiles(path);
  if (files.length === 0) {
    io.err(`synaps-policy: no audit log at ${path ?? "(audit_log = off)"}\n`);
    return 1;
  }
  const loaded = loadedPolicy(args.values.get("--policy"), io);
  if (!loaded) return 1;
  const filter = filterOf(args.values, args.flags);
  const { records, problems } = readRecords(files);
  for (const problem of problems) io.err(`synaps-policy: ${problem}\n`);
  const calls = records.filter((record) => record.hook === "before_tool_call" && matches(record, filter));
  const kept = calls.filter((record) => record.tool_input !== undefined && typeof record.tool === "string");
  // Every session's calls are judged in their order, so a script written earlier is judged when it runs.
  const verdicts = replaySessions(loaded.policy, records);
  const replayed = kept.map((record) => replay(record, verdicts.get(record)!));
  // What happens to the call is what counts: continue → allow runs it either way, so it is no change.
  const changed = replayed.filter((item) => effectOf(item.before) !== effectOf(item.after));
  const shown = args.flags.has("--all") ? replayed : changed;
  if (args.flags.has("--json")) {
    for (const item of shown) io.out(`${JSON.stringify(item)}\n`);
    return 0;
  }
  if (shown.length > 0)
    io.out(
      `${table(
        ["time", "tool", "recorded", "now", "effect", "input"],
        shown.map((item) => [
          item.time.replace("T", " ").replace(/\.\d+Z$/, "Z"),
          item.tool,
          describe(item.before, item.beforeRule),
          describe(item.after, item.afterRule),
          effectOf(item.before) === effectOf(item.after) ? "same" : `${effectOf(item.before)} → ${effectOf(item.after)}`,
          cut(item.input, 100),
        ]),
      )}\n\n`,
    );
  const reattributed = replayed.filter((item) => !changed.includes(item) && (item.before !== item.after || item.beforeRule !== item.afterRule)).length;
  io.out(`${summary(calls.length, kept.length, changed, reattributed, loaded.policy)}\n`);
  return 0;
}

/** What a decision does to the call: it runs (continue, allow), runs rewritten (modify), asks the person (confirm) or is blocked. */
function effectOf(decision: string): string {
  switch (decision) {
    case "continue":
    case "allow":
      return "runs";
    case "modify":
      return "runs rewritten";
    case "confirm":
      return "asks";
    case "block":
      return "blocked";
    default:
      return decision;
  }
}

/** The recorded calls (and session ends) in the log's order, each session with its own memory of files. */
function replaySessions(policy: CompiledPolicy, records: readonly AuditRecord[]): Map<AuditRecord, Verdict> {
  const replayable = records.filter(
    (record) => (record.hook === "before_tool_call" && record.tool_input !== undefined && typeof record.tool === "string") || record.hook === "on_session_end",
  );
  const steps: SessionStep[] = replayable.map((record, index) => ({
    line: index + 1,
    session: record.session_id ?? null,
    tool: record.tool ?? null,
    event: record.hook === "on_session_end" ? { hook: "on_session_end" } : { hook: "before_tool_call", tool: [record.tool as string], input: record.tool_input as JsonObject },
  }));
  const judged = judgeSession(policy, steps, { home: policy.home });
  return new Map(replayable.map((record, index) => [record, judged[index]!.verdict]));
}

function replay(record: AuditRecord, verdict: Verdict): Replayed {
  const tool = record.tool as string;
  return {
    time: record.time,
    tool,
    input: record.input ?? JSON.stringify(record.tool_input),
    before: String(record.decision),
    beforeRule: record.rule ?? null,
    after: verdict.decision.kind,
    afterRule: verdict.decidedBy.kind === "rule" ? verdict.decidedBy.rule.id : null,
  };
}

function describe(decision: string, rule: string | null): string {
  return rule ? `${decision} (${rule})` : decision;
}

function summary(calls: number, kept: number, changed: readonly Replayed[], reattributed: number, policy: CompiledPolicy): string {
  const transitions = new Map<string, number>();
  for (const item of changed) {
    const transition = `${effectOf(item.before)} → ${effectOf(item.after)}`;
    transitions.set(transition, (transitions.get(transition) ?? 0) + 1);
  }
  const skipped = calls - kept;
  const parts = [...transitions].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([transition, count]) => `${count} ${transition}`);
  const same = reattributed > 0 ? `; ${reattributed} more get another decision or rule with the same effect (--all lists every call)` : "";
  return `${kept} recorded tool calls judged again under ${policy.source} (${policy.hash}): ${changed.length} would change what happens${parts.length > 0 ? ` (${parts.join(", ")})` : ""}${same}${skipped > 0 ? `; ${skipped} without a kept input were skipped` : ""}`;
}
