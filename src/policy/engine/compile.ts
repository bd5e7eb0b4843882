// A validated policy → what the engine needs on the hot path: rules grouped
// by hook with their conditions compiled, an index of rules by the program
// they require, the program knowledge the policy adds, and the shell analyzer
// and clock it was given. `compilePolicy(source, { analyzer, clock })` and
// `evaluate(policy, event)` are the whole engine.
import { MAX_SHARED_TOOL_MATCHERS, SHELL_LIMITS } from "../../limits.ts";
import { compileAlternatives, type NameMatcher } from "../../match/glob.ts";
import { compileRegex, type LinearRegex } from "../../match/regex.ts";
import type { EarlierLines, ShellContext } from "../../shell/analyze.ts";
import type { Clock } from "../../shell/budget.ts";
import type { ProgramSpec } from "../../shell/programs/spec.ts";
import { programTable } from "../../shell/programs/table.ts";
import type { KnownFiles } from "../../shell/view/files.ts";
import type { ShellView } from "../../shell/view/view.ts";
import { type CompiledCondition, compileCondition, factsNeeded } from "./conditions.ts";
import { type Detector, patternDetector } from "../../match/secrets/detector.ts";
import { chosenDetectors } from "../../match/secrets/registry.ts";
import { HOOK_KINDS, type HookKind } from "./event.ts";
import type { Mode, PolicyFile, Rule, RuleDecision, SingleCondition, TestCase } from "../format/schema.ts";
import { conditionList } from "../format/rule-shape.ts";
import type { Steps } from "../steps.ts";
import { compileProjectRoots, type ProjectRoots } from "./places.ts";
import type { RuleRef } from "./verdict.ts";
import { withCategoriesExpanded } from "../../shell/programs/categories.ts";

/** The shell model, given to the engine: one input in, its view out. */
export type ShellAnalyzer = (input: string, context: ShellContext, known?: KnownFiles, earlier?: EarlierLines) => ShellView;

export type EngineDeps = { analyzer: ShellAnalyzer; clock: Clock };

export type Rewrite = { kind: "set"; path: string[]; value: unknown } | { kind: "replace"; path: string[]; pattern: LinearRegex; with: string };

export type CompiledRule = {
  ref: RuleRef;
  /** The rule as written in its file (reason, message, content, …); `ref` says where. */
  written: Rule;
  hook: HookKind;
  decision: RuleDecision;
  matchesTool: (names: readonly string[]) => boolean;
  /** When every `when` alternative names programs: the rule can only match a call that runs one of them. */
  requiredPrograms?: RequiredPrograms;
  /** When every `when` alternative needs some command facts (writes, code, a network destination, …): each alternative's, as bits of FACTS. */
  factsNeeded?: readonly number[];
  /** Alternatives of which one must hold (empty: the rule applies to every call of its tools). */
  readonly when: CompiledCondition[];
  /** Exceptions: when any holds, the rule does not apply. */
  readonly unless: CompiledCondition[];
  /** The detectors a redact rule applies, resolved on first use: the registry is only built when output is redacted. */
  detectors: () => readonly Detector[];
  /** The rule's own `patterns`, each a detector named after the rule. */
  readonly patterns: readonly Detector[];
  readonly rewrites: Rewrite[];
  /** enforce: the decision applies; observe: it is only reported as what would have been decided. */
  mode: Mode;
  /** The [[override]] that changed this rule last (file:line), if one did. */
  overriddenAt?: string;
  /** Every [[override]] that changed it (file:line), in the order they apply, and the rule as written before them. */
  overrides?: { by: readonly string[]; written: CompiledRule };
};

/**
 * An inline test and the policy it is judged under: every rule enforced, with
 * the overrides in force where the test is written. Tests shipped in the
 * binary (built-in packs, the embedded default) are run by the project's test
 * suite, not on every load.
 */
