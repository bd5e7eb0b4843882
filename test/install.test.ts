// `synaps-policy install`: a complete plugin folder from one binary, safe for
// people who already have one.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "./harness.ts";

/** Installed folders hold a copy of the 115 MB binary: removed at the end. */
const made: string[] = [];
const freshDir = () => {
  const parent = mkdtempSync(join(tmpdir(), "synaps-policy-install-"));
  made.push(parent);
  return join(parent, "synaps-policy");
};

afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

describe("install", () => {
  test("into an empty folder: binary, manifest, schema and the starter policy", async () => {
    const dir = freshDir();
    const result = await runCli(["install", dir]);
    expect(result.code).toBe(0);
    expect(statSync(join(dir, "bin", "synaps-policy")).mode & 0o755).toBe(0o755);
    const manifest = JSON.parse(readFileSync(join(dir, ".synaps-plugin", "plugin.json"), "utf8"));
    expect(manifest.extension.command).toBe("bin/synaps-policy");
    expect(readFileSync(join(dir, "policy.toml"), "utf8")).toStartWith("#:schema ./policy.schema.json");
    expect(JSON.parse(readFileSync(join(dir, "policy.schema.json"), "utf8")).title).toBe("synaps-policy policy file");
    expect(result.stdout).toContain("next:");
    const check = Bun.spawnSync([join(dir, "bin", "synaps-policy"), "check", "bash", "rm -rf ~"]);
    expect(check.exitCode).toBe(2);
  });

  test("over an existing install: the user's policy, logs and manifest additions are kept", async () => {
    const dir = freshDir();
    await runCli(["install", dir]);
    writeFileSync(join(dir, "policy.toml"), "version = 1\n# my own rules\n");
    mkdirSync(join(dir, "logs"));
    writeFileSync(join(dir, "logs", "audit.jsonl"), '{"old":true}\n');
    const manifestFile = join(dir, ".synaps-plugin", "plugin.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    manifest.extension.permissions.push("privacy.llm_content");
    manifest.extension.hooks.push({ hook: "before_message" });
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const result = await runCli(["install", dir]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("keep your");
    expect(readFileSync(join(dir, "policy.toml"), "utf8")).toBe("version = 1\n# my own rules\n");
    expect(readFileSync(join(dir, "logs", "audit.jsonl"), "utf8")).toBe('{"old":true}\n');
    const upgraded = JSON.parse(readFileSync(manifestFile, "utf8"));
    expect(upgraded.extension.permissions).toContain("privacy.llm_content");
    expect(upgraded.extension.hooks).toContainEqual({ hook: "before_message" });
  });

  test("--dry-run shows the plan and changes nothing", async () => {
    const dir = freshDir();
    const result = await runCli(["install", dir, "--dry-run"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`would install synaps-policy`);
    expect(result.stdout).toContain("write the starter");
    expect(result.stdout).toContain("nothing was changed");
    expect(existsSync(dir)).toBe(false);
  });
});
