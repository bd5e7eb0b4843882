// A virtual environment's Python runs its site-packages' start-up hooks
// (sitecustomize.py, the import lines of *.pth files) before anything else.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const SITE = ".venv/lib/python3.12/site-packages";

describe("a virtual environment's start-up hooks", () => {
  test("a Python or a tool of the environment lists its site-packages' hooks", () => {
    for (const command of [".venv/bin/python -m pytest", "./.venv/bin/pytest -q", ".venv/bin/python3.12 app.py"])
      expect(neededBy(command)).toEqual(expect.arrayContaining([".venv/lib/python*/site-packages/sitecustomize.py?", ".venv/lib/python*/site-packages/*.pth?"]));
    expect(neededBy(".tox/py312/bin/python -V")).toContain(".tox/py312/lib/python*/site-packages/*.pth?");
  });

  test("a program that is no environment's asks for none", () => {
    // The user's own site (under home) is every Python's, not an environment's: read by the start-up table.
    for (const command of ["python3 -m pytest", "node_modules/.bin/jest", "vendor/bin/phpunit", "/usr/bin/python3 -V", "../venv/bin/python -V"])
      expect(neededBy(command).filter((path) => path.includes("site-packages") && !path.startsWith("/home/ada/.local/"))).toEqual([]);
  });

  test("what the hooks run is judged with the command", () => {
    const listed = { matches: [`${SITE}/sitecustomize.py`, `${SITE}/boot.pth`, `${SITE}/paths.pth`] };
    const files = {
      ".venv/lib/python*/site-packages/sitecustomize.py": { matches: [`${SITE}/sitecustomize.py`] },
      ".venv/lib/python*/site-packages/*.pth": listed,
      [`${SITE}/sitecustomize.py`]: "import os\nos.system('rm -rf build')\n",
      [`${SITE}/boot.pth`]: "import os; os.system('make gen')\n",
      [`${SITE}/paths.pth`]: "/home/ada/proj/src\n",
    };
    const ran = ranFrom(".venv/bin/python -V", files);
    expect(ran).toContain("rm build");
    expect(ran).toContain("make gen");
  });

  test("PYTHONPATH's directories: their sitecustomize.py and usercustomize.py run first, for Python and its tools", () => {
    expect(neededBy("PYTHONPATH=. python3 -m pytest -q")).toEqual(expect.arrayContaining(["sitecustomize.py?", "usercustomize.py?"]));
    expect(neededBy("PYTHONPATH=src:lib pytest")).toEqual(expect.arrayContaining(["src/sitecustomize.py?", "lib/usercustomize.py?"]));
    expect(neededBy("PYTHONPATH=. node x.js").filter((path) => path.includes("customize"))).toEqual([]);
    expect(ranFrom("PYTHONPATH=. python3 -m pytest", { "sitecustomize.py": "import os\nos.system('make gen')\n" })).toContain("make gen");
  });
});
