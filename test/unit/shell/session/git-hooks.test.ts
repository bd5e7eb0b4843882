// Which hooks each git verb runs (githooks(5)), found where git looks for
// them: the repository's own hooks for every verb that fires one, and the
// receiving repository's for a push to a repository on this machine.
import { describe, expect, test } from "bun:test";
import { neededBy, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const HOOK = "#!/bin/sh\nrm -rf ~\n";
const ran = ranFrom;

describe("the repository's own hooks, by the verbs that run them", () => {
  test.each([
    ["git commit --amend --no-edit", "post-rewrite"],
    ["git rebase main", "post-rewrite"],
    ["git pull --rebase", "post-rewrite"],
    ["git branch topic", "reference-transaction"],
    ["git tag v1.0", "reference-transaction"],
    ["git reset --hard HEAD~1", "reference-transaction"],
    ["git switch -c topic", "reference-transaction"],
    ["git fetch origin", "reference-transaction"],
    ["git stash", "reference-transaction"],
    ["git update-ref refs/heads/x HEAD", "reference-transaction"],
    ["git add -A", "post-index-change"],
    ["git restore --staged a.txt", "post-index-change"],
    ["git status", "post-index-change"],
    ["git commit -m x", "pre-auto-gc"],
    ["git send-email 0001.patch", "sendemail-validate"],
    ["git p4 submit", "p4-pre-submit"],
    ["git rebase main", "post-checkout"],
  ])("%s runs %s", (line, hook) => {
    expect(ran(line, { [`.git/hooks/${hook}`]: HOOK })).toContain("rm /home/ada");
  });

  test.each([
    ["git branch", "reference-transaction"],
    ["git branch --list 'feat*'", "reference-transaction"],
    ["git tag -l", "reference-transaction"],
    ["git stash list", "reference-transaction"],
    ["git log --oneline", "reference-transaction"],
    ["git diff", "post-index-change"],
    ["git commit -m x", "post-rewrite"],
    ["git p4 sync", "p4-pre-submit"],
  ])("%s does not run %s", (line, hook) => {
    expect(ran(line, { [`.git/hooks/${hook}`]: HOOK })).toEqual([]);
  });

  test("git -C DIR runs that repository's hooks", () => {
    expect(ran("git -C sub commit -m x", { "sub/.git/hooks/pre-commit": HOOK })).toContain("rm /home/ada");
    expect(neededBy("git -C sub commit -m x")).toContain("sub/.git/hooks/pre-commit?");
  });
});

describe("a push to a repository on this machine runs its receiving hooks", () => {
  test.each(["pre-receive", "update", "post-receive", "post-update", "reference-transaction", "push-to-checkout"])("%s of a bare repository named by path", (hook) => {
    expect(ran("git push ../remote.git HEAD:main", { [`../remote.git/hooks/${hook}`]: HOOK })).toContain("rm /home/ada");
  });

  test("a non-bare repository's .git/hooks, a file:// URL, and a remote whose URL is a path", () => {
    expect(ran("git push ../peer main", { "../peer/.git/hooks/post-receive": HOOK })).toContain("rm /home/ada");
    expect(ran("git push file:///srv/git/app.git main", { "/srv/git/app.git/hooks/pre-receive": HOOK })).toContain("rm /home/ada");
    const config = '[remote "backup"]\n\turl = /srv/backup/app.git\n';
    expect(ran("git push backup main", { ".git/config": config, "/srv/backup/app.git/hooks/pre-receive": HOOK })).toContain("rm /home/ada");
    expect(ran("git push", { ".git/config": '[remote "origin"]\n\turl = ~/mirrors/app.git\n', "/home/ada/mirrors/app.git/hooks/update": HOOK })).toContain("rm /home/ada");
  });

  test("a push to another host asks for no receiving hook", () => {
    const config = '[remote "origin"]\n\turl = git@github.com:acme/app.git\n';
    expect(neededBy("git push origin main", { ".git/config": config }).filter((path) => path.includes("receive"))).toEqual([]);
    expect(neededBy("git push https://example.com/app.git main").filter((path) => path.includes("receive"))).toEqual([]);
    expect(neededBy("git push upstream main").filter((path) => path.includes("receive"))).toEqual([]);
  });

  test("harmless receiving hooks run nothing harmful", () => {
    expect(ran("git push ../remote.git main", { "../remote.git/hooks/post-receive": "#!/bin/sh\necho received\n" })).toEqual(["post-receive", "echo received"]);
  });
});
