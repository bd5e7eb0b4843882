// The frame decoder on its own: the byte-level cases, deterministic.
import { describe, expect, test } from "bun:test";
import { encodeFrame, FrameDecoder } from "../../src/rpc/framing.ts";

const text = (s: string) => new TextEncoder().encode(s);
const bodies = (items: ReturnType<FrameDecoder["push"]>) =>
  items.flatMap((item) => (item.kind === "frame" ? [new TextDecoder().decode(item.body)] : []));
const problems = (items: ReturnType<FrameDecoder["push"]>) => items.flatMap((item) => (item.kind === "problem" ? [item.message] : []));

describe("FrameDecoder", () => {
  test("decodes what encodeFrame writes, byte for byte, with multi-byte characters", () => {
    const message = { name: "Zoë 🦀" };
    const decoder = new FrameDecoder();
    expect(bodies(decoder.push(encodeFrame(message)))).toEqual([JSON.stringify(message)]);
  });

  test("the Content-Length header counts bytes, not characters", () => {
    const frame = new TextDecoder().decode(encodeFrame("é"));
    expect(frame).toStartWith("Content-Length: 4\r\n\r\n");
  });

  test("a frame fed one byte at a time comes out once, at the last byte", () => {
    const decoder = new FrameDecoder();
    const bytes = encodeFrame({ a: 1 });
    const seen: string[] = [];
    bytes.forEach((byte, index) => {
      const out = bodies(decoder.push(new Uint8Array([byte])));
      if (out.length) seen.push(`${index}:${out[0]}`);
    });
    expect(seen).toEqual([`${bytes.length - 1}:{"a":1}`]);
    expect(decoder.hasPartialFrame).toBe(false);
  });

  test("garbage lines in front of a real header are dropped and the frame is kept", () => {
    const decoder = new FrameDecoder();
    const items = decoder.push(text('garbage\r\nContent-Length: 2\r\n\r\n{}'));
    expect(problems(items)).toHaveLength(1);
    expect(bodies(items)).toEqual(["{}"]);
  });

  test("an oversized length is skipped as the bytes arrive, never buffered", () => {
    const decoder = new FrameDecoder({ maxHeaderBytes: 1024, maxBodyBytes: 10 });
    const first = decoder.push(text("Content-Length: 20\r\n\r\n0123456789"));
    expect(problems(first)[0]).toContain("exceeds the 10-byte limit");
    const second = decoder.push(text('0123456789Content-Length: 2\r\n\r\n{}'));
    expect(bodies(second)).toEqual(["{}"]);
  });

  test("a header over the limit is reported once and the stream resynchronises on the next Content-Length line", () => {
    const decoder = new FrameDecoder({ maxHeaderBytes: 16, maxBodyBytes: 100 });
    const items = decoder.push(text("X-Long: aaaaaaaaaaaaaaaaaaaaaaaa\nContent-Length: 2\r\n\r\n{}"));
    expect(problems(items)).toHaveLength(1);
    expect(bodies(items)).toEqual(["{}"]);
  });

  test("a frame cut off by EOF is reported as partial", () => {
    const decoder = new FrameDecoder();
    decoder.push(text("Content-Length: 10\r\n\r\n{}"));
    expect(decoder.hasPartialFrame).toBe(true);
  });

  test("a Content-Length with a sign or spaces inside is refused", () => {
    for (const value of ["-1", "1 2", "0x10", "1e3", ""]) {
      const decoder = new FrameDecoder();
      expect(problems(decoder.push(text(`Content-Length: ${value}\r\n\r\n`)))).toHaveLength(1);
    }
  });
});
