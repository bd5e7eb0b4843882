import { describe, expect, test } from "bun:test";
import { compressedTwin } from "../../../../../src/shell/programs/carriers/archivers.ts";
import { setTestLimit } from "../../../../support/test-limit.ts";

setTestLimit();

describe("the file a compressor makes beside its operand", () => {
  test("compressing adds the program's suffix; decompressing (un…, -d) takes it off", () => {
    expect(compressedTwin("gzip", ["-k"], "a/f.txt")).toBe("a/f.txt.gz");
    expect(compressedTwin("xz", ["--keep", "-9"], "f")).toBe("f.xz");
    expect(compressedTwin("zstd", [], "f")).toBe("f.zst");
    expect(compressedTwin("gunzip", [], "f.gz")).toBe("f");
    expect(compressedTwin("gzip", ["-dk"], "f.gz")).toBe("f");
    expect(compressedTwin("unxz", [], "dump.sql.xz")).toBe("dump.sql");
  });

  test("nothing beside it: to stdout, a listing or test, a name without the suffix, a program that is not a compressor", () => {
    expect(compressedTwin("gzip", ["-c"], "f")).toBeUndefined();
    expect(compressedTwin("gzip", ["-kc"], "f")).toBeUndefined();
    expect(compressedTwin("xz", ["--stdout"], "f")).toBeUndefined();
    expect(compressedTwin("gzip", ["-l"], "f.gz")).toBeUndefined();
    expect(compressedTwin("gunzip", [], "f.txt")).toBeUndefined();
    expect(compressedTwin("gzip", [], "f.gz")).toBeUndefined();
    expect(compressedTwin("cp", [], "f")).toBeUndefined();
  });
});
