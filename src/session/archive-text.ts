// A gzip'd or plain tar archive sent somewhere (`scp backup.tgz host:`) sends
// what it holds: its members' names and their bytes. Read for the engine as
// text — each member's name, then its content when that is text — so that the
// checks that find a credential's text in a sent file (a private key, an AWS
// secret) find it inside the archive too. Bounded: the inflated size is capped,
// and anything that is no tar (a zip, an image) stays binary.
import { MAX_PROJECT_FILE_BYTES } from "../limits.ts";

/**
 * node:zlib on first use: imported, the executable evaluated it (and Node's streams beneath it) at every start,
 * ~8 ms of CPU before the first hook, for archives that a call rarely sends (issue 27).
 */
const zlib = (): typeof import("node:zlib") => require("node:zlib");

const BLOCK = 512;

/** The text of the tar archive `bytes` holds (gzip'd or not); undefined when it is no tar or too big once inflated. */
export function archiveText(bytes: Buffer): string | undefined {
  let tar = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      tar = zlib().gunzipSync(bytes, { maxOutputLength: MAX_PROJECT_FILE_BYTES });
    } catch {
      return undefined;
    }
  }
  if (tar.length < BLOCK || tar.subarray(257, 262).toString("latin1") !== "ustar") return undefined;
  const parts: string[] = [];
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + BLOCK);
    const name = field(header, 0, 100);
    if (name === "") break;
    const size = Number.parseInt(field(header, 124, 12).trim() || "0", 8);
    if (!Number.isFinite(size) || size < 0) return undefined;
    const prefix = field(header, 345, 155);
    const body = tar.subarray(at + BLOCK, at + BLOCK + size);
    parts.push(`${prefix ? `${prefix}/` : ""}${name}`);
    if (size > 0 && !body.includes(0)) parts.push(body.toString("utf8"));
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return parts.join("\n");
}

/** A NUL-ended header field as text. */
function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? raw.length : end).toString("utf8");
}
