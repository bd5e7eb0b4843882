// The command line in process: runCommand (src/cli/run.ts) with a writer that
// collects, the same dispatch the binary runs — exit codes, usage errors, what
// each command prints. What `check` says about a verdict is tested in process
// too (test/unit/report/). What only the process can show — the exit code as
// the shell sees it, --version, the help on a terminal, the golden --json
// account with HOME set, validate with an empty HOME — is in
// test/cli-process.e2e.ts (`bun run test:e2e`).
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { collectingIo } from "../src/cli/io.ts";
import { runCommand } from "../src/cli/run.ts";
import { pluginFolder } from "./support/host-events.ts";
import { DECISIONS_POLICY } from "./support/decisions-policy.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

async function run(args: string[]) {
  const io = collectingIo();
  const [command, ...rest] = args;
  const code = await runCommand(command!, rest, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe("check", () => {
  test("exit codes: 0 continue, 2 block, 3 confirm, 4 modify", async () => {
    const policy = pluginFolder(DECISIONS_POLICY).policyFile;
    const runs = await Promise.all(["ls -la", "sudo rm -rf /", "git push --force", "sleep 5"].map((command) => run(["check", "bash", command, "--policy", policy])));
    expect(runs.map((each) => each.code)).toEqual([0, 2, 3, 4]);
    expect(runs[3]!.stdout).toContain('input:    {"command":"sleep 5","timeout":1000}');
  });

  test("exit 1 and a usage message for a missing input", async () => {
    const result = await run(["check", "bash"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("check needs exactly a tool and an input");
    expect(result.stderr).toContain("Usage: synaps-policy check");
  });

  test("exit 1 and the problems when the policy is invalid", async () => {
    const folder = pluginFolder('version = 1\n[[rule]]\nid = "x"\ndecision = "nope"\n');
    const result = await run(["check", "bash", "ls", "--policy", folder.policyFile]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(':4:1: rule[1] "x": decision');
  });
});

describe("validate", () => {
  test("a rule for a hook the manifest does not subscribe is a warning that says how to subscribe", async () => {
    const folder = pluginFolder('version = 1\n[[rule]]\nid = "deploys"\nhook = "before_message"\ndecision = "inject"\ncontent = "CI deploys."\n');
    const result = await run(["validate", folder.policyFile]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('rule "deploys" is for before_message');
    expect(result.stderr).toContain('"privacy.llm_content" to extension.permissions');
  });

  test("a missing file is an error", async () => {
    const result = await run(["validate", "/nonexistent/policy.toml"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no such file");
  });
});

describe("schema and init", () => {
  test("schema prints a JSON Schema with descriptions for editors", async () => {
    const result = await run(["schema"]);
    const schema = JSON.parse(result.stdout);
    expect(schema.title).toBe("synaps-policy policy file");
    expect(schema.additionalProperties).toBe(false);
    const rule = schema.properties.rule.items;
    expect(rule.properties.decision.enum).toContain("confirm");
    expect(rule.properties.id.description).toContain("unique");
  });

  test("init writes the commented starter policy and its schema, and validate accepts it", async () => {
    const folder = pluginFolder();
    const result = await run(["init", folder.policyFile]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`wrote ${folder.policyFile}`);
    const text = readFileSync(folder.policyFile, "utf8");
    expect(text).toStartWith("#:schema ./policy.schema.json");
    expect(existsSync(join(folder.root, "policy.schema.json"))).toBe(true);
    expect((await run(["validate", folder.policyFile])).code).toBe(0);
  });

  test("init refuses to overwrite a policy, unless --force", async () => {
    const folder = pluginFolder("version = 1\n# mine\n");
    const refused = await run(["init", folder.policyFile]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("already exists");
    expect(readFileSync(folder.policyFile, "utf8")).toBe("version = 1\n# mine\n");
    expect((await run(["init", folder.policyFile, "--force"])).code).toBe(0);
    expect(readFileSync(folder.policyFile, "utf8")).toContain("builtin:destructive-fs");
  });

  test("init into a path under a file: one line naming the path and the cause, exit 1", async () => {
    const result = await run(["init", "/dev/null/x/policy.toml"]);
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split("\n")).toEqual([expect.stringMatching(/^synaps-policy: .*\/dev\/null\/x: not a directory \(mkdir\)$/)]);
  });
});

describe("the rest of the command line", () => {
  test("an unknown command exits 1 with the help", async () => {
    const result = await run(["frobnicate"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unknown command "frobnicate"');
  });

  test("an unknown option is a usage error", async () => {
    const result = await run(["check", "bash", "ls", "--jsn"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("unknown option --jsn");
  });
});
