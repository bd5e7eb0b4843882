// The rows of release tools' hooks (release-rows.ts) and of the task runners,
// test runners, migration tools and configs read by tool-file-readers.ts:
// each reads the commands its files hold for the command that runs them,
// harmful and harmless alike, and nothing when the command runs none.
import { describe, expect, test } from "bun:test";
import { projectView, ranFrom, withListings } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const q = (line: string) => JSON.stringify(line);
const ran = (input: string, files: Record<string, string>) => ranFrom(input, withListings(input, files)).join("\n");

/** Each tool: the command, and files that make it run `line`. */
const TOOLS: ReadonlyArray<{ run: string; files: (line: string) => Record<string, string> }> = [
  // release and deploy tools' hooks
  { run: "release-it --ci", files: (line) => ({ ".release-it.json": JSON.stringify({ hooks: { "after:bump": ["npm run build", line] } }) }) },
  { run: "release-it minor", files: (line) => ({ ".release-it.ts": `export default {\n  hooks: { "before:release": ${q(line)} },\n};\n` }) },
  { run: "goreleaser build --single-target", files: (line) => ({ ".goreleaser.yml": `builds:\n  - id: cli\n    hooks:\n      post:\n        - cmd: ${q(line)}\n` }) },
  {
    run: "semantic-release --no-ci",
    files: (line) => ({ "package.json": JSON.stringify({ name: "x", release: { plugins: [["@semantic-release/exec", { publishCmd: line }]] } }) }),
  },
  { run: "helmfile -f ops/helmfile.yaml apply", files: (line) => ({ "ops/helmfile.yaml": `hooks:\n  - events: ["prepare"]\n    command: sh\n    args: ["-c", ${q(line)}]\n` }) },
  { run: "cz bump --changelog", files: (line) => ({ "cz.json": JSON.stringify({ commitizen: { version: "0.1.0", post_bump_hooks: [line] } }) }) },
  { run: "bump-my-version bump minor", files: (line) => ({ "pyproject.toml": `[tool.bumpversion]\ncurrent_version = "0.1.0"\nsetup_hooks = [${q(line)}]\n` }) },
  { run: "tbump 2.0.0", files: (line) => ({ "pyproject.toml": `[tool.tbump.version]\ncurrent = "1.0.0"\n\n[[tool.tbump.after_push]]\nname = "x"\ncmd = ${q(line)}\n` }) },
  { run: "jreleaser release", files: (line) => ({ "jreleaser.yml": `hooks:\n  script:\n    success:\n      - run: ${q(line)}\n` }) },
  { run: "commit-and-tag-version", files: (line) => ({ ".versionrc.json": JSON.stringify({ scripts: { postbump: line } }) }) },
  { run: "cghooks update", files: (line) => ({ "composer.json": JSON.stringify({ extra: { hooks: { "pre-push": [line] } } }) }) },
  { run: "cargo release patch", files: (line) => ({ "release.toml": `pre-release-hook = ["sh", "-c", ${q(line)}]\n` }) },
  { run: "git-cliff -o CHANGELOG.md", files: (line) => ({ "cliff.toml": `[git]\ncommit_preprocessors = [{ pattern = "x", replace_command = ${q(line)} }]\n` }) },
  { run: "knope release", files: (line) => ({ "knope.toml": `[[workflows]]\nname = "release"\n\n[[workflows.steps]]\ntype = "Command"\ncommand = ${q(line)}\n` }) },
  { run: "np minor --no-publish", files: (line) => ({ "package.json": JSON.stringify({ name: "x", scripts: { preversion: line } }) }) },
  { run: "netlify deploy --build", files: (line) => ({ "netlify.toml": `[context.production]\ncommand = ${q(line)}\n` }) },
  { run: "kamal redeploy", files: (line) => ({ ".kamal/hooks/post-deploy": `#!/bin/sh\n${line}\n` }) },
  { run: "dotnet husky run", files: (line) => ({ ".husky/task-runner.json": JSON.stringify({ tasks: [{ name: "t", command: "sh", args: ["-c", line] }] }) }) },
  // task runners
  { run: "nps test.unit", files: (line) => ({ "package-scripts.cjs": `module.exports = { scripts: { test: { unit: { script: ${q(line)} } } } };\n` }) },
  {
    run: "phing -f ci.xml",
    files: (line) => ({ "ci.xml": `<project default="all"><target name="all"><exec executable="sh"><arg value="-c"/><arg value=${q(line)}/></exec></target></project>` }),
  },
  {
    run: "robo deploy",
    files: (line) => ({ "RoboFile.php": `<?php\nclass RoboFile extends \\Robo\\Tasks {\n  function deploy() { $this->taskExecStack()->exec(${q(line)})->run(); }\n}\n` }),
  },
  { run: "mill -i docs", files: (line) => ({ "build.sc": `import mill._\ndef docs = T { os.proc("sh", "-c", ${q(line)}).call() }\n` }) },
  {
    run: "cargo dist-all",
    files: (line) => ({
      ".cargo/config.toml": '[alias]\ndist-all = "run --package tasks --"\n',
      "tasks/src/main.rs": `fn main() { std::process::Command::new("sh").arg("-c").arg(${q(line)}).status().unwrap(); }\n`,
    }),
  },
  { run: "pants run src/tools:gen", files: (line) => ({ "src/tools/BUILD": `shell_command(\n    name="gen",\n    command=${q(line)},\n    tools=["sh"],\n)\n` }) },
  // tests
  {
    run: "dotnet test Shop.Tests/Shop.Tests.csproj",
    files: (line) => ({ "Shop.Tests/CartTests.cs": `public class CartTests {\n  public CartTests() { System.Diagnostics.Process.Start("sh", ${q(`-c '${line}'`)}); }\n}\n` }),
  },
  {
    run: "zig build test",
    files: (line) => ({
      "test/io_test.zig": `const std = @import("std");\ntest "io" {\n  _ = try std.process.Child.run(.{ .allocator = std.testing.allocator, .argv = &.{ "sh", "-c", ${q(line)} } });\n}\n`,
    }),
  },
  {
    run: "./mvnw -B install",
    files: (line) => ({ "core/src/test/java/x/ItTest.java": `class ItTest { void t() throws Exception { new ProcessBuilder("sh", "-c", ${q(line)}).start(); } }\n` }),
  },
  { run: "codecept run functional", files: (line) => ({ "tests/functional/LoginCest.php": `<?php\nclass LoginCest { function _before() { passthru(${q(line)}); } }\n` }) },
  // migrations and seeds
  {
    run: "alembic -c db/alembic.ini downgrade -1",
    files: (line) => ({ "db/alembic.ini": "[alembic]\nscript_location = db/migrations\n", "db/migrations/env.py": `import os\nos.system(${q(line)})\n` }),
  },
  { run: "flask db upgrade", files: (line) => ({ "migrations/versions/a1_init.py": `import subprocess\ndef upgrade():\n    subprocess.call(${q(line)}, shell=True)\n` }) },
  { run: "knex seed:run --knexfile db/knexfile.js", files: (line) => ({ "db/knexfile.js": `require("child_process").execSync(${q(line)});\nmodule.exports = {};\n` }) },
  {
    run: "sequelize db:migrate",
    files: (line) => ({ "migrations/20240101-init.js": `require("child_process").execSync(${q(line)});\nmodule.exports = { up() {}, down() {} };\n` }),
  },
  { run: "typeorm migration:run -d src/data-source.ts", files: (line) => ({ "src/data-source.ts": `import { execSync } from "child_process";\nexecSync(${q(line)});\n` }) },
  { run: "prisma migrate dev --name init", files: (line) => ({ "package.json": JSON.stringify({ name: "x", prisma: { seed: line } }) }) },
  // lifecycle and configs
  { run: "julia -e 'using Pkg; Pkg.build()'", files: (line) => ({ "deps/build.jl": `run(\`sh -c ${q(line)}\`)\n` }) },
  { run: "lint-staged", files: (line) => ({ ".lintstagedrc.cjs": `module.exports = {\n  "src/**/*.py": async (files) => ${q(line)},\n};\n` }) },
  { run: "gradle --init-script ci/init.gradle.kts build", files: (line) => ({ "ci/init.gradle.kts": `ProcessBuilder("sh", "-c", ${q(line)}).start().waitFor()\n` }) },
  {
    run: "kubectl kustomize --enable-alpha-plugins --enable-exec base",
    files: (line) => ({
      "base/kustomization.yaml": "generators:\n  - secret-gen.yaml\n",
      "base/secret-gen.yaml": "kind: SecretGen\nmetadata:\n  name: s\n  annotations:\n    config.kubernetes.io/function: |\n      exec:\n        path: bin/gen\n",
      "base/bin/gen": `#!/bin/sh\n${line}\n`,
    }),
  },
];

