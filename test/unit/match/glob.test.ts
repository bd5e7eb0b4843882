// Globs with the policy's `a|b` alternatives: an escaped character matches
// itself, also when it leads the pattern (the literal-prefix shortcut must
// not look for the backslash).
import { expect, test } from "bun:test";
import { compileAlternatives } from "../../../src/match/glob.ts";

test("\\! is a literal ! at the start of a pattern", () => {
  const matches = compileAlternatives("\\!*|\\!*/**");
  expect(matches("!git push -f")).toBe(true);
  expect(matches('!sh -c "rm -rf ~/tmp"')).toBe(true);
  expect(matches("checkout")).toBe(false);
});

test("[*] is a literal star", () => {
  const matches = compileAlternatives(".[*]|[*]");
  expect(matches(".*")).toBe(true);
  expect(matches("*")).toBe(true);
  expect(matches(".env")).toBe(false);
});
