// `synaps-policy log` and `replay` over an audit log (and its rotated files)
// written the way the extension writes it.
import { describe, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AuditRecord } from "../src/report/audit-record.ts";
import { HOST_BINARY, pluginFolder, runCli } from "./harness.ts";

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const call = (minutes: number, command: string, decision: string, rule: string | null, extra: Partial<AuditRecord> = {}): AuditRecord => ({
  time: ago(minutes),
  session_id: "s-1",
  hook: "before_tool_call",
  tool: "bash",
  decision,
  rule,
  input: JSON.stringify({ command }),
  tool_input: { command },
  ...extra,
});

function auditFolder() {
  const folder = pluginFolder();
  mkdirSync(join(folder.root, "logs"));
  const lines = (records: AuditRecord[]) => `${records.map((record) => JSON.stringify(record)).join("\n")}\n`;
  // The rotated file holds the older records.
  writeFileSync(`${folder.auditLog}.1`, lines([call(300, "rm -rf ~", "block", "fs-recursive-delete"), call(290, "ls", "continue", null)]));
  writeFileSync(
    folder.auditLog,
    `${lines([
      call(50, "git push --force", "confirm", "git-force-push"),
      call(40, "wget http://x", "continue", null, { would_decision: "block", would_rule: "trial-wget" }),
      call(30, "rm -rf ~", "block", "fs-recursive-delete", { session_id: "s-2" }),
      {
        time: ago(25),
        hook: "policy_tool",
        tool: "bash",
        session_id: "s-2",
        dry_run: "answered",
        decision: "block",
        rule: "fs-recursive-delete",
        input: '{"command":"rm -rf ~/a"}',
      },
      { time: ago(24), hook: "policy_tool", tool: "bash", session_id: "s-2", dry_run: "refused", decision: null, input: '{"command":"rm -rf ~/b"}' },
      { time: ago(20), event: "audit_gap", dropped: 7, since: ago(22), error: "ENOSPC" },
      call(10, "cat .env", "block", "secrets-env-files", { tool_input: undefined, tool_input_omitted: "too large" }),
    ])}{"time": "torn`,
  );
  return folder;
}

