import { describe, expect, test } from "bun:test";
import { fieldAt } from "../../../../src/policy/engine/field-path.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("fieldAt", () => {
  test("follows own properties of nested tables", () => {
    expect(fieldAt({ options: { mode: "fast" } }, ["options", "mode"])).toBe("fast");
  });

  test("never steps into a list, so conditions and rewrites agree on what a path reaches", () => {
    expect(fieldAt({ args: ["a", "b"] }, ["args", "0"])).toBeUndefined();
  });

  test("never reads an inherited property", () => {
    expect(fieldAt({}, ["constructor"])).toBeUndefined();
    expect(fieldAt({ a: {} }, ["a", "toString"])).toBeUndefined();
  });

  test("a missing step or a step through a scalar is undefined", () => {
    expect(fieldAt({ a: 1 }, ["a", "b"])).toBeUndefined();
    expect(fieldAt({}, ["a"])).toBeUndefined();
  });
});
