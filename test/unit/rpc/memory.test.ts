// When the server collects: a light collection every so many answers or
// request bytes, a full one every so many more, and one when the pipe goes
// quiet — never while a request still waits for its answer (the first hook
// waits for the policy to load; a collection then sat on its path). The
// clock is a test's own: nothing here waits for real time.
import { describe, expect, test } from "bun:test";
import { CollectWhenIdle } from "../../../src/rpc/memory.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

/**
 * A collector whose clock moves only when the test moves it: `quiet()` moves it to when the armed timer is due and
 * fires it; `pass(ms)` moves it without firing anything. `waiting` is how many requests are in flight.
 */
function harness() {
  const collections: boolean[] = [];
  let clock = 0;
  let timer: { due: number; wake: () => void } | undefined;
  let timersSet = 0;
  const state = { waiting: 0 };
  const collector = new CollectWhenIdle({
    busy: () => state.waiting > 0,
    after: (ms, wake) => {
      timersSet++;
      timer = { due: clock + ms, wake };
    },
    now: () => clock,
    collect: (full) => collections.push(full),
  });
  const quiet = () => {
    const fired = timer;
    timer = undefined;
    if (!fired) return;
    clock = Math.max(clock, fired.due);
    fired.wake();
  };
  const pass = (ms: number) => {
    clock += ms;
  };
  return { collector, collections, state, quiet, pass, armed: () => timer !== undefined, timersSet: () => timersSet };
}

describe("a collection when the pipe goes quiet", () => {
  test("runs a full collection once an answer has gone out and nothing is waiting", () => {
    const { collector, collections, quiet } = harness();
    collector.answered(200);
    quiet();
    expect(collections).toEqual([true]);
  });

  test("is skipped while a request waits for its answer, and armed again by that answer", () => {
    const { collector, collections, state, quiet, armed } = harness();
    collector.answered(200); // initialize answered
    state.waiting = 1; // a hook arrives and waits for the policy
    quiet();
    expect(collections).toEqual([]);
    expect(armed()).toBe(false);
    state.waiting = 0;
    collector.answered(300); // the hook answered
    expect(armed()).toBe(true);
    quiet();
    expect(collections).toEqual([true]);
  });

  test("a later answer moves the quiet moment: one collection, after the last", () => {
    const { collector, collections, quiet } = harness();
    collector.answered(100);
    collector.answered(100);
    collector.answered(100);
    quiet();
    quiet();
    expect(collections).toEqual([true]);
  });

  test("one timer for a busy spell, not one per answer; it waits out the quiet time since the last answer", () => {
    const { collector, collections, quiet, pass, armed, timersSet } = harness();
    for (let index = 0; index < 15; index++) {
      collector.answered(100);
      pass(10);
    }
    expect(timersSet()).toBe(1);
    // The timer fires 100 ms after the first answer, but the last one was 10 ms ago: no collection yet.
    quiet();
    expect(collections).toEqual([]);
    expect(armed()).toBe(true);
    quiet();
    expect(collections).toEqual([true]);
    expect(timersSet()).toBe(2);
    expect(armed()).toBe(false);
  });

  test("the quiet collection runs once the pipe really was idle, however late the timer fires", () => {
    const { collector, collections, quiet, pass } = harness();
    collector.answered(100);
    pass(5_000);
    quiet();
    expect(collections).toEqual([true]);
    // Nothing answered since: a later timer owes nothing.
    collector.answered(100);
    quiet();
    expect(collections).toEqual([true, true]);
  });

  test("a full collection by count leaves nothing owed to the quiet moment", () => {
    const { collector, collections, quiet } = harness();
    for (let index = 0; index < 999; index++) collector.answered(300);
    const before = collections.length;
    collector.answered(300);
    expect(collections.slice(before)).toEqual([true]);
    quiet();
    expect(collections.slice(before)).toEqual([true]);
  });
});

const KIB = 1024;

