// Which of pom.xml's plugin calls a Maven command runs, when the file says.
// A phase on the command line runs its lifecycle up to it (`mvn test` runs
// validate … test, not package or deploy; `mvn clean` runs only the clean
// lifecycle), and with it each plugin execution bound to one of those
// phases; a plugin goal (`exec:exec`, `antrun:run@id`) runs that plugin's
// own configuration (and the named execution's), and no phase. Where this
// reading is not sure what runs it says so by returning undefined, and the
// caller judges every call in the file, as before:
//   - a profile, pluginManagement or a reporting section (what they add
//     depends on activation and inheritance, not read here);
//   - a call outside any <plugin> block;
//   - a phase given by a property (`<phase>${x}</phase>`), or a goal that is
//     neither a known phase nor a plugin goal.
// Decided where Maven itself depends on what is not in the file: a plugin
// with no <executions> here, and an execution with no <phase>, may be bound
// by a parent POM or by the goal's default phase — both are taken to run
// with any phase of the default lifecycle (not with `mvn clean` alone, nor
// `mvn site`). An execution bound to phase `none` never runs.

/** Maven's three lifecycles, each phase in order. */
const LIFECYCLES: readonly (readonly string[])[] = [
  ["pre-clean", "clean", "post-clean"],
  [
    "validate",
    "initialize",
    "generate-sources",
    "process-sources",
    "generate-resources",
    "process-resources",
    "compile",
    "process-classes",
    "generate-test-sources",
    "process-test-sources",
    "generate-test-resources",
    "process-test-resources",
    "test-compile",
    "process-test-classes",
    "test",
    "prepare-package",
    "package",
    "pre-integration-test",
    "integration-test",
    "post-integration-test",
    "verify",
    "install",
    "deploy",
  ],
  ["pre-site", "site", "post-site", "site-deploy"],
];
const DEFAULT_LIFECYCLE = LIFECYCLES[1]!;

/** Sections whose plugins run depending on activation or inheritance this reading does not follow. */
const UNFOLLOWED = /<(?:profiles|pluginManagement|reporting)\b/;

type Execution = { id: string; phase: string | undefined; text: string };
type Plugin = { artifactId: string; own: string; executions: Execution[] };

/** The calls `goals` run (`calls` reads them from a piece of the file), or undefined when the file is not one this reading can follow. */
export function mavenGoalCalls(text: string, goals: readonly string[], calls: (text: string) => string[]): string[] | undefined {
  if (UNFOLLOWED.test(text)) return undefined;
  const plugins = pluginsOf(text);
  if (plugins === undefined) return undefined;
  const asked = goals.length > 0 ? goals : defaultGoals(text);
  const phases = new Set<string>();
  const direct: Array<{ prefix: string; execution: string | undefined }> = [];
  for (const goal of asked) {
    if (goal.includes(":")) direct.push(pluginGoal(goal));
    else {
      const lifecycle = LIFECYCLES.find((phasesOf) => phasesOf.includes(goal));
      if (!lifecycle) return undefined;
      for (const phase of lifecycle.slice(0, lifecycle.indexOf(goal) + 1)) phases.add(phase);
    }
  }
  const runsDefault = DEFAULT_LIFECYCLE.some((phase) => phases.has(phase));
  const pieces: string[] = [];
  for (const plugin of plugins) {
    const invoked = direct.filter((goal) => matchesPrefix(plugin.artifactId, goal.prefix));
    const bound = plugin.executions.filter((execution) => (execution.phase === undefined ? runsDefault : phases.has(execution.phase)));
    const named = plugin.executions.filter((execution) => invoked.some((goal) => goal.execution === execution.id));
    const unbound = plugin.executions.length === 0 && runsDefault;
    if (invoked.length > 0 || bound.length > 0 || unbound) pieces.push(plugin.own);
    for (const execution of new Set([...bound, ...named])) pieces.push(execution.text);
  }
  return pieces.flatMap(calls);
}

/** The file's plugins, or undefined when a call lies outside every <plugin> block or a phase is not literal. */
function pluginsOf(text: string): Plugin[] | undefined {
  const plugins: Plugin[] = [];
  let outside = text;
  for (const match of text.matchAll(/<plugin>([\s\S]*?)<\/plugin>/g)) {
    outside = outside.replace(match[0], "");
    const body = match[1]!;
    const executions: Execution[] = [];
    let own = body;
    for (const execution of body.matchAll(/<execution>([\s\S]*?)<\/execution>/g)) {
      own = own.replace(execution[0], "");
      const phase = /<phase>([^<]*)<\/phase>/.exec(execution[1]!)?.[1]?.trim();
      if (phase?.includes("${")) return undefined;
      if (phase === "none") continue;
      executions.push({ id: /<id>([^<]*)<\/id>/.exec(execution[1]!)?.[1]?.trim() ?? "default", phase, text: execution[1]! });
    }
    const artifactId = /<artifactId>([^<]*)<\/artifactId>/.exec(own)?.[1]?.trim() ?? "";
    plugins.push({ artifactId, own, executions });
  }
  return /<executable>|<exec\b/.test(outside) ? undefined : plugins;
}

/** `<defaultGoal>` (what a bare `mvn` runs); with none, Maven refuses to run and nothing runs. */
function defaultGoals(text: string): string[] {
  const line = /<defaultGoal>([^<]*)<\/defaultGoal>/.exec(text)?.[1];
  return line
    ? line
        .trim()
        .split(/\s+/)
        .filter((goal) => goal !== "")
    : [];
}

/** `exec:exec`, `exec:exec@id`, `org.codehaus.mojo:exec-maven-plugin:3.1.0:exec`: the plugin's prefix or artifactId, and an execution id. */
function pluginGoal(goal: string): { prefix: string; execution: string | undefined } {
  const [spec, execution] = goal.split("@") as [string, string | undefined];
  const parts = spec.split(":");
  return { prefix: parts.length >= 3 ? parts[1]! : parts[0]!, execution };
}

/** A goal prefix names a plugin by its artifactId, or by the conventional `X-maven-plugin` / `maven-X-plugin`. */
function matchesPrefix(artifactId: string, prefix: string): boolean {
  return artifactId === prefix || artifactId === `${prefix}-maven-plugin` || artifactId === `maven-${prefix}-plugin`;
}
