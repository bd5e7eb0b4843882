import { describe, expect, test } from "bun:test";
import { expandBraces } from "../../../src/match/braces.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

describe("expandBraces", () => {
  test("alternatives, with prefix and suffix, nested too", () => {
    expect(expandBraces("a{b,c}d", 10)).toEqual(["abd", "acd"]);
    expect(expandBraces("x{a,b{1,2}}", 10)).toEqual(["xa", "xb1", "xb2"]);
  });

  test("numeric and letter sequences, with steps, padding and counting down", () => {
    expect(expandBraces("{1..3}", 10)).toEqual(["1", "2", "3"]);
    expect(expandBraces("{a..e..2}", 10)).toEqual(["a", "c", "e"]);
    expect(expandBraces("{08..10}", 10)).toEqual(["08", "09", "10"]);
    expect(expandBraces("{3..1}", 10)).toEqual(["3", "2", "1"]);
  });

  test("a brace with no comma and no range, and ${…}, stay as they are", () => {
    expect(expandBraces("{x}", 10)).toEqual(["{x}"]);
    expect(expandBraces("{}", 10)).toEqual(["{}"]);
    expect(expandBraces("${HOME}/{a,b}", 10)).toEqual(["${HOME}/a", "${HOME}/b"]);
  });

  test("an escaped comma does not split", () => {
    expect(expandBraces("{a\\,b}", 10)).toEqual(["{a\\,b}"]);
  });

  test("more words than the cap: undefined, never a partial list", () => {
    expect(expandBraces("{1..100}", 32)).toBeUndefined();
    expect(expandBraces("{a,b}{c,d}{e,f}", 7)).toBeUndefined();
    expect(expandBraces("{a,b}{c,d}{e,f}", 8)).toHaveLength(8);
  });
});
