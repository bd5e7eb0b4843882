// pip's and uv's settings that name another package index: each judged as
// the install typed with that index (what it serves runs at install).
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const USER_SITE_HOOK = "/home/ada/.local/lib/python*/site-packages/usercustomize.py?";
const USER_SITE_PTH = "/home/ada/.local/lib/python*/site-packages/*.pth?";

describe("package index settings", () => {
  test("uv.toml's [[index]], pyproject's [tool.uv] and ~/.config/uv/uv.toml", () => {
    expect(ranFrom("uv sync", { "uv.toml": '[[index]]\nname = "corp"\nurl = "https://x.example/simple"\ndefault = true\n' })).toEqual(["uv pip install https://x.example/simple"]);
    const pyproject = '[project]\nname = "a"\n\n[tool.uv]\nextra-index-url = ["https://y.example/simple"]\n\n[tool.other]\nindex-url = "https://not-uv.example"\n';
    const ran = ranFrom("uv run pytest", { "pyproject.toml": pyproject });
    expect(ran).toContain("uv pip install https://y.example/simple");
    expect(ran.join(" ")).not.toContain("not-uv");
    expect(neededBy("uv lock")).toEqual(["uv.toml?", "pyproject.toml?", "/home/ada/.config/uv/uv.toml?"]);
    // --no-config: uv reads none of them (the project it builds is still read for its build hooks).
    expect(neededBy("uv sync --no-config").filter((path) => path.includes("uv.toml"))).toEqual([]);
  });

  test("pip: the user's pip.conf and the requirement files' own index lines", () => {
    expect(ranFrom("pip install -r req.txt", { "req.txt": "--extra-index-url https://x.example/simple\nrequests\n" })).toEqual(["pip install https://x.example/simple"]);
    // `python3 -m pip` runs pip (launched as itself): its index is read for the interpreter's line and for pip's.
    expect(new Set(ranFrom("python3 -m pip install --requirement=req.txt", { "req.txt": "-i https://x.example/simple\n" }))).toEqual(
      new Set(["pip install req.txt", "pip install https://x.example/simple"]),
    );
    const conf = "[global]\nindex-url = https://x.example/simple\nextra-index-url =\n    https://y.example/simple\n    https://z.example/simple\n";
    expect(ranFrom("pip3 install flask", { "/home/ada/.config/pip/pip.conf": conf })).toEqual([
      "pip3 install https://x.example/simple",
      "pip3 install https://y.example/simple",
      "pip3 install https://z.example/simple",
    ]);
    // --isolated leaves pip's settings out; the Python pip runs in still imports the user site's usercustomize.
    expect(neededBy("pip install flask --isolated")).toEqual([USER_SITE_PTH, USER_SITE_HOOK]);
  });

  test("PyPI itself, a file naming no index, and commands that fetch nothing change nothing", () => {
    expect(ranFrom("uv sync", { "uv.toml": '[[index]]\nurl = "https://pypi.org/simple"\ndefault = true\n' })).toEqual([]);
    expect(ranFrom("pip install -r requirements.txt", { "requirements.txt": "requests==2.32.3\n-e .\n" })).toEqual([]);
    expect(neededBy("pip list")).toEqual([USER_SITE_PTH, USER_SITE_HOOK]);
    expect(neededBy("uv --version")).toEqual([]);
  });
});
