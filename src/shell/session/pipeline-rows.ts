// Pipeline runners, seeders and test runners that run project files the
// command line never names, one row each: airflow parses every DAG file,
// artisan and rails run their seeders and migrations, dvc its stages'
// `cmd`, kedro its pipelines, nix its build phases, paver pavement.py,
// snakemake its rules' `shell:` and `run:` blocks; Erlang's common test,
// gauge, kaocha, nightwatch, phpspec and testcafe their test files. Each file
// is found as any carrier's is (written in the session, else on disk under
// the project) and judged in its own language.
import type { SimpleCommand } from "../view/view.ts";
import { JS, type Loaded, NODE, PHP, PYTHON, type Reading, RUBY, relative, type Row, SUB, shellLines, strings } from "./file-rows.ts";
import { inDir, optionValue } from "./snippet.ts";
import { migrationReading } from "./framework-rows.ts";
import type { Direction } from "./migration-sections.ts";
import { clojureCommands } from "../languages/clojure-calls.ts";
import { parseYaml, record } from "./yaml-data.ts";

/** Python code with the host tool's shell helpers (`sh("…")`, snakemake's `shell("…")`) as the `os.system` calls they are. */
function pythonWithHelpers(helpers: RegExp): Reading {
  return { kind: "embedded", language: "python", extract: (content) => content.replace(helpers, "os.system(") };
}

/** The directories (or files) a runner was given, else its default. */
function targetsOr(words: readonly string[], fallback: string): string[] {
  const given = words.filter((word) => !/[=$:]/.test(word) && !word.startsWith("-")).map(relative);
  return given.length > 0 ? given : [fallback];
}

/** A directory given, or a file in it, as the glob of its files ending in `ends`. */
function filesUnder(target: string, ends: string, reading: Reading): Loaded {
  return { path: /\.\w+$/.test(target) ? target : inDir(target, `**/*${ends}`), reading };
}

// ─── airflow ──────────────────────────────────────────────────────────────

/** Commands that fill the DagBag, importing every DAG file (its top-level code runs), or run a task of one. */
const AIRFLOW_PARSES: Readonly<Record<string, readonly string[]>> = {
  dags: ["test", "backfill", "list", "list-import-errors", "report", "reserialize", "show"],
  tasks: ["test", "run", "render", "list"],
  scheduler: [],
  standalone: [],
  "dag-processor": [],
};

function airflowParses(_command: SimpleCommand, words: readonly string[]): boolean {
  const verbs = AIRFLOW_PARSES[words[0] ?? ""];
  return verbs !== undefined && (verbs.length === 0 || verbs.includes(words[1] ?? ""));
}

// ─── seeders and migrations ───────────────────────────────────────────────

const ARTISAN_MIGRATE = new Set(["migrate", "migrate:fresh", "migrate:refresh", "migrate:reset", "migrate:rollback"]);

/** `php artisan db:seed`, `migrate --seed`: the seeders; a migration command also the migrations it runs. */
function artisanFiles(command: SimpleCommand, words: readonly string[]): Loaded[] {
  const verb = words[1] ?? "";
  const seeds = verb === "db:seed" || command.args.includes("--seed") || command.args.includes("--seeder");
  return [
    ...(seeds ? ["database/seeders/**/*.php", "database/seeds/**/*.php"].map((path) => ({ path, reading: PHP })) : []),
    ...(ARTISAN_MIGRATE.has(verb)
      ? [{ path: "database/migrations/*.php", reading: migrationReading("php", verb === "migrate" ? "up" : verb === "migrate:rollback" ? "down" : "both") }]
      : []),
  ];
}

/** Rails' tasks that load db/seeds.rb (setup, reset and prepare seed a new database) or run the migrations. */
const RAILS_SEEDS = new Set(["db:seed", "db:setup", "db:reset", "db:prepare", "db:seed:replant"]);
const RAILS_MIGRATES = new Set(["db:migrate", "db:migrate:redo", "db:migrate:up", "db:migrate:down", "db:rollback", "db:prepare", "db:setup"]);

/** What Rails' migration tasks run of each migration: `change` runs either way and is never cut. */
function railsDirection(words: readonly string[]): Direction {
  if (words.some((word) => word === "db:migrate:redo")) return "both";
  return words.some((word) => word === "db:rollback" || word === "db:migrate:down") ? "down" : "up";
}

