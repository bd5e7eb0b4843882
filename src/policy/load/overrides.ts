// [[override]]: change rules of included files and packs by id, without
// copying them — switch them off, give them another decision, observe them,
// add exceptions (`unless`). An override reaches the rules of the file it is
// written in and of the files that file includes; the including file's
// overrides apply last, so they win. An override that reaches no rule is a
// warning (a misspelt id would otherwise change nothing, silently).
//
// Included files only tighten: an override in an included file may not
// loosen (switch off, lower, observe, add exceptions to) a rule that a file
// outside it brings in — the including file, or one of its other includes.
// A team file with `rules = "*"`, `decision = "off"` cannot switch off the
// packs the user's own file includes; the attempt is a warning naming the
// rules, and they stay as they were. A user who wants a team file to relax a
// rule says so in their own file.
import { compileAlternatives } from "../../match/glob.ts";
import type { ResolvedOverride } from "../engine/compile.ts";
import type { PolicyNode } from "./includes.ts";
import type { Override, Rule } from "../format/schema.ts";
import { conditionList, DECISIONS_BY_HOOK } from "../format/rule-shape.ts";
import type { PolicyProblem } from "../format/source.ts";

export type OverridePlan = {
  /** In the order they apply. */
  overrides: ResolvedOverride[];
  /** For each node (by index), the overrides its inline tests are judged under. */
  testOverrides: number[][];
  /** For each node (by index), the sources of the files beneath it, itself included: what its tests are judged with. */
  testScopes: string[][];
  problems: PolicyProblem[];
  warnings: PolicyProblem[];
  /** Every override that applies, with the rules it changes: what `validate` and `doctor` list. */
  touched: Array<{ where: string; ids: string[] }>;
};

/**
 * `locked`: identities of the managed policy's files (its own and what it includes); their overrides apply last.
 * `project`: the identity of the project's file (project-layer.ts); its overrides apply after the user's files'
 * and may loosen nothing but its own rules.
 */
export function planOverrides(nodes: readonly PolicyNode[], locked: ReadonlySet<string> = new Set(), project?: string): OverridePlan {
  const plan: OverridePlan = { overrides: [], testOverrides: nodes.map(() => []), testScopes: [], problems: [], warnings: [], touched: [] };
  const scopes = scopesOf(nodes);
  plan.testScopes = scopes.map((scope) => nodes.filter((node) => scope.has(node.identity)).map((node) => node.part.source));
  const declaredIn: number[] = [];
  // Reverse precedence order: an included file's overrides first, the including file's after (they win);
  // then the project's, then the managed policy's.
  const userScope = scopes[0] ?? new Set<string>();
  const managedOnly = (index: number) => locked.has(nodes[index]!.identity) && !userScope.has(nodes[index]!.identity);
  const isProject = (index: number) => nodes[index]!.identity === project;
  const reversed = nodes.map((_, index) => nodes.length - 1 - index);
  const order = [...reversed.filter((index) => !managedOnly(index) && !isProject(index)), ...reversed.filter(isProject), ...reversed.filter(managedOnly)];
  for (const nodeIndex of order) {
    const node = nodes[nodeIndex]!;
    // The rules an override may reach are listed only for a file that has overrides (most have none).
    if (node.part.file.override.length === 0) continue;
    const scope = scopes[nodeIndex]!;
    const reachable = isProject(nodeIndex) ? projectReach(node, scope, nodes, locked) : reach(node, scope, nodes, locked);
    node.part.file.override.forEach((override, index) => {
      const resolved = resolveOne(node, override, index, reachable, plan);
      if (!resolved) return;
      plan.overrides.push(resolved);
      declaredIn.push(nodeIndex);
    });
  }
  nodes.forEach((_node, nodeIndex) => {
    plan.testOverrides[nodeIndex] = plan.overrides.map((_, index) => index).filter((index) => scopes[nodeIndex]!.has(nodes[declaredIn[index]!]!.identity));
  });
  return plan;
}

/** The rules a file's overrides reach: its own scope's, and the managed policy's (guarded) below a user's file. */
function reach(node: PolicyNode, scope: ReadonlySet<string>, nodes: readonly PolicyNode[], locked: ReadonlySet<string>): Reachable[] {
  const below = locked.has(node.identity) ? new Set<string>() : locked;
  return nodes
    .filter((other) => scope.has(other.identity) || below.has(other.identity))
    .flatMap((other) =>
      other.part.file.rule.map((rule) => {
        const managed = below.has(other.identity);
        return { rule, managed, guarded: managed || (other !== node && broughtInFromOutside(other, scope, nodes)) };
      }),
    );
}

/** The project's overrides reach every rule, and loosen only the project's own (and packs nobody else brings in). */
function projectReach(node: PolicyNode, scope: ReadonlySet<string>, nodes: readonly PolicyNode[], locked: ReadonlySet<string>): Reachable[] {
  return nodes.flatMap((other) => {
    const own = other === node || (scope.has(other.identity) && !broughtInFromOutside(other, scope, nodes));
    return other.part.file.rule.map((rule) => ({ rule, managed: locked.has(other.identity), guarded: !own, project: true }));
  });
}

type Reachable = { rule: Rule; guarded: boolean; managed: boolean; project?: boolean };

