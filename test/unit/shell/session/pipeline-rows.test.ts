// Pipeline runners, seeders, test runners and document processors that run
// project files the command line never names: each runner's files are read
// in their own language, and a command that runs none of them reads nothing.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom, withListings } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const q = (line: string) => JSON.stringify(line);
const ran = (input: string, files: Record<string, string>) => ranFrom(input, withListings(input, files)).join("\n");

/** Each runner: the command, and the files that make it run `line`. */
const RUNNERS: ReadonlyArray<{ run: string; files: (line: string) => Record<string, string> }> = [
  { run: "airflow dags test etl 2024-01-01", files: (line) => ({ "dags/etl.py": `import os\nos.system(${q(line)})\n` }) },
  { run: "php artisan db:seed", files: (line) => ({ "database/seeders/DatabaseSeeder.php": `<?php\nshell_exec(${q(line)});\n` }) },
  { run: "php artisan migrate --force", files: (line) => ({ "database/migrations/2024_01_01_create.php": `<?php\nsystem(${q(line)});\n` }) },
  { run: "bin/rails db:seed", files: (line) => ({ "db/seeds.rb": `system(${q(line)})\n` }) },
  { run: "dvc repro", files: (line) => ({ "dvc.yaml": `stages:\n  a:\n    cmd: ${q(line)}\n  b:\n    foreach: [x]\n    do:\n      cmd: echo b\n` }) },
  { run: "kedro run", files: (line) => ({ "src/shop/pipelines/ingest/nodes.py": `import os\nos.system(${q(line)})\n` }) },
  {
    run: "nix-build",
    files: (line) => ({ "default.nix": `{ pkgs ? import <nixpkgs> {} }:\npkgs.stdenv.mkDerivation {\n  name = "a";\n  buildPhase = ''\n    ${line}\n  '';\n}\n` }),
  },
  { run: "nix build .#app", files: (line) => ({ "flake.nix": `{ outputs = { self, nixpkgs }: { packages.x.default = nixpkgs.runCommand "a" {} ''\n  ${line}\n''; }; }\n` }) },
  { run: "paver build", files: (line) => ({ "pavement.py": `from paver.easy import task, sh\n\n@task\ndef build():\n    sh(${q(line)})\n` }) },
  { run: "snakemake -j1", files: (line) => ({ Snakefile: `rule all:\n    shell:\n        """\n        ${line}\n        """\n` }) },
  { run: "snakemake -s wf/main.smk", files: (line) => ({ "wf/main.smk": `rule a:\n    run:\n        shell(${q(line)})\n` }) },
  { run: "ct_run -dir test", files: (line) => ({ "test/store_SUITE.erl": `-module(store_SUITE).\nt(_) -> os:cmd(${q(line)}).\n` }) },
  { run: "gauge run specs", files: (line) => ({ "tests/step_implementation.js": `require("child_process").execSync(${q(line)});\n` }) },
  { run: "kaocha", files: (line) => ({ "test/app/core_test.clj": `(ns app.core-test (:require [clojure.java.shell :refer [sh]]))\n(sh "sh" "-c" ${q(line)})\n` }) },
  { run: "cargo nextest run", files: (line) => ({ "tests/cli.rs": `#[test]\nfn t() { std::process::Command::new("sh").arg("-c").arg(${q(line)}).status().unwrap(); }\n` }) },
  { run: "npx nightwatch", files: (line) => ({ "nightwatch.conf.js": `require("child_process").execSync(${q(line)});\nmodule.exports = {};\n` }) },
  { run: "vendor/bin/phpspec run", files: (line) => ({ "spec/CartSpec.php": `<?php\nsystem(${q(line)});\n` }) },
  { run: "testcafe chrome tests/", files: (line) => ({ "tests/login.test.js": `require("child_process").execSync(${q(line)});\n` }) },
  { run: "pandoc --lua-filter filters/x.lua -o out.html README.md", files: (line) => ({ "filters/x.lua": `os.execute(${q(line)})\n` }) },
  { run: "groff -U -ms doc/manual.ms", files: (line) => ({ "doc/manual.ms": `.TL\nManual\n.sy ${line}\n` }) },
];

describe("files pipeline, seed and test runners obey", () => {
  test.each(RUNNERS)("$run reads what they run, harmful and harmless alike", ({ run, files }) => {
    expect(ran(run, files("rm -rf /home/ada/work"))).toContain("rm /home/ada/work");
    expect(ran(run, files("mkdir -p build/cache"))).toContain("mkdir build/cache");
  });

  test("a command that runs none of them reads nothing", () => {
    expect(neededBy("airflow version").join(" ")).not.toContain("dags/");
    expect(neededBy("php artisan route:list").join(" ")).not.toContain("seeders");
    expect(neededBy("rails routes").join(" ")).not.toContain("seeds.rb");
    expect(neededBy("dvc status").join(" ")).not.toContain("dvc.yaml");
    expect(neededBy("gauge --version").join(" ")).not.toContain("tests/");
    expect(neededBy("pandoc -o out.html README.md").join(" ")).not.toContain(".lua");
  });

  test("groff without -U refuses a document's shell requests: the document is not read for them", () => {
    expect(ran("groff -ms doc/manual.ms", { "doc/manual.ms": ".sy rm -rf /home/ada/work\n" })).not.toContain("rm /home/ada/work");
  });
});