describe("release tools, runners, tests, migrations and configs", () => {
  test("each reads the commands its files hold, harmful and harmless alike", () => {
    const missed: string[] = [];
    const lines = [
      ["rm -rf /home/ada/work", "rm /home/ada/work"],
      ["mkdir -p build/cache", "mkdir build/cache"],
    ] as const;
    // Harmful and harmless by turns: one reading per tool keeps the file quick.
    TOOLS.forEach((tool, index) => {
      const [line, expected] = lines[index % 2]!;
      const text = ran(tool.run, tool.files(line));
      if (!text.includes(expected)) missed.push(`${tool.run}: ${line} → ${text}`);
    });
    expect(missed).toEqual([]);
  });

  test("a command that runs none of them reads nothing", () => {
    const quiet: ReadonlyArray<[string, Record<string, string>]> = [
      ["goreleaser check", { ".goreleaser.yaml": "before:\n  hooks:\n    - rm -rf /home/ada/work\n" }],
      ["cz commit", { ".cz.toml": '[tool.commitizen]\npre_bump_hooks = ["rm -rf /home/ada/work"]\n' }],
      ["alembic init migrations", { "migrations/env.py": "import os\nos.system('rm -rf /home/ada/work')\n" }],
      ["knex init", { "knexfile.js": "require('child_process').execSync('rm -rf /home/ada/work');\n" }],
      [
        "kustomize build base",
        {
          "base/kustomization.yaml": "generators: [g.yaml]\n",
          "base/g.yaml": "metadata:\n  annotations:\n    config.kubernetes.io/function: 'exec: {path: x.sh}'\n",
          "base/x.sh": "rm -rf /home/ada/work\n",
        },
      ],
      ["mvn -DskipTests package", { "src/test/java/T.java": 'class T { void t() { new ProcessBuilder("rm", "-rf", "/home/ada/work"); } }\n' }],
      ["nps build", { "package-scripts.js": "module.exports = { scripts: { lint: 'rm -rf /home/ada/work', build: 'tsc' } };\n" }],
      ["pants run //:fmt", { BUILD: 'run_shell_command(name="wipe", command="rm -rf /home/ada/work")\nrun_shell_command(name="fmt", command="black .")\n' }],
    ];
    const read = quiet.filter(([run, files]) => ran(run, files).includes("/home/ada/work")).map(([run]) => run);
    expect(read).toEqual([]);
  });

  test("Perl's quote-like operators are read as the literals they are", () => {
    const missed: string[] = [];
    for (const [code, expected] of [
      ["system(q{rm -rf .cache coverage});", "rm .cache coverage"],
      ["system q!rm -rf /home/ada/work!;", "rm /home/ada/work"],
      ["system(qq{rm -rf $ENV{HOME}/work});", "rm ~/work"],
      ["system(qw(mkdir -p blib/gen));", "mkdir blib/gen"],
      ["system q[ls [ab] x];", "ls [ab] x"],
    ] as const) {
      const text = ran("cpanm --installdeps .", { "Makefile.PL": `use ExtUtils::MakeMaker;\n${code}\nWriteMakefile(NAME => 'App');\n` });
      if (!text.replace("/home/ada/", "~/").includes(expected.replace("/home/ada/", "~/"))) missed.push(`${code} → ${text}`);
    }
    expect(missed).toEqual([]);
  });
});

