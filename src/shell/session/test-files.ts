// Test runners that load the project's own code: jest, vitest, mocha, ava,
// `node --test`, `bun test` and `deno test` import the test files they find
// (and their config files, which are code too); rspec, `rails test` and
// `rake test`/`rake spec` load Ruby test files, phpunit PHP ones. Each file
// found is judged as its interpreter would run it, by its text; the files are
// found by the runner's own default patterns, or by the paths named on the
// command line.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { posix } from "node:path";
import { type FileLookup, inDir, knownTexts, type ProjectRun, type Snippet } from "./snippet.ts";
import { codeSnippets, listedRun } from "./test-runners.ts";
import { importedModules } from "../interpret/local-imports.ts";

type Runner = {
  what: string;
  interpreter: "node" | "ruby" | "php";
  /** What the runner finds under a directory when no file is named. */
  globs: readonly string[];
  /** Code it loads first whatever the tests are (config and set-up files). */
  always: readonly string[];
  /** A named operand that is a file of this language. */
  file: RegExp;
};

const JS = "{js,mjs,cjs,jsx,ts,mts,cts,tsx}";
const JS_FILE = /\.(?:[mc]?[jt]sx?)$/;
const JS_TESTS = [`**/*.test.${JS}`, `**/*.spec.${JS}`, `**/__tests__/**/*.${JS}`];

const RUNNERS: Readonly<Record<string, Runner>> = {
  vitest: { what: "vitest", interpreter: "node", globs: JS_TESTS, always: [`vitest.config.${JS}`, `vite.config.${JS}`, `vitest.workspace.${JS}`], file: JS_FILE },
  jest: { what: "jest", interpreter: "node", globs: JS_TESTS, always: [`jest.config.${JS}`, `jest.setup.${JS}`], file: JS_FILE },
  mocha: { what: "mocha", interpreter: "node", globs: [`test/*.${JS}`], always: [".mocharc.js", ".mocharc.cjs"], file: JS_FILE },
  ava: {
    what: "ava",
    interpreter: "node",
    globs: [`test.${JS}`, `test-*.${JS}`, `test/**/*.${JS}`, `tests/**/*.${JS}`, `**/*.test.${JS}`],
    always: [`ava.config.${JS}`],
    file: JS_FILE,
  },
  "node --test": {
    what: "node --test",
    interpreter: "node",
    globs: [`**/*.test.${JS}`, `**/*-test.${JS}`, `**/*_test.${JS}`, `**/test-*.${JS}`, `**/test.${JS}`, `**/test/**/*.${JS}`],
    always: [],
    file: JS_FILE,
  },
  "bun test": {
    what: "bun test",
    interpreter: "node",
    globs: [`**/*.test.${JS}`, `**/*_test.${JS}`, `**/*.spec.${JS}`, `**/*_spec.${JS}`],
    always: ["bunfig.toml"],
    file: JS_FILE,
  },
  "playwright test": { what: "playwright test", interpreter: "node", globs: [`**/*.spec.${JS}`, `**/*.test.${JS}`], always: [`playwright.config.${JS}`], file: JS_FILE },
  "deno test": { what: "deno test", interpreter: "node", globs: [`**/*_test.${JS}`, `**/*.test.${JS}`, `**/test.${JS}`], always: [], file: JS_FILE },
  rspec: { what: "rspec", interpreter: "ruby", globs: ["spec/**/*_spec.rb"], always: ["spec/spec_helper.rb", "spec/rails_helper.rb"], file: /\.rb$/ },
  "ruby tests": { what: "ruby tests", interpreter: "ruby", globs: ["test/**/*_test.rb", "test/**/test_*.rb"], always: ["test/test_helper.rb"], file: /\.rb$/ },
  phpunit: { what: "phpunit", interpreter: "php", globs: ["tests/**/*Test.php"], always: ["tests/bootstrap.php"], file: /\.php$/ },
};

/** The runner a command is, and the words after its own name and subcommand. */
function runnerOf(command: SimpleCommand): { runner: Runner; operands: readonly string[] } | undefined {
  const name = command.name;
  const operands = command.args.filter((arg) => !arg.startsWith("-"));
  if (name === "vitest" || name === "jest" || name === "mocha" || name === "ava" || name === "_mocha") return { runner: RUNNERS[name === "_mocha" ? "mocha" : name]!, operands };
  if (name === "node" && command.args.includes("--test")) return { runner: RUNNERS["node --test"]!, operands };
  if (name === "bun" && command.subcommand[0] === "test") return { runner: RUNNERS["bun test"]!, operands: operands.slice(1) };
  if (name === "deno" && (command.subcommand[0] ?? operands[0]) === "test") return { runner: RUNNERS["deno test"]!, operands: operands.slice(1) };
  if (name === "playwright" && operands[0] === "test") return { runner: RUNNERS["playwright test"]!, operands: operands.slice(1) };
  if (name === "rspec") return { runner: RUNNERS.rspec!, operands };
  if (name === "phpunit" || command.program.endsWith("vendor/bin/phpunit")) return { runner: RUNNERS.phpunit!, operands };
  if ((name === "rails" || command.program.endsWith("bin/rails")) && operands[0] === "test") return { runner: RUNNERS["ruby tests"]!, operands: operands.slice(1) };
  if (name === "rake" && operands.some((goal) => goal === "test" || goal.startsWith("test:"))) return { runner: RUNNERS["ruby tests"]!, operands: [] };
  if (name === "rake" && operands.some((goal) => goal === "spec" || goal.startsWith("spec:"))) return { runner: RUNNERS.rspec!, operands: [] };
  return undefined;
}

