// jshell's input: `/save FILE` writes a file, `/open FILE` reads one, other
// slash commands only show or end, and every other line is Java handed on.
import { describe, expect, test } from "bun:test";
import { readJshell } from "../../../../src/shell/languages/jshell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("jshell input", () => {
  test("/save writes the named file, with or without a selector", () => {
    expect(readJshell("/save out.jsh\n/save -history ~/.profile").lines.map((line) => line.line)).toEqual([": > out.jsh", ": > ~/.profile"]);
  });

  test("/open reads the named file", () => {
    expect(readJshell("/open /etc/passwd").lines).toEqual([{ line: "cat -- /etc/passwd", label: "/open" }]);
  });

  test("Java lines are handed on as Java, slash commands are not", () => {
    const reading = readJshell("int n = 2;\n/vars\nSystem.out.println(n);\n/exit");
    expect(reading.lines).toEqual([]);
    expect(reading.code).toEqual([{ language: "java", text: "int n = 2;\nSystem.out.println(n);", label: "jshell snippet" }]);
  });

  test("only slash commands leave no Java to read", () => {
    expect(readJshell("/list\n/exit").code).toBeUndefined();
  });
});
