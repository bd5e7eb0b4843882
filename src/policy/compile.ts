// A validated policy file → matchers ready for the hot path: globs and
// regexes compiled once, `~` expanded, rules grouped by hook.
import { compileAlternatives, compileGlob, type NameMatcher } from "../match/glob.ts";
import { expandHome } from "../match/path.ts";
import { compileRegex } from "../match/regex.ts";
import { DEFAULT_SHELL_LIMITS, type ShellOptions } from "../match/shell/analyze.ts";
import type { HookKind } from "../extension/wire.ts";
import type { ShellView } from "../match/shell/types.ts";
import type { RuleRef } from "./decision.ts";
import { patternDetector, type Detector } from "../match/secrets/detector.ts";
import { detectorsFor } from "../match/secrets/registry.ts";
import { COMMAND_KEYS, type Condition, type FieldMatcher, type PolicyFile, type Rule, type RuleDecision, type TestCase, type TextMatcher } from "./schema.ts";

export type TextTest = (text: string) => boolean;
export type FieldTest = { path: string[]; test: (value: unknown) => boolean };

export type CompiledCondition = {
  /** True when some key must hold on a simple command (command, args, flags, paths, …). */
  onCommand: boolean;
  command?: NameMatcher;
  args?: NameMatcher[];
  flags?: NameMatcher[];
  paths?: NameMatcher[];
  writes?: NameMatcher[];
  code?: TextTest;
  remoteCode?: boolean;
  dynamicArgs?: boolean;
  input?: FieldTest[];
  message?: TextTest;
  output?: TextTest;
};

export type Rewrite =
  | { kind: "set"; path: string[]; value: unknown }
  | { kind: "replace"; path: string[]; pattern: ReturnType<typeof compileRegex>; with: string };

export type CompiledRule = {
  ref: RuleRef;
  rule: Rule;
  hook: HookKind;
  decision: RuleDecision;
  matchesTool: (names: readonly string[]) => boolean;
  /** When `when.command` names exact programs: the rule can only match a call that runs one of them. */
  requiredNames?: ReadonlySet<string>;
  when?: CompiledCondition;
  unless?: CompiledCondition;
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
  shell: ShellOptions;
  tests: CompiledTest[];
  home: string;
  /** The clock redaction budgets are measured on (injected; the engine reads none itself). */
  clock?: () => number;
  /** Memo of shell views by command text: sessions repeat the same commands. Bounded; belongs to this policy. */
  viewCache: Map<string, ShellView>;
};

export const BUILTIN_SHELL_TOOLS: Record<string, string> = { bash: "command", shell_start: "command", shell_send: "input" };

export type PolicyPart = { file: PolicyFile; source: string; ruleLines: Array<number | undefined>; testLines: Array<number | undefined> };

export type CompileInput = {
  /** The user's file first, then the packs it includes. */
  parts: PolicyPart[];
  source: string;
  text: string;
  home: string;
};

export function compilePolicy({ parts, source, text, home }: CompileInput): CompiledPolicy {
  const main = parts[0]!.file;
  const rules: CompiledRule[] = [];
  const tests: CompiledTest[] = [];
  for (const part of parts) {
    part.file.rule.forEach((rule, index) => {
      if (!rule.enabled) return;
      rules.push(compileRule(rule, { id: rule.id, source: part.source, line: part.ruleLines[index] }, home));
    });
    part.file.test.forEach((test, index) => {
      const line = part.testLines[index];
      tests.push({ test, label: `${part.source}${line ? `:${line}` : ""} test[${index + 1}]${test.name ? ` "${test.name}"` : ""}` });
    });
  }
  const byHook = Object.fromEntries(
    ["before_tool_call", "after_tool_call", "before_message", "on_message_complete", "on_compaction", "on_session_start", "on_session_end"].map((hook) => [hook, rules.filter((rule) => rule.hook === hook)]),
  ) as Record<HookKind, CompiledRule[]>;
  const extraWrappers = Object.fromEntries(
    Object.entries(main.shell?.wrappers ?? {}).map(([name, spec]) => [name, { valueOptions: spec.value_options ?? [], leadingOperands: spec.leading_operands ?? 0 }]),
  );
  return {
    source,
    hash: new Bun.CryptoHasher("sha256").update(text).digest("hex").slice(0, 12),
    defaults: main.defaults,
    rules,
    byHook,
    shellTools: { ...BUILTIN_SHELL_TOOLS, ...(main.shell?.tools ?? {}) },
    shell: { ...DEFAULT_SHELL_LIMITS, home, maxInputBytes: main.shell?.max_input_bytes ?? DEFAULT_SHELL_LIMITS.maxInputBytes, extraWrappers },
    tests,
    home,
    viewCache: new Map(),
  };
}

