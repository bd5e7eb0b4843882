// The serving loop in process: ordering of answers around an ending, with a
// dispatch whose timing the test controls.
import { describe, expect, test } from "bun:test";
import { encodeFrame, encodeFrameText, FrameDecoder } from "../../../src/rpc/framing.ts";
import { Connection, type Dispatch, type MethodOutcome } from "../../../src/rpc/server.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

/** An input the test feeds by hand, and ends when it likes. */
function controlledInput() {
  const queue: Uint8Array[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  const iterable: AsyncIterable<Uint8Array> = {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        while (queue.length > 0) yield queue.shift()!;
        if (ended) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
  return {
    iterable,
    push: (...messages: object[]) => {
      queue.push(Buffer.concat(messages.map((message) => encodeFrame(message))));
      wake?.();
    },
    pushRaw: (json: string) => {
      queue.push(encodeFrameText(json));
      wake?.();
    },
    end: () => {
      ended = true;
      wake?.();
    },
  };
}

/** A dispatch where "slow" waits until released, "never" never answers, and everything else answers at once. */
function controlledDispatch() {
  const released: Array<() => void> = [];
  const calls: string[] = [];
  const dispatch: Dispatch = (method, params) => {
    calls.push(method);
    if (method === "shutdown") return { result: null, afterwards: "exit" };
    if (method === "throws") throw new Error("a bug");
    if (method === "bigint") return { result: 10n, afterwards: "serve" };
    if (method === "never") return new Promise<MethodOutcome>(() => {});
    if (method === "slow") return new Promise<MethodOutcome>((resolve) => released.push(() => resolve({ result: { slow: params }, afterwards: "serve" })));
    return { result: { echo: params }, afterwards: "serve" };
  };
  return {
    dispatch,
    calls,
    release: () => {
      for (const release of released.splice(0)) release();
    },
  };
}

function harness(grace = { shutdown: 50, signal: 50, stdinClosed: 50 }, maxInFlight?: number) {
  const input = controlledInput();
  const control = controlledDispatch();
  const events: string[] = [];
  const decoder = new FrameDecoder();
  const connection = new Connection({
    dispatch: control.dispatch,
    grace,
    output: (frame) => {
      for (const item of decoder.push(frame)) if (item.kind === "frame") events.push(new TextDecoder().decode(item.body));
      return "written";
    },
    beforeExit: () => events.push("beforeExit"),
    exit: (code) => events.push(`exit ${code}`),
    ...(maxInFlight === undefined ? {} : { maxInFlight }),
  });
  const running = connection.run(input.iterable);
  return { connection, input, control, events, running };
}

const request = (id: number, method: string, params: unknown = null) => ({ jsonrpc: "2.0", id, method, params });
const tick = () => Bun.sleep(1);
/**
 * Until the exit is recorded, or 2 s (well under the 5 s graces the tests tell apart). Between beforeExit and
 * the exit the log is flushed: at once to a file or a terminal, but through a worker thread to a socket (a
 * `bun test --parallel` worker's stderr), which a loaded machine can take more than a tick to run.
 */
async function untilExit(events: string[]) {
  const deadline = Date.now() + 2_000;
  while (!events.some((event) => event.startsWith("exit ")) && Date.now() < deadline) await tick();
}

describe("Connection", () => {
  test("a shutdown behind a slow request in one write: the slow answer first, then null, then exit", async () => {
    const { input, control, events } = harness({ shutdown: 5_000, signal: 50, stdinClosed: 50 });
    input.push(request(1, "slow", "a"), request(2, "shutdown"));
    await tick();
    expect(events).toEqual([]);
    control.release();
    await untilExit(events);
    expect(events).toEqual(['{"jsonrpc":"2.0","id":1,"result":{"slow":"a"}}', '{"jsonrpc":"2.0","id":2,"result":null}', "beforeExit", "exit 0"]);
  });

  test("frames behind a shutdown in the same write are not served", async () => {
    const { input, control, events } = harness();
    input.push(request(1, "shutdown"), request(2, "echo"), request(3, "echo"));
    await untilExit(events);
    expect(control.calls).toEqual(["shutdown"]);
    expect(events).toEqual(['{"jsonrpc":"2.0","id":1,"result":null}', "beforeExit", "exit 0"]);
  });

  test("shutdown waits for a request that never answers only as long as its grace, then answers null", async () => {
    const { input, events } = harness({ shutdown: 30, signal: 50, stdinClosed: 50 });
    input.push(request(1, "never"), request(2, "shutdown"));
    await tick();
    expect(events).toEqual([]);
    await Bun.sleep(60);
    await untilExit(events);
    expect(events).toEqual(['{"jsonrpc":"2.0","id":2,"result":null}', "beforeExit", "exit 0"]);
  });

  test("a signal lets the request in flight finish, then exits 0; later frames are not served", async () => {
    const { connection, input, control, events } = harness({ shutdown: 50, signal: 5_000, stdinClosed: 50 });
    input.push(request(1, "slow", "b"));
    await tick();
    connection.signalled("SIGHUP");
    input.push(request(2, "echo"));
    await tick();
    control.release();
    await untilExit(events);
    expect(control.calls).toEqual(["slow"]);
    expect(events).toEqual(['{"jsonrpc":"2.0","id":1,"result":{"slow":"b"}}', "beforeExit", "exit 0"]);
  });

  test("a second signal exits at once, without waiting", async () => {
    const { connection, input, events } = harness({ shutdown: 50, signal: 5_000, stdinClosed: 50 });
    input.push(request(1, "never"));
    await tick();
    connection.signalled("SIGTERM");
    await tick();
    expect(events).toEqual([]);
    connection.signalled("SIGTERM");
    await untilExit(events);
    expect(events).toEqual(["beforeExit", "exit 0"]);
  });

  test("stdin closing answers what is in flight, then exits", async () => {
    const { input, control, events, running } = harness({ shutdown: 50, signal: 50, stdinClosed: 5_000 });
    input.push(request(1, "slow", "c"));
    input.end();
    await tick();
    control.release();
    await running;
    expect(events).toEqual(['{"jsonrpc":"2.0","id":1,"result":{"slow":"c"}}', "beforeExit", "exit 0"]);
  });

  test("a shutdown answered after stdin has already closed still gets its null out before the exit", async () => {
    const input = controlledInput();
    const events: string[] = [];
    let finishShutdown: (outcome: MethodOutcome) => void = () => {};
    const decoder = new FrameDecoder();
    const connection = new Connection({
      dispatch: (method) => (method === "shutdown" ? new Promise<MethodOutcome>((resolve) => (finishShutdown = resolve)) : { result: 1, afterwards: "serve" }),
      grace: { shutdown: 50, signal: 50, stdinClosed: 5_000 },
      output: (frame) => {
        for (const item of decoder.push(frame)) if (item.kind === "frame") events.push(new TextDecoder().decode(item.body));
        return "written";
      },
      exit: (code) => events.push(`exit ${code}`),
    });
    const running = connection.run(input.iterable);
    input.push(request(1, "shutdown"));
    input.end();
    await tick();
    finishShutdown({ result: null, afterwards: "exit" });
    await running;
    expect(events).toEqual(['{"jsonrpc":"2.0","id":1,"result":null}', "exit 0"]);
  });

  test("a dispatch that throws, or a result that is not JSON, is an internal error for that id alone", async () => {
    const { input, events } = harness();
    input.push(request(1, "throws"), request(2, "bigint"), request(3, "echo", 1));
    await tick();
    expect(events.map((event) => JSON.parse(event))).toEqual([
      { jsonrpc: "2.0", id: 1, error: { code: -32603, message: "Internal error in throws" } },
      { jsonrpc: "2.0", id: 2, error: { code: -32603, message: "Internal error in bigint: the result could not be written as JSON" } },
      { jsonrpc: "2.0", id: 3, result: { echo: 1 } },
    ]);
  });

  test("a batch with an element too deep to print is still answered, element by element", async () => {
    const { input, events } = harness();
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    input.pushRaw(`[{"jsonrpc":${deep},"id":1,"method":"echo","params":1},{"jsonrpc":"2.0","id":2,"method":"echo","params":2}]`);
    await tick();
    expect(events.map((event) => JSON.parse(event))).toEqual([
      [
        { jsonrpc: "2.0", id: 1, result: { echo: 1 } },
        { jsonrpc: "2.0", id: 2, result: { echo: 2 } },
      ],
    ]);
  });

  test("a reader that went away ends the process", async () => {
    const input = controlledInput();
    const events: string[] = [];
    const connection = new Connection({
      dispatch: () => ({ result: 1, afterwards: "serve" }),
      output: () => "closed",
      exit: (code) => events.push(`exit ${code}`),
    });
    void connection.run(input.iterable);
    input.push(request(1, "echo"));
    await untilExit(events);
    expect(events).toEqual(["exit 0"]);
  });
});

describe("collections after an answer", () => {
  /** A connection whose collector only records; each method answers after `ms` of real time, "first-hook" marked as the start's. */
  function collecting(ms: number) {
    const input = controlledInput();
    const collections: boolean[] = [];
    let answered: () => void = () => {};
    const answer = new Promise<void>((resolve) => (answered = resolve));
    const dispatch: Dispatch = async (method) => {
      await Bun.sleep(ms);
      return method === "first-hook" ? { result: 1, afterwards: "serve", startUp: true } : { result: 1, afterwards: "serve" };
    };
    const connection = new Connection({
      dispatch,
      output: () => {
        answered();
        return "written";
      },
      exit: () => {},
      memory: { after: () => () => {}, collect: (full) => collections.push(full) },
    });
    void connection.run(input.iterable);
    // The collector is told right after the answer is written.
    const afterAnswer = async () => {
      await answer;
      await tick();
      return collections;
    };
    return { input, afterAnswer };
  }

  test("the start's answer (the first hook, which waited for the load) starts no collection, however long it took", async () => {
    const { input, afterAnswer } = collecting(25);
    input.push(request(1, "first-hook"));
    expect(await afterAnswer()).toEqual([]);
  });

  test("any other answer as long starts a light one (its time is work that left garbage)", async () => {
    const { input, afterAnswer } = collecting(25);
    input.push(request(1, "hook"));
    expect(await afterAnswer()).toEqual([false]);
  });

  test("in a batch, one answer of the start's makes the whole reply the start's", async () => {
    const { input, afterAnswer } = collecting(25);
    input.pushRaw(JSON.stringify([request(1, "first-hook"), request(2, "hook")]));
    expect(await afterAnswer()).toEqual([]);
  });
});

describe("Connection: reading ahead is bounded by the answers in flight", () => {
  const grace = { shutdown: 5_000, signal: 50, stdinClosed: 50 };
  const slow = (from: number, count: number) => Array.from({ length: count }, (_, index) => request(from + index, "slow", from + index));

  test("a flood in one write is taken only up to the bound; each answer lets more in, in order, until all are answered", async () => {
    const { connection, input, control, events } = harness(grace, 4);
    input.push(...slow(1, 10));
    await tick();
    expect(control.calls.length).toBe(4);
    expect(connection.inFlight).toBe(4);
    control.release();
    await tick();
    expect(control.calls.length).toBe(8);
    expect(connection.inFlight).toBe(4);
    control.release();
    await tick();
    control.release();
    await tick();
    expect(connection.inFlight).toBe(0);
    expect(events.map((text) => JSON.parse(text).id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  test("while the bound is reached, later writes stay unread; a shutdown among them is served once a place is free", async () => {
    const { connection, input, control, events } = harness(grace, 2);
    input.push(...slow(1, 3));
    await tick();
    input.push(request(4, "echo"), request(5, "shutdown"));
    await tick();
    expect(control.calls).toEqual(["slow", "slow"]);
    expect(connection.inFlight).toBe(2);
    control.release();
    await tick();
    control.release();
    await untilExit(events);
    // 4 answers at once when let in, before 3 (still slow); the shutdown waits for 3, as any shutdown does.
    expect(events.map((text) => (text.startsWith("{") ? JSON.parse(text).id : text))).toEqual([1, 2, 4, 3, 5, "beforeExit", "exit 0"]);
  });

  test("below the bound nothing waits: requests far fewer than it are all taken from one write at once", async () => {
    const { connection, input, control } = harness(grace, 32);
    input.push(...slow(1, 5));
    await tick();
    expect(control.calls.length).toBe(5);
    expect(connection.inFlight).toBe(5);
    control.release();
    await tick();
    expect(connection.inFlight).toBe(0);
  });
});
