// A hook that arrives before the first policy is ready waits for it up to the
// host's limit less a margin, then gets block with "policy still loading" —
// never a silent continue, never early — while tool output is still redacted
// with every detector. The waits are on a clock the test moves.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { DryRuns } from "../../../src/extension/dry-runs.ts";
import { HookHandler } from "../../../src/extension/hooks.ts";
import { extensionEngineDeps } from "../../../src/extension/engine-deps.ts";
import { PolicyStore, type StepRunner, type Timer } from "../../../src/extension/policy-store.ts";
import { FIRST_POLICY_WAIT_MS, HOOK_ANSWER_MARGIN_MS, HOST_HOOK_TIMEOUT_MS } from "../../../src/limits.ts";
import { runSteps } from "../../../src/policy/steps.ts";
import { bashCall, pluginFolder } from "../../support/host-events.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

/** A store whose first policy never becomes ready (the load is still running). */
const stillLoading = { current: undefined, ready: async () => undefined } as unknown as PolicyStore;

const event = (kind: string, fields: Record<string, unknown>) => ({
  kind,
  tool_name: "bash",
  tool_runtime_name: "bash",
  tool_input: null,
  tool_output: null,
  message: null,
  session_id: "s",
  transcript: null,
  data: null,
  ...fields,
});

describe("before the first policy is ready", () => {
  const handler = new HookHandler(stillLoading, undefined, new DryRuns(false));

  test("a tool call gets block, with the reason", async () => {
    const answer = await handler.handle(event("before_tool_call", { tool_input: { command: "ls" } }));
    expect(answer).toMatchObject({ action: "block", reason: expect.stringContaining("the policy is still loading") });
  });

  test("tool output is redacted with every detector", async () => {
    expect(await handler.handle(event("after_tool_call", { tool_output: "key AKIAIOSFODNN7EXAMPLE" }))).toEqual({ action: "replace", output: "key [REDACTED:aws]" });
  });

  test("other hooks go on", async () => {
    expect(await handler.handle(event("on_session_end", {}))).toEqual({ action: "continue" });
  });
});

/** A clock that never moves on its own: the test fires the waits it was asked for. */
function heldTimer() {
  const waits: Array<{ ms: number; wake: () => void; cancelled: boolean }> = [];
  const timer: Timer = {
    after(ms, wake) {
      const wait = { ms, wake, cancelled: false };
      waits.push(wait);
      return () => {
        wait.cancelled = true;
      };
    },
  };
  const fire = () => {
    for (const wait of waits.filter((pending) => !pending.cancelled)) wait.wake();
  };
  return { timer, waits, fire };
}

/** A load whose steps run only when the test lets them. */
function heldLoad() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const run: StepRunner = async (steps) => {
    await released;
    return runSteps(steps);
  };
  return { run, release };
}

/** Whether a promise has settled after the queued callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
  return done;
}

describe("a hook that arrives while the first policy loads", () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });
  const start = () => {
    const clock = heldTimer();
    const load = heldLoad();
    const folder = pluginFolder();
    roots.push(folder.root);
    const store = new PolicyStore({ file: folder.policyFile, explicit: false }, "/home/ada", extensionEngineDeps(), { timer: clock.timer, run: load.run });
    void store.start();
    return { clock, load, store, hooks: new HookHandler(store, undefined, new DryRuns(false)) };
  };

  test("waits for the policy up to the host's limit less a margin, and is judged by it", async () => {
    const { clock, load, hooks } = start();
    const answer = hooks.handle(bashCall("rm -rf ~"));
    expect(await settled(answer)).toBe(false);
    expect(clock.waits.map((wait) => wait.ms)).toEqual([HOST_HOOK_TIMEOUT_MS - HOOK_ANSWER_MARGIN_MS]);
    expect(FIRST_POLICY_WAIT_MS).toBeGreaterThanOrEqual(HOST_HOOK_TIMEOUT_MS / 2);
    load.release();
    expect(await answer).toMatchObject({ action: "block", reason: expect.stringContaining("[rule fs-recursive-delete]") });
    expect(clock.waits[0]!.cancelled).toBe(true);
  });

  test('gets block ("still loading") only once that wait is over', async () => {
    const { clock, hooks } = start();
    const answer = hooks.handle(bashCall("ls"));
    expect(await settled(answer)).toBe(false);
    clock.fire();
    expect(await answer).toMatchObject({ action: "block", reason: expect.stringContaining("the policy is still loading") });
  });

  test("cut short by a shutdown, says so rather than claiming the whole wait", async () => {
    const { clock, store, hooks } = start();
    const answer = hooks.handle(bashCall("git status"));
    expect(await settled(answer)).toBe(false);
    store.stop();
    const result = await answer;
    expect(result).toMatchObject({ action: "block", reason: expect.stringContaining("still loading when the extension was asked to shut down") });
    expect(JSON.stringify(result)).not.toContain(`waited ${FIRST_POLICY_WAIT_MS / 1000} s`);
    expect(clock.waits[0]!.cancelled).toBe(true);
  });
});