function compileRule(rule: Rule, ref: RuleRef, home: string): CompiledRule {
  const userPatterns: Detector[] = (rule.patterns ?? []).map((pattern) => patternDetector(rule.id, pattern));
  return {
    ref,
    rule,
    hook: rule.hook,
    decision: rule.decision,
    matchesTool: compileToolMatcher(rule.tool),
    ...requiredNamesOf(rule),
    ...(rule.when ? { when: compileCondition(rule.when, home) } : {}),
    ...(rule.unless ? { unless: compileCondition(rule.unless, home) } : {}),
    detectors: [...detectorsFor(rule.detectors ?? []), ...userPatterns],
    rewrites: compileRewrites(rule),
  };
}

function requiredNamesOf(rule: Rule): { requiredNames?: ReadonlySet<string> } {
  const command = rule.when?.command;
  if (command === undefined) return {};
  const names = (Array.isArray(command) ? command : [command]).flatMap((entry) => entry.split("|")).map((name) => name.trim());
  if (names.some((name) => /[*?[{]/.test(name) || name === "")) return {};
  return { requiredNames: new Set(names) };
}

function compileToolMatcher(tool: string | string[] | undefined): (names: readonly string[]) => boolean {
  if (tool === undefined) return () => true;
  const matchers = (Array.isArray(tool) ? tool : [tool]).map(compileAlternatives);
  return (names) => {
    for (const name of names) for (const matches of matchers) if (matches(name)) return true;
    return false;
  };
}

function compileCondition(condition: Condition, home: string): CompiledCondition {
  const commandNames = condition.command === undefined ? undefined : Array.isArray(condition.command) ? condition.command.join("|") : condition.command;
  const pathGlob = (pattern: string) => compileGlob(expandHome(pattern, home));
  return {
    onCommand: COMMAND_KEYS.some((key) => condition[key] !== undefined),
    ...(commandNames !== undefined ? { command: compileAlternatives(commandNames) } : {}),
    ...(condition.args ? { args: condition.args.map(compileAlternatives) } : {}),
    ...(condition.flags ? { flags: condition.flags.map(compileAlternatives) } : {}),
    ...(condition.paths ? { paths: condition.paths.map(pathGlob) } : {}),
    ...(condition.writes ? { writes: condition.writes.map(pathGlob) } : {}),
    ...(condition.code ? { code: compileTextMatcher(condition.code) } : {}),
    ...(condition.remote_code !== undefined ? { remoteCode: condition.remote_code } : {}),
    ...(condition.dynamic_args !== undefined ? { dynamicArgs: condition.dynamic_args } : {}),
    ...(condition.input ? { input: Object.entries(condition.input).map(([field, matcher]) => compileFieldMatcher(field, matcher)) } : {}),
    ...(condition.message ? { message: compileTextMatcher(condition.message) } : {}),
    ...(condition.output ? { output: compileTextMatcher(condition.output) } : {}),
  };
}

export function compileTextMatcher(matcher: TextMatcher): TextTest {
  const tests: TextTest[] = [];
  if (matcher.equals !== undefined) tests.push((text) => text === matcher.equals);
  if (matcher.contains !== undefined) tests.push((text) => text.includes(matcher.contains!));
  if (matcher.glob !== undefined) {
    const glob = compileGlob(matcher.glob);
    tests.push(glob);
  }
  if (matcher.regex !== undefined) {
    const regex = compileRegex(matcher.regex);
    tests.push((text) => regex.test(text));
  }
  return (text) => {
    for (const test of tests) if (!test(text)) return false;
    return true;
  };
}

function compileFieldMatcher(field: string, matcher: FieldMatcher): FieldTest {
  const { exists, equals, ...textual } = matcher;
  const text = Object.keys(textual).length > 0 ? compileTextMatcher(textual) : undefined;
  const equalsJson = equals === undefined ? undefined : JSON.stringify(equals);
  return {
    path: field.split("."),
    test: (value) => {
      if (exists !== undefined && exists !== (value !== undefined)) return false;
      if (value === undefined) return exists === false;
      if (equalsJson !== undefined && JSON.stringify(value) !== equalsJson) return false;
      if (text && !text(typeof value === "string" ? value : JSON.stringify(value))) return false;
      return true;
    },
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
