import { describe, expect, test } from "bun:test";
import { textPattern } from "../../../../src/shell/expand/pattern.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("textPattern", () => {
  test("*, ?, sets, ranges, negation and escapes", () => {
    expect(textPattern("*.tar.gz")("v2.tar.gz")).toBe(true);
    expect(textPattern("v?")("v2")).toBe(true);
    expect(textPattern("[a-c]x")("bx")).toBe(true);
    expect(textPattern("[!a-c]x")("bx")).toBe(false);
    expect(textPattern("\\*")("*")).toBe(true);
    expect(textPattern("\\*")("a")).toBe(false);
  });

  test("* matches a leading dot and a slash, as ${X%…} and find -name need", () => {
    expect(textPattern("*rc")(".bashrc")).toBe(true);
    expect(textPattern("a*c")("a/b/c")).toBe(true);
  });

  test("caseless folds letters", () => {
    expect(textPattern("*.TMP", true)("x.tmp")).toBe(true);
  });

  test("many stars against a long text do not backtrack", () => {
    const text = "a".repeat(2_000);
    expect(textPattern(`${"*a".repeat(200)}*b`)(text)).toBe(false);
  });
});
