// redis commands: what each does, the Lua an EVAL calls, and the file that
// CONFIG SET dir + dbfilename + SAVE writes.
import { describe, expect, test } from "bun:test";
import { readRedis } from "../../../../src/shell/languages/redis.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const kinds = (text: string): string[] | undefined => readRedis(text).statements?.map((statement) => statement.kind);

describe("redis commands", () => {
  test.each([
    ["FLUSHALL", ["delete-all"]],
    ["flushdb async", ["delete-all"]],
    ["DEL session:1 session:2", ["delete"]],
    ["CONFIG SET maxmemory 1gb", ["config"]],
    ["CONFIG GET dir", ["select"]],
    ["KEYS user:*", ["select"]],
    ["SET a 1", ["other"]],
    ["SHUTDOWN NOSAVE", ["admin"]],
    ["FT.DROPINDEX idx:docs DD", ["drop"]],
    ["graph.delete social", ["drop"]],
    ["JSON.DEL user:1 $.address", ["delete"]],
    ["FT.SEARCH idx:docs '@title:hello'", ["select"]],
  ])("%s → %p", (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  test("the commands a Lua script calls are the script's own", () => {
    expect(kinds(`EVAL "return redis.call('flushall')" 0`)).toContain("delete-all");
  });

  test("CONFIG SET dir and dbfilename, then SAVE, writes that file", () => {
    const reading = readRedis("CONFIG SET dir /root/.ssh\nCONFIG SET dbfilename authorized_keys\nSAVE");
    expect(reading.lines.map((line) => line.line)).toEqual([": > /root/.ssh/authorized_keys"]);
  });

  test("a command only known at run time is unresolved", () => {
    expect(readRedis("$CMD").unresolved).toHaveLength(1);
  });
});
