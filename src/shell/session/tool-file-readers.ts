// The smallest honest readers of more tools' files, each extracting the
// commands its format runs: nps's package-scripts, Robo's RoboFile tasks,
// pants's shell command targets, zig's child processes, kustomize's exec
// functions, lint-staged's task lists. A value the format builds at run time
// is a value nobody knows, or left out when nothing of it can be read.
import { argvText, jsKeyStrings } from "./carrier-formats.ts";
import { parsedJson } from "../languages/jsonc.ts";
import { literals } from "./task-runners.ts";
import { parseYaml, record } from "./yaml-data.ts";
import { TOOL_FILE_TARGET_WINDOW_CHARS } from "../../limits.ts";

const strings = (value: unknown): string[] => (typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);

// ─── nps ──────────────────────────────────────────────────────────────────

/**
 * nps's script `name` (dotted: `test.unit`; none: `default`) in package-scripts.js or .yml: a string, or an object
 * whose `script` (or its own `default`) is the command. A JavaScript file is read for the last part of the name,
 * at any depth: a script built at run time is left out.
 */
export function npsLines(content: string, yaml: boolean, name: string | undefined): string[] {
  const parts = (name ?? "default").split(".");
  if (yaml) {
    let node: unknown = record(parseYaml(content))?.scripts;
    for (const part of parts) node = record(node)?.[part];
    const entry = record(node);
    return [...strings(node), ...strings(entry?.script), ...strings(record(entry?.default)?.script ?? entry?.default)];
  }
  const key = parts.at(-1)!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = jsKeyStrings(content, new RegExp(key));
  // `build: { script: "…", description: "…" }`: the object's script.
  for (const match of content.matchAll(new RegExp(`(["'\`]?)${key}\\1\\s*:\\s*\\{`, "g"))) {
    const body = content.slice(match.index + match[0].length, match.index + match[0].length + TOOL_FILE_TARGET_WINDOW_CHARS);
    found.push(...jsKeyStrings(body.slice(0, objectEnd(body)), /script|default/));
  }
  return found;
}

/** Where the object whose body starts the text closes (strings skipped). */
function objectEnd(text: string): number {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"' || char === "'" || char === "`") {
      const close = text.indexOf(char, index + 1);
      index = close < 0 ? text.length : close;
    } else if (char === "{") depth++;
    else if (char === "}" && depth-- === 0) return index;
  }
  return text.length;
}

// ─── Robo ─────────────────────────────────────────────────────────────────

/**
 * A RoboFile is PHP: its own process calls are PHP's, and Robo's tasks run commands too — `$this->_exec("…")`,
 * `$this->taskExec("…")`, `$this->taskExecStack()->exec("…")` run a shell line; `_deleteDir`, `_cleanDir` and
 * `taskDeleteDir` remove trees. They are rewritten as the PHP calls that do the same, for PHP's call table.
 */
