// Where the policy comes from, failing closed on a broken one, and reloading
// on change without ever running on a broken policy.
import { afterEach, describe, expect, test } from "bun:test";
import { renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bashCall, hookEvent, pluginFolder, readAudit, startExtension, toolCall, type ExtensionProcess, type PluginFolder } from "./harness.ts";

const blocks = (command: string) => `version = 1\n[[rule]]\nid = "no-${command}"\nwhen = { command = "${command}" }\ndecision = "block"\nreason = "${command} is off"\n`;

let ext: ExtensionProcess | undefined;
afterEach(async () => {
  await ext?.stop();
  ext = undefined;
});

async function decide(command: string) {
  return (await ext!.request("hook.handle", bashCall(command))).result;
}

/** Poll until the condition holds (reloads are asynchronous by nature). */
async function eventually(condition: () => Promise<boolean> | boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await Bun.sleep(25);
  }
  throw new Error("condition not met in time");
}

describe("where the policy comes from", () => {
  test("policy_file from initialize, relative to the plugin root", async () => {
    const folder = pluginFolder(blocks("alpha"), "custom.toml");
    ext = await startExtension(folder, { policy_file: "custom.toml" });
    expect((await decide("alpha")).action).toBe("block");
  });

  test("an absolute policy_file and ~ are honoured", async () => {
    const folder = pluginFolder(blocks("beta"), "elsewhere.toml");
    ext = await startExtension(pluginFolder(), { policy_file: folder.policyFile });
    expect((await decide("beta")).action).toBe("block");
  });

  test("JSON and YAML files load like TOML", async () => {
    const json = pluginFolder(JSON.stringify({ version: 1, rule: [{ id: "j", when: { command: "gamma" }, decision: "block" }] }), "policy.json");
    ext = await startExtension(json, { policy_file: "policy.json" });
    expect((await decide("gamma")).action).toBe("block");
    await ext.stop();
    const yaml = pluginFolder("version: 1\nrule:\n  - id: y\n    when: { command: delta }\n    decision: confirm\n", "policy.yaml");
    ext = await startExtension(yaml, { policy_file: "policy.yaml" });
    expect((await decide("delta")).action).toBe("confirm");
  });

  test("no file: the embedded default policy protects the user", async () => {
    ext = await startExtension(pluginFolder());
    expect((await decide("rm -rf ~")).action).toBe("block");
    expect((await decide("git status")).action).toBe("continue");
  });
});

describe("failing closed", () => {
  test("a policy broken at start blocks tool calls with a reason that names file, line and the fix", async () => {
    const folder = pluginFolder('version = 1\n[[rule]]\nid = "x"\ndecision = "blokc"\n');
    ext = await startExtension(folder);
    const result = await decide("ls");
    expect(result.action).toBe("block");
    expect(result.reason).toContain(`${folder.policyFile}:4:1: rule[1] "x": decision`);
    expect(result.reason).toContain(`synaps-policy validate ${folder.policyFile}`);
  });

  test("a policy whose inline tests fail never becomes active", async () => {
    const folder = pluginFolder(`${blocks("ls")}\n[[test]]\ninput = "ls"\nexpect = "continue"\n`);
    ext = await startExtension(folder);
    const result = await decide("git status");
    expect(result.action).toBe("block");
    expect(result.reason).toContain("expected continue, got block");
  });

  test("a broken policy that asked for on_error = confirm gets confirm", async () => {
    ext = await startExtension(pluginFolder('version = 1\n[defaults]\non_error = "confirm"\n[[rule]]\nid = "x"\n'));
    expect((await decide("ls")).action).toBe("confirm");
  });

  test("with a broken policy, secrets in tool output are still redacted", async () => {
    ext = await startExtension(pluginFolder("version = 'x'"));
    const result = (await ext.request("hook.handle", hookEvent("after_tool_call", { tool_name: "bash", tool_output: "key AKIAIOSFODNN7EXAMPLE" }))).result;
    expect(result).toEqual({ action: "replace", output: "key [REDACTED:aws]" });
  });

  test("a command whose program is only known at run time gets on_error", async () => {
    ext = await startExtension(pluginFolder(blocks("alpha")));
    const result = await decide('$EDITOR notes.txt');
    expect(result.action).toBe("block");
    expect(result.reason).toContain("the program to run is only known at run time: $EDITOR");
  });

  test("on_error = continue lets unanalysable calls through, as asked", async () => {
    ext = await startExtension(pluginFolder('version = 1\n[defaults]\non_error = "continue"\n'));
    expect((await decide("$EDITOR notes.txt")).action).toBe("continue");
  });
});

