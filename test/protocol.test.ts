// The tutorial's checks and the SynapsCLI methods, through the compiled binary.
// One extension process answers every method that leaves it serving (as one
// host session would); the tests that end a process start their own.
import { afterAll, describe, expect, test } from "bun:test";
import { bashCall, ExtensionProcess, hookEvent, pluginFolder } from "./harness.ts";

let shared: ExtensionProcess | undefined;
afterAll(async () => {
  await shared?.stop();
});

/** The process shared by the tests that leave it serving. */
function serving(): ExtensionProcess {
  shared ??= new ExtensionProcess();
  return shared;
}

/**
 * A process of its own, for a test that ends it; stopped afterwards whatever happened.
 * Its plugin folder holds an empty policy: what ends a process does not depend on
 * the rules, and the default policy's packs would only make it start slower.
 */
async function ownProcess(use: (ext: ExtensionProcess) => Promise<void>, policy: string | undefined = "version = 1\n") {
  const ext = new ExtensionProcess({ cwd: pluginFolder(policy).root });
  try {
    await use(ext);
  } finally {
    await ext.stop();
  }
}

describe("the tutorial's five checks", () => {
  test("the handshake answers protocol version 1 and registers the hello tool", async () => {
    const answer = await serving().request("initialize", {
      synaps_version: "0.9.0",
      extension_protocol_version: 1,
      plugin_id: "synaps-policy",
      plugin_root: serving().cwd,
      config: {},
    });
    expect(answer.error).toBeUndefined();
    expect(answer.result.protocol_version).toBe(1);
    const hello = answer.result.capabilities.tools.find((tool: any) => tool.name === "hello");
    expect(hello.description.length).toBeGreaterThan(0);
    expect(hello.input_schema.type).toBe("object");
    expect(answer.result.capabilities.hooks).toContainEqual({ name: "before_tool_call" });
  });

  test("hello greets Ada in both content and output", async () => {
    const answer = await serving().request("tool.call", { name: "hello", input: { name: "Ada" } });
    expect(answer.result).toEqual({ content: "Hello, Ada! (from synaps-policy)", output: "Hello, Ada! (from synaps-policy)" });
  });

  test("ls -la continues", async () => {
    const answer = await serving().request("hook.handle", bashCall("ls -la"));
    expect(answer.result).toEqual({ action: "continue" });
  });

  test("rm -rf /home/me is blocked with a reason", async () => {
    const answer = await serving().request("hook.handle", bashCall("rm -rf /home/me"));
    expect(answer.result.action).toBe("block");
    expect(answer.result.reason).toContain("rm");
  });
});

describe("methods", () => {
  test("initialize tolerates missing and extra params", async () => {
    const ext = serving();
    expect((await ext.request("initialize", null)).result.protocol_version).toBe(1);
    expect((await ext.request("initialize", { unexpected: [1, 2], config: "not an object" })).result.protocol_version).toBe(1);
  });

  test("hello without a name greets the world", async () => {
    const answer = await serving().request("tool.call", { name: "hello", input: {} });
    expect(answer.result.content).toBe("Hello, world! (from synaps-policy)");
  });

  test("hello with a null input greets the world", async () => {
    const answer = await serving().request("tool.call", { name: "hello", input: null });
    expect(answer.result.content).toBe("Hello, world! (from synaps-policy)");
  });

  test("hello with a name that is not a string answers an error result, not an RPC error", async () => {
    const answer = await serving().request("tool.call", { name: "hello", input: { name: 42 } });
    expect(answer.error).toBeUndefined();
    expect(answer.result.content).toStartWith("error: hello:");
  });

  test("an unknown tool answers an error result naming the tools there are", async () => {
    const answer = await serving().request("tool.call", { name: "nope", input: {} });
    expect(answer.error).toBeUndefined();
    expect(answer.result.content).toContain('unknown tool "nope"');
    expect(answer.result.content).toContain("hello");
  });

  test("tool.call without params answers an error result", async () => {
    const answer = await serving().request("tool.call", null);
    expect(answer.error).toBeUndefined();
    expect(answer.result.content).toStartWith("error:");
  });

  test("info.get names the extension, its version, build and capabilities", async () => {
    const answer = await serving().request("info.get", null);
    expect(answer.result.name).toBe("synaps-policy");
    expect(answer.result.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(answer.result.build.commit).toBeString();
    expect(answer.result.capabilities.tools.map((tool: any) => tool.name)).toEqual(["hello", "policy"]);
  });

  test("an unknown method gets a null result, not an error", async () => {
    const answer = await serving().request("no.such.method", { a: 1 });
    expect(answer).toEqual({ jsonrpc: "2.0", id: answer.id, result: null });
  });

  test("hooks with nothing to do answer continue", async () => {
    const ext = serving();
    expect((await ext.request("hook.handle", hookEvent("after_tool_call", { tool_name: "bash", tool_output: "total 0" }))).result).toEqual({ action: "continue" });
    for (const kind of ["on_session_end", "before_message", "on_compaction", "on_message_complete"]) {
      expect((await ext.request("hook.handle", hookEvent(kind))).result).toEqual({ action: "continue" });
    }
  });

  test("a malformed tool call gets the on_error decision, never an RPC error or a silent continue", async () => {
    const ext = serving();
    expect((await ext.request("hook.handle", { kind: "before_tool_call" })).result.action).toBe("block");
    expect((await ext.request("hook.handle", null)).result.action).toBe("block");
    for (const event of [
      { ...bashCall("rm -rf ~"), tool_input: "rm -rf ~" },
      { ...bashCall("rm -rf ~"), session_id: 5 },
      { ...bashCall("rm -rf ~"), tool_output: {} },
      { ...bashCall("rm -rf ~"), tool_name: ["bash"] },
    ]) {
      const answer = await ext.request("hook.handle", event);
      expect(answer.error).toBeUndefined();
      expect(answer.result).toMatchObject({ action: "block" });
      expect(answer.result.reason).toContain("malformed");
    }
    expect((await ext.request("hook.handle", bashCall("ls"))).result.action).toBe("continue");
  });
});

describe("process lifecycle", () => {
  test("shutdown answers null and the process exits 0 before the host would kill it", () =>
    ownProcess(async (ext) => {
      await ext.request("initialize", {});
      const answer = await ext.request("shutdown", null);
      expect(answer.result).toBeNull();
      // No duration is asserted (CI is slow and shared); `bun run bench` reports the real figure.
      expect(await ext.exitCode(5_000)).toBe(0);
    }, undefined)); // the embedded default: shutdown may arrive while it still loads

  test("stdin EOF exits 0", () =>
    ownProcess(async (ext) => {
      await ext.request("initialize", {});
      ext.closeStdin();
      expect(await ext.exitCode()).toBe(0);
    }));

  test("SIGTERM exits cleanly", () =>
    ownProcess(async (ext) => {
      await ext.request("initialize", {});
      ext.proc.kill("SIGTERM");
      expect(await ext.exitCode()).toBe(0);
    }));

  test("nothing but frames reaches stdout over a session", () =>
    ownProcess(async (ext) => {
      await ext.request("initialize", {});
      await ext.request("tool.call", { name: "hello", input: { name: "Grace" } });
      await ext.request("hook.handle", bashCall("rm -rf ~"));
      await ext.request("shutdown", null);
      expect(await ext.exitCode()).toBe(0);
      expect(ext.protocolViolation).toBeUndefined();
      expect(ext.frames).toHaveLength(4);
    }));
});
