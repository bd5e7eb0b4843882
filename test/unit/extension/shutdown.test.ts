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
import { runSliced } from "../../../src/extension/sliced.ts";
import { LOAD_SLICE_STEPS } from "../../../src/limits.ts";
import { loadPolicyFileSteps } from "../../../src/policy/load/load-file.ts";
import { runSteps, type Steps } from "../../../src/policy/steps.ts";
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
function served(run?: StepRunner) {
  const folder = pluginFolder();
  roots.push(folder.root);
  const load = heldLoad();
  const extension = new Extension({ askHostDirectory: false, store: { timer: stillClock, run: run ?? load.run } });
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
    expect(events[1].result).toMatchObject({ action: "block", reason: expect.stringContaining("the policy was still loading when the extension was asked to shut down") });
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

/**
 * The real sliced runner on a clock that never moves, its steps counted, and the turn between slices held by the
 * test: so the only thing that can end a slice is the step cap, and the test sees where the load stood.
 */
function stillSlicedLoad() {
  let taken = 0;
  let finished = false;
  const turns: Array<() => void> = [];
  function* counted<T>(steps: Steps<T>): Steps<T> {
    for (;;) {
      const next = steps.next();
      taken++;
      if (next.done) return next.value;
      yield;
    }
  }
  const run: StepRunner = async (steps) => {
    try {
      return await runSliced(counted(steps), { now: () => 0, pause: () => new Promise<void>((resolve) => turns.push(resolve)) });
    } finally {
      finished = true;
    }
  };
  const nextSlice = () => turns.shift()?.();
  return { run, taken: () => taken, finished: () => finished, paused: () => turns.length > 0, nextSlice };
}

// Issue 26: loads were sliced by wall time only, so with a clock that did not move (or one long slice) a whole
// load ran before a shutdown frame was even read. Each slice now ends after LOAD_SLICE_STEPS steps at most.
describe("shutdown while the first policy loads in slices (the real runner, a clock that never moves)", () => {
  test("the default policy's load takes several slices: each ends after a bounded number of steps", () => {
    let steps = 0;
    for (const _ of loadPolicyFileSteps({ file: undefined, explicit: false }, "/home/ada")) steps++;
    expect(steps).toBeGreaterThan(3 * LOAD_SLICE_STEPS);
  });

  test("a hook and shutdown that arrive after the first slice are answered before the next slice runs; the load then stops", async () => {
    const sliced = stillSlicedLoad();
    const { events, input, request, initialize } = served(sliced.run);
    input.push(initialize);
    await turnsUntil(() => sliced.paused());
    // One slice ran on a clock that never moves: the step cap ended it, not the time.
    expect(sliced.taken()).toBe(LOAD_SLICE_STEPS);
    input.push(Buffer.concat([request("hook.handle", bashCall("rm -rf ~")), request("shutdown", null)]));
    await turnsUntil(() => exited(events));
    expect(events.map((event) => (typeof event === "string" ? event : event.id))).toEqual([1, 2, 3, "exit 0"]);
    expect(events[1].result).toMatchObject({ action: "block", reason: expect.stringContaining("the policy was still loading when the extension was asked to shut down") });
    expect(sliced.taken()).toBe(LOAD_SLICE_STEPS);
    // Let the load go on: it ends at its next step, stopped.
    sliced.nextSlice();
    await turnsUntil(() => sliced.finished());
    expect(sliced.finished()).toBe(true);
    expect(sliced.taken()).toBeLessThanOrEqual(LOAD_SLICE_STEPS + 1);
  });
});
