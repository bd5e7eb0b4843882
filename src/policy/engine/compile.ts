// A validated policy → what the engine needs on the hot path: rules grouped
// by hook with their conditions compiled, an index of rules by the program
// they require, the program knowledge the policy adds, and the shell analyzer
// and clock it was given. `compilePolicy(source, { analyzer, clock })` and
// `evaluate(policy, event)` are the whole engine.
import { SHELL_LIMITS } from "../../limits.ts";
import { compileAlternatives, type NameMatcher } from "../../match/glob.ts";
import { compileRegex, type LinearRegex } from "../../match/regex.ts";
import type { ShellContext } from "../../shell/analyze.ts";
import type { Clock } from "../../shell/budget.ts";
import type { ProgramSpec } from "../../shell/programs/spec.ts";
import { programTable } from "../../shell/programs/table.ts";
import type { KnownFiles } from "../../shell/view/files.ts";
import type { ShellView } from "../../shell/view/view.ts";
import { type CompiledCondition, compileCondition, factsNeeded } from "./conditions.ts";
import { type Detector, patternDetector } from "../../match/secrets/detector.ts";
import { detectorsFor } from "../../match/secrets/registry.ts";
import { HOOK_KINDS, type HookKind } from "./event.ts";
import { conditionList, type Mode, type PolicyFile, type Rule, type RuleDecision, type TestCase } from "../format/schema.ts";
import type { Steps } from "../steps.ts";
import type { RuleRef } from "./verdict.ts";

/** The shell model, given to the engine: one input in, its view out. */
export type ShellAnalyzer = (input: string, context: ShellContext, known?: KnownFiles) => ShellView;

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
  when: CompiledCondition[];
  /** Exceptions: when any holds, the rule does not apply. */
  unless: CompiledCondition[];
  /** The detectors a redact rule applies, resolved on first use: the registry is only built when output is redacted. */
  detectors: () => readonly Detector[];
  rewrites: Rewrite[];
  /** enforce: the decision applies; observe: it is only reported as what would have been decided. */
  mode: Mode;
  /** The [[override]] that changed this rule (file:line), if one did. */
  overriddenAt?: string;
};

/**
 * An inline test and the policy it is judged under: every rule enforced, with
 * the overrides in force where the test is written. Tests shipped in the
 * binary (built-in packs, the embedded default) are run by the project's test
 * suite, not on every load.
 */
export type CompiledTest = { test: TestCase; label: string; under: CompiledPolicy; shipped: boolean };

/** One file the policy is made of, in precedence order. */
export type PolicyOrigin = { source: string; includedFrom?: string };

export type CompiledPolicy = {
  /** The policy file, or "embedded default policy". */
  source: string;
  /** Short content hash, recorded with every audit record. */
  hash: string;
  /** As applied: under `[defaults] mode = "observe"` the decision and on_error are continue (`would` holds the written ones). */
  defaults: PolicyFile["defaults"];
  /** Every rule in force, in precedence order, observed ones included. */
  rules: CompiledRule[];
  /** The enforced rules by hook: what the engine applies. */
  byHook: Record<HookKind, CompiledRule[]>;
  /** When some rule (or the whole policy) observes: the same policy with everything enforced — what would have been decided. */
  would?: CompiledPolicy;
  /** The files the policy is made of, in precedence order (the user's file first, built-in packs last). */
  files: PolicyOrigin[];
  /** Tool name → the input field holding its shell command. */
  shellTools: Record<string, string>;
  tests: CompiledTest[];
  home: string;
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
};

/** A policy compiled in steps: a yield after each rule, so a big policy can be compiled between requests. */
export function* compilePolicySteps({ parts, source, text, home, overrides = [] }: PolicySource, { analyzer, clock }: EngineDeps): Steps<CompiledPolicy> {
  const main = parts[0]!.file;
  const base: CompiledRule[] = [];
  for (const part of parts) {
    for (let index = 0; index < part.file.rule.length; index++) {
      const rule = part.file.rule[index]!;
      if (rule.enabled) base.push(compileRule(rule, { id: rule.id, source: part.source, line: part.ruleLines[index] }, home, main.defaults.mode));
      yield;
    }
  }
  const maxInputBytes = main.shell?.max_input_bytes ?? SHELL_LIMITS.maxInputBytes;
  const shared: SharedParts = {
    source,
    hash: new Bun.CryptoHasher("sha256").update(text).digest("hex").slice(0, 12),
    shellTools: { ...BUILTIN_SHELL_TOOLS, ...shellToolsOf(parts) },
    home,
    shell: { home, programs: programTable(programAdditions(parts)), limits: { ...SHELL_LIMITS, maxInputBytes }, clock },
    analyzer,
    clock,
    files: parts.map((part) => ({ source: part.source, ...(part.includedFrom ? { includedFrom: part.includedFrom } : {}) })),
  };
  const policy = assemble(base, main.defaults, overrides, shared);
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
      );
      judge = withoutWallClock(view.would ?? view);
      judges.set(key, judge);
    }
    return judge;
  };
  for (const [partIndex, part] of parts.entries()) {
    const under = judgeFor(part, partIndex);
    part.file.test.forEach((test, index) => {
      const line = part.testLines[index];
      policy.tests.push({ test, under, label: `${part.source}${line ? `:${line}` : ""} test[${index + 1}]${test.name ? ` "${test.name}"` : ""}`, shipped: isShipped(part.source) });
    });
    yield;
  }
  return policy;
}

