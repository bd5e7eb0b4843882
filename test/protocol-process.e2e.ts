// The protocol through the compiled binary, where the process itself is the
// subject: exit on EOF and signals, stderr nobody reads, shutdown behind other
// requests, JSON-RPC ids, batches and notifications. Slow (a fresh process per
// case, real signals), so it runs in `bun run test:e2e`, not in `bun test`.
import { afterEach, describe, expect, test } from "bun:test";
import { closeSync, constants, mkdtempSync, openSync, readSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, idKey } from "./fuzz/client.ts";
import { frame } from "./support/strict-frames.ts";
import { bashCall, ExtensionProcess } from "./harness.ts";

let ext: ExtensionProcess;
afterEach(async () => {
  await ext?.stop();
});

function start() {
  ext = new ExtensionProcess();
  return ext;
}

describe("process lifecycle", () => {
  test("stdin EOF exits 0", async () => {
    start();
    await ext.request("initialize", {});
    ext.closeStdin();
    expect(await ext.exitCode()).toBe(0);
  });

  test("SIGTERM exits cleanly", async () => {
    start();
    await ext.request("initialize", {});
    ext.proc.kill("SIGTERM");
    expect(await ext.exitCode()).toBe(0);
  });

  test("nothing but frames reaches stdout over a session", async () => {
    start();
    await ext.request("initialize", {});
    await ext.request("tool.call", { name: "hello", input: { name: "Grace" } });
    await ext.request("hook.handle", bashCall("rm -rf ~"));
    await ext.request("shutdown", null);
    expect(await ext.exitCode()).toBe(0);
    expect(ext.protocolViolation).toBeUndefined();
    expect(ext.frames).toHaveLength(4);
  });
});

