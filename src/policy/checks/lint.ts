// Rules that are valid but can never do what they say: a tool name no host
// has (`raed`, `Bash` — names are case-sensitive), a `command` with spaces
// (a program name has none), a modify of a field the tool does not have, a
// modify that changes its own output again (`--user` → `--user --user`),
// `[shell] tools` written the wrong way round, and a rule that a stronger
// rule with the same conditions always beats. Warnings, not errors: the
// policy loads, and `validate`, a reload and `/policy status` say so.
// Built-in packs are not linted: their rules are tested, and a person cannot
// edit them (an [[override]] can).
import type { CompiledPolicy, CompiledRule } from "../engine/compile.ts";
import { closest } from "../did-you-mean.ts";
import { ruleApplies } from "../engine/engine.ts";
import { eventOf } from "../engine/event-of.ts";
import type { JsonObject, ToolCallEvent } from "../engine/event.ts";
import type { PolicyNode } from "../load/includes.ts";
import { applyRewrites } from "../engine/rewrite.ts";
import type { CommandCondition, SingleCondition } from "../format/schema.ts";
import { conditionList } from "../format/rule-shape.ts";
import type { PolicyProblem } from "../format/source.ts";
import type { Steps } from "../steps.ts";
import { BUILTIN_TOOL_NAMES, BUILTIN_TOOLS, isPossibleToolName } from "./tools.ts";
import { impossiblePathPatterns, impossibleProjectRoots } from "./path-patterns.ts";
import { OUTPUT_STRENGTH, TOOL_CALL_STRENGTH } from "../engine/verdict.ts";
import { withCategoriesExpanded } from "../../shell/programs/categories.ts";

type Place = (rule: CompiledRule, key?: string) => Omit<PolicyProblem, "message">;

export function* lintSteps(policy: CompiledPolicy, nodes: readonly PolicyNode[]): Steps<PolicyProblem[]> {
  const place = placer(nodes);
  const own = policy.rules.filter((rule) => !rule.ref.source.startsWith("builtin:"));
  const warnings: PolicyProblem[] = [];
  for (const rule of own) {
    const say = (key: string | undefined, message: string) => warnings.push({ ...place(rule, key), message });
    for (const message of unknownTools(rule, policy)) say("tool", message);
    for (const message of spacedCommands(rule)) say("when", message);
    for (const message of missingModifyFields(rule)) say("modify", message);
    for (const [key, message] of impossiblePathPatterns(rule.written)) say(key, message);
    const repeat = repeatedRewrite(rule, policy);
    if (repeat) say("modify", repeat);
    yield;
  }
  warnings.push(...(yield* shadowedRules(own, policy.rules, place)));
  for (const node of nodes) if (!node.identity.startsWith("builtin:")) warnings.push(...shellToolShapes(node));
  const main = nodes[0];
  if (main) {
    for (const message of impossibleProjectRoots(main.part.file.defaults.project_roots)) {
      warnings.push({ file: main.part.source, position: main.locate(["defaults", "project_roots"]), where: "defaults.project_roots", message });
    }
  }
  return warnings;
}

/**
 * Where a rule (or one of its keys) is written, for the message. Its index of every rule is made at the first
 * warning: a policy with none (the default one, every pack included: 500 rules) never pays for it.
 */
function placer(nodes: readonly PolicyNode[]): Place {
  let built: { bySource: Map<string, PolicyNode>; indexOf: Map<string, number> } | undefined;
  const ruleIndex = () => {
    if (built) return built;
    const indexOf = new Map<string, number>();
    for (const node of nodes) for (const [at, rule] of node.part.file.rule.entries()) indexOf.set(`${node.part.source}\0${rule.id}`, at);
    built = { bySource: new Map(nodes.map((node) => [node.part.source, node])), indexOf };
    return built;
  };
  return (rule, key) => {
    const { bySource, indexOf } = ruleIndex();
    const node = bySource.get(rule.ref.source);
    const index = indexOf.get(`${rule.ref.source}\0${rule.ref.id}`) ?? -1;
    const position = node && index >= 0 ? node.locate(key ? ["rule", index, key] : ["rule", index]) : undefined;
    return {
      file: rule.ref.source,
      ...(position ? { position } : {}),
      where: `rule[${index + 1}] "${rule.ref.id}"${key ? `: ${key}` : ""}`,
      ...(node?.part.includedFrom ? { includedFrom: node.part.includedFrom } : {}),
    };
  };
}

function toolNames(rule: CompiledRule): string[] | undefined {
  const tool = rule.written.tool;
  if (tool === undefined) return undefined;
  return (Array.isArray(tool) ? tool : [tool])
    .flatMap((entry) => entry.split("|"))
    .map((name) => name.trim())
    .filter((name) => name !== "");
}

