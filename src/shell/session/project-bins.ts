// Commands the project itself declares: package.json's `bin` (what `npx
// NAME`, `pnpm exec NAME`, `yarn NAME` and, after `npm link` or `npm
// install`, plain `NAME` start) and the console scripts pyproject.toml
// names (`[project.scripts]`, `[tool.poetry.scripts]`; installed by `pip
// install .` or `pip install -e .`, then run by name). A name the program
// registry knows (or a category names) is that program, not looked up here;
// a name it does not know, that no other project runner reads, may be the
// project's own, so the file its manifest names is what runs.
import { parse as parseToml } from "smol-toml";
import { categoriesOf } from "../programs/categories.ts";
import { programTable } from "../programs/table.ts";
import { languageOfScript } from "../languages/index.ts";
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { type FileLookup, knownText, type ProjectRun, type Snippet } from "./snippet.ts";

/** The manifests that may declare the command, read only when present (a name nobody declares runs nothing of the project's). */
const MANIFESTS: FileNeed[] = [
  { path: "package.json", role: "package.json", optional: true },
  { path: "pyproject.toml", role: "package.json", optional: true },
];
/** Where a Python package of a console script may sit: the project's top, or a `src/` layout. */
const PYTHON_ROOTS = ["", "src/"];

const registry = programTable();

export function projectBinRun(command: SimpleCommand): ProjectRun | undefined {
  const name = command.program;
  // A path is run as the file it names; a name the registry knows is that program.
  if (name === "" || name.includes("/") || !/^[\w][\w.+-]*$/.test(name) || registry.spec(command.name) !== undefined || categoriesOf(command.name).length > 0) return undefined;
  const what = `${name} (a command the project declares)`;
  const modules = (get: FileLookup) => pythonEntryModules(get, name);
  const installed: FileNeed[] = PACKAGE_RUNNERS.has(command.via.at(-1) ?? "") ? [{ path: `node_modules/.bin/${name}`, role: "script", optional: true }] : [];
  return {
    what,
    candidates: [],
    extra: [...MANIFESTS, ...installed],
    more: (get) => modules(get).map((path): FileNeed => ({ path, role: "script", optional: true })),
    read: (get) => {
      const snippets: Snippet[] = [];
      const bin = packageBin(get, name);
      if (bin !== undefined) snippets.push({ kind: "file", path: bin, via: `${name} (package.json bin: ${bin})` });
      for (const need of installed)
        if (isPlantedShellBin(get(need.path)?.content) || isScriptBin(get(need.path)?.content))
          snippets.push({ kind: "file", path: need.path, via: `${command.via.at(-1)} ${name} (${need.path})` });
      for (const path of modules(get))
        if (get(path)?.content !== undefined) snippets.push({ kind: "file", path, interpreter: "python3", via: `${name} (pyproject.toml script: ${path})` });
      return snippets;
    },
  };
}

/** Package runners that look a name up in node_modules/.bin first (`npx NAME`, `npm exec`, `pnpm exec`, `yarn NAME`, `bunx`). */
const PACKAGE_RUNNERS: ReadonlySet<string> = new Set(["npx", "npm exec", "pnpm exec", "yarn", "yarn exec", "bunx", "bun x"]);

/**
 * A shell script sitting in node_modules/.bin that no package manager wrote: npm links a package's bin there and
 * pnpm and cmd-shim write a shim that finds its own directory (`basedir=$(dirname …)`) and hands over to node. Those
 * run the package's code, judged as the install was; any other shell text there is what runs.
 */
function isPlantedShellBin(content: string | undefined): boolean {
  if (content === undefined || !/^#!\s*(?:\/usr\/bin\/env\s+)?(?:\/(?:usr\/)?bin\/)?(?:sh|bash|dash|zsh)\b/.test(content)) return false;
  return !/\bbasedir=|NODE_PATH=/.test(content);
}

/**
 * A script of another language in node_modules/.bin (`#!/usr/bin/env node`): what npm links there is the package's
 * own bin file, and a file put there by hand is the same; either way its code is what `npx NAME` runs.
 */
function isScriptBin(content: string | undefined): boolean {
  return content?.startsWith("#!") === true && languageOfScript(content) !== "shell";
}

/** The file package.json's `bin` names for `name` (a string `bin` is the package's own name), project-relative. */
function packageBin(get: FileLookup, name: string): string | undefined {
  const text = knownText("package.json", get)?.content;
  if (text === undefined) return undefined;
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof manifest !== "object" || manifest === null) return undefined;
  const { bin, name: own } = manifest as { bin?: unknown; name?: unknown };
  const unscoped = typeof own === "string" ? own.replace(/^@[^/]+\//, "") : undefined;
  const path = typeof bin === "string" ? (unscoped === name ? bin : undefined) : typeof bin === "object" && bin !== null ? (bin as Record<string, unknown>)[name] : undefined;
  if (typeof path !== "string" || path.startsWith("/") || path.split("/").includes("..")) return undefined;
  return path.replace(/^\.\//, "");
}

/** The module files of pyproject.toml's console script `name` (`pkg.cli:main` → pkg/cli.py, src/pkg/cli.py, pkg/cli/__init__.py). */
function pythonEntryModules(get: FileLookup, name: string): string[] {
  const text = knownText("pyproject.toml", get)?.content;
  if (text === undefined) return [];
  let data: Record<string, unknown>;
  try {
    data = parseToml(text) as Record<string, unknown>;
  } catch {
    return [];
  }
  const project = data.project as { scripts?: Record<string, unknown>; "gui-scripts"?: Record<string, unknown> } | undefined;
  const poetry = (data.tool as { poetry?: { scripts?: Record<string, unknown> } } | undefined)?.poetry;
  const entry = [project?.scripts, project?.["gui-scripts"], poetry?.scripts].map((table) => table?.[name]).find((value) => value !== undefined);
  // Poetry also takes `{ reference = "pkg.cli:main", type = "console" }`.
  const reference = typeof entry === "string" ? entry : typeof entry === "object" && entry !== null ? (entry as { reference?: unknown }).reference : undefined;
  if (typeof reference !== "string") return [];
  const module = /^\s*([A-Za-z_][\w.]*)\s*(?::|$)/.exec(reference)?.[1];
  if (module === undefined) return [];
  const base = module.replaceAll(".", "/");
  return PYTHON_ROOTS.flatMap((root) => [`${root}${base}.py`, `${root}${base}/__init__.py`]);
}
