// Named scripts in project manifests other than package.json, run by their
// tool: composer.json `scripts` (`composer run-script x`, `composer x`, and
// the install/update events), pyproject.toml's `[tool.pdm.scripts]` (`pdm
// run x`, with `pre_x`/`post_x`), hatch's `[tool.hatch.envs.ENV.scripts]`
// (`hatch run [ENV:]x`; hatch.toml's `[envs.ENV.scripts]`), deno.json's
// `tasks` (`deno task x`, with their dependencies), and the files bunfig.toml
// preloads before `bun run`, `bun FILE` and `bun test`. Each script is judged
// as the shell text it is. And `pip install .` (or `-e DIR`) builds the
// project: its setup.py runs, or the in-tree build backend pyproject.toml
// names (`backend-path`). cargo reads .cargo/config.toml: a `[target.…]`
// `runner` starts every binary `cargo run|test|bench` runs, an `[alias]` is
// the cargo command it stands for.
import { parse as parseToml } from "smol-toml";
import { isRecord, parsedJson } from "../languages/jsonc.ts";
import type { SimpleCommand } from "../view/view.ts";
import { type FileLookup, firstKnown, inDir, knownTexts, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";
import { MAX_MANIFEST_SCRIPTS_FOLLOWED } from "../../limits.ts";

export function manifestScriptRun(command: SimpleCommand): ProjectRun | undefined {
  const words = command.args.filter((arg) => !arg.startsWith("-"));
  switch (command.name) {
    case "composer":
      return composerRun(words);
    case "pdm":
      return pdmRun(words);
    case "hatch":
      return words[0] === "run" && words[1] !== undefined ? hatchRun(words[1]) : undefined;
    case "deno":
      return words[0] === "task" && words[1] !== undefined ? denoRun(words[1]) : undefined;
    case "bun":
      return bunPreloadRun(words);
    case "cargo":
      return words[0] === undefined ? undefined : cargoConfigRun(words[0]);
    case "pip":
    case "pip3":
      return words[0] === "install" ? localBuildRun(command.args) : undefined;
    case "uv":
      return words[0] === "pip" && words[1] === "install" ? localBuildRun(command.args) : undefined;
    default:
      // `python3 -m pip install .`: pip by another name.
      return /^python[\d.]*$/.test(command.name) && command.args[0] === "-m" && command.args[1] === "pip" && command.args[2] === "install"
        ? localBuildRun(command.args.slice(3))
        : undefined;
  }
}

/**
 * A run whose scripts come from the first known of `paths`, read by `scripts`. `optional`: the command runs without
 * the file (cargo without a .cargo/config.toml), so not knowing it is not code nobody can see.
 */
function scriptsRun(what: string, paths: readonly string[], scripts: (text: string, path: string) => string[], optional = false): ProjectRun {
  const candidates = paths.map((path) => ({ path, role: "package.json" as const }));
  return {
    what,
    candidates: optional ? [] : candidates,
    ...(optional ? { extra: candidates } : {}),
    read: (get: FileLookup) => {
      const file = firstKnown(candidates, get);
      if (!file) return [];
      const via = `${what} (${file.path}, ${file.label})`;
      return scripts(file.content, file.path).map((text): Snippet => ({ kind: "shell", text, via }));
    },
  };
}

/** TOML data, or undefined when the text is not TOML (the tool refuses it, nothing runs). */
export function parsedToml(text: string): Record<string, unknown> | undefined {
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch {
    // The tool refuses a file it cannot parse: nothing runs.
    return undefined;
  }
}

function tableAt(root: Record<string, unknown> | undefined, path: readonly string[]): Record<string, unknown> {
  let at: unknown = root;
  for (const key of path) at = isRecord(at) ? at[key] : undefined;
  return isRecord(at) ? at : {};
}

/** Follows scripts that name other scripts, each once, at most MAX_MANIFEST_SCRIPTS_FOLLOWED. */
function follow(first: readonly string[], linesOf: (name: string, visit: (name: string) => void) => string[]): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  const visit = (name: string) => {
    if (seen.has(name) || seen.size >= MAX_MANIFEST_SCRIPTS_FOLLOWED) return;
    seen.add(name);
    lines.push(...linesOf(name, visit));
  };
  for (const name of first) visit(name);
  return lines.filter((line) => line.trim() !== "");
}

const strings = (value: unknown): string[] => (typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((item) => typeof item === "string") : []);

// ─── composer ─────────────────────────────────────────────────────────────

