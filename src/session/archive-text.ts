// An archive sent somewhere (`scp backup.tgz host:`, `curl -T support.zip`)
// sends what it holds: its members' names and their bytes. A gzip'd or plain
// tar, a zip (or jar) with stored or deflated members, and a gzip'd single
// file (`gzip -c key > key.gz`) are read for the engine as text — each
// member's name, then its content when that is text — so that the checks that
// find a credential's text in a sent file (a private key, an AWS secret) find
// it inside the archive too. Bounded: the inflated size is capped, and
// anything else (an image, an encrypted member) stays binary.
import { MAX_PROJECT_FILE_BYTES } from "../limits.ts";

/**
 * node:zlib on first use: imported, the executable evaluated it (and Node's streams beneath it) at every start,
 * ~8 ms of CPU before the first hook, for archives that a call rarely sends (issue 27).
 */
const zlib = (): typeof import("node:zlib") => require("node:zlib");

const BLOCK = 512;

/** The text of the tar archive `bytes` holds (gzip'd or not); undefined when it is no tar or too big once inflated. */
export function archiveText(bytes: Buffer): string | undefined {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_LOCAL) return zipText(bytes);
  let tar = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      tar = zlib().gunzipSync(bytes, { maxOutputLength: MAX_PROJECT_FILE_BYTES });
    } catch {
      return undefined;
    }
    // One gzip'd file, not a tar: its text is what goes.
    if (!isTar(tar)) return tar.includes(0) ? undefined : tar.toString("utf8");
  }
  if (!isTar(tar)) return undefined;
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

function isTar(bytes: Buffer): boolean {
  return bytes.length >= BLOCK && bytes.subarray(257, 262).toString("latin1") === "ustar";
}

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

/**
 * A zip's members from its central directory (sizes there are right even when the local headers defer them):
 * each name, then its bytes when stored or deflated and text. Undefined when the directory cannot be found.
 */
function zipText(bytes: Buffer): string | undefined {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > bytes.length || bytes.readUInt32LE(end) !== ZIP_END) return undefined;
  const count = bytes.readUInt16LE(end + 10);
  const parts: string[] = [];
  let inflated = 0;
  for (let at = bytes.readUInt32LE(end + 16), index = 0; index < count; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ZIP_CENTRAL) return undefined;
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    parts.push(bytes.subarray(at + 46, at + 46 + nameLength).toString("utf8"));
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const body = zipMember(bytes, local, method, size, MAX_PROJECT_FILE_BYTES - inflated);
    if (body === undefined) continue;
    inflated += body.length;
    if (body.length > 0 && !body.includes(0)) parts.push(body.toString("utf8"));
  }
  return parts.join("\n");
}

/** One member's bytes (stored, or deflated and inflated within `room`); undefined for anything else. */
function zipMember(bytes: Buffer, local: number, method: number, size: number, room: number): Buffer | undefined {
  if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== ZIP_LOCAL || room <= 0) return undefined;
  const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
  const data = bytes.subarray(start, start + size);
  if (method === 0) return data.subarray(0, room);
  if (method !== 8) return undefined;
  try {
    return zlib().inflateRawSync(data, { maxOutputLength: room });
  } catch {
    return undefined;
  }
}

/** A NUL-ended header field as text. */
function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? raw.length : end).toString("utf8");
}
