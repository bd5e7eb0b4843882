import { describe, expect, test } from "bun:test";
import { deflateRawSync, gzipSync } from "node:zlib";
import { archiveText } from "../../../src/session/archive-text.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

/** A ustar archive of the given members, as tar writes it: a 512-byte header each, the body padded to 512. */
function tar(members: Record<string, string | Buffer>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, body] of Object.entries(members)) {
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    const header = Buffer.alloc(512);
    header.write(name, 0, "utf8");
    header.write(`${bytes.length.toString(8).padStart(11, "0")}\0`, 124, "latin1");
    header.write("ustar\0", 257, "latin1");
    blocks.push(header, bytes, Buffer.alloc((512 - (bytes.length % 512)) % 512));
  }
  return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

/** A zip of the given members as zip writes it: local headers and data, then the central directory and its end (CRCs left 0: not read). */
function zip(members: Record<string, [string, "store" | "deflate"]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, [text, method]] of Object.entries(members)) {
    const raw = Buffer.from(text);
    const data = method === "deflate" ? deflateRawSync(raw) : raw;
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(method === "deflate" ? 8 : 0, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(method === "deflate" ? 8 : 0, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(members).length, 8);
  end.writeUInt16LE(Object.keys(members).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe("the text of an archive sent elsewhere", () => {
  const key = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n";

  test("a gzip'd tar gives each member's name and its text", () => {
    const text = archiveText(gzipSync(tar({ ".ssh/id_ed25519": key, ".aws/credentials": "[default]\n" })));
    expect(text).toBe(`.ssh/id_ed25519\n${key}\n.aws/credentials\n[default]\n`);
  });

  test("a plain tar too; a binary member gives only its name", () => {
    expect(archiveText(tar({ "dist/index.html": "<html></html>\n", "dist/logo.png": Buffer.from([0x89, 0x50, 0, 1]) }))).toBe("dist/index.html\n<html></html>\n\ndist/logo.png");
  });

  test("a zip gives each member's name and its text, stored or deflated", () => {
    const text = archiveText(zip({ ".ssh/id_ed25519": [key, "deflate"], "notes.txt": ["hello\n", "store"] }));
    expect(text).toBe(`.ssh/id_ed25519\n${key}\nnotes.txt\nhello\n`);
  });

  test("a gzip'd single file is its text (gzip -c key > key.gz); a gzip'd binary is nothing", () => {
    expect(archiveText(gzipSync(Buffer.from(key)))).toBe(key);
    expect(archiveText(gzipSync(Buffer.from([1, 0, 2])))).toBeUndefined();
  });

  test("anything else is no archive: a zip cut short, garbage, a byte or two", () => {
    expect(archiveText(Buffer.from([0x50, 0x4b, 3, 4, 0, 0]))).toBeUndefined();
    expect(archiveText(zip({ "a.txt": ["x", "store"] }).subarray(0, 40))).toBeUndefined();
    expect(archiveText(Buffer.from([0x1f, 0x8b, 1, 2, 3]))).toBeUndefined();
    expect(archiveText(Buffer.from([0x50]))).toBeUndefined();
  });
});
