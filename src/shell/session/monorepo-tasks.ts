// Monorepo task runners run the workspace packages' own scripts: `turbo run
// build` and `lerna run build` the `build` script of every package that has
// one, `nx run app:build`, `nx build app`, `nx run-many -t build` and `nx
// affected -t build` the target of that name — a package.json script, or a
// project.json target whose executor runs commands (`nx:run-commands`, or
// the `command` shorthand) or a script (`nx:run-script`). Which packages a
// filter or a project name picks is not followed: every package's task of
// that name is judged, as the run may reach it.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { scriptsOf } from "./package-scripts.ts";
import { type ProjectRun, shellWord, type Snippet } from "./snippet.ts";
import { listedRun } from "./test-runners.ts";

/** Where workspace packages are: every package.json and project.json of the project (listings skip node_modules). */
const WORKSPACE_FILES: FileNeed[] = [
  { path: "package.json", role: "package.json", optional: true },
  { path: "**/package.json", role: "package.json", pattern: true },
  { path: "**/project.json", role: "package.json", pattern: true },
];

/** Options of the three runners whose value is the next word (`--filter web`, `-t build`, `--scope app`). */
const VALUE_OPTIONS = new Set([
  "-t",
  "--target",
  "--targets",
  "-p",
  "--projects",
  "--filter",
  "-F",
  "--scope",
  "--ignore",
  "--concurrency",
  "-c",
  "--configuration",
  "--exclude",
  "--base",
  "--head",
  "--cache-dir",
  "--output-logs",
  "--log-order",
  "--graph",
]);
/** nx's commands that are not a target's name. */
const NX_OWN = new Set([
  "run-many",
  "affected",
  "graph",
  "init",
  "migrate",
  "list",
  "add",
  "generate",
  "g",
  "reset",
  "report",
  "show",
  "daemon",
  "format",
  "format:check",
  "format:write",
  "release",
  "repair",
  "sync",
  "watch",
  "connect",
  "login",
  "view-logs",
  "exec",
  "import",
]);

export function monorepoRun(command: SimpleCommand): ProjectRun | undefined {
  const tasks = tasksOf(command);
  if (tasks === undefined || tasks.length === 0) return undefined;
  return listedRun(`${command.name} ${tasks.join(",")}`, WORKSPACE_FILES, undefined, false, (path, content, via) => taskSnippets(path, content, tasks, via));
}

/** The task names a runner command runs, or undefined when it runs none of the workspace's. */
function tasksOf(command: SimpleCommand): string[] | undefined {
  const args = command.args;
  const words = positional(args);
  const targets = optionValues(args, ["-t", "--target", "--targets"]).flatMap((value) => value.split(","));
  if (command.name === "turbo") {
    // `turbo run build test`, and the shorthand `turbo build test`.
    const rest = words[0] === "run" ? words.slice(1) : words;
    if (words[0] !== "run" && /^(?:prune|link|unlink|login|logout|gen|generate|daemon|telemetry|bin|info|scan|ls|query|watch|boundaries|config)$/.test(words[0] ?? ""))
      return undefined;
    return rest;
  }
  if (command.name === "lerna") return words[0] === "run" && words[1] !== undefined ? [words[1]] : undefined;
  if (command.name !== "nx") return undefined;
  const [first, second] = words;
  if (first === undefined) return undefined;
  // `nx run-many -t build lint`: the words after the first target are targets too.
  if (first === "run-many" || first === "affected") return [...targets, ...(targets.length > 0 ? words.slice(1) : [])];
  if (first === "run") return second === undefined ? undefined : [targetOf(second)];
  if (NX_OWN.has(first)) return undefined;
  // `nx build app`, `nx app:build`.
  return [first.includes(":") ? targetOf(first) : first];
}

/** `app:build:production` → `build`; `build` alone is a target of the default project. */
function targetOf(word: string): string {
  const parts = word.split(":");
  return parts.length === 1 ? parts[0]! : parts[1]!;
}

function positional(args: readonly string[]): string[] {
  const words: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "--") break;
    if (VALUE_OPTIONS.has(arg)) index++;
    else if (!arg.startsWith("-")) words.push(arg);
  }
  return words;
}

function optionValues(args: readonly string[], names: readonly string[]): string[] {
  const values: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (names.includes(arg) && args[index + 1] !== undefined) values.push(args[index + 1]!);
    for (const name of names) if (arg.startsWith(`${name}=`)) values.push(arg.slice(name.length + 1));
  }
  return values;
}

/** What a workspace file runs for the tasks: package.json scripts (with pre/post), project.json targets' commands. */
function taskSnippets(path: string, content: string, tasks: readonly string[], via: string): Snippet[] {
  if (path.endsWith("project.json")) return projectTargets(path, content, tasks, via);
  const scripts = scriptsOf(content);
  if (scripts === undefined) return [];
  return tasks.flatMap((task) =>
    [`pre${task}`, task, `post${task}`].flatMap((name) =>
      typeof scripts[name] === "string" ? [{ kind: "shell" as const, text: scripts[name] as string, via: `${via} script ${name}` }] : [],
    ),
  );
}

/** nx's project.json: a target's `command`, its run-commands executor's `command`/`commands`, or the script it runs. */
function projectTargets(path: string, content: string, tasks: readonly string[], via: string): Snippet[] {
  const targets = record(record(parse(content))?.targets);
  if (!targets) return [];
  return tasks.flatMap((task) => {
    const target = record(targets[task]);
    if (!target) return [];
    const options = record(target.options) ?? {};
    const commands: unknown[] = [target.command, options.command, ...(Array.isArray(options.commands) ? options.commands : [])];
    const texts = commands.flatMap((entry) => {
      if (typeof entry === "string") return [entry];
      const command = record(entry)?.command;
      return typeof command === "string" ? [command] : [];
    });
    // `nx:run-script` runs a package.json script of the project, by name: judged as `npm run` judges it.
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    if (typeof options.script === "string") texts.push(`npm run ${dir ? `--prefix ${shellWord(dir)} ` : ""}${shellWord(options.script)}`);
    return texts.map((text) => ({ kind: "shell" as const, text, via: `${via} target ${task}` }));
  });
}

function parse(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return undefined;
  }
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
