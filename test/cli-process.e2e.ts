// The command line as a process (the rest is in process, test/cli.test.ts):
// the exit code the shell sees for each decision, the golden --json account
// with HOME set, validate of the embedded default in an empty HOME, --version,
// the help on a terminal, and src/main.ts's last guard — a subcommand that
// fails unexpectedly prints one readable line and exits 1, never a stack trace.
import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import packageJson from "../package.json" with { type: "json" };
import { HOST_BINARY, pluginFolder, runCli } from "./harness.ts";
import { DECISIONS_POLICY } from "./support/decisions-policy.ts";
import { expectGolden } from "./support/golden.ts";
import { TEST_LIMIT_MS } from "./support/test-limit.ts";

describe("check", () => {
  test.concurrent("exit codes: 0 continue, 2 block, 3 confirm, 4 modify", async () => {
    const policy = pluginFolder(DECISIONS_POLICY).policyFile;
    const runs = await Promise.all(["ls -la", "sudo rm -rf /", "git push --force", "sleep 5"].map((command) => runCli(["check", "bash", command, "--policy", policy])));
    expect(runs.map((run) => run.code)).toEqual([0, 2, 3, 4]);
    expect(runs[3]!.stdout).toContain('input:    {"command":"sleep 5","timeout":1000}');
  });

  test.concurrent("--json output is the golden account: decision, deciding rule, matched rules, commands and flows", async () => {
    const policy = join(import.meta.dir, "fixtures", "golden", "check-policy.toml");
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: "/home/ada", LANG: "C.UTF-8" };
    const result = await runCli(["check", "bash", "cd /tmp && sudo rm -rf build ~/notes | tee log", "--json", "--policy", policy], { env });
    expect(result.code).toBe(2);
    expectGolden("check.json", result.stdout.replaceAll(policy, "<policy>"));
  });
});

describe("validate", () => {
  test.concurrent("the embedded default is valid and its tests pass", async () => {
    const result = await runCli(["validate"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /embedded default policy: valid — \d+ rules \(builtin:destructive-fs, builtin:git, builtin:secrets, builtin:remote-code, builtin:agent-config(?:, builtin:[a-z-]+)* included\), \d+ inline tests passed/,
    );
  });
});

describe("the rest of the command line", () => {
  test.concurrent("--version names the package version", async () => {
    expect((await runCli(["--version"])).stdout).toStartWith(`synaps-policy ${packageJson.version} (`);
  });
});

describe("on a terminal", () => {
  const hasScript = Bun.spawnSync(["sh", "-c", "command -v script"]).success;
  test.skipIf(!hasScript)("with no arguments it prints the help instead of waiting for frames", async () => {
    // util-linux `script` gives the executable a terminal as stdin.
    const proc = Bun.spawn(["script", "-qec", HOST_BINARY, "/dev/null"], { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    // Killed if it waits for frames: a bound on a hang, within the test's own limit so the failure says what happened.
    const timer = setTimeout(() => proc.kill(), TEST_LIMIT_MS / 2);
    const stdout = await new Response(proc.stdout).text();
    clearTimeout(timer);
    expect(await proc.exited).toBe(0);
    expect(stdout).toContain("Usage:");
  });
});

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

describe("the directory it runs in", () => {
  test.concurrent("a bunfig.toml preload or a .env there is not read: a cloned repository cannot run code or swap the policy", async () => {
    const dir = mkdtempSync(join(tmpdir(), "synaps-cwd-"));
    const marker = join(dir, "preload-ran");
    await Bun.write(join(dir, "bunfig.toml"), 'preload = ["./preload.js"]\n');
    await Bun.write(join(dir, "preload.js"), `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran");\n`);
    await Bun.write(join(dir, ".env"), `SYNAPS_EXTENSION_SYNAPS_POLICY_POLICY_FILE=${join(dir, "other-policy.toml")}\n`);
    const result = await runCli(["check", "bash", "sudo rm -rf /"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(await Bun.file(marker).exists()).toBe(false);
  });
});