function resolveOne(node: PolicyNode, override: Override, index: number, reachable: readonly Reachable[], plan: OverridePlan): ResolvedOverride | undefined {
  const position = node.locate(["override", index]);
  const at = { file: node.part.source, position, where: `override[${index + 1}]`, ...(node.part.includedFrom ? { includedFrom: node.part.includedFrom } : {}) };
  const patterns = Array.isArray(override.rules) ? override.rules : [override.rules];
  const matchers = patterns.map(compileAlternatives);
  const reached = reachable.filter(({ rule }) => matchers.some((matches) => matches(rule.id)));
  if (reached.length === 0) {
    plan.warnings.push({ ...at, message: `rules = ${JSON.stringify(override.rules)} matches no rule of this policy or what it includes, so it changes nothing` });
    return undefined;
  }
  const refused = reached.filter(({ rule, guarded }) => guarded && loosens(rule, override));
  if (refused.length > 0)
    plan.warnings.push({
      ...at,
      message: refusedMessage(
        override,
        refused.map(({ rule }) => rule.id),
        refused.some(({ project }) => project) ? "project" : refused.some(({ managed }) => managed) ? "managed" : "included",
      ),
    });
  const rules = reached.filter((entry) => !refused.includes(entry)).map(({ rule }) => rule);
  if (rules.length === 0) return undefined;
  const problems = rules.flatMap((rule) => decisionProblems(rule, override));
  if (problems.length > 0) {
    plan.problems.push(...problems.slice(0, 3).map((message) => ({ ...at, message })));
    return undefined;
  }
  const where = `${node.part.source}${position ? `:${position.line}` : ""}`;
  plan.touched.push({ where, ids: rules.map((rule) => rule.id) });
  return {
    ids: new Set(rules.map((rule) => rule.id)),
    ...(override.decision !== undefined ? { decision: override.decision } : {}),
    ...(override.mode !== undefined ? { mode: override.mode } : {}),
    ...(override.reason !== undefined ? { reason: override.reason } : {}),
    ...(override.message !== undefined ? { message: override.message } : {}),
    ...(override.unless !== undefined ? { unless: conditionList(override.unless) } : {}),
    where,
  };
}

/** A file in `scope` whose rules a file outside it brings in too (it is a direct include of a file outside the scope). */
function broughtInFromOutside(node: PolicyNode, scope: ReadonlySet<string>, nodes: readonly PolicyNode[]): boolean {
  return nodes.some((other) => !scope.has(other.identity) && other.children.includes(node.identity));
}

/** Whether the override would let through what the rule stops: off, a weaker decision, observe, or more exceptions. */
function loosens(rule: Rule, override: Override): boolean {
  if (override.unless !== undefined) return true;
  if (override.mode === "observe" && (rule.mode ?? "enforce") === "enforce") return true;
  const decision = override.decision;
  if (decision === undefined) return false;
  if (decision === "off") return true;
  const strength = DECISIONS_BY_HOOK[rule.hook];
  return strength.indexOf(decision) < strength.indexOf(rule.decision);
}

function refusedMessage(override: Override, ids: readonly string[], by: "managed" | "project" | "included"): string {
  const what = override.unless !== undefined ? "add exceptions to" : override.decision === "off" ? "switch off" : override.mode === "observe" ? "observe only" : "lower";
  const shown = ids.length > 8 ? `${ids.slice(0, 8).join(", ")} and ${ids.length - 8} more` : ids.join(", ");
  const count = `${ids.length} rule${ids.length === 1 ? "" : "s"} (${shown})`;
  if (by === "project")
    return `a project's policy may tighten, never loosen, the rules of your policy and those above it: this override would ${what} ${count}, which stay as they are`;
  if (by === "managed")
    return `the managed policy (an administrator's, above your files) may be tightened, never loosened: this override would ${what} ${count}, which stay as they are`;
  return `an included file may tighten, never loosen, what the file including it brings in: this override would ${what} ${ids.length} rule${ids.length === 1 ? "" : "s"} (${shown}), which stay as they are; to relax them, write the override in your own file`;
}

/** A decision the rule's hook cannot take, or text that goes with another decision. */
function decisionProblems(rule: Rule, override: Override): string[] {
  const problems: string[] = [];
  const decision = override.decision;
  if (decision !== undefined && decision !== "off" && !DECISIONS_BY_HOOK[rule.hook].includes(decision)) {
    problems.push(`rule "${rule.id}" is a ${rule.hook} rule, which cannot take "${decision}"; expected one of ${["off", ...DECISIONS_BY_HOOK[rule.hook]].join(", ")}`);
  }
  const result = decision === undefined || decision === "off" ? rule.decision : decision;
  if (override.reason !== undefined && result !== "block" && result !== "withhold")
    problems.push(`reason is only used with decision block or withhold, and rule "${rule.id}" would ${result}`);
  if (override.message !== undefined && result !== "confirm") problems.push(`message is only used with decision confirm, and rule "${rule.id}" would ${result}`);
  return problems;
}

/** For each node, the identities of the files beneath it (itself included). */
function scopesOf(nodes: readonly PolicyNode[]): Array<Set<string>> {
  const byIdentity = new Map(nodes.map((node) => [node.identity, node]));
  const memo = new Map<string, Set<string>>();
  const scope = (identity: string): Set<string> => {
    const known = memo.get(identity);
    if (known) return known;
    const found = new Set<string>([identity]);
    memo.set(identity, found);
    for (const child of byIdentity.get(identity)?.children ?? []) for (const inner of scope(child)) found.add(inner);
    return found;
  };
  return nodes.map((node) => scope(node.identity));
}
