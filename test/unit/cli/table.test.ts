// `log` and the other tables print what the agent sent (issue 26.8): a tool
// name holding an escape sequence must reach the terminal as visible text.
import { expect, test } from "bun:test";
import { table } from "../../../src/cli/table.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

test("control characters and escape sequences in cells are shown as escapes", () => {
  const printed = table(["tool", "input"], [["mcp_\x1b]0;owned\x07x", "rm\x1b[2J -rf\u202e ~\r"]]);
  // Only the table's own newlines remain.
  expect([...printed].filter((char) => char !== "\n" && (char < " " || char === "\u202e" || (char >= "\x7f" && char <= "\x9f")))).toEqual([]);
  expect(printed).toContain("mcp_\\x1b]0;owned\\x07x");
  expect(printed).toContain("rm\\x1b[2J -rf\\u{202e} ~\\x0d");
});

test("plain text is unchanged", () => {
  expect(table(["a", "b"], [["bash", "ls -la ⏎ echo hi"]])).toBe("a     b\nbash  ls -la ⏎ echo hi");
});
