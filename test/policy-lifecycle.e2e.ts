// Where the policy comes from, failing closed on a broken one, and reloading
// on change without ever running on a broken policy. In process (the same
// dispatch table the binary serves), each test with an extension of its own,
// so the reload tests wait for the quiet period side by side; one test
// through the binary shows the reload diagnostics reach stderr.
import { describe, expect, test } from "bun:test";
import { renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bashCall, hookEvent, pluginFolder, readAudit, startExtension, toolCall, type PluginFolder } from "./harness.ts";
import { eventually } from "./support/eventually.ts";
import { type InProcessHost, withExtension } from "./support/in-process-host.ts";

const blocks = (command: string) => `version = 1\n[[rule]]\nid = "no-${command}"\nwhen = { command = "${command}" }\ndecision = "block"\nreason = "${command} is off"\n`;

async function decide(host: InProcessHost, command: string) {
  return host.request("hook.handle", bashCall(command));
}

describe("where the policy comes from", () => {
  test("policy_file from initialize, relative to the plugin root", async () => {
    const folder = pluginFolder(blocks("alpha"), "custom.toml");
    await withExtension(folder, { policy_file: "custom.toml" }, async (host) => {
      expect((await decide(host, "alpha")).action).toBe("block");
    });
  });

  test("an absolute policy_file is honoured", async () => {
    const folder = pluginFolder(blocks("beta"), "elsewhere.toml");
    await withExtension(pluginFolder(), { policy_file: folder.policyFile }, async (host) => {
      expect((await decide(host, "beta")).action).toBe("block");
    });
  });

  test("JSON and YAML files load like TOML", async () => {
    const json = pluginFolder(JSON.stringify({ version: 1, rule: [{ id: "j", when: { command: "gamma" }, decision: "block" }] }), "policy.json");
    await withExtension(json, { policy_file: "policy.json" }, async (host) => {
      expect((await decide(host, "gamma")).action).toBe("block");
    });
    const yaml = pluginFolder("version: 1\nrule:\n  - id: y\n    when: { command: delta }\n    decision: confirm\n", "policy.yaml");
    await withExtension(yaml, { policy_file: "policy.yaml" }, async (host) => {
      expect((await decide(host, "delta")).action).toBe("confirm");
    });
  });

  test("no file: the embedded default policy protects the user", async () => {
    await withExtension(pluginFolder(), {}, async (host) => {
      expect((await decide(host, "rm -rf ~")).action).toBe("block");
      expect((await decide(host, "git status")).action).toBe("continue");
    });
  });
});

describe("failing closed", () => {
  test("a policy broken at start blocks tool calls with a reason that names file, line and the fix", async () => {
    const folder = pluginFolder('version = 1\n[[rule]]\nid = "x"\ndecision = "blokc"\n');
    await withExtension(folder, {}, async (host) => {
      const result = await decide(host, "ls");
      expect(result.action).toBe("block");
      expect(result.reason).toContain(`${folder.policyFile}:4:1: rule[1] "x": decision`);
      expect(result.reason).toContain(`synaps-policy validate ${folder.policyFile}`);
    });
  });

  test("a policy whose inline tests fail never becomes active", async () => {
    const folder = pluginFolder(`${blocks("ls")}\n[[test]]\ninput = "ls"\nexpect = "continue"\n`);
    await withExtension(folder, {}, async (host) => {
      const result = await decide(host, "git status");
      expect(result.action).toBe("block");
      expect(result.reason).toContain("expected continue, got block");
    });
  });

  test("a broken policy that asked for on_error = confirm gets confirm", async () => {
    await withExtension(pluginFolder('version = 1\n[defaults]\non_error = "confirm"\n[[rule]]\nid = "x"\n'), {}, async (host) => {
      expect((await decide(host, "ls")).action).toBe("confirm");
    });
  });

  test("with a broken policy, secrets in tool output are still redacted", async () => {
    await withExtension(pluginFolder("version = 'x'"), {}, async (host) => {
      const result = await host.request("hook.handle", hookEvent("after_tool_call", { tool_name: "bash", tool_output: "key AKIAIOSFODNN7EXAMPLE" }));
      expect(result).toEqual({ action: "replace", output: "key [REDACTED:aws]" });
    });
  });

  test("a command whose program is only known at run time gets on_error", async () => {
    await withExtension(pluginFolder(blocks("alpha")), {}, async (host) => {
      const result = await decide(host, "$EDITOR notes.txt");
      expect(result.action).toBe("block");
      expect(result.reason).toContain("the program to run is only known at run time: $EDITOR");
    });
  });

  test("on_error = continue lets unanalysable calls through, as asked", async () => {
    await withExtension(pluginFolder('version = 1\n[defaults]\non_error = "continue"\n'), {}, async (host) => {
      expect((await decide(host, "$EDITOR notes.txt")).action).toBe("continue");
    });
  });
});

