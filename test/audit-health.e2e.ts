// The audit log through the binary: a path that is not a regular file turns
// auditing off loudly and never touches the protocol stream; a write episode
// that fails (here the file size limit of `ulimit -f`) leaves hooks answered,
// counts what was dropped, shows in /policy status, and recovers with a gap
// record; observe mode and replay's input are in the records.
import { describe, expect, test } from "bun:test";
import { renameSync } from "node:fs";
import { basename } from "node:path";
import { AUDIT_RETRY_MS } from "../src/limits.ts";
import { bashCall, ExtensionProcess, HOST_BINARY, pluginFolder, readAudit, startExtension, type PluginFolder } from "./harness.ts";

async function status(ext: ExtensionProcess): Promise<string> {
  return (await ext.request("command.invoke", { command: "policy", args: "status", request_id: "s" })).result;
}

/** The extension with a file size limit, as `ulimit -f` (in KiB) would leave it. */
async function startLimited(folder: PluginFolder, kib: number): Promise<ExtensionProcess> {
  const ext = new ExtensionProcess({ cwd: folder.root, binary: "/bin/bash", args: ["-c", `ulimit -f ${kib}; exec "${HOST_BINARY}"`] });
  await ext.request("initialize", { plugin_root: folder.root, config: { policy_file: basename(folder.policyFile), audit_log: "logs/audit.jsonl" } });
  return ext;
}

describe("the audit log's health", () => {
  test.concurrent("audit_log = /dev/stdout: auditing is off, said loudly, and the protocol stream stays clean", async () => {
    const ext = await startExtension(pluginFolder(), { audit_log: "/dev/stdout" });
    try {
      expect((await ext.request("hook.handle", bashCall("rm -rf ~"))).result.action).toBe("block");
      expect(await status(ext)).toContain("audit log: OFF — /dev/stdout is a symbolic link");
      await ext.stderrOnceItHolds("AUDIT LOG OFF: audit_log /dev/stdout");
      expect(ext.protocolViolation).toBeUndefined();
    } finally {
      await ext.stop();
    }
  }, 20_000);

  test.concurrent("past the file size limit: hooks are answered, drops are counted, and writing resumes with a gap record", async () => {
    const folder = pluginFolder();
    const ext = await startLimited(folder, 4);
    try {
      for (let index = 0; index < 12; index++) expect((await ext.request("hook.handle", bashCall(`echo ${"x".repeat(200)} ${index}`))).result.action).toBe("continue");
      expect(await status(ext)).toMatch(/audit log: \S+ FAILING since \S+ \(EFBIG\); \d+ records dropped so far, retrying/);
      // The person moves the full log aside; the next write after the retry interval starts a new file.
      renameSync(folder.auditLog, `${folder.auditLog}.full`);
      await Bun.sleep(AUDIT_RETRY_MS + 100);
      await ext.request("hook.handle", bashCall("echo again"));
      const [gap, next] = readAudit(folder);
      expect(gap).toMatchObject({ event: "audit_gap", error: "EFBIG" });
      expect(gap!.dropped).toBeGreaterThan(0);
      expect(next).toMatchObject({ hook: "before_tool_call", tool_input: { command: "echo again" } });
      expect(await status(ext)).toContain(`records were dropped`);
    } finally {
      await ext.stop();
    }
  }, 20_000);

  test.concurrent("observe mode is in the record (would_decision, would_rule); status counts observed rules and shows warnings", async () => {
    const folder = pluginFolder(
      'version = 1\n[[rule]]\nid = "trial"\nwhen = { command = "wget" }\ndecision = "block"\nmode = "observe"\n[[rule]]\nid = "typo"\ntool = "raed"\ndecision = "block"\n',
    );
    const ext = await startExtension(folder);
    try {
      expect((await ext.request("hook.handle", bashCall("wget https://example.com"))).result.action).toBe("continue");
      const [record] = readAudit(folder).filter((entry) => entry.hook);
      expect(record).toMatchObject({ decision: "continue", would_decision: "block", would_rule: "trial", tool_input: { command: "wget https://example.com" } });
      // The lint runs after the load, in slices while hooks are answered: status shows its warnings once it said them.
      await ext.stderrOnceItHolds("policy warning: ");
      const text = await status(ext);
      expect(text).toContain("1 in observe mode");
      expect(text).toContain("warnings (1): rules that cannot do what they say\n  ");
      expect(text).toContain('rule[2] "typo": tool: tool "raed" is not a tool the host has');
    } finally {
      await ext.stop();
    }
  }, 20_000);
});
