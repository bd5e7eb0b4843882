// The host's own time limits on the paths it kills us on (PROTOCOL.md): a
// slash command (command.invoke) gets 30 s, and after a shutdown answer the
// process is killed about 0.5 s later, so the answer must come within 0.5 s.
// Nothing tighter is asserted: speed lives in `bun run bench`.
import { afterEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { bashCall, type ExtensionProcess, hookEvent, pluginFolder, startExtension } from "./harness.ts";
import { frame } from "./support/strict-frames.ts";

const HOST_SHUTDOWN_WAIT_MS = 500;
const HOST_COMMAND_TIMEOUT_MS = 30_000;

const started: { ext: ExtensionProcess; root: string }[] = [];
async function start(): Promise<ExtensionProcess> {
  const folder = pluginFolder();
  const ext = await startExtension(folder);
  started.push({ ext, root: folder.root });
  return ext;
}

afterEach(async () => {
  for (const { ext, root } of started.splice(0)) {
    await ext.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

async function shutdownInTime(ext: ExtensionProcess) {
  const answer = await ext.request("shutdown", null, HOST_SHUTDOWN_WAIT_MS);
  expect(answer.result).toBeNull();
  expect(await ext.exitCode()).toBe(0);
}

describe("within the host's limits", () => {
  test("shutdown behind a hook during the first load of a big policy, and behind 256 KiB of detector literals: the hook first, null within 0.5 s", async () => {
    let policy = "version = 1\n";
    for (let index = 0; index < 3_000; index++) policy += `\n[[rule]]\nid = "r${index}"\ntool = "bash"\nwhen = { command = "prog${index}" }\ndecision = "block"\n`;
    const literals = "-----BEGIN PRIVATE KEY----- AKIA ghp_ xoxb- password= ".repeat(6_000).slice(0, 256 * 1024);
    for (const params of [
      bashCall("rm -rf ~"),
      hookEvent("after_tool_call", { tool_name: "bash", tool_runtime_name: "bash", tool_input: { command: "cat x" }, tool_output: literals }),
    ]) {
      const folder = pluginFolder(policy);
      const ext = await startExtension(folder);
      started.push({ ext, root: folder.root });
      ext.write(Buffer.concat([frame({ jsonrpc: "2.0", id: 50, method: "hook.handle", params }), frame({ jsonrpc: "2.0", id: 51, method: "shutdown", params: null })]));
      expect((await ext.answerTo(51, HOST_SHUTDOWN_WAIT_MS)).result).toBeNull();
      expect(ext.frames.slice(1).map((answer) => answer.id)).toEqual([50, 51]);
      expect(await ext.exitCode()).toBe(0);
    }
  });

  test("shutdown once the policy is in force is answered before the host kills us", async () => {
    const ext = await start();
    expect((await ext.request("hook.handle", bashCall("ls"))).result.action).toBe("continue");
    await shutdownInTime(ext);
  });

  test("every /policy subcommand answers within the command timeout, and shutdown after it within the shutdown wait", async () => {
    const ext = await start();
    for (const args of ["status", "check bash rm -rf ~", "rules", "reload", ""]) {
      const answer = await ext.request("command.invoke", { command: "policy", args, request_id: `r-${args}` }, HOST_COMMAND_TIMEOUT_MS);
      expect(typeof answer.result).toBe("string");
      expect(answer.error).toBeUndefined();
    }
    await shutdownInTime(ext);
  });
});
