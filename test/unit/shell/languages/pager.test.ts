// less's commands and input preprocessors: a LESSOPEN without `|` prints the
// name of the file less shows instead of the one asked for.
import { describe, expect, test } from "bun:test";
import { readLessCommand, readLessOpen, readLessOptions } from "../../../../src/shell/languages/pager.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const lines = (value: string) => readLessOpen(value).lines.map((line) => line.line);

describe("LESSOPEN", () => {
  test("a printed file name is the file less shows", () => {
    expect(lines("echo /etc/shadow # %s")).toEqual(['echo /etc/shadow # "$1"', "cat -- /etc/shadow"]);
    expect(lines("printf '~/.netrc' %s")).toContain("cat -- ~/.netrc");
  });

  test("a pipe preprocessor's output is the text, not a file name", () => {
    expect(lines("|echo /etc/shadow %s")).toEqual(['echo /etc/shadow "$1"']);
  });

  test("a printed name only known at run time names no file", () => {
    expect(lines("echo %s.txt")).toEqual(['echo "$1".txt']);
  });
});

describe("less commands", () => {
  test("s saves to a file, ! runs a command", () => {
    expect(readLessCommand("+s ~/.bashrc").lines.map((line) => line.line)).toEqual([": > ~/.bashrc"]);
    expect(readLessCommand("+!id").lines.map((line) => line.line)).toEqual(["id"]);
  });
});

describe("the LESS variable", () => {
  const commands = (value: string) => readLessOptions(value).lines.map((line) => line.line);
  test("a +CMD among its options runs at start, up to a `$`", () => {
    expect(commands("+!rm -rf ~")).toEqual(["rm -rf ~"]);
    expect(commands("-R +!id$-S")).toEqual(["id"]);
  });
  test("plain options run nothing", () => {
    expect(commands("FRX")).toEqual([]);
    expect(commands("-R --mouse -j.5")).toEqual([]);
  });
});
