// The command line through the binary: exit codes, usage errors, what each
// command prints. What `check` says about a verdict is tested in process
// (test/unit/report/); here its JSON output is held to a golden file. Each
// test runs its own processes in its own folder, so they run concurrently.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import packageJson from "../package.json" with { type: "json" };
import { HOST_BINARY, pluginFolder, runCli } from "./harness.ts";
import { expectGolden } from "./support/golden.ts";
import { setTestLimit, TEST_LIMIT_MS } from "./support/test-limit.ts";

setTestLimit();

/** One rule for each decision check exits with: a small policy starts faster than the default's packs. */
const DECISIONS_POLICY = `version = 1
[[rule]]
id = "no-rm"
when = { command = "rm" }
decision = "block"
[[rule]]
id = "ask-push"
when = { command = "git", subcommand = "push" }
decision = "confirm"
[[rule]]
id = "timeout"
tool = "bash"
when = { command = "sleep" }
decision = "modify"
modify = { set = { timeout = 1000 } }
`;

describe("check", () => {
  test.concurrent("exit codes: 0 continue, 2 block, 3 confirm, 4 modify", async () => {
    const policy = pluginFolder(DECISIONS_POLICY).policyFile;
    const runs = await Promise.all(["ls -la", "sudo rm -rf /", "git push --force", "sleep 5"].map((command) => runCli(["check", "bash", command, "--policy", policy])));
    expect(runs.map((run) => run.code)).toEqual([0, 2, 3, 4]);
    expect(runs[3]!.stdout).toContain('input:    {"command":"sleep 5","timeout":1000}');
  });

  test.concurrent("exit 1 and a usage message for a missing input", async () => {
    const result = await runCli(["check", "bash"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("check needs exactly a tool and an input");
    expect(result.stderr).toContain("Usage: synaps-policy check");
  });

  test.concurrent("exit 1 and the problems when the policy is invalid", async () => {
    const folder = pluginFolder('version = 1\n[[rule]]\nid = "x"\ndecision = "nope"\n');
    const result = await runCli(["check", "bash", "ls", "--policy", folder.policyFile]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(':4:1: rule[1] "x": decision');
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

  test.concurrent("a rule for a hook the manifest does not subscribe is a warning that says how to subscribe", async () => {
    const folder = pluginFolder('version = 1\n[[rule]]\nid = "deploys"\nhook = "before_message"\ndecision = "inject"\ncontent = "CI deploys."\n');
    const result = await runCli(["validate", folder.policyFile]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('rule "deploys" is for before_message');
    expect(result.stderr).toContain('"privacy.llm_content" to extension.permissions');
  });

  test.concurrent("a missing file is an error", async () => {
    const result = await runCli(["validate", "/nonexistent/policy.toml"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no such file");
  });
});

describe("schema and init", () => {
  test.concurrent("schema prints a JSON Schema with descriptions for editors", async () => {
    const result = await runCli(["schema"]);
    const schema = JSON.parse(result.stdout);
    expect(schema.title).toBe("synaps-policy policy file");
    expect(schema.additionalProperties).toBe(false);
    const rule = schema.properties.rule.items;
    expect(rule.properties.decision.enum).toContain("confirm");
    expect(rule.properties.id.description).toContain("unique");
  });

  test.concurrent("init writes the commented starter policy and its schema, and validate accepts it", async () => {
    const folder = pluginFolder();
    const result = await runCli(["init", folder.policyFile]);
    expect(result.code).toBe(0);
    const text = readFileSync(folder.policyFile, "utf8");
    expect(text).toStartWith("#:schema ./policy.schema.json");
    expect(existsSync(join(folder.root, "policy.schema.json"))).toBe(true);
    expect((await runCli(["validate", folder.policyFile])).code).toBe(0);
  });

  test.concurrent("init refuses to overwrite a policy, unless --force", async () => {
    const folder = pluginFolder("version = 1\n# mine\n");
    const refused = await runCli(["init", folder.policyFile]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("already exists");
    expect(readFileSync(folder.policyFile, "utf8")).toBe("version = 1\n# mine\n");
    expect((await runCli(["init", folder.policyFile, "--force"])).code).toBe(0);
    expect(readFileSync(folder.policyFile, "utf8")).toContain("builtin:destructive-fs");
  });
});

describe("the rest of the command line", () => {
  test.concurrent("--version names the package version", async () => {
    expect((await runCli(["--version"])).stdout).toStartWith(`synaps-policy ${packageJson.version} (`);
  });

  test.concurrent("an unknown command exits 1 with the help", async () => {
    const result = await runCli(["frobnicate"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unknown command "frobnicate"');
  });

  test.concurrent("an unknown option is a usage error", async () => {
    const result = await runCli(["check", "bash", "ls", "--jsn"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("unknown option --jsn");
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