/** Vitest's own words (`vitest run`, `vitest watch`) are not file filters. */
const RUNNER_WORDS = new Set(["run", "watch", "dev", "related", "bench", "list", "init"]);

export function testFileRun(command: SimpleCommand): ProjectRun | undefined {
  const found = runnerOf(command);
  if (!found) return undefined;
  const { runner } = found;
  // A file named whole is asked for as itself: listed under its own name, the listing would take the place of its text.
  const needs: FileNeed[] = runner.always.map((path) => (/[*?[{]/.test(path) ? { path, role: "test", pattern: true } : { path, role: "test", optional: true }));
  // A word that names no file or directory is a name filter: every test file may be one it picks.
  const targets = found.operands.filter((word) => !RUNNER_WORDS.has(word) && (word.includes("/") || word.includes(".")));
  if (targets.length === 0) needs.push(...runner.globs.map((path): FileNeed => ({ path, role: "test", pattern: true })));
  for (const target of targets) {
    const clean = target.replace(/^\.\//, "").replace(/\/+$/, "");
    if (runner.file.test(clean)) needs.push({ path: clean, role: "test" });
    else needs.push(...runner.globs.map((glob): FileNeed => ({ path: inDir(clean, glob.replace(/^(?:\*\*\/)?(?:tests?|spec)\//, "**/")), role: "test", pattern: true })));
  }
  const run = listedRun(runner.what, needs, undefined, false, codeSnippets(runner.interpreter));
  if (runner.interpreter === "node") {
    // The project modules the tests and set-up files import run with them (a helper written beside the test).
    const loaded = (get: FileLookup) => [...needs.flatMap((need) => get(need.path)?.matches ?? (need.pattern ? [] : [need.path])), ...configSetupFiles(needs, get)];
    const imported = (get: FileLookup) => importedModules(loaded(get), (path) => get(path)?.content);
    return withSetupFiles(
      withSetupFiles(run, runner, (get) => configSetupFiles(needs, get)),
      runner,
      imported,
      "module",
    );
  }
  if (runner !== RUNNERS.rspec) return run;
  // .rspec is options, not code: read for what it requires.
  return withSetupFiles({ ...run, extra: [...(run.extra ?? []), { path: ".rspec", role: "test", optional: true }] }, runner, rspecRequires);
}

/** What `.rspec` tells rspec to load first (`--require spec_helper`, `-r ./support/env`): spec/ and lib/ are on its load path. */
function rspecRequires(get: FileLookup): string[] {
  const text = get(".rspec")?.content;
  if (text === undefined) return [];
  const paths: string[] = [];
  for (const match of text.matchAll(/(?:^|\s)(?:--require|-r)(?:\s+|=)(\S+)/g)) {
    const name = match[1]!.replace(/^['"]|['"]$/g, "");
    const file = name.endsWith(".rb") ? name : `${name}.rb`;
    const candidates = name.startsWith("./") || name.startsWith("/") ? [posix.normalize(file)] : [`spec/${file}`, `lib/${file}`];
    for (const path of candidates) if (!path.startsWith("..") && !path.startsWith("/") && !paths.includes(path)) paths.push(path);
  }
  return paths;
}

/** The keys of a JavaScript runner's config that name files it loads before any test (jest, vitest, playwright). */
const SETUP_KEYS = /\b(?:globalSetup|globalTeardown|setupFiles|setupFilesAfterEnv|setupFilesAfterEach)\s*:\s*(?:require\.resolve\(\s*)?(\[[^\]]*\]|"[^"]*"|'[^']*'|`[^`]*`)/g;

/** The project files a config names as set-up files, relative to the config's directory (package names are not files). */
export function setupFilesNamed(config: string, text: string): string[] {
  const dir = posix.dirname(config);
  const paths: string[] = [];
  for (const match of text.matchAll(SETUP_KEYS)) {
    for (const literal of match[1]!.matchAll(/"([^"]*)"|'([^']*)'|`([^`$]*)`/g)) {
      const value = (literal[1] ?? literal[2] ?? literal[3] ?? "").replace(/^<rootDir>\//, "./");
      if (!value.startsWith(".") && !value.startsWith("/") && !JS_FILE.test(value)) continue;
      const path = posix.normalize(value.startsWith("/") ? value : posix.join(dir, value));
      if (!path.startsWith("..") && !paths.includes(path)) paths.push(path);
    }
  }
  return paths;
}

/** The set-up files the runner's config files name. */
function configSetupFiles(needs: readonly FileNeed[], get: FileLookup): string[] {
  return needs
    .flatMap((need) => get(need.path)?.matches ?? (need.pattern ? [] : [need.path]))
    .flatMap((path) => {
      const text = get(path)?.content;
      return text === undefined ? [] : setupFilesNamed(path, text);
    });
}

/**
 * A runner's config names set-up files (`globalSetup: "./test/setup.ts"`, `setupFiles: [...]`): they run before
 * any test, whatever the tests are, so each is judged as the runner loads it.
 */
function withSetupFiles(run: ProjectRun, runner: Runner, named: (get: FileLookup) => string[], what = "set-up file"): ProjectRun {
  return {
    ...run,
    more: (get) => [...(run.more?.(get) ?? []), ...named(get).map((path): FileNeed => ({ path, role: "test", optional: true }))],
    read: (get) => [
      ...run.read(get),
      ...knownTexts(named(get), get).flatMap(({ path, content, label }): Snippet[] =>
        codeSnippets(runner.interpreter)(path, content, `${runner.what} ${what} (${path}, ${label})`),
      ),
    ],
  };
}
