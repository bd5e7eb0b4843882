// The policy engine: a pure function from (compiled policy, hook event) to a
// verdict. No I/O, no clock; the shell parser is passed in.
import type { Parser } from "web-tree-sitter";
import type { HookEvent } from "../extension/wire.ts";
import { normalizePath } from "../match/path.ts";
import { analyzeShell } from "../match/shell/analyze.ts";
import type { ShellView, SimpleCommand } from "../match/shell/types.ts";
import type { CompiledCondition, CompiledPolicy, CompiledRule } from "./compile.ts";
import type { Decision, Decider, Verdict } from "./decision.ts";
import { REASON_COMMAND_CHARS } from "../limits.ts";
import type { Detector } from "../match/secrets/detector.ts";
import { redactForLog, redactThenTruncate } from "../match/secrets/for-log.ts";
import { countByDetector, outputBudget, redactOutput, withheldNotice } from "../match/secrets/redact.ts";
import { applyRewrites } from "./rewrite.ts";

/** What a tool call looks like to the rules. */
type CallSubject = {
  toolNames: string[];
  input: Record<string, unknown>;
  /** The simple commands a shell input runs, or one pseudo-command carrying a file tool's paths. */
  commands: SimpleCommand[];
  view?: ShellView;
  /** Why the call cannot be fully analysed; each leads to the on_error decision. */
  problems: string[];
};

const BEFORE_RANK: Record<string, number> = { block: 5, confirm: 4, modify: 3, allow: 2, continue: 1 };
const AFTER_RANK: Record<string, number> = { withhold: 3, redact: 2, continue: 1 };

/** Field names that hold a path in file tools (read, write, edit, ls, grep, find, and most MCP file tools). */
const PATH_FIELDS = ["path", "file_path", "filepath", "filename", "file", "paths", "directory", "dir", "target"];
const WRITING_TOOL = /write|edit|create|delete|remove|move|rename|patch|replace/i;

export function evaluate(policy: CompiledPolicy, event: HookEvent, parser: Parser): Verdict {
  switch (event.kind) {
    case "before_tool_call":
      return evaluateToolCall(policy, event, parser, { allowModify: true });
    case "after_tool_call":
      return evaluateToolOutput(policy, event);
    case "before_message":
    case "on_session_start":
      return evaluateInjection(policy, event);
    default:
      return observe(policy, event);
  }
}

function evaluateToolCall(policy: CompiledPolicy, event: HookEvent, parser: Parser, options: { allowModify: boolean }): Verdict {
  const subject = describeCall(policy, event, parser);
  const matched: CompiledRule[] = [];
  const allowed = new Set<SimpleCommand>();
  let allowsEverything = false;
  let winner: { rule: CompiledRule; witness: true | SimpleCommand } | undefined;
  for (const rule of policy.byHook.before_tool_call) {
    if (!options.allowModify && rule.decision === "modify") continue;
    if (rule.requiredNames && !runsAnyOf(subject, rule.requiredNames)) continue;
    const witnesses = callWitnesses(rule, subject, event);
    if (witnesses === false) continue;
    matched.push(rule);
    if (rule.decision === "allow") {
      if (witnesses === true) allowsEverything = true;
      else for (const command of witnesses) allowed.add(command);
      // An allow counts only once it covers every simple command the input runs.
      if (!allowsEverything && !subject.commands.every((command) => allowed.has(command))) continue;
    }
    const witness = witnesses === true ? true : witnesses[0]!;
    if (!winner || BEFORE_RANK[rule.decision]! > BEFORE_RANK[winner.rule.decision]!) winner = { rule, witness };
  }
  const base = { hook: event.kind, matched: matched.map((rule) => rule.ref), ...(subject.view ? { view: subject.view } : {}) };
  const fromRules = winner ? ruleDecision(winner.rule, winner.witness, subject) : undefined;
  const errorDecision = analysisErrorDecision(policy, subject);

  // A rule's block or confirm is at least as strong as an analysis error; otherwise the error wins.
  if (errorDecision && (!fromRules || BEFORE_RANK[errorDecision.decision.kind]! > BEFORE_RANK[fromRules.kind]!)) {
    return { ...base, ...errorDecision };
  }
  if (fromRules && winner && winner.rule.decision !== "continue") {
    if (fromRules.kind === "modify") return reevaluateRewrite(policy, event, parser, fromRules.input, winner.rule, base);
    return { ...base, decision: fromRules, decidedBy: { kind: "rule", rule: winner.rule.ref } };
  }
  return { ...base, decision: defaultDecision(policy, subject), decidedBy: { kind: "default" } };
}

