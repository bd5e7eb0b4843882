import { describe, expect, test } from "bun:test";
import { CALLS_BY_LANGUAGE } from "../../../../src/shell/languages/calls.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("the call table", () => {
  test("every callee is a regular expression that compiles and never matches the empty string", () => {
    const problems: string[] = [];
    for (const [language, calls] of Object.entries(CALLS_BY_LANGUAGE)) {
      for (const { callee } of calls) {
        try {
          if (new RegExp(callee).test("")) problems.push(`${language}: ${callee} matches nothing at all`);
        } catch (error) {
          problems.push(`${language}: ${callee}: ${(error as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test("every language can run a shell command some way", () => {
    const withoutShell = Object.entries(CALLS_BY_LANGUAGE)
      .filter(([, calls]) => !calls.some((call) => call.effect === "shell" || call.effect === "argv"))
      .map(([language]) => language);
    expect(withoutShell).toEqual([]);
  });
});
