// Policy text → a compiled policy, or every problem with its file:line:column;
// warnings for what is valid but cannot do what it says. Pure: the caller
// reads the main file and gives a reader for included ones; this never
// touches the disk itself. The work is done in steps (see steps.ts) so the
// extension can load a large policy while it goes on answering.
import { MAX_POLICY_RULES } from "../../limits.ts";
import { compilePolicySteps, type CompiledPolicy, type EngineDeps, type PolicyLayer } from "../engine/compile.ts";
import { floorDefaults } from "./defaults-floor.ts";
import { type IncludeGraph, includeGraphSteps, type PolicyFiles, type PolicyNode } from "./includes.ts";
import { lintSteps } from "../checks/lint.ts";
import { type OverridePlan, planOverrides } from "./overrides.ts";
import { embeddedDefaultPart, type PackReader } from "./packs-embedded.ts";
import { readPartSteps } from "./part.ts";
import type { OnError } from "../format/schema.ts";
import { formatOf, type PolicyProblem, type SourceFormat } from "../format/source.ts";
import { runSteps, type Steps } from "../steps.ts";

export type { PolicyFiles } from "./includes.ts";

/** What to watch besides the main file: included files, and the directories glob includes list. */
export type WatchList = { files: string[]; directories: string[] };

export type LoadOutcome =
  | {
      ok: true;
      policy: CompiledPolicy;
      warnings: PolicyProblem[];
      watch: WatchList /** Every override that applies and the rules it changes. */;
      overrides: OverridePlan["touched"];
    }
  | {
      ok: false;
      problems: PolicyProblem[] /** What the broken file asked for on errors, if it could be read; else block. */;
      onError: OnError;
      warnings: PolicyProblem[];
      watch: WatchList;
    };

export type LoadInput = {
  text: string;
  file: string;
  home: string;
  format?: SourceFormat;
  deps: EngineDeps;
  /** How included files are read; without it only built-in packs can be included. */
  files?: PolicyFiles;
  /** The main file's identity (its real path), so that a file including it is seen as a cycle. */
  identity?: string;
  /** How built-in packs are read: prebuilt, as the executable holds them, unless a test asks for a fresh read. */
  packs?: PackReader;
  /** The managed policy (an administrator's), when its file exists: the highest layer, which the user's files only tighten. */
  managed?: ManagedInput;
  /** Where the managed policy would be, for the layers `status` lists, when there is none. */
  managedFile?: string;
};

export type ManagedInput = { text: string; file: string; identity?: string };

export function loadPolicy(input: LoadInput): LoadOutcome {
  return runSteps(loadPolicySteps(input));
}

export function* loadPolicySteps(input: LoadInput): Steps<LoadOutcome> {
  const { text, file, home, format = formatOf(file), deps, files, identity, packs, managed } = input;
  const noWatch: WatchList = { files: [], directories: [] };
  // The embedded default, or a starter file nobody edited, was validated when the executable was built.
  const main = (format === "toml" ? embeddedDefaultPart(text, file) : undefined) ?? (yield* readPartSteps(text, file, format));
  const above = managed === undefined ? undefined : yield* managedGraphSteps(managed, files, home, packs);
  // A broken managed file fails closed, whatever the user's file asks for on errors.
  if (above && !above.ok) return { ok: false, problems: above.problems, onError: "block", warnings: above.warnings, watch: noWatch };
  if (!main.ok) return { ok: false, problems: main.problems, onError: main.onError, warnings: [], watch: noWatch };
  const root: PolicyNode = { ...main, identity: identity ?? file, children: [] };
  const graph = yield* includeGraphSteps(root, files, home, packs);
  const nodes = above ? mergeLayers(graph.nodes, above.graph.nodes) : graph.nodes;
  const locked = new Set(above?.graph.nodes.map((node) => node.identity) ?? []);
  const watch: WatchList = { files: [...graph.files, ...(above?.graph.files ?? [])], directories: [...graph.globDirectories, ...(above?.graph.globDirectories ?? [])] };
  const problems = [...graph.problems, ...ruleCountProblems(nodes), ...duplicateIds(nodes)];
  const plan = planOverrides(nodes, locked);
  problems.push(...plan.problems);
  const warnings = [...(above?.graph.warnings ?? []), ...graph.warnings, ...plan.warnings];
  if (problems.length > 0) return { ok: false, problems, onError: above ? "block" : main.part.file.defaults.on_error, warnings, watch };
  const floor = above ? floorDefaults(main.part.file.defaults, above.graph.nodes[0]!.part.file.defaults) : undefined;
  for (const raised of floor?.raised ?? [])
    warnings.push({
      file,
      position: root.locate(["defaults", raised.key]),
      where: `defaults.${raised.key}`,
      message: `the managed policy ${managed!.file} sets a floor of ${raised.key} = "${raised.to}"; your "${raised.from}" is raised to it`,
    });
  const layers: PolicyLayer[] = [
    managed ? { layer: "managed", file: managed.file, present: true } : { layer: "managed", file: input.managedFile ?? "", present: false },
    { layer: "user", file, present: true },
  ].filter((layer) => layer.file !== "") as PolicyLayer[];
  const texts = [text, ...graph.texts, ...(managed ? [managed.text, ...above!.graph.texts] : [])];
  const parts = nodes.map((node, index) => ({ ...node.part, testOverrides: plan.testOverrides[index]!, testScope: plan.testScopes[index]! }));
  const source = { parts, source: file, text: texts.join("\0"), home, overrides: plan.overrides, layers, ...(floor ? { defaults: floor.defaults } : {}) };
  const policy = yield* compilePolicySteps(source, deps);
  warnings.push(...(yield* lintSteps(policy, nodes)));
  return { ok: true, policy, warnings, watch, overrides: plan.touched };
}

