// Commands that print only what lies left of the first `=` of each line (a
// .env file's names) are tagged env-names, and so are readers piping only
// into them; any form that can print a value stays untagged.
import { describe, expect, test } from "bun:test";
import { ENV_NAMES_TAG, isNamePattern } from "../../../../src/shell/interpret/env-names.ts";
import { viewOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const taggedNames = (input: string) =>
  viewOf(input)
    .commands.filter((command) => command.tags.includes(ENV_NAMES_TAG))
    .map((command) => command.name);

describe("commands that print only a KEY=value file's names", () => {
  test.each([
    ["cut -d= -f1 .env", ["cut"]],
    ["cut -f 1 --delimiter = .env", ["cut"]],
    ["grep -o '^[A-Z_]*' .env", ["grep"]],
    ["grep -oE '^[A-Za-z_][A-Za-z0-9_]*=' .env", ["grep"]],
    ["grep --only-matching -e '^[^=]*' .env", ["grep"]],
    ["grep -o '^[[:upper:]_]\\+' .env", ["grep"]],
    ["sed 's/=.*//' .env", ["sed"]],
    ["sed -n -e '/^#/d' -e 's|[[:space:]]*=.*$||p' .env", ["sed"]],
    ["sed -n '/^[A-Z]/s/=.*//p' .env", ["sed"]],
    ["sed 's/=.*/=***/' .env.production", ["sed"]],
    ["awk -F= '{print $1}' .env", ["awk"]],
    ["awk -F '=' 'NF && !/^#/ { print $1 }' .env", ["awk"]],
    ["awk 'BEGIN { FS = \"=\" } {print $1}' .env", ["awk"]],
    ["grep -v '^#' .env | sort | cut -d= -f1", ["grep", "sort", "cut"]],
  ])("%s", (input, names) => {
    expect(taggedNames(input)).toEqual(names);
  });

  test.each([
    "cut -d= -f2 .env",
    "cut -d= -f1 --complement .env",
    "cut -c1-10 .env",
    "grep -o '[A-Z_]*' .env",
    "grep -o '^[A-Z_].*' .env",
    "grep -o '^[^#]*' .env",
    "grep '^[A-Z_]*' .env",
    "grep -o -C2 '^[A-Z]*' .env",
    "grep -of pats.txt .env",
    "grep -o '^[0-z_]*' .env",
    "grep -o '^[ -_]\\+' .env",
    "sed 's/=.*//;p' .env",
    "sed '/^DB/s/=.*//' .env",
    "sed 's/=.*/=&/' .env",
    "sed 's/=\\(.*\\)/ -> \\1/' .env",
    "sed -f names.sed .env",
    "awk -F= '{print $2}' .env",
    "awk -F: '{print $1}' .env",
    "awk -F= '{print $1}' FS=: .env",
    "awk -F= '{system(\"cat .env\")} {print $1}' .env",
  ])("%s stays untagged", (input) => {
    expect(taggedNames(input)).toEqual([]);
  });

  test.each(["cat .env | tee copy | cut -d= -f1", "cat .env | base64 | cut -d= -f1", "cat .env; cut -d= -f1 .env"])(
    "%s leaves the reader untagged: its text reaches a file, a program that changes it, or the agent",
    (input) => {
      expect(taggedNames(input)).not.toContain("cat");
    },
  );

  test.each([
    ["^[A-Z_]*", true],
    ["^[^= ]+=", true],
    ["^\\w\\{1,64\\}", true],
    ["^[[:alnum:]_]*", true],
    ["^[[:print:]]*", false],
    ["^[A-Z=]*", false],
    ["^[A-Za-z0-9_-]*", true],
    ["^[-A-Z_]*", true],
    ["^[0-z_]*", false],
    ["^[ -_]*", false],
    ["^[A-Z_0-Z]*", false],
    ["^[_-a]*", false],
    ["^.*", false],
    ["^(A|B)", false],
    ["^[A-Z", false],
    ["^", false],
  ])("pattern %s names only: %p", (pattern, expected) => {
    expect(isNamePattern(pattern)).toBe(expected);
  });
});