/** composer's own commands (any other word is a script of composer.json run by its name). */
const COMPOSER_COMMANDS = new Set([
  "about",
  "archive",
  "audit",
  "browse",
  "bump",
  "check-platform-reqs",
  "clear-cache",
  "config",
  "create-project",
  "depends",
  "diagnose",
  "exec",
  "fund",
  "global",
  "help",
  "init",
  "licenses",
  "list",
  "outdated",
  "prohibits",
  "reinstall",
  "search",
  "self-update",
  "show",
  "status",
  "suggests",
  "validate",
  "why",
  "why-not",
]);
const AUTOLOAD = ["pre-autoload-dump", "post-autoload-dump"];
const COMPOSER_EVENTS: Readonly<Record<string, readonly string[]>> = {
  install: ["pre-install-cmd", ...AUTOLOAD, "post-install-cmd"],
  update: ["pre-update-cmd", ...AUTOLOAD, "post-update-cmd"],
  "dump-autoload": AUTOLOAD,
};
const COMPOSER_ALIASES: Readonly<Record<string, string>> = { i: "install", u: "update", upgrade: "update", require: "update", remove: "update", dumpautoload: "dump-autoload" };

function composerRun(words: readonly string[]): ProjectRun | undefined {
  const [first, second] = words;
  if (first === undefined) return undefined;
  const verb = COMPOSER_ALIASES[first] ?? first;
  const names =
    verb === "run-script" || verb === "run" ? (second === undefined ? undefined : [second]) : (COMPOSER_EVENTS[verb] ?? (COMPOSER_COMMANDS.has(verb) ? undefined : [verb]));
  if (names === undefined) return undefined;
  return scriptsRun(`composer ${words.slice(0, 2).join(" ")}`.trim(), ["composer.json"], (text) => {
    const scripts = tableAt(parsedJson(text, false), ["scripts"]);
    return follow(names, (name, visit) =>
      strings(scripts[name]).flatMap((line) => {
        // `@php x`, `@composer x`: the program; `@other`: another script; `Vendor\Class::method`: PHP code of the project's classes.
        const named = /^@(\S+)(.*)$/s.exec(line);
        if (named && (named[1] === "php" || named[1] === "composer" || named[1] === "putenv")) return named[1] === "putenv" ? [] : [`${named[1]}${named[2]}`];
        if (named) {
          visit(named[1]!);
          return [];
        }
        return /^[\w\\]+::\w+$/.test(line.trim()) ? [] : [line];
      }),
    );
  });
}

// ─── pdm and hatch ────────────────────────────────────────────────────────

/** pdm's own commands (another word runs the script of that name). */
const PDM_COMMANDS = new Set([
  "add",
  "build",
  "cache",
  "completion",
  "config",
  "export",
  "fix",
  "import",
  "info",
  "init",
  "list",
  "lock",
  "outdated",
  "publish",
  "python",
  "py",
  "remove",
  "search",
  "self",
  "show",
  "sync",
  "update",
  "use",
  "venv",
]);

function pdmRun(words: readonly string[]): ProjectRun | undefined {
  const [first, second] = words;
  const name = first === "run" ? second : first === "install" ? "install" : first !== undefined && !PDM_COMMANDS.has(first) ? first : undefined;
  if (name === undefined) return undefined;
  return scriptsRun(`pdm ${words.slice(0, 2).join(" ")}`.trim(), ["pyproject.toml"], (text) => {
    const scripts = tableAt(parsedToml(text), ["tool", "pdm", "scripts"]);
    return follow([`pre_${name}`, name, `post_${name}`], (script, visit) => {
      const value = scripts[script];
      if (!isRecord(value)) return strings(value);
      for (const step of strings(value.composite)) visit(step.split(/\s+/)[0]!);
      // `call = "pkg.module:function"` runs the project's Python: the import it amounts to, and the module's file
      // (its function is what runs, which importing alone does not show).
      const call = typeof value.call === "string" ? /^([\w.]+):/.exec(value.call)?.[1] : undefined;
      const cmd = typeof value.cmd === "string" ? [value.cmd] : Array.isArray(value.cmd) ? [strings(value.cmd).map(shellWord).join(" ")] : [];
      return [...cmd, ...strings(value.shell), ...(call ? [`python3 -c 'import ${call}'`, ...moduleFiles(call)] : [])];
    });
  });
}

/** A module's file run as the script it is (`app.tasks` → app/tasks.py, or under src/): its functions' code is read. */
function moduleFiles(module: string): string[] {
  const base = module.replaceAll(".", "/");
  return [`python3 ${base}.py`, `python3 src/${base}.py`];
}

function hatchRun(target: string): ProjectRun {
  const colon = target.indexOf(":");
  const env = colon > 0 ? target.slice(0, colon) : "default";
  const name = colon > 0 ? target.slice(colon + 1) : target;
  return scriptsRun(`hatch run ${target}`, ["hatch.toml", "pyproject.toml"], (text, path) => {
    const scripts = tableAt(parsedToml(text), path === "hatch.toml" ? ["envs", env, "scripts"] : ["tool", "hatch", "envs", env, "scripts"]);
    return follow([name], (script, visit) =>
      strings(scripts[script]).filter((line) => {
        // A line that starts with another script's name runs that script.
        const first = line.trim().split(/\s+/)[0]!;
        if (first !== script && first in scripts) visit(first);
        return !(first in scripts);
      }),
    );
  });
}

// ─── deno ─────────────────────────────────────────────────────────────────

