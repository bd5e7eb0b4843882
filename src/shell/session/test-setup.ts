// Code a test runner loads before any test, named by its settings: phpunit
// runs the `bootstrap` file phpunit.xml (or .dist) names (or --bootstrap);
// `mix test` runs test/test_helper.exs and the test files; pytest imports
// the plugins `-p NAME` names, in its addopts (pytest.ini, pyproject.toml,
// setup.cfg, tox.ini) or on the command line, and those conftest.py lists
// in `pytest_plugins`. Each is judged as the code it is.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { parse as parseToml } from "smol-toml";
import { isRecord } from "../languages/jsonc.ts";
import { firstKnown, knownText, knownTexts, optionValue, type ProjectRun, type Snippet } from "./snippet.ts";
import { listedRun } from "./test-runners.ts";

const PYTHONS = /^python(?:\d+(?:\.\d+)?)?$/;

export function testSetupRun(command: SimpleCommand): ProjectRun | undefined {
  if (command.name === "phpunit" || command.program.endsWith("vendor/bin/phpunit")) return phpunitRun(command);
  if (command.name === "mix" && command.args.find((arg) => !arg.startsWith("-")) === "test") return mixTestRun();
  if (command.name === "pytest" || command.name === "py.test") return pytestPluginRun(command.args);
  if (PYTHONS.test(command.name) && command.args[0] === "-m" && command.args[1] === "pytest") return pytestPluginRun(command.args.slice(2));
  return undefined;
}

// ─── phpunit ──────────────────────────────────────────────────────────────

function phpunitRun(command: SimpleCommand): ProjectRun {
  const given = optionValue(command.args, ["-c"], ["--configuration"]);
  const bootstrap = optionValue(command.args, [], ["--bootstrap"]) ?? (command.args.includes("--bootstrap") ? command.args[command.args.indexOf("--bootstrap") + 1] : undefined);
  if (bootstrap !== undefined) return listedRun("phpunit --bootstrap", [{ path: relative(bootstrap), role: "test" }], "php", true);
  const configs: FileNeed[] = (given ? [given.endsWith(".xml") ? given : `${given.replace(/\/+$/, "")}/phpunit.xml`] : ["phpunit.xml", "phpunit.xml.dist", "phpunit.dist.xml"]).map(
    (path) => ({
      path: relative(path),
      role: "test",
      optional: true,
    }),
  );
  return {
    what: "phpunit bootstrap",
    candidates: [],
    extra: configs,
    more: (get) => {
      const file = bootstrapOf(get);
      return file && get(file) === undefined ? [{ path: file, role: "test", optional: true }] : [];
    },
    read: (get) => {
      const file = bootstrapOf(get);
      const known = file ? knownText(file, get) : undefined;
      return known ? [{ kind: "file", path: known.path, interpreter: "php", via: `phpunit (bootstrap ${known.path}, ${known.label})` }] : [];
    },
  };

  function bootstrapOf(get: Parameters<NonNullable<ProjectRun["more"]>>[0]): string | undefined {
    const config = firstKnown(configs, get);
    const value = config && /<phpunit\b[^>]*?\sbootstrap\s*=\s*(["'])([^"']+)\1/.exec(config.content)?.[2];
    return value ? relative(value) : undefined;
  }
}

// ─── mix test ─────────────────────────────────────────────────────────────

function mixTestRun(): ProjectRun {
  return listedRun(
    "mix test",
    [
      { path: "test/test_helper.exs", role: "test" },
      { path: "test/**/*_test.exs", role: "test", pattern: true },
    ],
    "elixir",
  );
}

// ─── pytest plugins ───────────────────────────────────────────────────────

const PYTEST_SETTINGS = ["pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"];

function pytestPluginRun(args: readonly string[]): ProjectRun {
  const settings: FileNeed[] = [...PYTEST_SETTINGS, "conftest.py"].map((path) => ({ path, role: "test", optional: true }));
  const modules = (get: Parameters<NonNullable<ProjectRun["more"]>>[0]): string[] => {
    const named = [...pluginOptions(args)];
    for (const file of knownTexts(PYTEST_SETTINGS, get)) named.push(...pluginOptions(addoptsOf(file.path, file.content)));
    const conftest = knownText("conftest.py", get);
    if (conftest) named.push(...conftestPlugins(conftest.content));
    return [...new Set(named.filter((name) => /^[\w.]+$/.test(name) && !name.startsWith("no:")))];
  };
  const pathsOf = (module: string) => [`${module.replaceAll(".", "/")}.py`, `${module.replaceAll(".", "/")}/__init__.py`, `src/${module.replaceAll(".", "/")}.py`];
  return {
    what: "pytest plugins",
    candidates: [],
    extra: settings,
    more: (get) => modules(get).flatMap((module) => pathsOf(module).map((path): FileNeed => ({ path, role: "test", optional: true }))),
    read: (get) =>
      modules(get).flatMap((module): Snippet[] => {
        const file = firstKnown(pathsOf(module), get);
        return file ? [{ kind: "file", path: file.path, interpreter: "python3", via: `pytest (plugin ${module}, ${file.path}, ${file.label})` }] : [];
      }),
  };
}

/** The `-p NAME` plugins of an argument list (`-p NAME`, `-pNAME`). */
function pluginOptions(args: readonly string[]): string[] {
  const names: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "-p" && args[index + 1] !== undefined) names.push(args[++index]!);
    else if (/^-p[\w.]/.test(arg)) names.push(arg.slice(2));
  }
  return names;
}

/** pytest's addopts in one of its settings files, as words. */
function addoptsOf(path: string, content: string): string[] {
  if (path === "pyproject.toml") {
    let value: unknown;
    try {
      value = parseToml(content);
    } catch {
      return [];
    }
    for (const key of ["tool", "pytest", "ini_options"]) value = isRecord(value) ? value[key] : undefined;
    const addopts = isRecord(value) ? value.addopts : undefined;
    return typeof addopts === "string"
      ? addopts.split(/\s+/)
      : Array.isArray(addopts)
        ? addopts.filter((word): word is string => typeof word === "string").flatMap((word) => word.split(/\s+/))
        : [];
  }
  const section = path === "setup.cfg" ? "tool:pytest" : "pytest";
  const words: string[] = [];
  let inSection = false;
  let inAddopts = false;
  for (const line of content.split(/\r?\n/)) {
    const header = /^\s*\[([^\]]+)\]/.exec(line);
    if (header) {
      inSection = header[1]!.trim() === section;
      inAddopts = false;
      continue;
    }
    if (!inSection) continue;
    const start = /^addopts\s*=\s*(.*)$/.exec(line);
    if (start) {
      inAddopts = true;
      words.push(...start[1]!.split(/\s+/));
    } else if (inAddopts && /^\s+\S/.test(line)) words.push(...line.trim().split(/\s+/));
    else inAddopts = false;
  }
  return words.filter((word) => word !== "");
}

/** `pytest_plugins = ["a.b", "c"]` (or one string) in a conftest.py. */
function conftestPlugins(content: string): string[] {
  const value = /^pytest_plugins\s*=\s*(\[[^\]]*\]|\([^)]*\)|"[^"]*"|'[^']*')/m.exec(content)?.[1];
  return value ? [...value.matchAll(/"([^"]*)"|'([^']*)'/g)].map((match) => match[1] ?? match[2]!) : [];
}

const relative = (path: string) => path.replace(/^\.\//, "");
