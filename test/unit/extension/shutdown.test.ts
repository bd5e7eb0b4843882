// Shutdown is answered within the host's 500 ms in every state (issue 26.8):
// structurally, not by a timer. The extension is served by the real
// Connection with a clock that never moves (no wait ever ends by time), a
// first policy load the test holds, and a shutdown grace of a minute — so the
// only way the answers can come is that shutdown itself lets go of what was
// waiting. The hook in flight is answered first ("still loading", as the
// store's not-ready path answers), then null, then the exit; the load is
// still held throughout.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { basename } from "node:path";
import { Extension } from "../../../src/extension/methods.ts";
import type { StepRunner, Timer } from "../../../src/extension/policy-store.ts";
import { encodeFrame, FrameDecoder } from "../../../src/rpc/framing.ts";
import { Connection } from "../../../src/rpc/server.ts";
import { runSteps } from "../../../src/policy/steps.ts";
import { bashCall, hookEvent, pluginFolder } from "../../support/host-events.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

/** A clock that never moves: every wait asked of it stays pending. */
const stillClock: Timer = { after: () => () => {} };

/** A load whose steps run only once the test lets them (never, here, before the answers are checked). */
function heldLoad() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let started = 0;
  const run: StepRunner = async (steps) => {
    started++;
    await released;
    return runSteps(steps);
  };
  return { run, release, started: () => started };
}

/** An input that yields what the test pushes, and never ends on its own. */
function pushedInput() {
  const queue: Uint8Array[] = [];
  let wake: (() => void) | undefined;
  const iterable: AsyncIterable<Uint8Array> = {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        while (queue.length > 0) yield queue.shift()!;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
  const push = (bytes: Uint8Array) => {
    queue.push(bytes);
    wake?.();
  };
  return { iterable, push };
}

// The runtime the extension imports once initialize is answered, loaded now: the test counts loop turns, not time.
await import("../../../src/extension/runtime.ts");

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** The extension behind the real serving loop; what it writes, as decoded answers and "exit 0". */
function served() {
  const folder = pluginFolder();
  roots.push(folder.root);
  const load = heldLoad();
  const extension = new Extension({ askHostDirectory: false, store: { timer: stillClock, run: load.run } });
  const events: any[] = [];
  const decoder = new FrameDecoder();
  const connection = new Connection({
    dispatch: extension.dispatch,
    // Far beyond the host's 500 ms: if an answer comes, the grace's timer did not bring it.
    grace: { shutdown: 60_000, signal: 60_000, stdinClosed: 60_000 },
    output: (frame) => {
      for (const item of decoder.push(frame)) if (item.kind === "frame") events.push(JSON.parse(new TextDecoder().decode(item.body)));
      return "written";
    },
    beforeExit: () => extension.close(),
    exit: (code) => events.push(`exit ${code}`),
  });
  const input = pushedInput();
  void connection.run(input.iterable);
  let id = 0;
  const request = (method: string, params: unknown) => encodeFrame({ jsonrpc: "2.0", id: ++id, method, params });
  const initialize = request("initialize", { plugin_root: folder.root, config: { policy_file: basename(folder.policyFile), audit_log: "logs/audit.jsonl" } });
  return { events, load, input, request, initialize };
}

/**
 * Let queued work run (the handshake's follow-up timer, the runtime's import) until `done`, for a bounded number of
 * loop turns. Nothing here waits on the store's clock, which never moves: the turns only let the loop go round.
 */
async function turnsUntil(done: () => boolean) {
  for (let turn = 0; turn < 2_000 && !done(); turn++) await Bun.sleep(1);
}

const exited = (events: unknown[]) => events.includes("exit 0");

describe("shutdown while the first policy is still loading (the load held, the clock still)", () => {
  test("a hook in flight is answered first, as still loading, then null, then exit — before the load is let go", async () => {
    const { events, load, input, request, initialize } = served();
    input.push(initialize);
    await turnsUntil(() => load.started() > 0);
    expect(load.started()).toBe(1);
    input.push(Buffer.concat([request("hook.handle", bashCall("rm -rf ~")), request("shutdown", null)]));
    await turnsUntil(() => exited(events));
    expect(events.map((event) => (typeof event === "string" ? event : event.id))).toEqual([1, 2, 3, "exit 0"]);
    expect(events[1].result).toMatchObject({ action: "block", reason: expect.stringContaining("the policy is still loading") });
    expect(events[2].result).toBeNull();
    load.release();
  });

  test("tool output in flight is still redacted, with every detector, before null", async () => {
    const { events, load, input, request, initialize } = served();
    input.push(initialize);
    await turnsUntil(() => load.started() > 0);
    const output = hookEvent("after_tool_call", { tool_name: "bash", tool_runtime_name: "bash", tool_input: { command: "env" }, tool_output: "key AKIAIOSFODNN7EXAMPLE" });
    input.push(Buffer.concat([request("hook.handle", output), request("shutdown", null)]));
    await turnsUntil(() => exited(events));
    expect(events.slice(1)).toEqual([{ jsonrpc: "2.0", id: 2, result: { action: "replace", output: "key [REDACTED:aws]" } }, { jsonrpc: "2.0", id: 3, result: null }, "exit 0"]);
    load.release();
  });

  test("the policy tool and a slash command in flight are answered before null", async () => {
    const { events, load, input, request, initialize } = served();
    input.push(initialize);
    await turnsUntil(() => load.started() > 0);
    input.push(
      Buffer.concat([
        request("tool.call", { name: "policy", input: { tool: "bash", input: { command: "ls" } } }),
        request("command.invoke", { command: "policy", args: "status", request_id: "r" }),
        request("shutdown", null),
      ]),
    );
    await turnsUntil(() => exited(events));
    expect(events.map((event) => (typeof event === "string" ? event : event.id))).toEqual([1, 2, 3, 4, "exit 0"]);
    expect(events.slice(1, 3).every((event) => event.error === undefined)).toBe(true);
    expect(String(events[2].result)).toContain("still loading");
    load.release();
  });

  test("a reload in flight stops at its next step and says so; null follows", async () => {
    const { events, load, input, request, initialize } = served();
    input.push(initialize);
    await turnsUntil(() => load.started() > 0);
    load.release();
    input.push(request("command.invoke", { command: "policy", args: "status", request_id: "s" }));
    await turnsUntil(() => events.length > 1);
    expect(String(events[1].result)).not.toContain("still loading");
    input.push(Buffer.concat([request("command.invoke", { command: "policy", args: "reload", request_id: "r" }), request("shutdown", null)]));
    await turnsUntil(() => exited(events));
    expect(events.map((event) => (typeof event === "string" ? event : event.id))).toEqual([1, 2, 3, 4, "exit 0"]);
    expect(String(events[2].result)).toContain("shutting down");
  });

  test("a shutdown that comes before the runtime has even loaded is answered, and no load runs after it", async () => {
    const { events, load, input, request, initialize } = served();
    input.push(Buffer.concat([initialize, request("hook.handle", bashCall("ls")), request("shutdown", null)]));
    await turnsUntil(() => exited(events));
    expect(events.map((event) => (typeof event === "string" ? event : event.id))).toEqual([1, 2, 3, "exit 0"]);
    expect(events[1].result).toMatchObject({ action: "block" });
    expect(load.started()).toBe(0);
  });
});