/** A rewritten input is judged again (without modify rules); if it would be stopped, it is stopped. */
function reevaluateRewrite(
  policy: CompiledPolicy,
  event: HookEvent,
  parser: Parser,
  input: Record<string, unknown>,
  winner: CompiledRule,
  base: Omit<Verdict, "decision" | "decidedBy">,
): Verdict {
  const again = evaluateToolCall(policy, { ...event, tool_input: input }, parser, { allowModify: false });
  if (again.decision.kind === "block") {
    return { ...base, decision: { kind: "block", reason: `${again.decision.reason} (after rule "${winner.ref.id}" rewrote the input)` }, decidedBy: again.decidedBy };
  }
  if (again.decision.kind === "confirm") return { ...base, decision: again.decision, decidedBy: again.decidedBy };
  return { ...base, decision: { kind: "modify", input }, decidedBy: { kind: "rule", rule: winner.ref } };
}

function ruleDecision(rule: CompiledRule, witness: true | SimpleCommand, subject: CallSubject): Decision {
  const culprit = witness !== true && witness.program !== "" ? ` — ${describeCommand(witness)}` : "";
  switch (rule.decision) {
    case "block":
      return { kind: "block", reason: `${rule.rule.reason ?? `Blocked by policy rule "${rule.ref.id}"`} [rule ${rule.ref.id}]${culprit}` };
    case "confirm":
      return { kind: "confirm", message: `${rule.rule.message ?? `Policy rule "${rule.ref.id}" asks you to confirm this call.`}${culprit}` };
    case "modify":
      return { kind: "modify", input: applyRewrites(subject.input, rule.rewrites) };
    case "allow":
      return { kind: "allow" };
    default:
      return { kind: "continue" };
  }
}

function analysisErrorDecision(policy: CompiledPolicy, subject: CallSubject): { decision: Decision; decidedBy: Decider } | undefined {
  if (subject.problems.length === 0) return undefined;
  const problem = redactForLog(subject.problems.join("; "));
  const onError = policy.defaults.on_error;
  if (onError === "continue") return undefined;
  const decidedBy: Decider = { kind: "error", reason: problem };
  if (onError === "confirm") return { decision: { kind: "confirm", message: `synaps-policy cannot fully judge this call: ${problem}. Run it anyway?` }, decidedBy };
  return { decision: { kind: "block", reason: `synaps-policy cannot judge this call safely: ${problem} (defaults.on_error = "block")` }, decidedBy };
}

function defaultDecision(policy: CompiledPolicy, subject: CallSubject): Decision {
  const tool = subject.toolNames[0] ?? "this tool";
  switch (policy.defaults.decision) {
    case "block":
      return { kind: "block", reason: `No policy rule allows this ${tool} call (defaults.decision = "block")` };
    case "confirm":
      return { kind: "confirm", message: `No policy rule covers this ${tool} call. Allow it?` };
    default:
      return { kind: "continue" };
  }
}

/**
 * Whether a rule applies to a call: false, true (it holds for the call as a
 * whole), or the simple commands it holds for (the first is named in reasons).
 */
function callWitnesses(rule: CompiledRule, subject: CallSubject, event: HookEvent): false | true | SimpleCommand[] {
  if (!rule.matchesTool(subject.toolNames)) return false;
  const { when, unless } = rule;
  if (when && !eventLevelHolds(when, subject.input, event)) return false;
  if (!when?.onCommand && !unless?.onCommand) {
    if (unless && eventLevelHolds(unless, subject.input, event)) return false;
    return true;
  }
  // Plain loops here and below: this runs for every rule on every call, and
  // closures would be garbage on the hot path.
  let witnesses: SimpleCommand[] | undefined;
  const exceptionPossible = unless !== undefined && eventLevelHolds(unless, subject.input, event);
  for (const command of subject.commands) {
    if (when && !commandLevelHolds(when, command, "some")) continue;
    if (exceptionPossible && commandLevelHolds(unless!, command, "every")) continue;
    (witnesses ??= []).push(command);
  }
  return witnesses ?? false;
}

function runsAnyOf(subject: CallSubject, names: ReadonlySet<string>): boolean {
  for (const command of subject.commands) if (names.has(command.name) || names.has(command.program)) return true;
  return false;
}

function eventLevelHolds(condition: CompiledCondition, input: Record<string, unknown>, event: HookEvent): boolean {
  if (condition.input) {
    for (const field of condition.input) if (!field.test(fieldAt(input, field.path))) return false;
  }
  if (condition.message && !(typeof event.message === "string" && condition.message(event.message))) return false;
  if (condition.output && !(typeof event.tool_output === "string" && condition.output(event.tool_output))) return false;
  return true;
}

