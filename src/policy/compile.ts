// A validated policy → what the engine needs on the hot path: rules grouped
// by hook with their conditions compiled, an index of rules by the program
// they require, the program knowledge the policy adds, and the shell analyzer
// and clock it was given. `compilePolicy(source, { analyzer, clock })` and
// `evaluate(policy, event)` are the whole engine.
import { SHELL_LIMITS } from "../limits.ts";
import { compileAlternatives, type NameMatcher } from "../match/glob.ts";
import { compileRegex, type LinearRegex } from "../match/regex.ts";
import type { ShellContext } from "../match/shell/analyze.ts";
import type { Clock } from "../match/shell/budget.ts";
import type { ProgramSpec } from "../match/shell/programs/spec.ts";
import { programTable } from "../match/shell/programs/table.ts";
import type { ShellView } from "../match/shell/view.ts";
import { type CompiledCondition, compileCondition, factsNeeded } from "./conditions.ts";
import { type Detector, patternDetector } from "../match/secrets/detector.ts";
import { detectorsFor } from "../match/secrets/registry.ts";
import { HOOK_KINDS, type HookKind } from "./event.ts";
import { conditionList, type PolicyFile, type Rule, type RuleDecision, type TestCase } from "./schema.ts";
import type { RuleRef } from "./verdict.ts";

/** The shell model, given to the engine: one input in, its view out. */
export type ShellAnalyzer = (input: string, context: ShellContext) => ShellView;

export type EngineDeps = { analyzer: ShellAnalyzer; clock: Clock };

export type Rewrite =
  | { kind: "set"; path: string[]; value: unknown }
  | { kind: "replace"; path: string[]; pattern: LinearRegex; with: string };

export type CompiledRule = {
  ref: RuleRef;
  rule: Rule;
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
  detectors: Detector[];
  rewrites: Rewrite[];
};

export type CompiledTest = { test: TestCase; label: string };

export type CompiledPolicy = {
  /** The policy file, or "embedded default policy". */
  source: string;
  /** Short content hash, recorded with every audit record. */
  hash: string;
  defaults: PolicyFile["defaults"];
  rules: CompiledRule[];
  byHook: Record<HookKind, CompiledRule[]>;
  /** Tool name → the input field holding its shell command. */
  shellTools: Record<string, string>;
  tests: CompiledTest[];
  home: string;
  /** What the shell analysis gets: the home directory, program knowledge (built-in plus the policy's), limits, clock. */
  shell: ShellContext;
  analyzer: ShellAnalyzer;
  clock: Clock;
};

export const BUILTIN_SHELL_TOOLS: Record<string, string> = { bash: "command", shell_start: "command", shell_send: "input" };

/** One file of a policy: the user's, an included file, or a built-in pack. */
export type PolicyPart = { file: PolicyFile; source: string; ruleLines: Array<number | undefined>; testLines: Array<number | undefined> };

/** A loaded, validated policy: its parts in precedence order (the user's file first). */
export type PolicySource = {
  parts: PolicyPart[];
  source: string;
  text: string;
  home: string;
};

export function compilePolicy({ parts, source, text, home }: PolicySource, { analyzer, clock }: EngineDeps): CompiledPolicy {
  const main = parts[0]!.file;
  const rules: CompiledRule[] = [];
  const tests: CompiledTest[] = [];
  for (const part of parts) {
    part.file.rule.forEach((rule, index) => {
      if (rule.enabled) rules.push(compileRule(rule, { id: rule.id, source: part.source, line: part.ruleLines[index] }, home));
    });
    part.file.test.forEach((test, index) => {
      const line = part.testLines[index];
      tests.push({ test, label: `${part.source}${line ? `:${line}` : ""} test[${index + 1}]${test.name ? ` "${test.name}"` : ""}` });
    });
  }
  const byHook = Object.fromEntries(HOOK_KINDS.map((hook) => [hook, rules.filter((rule) => rule.hook === hook)])) as Record<HookKind, CompiledRule[]>;
  const maxInputBytes = main.shell?.max_input_bytes ?? SHELL_LIMITS.maxInputBytes;
  return {
    source,
    hash: new Bun.CryptoHasher("sha256").update(text).digest("hex").slice(0, 12),
    defaults: main.defaults,
    rules,
    byHook,
    shellTools: { ...BUILTIN_SHELL_TOOLS, ...(main.shell?.tools ?? {}) },
    tests,
    home,
    shell: { home, programs: programTable(programAdditions(parts)), limits: { ...SHELL_LIMITS, maxInputBytes }, clock },
    analyzer,
    clock,
  };
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

function compileRule(rule: Rule, ref: RuleRef, home: string): CompiledRule {
  const userPatterns: Detector[] = (rule.patterns ?? []).map((pattern) => patternDetector(rule.id, pattern));
  const when = conditionList(rule.when).map((condition) => compileCondition(condition, home));
  const needed = when.map(factsNeeded);
  return {
    ref,
    rule,
    hook: rule.hook,
    decision: rule.decision,
    matchesTool: compileToolMatcher(rule.tool),
    ...requiredProgramsOf(rule),
    ...(needed.length > 0 && !needed.includes(0) ? { factsNeeded: needed } : {}),
    when,
    unless: conditionList(rule.unless).map((condition) => compileCondition(condition, home)),
    detectors: [...detectorsFor(rule.detectors ?? []), ...userPatterns],
    rewrites: compileRewrites(rule),
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

/** Keys that would reach the object prototype: refused at validation, and never followed here. */
export const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function compileRewrites(rule: Rule): Rewrite[] {
  const rewrites: Rewrite[] = [];
  for (const [field, value] of Object.entries(rule.modify?.set ?? {})) rewrites.push({ kind: "set", path: field.split("."), value });
  for (const replacement of rule.modify?.replace ?? []) {
    rewrites.push({ kind: "replace", path: replacement.field.split("."), pattern: compileRegex(replacement.pattern), with: replacement.with });
  }
  return rewrites;
}