/**
 * The policy its inline tests are judged under: the wall-clock backstops
 * (shell analysis, redaction) stopped, so only the deterministic work budgets
 * apply. On a busy machine a test would otherwise fail now and pass later —
 * and a failing test keeps a policy from loading at all.
 */
function withoutWallClock(policy: CompiledPolicy): CompiledPolicy {
  const stopped = { now: () => 0 };
  return { ...policy, clock: stopped, shell: { ...policy.shell, clock: stopped } };
}

type SharedParts = Pick<CompiledPolicy, "source" | "hash" | "shellTools" | "home" | "shell" | "analyzer" | "clock" | "files">;

/**
 * The policy as applied with the given overrides: the rules they leave on,
 * with the decisions and modes they give. Observed rules are left out of
 * byHook and kept in `would`, where everything is enforced.
 */
function assemble(base: readonly CompiledRule[], defaults: PolicyFile["defaults"], overrides: readonly ResolvedOverride[], shared: SharedParts): CompiledPolicy {
  const rules: CompiledRule[] = [];
  for (const rule of base) {
    const changed = overrides.length > 0 ? applyOverrides(rule, overrides) : rule;
    if (changed) rules.push(changed);
  }
  const enforced = rules.filter((rule) => rule.mode === "enforce");
  const observing = defaults.mode === "observe" || enforced.length < rules.length;
  const applied = defaults.mode === "observe" ? { ...defaults, decision: "continue" as const, on_error: "continue" as const, unseen_code: "continue" as const } : defaults;
  const policy: CompiledPolicy = { ...shared, defaults: applied, rules, byHook: byHookOf(enforced), tests: [] };
  if (observing) policy.would = { ...shared, defaults: { ...defaults, mode: "enforce" }, rules, byHook: byHookOf(rules), tests: [] };
  return policy;
}

function byHookOf(rules: readonly CompiledRule[]): Record<HookKind, CompiledRule[]> {
  return Object.fromEntries(HOOK_KINDS.map((hook) => [hook, rules.filter((rule) => rule.hook === hook)])) as Record<HookKind, CompiledRule[]>;
}

/** The rule as the overrides leave it (a later override wins), or undefined when one switches it off. */
function applyOverrides(rule: CompiledRule, overrides: readonly ResolvedOverride[]): CompiledRule | undefined {
  let current = rule;
  let off = false;
  for (const override of overrides) {
    if (!override.ids.has(rule.ref.id)) continue;
    if (override.decision === "off") {
      off = true;
      continue;
    }
    // A later override that gives a decision switches the rule back on with it.
    if (override.decision !== undefined) off = false;
    const decision = override.decision ?? current.decision;
    const text = { ...(override.reason !== undefined ? { reason: override.reason } : {}), ...(override.message !== undefined ? { message: override.message } : {}) };
    current = { ...current, decision, mode: override.mode ?? current.mode, overriddenAt: override.where, written: { ...current.written, decision, ...text } };
  }
  return off ? undefined : current;
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

function compileRule(rule: Rule, ref: RuleRef, home: string, defaultMode: Mode): CompiledRule {
  const userPatterns: Detector[] = (rule.patterns ?? []).map((pattern) => patternDetector(rule.id, pattern));
  const when = conditionList(rule.when).map((condition) => compileCondition(condition, home));
  const needed = when.map(factsNeeded);
  return {
    ref,
    written: rule,
    hook: rule.hook,
    decision: rule.decision,
    // [defaults] mode covers tool-call rules only: a trial of a policy never turns off redaction or injection.
    mode: rule.mode ?? (rule.hook === "before_tool_call" ? defaultMode : "enforce"),
    matchesTool: compileToolMatcher(rule.tool),
    ...requiredProgramsOf(rule),
    ...(needed.length > 0 && !needed.includes(0) ? { factsNeeded: needed } : {}),
    when,
    unless: conditionList(rule.unless).map((condition) => compileCondition(condition, home)),
    // Only redact rules name detectors; building the registry for every rule would cost the first load.
    detectors: lazily(() => (rule.detectors?.length ? [...detectorsFor(rule.detectors), ...userPatterns] : userPatterns)),
    rewrites: compileRewrites(rule),
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
 * The programs every alternative of `when` requires, for the index by
 * program. A flow alternative matches the command its data reaches, so its
 * `to.command` names count (`env | curl …` needs a curl).
 */
function requiredProgramsOf(rule: Rule): { requiredPrograms?: RequiredPrograms } {
  const alternatives = conditionList(rule.when);
  if (alternatives.length === 0) return {};
  const names = new Set<string>();
  const globs: string[] = [];
  for (const condition of alternatives) {
    const command = condition.command ?? condition.flow?.to?.command;
    if (command === undefined) return {};
    const parts = (Array.isArray(command) ? command : [command]).flatMap((entry) => entry.split("|")).map((name) => name.trim().toLowerCase());
    if (parts.some((name) => name === "")) return {};
    for (const name of parts) {
      if (/[*?[{]/.test(name)) globs.push(name);
      else names.add(name);
    }
  }
  return { requiredPrograms: globs.length > 0 ? { names, pattern: compileAlternatives(globs.join("|")) } : { names } };
}

function compileToolMatcher(tool: string | string[] | undefined): (names: readonly string[]) => boolean {
  if (tool === undefined) return () => true;
  const matchers = (Array.isArray(tool) ? tool : [tool]).map(compileAlternatives);
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
