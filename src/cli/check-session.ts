// `synaps-policy check --session FILE.jsonl`: a sequence of tool calls as
// the host sends them (HookEvent lines, or {tool, input}), judged in order
// the way the extension judges a session — each call with the files it
// runs found in what earlier calls wrote (and, with --project DIR, on
// disk under DIR). Each step's verdict is printed with why, naming the
// earlier step that wrote a file the verdict came from.
import { homedir } from "node:os";
import { preview } from "../match/secrets/for-log.ts";
import type { Verdict } from "../policy/engine/index.ts";
import { judgeSession, readSessionSteps } from "../session/run-session.ts";
import { UsageError, type ParsedArgs } from "./args.ts";
import type { CliIo } from "./io.ts";
import { loadedPolicy } from "./load-policy.ts";
import { projectOf } from "./project-option.ts";
import { readInputFile } from "./read-input-file.ts";

export function checkSession(file: string, args: ParsedArgs, io: CliIo): number {
  if (args.positional.length > 0) throw new UsageError("with --session, give no tool or input: each line of the file is a call");
  const read = readInputFile(file);
  if (!read.ok) {
    io.err(`synaps-policy: ${read.problem}\n`);
    return 1;
  }
  const root = projectOf(args.values.get("--project"));
  const loaded = loadedPolicy(args.values.get("--policy"), io, root);
  if (!loaded) return 1;
  const policy = loaded.policy;
  const { steps, problems } = readSessionSteps(read.text, (tool) => policy.shellTools[tool] ?? "path");
  for (const problem of problems) io.err(`synaps-policy: ${file}: ${problem}\n`);
  const judged = judgeSession(policy, steps, { home: policy.home || homedir(), ...(root ? { root } : {}) });
  const calls = judged.filter((step) => step.event.hook === "before_tool_call");
  if (args.flags.has("--json")) {
    for (const step of calls) io.out(`${JSON.stringify({ line: step.line, step: step.step, session: step.session, tool: step.tool, ...stepFields(step.verdict) })}\n`);
    return problems.length > 0 ? 1 : 0;
  }
  const lines = calls.map((step) => {
    const input = step.event.hook === "before_tool_call" ? preview(Object.keys(step.event.input).length === 1 ? Object.values(step.event.input)[0] : step.event.input, 80) : "";
    const session = new Set(calls.map((call) => call.session)).size > 1 ? ` [${step.session ?? "default"}]` : "";
    return [`step ${step.step}${session} (line ${step.line}) ${step.tool}: ${input}`, ...whyLines(step.verdict).map((line) => `  ${line}`)].join("\n");
  });
  const stopped = calls.filter((step) => step.verdict.decision.kind === "block" || step.verdict.decision.kind === "confirm").length;
  io.out(`${lines.join("\n")}\n\n${calls.length} calls, ${stopped} stopped\n`);
  return problems.length > 0 ? 1 : 0;
}

function stepFields(verdict: Verdict) {
  const decision = verdict.decision;
  return {
    decision: decision.kind,
    ...(verdict.decidedBy.kind === "rule" ? { rule: verdict.decidedBy.rule.id } : {}),
    ...(decision.kind === "block" ? { reason: decision.reason } : decision.kind === "confirm" ? { message: decision.message } : {}),
    ...(verdict.files ? { files: verdict.files } : {}),
    ...(verdict.unseen ? { unseen_code: verdict.unseen } : {}),
  };
}

function whyLines(verdict: Verdict): string[] {
  const fields = stepFields(verdict);
  const lines = [`→ ${fields.decision}${fields.rule ? ` (rule ${fields.rule})` : ""}`];
  if ("reason" in fields && fields.reason) lines.push(`reason: ${fields.reason}`);
  if ("message" in fields && fields.message) lines.push(`message: ${fields.message}`);
  if (verdict.decidedBy.kind === "error") lines.push(`because: ${verdict.decidedBy.reason}`);
  for (const file of fields.files ?? []) lines.push(`from: ${file}`);
  if (fields.unseen_code) lines.push(`unseen code: ${fields.unseen_code.join(", ")}`);
  return lines;
}
