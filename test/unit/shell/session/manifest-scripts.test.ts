// Named scripts in project manifests other than package.json — composer,
// pdm, hatch, deno tasks — and the files bunfig.toml preloads: each judged as
// the shell text (or the file) its tool runs.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("composer.json scripts", () => {
  const composer = JSON.stringify({ scripts: { "post-install-cmd": ["@clear", "@php artisan key:generate"], clear: "rm -rf ~/old", lint: "phpcs src", boot: "App\\Setup::run" } });

  test("install runs the install events, following @script references and @php", () => {
    const ran = ranFrom("composer install", { "composer.json": composer });
    expect(ran).toContain("rm /home/ada/old");
    expect(ran).toContain("php artisan key:generate");
  });

  test("a script runs by run-script, run, or its own name; composer's own commands run none", () => {
    for (const input of ["composer run-script lint", "composer run lint", "composer lint"]) expect(ranFrom(input, { "composer.json": composer })).toContain("phpcs src");
    expect(ranFrom("composer show", { "composer.json": composer })).toEqual([]);
    expect(ranFrom("composer boot", { "composer.json": composer })).toEqual([]);
  });

  test("composer.json is asked for when not known", () => {
    expect(neededBy("composer install")).toContain("composer.json");
  });
});

describe("pdm and hatch scripts in pyproject.toml", () => {
  const pyproject = [
    "[tool.pdm.scripts]",
    'pre_clean = "echo start"',
    'clean = {shell = "rm -rf ~/.cache/app && echo done"}',
    'lint = {cmd = ["ruff", "check", "."]}',
    'all = {composite = ["lint", "clean"]}',
    "[tool.hatch.envs.default.scripts]",
    'wipe = "rm -rf ~/data"',
    'check = ["wipe", "mypy src"]',
    "[tool.hatch.envs.docs.scripts]",
    'build = "mkdocs build"',
  ].join("\n");

  test("pdm runs the script, its pre_ and post_ companions, and composite steps", () => {
    expect(ranFrom("pdm run clean", { "pyproject.toml": pyproject })).toEqual(expect.arrayContaining(["echo start", "rm /home/ada/.cache/app"]));
    expect(ranFrom("pdm all", { "pyproject.toml": pyproject })).toEqual(expect.arrayContaining(["ruff check .", "rm /home/ada/.cache/app"]));
    expect(ranFrom("pdm lock", { "pyproject.toml": pyproject })).toEqual([]);
  });

  test("hatch runs the environment's script, and the scripts it names", () => {
    expect(ranFrom("hatch run check", { "pyproject.toml": pyproject })).toEqual(expect.arrayContaining(["rm /home/ada/data", "mypy src"]));
    expect(ranFrom("hatch run docs:build", { "pyproject.toml": pyproject })).toContain("mkdocs build");
    expect(ranFrom("hatch run docs:build", { "pyproject.toml": pyproject })).not.toContain("rm /home/ada/data");
    expect(ranFrom("hatch run wipe", { "hatch.toml": '[envs.default.scripts]\nwipe = "rm -rf ~/x"\n' })).toContain("rm /home/ada/x");
  });
});

describe("deno tasks and bun's preload", () => {
  test("deno task runs the task and its dependencies, from deno.json or deno.jsonc with comments", () => {
    const jsonc = '{\n  // tasks\n  "tasks": { "dev": { "command": "deno run main.ts", "dependencies": ["clean"] }, "clean": "rm -rf ~/tmp", },\n}\n';
    expect(ranFrom("deno task dev", { "deno.jsonc": jsonc })).toEqual(expect.arrayContaining(["rm /home/ada/tmp", "deno run main.ts"]));
    expect(ranFrom("deno task clean", { "deno.json": '{"tasks": {"clean": "rm -rf dist"}}' })).toContain("rm dist");
  });

  test("bun run and bun FILE run what bunfig.toml preloads; bun install does not", () => {
    const files = {
      "bunfig.toml": 'preload = ["./scripts/preload.ts"]\n',
      "scripts/preload.ts": "import { rmSync } from 'node:fs';\nrmSync('/home/ada/x', { recursive: true });\n",
    };
    expect(ranFrom("bun run index.ts", files).join(" ")).toContain("/home/ada/x");
    expect(ranFrom("bun index.ts", files).join(" ")).toContain("/home/ada/x");
    expect(ranFrom("bun install", files).join(" ")).not.toContain("/home/ada/x");
  });
});

describe("pip install of a project directory builds it", () => {
  const harmful = "import shutil, os\nshutil.rmtree(os.path.expanduser('~/work'))\n";

  test("setup.py runs for `pip install .`, `-e .`, `--editable=./pkg` and `uv pip install .`", () => {
    expect(ranFrom("pip install .", { "setup.py": harmful }).join(" ")).toContain("/home/ada/work");
    expect(ranFrom("pip3 install -e .", { "setup.py": harmful }).join(" ")).toContain("/home/ada/work");
    expect(ranFrom("pip install --editable=./pkg", { "pkg/setup.py": harmful }).join(" ")).toContain("/home/ada/work");
    expect(ranFrom("uv pip install .", { "setup.py": harmful }).join(" ")).toContain("/home/ada/work");
  });

  test("an in-tree build backend named by pyproject.toml runs; a package name builds nothing here", () => {
    const pyproject = '[build-system]\nrequires = []\nbuild-backend = "tools.backend"\nbackend-path = ["."]\n';
    expect(ranFrom("pip install -e .", { "pyproject.toml": pyproject, "tools/backend.py": harmful }).join(" ")).toContain("/home/ada/work");
    expect(ranFrom("pip install -e .", { "pyproject.toml": '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n' })).toEqual([]);
    expect(ranFrom("pip install requests", { "setup.py": harmful })).toEqual([]);
    expect(neededBy("pip install .")).toEqual(expect.arrayContaining(["setup.py?", "pyproject.toml?"]));
  });
});

describe("cargo's project config", () => {
  const config = '[target.x86_64-unknown-linux-gnu]\nrunner = "sh -c \'rm -rf ~/code; exec \\"$0\\"\'"\n[alias]\nship = "run --release"\nb = "build --release"\n';

  test("a target's runner starts what cargo run and cargo test run; an alias is the command it names", () => {
    expect(ranFrom("cargo run", { ".cargo/config.toml": config })).toContain("rm /home/ada/code");
    expect(ranFrom("cargo test", { ".cargo/config.toml": config })).toContain("rm /home/ada/code");
    expect(ranFrom("cargo ship", { ".cargo/config.toml": config })).toContain("rm /home/ada/code");
    expect(ranFrom("cargo build", { ".cargo/config.toml": config })).not.toContain("rm /home/ada/code");
  });

  test("without a config nothing more runs, and its absence is not unseen code", () => {
    expect(neededBy("cargo build")).toContain(".cargo/config.toml?");
  });
});
