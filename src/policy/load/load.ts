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
import { inlineTestSteps } from "../checks/inline-tests.ts";
import { confineProject, printable } from "./project-layer.ts";
import { boundReading, managedReading } from "./reading-floor.ts";
import type { OnError, PolicyFile } from "../format/schema.ts";
import { formatOf, formatProblem, type PolicyProblem, type SourceFormat } from "../format/source.ts";
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
      /** With `lint: "after"`: the lint's warnings, still to be worked out (`warnings` holds the rest). */
      lateWarnings?: Steps<PolicyProblem[]>;
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
  /** The project's own policy (project-layer.ts), when the project has one: the lowest layer, which only tightens. */
  project?: ProjectInput;
  /** Where the project's policy would be, for the layers `status` lists, when there is none. */
  projectFile?: string;
  /**
   * "after": the lint's warnings are left as steps for the caller to run once the policy is in use (they are
   * warnings only, and 1,000 rules take tens of milliseconds to lint); "now" (the default): among the warnings.
   */
  lint?: "now" | "after";
};

export type ManagedInput = { text: string; file: string; identity?: string };
/** The project's file as read, or why it could not be read (it is then skipped, with a warning). */
export type ProjectInput = { text: string; file: string; identity?: string } | { file: string; problem: string };

export function loadPolicy(input: LoadInput): LoadOutcome {
  return runSteps(loadPolicySteps(input));
}

/**
 * The policy with the project's file when it can be used; without it, and a warning saying why, when it
 * cannot (broken, or its own tests fail): a repository must never be able to stop every call.
 */
export function* loadPolicySteps(input: LoadInput): Steps<LoadOutcome> {
  const project = input.project;
  if (project === undefined) return yield* layersSteps(input, undefined);
  let why: string;
  if ("problem" in project) why = project.problem;
  else {
    const loaded = yield* layersSteps(input, project);
    if (!loaded.ok && loaded.projectOff) return yield* layersSteps(input, undefined, { file: project.file, ignored: loaded.projectOff });
    const failures = loaded.ok ? yield* inlineTestSteps({ ...loaded.policy, tests: loaded.policy.tests.filter((test) => test.label.startsWith(project.file)) }) : [];
    if (loaded.ok && failures.length === 0) return loaded;
    const problems = loaded.ok ? failures.map((failure) => `${failure.label}: ${failure.message}`) : loaded.problems.map(formatProblem);
    why = `${problems.slice(0, 3).join("; ")}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ""}`;
  }
  const without = yield* layersSteps(input, undefined, { file: project.file, ignored: "skipped: it cannot be used" });
  if (!without.ok) return without;
  without.warnings.push({ file: project.file, message: `the project's policy was skipped (your own policy applies without it): ${printable(why)}` });
  return without;
}

type Layered = Extract<LoadOutcome, { ok: true }> | (Extract<LoadOutcome, { ok: false }> & { projectOff?: string });