export function roboAsPhp(content: string): string {
  return content
    .replace(/\$this\s*->\s*(?:_exec|taskExec)\s*\(/g, "shell_exec(")
    .replace(/->\s*exec\s*\(/g, "; shell_exec(")
    .replace(
      /\$this\s*->\s*(?:_deleteDir|_cleanDir|taskDeleteDir|taskCleanDir)\s*\(\s*(["'])([^"'\n]*)\1/g,
      (_whole, quote: string, path: string) => `shell_exec(${quote}rm -rf ${path.replace(/ /g, "\\ ")}${quote}`,
    );
}

// ─── pants ────────────────────────────────────────────────────────────────

const PANTS_SHELL_TARGETS = /\b(?:experimental_)?(?:run_shell_command|shell_command|adhoc_tool)\s*\(/g;

/** The `command` of a BUILD file's shell command targets named `name` (every one when no name is given). */
export function pantsCommands(content: string, name: string | undefined): string[] {
  const found: string[] = [];
  for (const match of content.matchAll(PANTS_SHELL_TARGETS)) {
    const body = content.slice(match.index + match[0].length, match.index + match[0].length + TOOL_FILE_TARGET_WINDOW_CHARS);
    const field = (key: string) => {
      const at = new RegExp(`\\b${key}\\s*=\\s*`).exec(body);
      return at ? literals(body.slice(at.index + at[0].length), true)[0] : undefined;
    };
    const target = field("name");
    if (name !== undefined && target !== name) continue;
    const command = field("command");
    if (command !== undefined) found.push(command);
  }
  return found;
}

/** `pants run path/to:name` (or `//path:name`, `path:name`): the BUILD files of the directory, and the target name. */
export function pantsTarget(address: string): { dir: string; name: string | undefined } | undefined {
  const match = /^(?:\/\/)?([\w./-]*?)(?::([\w.-]+))?$/.exec(address);
  if (!match || match[1]!.split("/").includes("..")) return undefined;
  return { dir: match[1]!.replace(/\/+$/, "") || ".", name: match[2] };
}

// ─── zig ──────────────────────────────────────────────────────────────────

/**
 * zig's child processes, as argv: `std.process.Child.init(&.{ … }, …)` (and the older ChildProcess),
 * `Child.run(.{ .argv = &.{ … } })`, a build's `addSystemCommand(&.{ … })`; and `deleteTree("…")` as `rm -rf`.
 */
export function zigProcessLines(content: string): string[] {
  const argvs = argvText(
    content,
    /(?:\baddSystemCommand\s*\(|\bb\.run\s*\(|\.argv\s*=|\b(?:Child|ChildProcess)\.init\s*\(|\bexecv(?:e|pe)?\s*\([^,()]*,)\s*&(?:\[_\]\[\]const u8)?\.?\s*\{/g,
    true,
  );
  const variables = zigEnvironmentNames(content);
  const deletes = [...content.matchAll(/\.delete(Tree|File|Dir)(?:Absolute)?\s*\(\s*([^,()]*(?:\([^()]*\)[^,()]*)?)\s*\)/g)].flatMap((match) => {
    const path = zigPathWord(match[2]!.trim(), variables);
    if (path === undefined) return [];
    return [match[1] === "Tree" ? `rm -rf -- ${path}` : match[1] === "Dir" ? `rmdir -- ${path}` : `rm -f -- ${path}`];
  });
  return [...argvs, ...deletes];
}

/** `std.posix.getenv("HOME")`, `std.process.getEnvVarOwned(a, "HOME")`, with `.?`, `orelse …` or `try` around it. */
const ZIG_GETENV = /^(?:try\s+)?std\.(?:posix|os)\.getenv\s*\(\s*"(\w+)"\s*\)|^(?:try\s+)?std\.process\.getEnvVarOwned\s*\([^,()]*,\s*"(\w+)"\s*\)/;

/** `const home = std.posix.getenv("HOME").?;`: the names bound to an environment variable, and which. */
function zigEnvironmentNames(content: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const match of content.matchAll(/\b(?:const|var)\s+(\w+)\s*(?::[^=]*)?=\s*([^;]+);/g)) {
    const env = ZIG_GETENV.exec(match[2]!.trim());
    if (env) names.set(match[1]!, env[1] ?? env[2]!);
  }
  return names;
}

/** A deleted path as a shell word: a string literal, a name bound to an environment variable (`"$HOME"`), or that call itself. */
function zigPathWord(argument: string, variables: ReadonlyMap<string, string>): string | undefined {
  const literal = /^"((?:[^"\\]|\\.)*)"$/.exec(argument);
  if (literal) return `'${literal[1]!.replaceAll("'", "'\\''")}'`;
  const env =
    variables.get(argument) ??
    ZIG_GETENV.exec(argument)
      ?.slice(1)
      .find((name) => name !== undefined);
  return env === undefined ? undefined : `"$${env}"`;
}

// ─── kustomize ────────────────────────────────────────────────────────────

/** The generator, transformer and validator files a kustomization lists (paths inside its directory). */
export function kustomizePluginFiles(content: string): string[] {
  const data = record(parseYaml(content));
  return ["generators", "transformers", "validators"].flatMap((key) => strings(data?.[key])).filter((path) => !path.includes("://") && !path.startsWith("/"));
}

/** A KRM function config's exec path (`config.kubernetes.io/function: exec: path: ./x`), for `--enable-exec`. */
export function kustomizeExecPaths(content: string): string[] {
  const annotations = record(record(record(parseYaml(content))?.metadata)?.annotations);
  const spec = annotations?.["config.kubernetes.io/function"] ?? annotations?.["config.k8s.io/function"];
  const exec = record(record(typeof spec === "string" ? parseYaml(spec) : spec)?.exec);
  return strings(exec?.path);
}

// ─── lint-staged ──────────────────────────────────────────────────────────

/** A glob key of a lint-staged config (`"*.ts"`, `'**\/*.{js,css}'`): it holds a `*`. */
const GLOB_KEY = /[^"'`\n:{}]*\*[^"'`\n:]*/;

/**
 * lint-staged's tasks: each glob's command, list of commands, or function returning them (a JavaScript config);
 * the same keys in JSON, YAML, and package.json's `lint-staged`.
 */
export function lintStagedCommands(content: string, format: "js" | "json" | "yaml" | "package.json"): string[] {
  if (format === "js") return jsKeyStrings(content, GLOB_KEY);
  const data = format === "yaml" ? record(parseYaml(content)) : parsedJson(content, false);
  const table = format === "package.json" ? record(data?.["lint-staged"]) : data;
  return Object.values(table ?? {}).flatMap(strings);
}
