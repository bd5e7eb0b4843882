import { describe, expect, test } from "bun:test";
import { fieldText, literalField, mergeSources, singleValue, unknownField } from "../../../../src/shell/expand/field.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("fields", () => {
  test("a literal field is its one known value", () => {
    expect(singleValue(literalField("rm"))).toBe("rm");
    expect(fieldText(literalField("/x", "$HOME/x"))).toBe("/x");
  });

  test("an unknown field has no single value, even with possibilities; it shows its source", () => {
    const field = unknownField("$X", [2], ["/", "/tmp"]);
    expect(singleValue(field)).toBeUndefined();
    expect(fieldText(field)).toBe("$X");
  });

  test("a field certainly one of several values still has no single value", () => {
    expect(singleValue({ ...literalField("a"), values: ["a", "b"] })).toBeUndefined();
  });

  test("mergeSources keeps each source once, in first-seen order", () => {
    expect(mergeSources([3, 1], [1, 2], [3])).toEqual([3, 1, 2]);
  });
});