describe("stderr that nobody reads", () => {
  /** A FIFO whose read end we hold open and never drain, the way a host that stopped forwarding leaves stderr. */
  function undrainedStderr() {
    const fifo = join(mkdtempSync(join(tmpdir(), "synaps-policy-stderr-")), "stderr.fifo");
    expect(Bun.spawnSync(["mkfifo", fifo]).exitCode).toBe(0);
    const readEnd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writeEnd = openSync(fifo, constants.O_WRONLY);
    return { readEnd, writeEnd };
  }

  function drain(fd: number): string {
    const chunks: Buffer[] = [];
    const buffer = Buffer.alloc(64 * 1024);
    for (;;) {
      let read = 0;
      try {
        read = readSync(fd, buffer);
      } catch {
        break; // EAGAIN: empty for now
      }
      if (read === 0) break;
      chunks.push(Buffer.from(buffer.subarray(0, read)));
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  test("1,000 requests that each log a line are all answered; the lines that did not fit are counted", async () => {
    const { readEnd, writeEnd } = undrainedStderr();
    const client = new Client({ stderr: writeEnd });
    closeSync(writeEnd);
    // Each unknown method logs one line of about 250 bytes: 1,000 of them are far more than a pipe holds.
    const method = `no.such.method.${"x".repeat(200)}`;
    try {
      // Pipelined in rounds of 100, as a busy host would send them.
      for (let round = 0; round < 10; round++) {
        const ids = Array.from({ length: 100 }, () => client.nextId());
        client.write(Buffer.concat(ids.map((id) => frame({ jsonrpc: "2.0", id, method, params: { id } }))));
        for (const id of ids) expect((await client.answerTo(idKey(id), 5_000))?.message).toEqual({ jsonrpc: "2.0", id, result: null });
      }
      const logged = drain(readEnd);
      expect(logged.length).toBeGreaterThan(16 * 1024);
      expect(
        logged
          .split("\n")
          .filter((line) => line !== "")
          .every((line) => line.startsWith("synaps-policy: ")),
      ).toBe(true);
      // With room again, the next line says how many were dropped.
      await client.request(method, { after: true }, 5_000);
      await client.request("initialize", {}, 5_000);
      const after = drain(readEnd);
      expect(after).toMatch(/stderr was full: dropped [1-9][0-9]* lines?/);
      expect(client.alive).toBe(true);
    } finally {
      await client.close();
      closeSync(readEnd);
    }
  });
});

describe("shutdown behind other requests (issue 10 #13)", () => {
  test("a shutdown pipelined behind a hook in one write: the hook is answered first, then null, then exit 0", async () => {
    start();
    await ext.request("initialize", {});
    // Warm: the first hook loads the policy runtime, which on a loaded machine can outlast the 400 ms shutdown grace.
    await ext.request("hook.handle", bashCall("ls"));
    ext.write(
      Buffer.concat([
        frame({ jsonrpc: "2.0", id: 101, method: "hook.handle", params: bashCall("rm -rf /home/me") }),
        frame({ jsonrpc: "2.0", id: 102, method: "shutdown", params: null }),
      ]),
    );
    expect(await ext.exitCode()).toBe(0);
    expect(ext.frames.slice(2).map((answer) => answer.id)).toEqual([101, 102]);
    expect(ext.frames[2]!.result.action).toBe("block");
    expect(ext.frames[3]!.result).toBeNull();
  });

  test("a shutdown pipelined behind a tool call and a slash command: every answer comes before null", async () => {
    start();
    await ext.request("tool.call", { name: "policy", input: { tool: "bash", input: { command: "ls" } } }); // warm, as above
    ext.write(
      Buffer.concat([
        frame({ jsonrpc: "2.0", id: 11, method: "tool.call", params: { name: "policy", input: { tool: "bash", input: { command: "ls" } } } }),
        frame({ jsonrpc: "2.0", id: 12, method: "command.invoke", params: { command: "policy", args: "status", request_id: "r" } }),
        frame({ jsonrpc: "2.0", id: 13, method: "shutdown", params: null }),
      ]),
    );
    expect(await ext.exitCode()).toBe(0);
    expect(ext.frames.slice(1).map((answer) => answer.id)).toEqual([11, 12, 13]);
    expect(ext.frames.every((answer) => answer.error === undefined)).toBe(true);
  });

  test("frames after a shutdown are not served", async () => {
    start();
    ext.write(
      Buffer.concat([
        frame({ jsonrpc: "2.0", id: 1, method: "shutdown", params: null }),
        frame({ jsonrpc: "2.0", id: 2, method: "tool.call", params: { name: "hello", input: {} } }),
      ]),
    );
    expect(await ext.exitCode()).toBe(0);
    expect(ext.frames.map((answer) => answer.id)).toEqual([1]);
  });
});

describe("signals end cleanly", () => {
  // Ending is one path for every signal (Connection.end, unit-tested in test/unit/rpc/server.test.ts);
  // two signals prove it through the binary with a hook in flight, and every signal proves its wiring.
  for (const signal of ["SIGTERM", "SIGHUP"] as const) {
    test(`${signal}: the hook in flight is answered, the exit line is written, exit code 0`, async () => {
      start();
      await ext.request("initialize", {});
      // The unknown method logs a line once it is read, so the hook before it has been read too.
      ext.write(
        Buffer.concat([
          frame({ jsonrpc: "2.0", id: 7, method: "hook.handle", params: bashCall("rm -rf /home/me") }),
          frame({ jsonrpc: "2.0", id: 8, method: "marker", params: null }),
        ]),
      );
      await ext.stderrOnceItHolds('unknown method "marker"');
      ext.proc.kill(signal);
      expect(await ext.exitCode(10_000)).toBe(0);
      expect(ext.frames.find((answer) => answer.id === 7)?.result.action).toBe("block");
      expect(await ext.stderr()).toContain(`exiting: ${signal} received`);
    }, 20_000);
  }

  test("SIGINT, SIGQUIT, SIGUSR1 and SIGUSR2 each write the exit line and exit 0", async () => {
    const signals = ["SIGINT", "SIGQUIT", "SIGUSR1", "SIGUSR2"] as const;
    const processes = signals.map(() => new ExtensionProcess());
    try {
      await Promise.all(processes.map((own) => own.request("initialize", {})));
      for (const [index, own] of processes.entries()) own.proc.kill(signals[index]);
      expect(await Promise.all(processes.map((own) => own.exitCode(10_000)))).toEqual([0, 0, 0, 0]);
      for (const [index, own] of processes.entries()) expect(await own.stderr()).toContain(`exiting: ${signals[index]} received`);
    } finally {
      await Promise.all(processes.map((own) => own.stop()));
    }
  }, 20_000);
});

describe("ids, batches and notifications (JSON-RPC 2.0)", () => {
  /** The raw text of every answer body: ids above 2^53 do not survive JSON.parse. */
  function rawAnswers(client: Client) {
    return client.answers.map((answer) => answer.raw);
  }

  test("ids above 2^53, negative, fractional or in exponent form are echoed exactly as written", async () => {
    const client = new Client();
    try {
      const ids = ["9007199254740993", "-9007199254740993", "123456789012345678901234567890", "1.5", "1e400", "0.1e1", "-0"];
      for (const id of ids) client.write(frame(`{"jsonrpc":"2.0","id":${id},"method":"tool.call","params":{"name":"hello","input":{"name":"big"}}}`));
      client.write(frame({ jsonrpc: "2.0", id: "end", method: "tool.call", params: { name: "hello", input: {} } }));
      await client.answerTo(idKey("end"), 5_000);
      for (const id of ids)
        expect(rawAnswers(client)).toContain(`{"jsonrpc":"2.0","id":${id},"result":{"content":"Hello, big! (from synaps-policy)","output":"Hello, big! (from synaps-policy)"}}`);
    } finally {
      await client.close();
    }
  });

  test("a big id in a duplicate member: the last one counts, as JSON.parse reads it", async () => {
    const client = new Client();
    try {
      client.write(frame('{"jsonrpc":"2.0","id":1,"method":"tool.call","id":9007199254740995,"params":{"name":"hello","input":{"name":"dup","id":3}}}'));
      client.write(frame({ jsonrpc: "2.0", id: "end", method: "tool.call", params: { name: "hello", input: {} } }));
      await client.answerTo(idKey("end"), 5_000);
      expect(rawAnswers(client)[0]).toStartWith('{"jsonrpc":"2.0","id":9007199254740995,');
    } finally {
      await client.close();
    }
  });

  test("string ids, with escapes and non-ASCII, are echoed as the same string", async () => {
    start();
    for (const id of ["", 'a"b\\c', "ünï©ødé 🦀", "\u0000\u001f", "9007199254740993"]) {
      ext.send({ jsonrpc: "2.0", id, method: "tool.call", params: { name: "hello", input: {} } });
      expect((await ext.answerTo(id)).result.content).toContain("Hello");
    }
  });

  test("a batch is answered with one array holding an answer per request, none for notifications", async () => {
    start();
    ext.write(
      frameBytesOf([
        { jsonrpc: "2.0", id: 1, method: "tool.call", params: { name: "hello", input: { name: "one" } } },
        { jsonrpc: "2.0", method: "tool.call", params: { name: "hello", input: {} } },
        { jsonrpc: "2.0", id: "two", method: "info.get", params: null },
        5,
      ]),
    );
    ext.send({ jsonrpc: "2.0", id: "next", method: "tool.call", params: { name: "hello", input: {} } });
    await ext.answerTo("next");
    await ext.waitForFrames(2);
    const batch = ext.frames.find((answer) => Array.isArray(answer)) as unknown as any[];
    expect(ext.frames).toHaveLength(2);
    expect(batch).toHaveLength(3);
    expect(batch.find((answer) => answer.id === 1).result.content).toContain("one");
    expect(batch.find((answer) => answer.id === "two").result.build.backend).toBe("bun");
    expect(batch.find((answer) => answer.id === null).error.code).toBe(-32600);
  });

  test("an empty batch gets one invalid-request error; a batch of notifications gets nothing", async () => {
    start();
    ext.write(frameBytesOf([]));
    ext.write(frameBytesOf([{ jsonrpc: "2.0", method: "tool.call", params: { name: "hello", input: {} } }]));
    ext.send({ jsonrpc: "2.0", id: 5, method: "tool.call", params: { name: "hello", input: {} } });
    await ext.answerTo(5);
    expect(ext.frames).toHaveLength(2);
    expect(ext.frames[0]).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    expect(Array.isArray(ext.frames[0])).toBe(false);
  });

  test("a batch that holds a shutdown is answered whole, then the process exits 0", async () => {
    start();
    ext.write(
      frameBytesOf([
        { jsonrpc: "2.0", id: 1, method: "tool.call", params: { name: "hello", input: {} } },
        { jsonrpc: "2.0", id: 2, method: "shutdown", params: null },
      ]),
    );
    expect(await ext.exitCode()).toBe(0);
    const batch = ext.frames[0] as unknown as any[];
    expect(batch.map((answer) => answer.id).sort()).toEqual([1, 2]);
  });

  test("a notification to a host method is served but never answered", async () => {
    start();
    ext.send({ jsonrpc: "2.0", method: "tool.call", params: { name: "hello", input: {} } });
    ext.send({ jsonrpc: "2.0", method: "initialize", params: {} });
    ext.send({ jsonrpc: "2.0", id: 3, method: "tool.call", params: { name: "hello", input: {} } });
    await ext.answerTo(3);
    expect(ext.frames.map((answer) => answer.id)).toEqual([3]);
  });

  test("a host request with an odd jsonrpc member is still served, never answered with an error", async () => {
    start();
    for (const [index, version] of [undefined, "1.0", 2, null, {}].entries()) {
      ext.send({ ...(version === undefined ? {} : { jsonrpc: version }), id: index + 1, method: "tool.call", params: { name: "hello", input: {} } });
      expect((await ext.answerTo(index + 1)).result.content).toContain("Hello");
    }
  });
});

function frameBytesOf(value: unknown): Uint8Array {
  return frame(JSON.stringify(value));
}