/**
 * Command keys on one simple command. Paths are existential in `when` (some
 * path matches) and universal in `unless` (every path matches, and there is
 * at least one, and none is unknown) — an exception must cover the whole call.
 */
function commandLevelHolds(condition: CompiledCondition, command: SimpleCommand, paths: "some" | "every"): boolean {
  if (condition.command && !(condition.command(command.name) || (command.program.includes("/") && condition.command(command.program)))) return false;
  if (condition.args && !eachMatchesSome(condition.args, command.operands)) return false;
  if (condition.flags && !eachMatchesSome(condition.flags, command.flags)) return false;
  if (condition.code && !(command.code !== undefined && condition.code(command.code))) return false;
  if (condition.remoteCode !== undefined && condition.remoteCode !== command.remoteCode) return false;
  if (condition.dynamicArgs !== undefined && condition.dynamicArgs !== command.dynamicArgs) return false;
  if (condition.paths && !pathsHold(condition.paths, command.paths, command.dynamicArgs, paths)) return false;
  if (condition.writes && !pathsHold(condition.writes, command.writes, command.dynamicArgs, paths)) return false;
  return true;
}

/** Every matcher matches at least one of the values. */
function eachMatchesSome(matchers: Array<(value: string) => boolean>, values: string[]): boolean {
  for (const matches of matchers) {
    let found = false;
    for (const value of values) {
      if (matches(value)) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

function pathsHold(globs: Array<(path: string) => boolean>, paths: string[], unknownPaths: boolean, mode: "some" | "every"): boolean {
  if (mode === "every" && (paths.length === 0 || unknownPaths)) return false;
  for (const path of paths) {
    let matched = false;
    for (const glob of globs) {
      if (glob(path)) {
        matched = true;
        break;
      }
    }
    if (mode === "some" && matched) return true;
    if (mode === "every" && !matched) return false;
  }
  return mode === "every";
}

function describeCall(policy: CompiledPolicy, event: HookEvent, parser: Parser): CallSubject {
  const toolNames = [event.tool_name, event.tool_runtime_name].filter((name): name is string => typeof name === "string" && name !== "");
  const input = isRecord(event.tool_input) ? event.tool_input : {};
  const shellField = toolNames.map((name) => policy.shellTools[name]).find((field) => field !== undefined);
  if (shellField !== undefined) return describeShellCall(policy, toolNames, input, shellField, parser);
  const paths = filePaths(input, policy.home);
  const writes = toolNames.some((name) => WRITING_TOOL.test(name)) ? paths : [];
  const pseudo: SimpleCommand = { program: "", name: "", args: [], flags: [], operands: [], paths, writes, dynamicArgs: false, via: [], remoteCode: false };
  return { toolNames, input, commands: paths.length > 0 ? [pseudo] : [], problems: [] };
}

function describeShellCall(policy: CompiledPolicy, toolNames: string[], input: Record<string, unknown>, field: string, parser: Parser): CallSubject {
  const command = input[field];
  if (command === undefined || command === null) return { toolNames, input, commands: [], problems: [] };
  if (typeof command !== "string") {
    return { toolNames, input, commands: [], problems: [`the ${field} field of the ${toolNames[0]} input is not a string`] };
  }
  const view = cachedView(policy, command, parser);
  return { toolNames, input, commands: view.commands, view, problems: view.unresolved };
}

const VIEW_CACHE_SIZE = 512;

/** The shell view of a command, from the policy's memo when the same command was seen before. */
function cachedView(policy: CompiledPolicy, command: string, parser: Parser): ShellView {
  const cached = policy.viewCache.get(command);
  if (cached) return cached;
  const view = analyzeShell(command, parser, policy.shell);
  // Only ordinary commands are kept: a huge input should not pin memory.
  if (command.length <= 4096) {
    if (policy.viewCache.size >= VIEW_CACHE_SIZE) policy.viewCache.delete(policy.viewCache.keys().next().value!);
    policy.viewCache.set(command, view);
  }
  return view;
}

function filePaths(input: Record<string, unknown>, home: string): string[] {
  const paths: string[] = [];
  for (const field of PATH_FIELDS) {
    const value = input[field];
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item !== "string") continue;
      const path = normalizePath(item, home);
      if (path !== undefined && !paths.includes(path)) paths.push(path);
    }
  }
  return paths;
}

function evaluateToolOutput(policy: CompiledPolicy, event: HookEvent): Verdict {
  const toolNames = [event.tool_name, event.tool_runtime_name].filter((name): name is string => typeof name === "string" && name !== "");
  const input = isRecord(event.tool_input) ? event.tool_input : {};
  const matched = policy.byHook.after_tool_call.filter((rule) => rule.matchesTool(toolNames) && outputRuleHolds(rule, input, event));
  const base = { hook: event.kind, matched: matched.map((rule) => rule.ref) };
  const output = event.tool_output;
  if (typeof output !== "string") return { ...base, decision: { kind: "continue" }, decidedBy: { kind: "default" } };
  let strongest: CompiledRule | undefined;
  for (const rule of matched) if (!strongest || AFTER_RANK[rule.decision]! > AFTER_RANK[strongest.decision]!) strongest = rule;
  if (strongest?.decision === "withhold") {
    const notice = strongest.rule.reason ?? `[synaps-policy withheld this output: rule "${strongest.ref.id}"]`;
    return { ...base, decision: { kind: "replace", output: notice, redactions: {} }, decidedBy: { kind: "rule", rule: strongest.ref } };
  }
  const redactors = matched.filter((rule) => rule.decision === "redact");
  if (redactors.length === 0) return { ...base, decision: { kind: "continue" }, decidedBy: { kind: "default" } };
  // secrets: the outcome of redaction within its budget; a spent budget withholds, never passes unredacted.
  const detectors = [...new Set<Detector>(redactors.flatMap((rule) => rule.detectors))];
  const outcome = redactOutput(output, detectors, outputBudget(policy.clock ?? (() => performance.now())));
  const decidedBy = { kind: "rule" as const, rule: redactors[0]!.ref };
  if (outcome.kind === "clean") return { ...base, decision: { kind: "continue" }, decidedBy: { kind: "default" } };
  if (outcome.kind === "budget-spent") return { ...base, decision: { kind: "replace", output: withheldNotice(outcome), redactions: {} }, decidedBy };
  return { ...base, decision: { kind: "replace", output: outcome.text, redactions: countByDetector(outcome.findings) }, decidedBy };
}

function outputRuleHolds(rule: CompiledRule, input: Record<string, unknown>, event: HookEvent): boolean {
  if (rule.when && !eventLevelHolds(rule.when, input, event)) return false;
  if (rule.unless && eventLevelHolds(rule.unless, input, event)) return false;
  return true;
}

function evaluateInjection(policy: CompiledPolicy, event: HookEvent): Verdict {
  const hook = event.kind as "before_message" | "on_session_start";
  const matched = policy.byHook[hook].filter((rule) => outputRuleHolds(rule, {}, event));
  const base = { hook: event.kind, matched: matched.map((rule) => rule.ref) };
  const injectors = matched.filter((rule) => rule.decision === "inject");
  if (injectors.length === 0) return { ...base, decision: { kind: "continue" }, decidedBy: { kind: "default" } };
  const parts = injectors.flatMap((rule) => [rule.rule.content, rule.rule.policy_summary ? policySummary(policy) : undefined].filter((part): part is string => part !== undefined && part !== ""));
  return { ...base, decision: { kind: "inject", content: parts.join("\n\n") }, decidedBy: { kind: "rule", rule: injectors[0]!.ref } };
}

function observe(policy: CompiledPolicy, event: HookEvent): Verdict {
  const rules = policy.byHook[event.kind as keyof CompiledPolicy["byHook"]] ?? [];
  const matched = rules.filter((rule) => outputRuleHolds(rule, {}, event));
  return { hook: event.kind, matched: matched.map((rule) => rule.ref), decision: { kind: "continue" }, decidedBy: { kind: "default" } };
}

/** A few lines telling the model which tool calls the policy stops, so it does not probe. */
export function policySummary(policy: CompiledPolicy): string {
  const stopping = policy.byHook.before_tool_call.filter((rule) => rule.decision === "block" || rule.decision === "confirm");
  const lines = stopping.slice(0, 40).map((rule) => `- ${rule.decision}: ${rule.rule.description ?? rule.rule.reason ?? rule.rule.message ?? rule.ref.id}`);
  if (stopping.length > 40) lines.push(`- … and ${stopping.length - 40} more rules`);
  return `synaps-policy is active. Tool calls that match these rules are stopped:\n${lines.join("\n")}\nCall the synaps-policy_policy tool to see what applies to a tool before you use it.`;
}

export function describeCommand(command: SimpleCommand): string {
  const text = [command.program, ...command.args].join(" ").trim() || `(redirect to ${command.writes.join(", ")})`;
  const via = command.via.length > 0 ? ` (via ${command.via.join(" → ")})` : "";
  // secrets: redact the whole text first, then cut — a secret straddling the cut must not leak in part.
  return redactThenTruncate(text, REASON_COMMAND_CHARS) + via;
}

function fieldAt(input: Record<string, unknown>, path: string[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