describe("collections by count and by bytes", () => {
  test("small answers start a light collection every 20, not before", () => {
    const { collector: memory, collections } = harness();
    const calls = () => collections.map((full) => (full ? "full" : "light"));
    for (let index = 0; index < 19; index++) memory.answered(300);
    expect(calls()).toEqual([]);
    memory.answered(300);
    expect(calls()).toEqual(["light"]);
    for (let index = 0; index < 20; index++) memory.answered(300);
    expect(calls()).toEqual(["light", "light"]);
  });

  test("a thousand answers end in a full collection, which starts the light count again", () => {
    const { collector: memory, collections } = harness();
    const calls = () => collections.map((full) => (full ? "full" : "light"));
    for (let index = 0; index < 1_000; index++) memory.answered(300);
    expect(calls().filter((call) => call === "full")).toHaveLength(1);
    expect(calls().at(-1)).toBe("full");
    expect(calls().filter((call) => call === "light")).toHaveLength(49);
    for (let index = 0; index < 19; index++) memory.answered(300);
    expect(calls().at(-1)).toBe("full");
  });

  test("large requests count by bytes: light after 1 MiB, full after 8 MiB", () => {
    const { collector: memory, collections } = harness();
    const calls = () => collections.map((full) => (full ? "full" : "light"));
    for (let index = 0; index < 3; index++) memory.answered(256 * KIB);
    expect(calls()).toEqual([]);
    memory.answered(256 * KIB);
    expect(calls()).toEqual(["light"]);
    for (let index = 0; index < 28; index++) memory.answered(256 * KIB);
    expect(calls().filter((call) => call === "full")).toHaveLength(1);
    expect(calls().at(-1)).toBe("full");
    expect(calls().filter((call) => call === "light")).toHaveLength(7);
  });

  test("slow answers count by the time they took: light after 20 ms of work, full after a second", () => {
    const { collector: memory, collections } = harness();
    const calls = () => collections.map((full) => (full ? "full" : "light"));
    memory.answered(300, 12);
    expect(calls()).toEqual([]);
    memory.answered(300, 12);
    expect(calls()).toEqual(["light"]);
    // The light count starts again after each light collection; the full one adds up every answer's time.
    for (let index = 0; index < 82; index++) memory.answered(300, 12);
    expect(calls().filter((call) => call === "full")).toHaveLength(1);
    expect(calls().at(-1)).toBe("full");
    expect(calls().filter((call) => call === "light")).toHaveLength(41);
  });

  test("an answer that waited seconds (the first hook, for the policy) never brings a full collection alone", () => {
    const { collector: memory, collections } = harness();
    memory.answered(300, 4_000);
    expect(collections).toEqual([false]);
    memory.answered(300, 4_000);
    expect(collections).toEqual([false, true]);
  });

  test("heavy answers (a long script written, judged as its run) bring a full collection every 250 ms of their work", () => {
    const { collector: memory, collections } = harness();
    memory.answered(64 * 1024, 110);
    memory.answered(64 * 1024, 110);
    expect(collections.filter(Boolean)).toHaveLength(0);
    memory.answered(64 * 1024, 110);
    expect(collections.at(-1)).toBe(true);
    // Answers under 20 ms are not heavy: 19 ms each, a full collection only after a second of them.
    const light = harness();
    for (let index = 0; index < 52; index++) light.collector.answered(300, 19);
    expect(light.collections.filter(Boolean)).toHaveLength(0);
    light.collector.answered(300, 19);
    expect(light.collections.at(-1)).toBe(true);
  });

  test("requests answered at once count their shared time once, not once each", () => {
    const { collector: memory, pass } = harness();
    // When each request began and was answered (ms from the case's start), and the work each answer adds.
    const cases: { name: string; began: number[]; answered: number[]; work: number[] }[] = [
      { name: "one after another", began: [0, 10, 20], answered: [5, 15, 25], work: [5, 5, 5] },
      { name: "three sent together", began: [0, 0, 0], answered: [4, 8, 12], work: [4, 4, 4] },
      { name: "one sent while another ran", began: [0, 2], answered: [6, 9], work: [6, 3] },
      { name: "one after a quiet spell", began: [0, 50], answered: [5, 52], work: [5, 2] },
    ];
    for (const { name, began, answered, work } of cases) {
      const start = memory.now();
      const counted = answered.map((at, index) => {
        pass(start + at - memory.now());
        return memory.workOf(start + began[index]!);
      });
      expect({ name, counted }).toEqual({ name, counted: work });
      pass(100);
    }
    // 32 in flight, one answered every millisecond: 32 ms of work, where counting each one's wait made it 528.
    const start = memory.now();
    let total = 0;
    for (let index = 0; index < 32; index++) {
      pass(1);
      total += memory.workOf(start);
    }
    expect(total).toBe(32);
  });

  test("quick answers are counted as before: time alone does not collect them sooner", () => {
    const { collector: memory, collections } = harness();
    for (let index = 0; index < 19; index++) memory.answered(300, 0.5);
    expect(collections).toEqual([]);
  });
});
