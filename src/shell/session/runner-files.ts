// Test runners and install-time tools that run project files, as one table:
// each row says which program (and subcommand) it is, which files that
// program loads, and how each file is read — as code in its language (the
// language's call table judges it), run by an interpreter, or as the shell
// commands its format holds (a bats test's body, a Robot Framework
// `Run Process`, a binding.gyp action, a dub.json preBuildCommands line).
// The files are found as every carrier finds them: what the session wrote,
// else the disk under the project root; an absent optional file runs nothing.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { BUILD_ROWS } from "./build-rows.ts";
import { PIPELINE_ROWS } from "./pipeline-rows.ts";
import { DOCUMENT_ROWS } from "./document-rows.ts";
import { CONFIG_ROWS } from "./config-rows.ts";
import { OBEYED_ROWS } from "./obeyed-rows.ts";
import { RELEASE_ROWS } from "./release-rows.ts";
import { FRAMEWORK_ROWS, migrationReading } from "./framework-rows.ts";
import type { Direction } from "./migration-sections.ts";
import { jsKeyStrings } from "./carrier-formats.ts";
import { JS, type Loaded, NODE, PERL, PHP, PYTHON, RUBY, type Reading, type Row, relative, SUB, shellLines, strings } from "./file-rows.ts";
import { isRecord, parsedJson } from "../languages/jsonc.ts";
import { type FileLookup, inDir, knownText, type ProjectRun, type Snippet, shellWord, operandsOf, optionValue } from "./snippet.ts";
import { parseYaml, record } from "./yaml-data.ts";
import { codeSnippets, listedRun } from "./test-runners.ts";
import { zigProcessLines } from "./tool-file-readers.ts";
import { clojureCommands } from "../languages/clojure-calls.ts";
import { languageOfScript } from "../languages/index.ts";

/** The operand directories a runner was given, or its default. */
function dirsOr(words: readonly string[], fallback: string, skip: ReadonlySet<string> = new Set()): string[] {
  const dirs = words.filter((word) => !skip.has(word) && !/[=$]/.test(word)).map(relative);
  return dirs.length > 0 ? dirs : [fallback];
}

/** The code an `-e EXPR` option gives (Rscript, julia), or "" */
function expression(command: SimpleCommand): string {
  const at = command.args.findIndex((arg) => arg === "-e" || arg === "--eval");
  return at < 0 ? "" : (command.args[at + 1] ?? "");
}

