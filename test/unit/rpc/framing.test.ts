// The frame decoder on its own: the byte-level cases, deterministic.
import { describe, expect, test } from "bun:test";
import { encodeFrame, encodeFrameText, FrameDecoder, type DecodedItem } from "../../../src/rpc/framing.ts";
import { DAMAGE_CASES } from "./framing-damage.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const text = (s: string) => new TextEncoder().encode(s);
const bodies = (items: DecodedItem[]) => items.flatMap((item) => (item.kind === "frame" ? [new TextDecoder().decode(item.body)] : []));
const problems = (items: DecodedItem[]) => items.flatMap((item) => (item.kind === "problem" ? [item.message] : []));

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

  test("a frame is exactly its header and the body's UTF-8, for characters of every width and a lone surrogate", () => {
    for (const body of ["", "a", "é", "€ 中", "🦀🦀", JSON.stringify("\ud800 alone"), `"${"ж".repeat(5000)}"`]) {
      const expected = new TextEncoder().encode(body);
      const frame = encodeFrameText(body);
      const header = `Content-Length: ${expected.length}\r\n\r\n`;
      expect(new TextDecoder().decode(frame.subarray(0, header.length))).toBe(header);
      expect([...frame.subarray(header.length)]).toEqual([...expected]);
    }
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
    const items = decoder.push(text("garbage\r\nContent-Length: 2\r\n\r\n{}"));
    expect(problems(items)).toHaveLength(1);
    expect(bodies(items)).toEqual(["{}"]);
  });

  test("an oversized length is skipped as the bytes arrive, never buffered", () => {
    const decoder = new FrameDecoder({ maxHeaderBytes: 1024, maxBodyBytes: 10 });
    const first = decoder.push(text("Content-Length: 20\r\n\r\n0123456789"));
    expect(problems(first)[0]).toContain("exceeds the 10-byte limit");
    const second = decoder.push(text("0123456789Content-Length: 2\r\n\r\n{}"));
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
    for (const value of ["-1", "1 2", "0x10", "1e3", "", "+1"]) {
      const decoder = new FrameDecoder();
      expect(problems(decoder.push(text(`Content-Length: ${value}\r\n\r\n`)))).toHaveLength(1);
    }
  });

  test("spaces and tabs around a Content-Length value are allowed", () => {
    const decoder = new FrameDecoder();
    expect(bodies(decoder.push(text("Content-Length: \t2 \t\r\n\r\n{}")))).toEqual(["{}"]);
  });

  test("a body that is valid JSON is never mistaken for damage, whatever its strings hold", () => {
    const tricky = [{ output: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello" }, { output: "Content-Length: 12" }, { text: "content-length:" }, ["Content-Length: 5", 5]];
    for (const message of tricky) {
      const decoder = new FrameDecoder();
      const items = decoder.push(encodeFrame(message));
      expect(problems(items)).toEqual([]);
      expect(bodies(items)).toEqual([JSON.stringify(message)]);
    }
  });

  test("a pretty-printed body with line breaks is read whole", () => {
    const body = JSON.stringify({ a: { b: [1, 2] }, c: "Content-Length: 3" }, null, 2);
    const decoder = new FrameDecoder();
    const items = decoder.push(text(`Content-Length: ${text(body).length}\r\n\r\n${body}`));
    expect(problems(items)).toEqual([]);
    expect(bodies(items)).toEqual([body]);
  });
});

const AFTER = '{"jsonrpc":"2.0","id":"after","method":"tool.call","params":{"name":"hello","input":{"name":"after"}}}';

/** Feed the damage, then a valid frame, in the chunks given; what came out. */
function decodeAfterDamage(damage: Uint8Array, split: (bytes: Uint8Array) => Uint8Array[]) {
  const decoder = new FrameDecoder();
  const stream = concat(damage, encodeFrameText(AFTER));
  const items = split(stream).flatMap((chunk) => decoder.push(chunk));
  return { frames: bodies(items), problems: problems(items), partial: decoder.hasPartialFrame };
}

const whole = (bytes: Uint8Array) => [bytes];
/** Chunks of 1–16 bytes from a fixed sequence, so failures replay. */
function ragged(bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let state = 7;
  for (let at = 0; at < bytes.length; ) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const size = 1 + (state % 16);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

describe(`damage in front of a valid frame (${DAMAGE_CASES.length} cases)`, () => {
  test("the table holds at least 70 cases", () => {
    expect(DAMAGE_CASES.length).toBeGreaterThanOrEqual(70);
  });

  for (const damageCase of DAMAGE_CASES) {
    test(`${damageCase.name}: the next frame is decoded, the damage reported once`, () => {
      for (const split of [whole, ragged]) {
        const { frames, problems: found, partial } = decodeAfterDamage(damageCase.damage, split);
        expect(frames.at(-1)).toBe(AFTER);
        expect(partial).toBe(false);
        expect(found.length).toBeLessThanOrEqual(1);
        // Damage is either reported or (for a body that is framed but broken) passed on to be answered as a parse error.
        if (!damageCase.tolerated) expect(found.length + frames.length - 1).toBeGreaterThanOrEqual(1);
      }
    });
  }

  test("every case in one stream, each followed by a valid frame: every valid frame is decoded", () => {
    const decoder = new FrameDecoder();
    const items = DAMAGE_CASES.flatMap((damageCase) => [...decoder.push(damageCase.damage), ...decoder.push(encodeFrameText(AFTER))]);
    expect(bodies(items).filter((body) => body === AFTER)).toHaveLength(DAMAGE_CASES.length);
  });
});

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