describe("reloading", () => {
  async function reloaded(folder: PluginFolder, count: number) {
    await eventually(() => readAudit(folder).filter((record) => record.event === "policy_reload").length >= count);
  }

  test("an in-place edit applies without a restart", async () => {
    const folder = pluginFolder(blocks("alpha"));
    ext = await startExtension(folder);
    expect((await decide("alpha")).action).toBe("block");
    writeFileSync(folder.policyFile, blocks("beta"));
    await eventually(async () => (await decide("beta")).action === "block");
    expect((await decide("alpha")).action).toBe("continue");
  });

  test("an editor's rename-over-the-file applies too, and watching goes on after it", async () => {
    const folder = pluginFolder(blocks("alpha"));
    ext = await startExtension(folder);
    await decide("alpha");
    const temporary = join(folder.root, ".policy.toml.swp");
    writeFileSync(temporary, blocks("beta"));
    renameSync(temporary, folder.policyFile);
    await eventually(async () => (await decide("beta")).action === "block");
    writeFileSync(temporary, blocks("gamma"));
    renameSync(temporary, folder.policyFile);
    await eventually(async () => (await decide("gamma")).action === "block");
  });

  test("a broken edit keeps the last good policy and says why in the audit log and on stderr", async () => {
    const folder = pluginFolder(blocks("alpha"));
    ext = await startExtension(folder);
    await decide("alpha");
    writeFileSync(folder.policyFile, 'version = 1\n[[rule]]\nid = "x"\ndecision = "nope"\n');
    await reloaded(folder, 1);
    expect((await decide("alpha")).action).toBe("block");
    const record = readAudit(folder).find((entry) => entry.event === "policy_reload")!;
    expect(record.ok).toBe(false);
    expect(record.problems[0]).toContain(':4:1: rule[1] "x": decision');
    await eventually(() => ext!.stderrSoFar().includes("keeping the last good policy"));
  });

  test("an edit whose inline tests fail is not swapped in", async () => {
    const folder = pluginFolder(blocks("alpha"));
    ext = await startExtension(folder);
    await decide("alpha");
    writeFileSync(folder.policyFile, `${blocks("beta")}\n[[test]]\ninput = "beta"\nexpect = "continue"\n`);
    await reloaded(folder, 1);
    expect((await decide("alpha")).action).toBe("block");
    expect((await decide("beta")).action).toBe("continue");
  });

  test("fixing a policy that was broken at start opens it up", async () => {
    const folder = pluginFolder("version = 'broken'");
    ext = await startExtension(folder);
    expect((await decide("ls")).action).toBe("block");
    writeFileSync(folder.policyFile, blocks("alpha"));
    await eventually(async () => (await decide("ls")).action === "continue");
  });

  test("deleting the file falls back to the embedded default", async () => {
    const folder = pluginFolder(blocks("alpha"));
    ext = await startExtension(folder);
    await decide("alpha");
    unlinkSync(folder.policyFile);
    await eventually(async () => (await decide("alpha")).action === "continue");
    expect((await decide("rm -rf ~")).action).toBe("block");
  });

  test("the policy tool reports the rules in force", async () => {
    const folder = pluginFolder(blocks("alpha"));
    ext = await startExtension(folder, { model_dry_run: "true" });
    const listing = (await ext.request("tool.call", { name: "policy", input: { tool: "bash" } })).result.content;
    expect(listing).toContain("- block [no-alpha]: alpha is off");
    const dryRun = (await ext.request("tool.call", { name: "policy", input: { tool: "bash", input: "alpha --now" } })).result.content;
    expect(dryRun).toStartWith(`bash {"command":"alpha --now"} → block`);
    expect(dryRun).toContain("rule: no-alpha");
    const fileTool = (await ext.request("hook.handle", toolCall("read", { path: "README.md" }))).result;
    expect(fileTool).toEqual({ action: "continue" });
  });
});