export type CompiledTest = {
  test: TestCase;
  label: string;
  under: CompiledPolicy;
  shipped: boolean;
  /** A rule's example: the rule (test.rule) must match the call, or must not; the decision is not asked. */
  example?: "match" | "not_match";
};

/** One file the policy is made of, in precedence order. */
export type PolicyOrigin = { source: string; includedFrom?: string };

/**
 * A layer of the policy, highest first: the managed file (an administrator's), the user's, and the
 * project's (the repository's own). `ignored`: present but not applied, and why (switched off, or broken).
 */
export type PolicyLayer = { layer: "managed" | "user" | "project"; file: string; present: boolean; ignored?: string };

export type CompiledPolicy = {
  /** The policy file, or "embedded default policy". */
  source: string;
  /** Short content hash, recorded with every audit record. */
  hash: string;
  /** As applied: under `[defaults] mode = "observe"` the decision and on_error are continue (`would` holds the written ones). */
  defaults: PolicyFile["defaults"];
  /** Every rule in force, in precedence order, observed ones included. */
  rules: CompiledRule[];
  /** Rules an [[override]] switched off: as written, and which overrides did it (what `check --explain` names). */
  switchedOff: Array<{ rule: CompiledRule; by: readonly string[] }>;
  /** The enforced rules by hook: what the engine applies. */
  byHook: Record<HookKind, CompiledRule[]>;
  /** When some rule (or the whole policy) observes: the same policy with everything enforced — what would have been decided. */
  would?: CompiledPolicy;
  /** The files the policy is made of, in precedence order (the user's file first, built-in packs last). */
  files: PolicyOrigin[];
  /** The layers, highest first (the managed file, present or not, then the user's). */
  layers: PolicyLayer[];
  /** Tool name → the input field holding its shell command. */
  shellTools: Record<string, string>;
  /** The patterns of every redact rule (`patterns = [...]`): the user's own secrets, redacted wherever the detectors redact (log, reasons, check, stderr). */
  ownPatterns: readonly Detector[];
  /** Every file's tests; a shipped file's (a built-in pack's, the embedded default's) are made on first read. */
  tests: CompiledTest[];
  /** The tests of the files that are not shipped: what every load runs (checks/inline-tests.ts). */
  ownTests: CompiledTest[];
  home: string;
  /** `[defaults] project_roots`, compiled: directories that are each a project. */
  projectRoots: ProjectRoots;
  /** What the shell analysis gets: the home directory, program knowledge (built-in plus the policy's), limits, clock. */
  shell: ShellContext;
  analyzer: ShellAnalyzer;
  clock: Clock;
};

const BUILTIN_SHELL_TOOLS: Record<string, string> = { bash: "command", shell_start: "command", shell_send: "input" };

/** One file of a policy: the user's, an included file, or a built-in pack. */
export type PolicyPart = {
  file: PolicyFile;
  source: string;
  ruleLines: Array<number | undefined>;
  testLines: Array<number | undefined>;
  /** file:line of the include that brought this file in. */
  includedFrom?: string;
  /** The overrides (indices into PolicySource.overrides) this file's tests are judged under: its own and those of the files it includes. */
  testOverrides?: readonly number[];
  /** The sources of the files this file's tests are judged with: itself and what it includes (all files when absent). */
  testScope?: readonly string[];
};

/** An [[override]] as the loader resolved it: the rule ids it reaches and what it changes. */
export type ResolvedOverride = {
  ids: ReadonlySet<string>;
  decision?: RuleDecision | "off";
  mode?: Mode;
  reason?: string;
  message?: string;
  /** More exceptions for the rules (added to their own `unless`). */
  unless?: readonly SingleCondition[];
  /** file:line of the [[override]]. */
  where: string;
};

