// A run's temp folder is named for the process that owns it, so a run that
// could not remove its own is cleaned by the next (test/support/run-folder.ts).
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { makeRunFolder, ownerOf, sweepRunFolders } from "./support/run-folder.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

describe("run folders", () => {
  test("the owner is read from the name; other names have none", () => {
    expect(ownerOf("synaps-policy-test-run-42-aB3xYz")).toBe(42);
    expect(ownerOf("synaps-policy-test-run-aB3xYz")).toBeUndefined();
    expect(ownerOf("synaps-sessions-123-x")).toBeUndefined();
    expect(ownerOf(basename(makeRunFolder(process.pid)))).toBe(process.pid);
  });

  test("a sweep removes the folders of ended processes and keeps a running one's", () => {
    const mine = makeRunFolder(process.pid);
    const ended = Bun.spawnSync(["true"]).pid;
    const left = join(tmpdir(), `synaps-policy-test-run-${ended}-left`);
    mkdirSync(join(left, "inside"), { recursive: true });
    try {
      sweepRunFolders();
      expect(existsSync(left)).toBe(false);
      expect(existsSync(mine)).toBe(true);
    } finally {
      rmSync(left, { recursive: true, force: true });
      rmSync(mine, { recursive: true, force: true });
    }
  });
});
