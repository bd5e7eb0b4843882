// `synaps-policy check --file FILE`: many calls at once — one input a line
// (a command, a JSON tool input, or a JSONL tool call {"tool", "input"} as
// the audit log or a host transcript has them) — as a decision table and a
// summary. The way to test a policy against real work before it matters.
import type { CliIo } from "./io.ts";
import { homedir } from "node:os";
import { type CompiledPolicy, evaluate, type JsonObject, type PolicyEvent, type Verdict } from "../policy/engine/index.ts";
import { preview } from "../match/secrets/for-log.ts";
import { checkEvent, toolNameProblem } from "../report/check-input.ts";
import { judgeAlone } from "../session/run-session.ts";
import { listOption, UsageError, type ParsedArgs } from "./args.ts";
import { projectOf } from "./project-option.ts";
import { loadedPolicy } from "./load-policy.ts";
import { readInputFile } from "./read-input-file.ts";
import { table } from "./table.ts";

type Call = { line: number; tool: string; input: string | JsonObject };

/** The decisions `--fail-on` may name: a CI job fails when a call gets one of them. */
const FAIL_ON_DECISIONS = ["block", "confirm", "modify", "allow", "continue"] as const;

export function checkFile(file: string, args: ParsedArgs, io: CliIo): number {
  if (args.positional.length > 1) throw new UsageError("with --file, give at most a tool (the default for plain lines is bash)");
  const failOn = listOption(args.values.get("--fail-on"), "--fail-on", FAIL_ON_DECISIONS);
  const read = file === "-" ? { ok: true as const, text: io.stdin() } : readInputFile(file);
  if (!read.ok) {
    io.err(`synaps-policy: ${read.problem}\n`);
    return 1;
  }
  const project = projectOf(args.values.get("--project"));
  const loaded = loadedPolicy(args.values.get("--policy"), io, project);
  if (!loaded) return 1;
  const tool = args.positional[0] ?? "bash";
  const problem = toolNameProblem(loaded.policy, tool);
  if (problem) throw new UsageError(problem);
  const calls = callsOf(read.text, tool);
  const events = calls.map((call) => checkEvent(loaded.policy, call.tool, call.input, project));
  const verdicts = verdictsOf(loaded.policy, events, project);
  const rows = calls.map((call, index) => row(loaded.policy, call, events[index]!, verdicts[index]!));
  const failing = rows.filter((row) => (failOn as readonly string[]).includes(row.decision));
  const code = failing.length > 0 ? 2 : 0;
  if (failing.length > 0)
    io.err(
      `synaps-policy: ${failing.length} call${failing.length === 1 ? "" : "s"} got ${failOn.join(" or ")} (--fail-on): line${failing.length === 1 ? "" : "s"} ${failing.map((row) => row.line).join(", ")}\n`,
    );
  if (args.flags.has("--json")) {
    for (const row of rows) io.out(`${JSON.stringify(row)}\n`);
    return code;
  }
  io.out(
    `${table(
      ["line", "decision", "rule", "tool", "input"],
      rows.map((row) => [String(row.line), row.would ? `${row.decision} (would ${row.would})` : row.decision, row.rule ?? row.would_rule ?? "-", row.tool, row.input]),
    )}\n`,
  );
  io.out(`\n${summary(rows)}\n`);
  return code;
}

type Row = { line: number; tool: string; decision: string; rule?: string; would?: string; would_rule?: string; input: string };

/** Each call's verdict; in a project, with the files it runs read from disk there, as the extension would. */
function verdictsOf(policy: CompiledPolicy, events: readonly PolicyEvent[], project: string | undefined): Verdict[] {
  if (project === undefined) return events.map((event) => evaluate(policy, event));
  return judgeAlone(policy, events, { home: policy.home || homedir(), root: project });
}

function row(policy: CompiledPolicy, call: Call, event: PolicyEvent, verdict: Verdict): Row {
  return {
    line: call.line,
    tool: call.tool,
    decision: verdict.decision.kind,
    ...(verdict.decidedBy.kind === "rule" ? { rule: verdict.decidedBy.rule.id } : {}),
    ...(verdict.observed ? { would: verdict.observed.decision, ...(verdict.observed.rule ? { would_rule: verdict.observed.rule.id } : {}) } : {}),
    input:
      preview(event.hook === "before_tool_call" ? (Object.keys(event.input).length === 1 ? Object.values(event.input)[0] : event.input) : call.input, 80, {
        own: policy.ownPatterns,
      }) ?? "",
  };
}

/** Each non-empty line that is not a # comment: a JSONL tool call, a JSON input, or text for the main field. */
function callsOf(text: string, defaultTool: string): Call[] {
  const calls: Call[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = raw.replace(/\r$/, "");
    if (line.trim() === "" || line.trimStart().startsWith("#")) return;
    const call = toolCall(line);
    calls.push(call ? { line: index + 1, ...call } : { line: index + 1, tool: defaultTool, input: line });
  });
  return calls;
}

function toolCall(line: string): { tool: string; input: string | JsonObject } | undefined {
  if (!line.trimStart().startsWith("{")) return undefined;
  try {
    const value = JSON.parse(line) as Record<string, unknown>;
    const tool = value.tool ?? value.tool_name;
    const input = value.input ?? value.tool_input;
    if (typeof tool !== "string") return undefined;
    if (typeof input === "string" || (typeof input === "object" && input !== null && !Array.isArray(input))) return { tool, input: input as string | JsonObject };
  } catch {
    // Not JSON: a command such as `{ rm -rf ~; }`.
  }
  return undefined;
}

function summary(rows: readonly Row[]): string {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.decision, (counts.get(row.decision) ?? 0) + 1);
  const would = rows.filter((row) => row.would).length;
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([decision, count]) => `${count} ${decision}`);
  return `${rows.length} call${rows.length === 1 ? "" : "s"}: ${parts.join(", ") || "none"}${would > 0 ? `; ${would} would be decided otherwise with observed rules enforced` : ""}`;
}
