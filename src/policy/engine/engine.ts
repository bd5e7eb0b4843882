// The policy engine: `evaluate(policy, event)` → a verdict, for every input.
// Pure — no I/O, no clock of its own, no hidden state; the shell analyzer and
// clock come from compilePolicySteps. It never throws: anything unexpected, and
// anything it cannot judge, gets the policy's on_error decision.
import { textWithoutExeNames } from "../../shell/interpret/build-command.ts";
import { fileSettled } from "../../shell/view/files.ts";
import type { SimpleCommand } from "../../shell/view/view.ts";
import { describeCommand, fillPlaceholders } from "./command-text.ts";
import { alternativeGates, openAlternatives, type ProgramNames, rulesRunning } from "./alternative-gates.ts";
import type { CompiledPolicy, CompiledRule } from "./compile.ts";
import { callFacts, type CompiledCondition, commandHolds, commandsHolding, flowTargets, matchedStatements, textTestCost } from "./conditions.ts";
import type { Detector } from "../../match/secrets/detector.ts";
import { redactForLog } from "../../match/secrets/for-log.ts";
import { countByDetector, outputBudget, redactOutput, withheldOutput } from "../../match/secrets/redact.ts";
import type { FileNeed, HookKind, JsonObject, MessageEvent, PolicyEvent, ToolCallEvent, ToolOutputEvent } from "./event.ts";
import { fieldAt } from "./field-path.ts";
import { applyRewrites } from "./rewrite.ts";
import { type CallSubject, describeCall } from "./subject.ts";
import { writtenRuns } from "./written-code.ts";
import { type PlantedJudge, plantedDetail, plantedNeeds, withPlantedCommands } from "./planted-code.ts";
import { type Decision, type Decider, type OutputDecision, strongerOutputDecision, strongerToolCallDecision, type ToolCallDecision, type Verdict } from "./verdict.ts";
import { MATCH_WORK_BUDGET, SUMMARY_MAX_RULES } from "../../limits.ts";
import { AnalysisLimit, WorkBudget } from "../../shell/budget.ts";
import type { WorkMeter } from "../../match/glob-sets.ts";

export function evaluate(policy: CompiledPolicy, event: PolicyEvent): Verdict {
  const verdict = evaluateSafely(policy, event);
  const full = policy.would ? withObserved(verdict, evaluateSafely(policy.would, event)) : verdict;
  return policy.ownPatterns.length > 0 ? withOwnPatternsRedacted(full, policy.ownPatterns) : full;
}

/**
 * The verdict's reasons and messages with the policy's own patterns redacted too (the built-in detectors
 * already ran where each text was made): a user's secret format is as secret in a reason as in output.
 */
function withOwnPatternsRedacted(verdict: Verdict, own: readonly Detector[]): Verdict {
  const clean = (text: string) => redactForLog(text, { own });
  const decision = verdict.decision;
  const redacted =
    decision.kind === "block" ? { ...decision, reason: clean(decision.reason) } : decision.kind === "confirm" ? { ...decision, message: clean(decision.message) } : decision;
  const decidedBy = verdict.decidedBy.kind === "error" ? { ...verdict.decidedBy, reason: clean(verdict.decidedBy.reason) } : verdict.decidedBy;
  const observed = verdict.observed?.reason !== undefined ? { ...verdict.observed, reason: clean(verdict.observed.reason) } : verdict.observed;
  return { ...verdict, decision: redacted, decidedBy, ...(observed ? { observed } : {}) };
}

