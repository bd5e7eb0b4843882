// Random damage to a byte stream: what may come before a good frame. Used
// through the binary (target "framing") and in process (target "decoder").
import { DAMAGE_CASES } from "../unit/rpc/framing-damage.ts";
import { frame } from "../support/strict-frames.ts";
import type { Random } from "./random.ts";

const encoder = new TextEncoder();
const HEADERISH = [
  "Content-Length",
  "content-length",
  "CONTENT-LENGTH",
  "Content-Type",
  ":",
  ": ",
  " ",
  "\t",
  "\r",
  "\n",
  "\r\n",
  "\r\n\r\n",
  "0",
  "1",
  "7",
  "42",
  "99999999999999",
  "-",
  "+",
  "x",
  "{",
  "}",
  '"',
  "\u0000",
  "é",
];

export function randomDamage(rng: Random): Uint8Array {
  switch (rng.int(0, 8)) {
    case 0:
      return rng.bytes(rng.size(300) + 1);
    case 1:
      return encoder.encode(Array.from({ length: rng.int(1, 12) }, () => rng.pick(HEADERISH)).join(""));
    case 2:
      return truncatedFrame(rng);
    case 3:
      return wrongLengthFrame(rng);
    case 4:
      return mutatedFrame(rng);
    case 5:
      return rng.pick(DAMAGE_CASES).damage;
    case 6:
      return encoder.encode(
        `Content-Length: ${rng.pick(["", "-1", "0x1f", "1e2", " 1 1", "+3", "18446744073709551616", "٣"])}\r\n\r\n${rng.chance(0.5) ? '{"jsonrpc":"2.0"}' : ""}`,
      );
    case 7:
      return concat(Array.from({ length: rng.int(2, 4) }, () => (rng.chance(0.5) ? truncatedFrame(rng) : rng.bytes(rng.int(1, 20)))));
    default:
      return encoder.encode(`Content-Length: ${rng.int(1_000_000, 20_000_000)}\r\n\r\n${"{".repeat(rng.int(0, 3))}`);
  }
}

function sampleFrame(rng: Random): Uint8Array {
  const body = {
    jsonrpc: "2.0",
    id: `lost-${rng.int(1, 1e9)}`,
    method: rng.pick(["tool.call", "hook.handle", "x"]),
    params: { name: "hello", input: { name: "lost".repeat(rng.int(1, 20)) } },
  };
  return frame(rng.chance(0.2) ? JSON.stringify(body, null, 2) : body);
}

function truncatedFrame(rng: Random): Uint8Array {
  const bytes = sampleFrame(rng);
  return bytes.subarray(0, rng.int(1, bytes.length - 1));
}

function wrongLengthFrame(rng: Random): Uint8Array {
  const body = encoder.encode(JSON.stringify({ jsonrpc: "2.0", id: `lost-${rng.int(1, 1e9)}`, method: "tool.call", params: { name: "hello", input: {} } }));
  const declared = Math.max(0, body.length + rng.pick([-40, -5, -1, 1, 3, 50, 5000]));
  return concat([encoder.encode(`Content-Length: ${declared}\r\n\r\n`), body]);
}

function mutatedFrame(rng: Random): Uint8Array {
  const bytes = Array.from(sampleFrame(rng));
  for (let edits = rng.int(1, 4); edits > 0; edits--) {
    const at = rng.int(0, bytes.length - 1);
    const edit = rng.int(0, 2);
    if (edit === 0) bytes[at] = rng.int(0, 255);
    else if (edit === 1) bytes.splice(at, 1);
    else bytes.splice(at, 0, rng.int(0, 255));
  }
  return Uint8Array.from(bytes);
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Split bytes into 1..n chunks at random places. */
export function splitRandomly(rng: Random, bytes: Uint8Array, most = 6): Uint8Array[] {
  const cuts = Array.from({ length: rng.int(0, most - 1) }, () => rng.int(1, Math.max(1, bytes.length - 1))).sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut <= from) continue;
    chunks.push(bytes.subarray(from, cut));
    from = cut;
  }
  return chunks;
}
