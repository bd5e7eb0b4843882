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

test("a pattern with no literal prefix still matches through its inner text, and only there", () => {
  const keys = compileAlternatives("**/.ssh/authorized_keys|**/*.pem|**/.git/hooks/**|**/{a,b}c.txt");
  expect(keys("/home/bob/.ssh/authorized_keys")).toBe(true);
  expect(keys(".ssh/authorized_keys")).toBe(true);
  expect(keys("/srv/tls/server.pem")).toBe(true);
  expect(keys("/home/ada/proj/.git/hooks/pre-commit")).toBe(true);
  expect(keys("x/bc.txt")).toBe(true);
  expect(keys("/home/bob/.ssh/authorized_keys.bak")).toBe(false);
  expect(keys("/srv/tls/server.pem.txt")).toBe(false);
  expect(keys("/home/ada/proj/.git/config")).toBe(false);
});
