// pre-commit's local hooks and lefthook's commands, run directly or by the hook script each installs.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const PRE_COMMIT =
  "repos:\n  - repo: https://github.com/psf/black\n    rev: 24.4.2\n    hooks:\n      - id: black\n  - repo: local\n    hooks:\n      - id: x\n        entry: rm -rf dist\n        language: system\n        args: [--verbose]\n      - id: y\n        entry: scripts/check.sh\n        language: script\n      - id: z\n        entry: 'forbidden'\n        language: pygrep\n";

describe("hook managers", () => {
  test("pre-commit runs each local hook's entry (a script hook's file too); remote hooks and pygrep patterns are not commands", () => {
    expect(ranFrom("pre-commit run -a", { ".pre-commit-config.yaml": PRE_COMMIT, "scripts/check.sh": "#!/bin/sh\necho ok\n" })).toEqual(["rm dist", "check.sh", "echo ok"]);
    expect(ranFrom("python3 -m pre_commit hook-impl --hook-type=pre-commit", { ".pre-commit-config.yaml": PRE_COMMIT })).toContain("rm dist");
    expect(neededBy("pre-commit run")).toEqual([".pre-commit-config.yaml", ".pre-commit-config.yml"]);
    expect(neededBy("pre-commit install")).toEqual([]);
  });

  test("lefthook run HOOK runs that hook's commands and scripts only", () => {
    const lefthook =
      'pre-commit:\n  commands:\n    a:\n      run: npx eslint {staged_files}\n  scripts:\n    "check.sh":\n      runner: bash\npre-push:\n  commands:\n    b:\n      run: rm -rf /\n';
    const ran = ranFrom("lefthook run pre-commit", { "lefthook.yml": lefthook, ".lefthook/pre-commit/check.sh": "echo checked\n" });
    expect(ran).toEqual(expect.arrayContaining(["bash .lefthook/pre-commit/check.sh", "echo checked"]));
    expect(ran).not.toContain("rm /");
    expect(ranFrom("lefthook run pre-push", { "lefthook.yml": lefthook })).toContain("rm /");
    expect(neededBy("lefthook install")).toEqual([]);
  });
});