describe("reloading", () => {
  async function reloaded(folder: PluginFolder, count: number) {
    await eventually(() => readAudit(folder).filter((record) => record.event === "policy_reload").length >= count);
  }

  test.concurrent("an in-place edit applies without a restart", async () => {
    const folder = pluginFolder(blocks("alpha"));
    await withExtension(folder, {}, async (host) => {
      expect((await decide(host, "alpha")).action).toBe("block");
      writeFileSync(folder.policyFile, blocks("beta"));
      await eventually(async () => (await decide(host, "beta")).action === "block");
      expect((await decide(host, "alpha")).action).toBe("continue");
    });
  });

  test.concurrent("an editor's rename-over-the-file applies too, and watching goes on after it", async () => {
    const folder = pluginFolder(blocks("alpha"));
    await withExtension(folder, {}, async (host) => {
      await decide(host, "alpha");
      const temporary = join(folder.root, ".policy.toml.swp");
      writeFileSync(temporary, blocks("beta"));
      renameSync(temporary, folder.policyFile);
      await eventually(async () => (await decide(host, "beta")).action === "block");
      writeFileSync(temporary, blocks("gamma"));
      renameSync(temporary, folder.policyFile);
      await eventually(async () => (await decide(host, "gamma")).action === "block");
    });
  });

  test.concurrent("a broken edit keeps the last good policy and says why in the audit log", async () => {
    const folder = pluginFolder(blocks("alpha"));
    await withExtension(folder, {}, async (host) => {
      await decide(host, "alpha");
      writeFileSync(folder.policyFile, 'version = 1\n[[rule]]\nid = "x"\ndecision = "nope"\n');
      await reloaded(folder, 1);
      expect((await decide(host, "alpha")).action).toBe("block");
      const record = readAudit(folder).find((entry) => entry.event === "policy_reload")!;
      expect(record.ok).toBe(false);
      expect(record.problems[0]).toContain(':4:1: rule[1] "x": decision');
    });
  });

  test.concurrent("an edit whose inline tests fail is not swapped in", async () => {
    const folder = pluginFolder(blocks("alpha"));
    await withExtension(folder, {}, async (host) => {
      await decide(host, "alpha");
      writeFileSync(folder.policyFile, `${blocks("beta")}\n[[test]]\ninput = "beta"\nexpect = "continue"\n`);
      await reloaded(folder, 1);
      expect((await decide(host, "alpha")).action).toBe("block");
      expect((await decide(host, "beta")).action).toBe("continue");
    });
  });

  test.concurrent("fixing a policy that was broken at start opens it up", async () => {
    const folder = pluginFolder("version = 'broken'");
    await withExtension(folder, {}, async (host) => {
      expect((await decide(host, "ls")).action).toBe("block");
      writeFileSync(folder.policyFile, blocks("alpha"));
      await eventually(async () => (await decide(host, "ls")).action === "continue");
    });
  });

  test.concurrent("deleting the file falls back to the embedded default", async () => {
    const folder = pluginFolder(blocks("alpha"));
    await withExtension(folder, {}, async (host) => {
      await decide(host, "alpha");
      unlinkSync(folder.policyFile);
      await eventually(async () => (await decide(host, "alpha")).action === "continue");
      expect((await decide(host, "rm -rf ~")).action).toBe("block");
    });
  });

  test.concurrent("through the binary, a broken edit is reported on stderr, and the last good policy keeps answering", async () => {
    const folder = pluginFolder(blocks("alpha"));
    const ext = await startExtension(folder);
    try {
      expect((await ext.request("hook.handle", bashCall("alpha"))).result.action).toBe("block");
      writeFileSync(folder.policyFile, 'version = 1\n[[rule]]\nid = "x"\ndecision = "nope"\n');
      await ext.stderrOnceItHolds("keeping the last good policy");
      expect((await ext.request("hook.handle", bashCall("alpha"))).result.action).toBe("block");
    } finally {
      await ext.stop();
    }
  });

  test("the policy tool reports the rules in force", async () => {
    await withExtension(pluginFolder(blocks("alpha")), { model_dry_run: "true" }, async (host) => {
      const listing = (await host.request("tool.call", { name: "policy", input: { tool: "bash" } })).content;
      expect(listing).toContain("- block [no-alpha]: alpha is off");
      const dryRun = (await host.request("tool.call", { name: "policy", input: { tool: "bash", input: "alpha --now" } })).content;
      expect(dryRun).toStartWith(`bash {"command":"alpha --now"} → block`);
      expect(dryRun).toContain("rule: no-alpha");
      expect(await host.request("hook.handle", toolCall("read", { path: "README.md" }))).toEqual({ action: "continue" });
    });
  });
});
