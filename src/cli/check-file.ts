// `synaps-policy check --file FILE`: many calls at once — one input a line
// (a command, a JSON tool input, or a JSONL tool call {"tool", "input"} as
// the audit log or a host transcript has them) — as a decision table and a
// summary. The way to test a policy against real work before it matters.
import { writeSync } from "node:fs";
import { type CompiledPolicy, evaluate, type JsonObject } from "../policy/engine/index.ts";
import { preview } from "../match/secrets/for-log.ts";
import { checkEvent } from "../report/check-input.ts";
import { UsageError, type ParsedArgs } from "./args.ts";
import { loadedPolicy } from "./load-policy.ts";
import { readInputFile } from "./read-input-file.ts";
import { table } from "./table.ts";

type Call = { line: number; tool: string; input: string | JsonObject };

export function checkFile(file: string, args: ParsedArgs): number {
  if (args.positional.length > 1) throw new UsageError("with --file, give at most a tool (the default for plain lines is bash)");
  const read = readInputFile(file);
  if (!read.ok) {
    writeSync(2, `synaps-policy: ${read.problem}\n`);
    return 1;
  }
  const loaded = loadedPolicy(args.values.get("--policy"));
  if (!loaded) return 1;
  const calls = callsOf(read.text, args.positional[0] ?? "bash");
  const rows = calls.map((call) => judged(loaded.policy, call));
  if (args.flags.has("--json")) {
    for (const row of rows) writeSync(1, `${JSON.stringify(row)}\n`);
    return 0;
  }
  writeSync(
    1,
    `${table(
      ["line", "decision", "rule", "tool", "input"],
      rows.map((row) => [String(row.line), row.would ? `${row.decision} (would ${row.would})` : row.decision, row.rule ?? row.would_rule ?? "-", row.tool, row.input]),
    )}\n`,
  );
  writeSync(1, `\n${summary(rows)}\n`);
  return 0;
}

type Row = { line: number; tool: string; decision: string; rule?: string; would?: string; would_rule?: string; input: string };

function judged(policy: CompiledPolicy, call: Call): Row {
  const event = checkEvent(policy, call.tool, call.input);
  const verdict = evaluate(policy, event);
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