/** A loaded, validated policy: its parts in precedence order (the user's file first). */
export type PolicySource = {
  parts: PolicyPart[];
  source: string;
  /** Every file's text (the hash covers them all). */
  text: string;
  home: string;
  /** In the order they apply: a later one wins (the loader puts the including file's last). */
  overrides?: readonly ResolvedOverride[];
  /** The [defaults] calls get: the user's raised to the managed floor (parts[0]'s own when absent; its tests keep its own). */
  defaults?: PolicyFile["defaults"];
  layers?: PolicyLayer[];
};

/** A policy compiled in steps: a yield after each rule, so a big policy can be compiled between requests. */
export function* compilePolicySteps({ parts, source, text, home, overrides = [], defaults, layers = [] }: PolicySource, { analyzer, clock }: EngineDeps): Steps<CompiledPolicy> {
  const main = { ...parts[0]!.file, defaults: defaults ?? parts[0]!.file.defaults };
  const base: CompiledRule[] = [];
  const entries: EntryPrograms = new Map();
  for (const part of parts) {
    for (let index = 0; index < part.file.rule.length; index++) {
      const rule = part.file.rule[index]!;
      if (rule.enabled) base.push(compileRule(rule, { id: rule.id, source: part.source, line: part.ruleLines[index] }, home, main.defaults.mode, entries));
      yield;
    }
  }
  const maxInputBytes = main.shell?.max_input_bytes ?? SHELL_LIMITS.maxInputBytes;
  const shared: SharedParts = {
    source,
    hash: new Bun.CryptoHasher("sha256").update(text).digest("hex").slice(0, 12),
    shellTools: { ...BUILTIN_SHELL_TOOLS, ...shellToolsOf(parts) },
    ownPatterns: base.flatMap((rule) => rule.patterns),
    home,
    projectRoots: compileProjectRoots(main.defaults.project_roots, home),
    shell: { home, programs: programTable(programAdditions(parts)), limits: { ...SHELL_LIMITS, maxInputBytes }, clock },
    analyzer,
    clock,
    files: parts.map((part) => ({ source: part.source, ...(part.includedFrom ? { includedFrom: part.includedFrom } : {}) })),
    layers,
  };
  const exceptions = new Map(overrides.map((override) => [override, (override.unless ?? []).map((condition) => compileCondition(condition, home))]));
  const policy = assemble(base, main.defaults, overrides, shared, exceptions);
  // A file's tests judge that file as if it were the whole policy: its own rules and what it includes,
  // its own [defaults] and overrides — so a stricter rule elsewhere never breaks a pack's tests.
  const judges = new Map<string, CompiledPolicy>();
  const judgeFor = (part: PolicyPart, partIndex: number) => {
    const indices = part.testOverrides ?? (partIndex === 0 ? overrides.map((_, index) => index) : []);
    const scope = part.testScope ? new Set(part.testScope) : undefined;
    const key = `${part.testScope?.join("\0") ?? "*"}#${indices.join(",")}#${JSON.stringify(part.file.defaults)}`;
    let judge = judges.get(key);
    if (!judge) {
      const rules = scope ? base.filter((rule) => scope.has(rule.ref.source)) : base;
      const view = assemble(
        rules,
        part.file.defaults,
        indices.map((index) => overrides[index]!),
        shared,
        exceptions,
      );
      judge = withoutTimeBackstops(view.would ?? view);
      judges.set(key, judge);
    }
    return judge;
  };
  const testsOf = (part: PolicyPart, partIndex: number): CompiledTest[] => {
    const under = judgeFor(part, partIndex);
    const tests = part.file.test.map((test, index) => {
      const line = part.testLines[index];
      return { test, under, label: `${part.source}${line ? `:${line}` : ""} test[${index + 1}]${test.name ? ` "${test.name}"` : ""}`, shipped: isShipped(part.source) };
    });
    return [...tests, ...examplesOf(part, under)];
  };
  // Shipped files' tests run in the project's test suite, never on a load (inline-tests.ts): the views they are
  // judged under (one per pack) are built only when something asks for them, not before the first hook.
  const byPart: Array<CompiledTest[] | (() => CompiledTest[])> = [];
  for (const [partIndex, part] of parts.entries()) {
    byPart.push(isShipped(part.source) ? lazily(() => testsOf(part, partIndex)) : testsOf(part, partIndex));
    yield;
  }
  policy.ownTests = byPart.flatMap((entry) => (typeof entry === "function" ? [] : entry));
  const tests = lazily(() => byPart.flatMap((entry) => (typeof entry === "function" ? entry() : entry)));
  return Object.defineProperty(policy, "tests", { get: tests, enumerable: true });
}