function railsFiles(_command: SimpleCommand, words: readonly string[]): Loaded[] {
  const seeds = words.some((word) => RAILS_SEEDS.has(word));
  const migrates = words.some((word) => RAILS_MIGRATES.has(word));
  return [
    ...(seeds
      ? [
          { path: "db/seeds.rb", reading: RUBY },
          { path: "db/seeds/**/*.rb", reading: RUBY },
        ]
      : []),
    ...(migrates ? [{ path: "db/migrate/*.rb", reading: migrationReading("ruby", railsDirection(words)) }] : []),
  ];
}

// ─── dvc ──────────────────────────────────────────────────────────────────

/** Every stage's `cmd` (a string or a list of them), a `foreach` stage's `do.cmd` too: `dvc repro` runs the stages out of date. */
function dvcCommands(content: string): string[] {
  const stages = record(record(parseYaml(content))?.stages) ?? {};
  return Object.values(stages).flatMap((stage) => [...strings(record(stage)?.cmd), ...strings(record(record(stage)?.do)?.cmd)]);
}

// ─── nix ──────────────────────────────────────────────────────────────────

/** The attributes of a derivation whose text a builder's shell runs. */
const NIX_PHASES =
  /\b(?:(?:unpack|patch|configure|build|check|install|fixup|installCheck|dist)Phase|(?:pre|post)(?:Unpack|Patch|Configure|Build|Check|Install|Fixup)|buildCommand)\s*=\s*/;

/** A Nix string's text: `''…''` (with its escapes) or `"…"`. */
const NIX_STRING = String.raw`(?:''([\s\S]*?)''(?!')|"((?:[^"\\]|\\.)*)")`;

