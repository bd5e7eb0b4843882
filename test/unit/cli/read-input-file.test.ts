// What the command line reads (check --file, --output, an audit log) is only
// ever a regular file: a FIFO or a device would block or never end.
import { describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readInputFile } from "../../../src/cli/read-input-file.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

describe("readInputFile", () => {
  const folder = mkdtempSync(join(tmpdir(), "synaps-policy-input-"));

  test("reads a regular file", () => {
    writeFileSync(join(folder, "calls.txt"), "ls\n");
    expect(readInputFile(join(folder, "calls.txt"))).toEqual({ ok: true, text: "ls\n" });
  });

  test("refuses a FIFO without opening it", () => {
    execFileSync("mkfifo", [join(folder, "fifo")]);
    expect(readInputFile(join(folder, "fifo"))).toEqual({ ok: false, problem: `${join(folder, "fifo")}: a named pipe, not a regular file` });
  });

  test("refuses a device and a directory, and says when there is nothing", () => {
    expect(readInputFile("/dev/zero")).toEqual({ ok: false, problem: "/dev/zero: a device, not a regular file" });
    expect(readInputFile(folder)).toEqual({ ok: false, problem: `${folder}: a directory, not a regular file` });
    expect(readInputFile(join(folder, "nope"))).toEqual({ ok: false, problem: `${join(folder, "nope")}: no such file` });
  });
});