/** The examples of a file's rules, as tests of whether the rule matches (a rule the file's own overrides switch off has none). */
function examplesOf(part: PolicyPart, under: CompiledPolicy): CompiledTest[] {
  const tests: CompiledTest[] = [];
  part.file.rule.forEach((rule, index) => {
    if (!rule.examples || !under.rules.some((compiled) => compiled.ref.id === rule.id && compiled.ref.source === part.source)) return;
    const line = part.ruleLines[index];
    const tool = exampleTool(rule.tool);
    for (const kind of ["match", "not_match"] as const) {
      (rule.examples[kind] ?? []).forEach((example, position) => {
        const call = typeof example === "string" ? { tool, input: example } : { tool: example.tool ?? tool, input: example.input };
        tests.push({
          test: { hook: "before_tool_call", ...call, expect: rule.decision, rule: rule.id },
          under,
          label: `${part.source}${line ? `:${line}` : ""} rule "${rule.id}" examples.${kind}[${position + 1}]`,
          shipped: isShipped(part.source),
          example: kind,
        });
      });
    }
  });
  return tests;
}

/** The tool an example string is given to: the rule's first tool that is not a glob, else bash. */
function exampleTool(tool: Rule["tool"]): string {
  const names = tool === undefined ? [] : typeof tool === "string" ? [tool] : tool;
  return names.find((name) => !/[*?[{]/.test(name)) ?? "bash";
}

/**
 * The policy its inline tests are judged under: the time backstops
 * (shell analysis, redaction) stopped, so only the deterministic work budgets
 * apply. On a busy machine a test would otherwise fail now and pass later —
 * and a failing test keeps a policy from loading at all.
 */
function withoutTimeBackstops(policy: CompiledPolicy): CompiledPolicy {
  const stopped = { now: () => 0 };
  return { ...policy, clock: stopped, shell: { ...policy.shell, clock: stopped } };
}

type SharedParts = Pick<CompiledPolicy, "source" | "hash" | "shellTools" | "ownPatterns" | "home" | "projectRoots" | "shell" | "analyzer" | "clock" | "files" | "layers">;

/**
 * The policy as applied with the given overrides: the rules they leave on,
 * with the decisions and modes they give. Observed rules are left out of
 * byHook and kept in `would`, where everything is enforced.
 */
function assemble(
  base: readonly CompiledRule[],
  defaults: PolicyFile["defaults"],
  overrides: readonly ResolvedOverride[],
  shared: SharedParts,
  exceptions: ReadonlyMap<ResolvedOverride, readonly CompiledCondition[]>,
): CompiledPolicy {
  const rules: CompiledRule[] = [];
  const switchedOff: CompiledPolicy["switchedOff"] = [];
  for (const rule of base) {
    if (overrides.length === 0) {
      rules.push(rule);
      continue;
    }
    const changed = applyOverrides(rule, overrides, exceptions);
    if (changed.rule) rules.push(changed.rule);
    else switchedOff.push({ rule, by: changed.by });
  }
  const enforced = rules.filter((rule) => rule.mode === "enforce");
  const observing = defaults.mode === "observe" || enforced.length < rules.length;
  const applied = defaults.mode === "observe" ? { ...defaults, decision: "continue" as const, on_error: "continue" as const, unseen_code: "continue" as const } : defaults;
  const policy: CompiledPolicy = { ...shared, defaults: applied, rules, switchedOff, byHook: byHookOf(enforced), tests: [], ownTests: [] };
  if (observing) policy.would = { ...shared, defaults: { ...defaults, mode: "enforce" }, rules, switchedOff, byHook: byHookOf(rules), tests: [], ownTests: [] };
  return policy;
}

function byHookOf(rules: readonly CompiledRule[]): Record<HookKind, CompiledRule[]> {
  const byHook = Object.fromEntries(HOOK_KINDS.map((hook) => [hook, [] as CompiledRule[]])) as Record<HookKind, CompiledRule[]>;
  // One pass in order (a filter per hook walked every rule once per hook kind, on every load).
  for (const rule of rules) byHook[rule.hook]?.push(rule);
  return byHook;
}

/** The rule as the overrides leave it (a later override wins; undefined when one switches it off), and which overrides touched it. */
function applyOverrides(
  rule: CompiledRule,
  overrides: readonly ResolvedOverride[],
  exceptions: ReadonlyMap<ResolvedOverride, readonly CompiledCondition[]>,
): { rule: CompiledRule | undefined; by: string[] } {
  let current = rule;
  let off = false;
  const by: string[] = [];
  for (const override of overrides) {
    if (!override.ids.has(rule.ref.id)) continue;
    by.push(override.where);
    if (override.decision === "off") {
      off = true;
      continue;
    }
    // A later override that gives a decision switches the rule back on with it.
    if (override.decision !== undefined) off = false;
    const decision = override.decision ?? current.decision;
    const text = { ...(override.reason !== undefined ? { reason: override.reason } : {}), ...(override.message !== undefined ? { message: override.message } : {}) };
    current = withChanges(current, { decision, mode: override.mode ?? current.mode, overriddenAt: override.where, written: { ...current.written, decision, ...text } });
    const extra = exceptions.get(override) ?? [];
    if (extra.length > 0) current = withExceptions(current, extra);
  }
  if (off) return { rule: undefined, by };
  return { rule: by.length > 0 ? { ...current, overrides: { by, written: rule } } : current, by };
}

/** A copy of a rule with some fields changed; its matchers stay uncompiled until used (a spread would compile them). */
function withChanges(rule: CompiledRule, changes: Partial<Pick<CompiledRule, "decision" | "mode" | "overriddenAt" | "written">>): CompiledRule {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(rule)) as CompiledRule;
  return Object.assign(copy, changes);
}

/** The rule with more exceptions: its own stay compiled on first use, the override's are added after them. */
function withExceptions(rule: CompiledRule, extra: readonly CompiledCondition[]): CompiledRule {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(rule)) as CompiledRule;
  const unless = lazily(() => [...rule.unless, ...extra]);
  return Object.defineProperty(copy, "unless", { get: unless, enumerable: true });
}

