// Target "decoder" (in process, no binary): streams of damage and valid
// frames fed to FrameDecoder whole, in random chunks and byte by byte. Every
// valid frame must come out, in order, the same however the bytes arrive.
import { encodeFrameText, FrameDecoder } from "../../../src/rpc/framing.ts";
import { concat, randomDamage, splitRandomly } from "../damage.ts";
import type { Random } from "../random.ts";
import type { Target } from "../target.ts";

export const decoderTarget: Target = {
  name: "decoder",
  kind: "custom",
  about: "the frame decoder in process: damage between valid frames, any chunking",
  async run(run) {
    for (; run.more(); run.advance()) {
      const rng = run.rngFor(run.caseIndex);
      const parts: Uint8Array[] = [];
      const expected: string[] = [];
      for (let k = rng.int(1, 5); k > 0; k--) {
        if (rng.chance(0.8)) parts.push(randomDamage(rng));
        const body = validBody(rng, `${run.caseIndex}-${k}`);
        expected.push(body);
        parts.push(encodeFrameText(body));
      }
      const stream = concat(parts);
      run.report(`${expected.length} valid frames among ${stream.length} bytes`, check(stream, expected, rng), stream);
      if (run.casesRun % 20 === 0) await Bun.sleep(0); // let targets running beside this one read their pipes
    }
  },
};

function check(stream: Uint8Array, expected: string[], rng: Random): string[] {
  const chunkings: Array<[string, Uint8Array[]]> = [
    ["whole", [stream]],
    ["random chunks", splitRandomly(rng, stream, 40)],
  ];
  if (stream.length <= 4096) chunkings.push(["byte by byte", Array.from(stream, (byte) => Uint8Array.of(byte))]);
  const problems: string[] = [];
  let reference: string[] | undefined;
  for (const [how, chunks] of chunkings) {
    let frames: string[];
    try {
      frames = decode(chunks);
    } catch (error) {
      problems.push(`${how}: the decoder threw ${(error as Error).stack}`);
      continue;
    }
    const missing = missingInOrder(frames, expected);
    if (missing) problems.push(`${how}: valid frame ${JSON.stringify(missing.slice(0, 80))} was not decoded (in order); got ${frames.length} frames`);
    if (reference && JSON.stringify(reference) !== JSON.stringify(frames)) problems.push(`${how}: decoded differently than the whole stream`);
    reference ??= frames;
  }
  return problems;
}

function decode(chunks: Uint8Array[]): string[] {
  const decoder = new FrameDecoder();
  const frames: string[] = [];
  for (const chunk of chunks) for (const item of decoder.push(chunk)) if (item.kind === "frame") frames.push(new TextDecoder().decode(item.body));
  return frames;
}

/** The first expected body not found after the previous one, or undefined when all are there in order. */
function missingInOrder(frames: string[], expected: string[]): string | undefined {
  let at = 0;
  for (const body of expected) {
    const found = frames.indexOf(body, at);
    if (found < 0) return body;
    at = found + 1;
  }
  return undefined;
}

/** A body that is valid JSON, sometimes pretty-printed, sometimes with header-like text in its strings. */
function validBody(rng: Random, marker: string): string {
  const value = {
    jsonrpc: "2.0",
    id: marker,
    method: "tool.call",
    params: { text: rng.pick(["plain", "Content-Length: 5\r\n\r\n{}", "content-length:12", "é🦀\u0000", "x".repeat(rng.size(5000))]) },
  };
  return rng.chance(0.3) ? JSON.stringify(value, null, rng.pick([1, 2, "\t"])) : JSON.stringify(value);
}
