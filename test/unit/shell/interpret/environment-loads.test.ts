// A read whose output goes, through pipes and substitutions alone, into the
// words of `export` is tagged output-into-environment; anything else its
// output reaches keeps it untagged.
import { describe, expect, test } from "bun:test";
import { ENVIRONMENT_LOAD_TAG } from "../../../../src/shell/interpret/environment-loads.ts";
import { viewOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const taggedNames = (input: string) =>
  viewOf(input)
    .commands.filter((command) => command.tags.includes(ENVIRONMENT_LOAD_TAG))
    .map((command) => command.name);

describe("a file read into export's words", () => {
  test.each([
    ["export $(grep -v '^#' .env | xargs)", ["grep"]],
    ["export $(cat .env | xargs) && npm start", ["cat"]],
    ["export $(cat .env.local | sed 's/#.*//' | xargs)", ["cat"]],
    ["export `cat .env | xargs`", ["cat"]],
  ])("%s tags the reader", (input, names) => {
    expect(taggedNames(input)).toEqual(names);
  });

  test.each([
    "export X=$(cat .env)",
    "echo $(cat .env | xargs)",
    "export $(cat .env | tee copy.txt | xargs)",
    "export $(cat .env | tee /dev/stderr | xargs)",
    "X=$(cat .env | xargs); export $X",
    "cat .env | xargs",
  ])("%s leaves the reader untagged: its text reaches a variable, a file or a program that prints it", (input) => {
    expect(taggedNames(input)).toEqual([]);
  });
});
