// Content-Length framing through the compiled binary: every way a frame may
// arrive, and every way it may be broken.
import { afterEach, describe, expect, test } from "bun:test";
import { ExtensionProcess } from "./harness.ts";
import { frame } from "./support/strict-frames.ts";
import { DAMAGE_CASES } from "./unit/rpc/framing-damage.ts";

let ext: ExtensionProcess;
afterEach(async () => {
  await ext?.stop();
});

function start() {
  ext = new ExtensionProcess();
  return ext;
}

const hello = (id: number | string, name = "Ada") => ({ jsonrpc: "2.0", id, method: "tool.call", params: { name: "hello", input: { name } } });

describe("frames that arrive oddly", () => {
  test("a frame delivered one byte at a time is answered", async () => {
    start();
    const bytes = frame(hello(1));
    for (const byte of bytes) {
      ext.write(new Uint8Array([byte]));
      await Bun.sleep(0);
    }
    expect((await ext.answerTo(1)).result.content).toBe("Hello, Ada! (from synaps-policy)");
  });

  test("many frames in one chunk are all answered", async () => {
    start();
    const frames = Array.from({ length: 50 }, (_, i) => frame(hello(i + 1, `n${i}`)));
    ext.write(Buffer.concat(frames));
    await ext.waitForFrames(50);
    for (let i = 0; i < 50; i++) expect((await ext.answerTo(i + 1)).result.content).toBe(`Hello, n${i}! (from synaps-policy)`);
  });

  test("a frame split across two writes in the middle of its header is answered", async () => {
    start();
    const bytes = frame(hello(7));
    ext.write(bytes.subarray(0, 9));
    await Bun.sleep(20);
    ext.write(bytes.subarray(9));
    expect((await ext.answerTo(7)).result.content).toContain("Ada");
  });

  test("a multi-byte UTF-8 body is framed by bytes, in and out", async () => {
    start();
    const name = "Łukasz 🦀 東京";
    ext.write(frame(hello(3, name)));
    expect((await ext.answerTo(3)).result.content).toBe(`Hello, ${name}! (from synaps-policy)`);
  });

  test("header names are read in any case", async () => {
    start();
    const body = JSON.stringify(hello(4));
    ext.write(`content-LENGTH: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    expect((await ext.answerTo(4)).result.content).toContain("Ada");
  });

  test("extra headers such as Content-Type are ignored", async () => {
    start();
    const body = JSON.stringify(hello(5));
    ext.write(`Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    expect((await ext.answerTo(5)).result.content).toContain("Ada");
  });

  test("bare \\n line ends are accepted", async () => {
    start();
    const body = JSON.stringify(hello(6));
    ext.write(`Content-Length: ${Buffer.byteLength(body)}\n\n${body}`);
    expect((await ext.answerTo(6)).result.content).toContain("Ada");
  });
});

describe("ids and ordering", () => {
  test("a string id is echoed exactly", async () => {
    start();
    ext.send(hello("req-α-1"));
    expect((await ext.answerTo("req-α-1")).result.content).toContain("Ada");
  });

  test("a notification (no id) gets no answer", async () => {
    start();
    ext.send({ jsonrpc: "2.0", method: "tool.call", params: { name: "hello", input: {} } });
    ext.send({ jsonrpc: "2.0", method: "initialized", params: {} });
    ext.send(hello(9));
    await ext.answerTo(9);
    expect(ext.frames.map((frame) => frame.id)).toEqual([9]);
  });

  test("ids sent out of order are each answered under their own id", async () => {
    start();
    for (const id of [30, 10, 20]) ext.send(hello(id, `id${id}`));
    await ext.waitForFrames(3);
    for (const id of [10, 20, 30]) expect((await ext.answerTo(id)).result.content).toContain(`id${id}`);
  });

  test("1,000 sequential requests come back without a lost or mixed answer", async () => {
    start();
    for (let i = 1; i <= 1000; i++) {
      const answer = await ext.request("tool.call", { name: "hello", input: { name: `caller-${i}` } });
      expect(answer.result.content).toBe(`Hello, caller-${i}! (from synaps-policy)`);
    }
    expect(ext.frames).toHaveLength(1000);
    expect(new Set(ext.frames.map((frame) => frame.id)).size).toBe(1000);
  });
});

describe("broken input", () => {
  test("invalid JSON gets a parse error with id null, and the next frame is still answered", async () => {
    start();
    ext.write(frame("{not json"));
    ext.send(hello(2));
    await ext.waitForFrames(2);
    const [parseError] = ext.frames;
    expect(parseError).toMatchObject({ id: null, error: { code: -32700 } });
    expect((await ext.answerTo(2)).result.content).toContain("Ada");
  });

  test("a body that is not valid UTF-8 gets a parse error", async () => {
    start();
    const bad = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    ext.write(Buffer.concat([Buffer.from(`Content-Length: ${bad.length}\r\n\r\n`), bad]));
    ext.send(hello(2));
    await ext.answerTo(2);
    expect(ext.frames[0]).toMatchObject({ id: null, error: { code: -32700 } });
  });

  test("a JSON value that is not a request object gets an invalid-request error", async () => {
    start();
    ext.write(frame("5"));
    await ext.waitForFrames(1);
    ext.write(frame('{"jsonrpc":"2.0","id":8,"method":12}'));
    await ext.waitForFrames(2);
    expect(ext.frames[0]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(ext.frames[1]).toMatchObject({ id: 8, error: { code: -32600 } });
  });

  test("a batch of values that are not requests gets an array with one invalid-request error each", async () => {
    start();
    ext.write(frame("[1,2,3]"));
    const [answer] = await ext.waitForFrames(1);
    expect(answer).toEqual([1, 2, 3].map(() => ({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: expected a JSON object" } })) as any);
  });

  test("an oversized Content-Length is skipped without buffering it, and serving goes on", async () => {
    start();
    ext.write("Content-Length: 999999999999\r\n\r\n");
    ext.write("x".repeat(1000));
    await ext.stderrOnceItHolds("exceeds");
    expect(ext.proc.exitCode).toBeNull();
    const rss = await rssOf(ext.proc.pid);
    expect(rss).toBeLessThan(200 * 1024 * 1024);
  });

  test("a body just over the limit is skipped and the frame after it is answered", async () => {
    start();
    const limit = 16 * 1024 * 1024;
    ext.write(`Content-Length: ${limit + 1}\r\n\r\n`);
    const block = new Uint8Array(1024 * 1024).fill(0x20);
    for (let i = 0; i < 16; i++) ext.write(block);
    ext.write(" ");
    ext.send(hello(11));
    expect((await ext.answerTo(11, 20_000)).result.content).toContain("Ada");
    expect(ext.frames).toHaveLength(1);
  });

  test("a header without Content-Length is skipped and the next frame is answered", async () => {
    start();
    ext.write("X-Nonsense: 1\r\n\r\n");
    ext.send(hello(12));
    expect((await ext.answerTo(12)).result.content).toContain("Ada");
    await ext.stderrOnceItHolds("no Content-Length");
  });

  test("a non-numeric Content-Length is skipped and the next frame is answered", async () => {
    start();
    ext.write("Content-Length: lots\r\n\r\n");
    ext.send(hello(13));
    expect((await ext.answerTo(13)).result.content).toContain("Ada");
  });

  test("an endless header is cut off at 64 KiB and the stream resynchronises", async () => {
    start();
    ext.write(`X-Garbage: ${"g".repeat(70 * 1024)}`);
    ext.write("\r\n");
    ext.send(hello(14));
    expect((await ext.answerTo(14)).result.content).toContain("Ada");
    await ext.stderrOnceItHolds("header longer than");
  });

  test("EOF in the middle of a frame exits 0 after answering what was complete", async () => {
    start();
    ext.send(hello(15));
    ext.write(frame(hello(16)).subarray(0, 30));
    ext.closeStdin();
    expect(await ext.exitCode()).toBe(0);
    expect(ext.frames.map((frame) => frame.id)).toEqual([15]);
    expect(await ext.stderr()).toContain("middle of a frame");
  });

  test("a response frame from the host is ignored, not answered", async () => {
    start();
    ext.send({ jsonrpc: "2.0", id: 99, result: { ok: true } });
    ext.send(hello(17));
    await ext.answerTo(17);
    expect(ext.frames).toHaveLength(1);
  });
});

describe(`damage in front of a valid frame (${DAMAGE_CASES.length} cases from test/unit/rpc/framing-damage.ts)`, () => {
  test("each case, written together with a valid frame: that frame is answered and the process serves on", async () => {
    start();
    for (const [index, damageCase] of DAMAGE_CASES.entries()) {
      ext.write(Buffer.concat([damageCase.damage, frame(hello(`after-${index}`, `case ${index}`))]));
      const answer = await ext.answerTo(`after-${index}`).catch((error: Error) => {
        throw new Error(`case ${index} "${damageCase.name}": ${error.message}`);
      });
      expect(answer.result.content).toBe(`Hello, case ${index}! (from synaps-policy)`);
    }
    expect(ext.proc.exitCode).toBeNull();
  });

  test("every case in one write: every valid frame is answered", async () => {
    start();
    ext.write(Buffer.concat(DAMAGE_CASES.flatMap((damageCase, index) => [damageCase.damage, frame(hello(index + 1, `case ${index}`))])));
    for (const [index] of DAMAGE_CASES.entries()) expect((await ext.answerTo(index + 1)).result.content).toBe(`Hello, case ${index}! (from synaps-policy)`);
  });

  test("damage is said on stderr in one line, and the stream is not left waiting", async () => {
    start();
    ext.write("Content-Length: abc\r\n\r\n");
    ext.write("x");
    ext.send(hello(21));
    await ext.answerTo(21);
    const lines = (await ext.stderrOnceItHolds("framing:")).split("\n").filter((line) => line.includes("framing:"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Content-Length "abc" is not a byte count');
  });
});

async function rssOf(pid: number): Promise<number> {
  const status = await Bun.file(`/proc/${pid}/status`).text();
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return Number(kb) * 1024;
}
