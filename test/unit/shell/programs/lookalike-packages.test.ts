// A package name one slip from a well-known one (swapped neighbours, a letter
// left out inside, a letter doubled) is tagged on install commands; real
// neighbours and other slips are not.
import { describe, expect, test } from "bun:test";
import { isSlipOf, LOOKALIKE_PACKAGE } from "../../../../src/shell/programs/lookalike-packages.ts";
import { commandNamed } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("which names are slips", () => {
  test.each([
    ["reqeusts", "requests"],
    ["requets", "requests"],
    ["requestss", "requests"],
    ["lodahs", "lodash"],
    ["expresss", "express"],
    ["djnago", "django"],
  ])("%s is a slip of %s", (name, known) => expect(isSlipOf(name, known)).toBe(true));

  test.each([
    ["requests", "requests"],
    // The last letter left out: packages of their own (request, boto, attr).
    ["request", "requests"],
    // A substituted letter: real packages differ so.
    ["tslint", "eslint"],
    ["scapy", "scipy"],
    // An added letter that doubles nothing; short names.
    ["preact", "react"],
    ["vuee", "vue"],
    ["colorsx", "colors"],
  ])("%s is no slip of %s", (name, known) => expect(isSlipOf(name, known)).toBe(false));
});

describe("install commands", () => {
  const tagsOf = (input: string, name: string) => commandNamed(input, name).tags;
  test.each([
    ["pip install reqeusts==2.31", "pip"],
    ["uv pip install nmupy", "uv"],
    ["npm install --save lodahs@4", "npm"],
    ["bun add expresss", "bun"],
    ["gem install railss", "gem"],
  ])("%s is tagged", (input, name) => expect(tagsOf(input, name)).toContain(LOOKALIKE_PACKAGE));

  test.each([
    ["pip install requests numpy", "pip"],
    ["pip show reqeusts", "pip"],
    ["npm install ./vendor/lodahs", "npm"],
    ["npm uninstall lodahs", "npm"],
  ])("%s is not", (input, name) => expect(tagsOf(input, name)).not.toContain(LOOKALIKE_PACKAGE));
});