/** `[shell] tools` of every part; the user's file wins a name both declare. */
function shellToolsOf(parts: readonly PolicyPart[]): Record<string, string> {
  const tools: Record<string, string> = {};
  for (const part of [...parts].reverse()) Object.assign(tools, part.file.shell?.tools ?? {});
  return tools;
}

/** Files that are part of the binary: the built-in packs and the embedded default policy. */
export const EMBEDDED_POLICY_NAME = "embedded default policy";

function isShipped(source: string): boolean {
  return source.startsWith("builtin:") || source === EMBEDDED_POLICY_NAME;
}

/** `[programs.x]` of every part (the user's file winning), and the older `[shell] wrappers` as program knowledge. */
function programAdditions(parts: readonly PolicyPart[]): Record<string, ProgramSpec> {
  const additions: Record<string, ProgramSpec> = {};
  for (const part of [...parts].reverse()) {
    for (const [name, spec] of Object.entries(part.file.shell?.wrappers ?? {})) {
      const options = Object.fromEntries((spec.value_options ?? []).map((option) => [option, "value" as const]));
      additions[name] = { options, operands: [...Array.from({ length: spec.leading_operands ?? 0 }, () => "value" as const), "argv"] };
    }
    Object.assign(additions, part.file.programs ?? {});
  }
  return additions;
}

