// Which tools follow the links inside a tree they read, and what a link in
// the tree (made in the session or on disk) makes them read.
import { describe, expect, test } from "bun:test";
import { followsLinksInTrees } from "../../../../src/shell/programs/link-following.ts";
import { neededBy, projectView } from "../../../support/project-view.ts";
import { commandNamed } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("tools that follow links inside the trees they read", () => {
  test.each([
    ["rsync -aL dist/ host:/srv/", "rsync", true],
    ["rsync -a --copy-unsafe-links dist/ host:/srv/", "rsync", true],
    ["rsync -a dist/ host:/srv/", "rsync", false],
    ["scp -r dist host:/srv/", "scp", true],
    ["zip -qr site.zip dist", "zip", true],
    ["zip -qry site.zip dist", "zip", false],
    ["tar czhf site.tgz dist", "tar", true],
    ["tar czf site.tgz dist", "tar", false],
    ["cp -rL dist /tmp/x", "cp", true],
    ["cp -r dist /tmp/x", "cp", false],
    ["grep -R token dist", "grep", true],
    ["grep -r token dist", "grep", false],
  ])("%s: %p", (input, name, follows) => {
    expect(followsLinksInTrees(commandNamed(input, name))).toBe(follows);
  });

  test("the links under a followed tree are asked for; a local copy keeping links as links asks for none", () => {
    expect(neededBy("zip -qr site.zip dist")).toContain("dist/**?");
    expect(neededBy("rsync -aL dist/ host:/srv/")).toContain("dist/**?");
    expect(neededBy("cp -r dist /tmp/site")).not.toContain("dist/**?");
  });

  test("a link in the tree is read as its target: a link to ~/.ssh makes the tree read hold the keys", () => {
    const files = { "dist/**": { matches: ["dist/ssh", "dist/index.html"] }, "dist/ssh": { link: "/home/ada/.ssh" }, "dist/index.html": "<h1>x</h1>\n" };
    const read = (input: string, name: string) => projectView(input, files).commands.find((command) => command.name === name)!.treeReads;
    expect(read("tar czhf site.tgz dist", "tar")).toContain("/home/ada/.ssh");
    expect(read("tar czf site.tgz dist", "tar")).not.toContain("/home/ada/.ssh");
  });
});
