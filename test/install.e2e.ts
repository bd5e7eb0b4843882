// `synaps-policy install`: a complete plugin folder from one binary, safe for
// people who already have one.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runCli } from "./harness.ts";

const ROOT = join(import.meta.dir, "..");
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));

/** Installed folders hold a copy of the 115 MB binary: removed at the end. */
const made: string[] = [];
const freshDir = () => {
  const parent = mkdtempSync(join(tmpdir(), "synaps-policy-install-"));
  made.push(parent);
  return join(parent, "synaps-policy");
};

/** install writes the starter into the user folder under HOME: each folder gets a HOME of its own beside it, never the real one. */
const envOf = (dir: string) => ({ PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: join(dirname(dir), "home"), LANG: "C.UTF-8" });
const userPolicyOf = (dir: string) => join(dirname(dir), "home", ".synaps-cli", "synaps-policy", "policy.toml");
const install = (args: string[]) => runCli(["install", ...args], { env: envOf(args[0]!) });

afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

describe("install", () => {
  test("into an empty folder: binary, manifest, schema, the starter policy, README, LICENSE and the setup script", async () => {
    const dir = freshDir();
    const result = await install([dir]);
    expect(result.code).toBe(0);
    expect(statSync(join(dir, "bin", "synaps-policy")).mode & 0o755).toBe(0o755);
    const manifest = readJson(join(dir, ".synaps-plugin", "plugin.json"));
    expect(manifest.extension.command).toBe("bin/synaps-policy");
    expect(manifest.extension.permissions).toContain("tools.transform_output");
    expect(readFileSync(userPolicyOf(dir), "utf8")).toStartWith("#:schema ./policy.schema.json");
    expect(readFileSync(join(dir, "policy.example.toml"), "utf8")).toBe(readFileSync(userPolicyOf(dir), "utf8"));
    expect(existsSync(join(dir, "policy.toml"))).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, "policy.schema.json"), "utf8")).title).toBe("synaps-policy policy file");
    for (const file of ["README.md", "LICENSE", "scripts/setup.sh"]) expect(readFileSync(join(dir, file), "utf8")).toBe(readFileSync(join(ROOT, file), "utf8"));
    expect(statSync(join(dir, manifest.extension.setup)).mode & 0o111).not.toBe(0);
    expect(result.stdout).toContain("next:");
    expect(result.stderr).not.toContain("redaction of tool output is OFF");
    const check = Bun.spawnSync([join(dir, "bin", "synaps-policy"), "check", "bash", "rm -rf ~"], { env: envOf(dir) });
    expect(check.exitCode).toBe(2);
  });

  test("over an older install: the user's policy, logs, settings and manifest additions are kept where they were", async () => {
    const dir = freshDir();
    await install([dir]);
    writeFileSync(join(dir, "policy.toml"), "version = 1\n# my own rules\n");
    mkdirSync(join(dir, "logs"));
    writeFileSync(join(dir, "logs", "audit.jsonl"), '{"old":true}\n');
    writeFileSync(join(dir, "config"), "audit_log = off\n");
    const manifestFile = join(dir, ".synaps-plugin", "plugin.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    manifest.extension.permissions.push("privacy.llm_content");
    manifest.extension.hooks.push({ hook: "before_message" });
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const result = await install([dir]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`keep your settings in ${join(dir, "config")}`);
    expect(readFileSync(join(dir, "policy.toml"), "utf8")).toBe("version = 1\n# my own rules\n");
    expect(readFileSync(join(dir, "logs", "audit.jsonl"), "utf8")).toBe('{"old":true}\n');
    expect(readFileSync(join(dir, "config"), "utf8")).toBe("audit_log = off\n");
    const upgraded = JSON.parse(readFileSync(manifestFile, "utf8"));
    expect(upgraded.extension.permissions).toContain("privacy.llm_content");
    expect(upgraded.extension.hooks).toContainEqual({ hook: "before_message" });
  });

  test("--dry-run shows the plan and changes nothing", async () => {
    const dir = freshDir();
    const result = await install([dir, "--dry-run"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`would install synaps-policy`);
    expect(result.stdout).toContain("write the starter");
    expect(result.stdout).toContain("nothing was changed");
    expect(existsSync(dir)).toBe(false);
  });
});

describe("install for hosts that do not know tools.transform_output", () => {
  test("--no-transform-output leaves the permission out and says loudly that redaction is off; later installs keep that choice", async () => {
    const dir = freshDir();
    const result = await install([dir, "--no-transform-output"]);
    expect(result.code).toBe(0);
    const manifestFile = join(dir, ".synaps-plugin", "plugin.json");
    const manifest = readJson(manifestFile);
    expect(manifest.extension.permissions).not.toContain("tools.transform_output");
    // The host accepts after_tool_call with tools.intercept alone (PROTOCOL.md), so the hook stays.
    expect(manifest.extension.hooks).toContainEqual({ hook: "after_tool_call" });
    expect(result.stderr).toContain("WARNING: redaction of tool output is OFF");
    expect(result.stdout).toContain("tools.transform_output left out");

    const again = await install([dir]);
    expect(again.code).toBe(0);
    expect(readJson(manifestFile).extension.permissions).not.toContain("tools.transform_output");
    expect(again.stderr).toContain("redaction of tool output is OFF");

    const back = await install([dir, "--transform-output"]);
    expect(back.code).toBe(0);
    expect(readJson(manifestFile).extension.permissions).toContain("tools.transform_output");
    expect(back.stderr).not.toContain("redaction of tool output is OFF");
  });

  test("the two flags together are a usage error", async () => {
    const result = await install([freshDir(), "--no-transform-output", "--transform-output", "--dry-run"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("contradict");
  });
});
