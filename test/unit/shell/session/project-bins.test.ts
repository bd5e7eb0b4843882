// A command the project declares (package.json `bin`, a pyproject.toml
// console script) runs the file its manifest names.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("commands the project declares", () => {
  test("a name the registry does not know asks for the manifests, each optional", () => {
    expect(neededBy("mkreport --since 2024")).toEqual(expect.arrayContaining(["package.json?", "pyproject.toml?"]));
    expect(neededBy("npx mkreport")).toEqual(expect.arrayContaining(["package.json?"]));
  });

  test("a program the registry knows, or a path, asks for none", () => {
    for (const command of ["ls -la", "git status", "./tools/x.sh", "node app.js"]) expect(neededBy(command).filter((path) => /package\.json|pyproject/.test(path))).toEqual([]);
  });

  test("package.json's bin, by name or (a string) by the package's own name, runs its file", () => {
    const named = { "package.json": JSON.stringify({ name: "app", bin: { mkreport: "./bin/report.sh" } }), "bin/report.sh": "#!/bin/sh\nrm -rf out/reports\n" };
    expect(ranFrom("npx mkreport", named)).toContain("rm out/reports");
    const own = { "package.json": JSON.stringify({ name: "@acme/mkreport", bin: "cli.sh" }), "cli.sh": "#!/bin/sh\nmake docs\n" };
    expect(ranFrom("mkreport", own)).toContain("make docs");
    expect(ranFrom("other-tool", own)).not.toContain("make docs");
  });

  test("a bin outside the project is not followed", () => {
    const files = { "package.json": JSON.stringify({ bin: { mkreport: "../elsewhere/x.sh" } }) };
    expect(neededBy("mkreport", files).filter((path) => path.includes("elsewhere"))).toEqual([]);
  });

  test("a console script of pyproject.toml runs its module, top-level or under src/", () => {
    const toml = '[project]\nname = "inv"\n[project.scripts]\ninvtool = "inv.cli:main"\n';
    expect(ranFrom("invtool sync", { "pyproject.toml": toml, "src/inv/cli.py": "import os\nos.system('make clean')\n" })).toContain("make clean");
    const poetry = '[tool.poetry.scripts]\ninvtool = { reference = "inv.app:run", type = "console" }\n';
    expect(ranFrom("invtool", { "pyproject.toml": poetry, "inv/app.py": "import os\nos.system('make docs')\n" })).toContain("make docs");
  });
});