/**
 * A rule with what decides cheaply (its hook, tools, required programs and facts) ready at once, and its
 * matchers — globs, regular expressions, path sets — compiled the first time a call gets that far: the
 * first hook pays only for the rules it touches (a `git status` never compiles the kubectl rules).
 */
function compileRule(rule: Rule, ref: RuleRef, home: string, defaultMode: Mode, entries: EntryPrograms): CompiledRule {
  const gate = knownGates.get(rule) ?? ruleGate(rule, entries);
  const userPatterns: Detector[] = (rule.patterns ?? []).map((pattern) => patternDetector(rule.id, pattern));
  const when = lazily(() => conditionList(rule.when).map((condition) => compileCondition(condition, home)));
  const unless = lazily(() => conditionList(rule.unless).map((condition) => compileCondition(condition, home)));
  const rewrites = lazily(() => compileRewrites(rule));
  return {
    ref,
    written: rule,
    hook: rule.hook,
    decision: rule.decision,
    // [defaults] mode covers tool-call rules only: a trial of a policy never turns off redaction or injection.
    mode: rule.mode ?? (rule.hook === "before_tool_call" ? defaultMode : "enforce"),
    matchesTool: compileToolMatcher(rule.tool),
    // Written out even when absent (undefined): a spread of a conditional object, twice per rule, was a tenth of a
    // load's compile in the interpreter the start runs in (issue 27).
    requiredPrograms: gate.programs ? requiredPrograms(gate.programs) : undefined,
    factsNeeded: gate.facts,
    get when() {
      return when();
    },
    get unless() {
      return unless();
    },
    // Only redact rules use detectors (every family unless `detectors` names some); building the registry for every rule would cost the first load.
    detectors: lazily(() => (rule.decision === "redact" ? [...chosenDetectors(rule), ...userPatterns] : [])),
    patterns: userPatterns,
    get rewrites() {
      return rewrites();
    },
  };
}

/** A value computed on first call, then kept. */
function lazily<T>(compute: () => T): () => T {
  let value: { of: T } | undefined;
  return () => {
    value ??= { of: compute() };
    return value.of;
  };
}

/** Programs a rule needs: exact names (a set lookup) and globs (`python*`, `/etc/init.d/*`). */
export type RequiredPrograms = { names: ReadonlySet<string>; pattern?: NameMatcher };

/**
 * What decides cheaply whether a rule can apply to a call, read from its `when` as written: the programs every
 * alternative requires (names and globs; absent when some alternative names none) and the command facts each
 * alternative needs (absent when one needs none). The build reads it for the shipped files' rules
 * (packs-prebuilt.ts); a load reads it for any other rule.
 */
export type RuleGate = { programs?: { names: string[]; globs: string[] }; facts?: number[] };

/**
 * The gates the build read, by rule: a load of a shipped file registers them as it parses the file, so that
 * compiling its rules does not read them again (expanding program categories was most of a load's cheap compile,
 * issue 27). Keyed by the rule object, so a rule a loader rewrote (a project's, a managed floor's) is read afresh.
 */
const knownGates = new WeakMap<Rule, RuleGate>();

/** Registers the gates the build read for a file's rules, in the same order. */
export function rememberRuleGates(rules: readonly Rule[], gates: readonly RuleGate[]) {
  rules.forEach((rule, index) => {
    const gate = gates[index];
    if (gate) knownGates.set(rule, gate);
  });
}

/** The gate a load will use for a rule: the build's, when one was registered (for the tests that hold it to a fresh reading). */
export function registeredRuleGate(rule: Rule): RuleGate | undefined {
  return knownGates.get(rule);
}

