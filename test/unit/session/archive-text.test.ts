import { describe, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
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

describe("the text of an archive sent elsewhere", () => {
  const key = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n";

  test("a gzip'd tar gives each member's name and its text", () => {
    const text = archiveText(gzipSync(tar({ ".ssh/id_ed25519": key, ".aws/credentials": "[default]\n" })));
    expect(text).toBe(`.ssh/id_ed25519\n${key}\n.aws/credentials\n[default]\n`);
  });

  test("a plain tar too; a binary member gives only its name", () => {
    expect(archiveText(tar({ "dist/index.html": "<html></html>\n", "dist/logo.png": Buffer.from([0x89, 0x50, 0, 1]) }))).toBe("dist/index.html\n<html></html>\n\ndist/logo.png");
  });

  test("anything else is no archive: a gzip'd text, a zip, garbage", () => {
    expect(archiveText(gzipSync(Buffer.from("just text\n")))).toBeUndefined();
    expect(archiveText(Buffer.from([0x50, 0x4b, 3, 4, 0, 0]))).toBeUndefined();
    expect(archiveText(Buffer.from([0x1f, 0x8b, 1, 2, 3]))).toBeUndefined();
  });
});
