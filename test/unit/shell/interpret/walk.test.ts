import { describe, expect, test } from "bun:test";
import { commandsOf, viewOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const names = (input: string) => commandsOf(input).map((command) => command.name);

describe("statements as bash runs them", () => {
  test("lists, pipelines, subshells, groups and background jobs all run their commands", () => {
    expect(names("a && b || c; d | e & (f) ; { g; }")).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
  });

  test("conditionals and loops run every branch and body once", () => {
    expect(names("if a; then b; elif c; then d; else e; fi; while f; do g; done; for x in 1 2; do h; done; case $y in a) i;; *) j;; esac")).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
      "f",
      "g",
      "h",
      "i",
      "j",
    ]);
  });

  test("a loop variable takes every value it may take", () => {
    const rm = commandsOf("for d in /srv /opt; do rm -rf $d; done").find((command) => command.name === "rm");
    expect(rm?.paths).toEqual(["/srv", "/opt"]);
  });

  test("a function is judged where it is called, and once more if never called", () => {
    expect(names("f() { rm x; }; f; f")).toEqual(["rm", "rm"]);
    expect(names("g() { shred y; }")).toEqual(["shred"]);
  });

  test("pipes between stages are flows", () => {
    expect(viewOf("cat a | grep b | sh").flows).toEqual([
      { from: 0, to: 1, channel: "pipe" },
      { from: 1, to: 2, channel: "pipe" },
    ]);
  });

  test("a syntax error is unresolved, saying where", () => {
    expect(viewOf("echo 'unclosed").unresolved[0]).toMatch(/^bash syntax error: .* \(offset \d+\)$/);
  });
});

describe("lines typed after a program that reads its prompt", () => {
  const writes = (input: string) => commandsOf(input).flatMap((command) => command.writes);

  test("ed on a line of its own reads the lines after it: its write is judged", () => {
    expect(writes("ed notes/todo.txt\na\nship it\n.\nw\nq")).toContain("notes/todo.txt");
  });

  test("the lines are still judged as shell lines too", () => {
    expect(names("jshell\nmake test")).toEqual(["jshell", "make"]);
  });

  test("jshell's /save after it writes the named file", () => {
    expect(writes("jshell\nint n = 1;\n/save snippets.jsh")).toContain("snippets.jsh");
  });

  test("given its input otherwise, or on the last line, it reads nothing typed", () => {
    expect(writes("ed notes.txt < script.ed\nw other.txt")).not.toContain("other.txt");
    expect(writes("printf 'w x.txt\\n' | ed -s a.txt")).toContain("x.txt");
    expect(writes("echo hi\ned notes.txt")).toEqual([]);
  });

  test("a program not known to read a prompt is not fed the lines after it", () => {
    expect(names("npm ci\nnpm test")).toEqual(["npm", "npm"]);
  });

  test("only the input's own lines: inside bash -c the lines are not typed", () => {
    expect(writes("bash -c $'ed notes.txt\\nw copy.txt'")).not.toContain("copy.txt");
  });
});

describe("a group's redirect", () => {
  test("each command in a redirected group writes the file, as `cmd > file` does", () => {
    const commands = commandsOf("{ echo start; printenv; } >> debug.log");
    expect(commands.filter((command) => command.name !== "").map((command) => [command.name, command.writes, command.outputShown])).toEqual([
      ["echo", ["debug.log"], false],
      ["printenv", ["debug.log"], false],
    ]);
  });

  test("only stdout redirects: a group's stderr log is not what its commands print", () => {
    const printenv = commandsOf("{ printenv; } 2> err.log").find((command) => command.name === "printenv");
    expect(printenv?.writes).toEqual([]);
  });
});
