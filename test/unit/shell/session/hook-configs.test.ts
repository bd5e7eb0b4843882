// Hook managers' configs, Mercurial's hgrc and checkout hooks: what a git (or
// hg) command runs from them, and what a manager's install puts in place.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom, withListings } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const q = JSON.stringify;

const ran = (input: string, files: Record<string, string>) => ranFrom(input, withListings(input, files)).join("\n");

describe("the commands hook managers keep in their own configs", () => {
  test("the hook a git command runs, and every hook at the manager's install", () => {
    const cases: Array<[string, Record<string, string>]> = [
      ["git push", { "captainhook.json": q({ "pre-push": { enabled: true, actions: [{ action: "rm -rf /home/ada/work" }] } }) }],
      ["captainhook install", { "captainhook.json": q({ "post-merge": { enabled: true, actions: [{ action: "rm -rf /home/ada/work" }] } }) }],
      ["git commit -m x", { "grumphp.yml": 'grumphp:\n  tasks:\n    shell:\n      scripts:\n        - ["-c", "rm -rf /home/ada/work"]\n' }],
      ["cargo test", { ".cargo-husky/hooks/pre-push": "#!/bin/sh\nrm -rf /home/ada/work\n" }],
      ["git commit -m x", { ".rusty-hook.toml": '[hooks]\npre-commit = "rm -rf /home/ada/work"\n' }],
      ["npm install", { "package.json": q({ gitHooks: { "pre-push": "rm -rf /home/ada/work" } }) }],
      ["git commit -m x", { "package.json": q({ config: { ghooks: { "commit-msg": "rm -rf /home/ada/work" } } }) }],
      ["git push", { ".hooks/pre-push.json": q({ steps: [{ name: "a", command: "rm -rf /home/ada/work" }] }) }],
      ["git commit -m x", { "hk.pkl": 'hooks {\n  ["pre-commit"] {\n    steps {\n      ["a"] { fix = "rm -rf /home/ada/work" }\n    }\n  }\n}\n' }],
      ["git push", { ".overcommit.yml": "PrePush:\n  Wipe:\n    enabled: true\n    command: ['rm', '-rf', '/home/ada/work']\n" }],
      ["autohooks activate", { "pyproject.toml": '[tool.autohooks]\npre-commit = ["hooks.wipe"]\n', "hooks/wipe.py": 'import os\nos.system("rm -rf /home/ada/work")\n' }],
      ["hg commit -m x", { ".hg/hgrc": "[hooks]\npretxncommit.wipe = rm -rf /home/ada/work\nprecommit = python:hooks.check\n" }],
      ["hg wipe", { ".hg/hgrc": "[alias]\nwipe = !rm -rf /home/ada/work\n" }],
      ["git worktree add ../b", { ".git/hooks/post-checkout": "#!/bin/sh\nrm -rf /home/ada/work\n" }],
      ["git submodule update --init", { ".git/modules/lib/hooks/post-checkout": "#!/bin/sh\nrm -rf /home/ada/work\n" }],
    ];
    const missed = cases.filter(([input, files]) => !ran(input, files).includes("rm /home/ada/work")).map(([input]) => input);
    expect(missed).toEqual([]);
  });

  test("hooks the command does not run, a disabled hook and a manager's own class run nothing", () => {
    const captain = {
      "captainhook.json": q({
        "pre-push": { enabled: false, actions: [{ action: "rm -rf /home/ada/work" }] },
        "pre-commit": { enabled: true, actions: [{ action: "\\CaptainHook\\App\\Hook\\Message" }] },
      }),
    };
    expect(ran("git commit -m x", captain)).toBe("");
    expect(ran("git push", captain)).toBe("");
    expect(ran("git commit --no-verify -m x", { ".rusty-hook.toml": '[hooks]\npre-commit = "rm -rf /home/ada/work"\n' })).toBe("");
    expect(ran("git worktree list", { ".git/hooks/post-checkout": "rm -rf /home/ada/work\n" })).toBe("");
    expect(ran("hg status", { ".hg/hgrc": "[hooks]\ncommit = rm -rf /home/ada/work\n" })).toBe("");
  });

  test("a clone runs the post-checkout of the template directory git is told to use", () => {
    expect(neededBy("git clone --template=tpl https://example.com/a.git")).toContain("tpl/hooks/post-checkout?");
    expect(neededBy("git clone --no-checkout --template=tpl https://example.com/a.git").join(" ")).not.toContain("tpl/hooks");
  });
});
