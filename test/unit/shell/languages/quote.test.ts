import { describe, expect, test } from "bun:test";
import { parse } from "unbash";
import { shellQuote } from "../../../../src/shell/languages/quote.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

/** The words bash would see in `echo <quoted>`. */
const wordsOf = (line: string) => (parse(`echo ${line}`).commands[0]!.command as unknown as { suffix: Array<{ value: string }> }).suffix.map((word) => word.value);

describe("shellQuote", () => {
  test("a value parses back into exactly one word with that value", () => {
    for (const value of ["plain", "a b", "it's", "$(rm -rf ~)", "*", "tab\there", ""]) {
      const quoted = shellQuote(value);
      expect(value === "" ? quoted : wordsOf(quoted)).toEqual(value === "" ? "''" : [value]);
    }
  });

  test("~ and a leading ~/ stay unquoted, so the home directory is what is judged", () => {
    expect(shellQuote("~")).toBe("~");
    expect(shellQuote("~/my docs")).toBe("~/'my docs'");
  });
});