function nixText(indented: string | undefined, quoted: string | undefined): string {
  return indented !== undefined ? indented.replace(/'''/g, "''").replace(/''\$/g, "$") : (quoted ?? "").replace(/\\(.)/g, "$1");
}

/** The phases of every derivation in the file, and `runCommand NAME ATTRS ''…''` / `writeShellScript(Bin) NAME ''…''` bodies. */
function nixBuildCommands(content: string): string[] {
  const commands: string[] = [];
  for (const match of content.matchAll(new RegExp(`${NIX_PHASES.source}${NIX_STRING}`, "g"))) commands.push(nixText(match[1], match[2]));
  for (const match of content.matchAll(new RegExp(String.raw`\brunCommand(?:CC|Local|NoCC)?\s+"[^"]*"\s*\{[^{}]*\}\s*${NIX_STRING}`, "g")))
    commands.push(nixText(match[1], match[2]));
  return commands;
}

/** The project's nix file a command builds: the `.nix` operand, the flake's directory, or the default. */
function nixFile(command: SimpleCommand, words: readonly string[]): string | undefined {
  if (command.name !== "nix") return relative(words.find((word) => word.endsWith(".nix")) ?? "default.nix");
  const flake =
    words
      .slice(1)
      .find((word) => !word.startsWith("-"))
      ?.replace(/#.*$/, "") ?? ".";
  if (flake === "" || flake === ".") return "flake.nix";
  return /^\.{0,2}\//.test(flake) && !flake.split("/").includes("..") ? inDir(relative(flake), "flake.nix") : undefined;
}

// ─── snakemake ────────────────────────────────────────────────────────────

/** A rule's `shell:` directive: its string (on its line or the next, triple-quoted or not, `r`/`f` prefixed). */
const SNAKEMAKE_SHELL_DIRECTIVE = /^(\s*)shell:\s*[rf]?(?:"""([\s\S]*?)"""|'''([\s\S]*?)'''|"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')/gm;

/** A Snakefile as the Python it is, each `shell:` directive and `shell(…)` call as the `os.system` call it amounts to. */
function snakefileAsPython(content: string): string {
  return content
    .replace(
      SNAKEMAKE_SHELL_DIRECTIVE,
      (_, indent: string, ...bodies: Array<string | undefined>) => `${indent}os.system(${JSON.stringify(bodies.slice(0, 4).find((body) => body !== undefined) ?? "")})`,
    )
    .replace(/(?<![\w.])shell\s*\(/g, "os.system(");
}

const SNAKEFILE: Reading = { kind: "embedded", language: "python", extract: snakefileAsPython };

// ─── test runners ─────────────────────────────────────────────────────────

const ERLANG: Reading = { kind: "code", language: "erlang" };

/** Gauge's step implementations, per language plugin: JavaScript/TypeScript under tests/, Python under step_impl/, … */
const GAUGE_STEPS: readonly Loaded[] = [
  { path: `tests/**/*.${JS}`, reading: NODE },
  { path: "step_impl/**/*.py", reading: PYTHON },
  { path: "step_implementation/**/*.rb", reading: RUBY },
  { path: "src/test/java/**/*.java", reading: { kind: "code", language: "java" } },
];

export const PIPELINE_ROWS: readonly Row[] = [
  { what: "airflow (DAG files)", programs: ["airflow"], when: airflowParses, files: () => ["dags/**/*.py", "plugins/**/*.py"].map((path) => ({ path, reading: PYTHON })) },
  { what: "artisan (seeders and migrations)", programs: ["php"], when: (_command, words) => words[0] === "artisan", files: artisanFiles },
  { what: "rails (seeds and migrations)", programs: ["rails", "rake"], files: railsFiles },
  {
    what: "dvc stages",
    programs: ["dvc"],
    when: (_command, words) => words[0] === "repro" || (words[0] === "exp" && words[1] === "run"),
    files: () => [{ path: "dvc.yaml", reading: shellLines(dvcCommands) }],
  },
  {
    what: "kedro pipelines",
    programs: ["kedro"],
    when: SUB("run"),
    files: () => ["src/*/pipeline_registry.py", "src/*/settings.py", "src/*/hooks.py", "src/*/pipelines/**/*.py"].map((path) => ({ path, reading: PYTHON })),
  },
  {
    what: "nix build phases",
    programs: ["nix", "nix-build"],
    // (`nix develop` runs the shellHook, read with the other development shells.)
    when: (command, words) => command.name === "nix-build" || ["build", "run", "shell"].includes(words[0] ?? ""),
    wraps: true,
    files: (command, words) => {
      const file = nixFile(command, words);
      return file === undefined ? [] : [{ path: file, reading: shellLines(nixBuildCommands) }];
    },
  },
  { what: "paver (pavement.py)", programs: ["paver"], files: () => [{ path: "pavement.py", reading: pythonWithHelpers(/(?<![\w.])sh\s*\(/g) }] },
  {
    what: "snakemake (rules)",
    programs: ["snakemake"],
    files: (command) => {
      const named = optionValue(command.args, ["-s"], ["--snakefile"]);
      const snakefiles = named !== undefined ? [relative(named)] : ["Snakefile", "snakefile", "workflow/Snakefile", "workflow/snakefile"];
      return [...snakefiles, "rules/*.smk", "workflow/rules/*.smk"].map((path) => ({ path, reading: SNAKEFILE }));
    },
  },
  {
    what: "common test suites",
    programs: ["ct_run"],
    files: (command) => {
      const dir = optionValue(command.args, ["-dir"]);
      const suite = optionValue(command.args, ["-suite"]);
      if (suite !== undefined) return [{ path: inDir(dir === undefined ? undefined : relative(dir), suite.endsWith(".erl") ? suite : `${suite}.erl`), reading: ERLANG }];
      return [{ path: inDir(dir === undefined ? undefined : relative(dir), "**/*_SUITE.erl"), reading: ERLANG }];
    },
  },
  { what: "gauge steps", programs: ["gauge"], when: SUB("run"), files: () => GAUGE_STEPS },
  {
    what: "kaocha tests",
    programs: ["kaocha"],
    files: () => ["test/**/*.clj", "test/**/*.cljc"].map((path) => ({ path, reading: shellLines(clojureCommands) })),
  },
  {
    what: "nightwatch",
    programs: ["nightwatch"],
    files: (_command, words) => [{ path: `nightwatch.conf.${JS}`, reading: NODE }, ...targetsOr(words, "tests").map((target) => filesUnder(target, `.${JS}`, NODE))],
  },
  { what: "phpspec", programs: ["phpspec"], when: SUB("run"), files: (_command, words) => targetsOr(words.slice(1), "spec").map((target) => filesUnder(target, ".php", PHP)) },
  {
    what: "testcafe",
    programs: ["testcafe"],
    // The first operand is the browser list (`chrome`, `'chrome:headless,firefox'`); the files or directories follow.
    files: (_command, words) => [{ path: `.testcaferc.${JS}`, reading: NODE }, ...targetsOr(words.slice(1), "tests").map((target) => filesUnder(target, `.${JS}`, NODE))],
  },
];
