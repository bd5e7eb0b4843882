// src/main.ts: a subcommand that fails unexpectedly prints one readable line and exits 1.
import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "./harness.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

function expectOneReadableLine(stderr: string) {
  const lines = stderr.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toStartWith("synaps-policy: ");
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toContain("Bun v");
}

describe("unexpected failures in a subcommand", () => {
  test("init into a path under a file: one line naming the path and the cause, exit 1", async () => {
    const result = await runCli(["init", "/dev/null/x/policy.toml"]);
    expect(result.code).toBe(1);
    expectOneReadableLine(result.stderr);
    expect(result.stderr).toContain("/dev/null/x: not a directory (mkdir)");
  });

  test("install into a path under a file: one line, exit 1", async () => {
    const result = await runCli(["install", "/dev/null/x"]);
    expect(result.code).toBe(1);
    expectOneReadableLine(result.stderr);
    expect(result.stderr).toContain("not a directory");
  });

  test("init into a directory that cannot be written: one line, exit 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "synaps-policy-ro-"));
    Bun.spawnSync(["chmod", "555", dir]);
    const result = await runCli(["init", join(dir, "sub", "policy.toml")]);
    Bun.spawnSync(["chmod", "755", dir]);
    if (process.getuid?.() === 0) return expect(result.code).toBe(0); // root writes anywhere
    expect(result.code).toBe(1);
    expectOneReadableLine(result.stderr);
    expect(result.stderr).toContain("permission denied");
  });
});