describe("a release run that publishes nothing", () => {
  const absent = { absent: true as const };
  const noConfig = {
    ".release-it.json": absent,
    ".release-it.yaml": absent,
    ".release-it.yml": absent,
    ".release-it.toml": absent,
    ".release-it.{js,cjs,mjs,ts,cts,mts}": { matches: [] },
  };
  const tagged = (input: string, files: Record<string, unknown>) =>
    projectView(
      input,
      Object.fromEntries(Object.entries({ ...noConfig, "package.json": absent, ...files }).filter(([, file]) => file !== undefined)) as Parameters<typeof projectView>[1],
    ).commands[0]!.tags.includes("release-local");

  test("is tagged only when publishing, forge releases and pushing are all off", () => {
    const cases: ReadonlyArray<[string, Record<string, unknown>, boolean]> = [
      ["release-it --ci --no-git.push", { ".release-it.json": '{"npm": {"publish": false}}' }, true],
      ["release-it --ci --no-npm.publish --git.push=false", {}, true],
      ["release-it --ci", { "package.json": '{"private": true, "release-it": {"git": {"push": false}}}' }, true],
      ["release-it --ci --no-npm --no-git", {}, true],
      // Each way it publishes or pushes.
      ["release-it --ci --no-git.push", {}, false],
      ["release-it --ci", { ".release-it.json": '{"npm": {"publish": false}}' }, false],
      ["release-it --ci --no-git.push --github.release", { ".release-it.json": '{"npm": {"publish": false}}' }, false],
      ["release-it --ci --no-git.push", { ".release-it.yaml": "npm:\n  publish: false\ngitlab:\n  release: true\n" }, false],
      // A config it does not read (JavaScript, or one named on the command line) is a publish, as is an unread file.
      ["release-it --ci --no-git.push --no-npm.publish", { ".release-it.{js,cjs,mjs,ts,cts,mts}": { matches: [".release-it.js"] } }, false],
      ["release-it --ci --no-git.push --no-npm.publish -c ops/release.json", {}, false],
      ["release-it --ci --no-git.push --no-npm.publish", { "package.json": undefined }, false],
    ];
    const wrong = cases.filter(([input, files, local]) => tagged(input, files) !== local).map(([input, files]) => `${input} ${JSON.stringify(files)}`);
    expect(wrong).toEqual([]);
  });
});
