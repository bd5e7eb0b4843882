// Which `when` alternatives of a rule can hold on a call at all, decided before
// any matcher runs. The rule's own gate (compile.ts RuleGate) only skips a rule
// when EVERY alternative names programs or needs facts: one alternative about a
// path (`system-power`'s write to /proc/sysrq-trigger) left the rule's five
// program alternatives matched against every command of every call. Read per
// alternative, the same two tests leave about a quarter of the alternatives a
// call used to meet (the corpus: 530,000 → 125,000), so the matchers run on
// the few a call can reach.
import { conditionList } from "../format/rule-shape.ts";
import type { Rule } from "../format/schema.ts";
import { type CompiledRule, type RequiredPrograms, requiredPrograms, type RuleGate, ruleGate } from "./compile.ts";

/** One alternative's gate: the programs one of the call's commands must be (none: any), and the facts the call must have. */
type AlternativeGate = { programs: RequiredPrograms | undefined; facts: number };

/** The names a call's commands go by (basename and, when it has a directory, the whole lower-cased path), once per call. */
export type ProgramNames = { names: readonly string[]; paths: readonly string[] };

/**
 * The gates of a rule's alternatives, index for index with `rule.when`, read from the rule as written the first time
 * a call reaches the rule (a rule no call reaches costs nothing). Kept by the compiled rule, which never changes: a
 * pure function of it, as its lazily compiled matchers are.
 */
const known = new WeakMap<CompiledRule, readonly AlternativeGate[]>();

export function alternativeGates(rule: CompiledRule): readonly AlternativeGate[] {
  let gates = known.get(rule);
  if (gates === undefined) {
    gates = (readByBuild.get(rule.written)?.() ?? writtenAlternativeGates(rule.written)).map(gateOf);
    known.set(rule, gates);
  }
  return gates;
}

/** The gates of a rule's `when` alternatives as written (RuleGate's form): what the build reads for a shipped file's rules. */
export function writtenAlternativeGates(rule: Rule): RuleGate[] {
  return conditionList(rule.when).map((alternative) => ruleGate({ ...rule, when: alternative }));
}

/**
 * The alternative gates the build read, by rule as written: a load of a shipped file registers a reader of them, so
 * that a rule reached by a call's programs is gated without its conditions being parsed (rule-body.ts). A rule an
 * override rewrote is another object, and is read afresh.
 */
const readByBuild = new WeakMap<Rule, () => RuleGate[]>();

export function rememberAlternativeGates(rules: readonly Rule[], readers: ReadonlyArray<() => RuleGate[]>) {
  rules.forEach((rule, index) => {
    const read = readers[index];
    if (read) readByBuild.set(rule, read);
  });
}

/** The alternative gates a call will use for a rule: the build's, when registered (for the tests that hold them to a fresh reading). */
export function registeredAlternativeGates(rule: Rule): RuleGate[] | undefined {
  return readByBuild.get(rule)?.();
}

function gateOf({ programs, facts }: RuleGate): AlternativeGate {
  return {
    programs: programs ? requiredPrograms(programs) : undefined,
    facts: facts?.[0] ?? 0,
  };
}

/** Whether an alternative can hold on a call that runs these programs and has these facts. */
function alternativeOpen(gate: AlternativeGate, programs: ProgramNames, facts: number): boolean {
  if ((gate.facts & facts) !== gate.facts) return false;
  return gate.programs === undefined || runsAnyOf(programs, gate.programs);
}

function runsAnyOf(programs: ProgramNames, { names, pattern }: RequiredPrograms): boolean {
  // Every set lookup before any glob: the answer is the same, and a later name found by lookup spares the globs.
  for (const name of programs.names) if (names.has(name)) return true;
  for (const path of programs.paths) if (names.has(path)) return true;
  if (pattern === undefined) return false;
  for (const name of programs.names) if (pattern(name)) return true;
  for (const path of programs.paths) if (pattern(path)) return true;
  return false;
}

/**
 * The rules of a hook by the programs they require (compile.ts requiredPrograms): a call meets only the rules its
 * programs can reach, instead of testing ~440 program sets one by one on every call. Built the first time the list is
 * judged (a walk over names the load already holds) and kept with it.
 */
type ProgramIndex = {
  byName: ReadonlyMap<string, readonly number[]>;
  /** Rules that name programs by glob too (`python*`): tested one by one. */
  byPattern: readonly number[];
  /** Rules that require no program. */
  always: readonly number[];
};

const indexes = new WeakMap<readonly CompiledRule[], ProgramIndex>();

function indexOf(rules: readonly CompiledRule[]): ProgramIndex {
  let index = indexes.get(rules);
  if (index) return index;
  const byName = new Map<string, number[]>();
  const byPattern: number[] = [];
  const always: number[] = [];
  rules.forEach((rule, at) => {
    const required = rule.requiredPrograms;
    if (!required) {
      always.push(at);
      return;
    }
    if (required.pattern) byPattern.push(at);
    for (const name of required.names) {
      const list = byName.get(name);
      if (list) list.push(at);
      else byName.set(name, [at]);
    }
  });
  index = { byName, byPattern, always };
  indexes.set(rules, index);
  return index;
}

/** Which rules of the list (by position) a call running these programs can meet: the same as testing each rule's requiredPrograms. */
export function rulesRunning(rules: readonly CompiledRule[], programs: ProgramNames): Uint8Array {
  const index = indexOf(rules);
  const reached = new Uint8Array(rules.length);
  for (const at of index.always) reached[at] = 1;
  for (const name of programs.names) for (const at of index.byName.get(name) ?? []) reached[at] = 1;
  for (const path of programs.paths) for (const at of index.byName.get(path) ?? []) reached[at] = 1;
  for (const at of index.byPattern) if (reached[at] === 0 && runsAnyOf(programs, rules[at]!.requiredPrograms!)) reached[at] = 1;
  return reached;
}

/** Which alternatives can hold (index for index with `rule.when`), or undefined when none can; every one when the rule has none. */
export function openAlternatives(gates: readonly AlternativeGate[], programs: ProgramNames, facts: number): readonly boolean[] | undefined {
  // A plain loop: this runs for every rule a call reaches, and a closure per rule would be garbage on the hot path.
  let any = gates.length === 0;
  const open = new Array<boolean>(gates.length);
  for (let index = 0; index < gates.length; index++) {
    const holds = alternativeOpen(gates[index]!, programs, facts);
    any ||= holds;
    open[index] = holds;
  }
  return any ? open : undefined;
}
