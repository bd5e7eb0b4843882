// The command line's view of a policy: check in observe mode and over a file
// of calls, previews of other hooks, validate's warnings and --strict,
// status, rules, doctor, --help on every subcommand, and files that are not
// regular files (a FIFO never hangs the command line).
import { describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { USAGE } from "../src/cli/usage.ts";
import { pluginFolder, runCli } from "./harness.ts";

const TRIAL =
  'version = 1\ninclude = ["builtin:git"]\n[[rule]]\nid = "trial-wget"\nwhen = { command = "wget" }\ndecision = "block"\nreason = "wget is on trial"\nmode = "observe"\n';

describe("check", () => {
  test("observe mode: exit 0 and `would: <decision>`; --explain lists the policy's files in precedence order", async () => {
    const folder = pluginFolder(TRIAL);
    const result = await runCli(["check", "bash", "wget https://example.com", "--explain", "--policy", folder.policyFile]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("decision: continue");
    expect(result.stdout).toContain(
      `would:    block (rule trial-wget (${folder.policyFile}:3)) — observe mode: the call goes on; it would say: wget is on trial [rule trial-wget]`,
    );
    expect(result.stdout).toContain(`files, in precedence order:\n    1. ${folder.policyFile}\n    2. builtin:git (included from ${folder.policyFile}:2)`);
  });

  test("--file: a decision table and a summary, from plain lines and JSONL tool calls", async () => {
    const folder = pluginFolder(TRIAL);
    const calls = join(folder.root, "calls.txt");
    writeFileSync(
      calls,
      [
        "# a comment",
        "ls -la",
        "git push --force",
        "wget http://x",
        '{"tool": "read", "input": {"path": "README.md"}}',
        '{"tool_name": "bash", "tool_input": {"command": "git reset --hard"}}',
        "",
      ].join("\n"),
    );
    const result = await runCli(["check", "--file", calls, "--policy", folder.policyFile]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^line +decision +rule +tool +input$/m);
    expect(result.stdout).toMatch(/^3 +confirm +git-force-push +bash +git push --force$/m);
    expect(result.stdout).toMatch(/^4 +continue \(would block\) +trial-wget +bash +wget http:\/\/x$/m);
    expect(result.stdout).toMatch(/^5 +continue +- +read +README\.md$/m);
    expect(result.stdout).toMatch(/^6 +confirm +git-reset-hard +bash +git reset --hard$/m);
    expect(result.stdout).toContain("5 calls: 3 continue, 2 confirm; 1 would be decided otherwise with observed rules enforced");
  });

  test("--hook on_session_start shows what is injected", async () => {
    const result = await runCli(["check", "--hook", "on_session_start"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("decision: inject");
    expect(result.stdout).toContain("appended to the system prompt:\n  ");
  });

  test("--hook after_tool_call --output FILE shows each redaction, where, and by which detector — never the secret", async () => {
    const folder = pluginFolder();
    const output = join(folder.root, "output.txt");
    writeFileSync(output, "deploying\nkey AKIAIOSFODNN7EXAMPLE done\ntoken ghp_16C7e42F292c6912E7710c838347Ae178B4a\n");
    const result = await runCli(["check", "--hook", "after_tool_call", "--output", output]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("decision: redact (2 secrets replaced)");
    expect(result.stdout).toMatch(/line 2, column 5: aws\S* \(20 characters\) → \[REDACTED:aws\S*\]/);
    expect(result.stdout).toMatch(/line 3, column 7: github\S* \(40 characters\)/);
    expect(result.stdout).not.toContain("AKIAIOSFODNN7EXAMPLE");
    expect(result.stdout).not.toContain("ghp_16C7");
    // Which families the shipped default switches on (every one), named.
    expect(result.stdout).toContain("families: every detector family (31): private-key, aws, google, github,");
    const json = JSON.parse((await runCli(["check", "--hook", "after_tool_call", "--output", output, "--json"])).stdout);
    expect(json.families[0]).toMatchObject({ rule: "redact-secrets-in-output", patterns: 0 });
    expect(json.families[0].families).toContain("database-url");
  });

  test("a policy's own pattern is redacted in what check prints for a tool call (issue 29 item 4)", async () => {
    const folder = pluginFolder(
      'version = 1\n[[rule]]\nid = "acme"\nhook = "after_tool_call"\ndecision = "redact"\npatterns = [\'acme_[a-z0-9]{16}\']\n[[rule]]\nid = "no-curl"\nwhen = { command = "curl" }\ndecision = "block"\nreason = "no curl"\n',
    );
    const command = "curl -H 'X-Acme: acme_k3y9f0a8b7c6d5e4' https://api.acme.test";
    for (const extra of [["--explain"], ["--json"]]) {
      const result = await runCli(["check", "bash", command, "--policy", folder.policyFile, ...extra]);
      expect(result.code).toBe(2);
      expect(result.stdout).toContain("[REDACTED:acme]");
      expect(result.stdout).not.toContain("acme_k3y9f0a8b7c6d5e4");
    }
  });

  test("a --policy FILE that does not exist is an error, not the default", async () => {
    const result = await runCli(["check", "bash", "ls", "--policy", "/nonexistent/policy.toml"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no such file (it was named explicitly");
  });
});

describe("files that are not regular files never hang the command line", () => {
  test("a FIFO as the policy is refused at once (--file and --output go through the same reader: test/unit/cli)", async () => {
    const folder = pluginFolder();
    const fifo = join(folder.root, "fifo");
    execFileSync("mkfifo", [fifo]);
    expect(await runCli(["validate", fifo])).toMatchObject({ code: 1, stderr: expect.stringContaining("a named pipe, not a regular file") });
  });
});

describe("validate", () => {
  test("warnings for rules that can never fire exit 0, and 1 with --strict", async () => {
    const folder = pluginFolder('version = 1\n[[rule]]\nid = "typo"\ntool = "raed"\ndecision = "block"\n[[override]]\nrules = "nothing-*"\ndecision = "off"\n');
    const [plain, strict] = await Promise.all([runCli(["validate", folder.policyFile]), runCli(["validate", folder.policyFile, "--strict"])]);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toContain(`warning: ${folder.policyFile}:4:1: rule[1] "typo": tool: tool "raed" is not a tool the host has`);
    expect(plain.stderr).toContain('override[1]: rules = "nothing-*" matches no rule');
    expect(plain.stdout).toContain("valid — 1 rules, 0 inline tests passed");
    expect(plain.stdout).toContain("2 warnings");
    expect(strict.code).toBe(1);
  });
});

describe("status, rules, doctor", () => {
  test("status and rules show where the policy comes from, its mode and its rules", async () => {
    const folder = pluginFolder(TRIAL);
    const [status, rules] = await Promise.all([runCli(["status", "--policy", folder.policyFile]), runCli(["rules", "--policy", folder.policyFile])]);
    expect(status.stdout).toContain(`policy: ${folder.policyFile} (hash `);
    expect(status.stdout).toContain("1 in observe mode");
    expect(status.stdout).toContain(`files, in precedence order:\n  1. ${folder.policyFile}\n  2. builtin:git`);
    expect(status.stdout).toMatch(/audit log: \S+/);
    expect(rules.stdout).toContain(`block    trial-wget — wget is on trial (${folder.policyFile}:3) [observe]`);
    expect(rules.stdout).toMatch(/confirm +git-force-push .*\(builtin:git:\d+\)/);
  });

  test("doctor checks the plugin folder, the manifest, permissions, redaction, the policy and the audit log", async () => {
    const result = await runCli(["doctor"]);
    expect(result.stdout).toMatch(/^ok +manifest: .*plugin\.json \(version \S+, as this binary\)$/m);
    expect(result.stdout).toContain("asks for: tools.register, tools.intercept, tools.transform_output, session.lifecycle");
    expect(result.stdout).toMatch(/^ok +redaction of tool output: on$/m);
    expect(result.stdout).toMatch(/^ok +policy: .* valid/m);
    expect(result.stdout).toMatch(/^ok +audit log: .* can be written$/m);
    expect(result.code).toBe(0);
  });

  test("--help on a subcommand prints its usage and exits 0", async () => {
    // Every subcommand goes through the same --help check in main.ts; a few stand for all.
    const results = await Promise.all(["check", "log", "replay", "doctor"].map(async (command) => ({ command, result: await runCli([command, "--help"]) })));
    for (const { command, result } of results)
      expect({ command, code: result.code, start: result.stdout.slice(0, 30) }).toEqual({ command, code: 0, start: USAGE[command]!.slice(0, 30) });
  });
});