/** The managed, user's and project's files together; `skipped`: a project file that is there but not applied, and why. */
function* layersSteps(input: LoadInput, project: Extract<ProjectInput, { text: string }> | undefined, skipped?: { file: string; ignored: string }): Steps<Layered> {
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
  const floor = above ? floorDefaults(main.part.file.defaults, above.graph.nodes[0]!.part.file.defaults) : undefined;
  const applied = floor?.defaults ?? main.part.file.defaults;
  if (project && applied.project_policy === "off")
    return { ok: false, problems: [], onError: "block", warnings: [], watch: noWatch, projectOff: 'switched off ([defaults] project_policy = "off")' };
  const below = project ? yield* projectGraphSteps(project, applied, home, packs) : undefined;
  if (below && !below.ok) return { ok: false, problems: below.problems, onError: "block", warnings: [], watch: noWatch };
  // Under a managed policy, the user's files may not change how the managed rules read calls (reading-floor.ts).
  const bounded = above ? boundReading(graph.nodes, managedReading(above.graph.nodes, managed!.file), home) : { nodes: graph.nodes, warnings: [] };
  const nodes = mergeLayers(bounded.nodes, above?.graph.nodes ?? [], below?.graph.nodes ?? []);
  const locked = new Set(above?.graph.nodes.map((node) => node.identity) ?? []);
  const watch: WatchList = { files: [...graph.files, ...(above?.graph.files ?? [])], directories: [...graph.globDirectories, ...(above?.graph.globDirectories ?? [])] };
  const problems = [...graph.problems, ...ruleCountProblems(nodes), ...duplicateIds(nodes)];
  const plan = planOverrides(nodes, locked, below?.graph.nodes[0]?.identity);
  problems.push(...plan.problems);
  const warnings = [...(above?.graph.warnings ?? []), ...graph.warnings, ...bounded.warnings, ...(below?.warnings ?? []), ...plan.warnings];
  if (problems.length > 0) return { ok: false, problems, onError: above ? "block" : main.part.file.defaults.on_error, warnings, watch };
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
    projectLayer(input, skipped),
  ].filter((layer) => layer.file !== "") as PolicyLayer[];
  const texts = [text, ...graph.texts, ...(managed ? [managed.text, ...above!.graph.texts] : []), ...(project ? [project.text] : [])];
  const parts = nodes.map((node, index) => ({ ...node.part, testOverrides: plan.testOverrides[index]!, testScope: plan.testScopes[index]! }));
  const source = {
    parts,
    source: file,
    text: texts.join("\0"),
    home,
    overrides: plan.overrides,
    layers,
    ...(floor ? { defaults: { ...floor.defaults, project_roots: bounded.nodes[0]!.part.file.defaults.project_roots } } : {}),
  };
  const policy = yield* compilePolicySteps(source, deps);
  if (input.lint === "after") return { ok: true, policy, warnings, watch, overrides: plan.touched, lateWarnings: lintSteps(policy, nodes) };
  warnings.push(...(yield* lintSteps(policy, nodes)));
  return { ok: true, policy, warnings, watch, overrides: plan.touched };
}

/** The project's layer as `status` lists it: its file, whether it is there, and why it is not applied. */
function projectLayer(input: LoadInput, skipped: { file: string; ignored: string } | undefined): PolicyLayer {
  if (skipped) return { layer: "project", file: skipped.file, present: true, ignored: skipped.ignored };
  if (input.project) return { layer: "project", file: input.project.file, present: true };
  return { layer: "project", file: input.projectFile ?? "", present: false };
}

type ProjectGraph = { ok: true; graph: IncludeGraph; warnings: PolicyProblem[] } | { ok: false; problems: PolicyProblem[] };

/** The project's file, confined to what it may do, and the built-in packs it includes (no files: it has no reader). */
function* projectGraphSteps(
  project: { text: string; file: string; identity?: string },
  defaults: PolicyFile["defaults"],
  home: string,
  packs: PackReader | undefined,
): Steps<ProjectGraph> {
  const read = yield* readPartSteps(project.text, project.file, formatOf(project.file));
  if (!read.ok) return { ok: false, problems: read.problems };
  const confined = confineProject({ ...read, identity: project.identity ?? project.file, children: [] }, defaults);
  const graph = yield* includeGraphSteps(confined.node, undefined, home, packs);
  if (graph.problems.length > 0) return { ok: false, problems: graph.problems };
  return { ok: true, graph, warnings: confined.warnings };
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

/**
 * The user's files, then the managed files, then the built-in packs they bring in; the project's file and the
 * packs only it brings in last: one precedence order, each file once. Rules are matched in this order from one
 * work budget, so the project's come after every other layer's: rules a repository wrote, however costly,
 * cannot spend the budget before the user's and the managed rules have been asked.
 */
function mergeLayers(user: readonly PolicyNode[], managed: readonly PolicyNode[], project: readonly PolicyNode[]): PolicyNode[] {
  const isPack = (node: PolicyNode) => node.part.source.startsWith("builtin:");
  const trusted = [...user, ...managed];
  const merged: PolicyNode[] = [];
  const seen = new Set<string>();
  const order = [...trusted.filter((node) => !isPack(node)), ...trusted.filter(isPack), ...project.filter((node) => !isPack(node)), ...project.filter(isPack)];
  for (const node of order) {
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