/**
 * The rule's gate, read now. A flow alternative matches the command its data reaches, so its `to.command` names
 * count (`env | curl …` needs a curl). `entries`: command entries already read in this compile.
 */
export function ruleGate(rule: Rule, entries: EntryPrograms = new Map()): RuleGate {
  const alternatives = conditionList(rule.when);
  const facts = alternatives.map(factsNeeded);
  const programs = programsRequired(alternatives, entries);
  return { ...(programs ? { programs } : {}), ...(facts.length > 0 && !facts.includes(0) ? { facts } : {}) };
}

function programsRequired(alternatives: readonly SingleCondition[], entries: EntryPrograms): RuleGate["programs"] {
  if (alternatives.length === 0) return undefined;
  const names = new Set<string>();
  const globs: string[] = [];
  for (const condition of alternatives) {
    const command = condition.command ?? condition.flow?.to?.command;
    if (command === undefined) return undefined;
    for (const entry of Array.isArray(command) ? command : [command]) {
      const programs = programsOfEntry(entry, entries);
      if (programs === undefined) return undefined;
      for (const name of programs.names) names.add(name);
      globs.push(...programs.globs);
    }
  }
  return { names: [...names], globs };
}

export function requiredPrograms({ names, globs }: NonNullable<RuleGate["programs"]>): RequiredPrograms {
  return globs.length > 0 ? { names: new Set(names), pattern: compileAlternatives(globs.join("|")) } : { names: new Set(names) };
}

/** A `command` entry's program names and globs, categories expanded; undefined when a name is blank (it requires nothing). */
type ProgramsOfEntry = { names: readonly string[]; globs: readonly string[] };

/** Entries already read, by their text, for one compile: the packs repeat entries (`git`, `@shells|sudo`) across ~970 alternatives. */
type EntryPrograms = Map<string, ProgramsOfEntry | undefined>;

function programsOfEntry(entry: string, entries: EntryPrograms): ProgramsOfEntry | undefined {
  if (entries.has(entry)) return entries.get(entry);
  const names: string[] = [];
  const globs: string[] = [];
  let programs: ProgramsOfEntry | undefined = { names, globs };
  for (const part of withCategoriesExpanded(entry).split("|")) {
    const name = part.trim().toLowerCase();
    if (name === "") {
      programs = undefined;
      break;
    }
    if (/[*?[{]/.test(name)) globs.push(name);
    else names.push(name);
  }
  entries.set(entry, programs);
  return programs;
}

type ToolMatcher = (names: readonly string[]) => boolean;

const anyTool: ToolMatcher = () => true;

/** Matchers of a rule's `tool` written as one string, shared: most of the ~540 shipped rules name `bash` alone. */
const toolMatchers = new Map<string, ToolMatcher>();

function compileToolMatcher(tool: string | string[] | undefined): ToolMatcher {
  if (tool === undefined) return anyTool;
  if (Array.isArray(tool)) return toolMatcherOf(tool);
  let matcher = toolMatchers.get(tool);
  if (matcher === undefined) {
    matcher = toolMatcherOf([tool]);
    if (toolMatchers.size < MAX_SHARED_TOOL_MATCHERS) toolMatchers.set(tool, matcher);
  }
  return matcher;
}

function toolMatcherOf(tools: readonly string[]): ToolMatcher {
  const matchers = tools.map(compileAlternatives);
  return (names) => {
    for (const name of names) for (const matches of matchers) if (matches(name)) return true;
    return false;
  };
}

function compileRewrites(rule: Rule): Rewrite[] {
  const rewrites: Rewrite[] = [];
  for (const [field, value] of Object.entries(rule.modify?.set ?? {})) rewrites.push({ kind: "set", path: field.split("."), value });
  for (const replacement of rule.modify?.replace ?? []) {
    rewrites.push({ kind: "replace", path: replacement.field.split("."), pattern: compileRegex(replacement.pattern), with: replacement.with });
  }
  return rewrites;
}
