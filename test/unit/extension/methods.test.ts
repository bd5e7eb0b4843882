// The SynapsCLI methods answered in process by the dispatch table the binary
// serves: the tutorial's checks, initialize with odd params, the hello tool, unknown tools and
// methods, info.get, hooks with nothing to do, malformed tool calls. The same
// calls go through the binary's pipes in test/protocol.e2e.ts (`bun run test:e2e`).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Extension } from "../../../src/extension/methods.ts";
import { defaultPolicyText } from "../../../src/policy/load/load-file.ts";
import { bashCall, hookEvent, pluginFolder } from "../../support/host-events.ts";
import { type InProcessHost, startHost } from "../../support/in-process-host.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

/** An extension never initialized on a plugin folder: its home is a fresh folder, never the developer's. */
function bareExtension(): Extension {
  return new Extension({ askHostDirectory: false, home: pluginFolder().root });
}

// The shipped default in a plugin folder of its own: what the binary serves when no policy file is set.
let host: InProcessHost;
beforeAll(async () => {
  host = await startHost(pluginFolder(defaultPolicyText));
});
afterAll(() => host.close());

describe("the tutorial's checks", () => {
  test("the handshake answers protocol version 1 and registers the hello tool", async () => {
    const extension = bareExtension();
    try {
      const answer = (await extension.dispatch("initialize", { synaps_version: "0.9.0", extension_protocol_version: 1, plugin_id: "synaps-policy", config: {} })).result as any;
      expect(answer.protocol_version).toBe(1);
      const hello = answer.capabilities.tools.find((tool: any) => tool.name === "hello");
      expect(hello.description.length).toBeGreaterThan(0);
      expect(hello.input_schema.type).toBe("object");
      expect(answer.capabilities.hooks).toContainEqual({ name: "before_tool_call" });
    } finally {
      extension.close();
    }
  });

  test("hello greets Ada in both content and output", async () => {
    expect(await host.request("tool.call", { name: "hello", input: { name: "Ada" } })).toEqual({
      content: "Hello, Ada! (from synaps-policy)",
      output: "Hello, Ada! (from synaps-policy)",
    });
  });

  test("ls -la continues; rm -rf /home/me is blocked with a reason", async () => {
    expect(await host.request("hook.handle", bashCall("ls -la"))).toEqual({ action: "continue" });
    const blocked = await host.request("hook.handle", bashCall("rm -rf /home/me"));
    expect(blocked.action).toBe("block");
    expect(blocked.reason).toContain("rm");
  });

  test("shutdown answers null and asks the serving loop to exit", async () => {
    const extension = bareExtension();
    try {
      expect(await extension.dispatch("shutdown", null)).toEqual({ result: null, afterwards: "exit" });
    } finally {
      extension.close();
    }
  });
});

describe("methods", () => {
  test("initialize tolerates missing and extra params", async () => {
    const extension = bareExtension();
    try {
      expect(((await extension.dispatch("initialize", null)).result as any).protocol_version).toBe(1);
      expect(((await extension.dispatch("initialize", { unexpected: [1, 2], config: "not an object" })).result as any).protocol_version).toBe(1);
    } finally {
      extension.close();
    }
  });

  test("hello without a name, or with a null input, greets the world", async () => {
    expect((await host.request("tool.call", { name: "hello", input: {} })).content).toBe("Hello, world! (from synaps-policy)");
    expect((await host.request("tool.call", { name: "hello", input: null })).content).toBe("Hello, world! (from synaps-policy)");
  });

  test("hello with a name that is not a string answers an error result", async () => {
    expect((await host.request("tool.call", { name: "hello", input: { name: 42 } })).content).toStartWith("error: hello:");
  });

  test("an unknown tool answers an error result naming the tools there are", async () => {
    const answer = await host.request("tool.call", { name: "nope", input: {} });
    expect(answer.content).toContain('unknown tool "nope"');
    expect(answer.content).toContain("hello");
  });

  test("tool.call without params answers an error result", async () => {
    expect((await host.request("tool.call", null)).content).toStartWith("error:");
  });

  test("info.get names the backend, the capabilities, and the version and build under its own key", async () => {
    const answer = await host.request("info.get", null);
    expect(answer.build).toEqual(expect.objectContaining({ backend: "bun", version: expect.stringMatching(/^\d+\.\d+\.\d+/) }));
    expect(answer.capabilities.filter((capability: any) => capability.kind === "tool").map((tool: any) => tool.name)).toEqual(["hello", "policy"]);
    expect(answer["synaps-policy"].commit).toBeString();
  });

  test("an unknown method gets a null result and the serving goes on", async () => {
    const extension = bareExtension();
    try {
      expect(await extension.dispatch("no.such.method", { a: 1 })).toEqual({ result: null, afterwards: "serve" });
    } finally {
      extension.close();
    }
  });

  test("hooks with nothing to do answer continue", async () => {
    expect(await host.request("hook.handle", hookEvent("after_tool_call", { tool_name: "bash", tool_output: "total 0" }))).toEqual({ action: "continue" });
    for (const kind of ["on_session_end", "before_message", "on_compaction", "on_message_complete"]) {
      expect(await host.request("hook.handle", hookEvent(kind))).toEqual({ action: "continue" });
    }
  });

  test("a malformed tool call gets the on_error decision, never a silent continue", async () => {
    expect((await host.request("hook.handle", { kind: "before_tool_call" })).action).toBe("block");
    expect((await host.request("hook.handle", null)).action).toBe("block");
    for (const event of [
      { ...bashCall("rm -rf ~"), tool_input: "rm -rf ~" },
      { ...bashCall("rm -rf ~"), session_id: 5 },
      { ...bashCall("rm -rf ~"), tool_output: {} },
      { ...bashCall("rm -rf ~"), tool_name: ["bash"] },
    ]) {
      const answer = await host.request("hook.handle", event);
      expect(answer).toMatchObject({ action: "block" });
      expect(answer.reason).toContain("malformed");
    }
    expect((await host.request("hook.handle", bashCall("ls"))).action).toBe("continue");
  });
});