const ROWS: readonly Row[] = [
  // ─── test runners ───────────────────────────────────────────────────────
  {
    what: "cypress",
    programs: ["cypress"],
    when: SUB("run", "open", "component"),
    files: () => [
      { path: `cypress.config.${JS}`, reading: NODE },
      { path: `cypress/support/*.${JS}`, reading: NODE },
      { path: `cypress/plugins/index.${JS}`, reading: NODE },
    ],
  },
  {
    what: "wdio",
    programs: ["wdio"],
    files: (_command, words) => {
      const named = words.find((word) => /\.conf\.[cm]?[jt]s$/.test(word));
      return named ? [{ path: relative(named), reading: NODE }] : [{ path: `wdio.conf.${JS}`, reading: NODE }];
    },
  },
  {
    what: "behave",
    programs: ["behave"],
    files: (_command, words) =>
      dirsOr(words, "features").flatMap((dir) => [
        { path: inDir(dir, "environment.py"), reading: PYTHON },
        { path: inDir(dir, "steps/**/*.py"), reading: PYTHON },
        { path: inDir(dir, "**/steps/*.py"), reading: PYTHON },
      ]),
  },
  {
    what: "robot",
    programs: ["robot", "pybot", "pabot"],
    files: (_command, words) =>
      dirsOr(words, ".").flatMap((target) =>
        target.endsWith(".robot")
          ? [{ path: target, reading: ROBOT }]
          : [
              { path: inDir(target, "**/*.robot"), reading: ROBOT },
              { path: inDir(target, "**/*.resource"), reading: ROBOT },
            ],
      ),
  },
  {
    what: "bats",
    programs: ["bats"],
    files: (_command, words) =>
      dirsOr(words, "test").flatMap((target) =>
        target.endsWith(".bats")
          ? [{ path: target, reading: BATS }]
          : [
              { path: inDir(target, "*.bats"), reading: BATS },
              { path: inDir(target, "*.bash"), reading: { kind: "run", interpreter: "bash" } },
            ],
      ),
  },
  {
    what: "busted",
    programs: ["busted"],
    files: (_command, words) => [
      { path: ".busted", reading: { kind: "code", language: "lua" } },
      ...dirsOr(words, "spec").map((dir) => ({ path: dir.endsWith(".lua") ? dir : inDir(dir, "**/*_spec.lua"), reading: { kind: "code" as const, language: "lua" } })),
    ],
  },
  {
    what: "pest",
    programs: ["pest"],
    files: () => [
      { path: "tests/Pest.php", reading: PHP },
      { path: "tests/**/*Test.php", reading: PHP },
    ],
  },
  {
    what: "cucumber",
    programs: ["cucumber", "cucumber-js"],
    files: (command) =>
      command.name === "cucumber-js"
        ? [
            { path: `cucumber.${JS}`, reading: NODE },
            { path: `features/**/*.${JS}`, reading: NODE },
          ]
        : [
            { path: "features/support/**/*.rb", reading: RUBY },
            { path: "features/step_definitions/**/*.rb", reading: RUBY },
            { path: `features/**/*.${JS}`, reading: NODE },
          ],
  },
  {
    what: "testthat",
    programs: ["rscript", "r"],
    when: (command) => /\b(?:test_dir|test_local|test_check|test_package|devtools::test|testthat::test)\b|\btest\(\)/.test(expression(command)),
    files: (command) => {
      const dir = /test_dir\(\s*["']([^"']+)["']/.exec(expression(command))?.[1];
      return [{ path: inDir(dir ? relative(dir) : "tests/testthat", "*.R"), reading: { kind: "code", language: "r" } }];
    },
  },
  {
    what: "julia Pkg.test",
    programs: ["julia"],
    when: (command) => /\bPkg\.test\b|^\s*test\b/.test(expression(command)),
    files: () => [{ path: "test/**/*.jl", reading: { kind: "code", language: "julia" } }],
  },
  {
    what: "dart test",
    programs: ["dart", "flutter"],
    when: SUB("test"),
    files: (_command, words) =>
      dirsOr(words.slice(1), "test").map((target) => ({ path: target.endsWith(".dart") ? target : inDir(target, "**/*_test.dart"), reading: { kind: "code", language: "dart" } })),
  },
  {
    what: "doctest",
    programs: ["doctest"],
    files: (command) => command.args.filter((arg) => !arg.startsWith("-")).map((path) => ({ path: relative(path), reading: path.endsWith(".py") ? PYTHON : DOCTEST })),
  },
  {
    what: "pytest doctests",
    programs: ["pytest", "py.test"],
    when: (command) => command.args.some((arg) => arg.startsWith("--doctest-glob")),
    files: (command) =>
      command.args.flatMap((arg, index) => {
        const glob = arg.startsWith("--doctest-glob=") ? arg.slice("--doctest-glob=".length) : arg === "--doctest-glob" ? command.args[index + 1] : undefined;
        return glob === undefined || glob.includes("/") ? [] : [{ path: `**/${glob}`, reading: DOCTEST }];
      }),
  },
  {
    what: "nose2",
    programs: ["nose2", "nosetests", "ward"],
    files: (_command, words) => dirsOr(words, ".").map((dir) => ({ path: dir.endsWith(".py") ? dir : inDir(dir, "**/test*.py"), reading: PYTHON })),
  },
  {
    what: "tap",
    programs: ["tap"],
    files: (_command, words) => dirsOr(words, "test").map((dir) => ({ path: /\.[cm]?[jt]s$/.test(dir) ? dir : inDir(dir, `**/*.${JS}`), reading: NODE })),
  },
  {
    what: "ginkgo",
    programs: ["ginkgo"],
    when: (_command, words) => words.length === 0 || !["bootstrap", "generate", "version", "help", "outline", "labels", "unfocus"].includes(words[0]!),
    files: (_command, words) =>
      dirsOr(
        words.filter((word) => !["run", "watch"].includes(word)),
        ".",
      ).map((dir) => ({
        path: dir === "..." || dir.endsWith("/...") ? inDir(relative(dir.slice(0, -3) || "."), "**/*_test.go") : inDir(dir, "*_test.go"),
        reading: { kind: "code", language: "go" },
      })),
  },
  {
    what: "prove",
    programs: ["prove"],
    files: (command, words) =>
      dirsOr(words, "t").map((dir) => ({ path: dir.endsWith(".t") ? dir : inDir(dir, command.args.some((arg) => /^-\w*r/.test(arg)) ? "**/*.t" : "*.t"), reading: PERL })),
  },
  {
    what: "swift package",
    programs: ["swift"],
    when: SUB("build", "test", "run", "package"),
    // SwiftPM compiles and runs Package.swift to learn the package, and builds and runs its plugins.
    files: () => [
      { path: "Package.swift", reading: { kind: "code", language: "swift" } },
      { path: "Plugins/**/*.swift", reading: { kind: "code", language: "swift" } },
    ],
  },
  {
    what: "rebar3 tests",
    programs: ["rebar3"],
    when: SUB("eunit", "ct"),
    files: () => [{ path: "test/**/*.erl", reading: { kind: "code", language: "erlang" } }],
  },
  {
    what: "cabal test",
    programs: ["cabal", "stack"],
    when: SUB("test", "v2-test"),
    files: () => [{ path: "test/**/*.hs", reading: { kind: "code", language: "haskell" } }],
  },
  {
    what: "R CMD check",
    programs: ["r", "rscript"],
    when: (command) => (command.args[0] === "CMD" && command.args[1] === "check") || /\b(?:devtools::|rcmdcheck::)?(?:check|rcmdcheck)\(/.test(expression(command)),
    files: () => [{ path: "tests/testthat/*.R", reading: { kind: "code", language: "r" } }],
  },
  {
    what: "tape",
    programs: ["tape", "faucet"],
    // tape takes the test files (or globs it expands itself) as operands and has no default.
    files: (_command, words) => words.filter((word) => !/[=$]/.test(word)).map((word) => ({ path: jsTarget(relative(word)), reading: NODE })),
  },
  {
    what: "uvu",
    programs: ["uvu"],
    // `uvu [dir] [pattern]`: the pattern is a regular expression over names under dir; by default test/ and tests/
    // directories and *.test / *.spec files under the working directory.
    files: (_command, words) =>
      words[0] === undefined
        ? [`{test,tests,__tests__}/**/*.${JS}`, `**/*.{test,spec}.${JS}`].map((path) => ({ path, reading: NODE }))
        : [{ path: jsTarget(relative(words[0])), reading: NODE }],
  },
  {
    what: "qunit",
    programs: ["qunit"],
    files: (_command, words) => dirsOr(words, "test").map((target) => ({ path: jsTarget(target), reading: NODE })),
  },
  {
    what: "jasmine",
    programs: ["jasmine"],
    when: (_command, words) => words[0] !== "init" && words[0] !== "examples",
    files: (command, words) => {
      const named = words.filter((word) => !/[=$]/.test(word)).map((word) => ({ path: jsTarget(relative(word)), reading: NODE }));
      return [{ path: jasmineConfig(command), reading: NO_COMMANDS }, ...named];
    },
    follow: (get) => jasmineFiles(get),
  },
  {
    what: "shellspec",
    programs: ["shellspec"],
    when: (_command, words) => words[0] !== "--init" && words[0] !== "init",
    files: (_command, words) => [
      { path: "spec/spec_helper.sh", reading: SHELLSPEC_HELPER },
      { path: "spec/support/**/*.sh", reading: SHELLSPEC_HELPER },
      ...dirsOr(words, "spec").map((target) => ({ path: target.endsWith(".sh") ? target : inDir(target, "**/*_spec.sh"), reading: SHELLSPEC })),
    ],
  },
  {
    what: "Pester",
    programs: ["invoke-pester", "pwsh", "powershell"],
    // Invoke-Pester runs the *.Tests.ps1 files under the path it is given (-Path, or the first operand), else under
    // the working directory; it is mostly started as `pwsh -Command "Invoke-Pester …"`.
    when: (command) => command.name === "invoke-pester" || pesterCall(command) !== undefined,
    files: (command, words) => {
      const args = command.name === "invoke-pester" ? command.args : pesterCall(command)!;
      const operands = command.name === "invoke-pester" ? words : args.filter((arg, index) => !arg.startsWith("-") && !args[index - 1]?.startsWith("-"));
      return dirsOr([...optionValues(args, ["-path", "-script"]), ...operands], ".").map((target) => ({
        path: target.toLowerCase().endsWith(".ps1") ? target : inDir(target, "**/*.Tests.ps1"),
        reading: { kind: "code" as const, language: "powershell" },
      }));
    },
  },
  {
    what: "crystal spec",
    programs: ["crystal"],
    when: SUB("spec"),
    // Crystal's process and file calls are Ruby's (`system`, backticks, `Process.run`, `FileUtils.rm_rf`): read by
    // Ruby's call table.
    files: (_command, words) => [
      { path: "spec/spec_helper.cr", reading: { kind: "code", language: "ruby" } },
      ...dirsOr(words.slice(1), "spec").map((target) => ({
        path: target.endsWith(".cr") ? target : inDir(target, "**/*_spec.cr"),
        reading: { kind: "code" as const, language: "ruby" },
      })),
    ],
  },
  {
    what: "swift test",
    programs: ["swift"],
    when: SUB("test"),
    files: () => [{ path: "Tests/**/*.swift", reading: { kind: "code", language: "swift" } }],
  },
  {
    what: "trial",
    programs: ["trial"],
    // trial's operands are packages or modules by dotted name (or paths); it imports their test_*.py modules.
    files: (_command, words) =>
      dirsOr(words, ".").map((target) => {
        const path = target.endsWith(".py") || target.includes("/") ? target : target.replace(/\./g, "/");
        return { path: path.endsWith(".py") ? path : inDir(path, "**/test_*.py"), reading: PYTHON };
      }),
  },
  {
    what: "lein test",
    programs: ["lein"],
    when: SUB("test", "test!"),
    // Leiningen evaluates project.clj, then loads the test namespaces under test/.
    files: (_command, words) => [
      { path: "project.clj", reading: CLOJURE },
      ...dirsOr(
        words.slice(1).filter((word) => word.includes("/") || word.endsWith(".clj")),
        "test",
      ).map((target) => ({ path: target.endsWith(".clj") ? target : inDir(target, "**/*.clj"), reading: CLOJURE })),
    ],
  },
  {
    what: "raco test",
    programs: ["raco"],
    when: SUB("test"),
    files: (_command, words) =>
      words
        .slice(1)
        .filter((word) => !/[=$]/.test(word))
        .map((word) => {
          const target = relative(word);
          return { path: target.endsWith(".rkt") ? target : inDir(target, "**/*.rkt"), reading: { kind: "code" as const, language: "scheme" } };
        }),
  },
  // ─── install-time code ──────────────────────────────────────────────────
  {
    what: "node-gyp (binding.gyp)",
    programs: ["npm", "pnpm", "yarn", "node-gyp", "cnpm"],
    when: (command, words) =>
      command.name === "node-gyp" ? true : words.length === 0 ? command.name === "yarn" : ["install", "i", "ci", "rebuild"].includes(words[0]!) && words.length === 1,
    files: () => [{ path: "binding.gyp", reading: GYP }],
  },
  {
    what: "npm install (local dependencies)",
    programs: ["npm", "pnpm", "yarn", "cnpm"],
    when: (command, words) => (words.length === 0 ? command.name === "yarn" : ["install", "i", "ci"].includes(words[0]!) && words.length === 1),
    files: () => [{ path: "package.json", reading: { kind: "shell", extract: () => [] } }],
    follow: (get) =>
      localDependencies(knownText("package.json", get)?.content).map((dir) => ({
        path: inDir(dir, "package.json"),
        reading: { kind: "shell", extract: (content) => lifecycleScripts(content).map((script) => `cd ${shellWord(dir)} && ${script}`) },
      })),
  },
  {
    // `npm install ./vendor/x`, `yarn add file:../lib`: the package's own install scripts run, as a registry package's would.
    what: "npm install (a local package)",
    programs: ["npm", "pnpm", "yarn", "cnpm", "bun"],
    when: (_command, words) => ["install", "i", "add", "ci"].includes(words[0] ?? "") && localPackageDirs(words.slice(1)).length > 0,
    files: (_command, words) =>
      localPackageDirs(words.slice(1)).map((dir) => ({
        path: inDir(dir, "package.json"),
        reading: { kind: "shell", extract: (content) => lifecycleScripts(content).map((script) => `cd ${shellWord(dir)} && ${script}`) },
      })),
  },
  {
    what: "gem build",
    programs: ["gem"],
    when: SUB("build"),
    files: (_command, words) => [{ path: words[1] ? relative(words[1]) : "*.gemspec", reading: RUBY }],
  },
  {
    what: "bundle (the project's gemspec)",
    programs: ["bundle", "bundler"],
    when: (_command, words) => words.length === 0 || words[0] === "install" || words[0] === "exec" || words[0] === "update",
    files: () => [{ path: "*.gemspec", reading: RUBY }],
  },
  {
    what: "conan",
    programs: ["conan"],
    when: SUB("install", "create", "build", "export", "export-pkg", "source", "test", "graph", "editable", "upload", "inspect", "lock"),
    files: (_command, words) => {
      const target = words.slice(1).find((word) => word === "." || word.startsWith("./") || word.startsWith("../") || word.endsWith("conanfile.py"));
      const path = target === undefined ? "conanfile.py" : target.endsWith(".py") ? relative(target) : inDir(relative(target), "conanfile.py");
      return [{ path, reading: PYTHON }];
    },
  },
  {
    what: "perl install",
    programs: ["cpanm", "cpm", "carton", "cpanminus"],
    when: (command, words) => command.args.includes("--installdeps") || words.includes(".") || words[0] === "install" || (command.name === "carton" && words.length === 0),
    files: () => [
      { path: "cpanfile", reading: PERL },
      { path: "Makefile.PL", reading: PERL },
      { path: "Build.PL", reading: PERL },
    ],
  },
  {
    what: "cabal (Setup.hs)",
    programs: ["cabal", "stack", "runhaskell", "runghc"],
    when: (command, words) => (command.name === "cabal" || command.name === "stack") && /^(?:v[12]-)?(?:build|install|run|test|configure|bench|repl|haddock)$/.test(words[0] ?? ""),
    files: () => [
      { path: "Setup.hs", reading: { kind: "code", language: "haskell" } },
      { path: "Setup.lhs", reading: { kind: "code", language: "haskell" } },
    ],
  },
  {
    what: "R CMD INSTALL",
    programs: ["r", "rscript"],
    when: (command) =>
      (command.args[0] === "CMD" && /^(?:INSTALL|build|check)$/.test(command.args[1] ?? "")) ||
      /\b(?:devtools::|remotes::)?(?:install|install_local|build|check)\(/.test(expression(command)),
    files: (command) => {
      const target = command.args[0] === "CMD" ? command.args.slice(2).find((arg) => !arg.startsWith("-")) : undefined;
      const dir = target === undefined || target.endsWith(".tar.gz") ? "." : relative(target);
      return [
        { path: inDir(dir, "configure"), reading: { kind: "run", interpreter: "sh" } },
        { path: inDir(dir, "cleanup"), reading: { kind: "run", interpreter: "sh" } },
      ];
    },
  },
  {
    what: "rebar3 (rebar.config.script)",
    programs: ["rebar3"],
    files: () => [{ path: "rebar.config.script", reading: { kind: "code", language: "erlang" } }],
  },
  {
    what: "dub",
    programs: ["dub"],
    when: (command, words) => words.length === 0 || SUB("build", "run", "test", "generate", "describe")(command, words),
    files: () => [
      { path: "dub.json", reading: DUB_JSON },
      { path: "dub.sdl", reading: DUB_SDL },
    ],
  },
  {
    what: "python build (hatch hooks)",
    programs: ["pip", "pip3", "uv", "hatch", "pyproject-build"],
    when: (command, words) => {
      if (command.name === "hatch") return words[0] === "build";
      if (command.name === "pyproject-build") return true;
      const install = command.name === "uv" ? words[0] === "pip" && words[1] === "install" : words[0] === "install";
      return (
        (install && (words.includes(".") || command.args.includes("-e") || command.args.includes("--editable"))) ||
        (command.name === "uv" && (words[0] === "sync" || words[0] === "build"))
      );
    },
    files: () => [{ path: "pyproject.toml", reading: { kind: "shell", extract: () => [] } }],
    follow: (get) => buildScripts(knownText("pyproject.toml", get)?.content).map((path) => ({ path, reading: PYTHON })),
  },
  {
    what: "poetry build script",
    programs: ["poetry"],
    when: SUB("build", "install"),
    files: () => [{ path: "pyproject.toml", reading: NO_COMMANDS }],
    follow: (get) => poetryBuildScript(knownText("pyproject.toml", get)?.content).map((path) => ({ path, reading: PYTHON })),
  },
  {
    what: "conda build",
    programs: ["conda-build", "conda", "mamba", "micromamba", "rattler-build"],
    when: (command, words) => (command.name === "conda-build" ? true : words[0] === "build" || words[0] === "mambabuild"),
    // The recipe directory holds build.sh (run by bash) and meta.yaml (or rattler's recipe.yaml), whose build script
    // lines run in place of it.
    files: (command, words) => {
      const given = command.name === "rattler-build" ? optionValues(command.args, ["-r", "--recipe"]) : words.slice(command.name === "conda-build" ? 0 : 1);
      return dirsOr(given, ".").flatMap((target) => {
        const dir = /\.ya?ml$/.test(target) ? target.replace(/\/?[^/]*$/, "") || "." : target;
        return [
          { path: inDir(dir, "build.sh"), reading: CONDA_BUILD_SH },
          { path: inDir(dir, "meta.yaml"), reading: CONDA_RECIPE },
          { path: inDir(dir, "recipe.yaml"), reading: CONDA_RECIPE },
        ];
      });
    },
  },
  {
    what: "gem install (a local gem's extensions)",
    programs: ["gem"],
    // A gem file built here installs by running its extensions' extconf.rb (mkmf), as the gemspec lists them.
    when: (_command, words) => words[0] === "install" && words.slice(1).some((word) => word.endsWith(".gem") && !word.includes("://")),
    files: () => [{ path: "*.gemspec", reading: NO_COMMANDS }],
    follow: (get) => gemExtensions(get).map((path) => ({ path, reading: RUBY })),
  },
  {
    what: "luarocks (rockspec build commands)",
    programs: ["luarocks"],
    when: (_command, words) => words[0] === "make" || ((words[0] === "build" || words[0] === "install") && (words[1] === undefined || words[1].endsWith(".rockspec"))),
    files: (_command, words) => [
      { path: words[1]?.endsWith(".rockspec") ? relative(words[1]) : "*.rockspec", reading: ROCKSPEC },
      { path: "rockspecs/*.rockspec", reading: ROCKSPEC },
    ],
  },
  {
    what: "nimble (before/after hooks)",
    programs: ["nimble"],
    when: SUB("install", "build", "develop", "test", "run"),
    files: (_command, words) => [{ path: "*.nimble", reading: nimbleHooks(words[0] === "develop" ? "install" : words[0]!) }],
  },
  {
    what: "opam (build and install commands)",
    programs: ["opam"],
    when: (_command, words) =>
      (words[0] === "install" || words[0] === "reinstall" || words[0] === "build" || (words[0] === "pin" && words.includes("."))) &&
      words.some((word) => word === "." || word.startsWith("./")),
    files: () => [
      { path: "*.opam", reading: OPAM },
      { path: "opam", reading: OPAM },
    ],
  },
  {
    what: "bun pm trust",
    programs: ["bun"],
    // Trusting a dependency runs the lifecycle scripts bun held back when it was installed.
    when: (_command, words) => words[0] === "pm" && words[1] === "trust",
    files: (command, words) => {
      const names = command.args.includes("--all") ? ["*", "@*/*"] : words.slice(2).filter((word) => /^(?:@[\w.-]+\/)?[\w.-]+$/.test(word));
      return names.map((name) => ({ path: `node_modules/${name}/package.json`, reading: DEPENDENCY_SCRIPTS }));
    },
  },
  {
    what: "julia Pkg.build",
    programs: ["julia"],
    // Pkg.build (and `] build`) runs each package's deps/build.jl: the project's own when it is the active one.
    when: (command) => /\bPkg\.build\b|^\s*build\b/.test(expression(command)),
    files: () => [{ path: "deps/build.jl", reading: { kind: "code", language: "julia" } }],
  },
  // ─── more test runners ──────────────────────────────────────────────────
  {
    what: "dotnet test",
    programs: ["dotnet"],
    when: SUB("test"),
    // The test projects' C# runs: the project or directory given, else the test projects under the working directory.
    files: (_command, words) => {
      const given = words.slice(1).filter((word) => !/[=$]/.test(word));
      const dirs = given.map((word) => (/\.(?:\w+proj|sln|slnx|dll)$/.test(word) ? word.slice(0, Math.max(0, word.lastIndexOf("/"))) || "." : relative(word)));
      const globs = dirs.length > 0 ? dirs.map((dir) => inDir(dir, "**/*.cs")) : ["{test,tests}/**/*.cs", "**/*{Test,Tests,.Test,.Tests,.UnitTests,.IntegrationTests}/**/*.cs"];
      return globs.map((path) => ({ path, reading: { kind: "code" as const, language: "csharp" } }));
    },
  },
  {
    what: "zig test",
    programs: ["zig"],
    when: (_command, words) => words[0] === "test" || (words[0] === "build" && words.includes("test")),
    // `zig test FILE` compiles and runs the file's tests; `zig build test` the tests build.zig names (their sources).
    files: (_command, words) =>
      (words[0] === "test" ? words.slice(1).filter((word) => word.endsWith(".zig")) : ["src/**/*.zig", "test/**/*.zig", "tests/**/*.zig"]).map((path) => ({
        path: relative(path),
        reading: ZIG,
      })),
  },
  {
    what: "JVM tests",
    programs: ["mvn", "mvnw", "mvnd", "gradle", "gradlew"],
    // Surefire (and failsafe) run the test classes of every phase from test on; Gradle's test task likewise.
    when: (command, words) =>
      command.name.startsWith("gradle")
        ? words.some((word) => /^(?::?[\w-]+:)*(?:test|check|build)$/.test(word))
        : words.some((word) => ["test", "integration-test", "verify", "install", "deploy", "package"].includes(word)) &&
          !command.args.some((arg) => /^-D(?:skipTests|maven\.test\.skip)(?:=true)?$/.test(arg)),
    files: () =>
      [
        ["**/src/test/java/**/*.java", "java"],
        ["**/src/test/kotlin/**/*.kt", "kotlin"],
        ["**/src/test/groovy/**/*.groovy", "groovy"],
        ["**/src/test/scala/**/*.scala", "scala"],
      ].map(([path, language]) => ({ path: path!, reading: { kind: "code" as const, language: language! } })),
  },
  {
    what: "codeception",
    programs: ["codecept", "codeception"],
    when: SUB("run"),
    // Codeception loads the bootstrap codeception.yml names (in the tests directory), its support helpers, and the suites' tests.
    files: (_command, words) => {
      const suite = words[1] !== undefined && /^[\w-]+$/.test(words[1]) ? words[1] : "*";
      return [
        { path: "codeception.yml", reading: NO_COMMANDS },
        { path: "codeception.dist.yml", reading: NO_COMMANDS },
        { path: "tests/_bootstrap.php", reading: PHP },
        { path: `tests/${suite}/_bootstrap.php`, reading: PHP },
        { path: "tests/_support/**/*.php", reading: PHP },
        { path: `tests/${suite}/**/*{Cest,Test,Cept}.php`, reading: PHP },
      ];
    },
    follow: (get) => codeceptionBootstrap(get).map((path) => ({ path, reading: PHP })),
  },
  // ─── migrations and seeds: each runs project code ───────────────────────
  {
    what: "alembic",
    programs: ["alembic"],
    // Every alembic command but init loads env.py from the script location alembic.ini names; upgrade and downgrade
    // run the revisions too.
    when: (_command, words) => words[0] !== undefined && !["init", "list_templates"].includes(words[0]),
    files: (command) => [{ path: relative(optionValue(command.args, ["-c", "--config"], ["--config"]) ?? "alembic.ini"), reading: NO_COMMANDS }],
    follow: (get, command) => {
      const ini = relative(optionValue(command.args, ["-c", "--config"], ["--config"]) ?? "alembic.ini");
      const place = /^\s*script_location\s*[=:]\s*(\S+)/m.exec(knownText(ini, get)?.content ?? "")?.[1]?.replace(/^%\(here\)s\/?/, "");
      const dirs = place !== undefined && !place.includes(":") && !place.startsWith("/") && !place.split("/").includes("..") ? [relative(place)] : ["alembic", "migrations"];
      const direction = ALEMBIC_DIRECTIONS[operandsOf(command.args, VALUE_OPTIONS)[0] ?? ""];
      return dirs.flatMap((dir) => [
        { path: inDir(dir, "env.py"), reading: PYTHON },
        ...(direction ? [{ path: inDir(dir, "versions/*.py"), reading: migrationReading("python", direction) }] : []),
      ]);
    },
  },
  {
    what: "flask db",
    programs: ["flask"],
    when: (_command, words) => words[0] === "db" && words[1] !== "init",
    files: (_command, words) => [
      { path: "migrations/env.py", reading: PYTHON },
      ...(ALEMBIC_DIRECTIONS[words[1] ?? ""] ? [{ path: "migrations/versions/*.py", reading: migrationReading("python", ALEMBIC_DIRECTIONS[words[1]!]!) }] : []),
    ],
  },
  {
    what: "knex",
    programs: ["knex"],
    when: (_command, words) => /^(?:seed:run|migrate:(?:latest|up|down|rollback|make|list|status|unlock|currentVersion))$/.test(words[0] ?? ""),
    files: (command, words) => {
      const knexfile = optionValue(command.args, ["--knexfile"], ["--knexfile"]);
      const seeds = words[0] === "seed:run";
      return [
        ...(knexfile !== undefined ? [relative(knexfile)] : [`knexfile.${JS}`]).map((path) => ({ path, reading: NODE })),
        {
          path: seeds ? `{seeds,db/seeds}/**/*.${JS}` : `{migrations,db/migrations}/*.${JS}`,
          reading: seeds ? NODE : migrationReading("node", KNEX_DIRECTIONS[words[0]!] ?? "none"),
        },
      ];
    },
  },
  {
    what: "sequelize",
    programs: ["sequelize", "sequelize-cli"],
    when: (_command, words) => /^db:(?:seed|seed:all|seed:undo|seed:undo:all|migrate|migrate:undo|migrate:undo:all)$/.test(words[0] ?? ""),
    files: (_command, words) => [
      { path: ".sequelizerc", reading: NODE },
      {
        path: words[0]!.startsWith("db:seed") ? `{seeders,db/seeders}/*.${JS}` : `{migrations,db/migrations}/*.${JS}`,
        reading: migrationReading("node", words[0]!.includes(":undo") ? "down" : "up"),
      },
    ],
  },
  {
    what: "typeorm",
    programs: ["typeorm", "typeorm-ts-node-commonjs", "typeorm-ts-node-esm"],
    when: (_command, words) => /^(?:migration:(?:run|revert|show)|schema:(?:sync|drop|log)|query)$/.test(words[0] ?? ""),
    files: (command, words) => [
      ...strings(optionValue(command.args, ["-d", "--dataSource"], ["--dataSource"])).map((path) => ({ path: relative(path), reading: NODE })),
      {
        path: `{src/migrations,src/migration,migrations,src/database/migrations}/*.${JS}`,
        reading: migrationReading("node", words[0] === "migration:run" ? "up" : words[0] === "migration:revert" ? "down" : "none"),
      },
    ],
  },
  {
    what: "yoyo",
    programs: ["yoyo", "yoyo-migrate"],
    // yoyo's migrations are SQL or Python files; a Python one runs as code.
    when: SUB("apply", "reapply", "rollback", "develop"),
    files: (_command, words) =>
      dirsOr(
        words.slice(1).filter((word) => !word.includes("://")),
        "migrations",
      ).map((dir) => ({ path: inDir(dir, "*.py"), reading: PYTHON })),
  },
  {
    what: "prisma seed",
    programs: ["prisma"],
    // `prisma db seed` runs the seed command; `migrate reset` and `migrate dev` run it too unless told not to.
    when: (command, words) =>
      (words[0] === "db" && words[1] === "seed") || (words[0] === "migrate" && (words[1] === "reset" || words[1] === "dev") && !command.args.includes("--skip-seed")),
    files: () => [
      { path: "package.json", reading: shellLines((content) => strings(record(parsedJson(content, false)?.prisma)?.seed)) },
      { path: `prisma.config.${JS}`, reading: shellLines((content) => jsKeyStrings(content, /seed/)) },
    ],
  },
];

/** What alembic's (and Flask-Migrate's) verbs run of each revision. */
const ALEMBIC_DIRECTIONS: Readonly<Record<string, Direction>> = { upgrade: "up", downgrade: "down", stamp: "none" };

/** What knex's migrate verbs run of each migration. */
const KNEX_DIRECTIONS: Readonly<Record<string, Direction>> = { "migrate:latest": "up", "migrate:up": "up", "migrate:down": "down", "migrate:rollback": "down" };

/** A Zig source's child processes and tree deletions. */
const ZIG: Reading = shellLines(zigProcessLines);

/** The bootstrap file codeception.yml names (`bootstrap: _bootstrap.php`, under the tests path). */
function codeceptionBootstrap(get: FileLookup): string[] {
  const config = record(parseYaml(knownText("codeception.yml", get)?.content ?? knownText("codeception.dist.yml", get)?.content ?? ""));
  const tests = strings(record(config?.paths)?.tests)[0] ?? "tests";
  return strings(config?.bootstrap)
    .map((file) => inDir(relative(tests), file))
    .filter((path) => !path.startsWith("/") && !path.split("/").includes(".."));
}

/** A package.json's `file:`/`link:` dependencies (and workspace paths): their directories, inside the project. */
function localDependencies(manifest: string | undefined): string[] {
  const json = manifest === undefined ? undefined : parsedJson(manifest, false);
  if (!json) return [];
  const dirs: string[] = [];
  for (const key of ["dependencies", "devDependencies", "optionalDependencies"]) {
    const table = json[key];
    if (!isRecord(table)) continue;
    for (const value of Object.values(table)) {
      const dir = typeof value === "string" ? /^(?:file|link):(.+)$/.exec(value)?.[1] : undefined;
      if (dir !== undefined && !dir.startsWith("/") && !dir.split("/").includes("..") && !dir.endsWith(".tgz")) dirs.push(relative(dir));
    }
  }
  return [...new Set(dirs)];
}

/** The scripts npm runs when it installs a package, in order. */
const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "prepare"];

/** Package specs that name a directory on this machine (`./vendor/x`, `file:../lib`), not a registry name or a tarball. */
function localPackageDirs(words: readonly string[]): string[] {
  return words
    .map((word) => word.replace(/^file:/, ""))
    .filter((word) => /^(?:\.{1,2}\/|\/|~\/)/.test(word) && !/\.(?:tgz|tar\.gz|tar|zip)$/.test(word))
    .map(relative);
}

function lifecycleScripts(manifest: string): string[] {
  const scripts = parsedJson(manifest, false)?.scripts;
  if (!isRecord(scripts)) return [];
  return INSTALL_SCRIPTS.flatMap((name) => (typeof scripts[name] === "string" ? [scripts[name] as string] : []));
}

// ─── the formats' commands ────────────────────────────────────────────────

/** bats: `@test "name" {`, `setup() {` … `}` are bash blocks that run; each becomes a brace group. */
const BATS: Reading = {
  kind: "shell",
  extract: (content) => [
    content
      .replace(/^\s*@test\s+(?:"(?:[^"\\]|\\.)*"|'[^']*')\s*\{/gm, "{")
      .replace(/^\s*(?:function\s+)?(?:setup|teardown|setup_file|teardown_file|setup_suite|teardown_suite)\s*(?:\(\s*\))?\s*\{/gm, "{")
      .replace(/^\s*load\s+.*$/gm, ":"),
  ],
};

/** Robot Framework keywords that run a process (argv) or a shell command line. */
const ROBOT_ARGV = /^(?:Run Process|Start Process)$/i;
const ROBOT_LINE = /^(?:Run|Run And Return Rc|Run And Return Rc And Output|Run And Return Output|Start Process With Shell)$/i;

/** Robot's cells: separated by two or more spaces or a tab (or ` | ` in the pipe form); `${x}=` assignments before a keyword. */
const ROBOT: Reading = {
  kind: "shell",
  extract: (content) => {
    const lines: string[] = [];
    for (const raw of content.split(/\r?\n/)) {
      // The pipe-separated form is a line that starts with `| `; elsewhere a `|` is text (a pipeline in a command).
      const line = raw.trim();
      const cells = (line.startsWith("| ") ? line.split(/\s+\|\s+|^\|\s+|\s+\|$/) : line.split(/\s{2,}|\t/)).filter((cell) => cell !== "" && cell !== "|");
      // A test's name may share the line with its first keyword (`| Smoke | Run | … |`); assignments come before one.
      const isKeyword = (cell: string | undefined) => cell !== undefined && (ROBOT_ARGV.test(keywordName(cell)) || ROBOT_LINE.test(keywordName(cell)));
      if (!isKeyword(cells[0]) && !/^[$@&]\{/.test(cells[0] ?? "") && isKeyword(cells[1])) cells.shift();
      while (cells.length > 0 && /^[$@&]\{[^}]*\}\s*=?$/.test(cells[0]!)) cells.shift();
      const [keyword, ...args] = cells;
      if (keyword === undefined) continue;
      const name = keywordName(keyword);
      // Named arguments (`shell=True`, `cwd=…`, `alias=x`) are the keyword's own options.
      const plain = args.filter((arg) => !/^(?:shell|cwd|env|env:\w+|stdout|stderr|stdin|alias|timeout|on_timeout|output_encoding)=/.test(arg)).map(robotText);
      if (ROBOT_ARGV.test(name) && plain.length > 0)
        lines.push(args.some((arg) => /^shell=(?:True|\$\{True\}|yes)$/i.test(arg)) ? plain.join(" ") : plain.map(shellWord).join(" "));
      else if (ROBOT_LINE.test(name) && plain.length > 0) lines.push(plain.join(" "));
    }
    return lines;
  },
};

/** A keyword as named without its library (`Process.Run Process`). */
function keywordName(cell: string): string {
  return cell.replace(/^(?:OperatingSystem|Process)\./, "");
}

/** Robot's escapes and built-in variables, as the shell would see them. */
function robotText(cell: string): string {
  return cell
    .replace(/%\{(\w+)\}/g, "$${$1}")
    .replace(/\$\{SPACE\}/g, " ")
    .replace(/\\(.)/g, "$1");
}

/** doctest: the `>>>` and `...` lines of a text file are Python, run in order. */
const DOCTEST: Reading = {
  kind: "embedded",
  language: "python",
  extract: (content) =>
    content
      .split(/\r?\n/)
      .flatMap((line) => {
        const match = /^\s*(>>>|\.\.\.)(?: (.*))?$/.exec(line);
        return match ? [match[2] ?? ""] : [];
      })
      .join("\n"),
};

/** binding.gyp: command expansions `<!(cmd)`, `<!@(cmd)` run when gyp reads the file; each action's `action` argv runs at build. */
const GYP: Reading = {
  kind: "shell",
  extract: (content) => {
    const lines: string[] = [];
    for (const match of content.matchAll(/<!@?\(((?:[^()]|\([^()]*\))*)\)/g)) lines.push(match[1]!.trim());
    for (const match of content.matchAll(/["']action["']\s*:\s*\[([^\]]*)\]/g)) {
      const words = [...match[1]!.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)].map((word) => (word[1] ?? word[2] ?? "").replace(/\\(.)/g, "$1"));
      if (words.length > 0) lines.push(words.map(shellWord).join(" "));
    }
    return lines;
  },
};

/** dub's command hooks: each entry is a shell command line. */
const DUB_KEYS = ["preGenerateCommands", "postGenerateCommands", "preBuildCommands", "postBuildCommands", "preRunCommands", "postRunCommands"];

const DUB_JSON: Reading = {
  kind: "shell",
  extract: (content) => {
    const json = parsedJson(content, true);
    if (!json) return [];
    const configs = Array.isArray(json.configurations) ? json.configurations.filter(isRecord) : [];
    return [json, ...configs].flatMap((table) =>
      Object.entries(table).flatMap(([key, value]) =>
        DUB_KEYS.some((name) => key === name || key.startsWith(`${name}-`)) && Array.isArray(value) ? value.filter((line): line is string => typeof line === "string") : [],
      ),
    );
  },
};

const DUB_SDL: Reading = {
  kind: "shell",
  extract: (content) =>
    content.split(/\r?\n/).flatMap((line) => {
      const match = /^\s*(\w+)(?:\s+platform="[^"]*")?\s+(.*)$/.exec(line);
      if (!match || !DUB_KEYS.includes(match[1]!)) return [];
      return [...match[2]!.matchAll(/"((?:[^"\\]|\\.)*)"|`([^`]*)`/g)].map((word) => (word[1] ?? word[2] ?? "").replace(/\\(.)/g, "$1"));
    }),
};

/** hatch's custom build hooks (`[tool.hatch.build.hooks.custom]`, per target too): their `path`, or hatch_build.py. */
function hatchHooks(pyproject: string | undefined): string[] {
  if (pyproject === undefined) return [];
  const paths: string[] = [];
  const sections = pyproject.split(/^(?=\s*\[)/m);
  for (const section of sections) {
    if (!/^\s*\[tool\.hatch\.build(?:\.targets\.[\w"-]+)?\.hooks\.custom\]/.test(section)) continue;
    const path = /^\s*path\s*=\s*["']([^"']+)["']/m.exec(section)?.[1];
    paths.push(path ? relative(path) : "hatch_build.py");
  }
  return [...new Set(paths)];
}

/** A file operand as itself, a glob as given, a directory as every script under it. */
function jsTarget(target: string): string {
  return /\.[cm]?[jt]sx?$/.test(target) || isGlob(target) ? target : inDir(target, `**/*.${JS}`);
}

/** The values of options given as `-Path x` (PowerShell's names are case-blind). */
function optionValues(args: readonly string[], names: readonly string[]): string[] {
  return args.flatMap((arg, index) => (names.includes(arg.toLowerCase()) && args[index + 1] !== undefined ? [relative(args[index + 1]!)] : []));
}

/** The words after `Invoke-Pester` in a `pwsh -Command` text (up to the end of its statement). */
function pesterCall(command: SimpleCommand): string[] | undefined {
  const at = command.args.findIndex((arg) => /^-(?:c|command)$/i.test(arg));
  const text = at < 0 ? undefined : command.args[at + 1];
  const call = text === undefined ? undefined : /(?:^|[;&|{(\s])Invoke-Pester\b([^;|}\n]*)/i.exec(text);
  return call
    ? call[1]!
        .trim()
        .split(/\s+/)
        .filter((word) => word !== "")
        .map((word) => word.replace(/^['"]|['"]$/g, ""))
    : undefined;
}

/** A file read only for what it names (a runner's JSON config): it runs nothing itself. */
const NO_COMMANDS: Reading = { kind: "shell", extract: () => [] };

/** jasmine's config: `--config=FILE`, else spec/support/jasmine.json. */
function jasmineConfig(command: SimpleCommand): string {
  const named = command.args.find((arg) => arg.startsWith("--config="))?.slice("--config=".length);
  return named ? relative(named) : "spec/support/jasmine.json";
}

/**
 * What jasmine loads, by its config: the `helpers` first, then the `spec_files`, both under `spec_dir`, and the
 * modules in `requires`; without a config, its defaults (helpers/**\/*.js and **\/*[sS]pec.js under spec/).
 */
function jasmineFiles(get: FileLookup): Loaded[] {
  const text = knownText("spec/support/jasmine.json", get)?.content;
  const json = text === undefined ? undefined : parsedJson(text, true);
  const dir = relative(typeof json?.spec_dir === "string" ? json.spec_dir : "spec");
  const strings = (value: unknown, fallback: string[]) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : fallback);
  const globs = [...strings(json?.helpers, ["helpers/**/*.?(m)js"]), ...strings(json?.spec_files, ["**/*[sS]pec.?(m)js"])];
  return globs
    .filter((glob) => !glob.startsWith("!") && !glob.startsWith("/") && !glob.split("/").includes(".."))
    .map((glob) => ({ path: inDir(dir, glob.replace(/\?\(m\)js$/, "{js,mjs}").replace(/\[sS\]pec/g, "{spec,Spec}")), reading: NODE }));
}

/** ShellSpec calls a required helper's `NAME_precheck`, `NAME_loaded` and `NAME_configure` functions: the file, then those calls. */
const SHELLSPEC_HELPER: Reading = {
  kind: "shell",
  extract: (content) => {
    const calls = [...content.matchAll(/^\s*(?:function\s+)?(\w+_(?:precheck|loaded|configure))\s*\(\s*\)/gm)].map((match) => match[1]!);
    return [[content, ...calls].join("\n")];
  },
};

/**
 * A ShellSpec spec file is shell with its DSL lines: `Describe`/`It`/`End` blocks, `The …` expectations. What runs is
 * the plain shell between them, the hooks' commands (`BeforeAll 'setup'`) and the subject of each `When call|run`.
 */
const SHELLSPEC_DSL =
  /^\s*[xf]?(?:Describe|Context|ExampleGroup|It|Example|Specify|End|The|Assert|Skip|Pending|Todo|Include|Data|Parameters|Mock|Intercept|Path|File|Dir|Set|Dump)\b/;
const SHELLSPEC: Reading = {
  kind: "shell",
  extract: (content) => [
    content
      .split(/\r?\n/)
      .map((line) => {
        const hook = /^(\s*)(?:Before|After)(?:All|Each|Call|Run)?\s+(.*)$/.exec(line);
        if (hook) return `${hook[1]}${hook[2]}`;
        const when = /^(\s*)When\s+(?:call|run(?:\s+(command|script|source))?)\s+(.*)$/.exec(line);
        if (when) return `${when[1]}${when[2] === "script" ? "sh " : when[2] === "source" ? ". " : ""}${when[3]}`;
        return SHELLSPEC_DSL.test(line) || /^\s*%/.test(line) ? ":" : line;
      })
      .join("\n"),
  ],
};

/** A dependency's install scripts, run in its directory under node_modules (the path is the key the reader gets). */
const DEPENDENCY_SCRIPTS: Reading = { kind: "shell", extract: (content) => lifecycleScripts(content) };

/** A recipe's build.sh, run by bash with the build environment's python as $PYTHON (its `$PYTHON -m pip install .`). */
const CONDA_BUILD_SH: Reading = { kind: "shell", extract: (content) => [`PYTHON=python\n${content}`] };

/** conda-build's meta.yaml (and rattler-build's recipe.yaml): `build: script:` lines, a string or a list (Jinja lines are left out). */
const CONDA_RECIPE: Reading = {
  kind: "shell",
  extract: (content) => {
    const lines = content.split(/\r?\n/).filter((line) => !/^\s*\{%.*%\}\s*$/.test(line));
    const build = record(parseYaml(lines.join("\n")))?.build;
    const script = record(build)?.script;
    const list = Array.isArray(script) ? script : [script];
    return list.flatMap((item) => (typeof item === "string" ? [item] : typeof record(item)?.content === "string" ? [record(item)!.content as string] : []));
  },
};

/** The extension build files a gemspec lists (`s.extensions = ['ext/x/extconf.rb']`, `%w[...]`). */
function gemExtensions(get: FileLookup): string[] {
  const specs = get("*.gemspec")?.matches ?? [];
  const paths: string[] = [];
  for (const spec of specs) {
    const text = get(spec)?.content ?? "";
    for (const match of text.matchAll(/\.extensions\s*(?:=|<<|\+=)\s*(\[[^\]]*\]|%w[[(][^\])]*[\])]|["'][^"']+["'])/g)) {
      const list = match[1]!.startsWith("%w") ? match[1]!.slice(3, -1).trim().split(/\s+/) : [...match[1]!.matchAll(/["']([^"']+)["']/g)].map((word) => word[1]!);
      for (const path of list) if (!path.startsWith("/") && !path.split("/").includes("..")) paths.push(relative(path));
    }
  }
  return [...new Set(paths)];
}

/** A rockspec's `build_command` / `install_command` (build type "command"): Lua strings, long brackets included. */
const ROCKSPEC: Reading = {
  kind: "shell",
  extract: (content) =>
    [...content.matchAll(/\b(?:build|install)_command\s*=\s*(?:\[(=*)\[([\s\S]*?)\]\1\]|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')/g)].map((match) =>
      (match[2] ?? (match[3] ?? match[4] ?? "").replace(/\\(.)/g, "$1")).trim(),
    ),
};

/**
 * A .nimble file's `before VERB:` and `after VERB:` blocks (NimScript) for the verb nimble runs: each `exec "cmd"` is
 * a shell command line, `rmDir`/`rmFile` remove what they name.
 */
function nimbleHooks(verb: string): Reading {
  return {
    kind: "shell",
    extract: (content) => {
      const commands: string[] = [];
      let inHook = false;
      for (const line of content.split(/\r?\n/)) {
        const start = /^(?:before|after)\s+(\w+)\s*:/.exec(line);
        if (start) {
          inHook = start[1] === verb;
          continue;
        }
        if (/^\S/.test(line)) inHook = false;
        if (!inHook) continue;
        for (const match of line.matchAll(/\b(exec|rmDir|rmFile)\s*\(?\s*"((?:[^"\\]|\\.)*)"/g)) {
          const value = match[2]!.replace(/\\(.)/g, "$1");
          commands.push(match[1] === "exec" ? value : `${match[1] === "rmDir" ? "rm -rf" : "rm -f"} ${shellWord(value)}`);
        }
      }
      return commands;
    },
  };
}

/**
 * An opam file's `build:`, `install:` and `run-test:` fields: a list of commands, each a list of words (`"make"
 * "-j%{jobs}%"`, a bare variable like `name`, a `{filter}` after either). One command may stand alone. opam's
 * `%{var}%` is a value only opam knows: an unknown variable in the word.
 */
const OPAM: Reading = {
  kind: "shell",
  extract: (content) => {
    const commands: string[] = [];
    for (const field of content.matchAll(/^(?:build|install|run-test)\s*:\s*\[/gm)) {
      const body = bracketBody(content, field.index! + field[0].length - 1);
      const inner = [...body.matchAll(/\[([^[\]]*)\]/g)].map((match) => match[1]!);
      for (const list of inner.length > 0 ? inner : [body]) {
        const words = [...list.matchAll(/"((?:[^"\\]|\\.)*)"|\{[^{}]*\}|([A-Za-z_][\w:-]*)/g)].flatMap((word) => {
          if (word[1] !== undefined) return [opamWord(word[1].replace(/\\(.)/g, "$1"))];
          return word[2] !== undefined ? ['"$OPAM_VALUE"'] : [];
        });
        if (words.length > 0) commands.push(words.join(" "));
      }
    }
    return commands;
  },
};

/** An opam string as one shell word, its `%{var}%` parts left as a variable's unknown value. */
function opamWord(text: string): string {
  if (!text.includes("%{")) return shellWord(text);
  return `"${text.replace(/[\\"$`]/g, "\\$&").replace(/%\{[^}]*\}%/g, "${OPAM_VALUE}")}"`;
}

/** The text inside the bracket that opens at `at`, up to its match (strings skipped). */
function bracketBody(text: string, at: number): string {
  let depth = 0;
  for (let index = at; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"') {
      index++;
      while (index < text.length && text[index] !== '"') index += text[index] === "\\" ? 2 : 1;
    } else if (char === "[") depth++;
    else if (char === "]" && --depth === 0) return text.slice(at + 1, index);
  }
  return text.slice(at + 1);
}

/** poetry-core's build script: `[tool.poetry.build] script = "build.py"` (or the older `build = "build.py"`). */
function poetryBuildScript(pyproject: string | undefined): string[] {
  if (pyproject === undefined) return [];
  const section = pyproject.split(/^(?=\s*\[)/m).find((part) => /^\s*\[tool\.poetry\.build\]/.test(part));
  const path = section
    ? /^\s*script\s*=\s*["']([^"']+)["']/m.exec(section)?.[1]
    : /^\s*build\s*=\s*["']([^"']+\.py)["']/m.exec(pyproject.split(/^(?=\s*\[)/m).find((part) => /^\s*\[tool\.poetry\]/.test(part)) ?? "")?.[1];
  return path && !path.startsWith("/") && !path.split("/").includes("..") ? [relative(path)] : [];
}

/** The build code a pip/uv install of the project runs: hatch's custom hooks, poetry's build script. */
function buildScripts(pyproject: string | undefined): string[] {
  return [...new Set([...hatchHooks(pyproject), ...poetryBuildScript(pyproject)])];
}

/** Clojure's ways to start a program (clojure.java.shell's `sh`, `Runtime.exec`), as the commands they run. */
const CLOJURE: Reading = shellLines(clojureCommands);

// ─── the rows as project runs ─────────────────────────────────────────────

/** Flags that load no project file (a version or help query; `-v` is often "verbose", so it is not one). */
const NO_RUN = /^(?:--version|--help|-h)$/;

/** The rows by program name: every command of every call is looked up here, most of them in none. */
const ROWS_BY_PROGRAM: ReadonlyMap<string, readonly Row[]> = (() => {
  const byProgram = new Map<string, Row[]>();
  for (const row of [...ROWS, ...CONFIG_ROWS, ...BUILD_ROWS, ...RELEASE_ROWS, ...PIPELINE_ROWS, ...DOCUMENT_ROWS, ...OBEYED_ROWS, ...FRAMEWORK_ROWS])
    for (const program of row.programs) byProgram.set(program, [...(byProgram.get(program) ?? []), row]);
  return byProgram;
})();

/** Every row whose program this is and whose condition holds: the files it loads, each judged as the row says. */
export function runnerFileRuns(given: SimpleCommand, home: string): ProjectRun[] {
  const command = invoked(given);
  // A scoped package run by its name (`npx @tauri-apps/cli build`) is named for its last part, often just `cli`.
  const rows = ROWS_BY_PROGRAM.get(command.name) ?? (command.program.startsWith("@") ? ROWS_BY_PROGRAM.get(command.program) : undefined);
  if (rows === undefined) return [];
  const asked = command.args.some((arg) => NO_RUN.test(arg));
  // A program that runs another command (`conda run -n x python --version`): the version asked for is that command's.
  const askedOwn =
    asked &&
    command.args
      .slice(
        0,
        Math.max(
          0,
          command.args.findIndex((arg) => !arg.startsWith("-")),
        ) + 1,
      )
      .some((arg) => NO_RUN.test(arg));
  const words = operandsOf(command.args, VALUE_OPTIONS);
  const runs: ProjectRun[] = [];
  for (const row of rows) {
    if (row.wraps ? askedOwn : asked) continue;
    if (row.when && !row.when(command, words)) continue;
    runs.push(rowRun(row, row.files(command, words, home), command, home));
  }
  return runs;
}

/**
 * Options of these runners whose value is the next word (`behave -f progress`, `robot -d results`, `dart test
 * --reporter expanded`): the value is not a directory of tests. An option not listed here is taken as a flag.
 */
const VALUE_OPTIONS = new Set([
  ...["-f", "--format", "-o", "--out", "--outfile", "--output", "-d", "--outputdir", "--output-dir", "-t", "--tags", "--tag"],
  ...["-i", "--include", "-e", "--exclude", "-r", "--reporter", "-n", "--name", "-k", "--spec", "--browser"],
  ...["--config", "-c", "--test-dir", "--filter", "-j", "--jobs", "-l", "--log", "--profile", "-p", "--variable"],
  ...["--require", "--group", "--exclude-group", "--testsuite", "--output-folder", "-of", "--build", "--settings", "-pr"],
]);

/**
 * The tool a command starts, as the table names it: `python -m pytest` is pytest, `php vendor/bin/pest` is pest
 * (the module or the project's installed tool, with the arguments after it).
 */
function invoked(command: SimpleCommand): SimpleCommand {
  const [first, second] = command.args;
  if (/^python(?:\d+(?:\.\d+)?)?$/.test(command.name) && first === "-m" && second !== undefined && !second.startsWith("-"))
    // `python -m build` is the tool installed as pyproject-build (a bare `build` may be the project's own command).
    return { ...command, name: second === "build" ? "pyproject-build" : second, args: command.args.slice(2) };
  const tool = first === undefined ? undefined : /(?:^|\/)(?:vendor|node_modules)\/\.?bin\/([\w.-]+)$/.exec(first)?.[1];
  if ((command.name === "php" || command.name === "node") && tool !== undefined) return { ...command, name: tool, args: command.args.slice(1) };
  return command;
}

function rowRun(row: Row, loaded: readonly Loaded[], command: SimpleCommand, home: string): ProjectRun {
  const base = listedRun(
    row.what,
    loaded.map(({ path }) => needOf(path)),
    undefined,
    false,
    (path, content, via) => readAs(readingOf(path, loaded), path, content, via),
  );
  if (!row.follow) return base;
  const follow = (get: FileLookup) => row.follow!(get, command, home);
  // A followed glob (the files a config names by pattern) is listed first, then each file it matches is read.
  const followed = (get: FileLookup): Loaded[] =>
    follow(get).flatMap((entry) => (isGlob(entry.path) ? (get(entry.path)?.matches ?? []).map((path) => ({ path, reading: entry.reading })) : [entry]));
  return {
    ...base,
    more: (get) => [...(base.more?.(get) ?? []), ...follow(get).map(({ path }) => needOf(path)), ...followed(get).map(({ path }) => needOf(path))],
    read: (get) => {
      const extra = followed(get).flatMap(({ path, reading }) => {
        const known = knownText(path, get);
        return known ? readAs(reading, path, known.content, `${row.what} (${path}, ${known.label})`) : [];
      });
      return [...base.read(get), ...extra];
    },
  };
}

/** A file a row loads, as the extension is asked for it: a glob is listed, a path read when it exists. */
function needOf(path: string): FileNeed {
  return isGlob(path) ? { path, role: roleOf(path), pattern: true } : { path, role: roleOf(path), optional: true };
}

/** The reading of the row's entry that names `path` (a glob's match takes its glob's). */
function readingOf(path: string, loaded: readonly Loaded[]): Reading {
  const exact = loaded.find((entry) => entry.path === path) ?? (path.startsWith("/") ? loaded.find((entry) => !isGlob(entry.path) && path.endsWith(`/${entry.path}`)) : undefined);
  if (exact) return exact.reading;
  const glob = loaded.find((entry) => isGlob(entry.path) && globMatches(entry.path, path));
  // A file the session wrote is named by its absolute path: its glob is the one its project-relative tail matches.
  const written = path.startsWith("/") && !glob ? loaded.find((entry) => isGlob(entry.path) && !entry.path.startsWith("/") && globMatches(`**/${entry.path}`, path)) : undefined;
  return (glob ?? written)?.reading ?? loaded[0]!.reading;
}

function isGlob(path: string): boolean {
  return /[*?{]/.test(path);
}

function globMatches(glob: string, path: string): boolean {
  const source = glob
    .replace(/[.+^$()|\\]/g, "\\$&")
    .replace(/\{([^}]*)\}/g, (_, alternatives: string) => `(?:${alternatives.split(",").join("|")})`)
    .replace(/\*\*\//g, "\u0000")
    .replace(/\*/g, "[^/]*")
    .replaceAll("\u0000", "(?:.*/)?");
  return new RegExp(`^${source}$`).test(path);
}

function readAs(reading: Reading, path: string, content: string, via: string): Snippet[] {
  switch (reading.kind) {
    case "code":
      return codeSnippets(reading.language)(path, content, via);
    case "run":
      return [{ kind: "file", path, interpreter: reading.interpreter, via }];
    case "shell":
      return reading.extract(content).map((text) => ({ kind: "shell" as const, text, via }));
    case "embedded":
      return codeSnippets(reading.language)(path, reading.extract(content), via);
    case "program":
      return programSnippets(reading, path, content, via);
    case "snippets":
      return reading.read(path, content, via);
  }
}

/** A named program's text as its `#!` line says: a shell script is its lines, another language its code's commands. */
function programSnippets(reading: Extract<Reading, { kind: "program" }>, path: string, content: string, via: string): Snippet[] {
  if (reading.shebangOnly && !content.startsWith("#!")) return [];
  const language = languageOfScript(content);
  const snippets: Snippet[] = language === "shell" ? [{ kind: "shell", text: content, via }] : codeSnippets(language)(path, content, via);
  return reading.outputTaken ? snippets.map((snippet) => (snippet.kind === "shell" ? { ...snippet, outputTaken: true as const } : snippet)) : snippets;
}

/** A file outside the project (an absolute path: the user's home) is read there, as a program's own settings are. */
function roleOf(path: string): FileNeed["role"] {
  return path.startsWith("/") ? "startup" : "test";
}
