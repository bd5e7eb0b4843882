// The /policy slash command, answered through command.invoke by the
// extension in process (the dispatch table the binary serves).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { pluginFolder, type PluginFolder } from "./support/host-events.ts";
import { type InProcessHost, startHost } from "./support/in-process-host.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

const POLICY = 'version = 1\n[[rule]]\nid = "no-alpha"\nwhen = { command = "alpha" }\ndecision = "block"\nreason = "alpha is off"\n';
let folder: PluginFolder;
let ext: InProcessHost;
beforeAll(async () => {
  folder = pluginFolder(POLICY);
  ext = await startHost(folder);
});
afterAll(async () => {
  ext.close();
});

async function invoke(args: unknown, command = "policy"): Promise<string> {
  return await ext.request("command.invoke", { command, args, request_id: "r1" });
}

describe("/policy", () => {
  test("status names the policy file, its rules and the audit log", async () => {
    const text = await invoke("status");
    expect(text).toContain(`policy: ${folder.policyFile}`);
    expect(text).toContain("rules: 1 (0 from built-in packs)");
    expect(text).toContain(`audit log: ${folder.auditLog}`);
  });

  test("check gives the same account as the command line", async () => {
    const text = await invoke("check bash alpha --now");
    expect(text).toContain("decision: block");
    expect(text).toContain(`rule:     no-alpha (${folder.policyFile}:2)`);
    expect(text).toContain("reason:   alpha is off");
  });

  test("check takes quoted input as the command line does", async () => {
    expect(await invoke(`check bash 'alpha --now && rm -rf "/tmp/a b"'`)).toContain("decision: block");
    const text = await invoke(`check bash "echo 'alpha'"`);
    expect(text).toContain("decision: continue");
    expect(text).toContain("1. echo alpha");
    expect(await invoke(`check read '{"path": "~/.ssh/id_rsa"}'`)).toContain("decision: continue");
  });

  test("status says where the policy comes from and how the audit log is", async () => {
    const text = await invoke("status");
    expect(text).toContain(`files, in precedence order:\n  1. ${folder.policyFile}`);
    expect(text).toContain(`audit log: ${folder.auditLog} (healthy)`);
    expect(text).toContain("model dry runs: off (model_dry_run)");
  });

  test("check takes the arguments as a list too", async () => {
    expect(await invoke(["check", "bash", "ls"])).toContain("decision: continue");
  });

  test("rules lists the rules by hook with where they are written", async () => {
    expect(await invoke("rules")).toContain(`before_tool_call:\n  block    no-alpha — alpha is off (${folder.policyFile}:2)`);
  });

  test("reload applies an edit at once, and a broken edit is refused with the reason", async () => {
    writeFileSync(folder.policyFile, POLICY.replaceAll("alpha", "beta"));
    expect(await invoke("reload")).toContain("reloaded");
    expect(await invoke("check bash beta")).toContain("decision: block");
    writeFileSync(folder.policyFile, "version = 2\n");
    const refused = await invoke("reload");
    expect(refused).toContain("not reloaded; the last good policy stays in force");
    expect(refused).toContain("version");
    expect(await invoke("status")).toContain("last reload FAILED");
  });

  test("an unknown subcommand answers with the help", async () => {
    const text = await invoke("frobnicate");
    expect(text).toContain('unknown subcommand "frobnicate"');
    expect(text).toContain("/policy check <tool> <input>");
  });

  test("no subcommand answers with the help", async () => {
    expect(await invoke("")).toContain("/policy status");
  });

  test("another command name is answered, not an error", async () => {
    expect(await invoke("x", "other")).toContain('no command "other"');
  });
});