describe("log", () => {
  test("a table of the newest records from the log and its rotated files, oldest first; a torn line is skipped", async () => {
    const folder = auditFolder();
    const result = await runCli(["log", folder.auditLog]);
    expect(result.code).toBe(0);
    const rows = result.stdout.trim().split("\n");
    expect(rows[0]).toMatch(/^time +hook +tool +decision +rule +input$/);
    expect(rows[1]).toMatch(/before_tool_call +bash +block +fs-recursive-delete +\{"command":"rm -rf ~"\}$/);
    expect(result.stdout).toMatch(/continue \(would block\) +trial-wget \(observed\)/);
    expect(result.stdout).toMatch(/policy_tool +bash +dry run refused/);
    expect(result.stdout).toMatch(/audit_gap +- +7 lost +- +ENOSPC/);
    expect(rows).toHaveLength(10);
    expect(result.stderr).toContain("1 lines that are not records were skipped");
  });

  test("filters: --since, --decision, --rule (globs), --tool, --session, and --json", async () => {
    const folder = auditFolder();
    const [recent, stopped, rules, session] = await Promise.all([
      runCli(["log", folder.auditLog, "--since", "2h", "--json"]),
      runCli(["log", folder.auditLog, "--decision", "block,confirm", "--hook", "before_tool_call", "--json"]),
      runCli(["log", folder.auditLog, "--rule", "fs-*|trial-*", "--tool", "bash", "--json"]),
      runCli(["log", folder.auditLog, "--session", "s-2", "--json"]),
    ]);
    const commands = (result: { stdout: string }) =>
      result.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line))
        .map((record) => record.event ?? `${record.decision}:${record.input}`);
    expect(commands(recent)).toHaveLength(7);
    expect(commands(stopped)).toEqual(['block:{"command":"rm -rf ~"}', 'confirm:{"command":"git push --force"}', 'block:{"command":"rm -rf ~"}', 'block:{"command":"cat .env"}']);
    expect(commands(rules)).toEqual(['block:{"command":"rm -rf ~"}', 'continue:{"command":"wget http://x"}', 'block:{"command":"rm -rf ~"}', 'block:{"command":"rm -rf ~/a"}']);
    expect(commands(session)).toEqual(['block:{"command":"rm -rf ~"}', 'block:{"command":"rm -rf ~/a"}', 'null:{"command":"rm -rf ~/b"}']);
  });

  test("--stats: decisions, rules, top stopped calls, observe mode, dry runs per session, records lost", async () => {
    const result = await runCli(["log", auditFolder().auditLog, "--stats"]);
    expect(result.stdout).toMatch(/by decision:\n +3 +block\n +2 +continue\n +1 +confirm\n\n/);
    expect(result.stdout).toMatch(/by rule:\n +2 +fs-recursive-delete \(block\)/);
    expect(result.stdout).toMatch(/top stopped calls:\n +count +decision +rule +call\n +2 +block +fs-recursive-delete +bash \{"command":"rm -rf ~"\}/);
    expect(result.stdout).toMatch(/observe mode: would have been decided otherwise:\n +1 +block by trial-wget/);
    expect(result.stdout).toMatch(/dry runs of the model's policy tool, by session[^\n]*\n +session +answered +would stop +refused +while off\n +s-2 +1 +1 +1 +0/);
    expect(result.stdout).toContain("records lost: 7 in 1 episode the log could not be written (last: ENOSPC)");
  });

  test("--follow prints records as they are written", async () => {
    const folder = auditFolder();
    const proc = Bun.spawn([HOST_BINARY, "log", folder.auditLog, "--follow", "--json", "--limit", "1"], { stdout: "pipe", stderr: "pipe" });
    const reader = proc.stdout.getReader();
    let seen = "";
    let pending = reader.read();
    const until = async (text: string) => {
      const deadline = Date.now() + 5_000;
      while (!seen.includes(text) && Date.now() < deadline) {
        const chunk = await Promise.race([pending, Bun.sleep(250).then(() => undefined)]);
        if (chunk === undefined) continue;
        if (chunk.done) break;
        seen += new TextDecoder().decode(chunk.value);
        pending = reader.read();
      }
      return seen.includes(text);
    };
    try {
      expect(await until("cat .env")).toBe(true);
      appendFileSync(folder.auditLog, `\n${JSON.stringify(call(0, "echo followed", "continue", null))}\n`);
      expect(await until("echo followed")).toBe(true);
    } finally {
      proc.kill();
    }
  });

  test("no log yet is said plainly", async () => {
    const result = await runCli(["log", join(pluginFolder().root, "logs", "audit.jsonl")]);
    expect(result).toMatchObject({ code: 1, stderr: expect.stringContaining("no audit log at") });
  });
});

describe("replay", () => {
  test("judges the recorded calls under another policy and prints what would change", async () => {
    const folder = auditFolder();
    const policy = join(folder.root, "new.toml");
    writeFileSync(policy, 'version = 1\ninclude = ["builtin:destructive-fs"]\n[[rule]]\nid = "no-ls"\nwhen = { command = "ls" }\ndecision = "block"\n');
    const result = await runCli(["replay", folder.auditLog, "--policy", policy]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/bash +continue +block \(no-ls\) +runs → blocked +\{"command":"ls"\}/);
    expect(result.stdout).toMatch(/bash +confirm \(git-force-push\) +continue +asks → runs +\{"command":"git push --force"\}/);
    expect(result.stdout).not.toContain("rm -rf ~");
    expect(result.stdout).toContain(`5 recorded tool calls judged again under ${policy}`);
    expect(result.stdout).toContain("2 would change what happens (1 asks → runs, 1 runs → blocked); 1 without a kept input were skipped");
  });

  test("needs --policy", async () => {
    const result = await runCli(["replay", "x.jsonl"]);
    expect(result).toMatchObject({ code: 1, stderr: expect.stringContaining("replay needs --policy FILE") });
  });
});