function evaluateSafely(policy: CompiledPolicy, event: PolicyEvent): Verdict {
  try {
    return evaluateEvent(policy, event);
  } catch (error) {
    const hook = event.hook === "malformed" ? (event.intended ?? "before_tool_call") : event.hook;
    return onErrorVerdict(policy, hook, `internal error while judging the call (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Observe mode: the verdict applied, and — when it differs — what the fully enforced policy would have decided. */
function withObserved(verdict: Verdict, would: Verdict): Verdict {
  const ruleOf = (decider: Verdict["decidedBy"]) => (decider.kind === "rule" ? decider.rule.id : decider.kind);
  if (would.decision.kind === verdict.decision.kind && ruleOf(would.decidedBy) === ruleOf(verdict.decidedBy)) return verdict;
  const reason = decisionText(would);
  return {
    ...verdict,
    observed: { decision: would.decision.kind, ...(would.decidedBy.kind === "rule" ? { rule: would.decidedBy.rule } : {}), ...(reason ? { reason } : {}) },
  };
}

/** What a decision tells the model or the person, or why the call could not be judged. */
function decisionText(verdict: Verdict): string | undefined {
  if (verdict.decision.kind === "block") return verdict.decision.reason;
  if (verdict.decision.kind === "confirm") return verdict.decision.message;
  return verdict.decidedBy.kind === "error" ? verdict.decidedBy.reason : undefined;
}

/** Whether a before_tool_call rule applies to a call (used to check a modify rule against its own output). */
export function ruleApplies(policy: CompiledPolicy, rule: CompiledRule, event: ToolCallEvent): boolean {
  try {
    return ruleMatch(rule, describeCall(policy, event), event.input, matchBudget(policy)) !== undefined;
  } catch {
    return false;
  }
}

function evaluateEvent(policy: CompiledPolicy, event: PolicyEvent): Verdict {
  switch (event.hook) {
    case "before_tool_call":
      return judgeToolCall(policy, event, { allowModify: true });
    case "after_tool_call":
      return judgeToolOutput(policy, event);
    case "before_message":
      return judgeInjection(policy, event.hook, event);
    case "on_session_start":
      return judgeInjection(policy, event.hook, undefined);
    case "malformed":
      return onErrorVerdict(policy, event.intended ?? "before_tool_call", `the ${event.intended ?? "hook"} event is malformed: ${event.reason}`);
    default:
      return observe(policy, event.hook);
  }
}

/**
 * What a call gets when it cannot be judged (the one place this is decided):
 * on before_tool_call the policy's on_error; elsewhere the hook goes on,
 * since there is nothing to stop.
 */
export function onErrorVerdict(policy: { defaults: Pick<CompiledPolicy["defaults"], "on_error"> }, hook: HookKind, reason: string): Verdict {
  const clean = redactForLog(reason);
  const base = { hook, matched: [], decidedBy: { kind: "error" as const, reason: clean } };
  const decision = errorDecision(policy.defaults.on_error, hook, clean);
  return { ...base, decision };
}

function errorDecision(onError: CompiledPolicy["defaults"]["on_error"], hook: HookKind, reason: string): Decision {
  if (hook !== "before_tool_call" || onError === "continue") return { kind: "continue" };
  if (onError === "confirm") return { kind: "confirm", message: `synaps-policy cannot fully judge this call: ${reason}. Run it anyway?` };
  return { kind: "block", reason: `synaps-policy cannot judge this call safely: ${reason} (defaults.on_error = "block")` };
}

// ---------------------------------------------------------------------------
// before_tool_call

/** How a rule applies to a call: to the call as a whole, or through some of its simple commands. */
type RuleMatch = { kind: "call" } | { kind: "commands"; commands: SimpleCommand[] };

/** The one work budget the matchers of one call draw from (the clock only backstops it). */
function matchBudget(policy: CompiledPolicy): WorkBudget {
  return new WorkBudget(MATCH_WORK_BUDGET, policy.shell.limits.maxMillis, policy.clock, "matching the policy's globs against the command's patterns");
}

/**
 * `judgeWrites`: whether a code file the call writes is judged as what it would do when run (off for that
 * judgement itself); `found`: given, it receives the commands the deciding rule matched.
 */
type JudgeOptions = { allowModify: boolean; judgeWrites?: false; found?: { commands: SimpleCommand[] }; subject?: CallSubject };

function judgeToolCall(policy: CompiledPolicy, event: ToolCallEvent, options: JudgeOptions): Verdict {
  const described = options.subject ?? describeCall(policy, event);
  // A file written, or read by a program nobody listed, that holds a command a rule blocks (planted-code.ts).
  const subject = options.subject ?? (options.judgeWrites === false ? described : withPlantedCommands(policy, event, described, plantedJudge(policy, event), "data"));
  const matched: CompiledRule[] = [];
  const allowed = new Set<SimpleCommand>();
  let allowsEverything = false;
  let winner: { rule: CompiledRule; match: RuleMatch } | undefined;
  const facts = callFacts(subject.commands, subject.view?.flows.length ?? 0);
  const programs = programNamesOf(subject.commands);
  const meter = matchBudget(policy);
  const problems = [...subject.problems];
  try {
    const rules = policy.byHook.before_tool_call;
    const reached = rulesRunning(rules, programs);
    for (let at = 0; at < rules.length; at++) {
      if (reached[at] === 0) continue;
      const rule = rules[at]!;
      if (!options.allowModify && rule.decision === "modify") continue;
      if (rule.factsNeeded && !rule.factsNeeded.some((needed) => (needed & facts) === needed)) continue;
      const open = openAlternatives(alternativeGates(rule), programs, facts);
      if (!open) continue;
      const match = ruleMatch(rule, subject, event.input, meter, open);
      if (!match) continue;
      matched.push(rule);
      if (rule.decision === "allow") {
        if (match.kind === "call") allowsEverything = true;
        else for (const command of match.commands) allowed.add(command);
        // An allow counts only once it covers every simple command the input runs.
        if (!allowsEverything && !subject.commands.every((command) => allowed.has(command))) continue;
      }
      if (!winner || strongerToolCallDecision(rule.decision as ToolCallDecision, winner.rule.decision as ToolCallDecision)) winner = { rule, match };
    }
  } catch (error) {
    // The rules not yet matched are unknown: the call is judged as one that cannot be analysed, unless a rule
    // already matched stops it at least as firmly.
    if (!(error instanceof AnalysisLimit)) throw error;
    problems.push(error.message);
  }
  const base = {
    hook: "before_tool_call" as const,
    matched: matched.map((rule) => rule.ref),
    ...(subject.view ? { view: subject.view } : {}),
    ...(subject.pendingLine !== undefined ? { pendingLine: subject.pendingLine } : {}),
    ...(subject.enteredLines !== undefined ? { enteredLines: subject.enteredLines } : {}),
  };
  const unseen = unseenCode(subject, event);
  if (unseen.length > 0) Object.assign(base, { unseen });
  if (subject.view?.used) Object.assign(base, { files: subject.view.used });
  const fromRules = winner ? ruleDecision(winner.rule, winner.match, subject) : undefined;
  if (options.found && winner?.match.kind === "commands") options.found.commands = winner.match.commands;
  const failure = problems.length > 0 ? onErrorVerdict(policy, "before_tool_call", problems.join("; ")) : undefined;
  // A rule's block or confirm is at least as strong as an analysis error; otherwise the error wins.
  if (failure && failure.decision.kind !== "continue" && (!fromRules || strongerToolCallDecision(failure.decision.kind as ToolCallDecision, fromRules.kind as ToolCallDecision))) {
    return { ...base, decision: failure.decision, decidedBy: failure.decidedBy };
  }
  if (fromRules && winner && winner.rule.decision !== "continue") {
    if (fromRules.kind === "modify") return judgeRewrite(policy, event, fromRules.input, winner.rule, base);
    return { ...base, decision: fromRules, decidedBy: { kind: "rule", rule: winner.rule.ref } };
  }
  const fallback = defaultDecision(policy, subject);
  const written = fallback.kind === "continue" && options.judgeWrites !== false ? writtenCodeStop(policy, event, subject) : undefined;
  if (written) return { ...base, matched: [...base.matched, written.rule], decision: written.decision, decidedBy: { kind: "rule", rule: written.rule } };
  if (fallback.kind === "continue" && options.judgeWrites !== false) {
    // Code whose run the guard found harmless may still hold a command it only names in a string (run later
    // through a variable, or by another tool): the rules judge it again with those (planted-code.ts).
    const inCode = withPlantedCommands(policy, event, subject, plantedJudge(policy, event), "code");
    if (inCode !== subject) return judgeToolCall(policy, event, { allowModify: options.allowModify, judgeWrites: false, subject: inCode });
  }
  if (unseen.length > 0 && fallback.kind === "continue" && policy.defaults.unseen_code !== "continue")
    return { ...base, decision: unseenDecision(policy, unseen), decidedBy: { kind: "default" } };
  return { ...base, decision: fallback, decidedBy: { kind: "default" } };
}

/**
 * A code file the call writes that a rule would block when it runs (a test file that deletes home, a build file
 * that sends ~/.aws away), whatever program runs it later: the write is asked about, for the person may know
 * better — a write is not a run, and the run is judged again. Only a block by a rule over values the text shows
 * counts: code the guard cannot fully read, or whose stopped command rests on values only the run knows
 * (`shutil.rmtree(tmp)`), is left to the run.
 */
function writtenCodeStop(policy: CompiledPolicy, event: ToolCallEvent, subject: CallSubject): { decision: Decision; rule: CompiledRule["ref"] } | undefined {
  const tool = "bash" in policy.shellTools ? "bash" : Object.keys(policy.shellTools)[0];
  if (tool === undefined) return undefined;
  for (const run of writtenRuns(policy, event, subject.view, subject.commands)) {
    const found: { commands: SimpleCommand[] } = { commands: [] };
    const runEvent: ToolCallEvent = { hook: "before_tool_call", tool: [tool], input: { [policy.shellTools[tool]!]: run.command }, files: run.files };
    const verdict = judgeToolCall(policy, event.projectRoot === undefined ? runEvent : { ...runEvent, projectRoot: event.projectRoot }, {
      allowModify: false,
      judgeWrites: false,
      found,
    });
    if (verdict.decision.kind !== "block" || verdict.decidedBy.kind !== "rule") continue;
    if (found.commands.length > 0 && found.commands.every((command) => command.dynamicArgs)) continue;
    return { decision: { kind: "confirm", message: `Writing ${run.path}: when it runs, ${verdict.decision.reason}. Write it anyway?` }, rule: verdict.decidedBy.rule };
  }
  return undefined;
}

/** Judges one planted command as a shell call under the same policy and files: blocked by a rule over values the text shows, or not. */
function plantedJudge(policy: CompiledPolicy, event: ToolCallEvent): PlantedJudge {
  return (command, files) => {
    const tool = "bash" in policy.shellTools ? "bash" : Object.keys(policy.shellTools)[0];
    if (tool === undefined) return { kind: "unjudged" };
    const found: { commands: SimpleCommand[] } = { commands: [] };
    const runEvent: ToolCallEvent = { hook: "before_tool_call", tool: [tool], input: { [policy.shellTools[tool]!]: command }, ...(files ? { files } : {}) };
    const verdict = judgeToolCall(policy, event.projectRoot === undefined ? runEvent : { ...runEvent, projectRoot: event.projectRoot }, {
      allowModify: false,
      judgeWrites: false,
      found,
    });
    if (verdict.decidedBy.kind === "error") return { kind: "unjudged" };
    if (verdict.decision.kind !== "block" || verdict.decidedBy.kind !== "rule") return { kind: "clear" };
    // A stop that rests on values only the run knows (`rm -rf "$DIR"`) is left to the run.
    if (found.commands.length > 0 && found.commands.every((command) => command.dynamicArgs)) return { kind: "clear" };
    return { kind: "blocked", rule: verdict.decidedBy.rule.id, reason: verdict.decision.reason };
  };
}

/**
 * Code the call runs that it neither shows nor was given (no session memory, not readable under the
 * project root): what `defaults.unseen_code` is about. A file known to be absent, or a compiled program,
 * is not unseen code.
 */
function unseenCode(subject: CallSubject, event: ToolCallEvent): string[] {
  const unseen: string[] = [...(subject.view?.unseenParts ?? [])];
  for (const need of subject.view?.needs ?? []) {
    if (need.optional) continue;
    const file = event.files?.get(need.path);
    if (file?.content !== undefined || file?.absent || file?.binary || file?.downloaded) continue;
    if (!unseen.includes(need.path)) unseen.push(need.path);
  }
  return unseen;
}

function unseenDecision(policy: CompiledPolicy, unseen: readonly string[]): Decision {
  const files = unseen.slice(0, 3).join(", ") + (unseen.length > 3 ? ` and ${unseen.length - 3} more` : "");
  if (policy.defaults.unseen_code === "confirm") return { kind: "confirm", message: `This call runs code synaps-policy cannot see (${redactForLog(files)}). Run it anyway?` };
  return { kind: "block", reason: `This call runs code synaps-policy cannot see or read (${redactForLog(files)}) (defaults.unseen_code = "block")` };
}

/** The files a tool call runs or reads as code that the event does not carry yet: the extension may find them and ask again. */
export function filesNeeded(policy: CompiledPolicy, event: PolicyEvent): FileNeed[] {
  if (event.hook !== "before_tool_call") return [];
  try {
    const subject = describeCall(policy, event);
    // A path first asked for only as a path (`chmod +x lib/x.sh && bash run.sh`, where run.sh runs lib/x.sh) is
    // known without its text: asked for as code, it is asked again (the extension reads each path in full once).
    const needs = [...(subject.view?.needs ?? []), ...plantedNeeds(policy, event, subject)];
    return needs.filter((need) => !fileSettled(event.files?.get(need.path)));
  } catch {
    return [];
  }
}

/** A rewritten input is judged again (without modify rules); if it would be stopped, it is stopped. */
function judgeRewrite(policy: CompiledPolicy, event: ToolCallEvent, input: JsonObject, winner: CompiledRule, base: Omit<Verdict, "decision" | "decidedBy">): Verdict {
  const again = judgeToolCall(policy, { ...event, input }, { allowModify: false });
  if (again.decision.kind === "block") {
    return { ...base, decision: { kind: "block", reason: `${again.decision.reason} (after rule "${winner.ref.id}" rewrote the input)` }, decidedBy: again.decidedBy };
  }
  if (again.decision.kind === "confirm") return { ...base, decision: again.decision, decidedBy: again.decidedBy };
  return { ...base, decision: { kind: "modify", input }, decidedBy: { kind: "rule", rule: winner.ref } };
}

function ruleDecision(rule: CompiledRule, match: RuleMatch, subject: CallSubject): Decision {
  const commands = match.kind === "commands" ? match.commands : [];
  const command = commands[0];
  const planted = command ? plantedDetail(command) : undefined;
  const culprit = planted ? ` — ${planted}` : command && command.program !== "" ? ` — ${describeCommand(command)}${statementNote(rule, command)}` : "";
  switch (rule.decision) {
    case "block":
      return { kind: "block", reason: `${fillPlaceholders(rule.written.reason ?? `Blocked by policy rule "${rule.ref.id}"`, commands)} [rule ${rule.ref.id}]${culprit}` };
    case "confirm":
      return { kind: "confirm", message: `${fillPlaceholders(rule.written.message ?? `Policy rule "${rule.ref.id}" asks you to confirm this call.`, commands)}${culprit}` };
    case "modify":
      return { kind: "modify", input: applyRewrites(subject.input, rule.rewrites) };
    case "allow":
      return { kind: "allow" };
    default:
      return { kind: "continue" };
  }
}

/** The database statement a rule's `sql` condition matched: the person asked should see the SQL, not only `psql mydb`. */
function statementNote(rule: CompiledRule, command: SimpleCommand): string {
  const kinds = new Set(rule.when.flatMap((condition) => [...(condition.sql ?? [])]));
  if (kinds.size === 0) return "";
  const [first, ...more] = matchedStatements(kinds, command);
  if (first === undefined) return "";
  return ` [statement ${redactForLog(first)}${more.length > 0 ? ` and ${more.length} more` : ""}]`;
}

function defaultDecision(policy: CompiledPolicy, subject: CallSubject): Decision {
  const tool = subject.tool[0] ?? "this tool";
  switch (policy.defaults.decision) {
    case "block":
      return { kind: "block", reason: `No policy rule allows this ${tool} call (defaults.decision = "block")` };
    case "confirm":
      return { kind: "confirm", message: `No policy rule covers this ${tool} call. Allow it?` };
    default:
      return { kind: "continue" };
  }
}

/** Whether a rule applies to a call, and through which simple commands; `open`: which alternatives can hold at all (alternative-gates.ts). */
function ruleMatch(rule: CompiledRule, subject: CallSubject, input: JsonObject, meter: WorkMeter, open?: readonly boolean[]): RuleMatch | undefined {
  if (!rule.matchesTool(subject.tool)) return undefined;
  const context: EventContext = { input, meter };
  if (rule.when.length === 0)
    return rule.unless.some((exception) => !exception.onCommand && eventHolds(exception, context)) ? undefined : exceptCommands(rule, subject, context, { kind: "call" }, meter);
  let whole = false;
  const commands = new Set<SimpleCommand>();
  const when = rule.when;
  for (let index = 0; index < when.length; index++) {
    const condition = when[index]!;
    if (open && !open[index]) continue;
    if (!eventHolds(condition, context)) continue;
    if (!condition.onCommand) {
      whole = true;
      continue;
    }
    for (const command of commandsMatching(condition, subject, meter)) commands.add(command);
  }
  if (whole) {
    if (rule.unless.some((exception) => !exception.onCommand && eventHolds(exception, context))) return undefined;
    return exceptCommands(rule, subject, context, { kind: "call" }, meter);
  }
  if (commands.size === 0) return undefined;
  return exceptCommands(rule, subject, context, { kind: "commands", commands: [...commands] }, meter);
}

function commandsMatching(condition: CompiledCondition, subject: CallSubject, meter: WorkMeter): SimpleCommand[] {
  // Plain loops: this runs for every rule on every call, and closures would be garbage on the hot path.
  const found: SimpleCommand[] = [];
  const targets = condition.flow && subject.view ? flowTargets(condition.flow, subject.view, subject.places, meter) : undefined;
  if (condition.flow && !targets) return found;
  const holding = commandsHolding(condition, subject.commands, subject.places, meter, targets);
  for (const index of holding) found.push(subject.commands[index]!);
  return found;
}

/** Commands an `unless` exception covers (every path of theirs inside it) drop out; a whole-call match needs every command covered. */
function exceptCommands(rule: CompiledRule, subject: CallSubject, context: EventContext, match: RuleMatch, meter: WorkMeter): RuleMatch | undefined {
  // An exception about the call as a whole (only input fields) that holds takes the whole call out.
  if (rule.unless.some((exception) => !exception.onCommand && eventHolds(exception, context))) return undefined;
  const exceptions = rule.unless.filter((exception) => exception.onCommand && eventHolds(exception, context));
  if (exceptions.length === 0) return match;
  const excepted = (command: SimpleCommand) => exceptions.some((exception) => commandHolds(exception, command, "every", subject.places, meter));
  if (match.kind === "call") {
    if (subject.commands.length > 0 && subject.commands.every(excepted)) return undefined;
    return match;
  }
  const remaining = match.commands.filter((command) => !excepted(command));
  return remaining.length > 0 ? { kind: "commands", commands: remaining } : undefined;
}

function programNamesOf(commands: readonly SimpleCommand[]): ProgramNames {
  const names = new Set<string>();
  const paths = new Set<string>();
  for (const command of commands) {
    names.add(command.name);
    const program = command.program.toLowerCase();
    if (program.includes("/")) paths.add(program);
    else names.add(program);
  }
  return { names: [...names], paths: [...paths] };
}

/** `meter`: a tool call's work budget, which tests of its input fields draw from. */
type EventContext = { input: JsonObject; message?: string; output?: string; meter?: WorkMeter };

function eventHolds(condition: CompiledCondition, context: EventContext): boolean {
  if (condition.input) {
    for (const field of condition.input) {
      const value = fieldAt(context.input, field.path);
      context.meter?.charge(typeof value === "string" ? textTestCost(value) : 1);
      if (!field.test(value) && !holdsWithoutExeNames(field.test, value, context)) return false;
    }
  }
  if (condition.message && !(context.message !== undefined && condition.message(context.message))) return false;
  if (condition.output && !(context.output !== undefined && condition.output(context.output))) return false;
  return true;
}

/**
 * A text test on a value that spells programs `NAME.exe` (Git Bash, MSYS) also holds when it holds for the text
 * with those names as the program knowledge writes them: a raw-text rule about `uv run URL` sees `uv.exe run URL`.
 */
function holdsWithoutExeNames(test: (value: unknown) => boolean, value: unknown, context: EventContext): boolean {
  if (typeof value !== "string") return false;
  const plain = withoutExeNames(value);
  if (plain === value) return false;
  context.meter?.charge(textTestCost(plain));
  return test(plain);
}

/**
 * The text with `NAME.exe` programs as the program knowledge writes them (the text itself when it has none). Every
 * rule whose field test fails on a call asks this of the same text: it is worked out once per text, not per rule —
 * a function of the text alone, so answering from the last one changes nothing but the work.
 */
function withoutExeNames(text: string): string {
  if (text !== lastExeFree.text) lastExeFree = { text, plain: /\.exe/i.test(text) ? textWithoutExeNames(text) : text };
  return lastExeFree.plain;
}

let lastExeFree = { text: "", plain: "" };

// ---------------------------------------------------------------------------
// after_tool_call, injections, the rest

function judgeToolOutput(policy: CompiledPolicy, event: ToolOutputEvent): Verdict {
  const context: EventContext = { input: event.input, output: event.output };
  const matched = policy.byHook.after_tool_call.filter((rule) => rule.matchesTool(event.tool) && conditionsHold(rule, context));
  const base = { hook: "after_tool_call" as const, matched: matched.map((rule) => rule.ref) };
  let strongest: CompiledRule | undefined;
  for (const rule of matched) if (!strongest || strongerOutputDecision(rule.decision as OutputDecision, strongest.decision as OutputDecision)) strongest = rule;
  if (strongest?.decision === "withhold") {
    const notice = strongest.written.reason ?? `[synaps-policy withheld this output: rule "${strongest.ref.id}"]`;
    return { ...base, decision: { kind: "withhold", output: notice }, decidedBy: { kind: "rule", rule: strongest.ref } };
  }
  const redactors = matched.filter((rule) => rule.decision === "redact");
  if (redactors.length === 0) return { ...base, decision: { kind: "continue" }, decidedBy: { kind: "default" } };
  const detectors = [...new Set<Detector>(redactors.flatMap((rule) => rule.detectors()))];
  const outcome = redactOutput(
    event.output,
    detectors,
    outputBudget(() => policy.clock.now()),
  );
  const decidedBy = { kind: "rule" as const, rule: redactors[0]!.ref };
  if (outcome.kind === "clean") return { ...base, decision: { kind: "continue" }, decidedBy: { kind: "default" } };
  // A spent budget withholds the output: it is never passed on unredacted.
  if (outcome.kind === "budget-spent") return { ...base, decision: { kind: "withhold", output: withheldOutput(event.output, outcome) }, decidedBy };
  return { ...base, decision: { kind: "redact", output: outcome.text, counts: countByDetector(outcome.findings) }, decidedBy };
}

function conditionsHold(rule: CompiledRule, context: EventContext): boolean {
  if (rule.when.length > 0 && !rule.when.some((condition) => eventHolds(condition, context))) return false;
  return !rule.unless.some((condition) => eventHolds(condition, context));
}

function judgeInjection(policy: CompiledPolicy, hook: "before_message" | "on_session_start", event: MessageEvent | undefined): Verdict {
  const context: EventContext = { input: {}, ...(event ? { message: event.message } : {}) };
  const matched = policy.byHook[hook].filter((rule) => conditionsHold(rule, context));
  const base = { hook, matched: matched.map((rule) => rule.ref) };
  const injectors = matched.filter((rule) => rule.decision === "inject");
  if (injectors.length === 0) return { ...base, decision: { kind: "continue" }, decidedBy: { kind: "default" } };
  const parts = injectors.flatMap((rule) =>
    [rule.written.content, rule.written.policy_summary ? policySummary(policy) : undefined].filter((part): part is string => part !== undefined && part !== ""),
  );
  return { ...base, decision: { kind: "inject", content: parts.join("\n\n") }, decidedBy: { kind: "rule", rule: injectors[0]!.ref } };
}

function observe(policy: CompiledPolicy, hook: HookKind): Verdict {
  const matched = policy.byHook[hook].filter((rule) => conditionsHold(rule, { input: {} }));
  const decidedBy: Decider = { kind: "default" };
  return { hook, matched: matched.map((rule) => rule.ref), decision: { kind: "continue" }, decidedBy };
}

/** A rule's short description: its own words, else what it tells the model or the person, else its id. */
export function ruleSummary(rule: CompiledRule): string {
  return rule.written.description ?? rule.written.reason ?? rule.written.message ?? rule.ref.id;
}

/** A few lines telling the model which tool calls the policy stops, so it does not probe. */
export function policySummary(policy: CompiledPolicy): string {
  const stopping = policy.byHook.before_tool_call.filter((rule) => rule.decision === "block" || rule.decision === "confirm");
  const lines = stopping.slice(0, SUMMARY_MAX_RULES).map((rule) => `- ${rule.decision}: ${ruleSummary(rule)}`);
  if (stopping.length > SUMMARY_MAX_RULES) lines.push(`- … and ${stopping.length - SUMMARY_MAX_RULES} more rules`);
  return `synaps-policy is active. Tool calls that match these rules are stopped:\n${lines.join("\n")}\nCall the synaps-policy_policy tool to see what applies to a tool before you use it.`;
}
