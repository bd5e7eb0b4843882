// The tutorial's checks and the SynapsCLI methods, through the compiled binary
// (`bun run test:e2e`). The tutorial's checks each start a fresh process, as
// the tutorial does (side by side); the methods share one (none of them changes
// what the others see). The same method calls are answered in process by
// test/unit/extension/methods.test.ts in `bun test`. What concerns the process
// itself (signals, EOF, stderr, batches) is in protocol-process.e2e.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bashCall, ExtensionProcess, hookEvent } from "./harness.ts";

/** The handshake, then the first policy: a hook sent sooner may meet "policy still loading" on a busy machine. */
async function handshakeAndPolicy(ext: ExtensionProcess) {
  await ext.request("initialize", { synaps_version: "0.9.0", extension_protocol_version: 1, plugin_id: "synaps-policy", plugin_root: ext.cwd, config: {} });
  await ext.policyLoaded();
}

/** A fresh extension process for one check, stopped after it; the checks run concurrently. */
async function withFreshProcess(use: (ext: ExtensionProcess) => Promise<void>) {
  const ext = new ExtensionProcess();
  try {
    await use(ext);
  } finally {
    await ext.stop();
  }
}

describe("the tutorial's five checks", () => {
  test.concurrent("the handshake answers protocol version 1 and registers the hello tool", () =>
    withFreshProcess(async (ext) => {
      const answer = await ext.request("initialize", {
        synaps_version: "0.9.0",
        extension_protocol_version: 1,
        plugin_id: "synaps-policy",
        plugin_root: ext.cwd,
        config: {},
      });
      expect(answer.error).toBeUndefined();
      expect(answer.result.protocol_version).toBe(1);
      const hello = answer.result.capabilities.tools.find((tool: any) => tool.name === "hello");
      expect(hello.description.length).toBeGreaterThan(0);
      expect(hello.input_schema.type).toBe("object");
      expect(answer.result.capabilities.hooks).toContainEqual({ name: "before_tool_call" });
    }));

  test.concurrent("hello greets Ada in both content and output", () =>
    withFreshProcess(async (ext) => {
      const answer = await ext.request("tool.call", { name: "hello", input: { name: "Ada" } });
      expect(answer.result).toEqual({ content: "Hello, Ada! (from synaps-policy)", output: "Hello, Ada! (from synaps-policy)" });
    }));

  test.concurrent("ls -la continues", () =>
    withFreshProcess(async (ext) => {
      await handshakeAndPolicy(ext);
      const answer = await ext.request("hook.handle", bashCall("ls -la"));
      expect(answer.result).toEqual({ action: "continue" });
    }));

  test.concurrent("rm -rf /home/me is blocked with a reason", () =>
    withFreshProcess(async (ext) => {
      await handshakeAndPolicy(ext);
      const answer = await ext.request("hook.handle", bashCall("rm -rf /home/me"));
      expect(answer.result.action).toBe("block");
      expect(answer.result.reason).toContain("rm");
    }));

  test.concurrent("shutdown answers null and the process exits 0 before the host would kill it", () =>
    withFreshProcess(async (ext) => {
      await ext.request("initialize", {});
      const answer = await ext.request("shutdown", null);
      expect(answer.result).toBeNull();
      // No duration is asserted (CI is slow and shared); `bun run bench` reports the real figure.
      expect(await ext.exitCode(5_000)).toBe(0);
    }));
});

describe("methods", () => {
  let shared: ExtensionProcess;
  beforeAll(() => {
    shared = new ExtensionProcess();
  });
  afterAll(async () => {
    await shared.stop();
  });
  test("initialize tolerates missing and extra params", async () => {
    expect((await shared.request("initialize", null)).result.protocol_version).toBe(1);
    expect((await shared.request("initialize", { unexpected: [1, 2], config: "not an object" })).result.protocol_version).toBe(1);
  });

  test("hello without a name greets the world", async () => {
    const answer = await shared.request("tool.call", { name: "hello", input: {} });
    expect(answer.result.content).toBe("Hello, world! (from synaps-policy)");
  });

  test("hello with a null input greets the world", async () => {
    const answer = await shared.request("tool.call", { name: "hello", input: null });
    expect(answer.result.content).toBe("Hello, world! (from synaps-policy)");
  });

  test("hello with a name that is not a string answers an error result, not an RPC error", async () => {
    const answer = await shared.request("tool.call", { name: "hello", input: { name: 42 } });
    expect(answer.error).toBeUndefined();
    expect(answer.result.content).toStartWith("error: hello:");
  });

  test("an unknown tool answers an error result naming the tools there are", async () => {
    const answer = await shared.request("tool.call", { name: "nope", input: {} });
    expect(answer.error).toBeUndefined();
    expect(answer.result.content).toContain('unknown tool "nope"');
    expect(answer.result.content).toContain("hello");
  });

  test("tool.call without params answers an error result", async () => {
    const answer = await shared.request("tool.call", null);
    expect(answer.error).toBeUndefined();
    expect(answer.result.content).toStartWith("error:");
  });

  // The shape itself is checked against the host's PluginInfo in test/unit/extension/methods-info.test.ts.
  test("info.get names the backend, the capabilities, and the version and build under its own key", async () => {
    const answer = await shared.request("info.get", null);
    expect(answer.result.build).toEqual(expect.objectContaining({ backend: "bun", version: expect.stringMatching(/^\d+\.\d+\.\d+/) }));
    expect(answer.result.capabilities.filter((capability: any) => capability.kind === "tool").map((tool: any) => tool.name)).toEqual(["hello", "policy"]);
    expect(answer.result["synaps-policy"].commit).toBeString();
  });

  test("an unknown method gets a null result, not an error", async () => {
    const answer = await shared.request("no.such.method", { a: 1 });
    expect(answer).toEqual({ jsonrpc: "2.0", id: answer.id, result: null });
  });

  test("hooks with nothing to do answer continue", async () => {
    await shared.policyLoaded();
    expect((await shared.request("hook.handle", hookEvent("after_tool_call", { tool_name: "bash", tool_output: "total 0" }))).result).toEqual({ action: "continue" });
    for (const kind of ["on_session_end", "before_message", "on_compaction", "on_message_complete"]) {
      expect((await shared.request("hook.handle", hookEvent(kind))).result).toEqual({ action: "continue" });
    }
  });

  test("a malformed tool call gets the on_error decision, never an RPC error or a silent continue", async () => {
    await shared.policyLoaded();
    expect((await shared.request("hook.handle", { kind: "before_tool_call" })).result.action).toBe("block");
    expect((await shared.request("hook.handle", null)).result.action).toBe("block");
    for (const event of [
      { ...bashCall("rm -rf ~"), tool_input: "rm -rf ~" },
      { ...bashCall("rm -rf ~"), session_id: 5 },
      { ...bashCall("rm -rf ~"), tool_output: {} },
      { ...bashCall("rm -rf ~"), tool_name: ["bash"] },
    ]) {
      const answer = await shared.request("hook.handle", event);
      expect(answer.error).toBeUndefined();
      expect(answer.result).toMatchObject({ action: "block" });
      expect(answer.result.reason).toContain("malformed");
    }
    expect((await shared.request("hook.handle", bashCall("ls"))).result.action).toBe("continue");
  });
});