const GLOB_CHARS = /[*?[{]/;

function unknownTools(rule: CompiledRule, policy: CompiledPolicy): string[] {
  const messages: string[] = [];
  for (const name of toolNames(rule) ?? []) {
    if (GLOB_CHARS.test(name) || isPossibleToolName(name, policy.shellTools)) continue;
    const known = [...BUILTIN_TOOL_NAMES, ...Object.keys(policy.shellTools)];
    const exact = known.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    const hint = exact ? ` — tool names are case-sensitive: "${exact}"` : closest(name, known) ? ` — did you mean "${closest(name, known)}"?` : "";
    messages.push(`tool "${name}" is not a tool the host has, so this rule never fires${hint} (known: built-in tools, mcp_*, <plugin>_<tool>, [shell] tools, globs)`);
  }
  return messages;
}

/** Every command condition of a rule: `when`, `unless`, and the ends of their flows. */
function commandConditions(rule: CompiledRule): CommandCondition[] {
  const conditions: CommandCondition[] = [];
  for (const condition of [...conditionList(rule.written.when), ...conditionList(rule.written.unless)] as SingleCondition[]) {
    conditions.push(condition);
    if (condition.flow?.from) conditions.push(condition.flow.from);
    if (condition.flow?.to) conditions.push(condition.flow.to);
  }
  return conditions;
}

function spacedCommands(rule: CompiledRule): string[] {
  const messages: string[] = [];
  for (const condition of commandConditions(rule)) {
    const entries = condition.command === undefined ? [] : Array.isArray(condition.command) ? condition.command : [condition.command];
    for (const name of entries.flatMap((entry) => entry.split("|")).map((part) => part.trim())) {
      if (!/\s/.test(name)) continue;
      const [program, ...rest] = name.split(/\s+/);
      messages.push(
        `command "${name}" has a space, but command matches one program name, so it never matches; write command = "${program}" and put "${rest.join(" ")}" in subcommand or args`,
      );
    }
  }
  return messages;
}

function missingModifyFields(rule: CompiledRule): string[] {
  const tools = toolNames(rule);
  if (rule.decision !== "modify" || !tools || tools.length === 0) return [];
  const fieldLists = tools.map((name) => (GLOB_CHARS.test(name) ? undefined : BUILTIN_TOOLS[name]));
  if (fieldLists.some((fields) => fields === undefined)) return [];
  const known = new Set(fieldLists.flatMap((fields) => fields!));
  return rule.rewrites
    .map((rewrite) => rewrite.path[0]!)
    .filter((field) => !known.has(field))
    .map((field) => {
      const suggestion = closest(field, [...known]);
      return `modify changes "${field}", which the ${tools.join("/")} input does not have (it has ${[...known].join(", ")})${suggestion ? ` — did you mean "${suggestion}"?` : ""}`;
    });
}

/**
 * A modify that is not idempotent: applied to its own output it changes it
 * again. The model, having seen the rewritten command work, sends it next
 * time — and gets `--user --user`. Tried on the policy's own tests and on a
 * command built from the rule's conditions.
 */
function repeatedRewrite(rule: CompiledRule, policy: CompiledPolicy): string | undefined {
  if (rule.decision !== "modify" || rule.hook !== "before_tool_call") return undefined;
  const judged = policy.would ?? policy;
  for (const event of samplesFor(rule, judged)) {
    if (!ruleApplies(judged, rule, event)) continue;
    const once = applyRewrites(event.input, rule.rewrites);
    if (sameJson(once, event.input)) continue;
    const again = { ...event, input: once };
    if (!ruleApplies(judged, rule, again)) continue;
    const twice = applyRewrites(once, rule.rewrites);
    if (sameJson(twice, once)) continue;
    const show = (input: JsonObject) => JSON.stringify(describeInput(input));
    return `modify is not idempotent: ${show(event.input)} → ${show(once)} → ${show(twice)}; add an unless that matches the rewritten call`;
  }
  return undefined;
}

function describeInput(input: JsonObject): unknown {
  const keys = Object.keys(input);
  return keys.length === 1 && typeof input[keys[0]!] === "string" ? input[keys[0]!] : input;
}

function samplesFor(rule: CompiledRule, policy: CompiledPolicy): ToolCallEvent[] {
  const tools = toolNames(rule) ?? Object.keys(policy.shellTools);
  const samples: ToolCallEvent[] = [];
  for (const { test } of policy.tests) {
    if (test.hook !== "before_tool_call" || test.input === undefined) continue;
    if (!rule.matchesTool([test.tool ?? "bash"])) continue;
    samples.push(eventOf(policy, { hook: "before_tool_call", tool: test.tool ?? "bash", input: test.input }) as ToolCallEvent);
  }
  const shellTool = tools.find((name) => policy.shellTools[name] !== undefined);
  if (shellTool) {
    for (const command of commandsFromConditions(rule)) samples.push({ hook: "before_tool_call", tool: [shellTool], input: { [policy.shellTools[shellTool]!]: command } });
  }
  return samples.slice(0, 16);
}

/** `pip install x` from when = { command = "pip", args = ["install"] }: a call the rule is meant to rewrite. */
function commandsFromConditions(rule: CompiledRule): string[] {
  const first = (value: string | string[] | undefined) =>
    value === undefined
      ? undefined
      : withCategoriesExpanded((Array.isArray(value) ? value[0] : value) ?? "")
          .split("|")[0]
          ?.trim();
  const commands: string[] = [];
  for (const condition of conditionList(rule.written.when)) {
    const program = first(condition.command);
    if (!program || GLOB_CHARS.test(program)) continue;
    const words = [program, first(condition.subcommand), ...(condition.args ?? []).map((arg) => first(arg)), ...(condition.flags ?? []).map((flag) => first(flag))];
    const literal = words.filter((word): word is string => word !== undefined && word !== "" && !GLOB_CHARS.test(word));
    commands.push(literal.join(" "), `${literal.join(" ")} x`);
  }
  return commands;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A rule never decides when a stronger rule of the same hook and tools has the same `when` and no exception it lacks. */
function* shadowedRules(own: readonly CompiledRule[], all: readonly CompiledRule[], place: Place): Steps<PolicyProblem[]> {
  const warnings: PolicyProblem[] = [];
  const groups = new Map<string, CompiledRule[]>();
  const keys = new Map<CompiledRule, string>();
  const head = (rule: CompiledRule) => `${rule.hook}\0${rule.mode}\0${canonical(toolNames(rule)?.sort())}`;
  // Only a rule of the same hook, mode and tools as one of the user's can shadow it: the other rules'
  // conditions (most of the packs') need not be written out, which is most of this check's cost.
  const heads = new Set(own.map(head));
  const hooks = new Set(own.map((rule) => rule.hook));
  let seen = 0;
  for (const rule of all) {
    if (++seen % 256 === 0) yield;
    if (!hooks.has(rule.hook)) continue;
    const ruleHead = head(rule);
    if (!heads.has(ruleHead)) continue;
    const key = `${ruleHead}\0${canonical(rule.written.when)}`;
    keys.set(rule, key);
    const group = groups.get(key);
    if (group) group.push(rule);
    else groups.set(key, [rule]);
  }
  for (const rule of own) {
    if (rule.decision === "continue") continue;
    const key = keys.get(rule)!;
    const stronger = (groups.get(key) ?? []).find(
      (other) => other !== rule && strength(other) > strength(rule) && (other.written.unless === undefined || canonical(other.written.unless) === canonical(rule.written.unless)),
    );
    if (!stronger) continue;
    const where = stronger.ref.line ? `${stronger.ref.source}:${stronger.ref.line}` : stronger.ref.source;
    warnings.push({
      ...place(rule),
      message: `never decides: rule "${stronger.ref.id}" (${where}) has the same conditions and the stronger decision ${stronger.decision}, so it always wins over ${rule.decision}`,
    });
  }
  return warnings;
}

function strength(rule: CompiledRule): number {
  if (rule.hook === "before_tool_call") return (TOOL_CALL_STRENGTH as readonly string[]).indexOf(rule.decision);
  if (rule.hook === "after_tool_call") return (OUTPUT_STRENGTH as readonly string[]).indexOf(rule.decision);
  return -1;
}

/** JSON with object keys sorted: two conditions written in a different order are the same condition. */
function canonical(value: unknown): string {
  if (value === undefined) return "";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(",")}}`;
}

/** Names that hold a command in a tool's input: the usual right-hand side of `[shell] tools`. */
const COMMAND_FIELDS = new Set(["command", "input", "cmd", "script", "code"]);

function shellToolShapes(node: PolicyNode): PolicyProblem[] {
  const tools = node.part.file.shell?.tools ?? {};
  const warnings: PolicyProblem[] = [];
  for (const [tool, field] of Object.entries(tools)) {
    const at = {
      file: node.part.source,
      position: node.locate(["shell", "tools", tool]),
      where: `shell.tools.${tool}`,
      ...(node.part.includedFrom ? { includedFrom: node.part.includedFrom } : {}),
    };
    if (COMMAND_FIELDS.has(tool) && !COMMAND_FIELDS.has(field)) {
      warnings.push({ ...at, message: `"${tool}" = "${field}" looks the wrong way round: [shell] tools maps a tool name to its input field, e.g. ${field} = "${tool}"` });
      continue;
    }
    const fields = BUILTIN_TOOLS[tool];
    if (fields && !fields.includes(field)) {
      warnings.push({ ...at, message: `the ${tool} tool has no input field "${field}" (it has ${fields.join(", ")}), so its calls are not read as shell commands` });
    }
  }
  return warnings;
}