function denoRun(name: string): ProjectRun {
  return scriptsRun(`deno task ${name}`, ["deno.json", "deno.jsonc"], (text) => {
    const tasks = tableAt(parsedJson(text, true), ["tasks"]);
    return follow([name], (task, visit) => {
      const value = tasks[task];
      if (!isRecord(value)) return strings(value);
      for (const dependency of strings(value.dependencies)) visit(dependency);
      return strings(value.command);
    });
  });
}

// ─── bun's preload ────────────────────────────────────────────────────────

function bunPreloadRun(words: readonly string[]): ProjectRun | undefined {
  const [first] = words;
  // `bun install`, `bun add`, `bun x`: no project code is preloaded.
  const testing = first === "test";
  if (!testing && first !== "run" && !(first !== undefined && /\.[mc]?[jt]sx?$/.test(first))) return undefined;
  const candidates = [{ path: "bunfig.toml", role: "package-settings" as const }];
  return {
    what: `bun ${first}`,
    candidates: [],
    extra: candidates,
    read: (get) => {
      const file = firstKnown(candidates, get);
      if (!file) return [];
      const config = parsedToml(file.content);
      const preloaded = [...strings(config?.preload), ...(testing ? strings(tableAt(config, ["test"]).preload) : [])];
      // Run as node runs it: `bun FILE` would preload the same files again.
      return preloaded.map(
        (path): Snippet => ({ kind: "file", path: path.replace(/^\.\//, ""), interpreter: "node", via: `bun ${first} (preloads ${path}, ${file.path}, ${file.label})` }),
      );
    },
  };
}

// ─── pip install of a project directory ───────────────────────────────────

/** The project directories an install builds: `.`, `./x`, `-e DIR`/`--editable DIR` (a package name is not one). */
function localDirectories(args: readonly string[]): string[] {
  const dirs: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const value = arg === "-e" || arg === "--editable" ? args[++index] : arg.startsWith("--editable=") ? arg.slice("--editable=".length) : arg.startsWith("-") ? undefined : arg;
    if (value !== undefined && (value === "." || value === ".." || value.startsWith("./") || value.startsWith("../") || value.endsWith("/")))
      dirs.push(value.replace(/\/+$/, "").replace(/^\.\/(?=.)/, "") || ".");
  }
  return dirs;
}

function localBuildRun(args: readonly string[]): ProjectRun | undefined {
  const dirs = localDirectories(args);
  if (dirs.length === 0) return undefined;
  const files = dirs.flatMap((dir) => [inDir(dir, "setup.py"), inDir(dir, "pyproject.toml")]);
  return {
    what: "pip install (the project's build)",
    candidates: [],
    extra: files.map((path) => ({ path, role: "script" as const })),
    read: (get) =>
      knownTexts(files, get).flatMap(({ path, content, label }): Snippet[] => {
        if (path.endsWith("setup.py")) return [{ kind: "file", path, interpreter: "python3", via: `pip install builds with ${path} (${label})` }];
        const backend = inTreeBackend(content, path);
        return backend ? [{ kind: "file", path: backend, interpreter: "python3", via: `pip install builds with the backend ${path} names (${label})` }] : [];
      }),
  };
}

/** `build-backend = "backend"` with `backend-path = ["."]`: the build runs the project's own module. */
function inTreeBackend(text: string, pyproject: string): string | undefined {
  const system = tableAt(parsedToml(text), ["build-system"]);
  const [dir] = strings(system["backend-path"]);
  const backend = typeof system["build-backend"] === "string" ? system["build-backend"].split(":")[0] : undefined;
  if (dir === undefined || backend === undefined || !/^[\w.]+$/.test(backend)) return undefined;
  const base = pyproject.includes("/") ? pyproject.slice(0, pyproject.lastIndexOf("/")) : ".";
  return inDir(inDir(base, dir.replace(/^\.\/?/, "")), `${backend.replaceAll(".", "/")}.py`).replace(/^\.\//, "");
}

// ─── cargo's project config ───────────────────────────────────────────────

const CARGO_RUNS = new Set(["run", "r", "test", "t", "bench"]);

function cargoConfigRun(sub: string): ProjectRun {
  return scriptsRun(
    `cargo ${sub}`,
    [".cargo/config.toml", ".cargo/config"],
    (text) => {
      const config = parsedToml(text);
      const alias = tableAt(config, ["alias"])[sub];
      const aliased = typeof alias === "string" ? [`cargo ${alias}`] : Array.isArray(alias) ? [`cargo ${strings(alias).map(shellWord).join(" ")}`] : [];
      if (!CARGO_RUNS.has(sub)) return aliased;
      // Each target's runner (a triple or a cfg(…) table): which one applies depends on the machine, so every one counts.
      const runners = Object.values(tableAt(config, ["target"])).flatMap((target) => {
        const runner = isRecord(target) ? target.runner : undefined;
        return typeof runner === "string" ? [runner] : Array.isArray(runner) ? [strings(runner).map(shellWord).join(" ")] : [];
      });
      return [...aliased, ...runners.map((runner) => `${runner} target/debug/app`)];
    },
    true,
  );
}