type ManagedGraph = { ok: true; graph: IncludeGraph } | { ok: false; problems: PolicyProblem[]; warnings: PolicyProblem[] };

/** The managed file and what it includes, or why it cannot be used (a broken managed file is never skipped). */
function* managedGraphSteps(managed: ManagedInput, files: PolicyFiles | undefined, home: string, packs: PackReader | undefined): Steps<ManagedGraph> {
  const read = yield* readPartSteps(managed.text, managed.file, formatOf(managed.file));
  if (!read.ok) return { ok: false, problems: read.problems, warnings: [] };
  const graph = yield* includeGraphSteps({ ...read, identity: managed.identity ?? managed.file, children: [] }, files, home, packs);
  if (graph.problems.length > 0) return { ok: false, problems: graph.problems, warnings: graph.warnings };
  return { ok: true, graph };
}

/** The user's files, then the managed files, then every built-in pack once: one precedence order. */
function mergeLayers(user: readonly PolicyNode[], managed: readonly PolicyNode[]): PolicyNode[] {
  const isPack = (node: PolicyNode) => node.part.source.startsWith("builtin:");
  const merged: PolicyNode[] = [];
  const seen = new Set<string>();
  for (const node of [...user.filter((node) => !isPack(node)), ...managed.filter((node) => !isPack(node)), ...user.filter(isPack), ...managed.filter(isPack)]) {
    if (seen.has(node.identity)) continue;
    seen.add(node.identity);
    merged.push(node);
  }
  return merged;
}

function ruleCountProblems(nodes: readonly PolicyNode[]): PolicyProblem[] {
  const count = nodes.reduce((sum, node) => sum + node.part.file.rule.length, 0);
  if (count <= MAX_POLICY_RULES) return [];
  return [{ file: nodes[0]!.part.source, message: `${count} rules with everything included, over the limit of ${MAX_POLICY_RULES} for a policy` }];
}

/** Rule ids are unique across the whole policy: a block reason, the audit log and an override name one rule. */
function duplicateIds(nodes: readonly PolicyNode[]): PolicyProblem[] {
  const problems: PolicyProblem[] = [];
  const first = new Map<string, { node: PolicyNode; index: number }>();
  for (const node of nodes) {
    node.part.file.rule.forEach((rule, index) => {
      const earlier = first.get(rule.id);
      if (!earlier) {
        first.set(rule.id, { node, index });
        return;
      }
      if (earlier.node === node) {
        problems.push({ ...placeOf(node, index, rule.id), message: `duplicate rule id "${rule.id}" (also rule[${earlier.index + 1}])` });
        return;
      }
      // Said where the person can act: the earlier file, which is theirs when the other is a pack.
      const line = node.part.ruleLines[index];
      problems.push({
        ...placeOf(earlier.node, earlier.index, rule.id),
        message: `the id is also used by a rule of ${node.part.source}${line ? `:${line}` : ""}; choose another id, or change that rule with [[override]] rules = "${rule.id}"`,
      });
    });
  }
  return problems;
}

function placeOf(node: PolicyNode, index: number, id: string): Omit<PolicyProblem, "message"> {
  return {
    file: node.part.source,
    position: node.locate(["rule", index, "id"]),
    where: `rule[${index + 1}] "${id}": id`,
    ...(node.part.includedFrom ? { includedFrom: node.part.includedFrom } : {}),
  };
}
