import { describe, expect, test } from "bun:test";
import { checkEvent, readCheckInput, splitWords } from "../../../src/report/check-input.ts";
import { policyOf } from "../../support/decide.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

describe("readCheckInput", () => {
  test("a JSON object is the whole tool input", () => {
    expect(readCheckInput('{"path": ".env", "content": "A=1"}')).toEqual({ path: ".env", content: "A=1" });
  });

  test("a shell group that starts with a brace is not JSON: it stays a command", () => {
    expect(readCheckInput("{ rm -rf ~; }")).toBe("{ rm -rf ~; }");
  });

  test("JSON that is not an object (an array, a string) stays text", () => {
    expect(readCheckInput("[1, 2]")).toBe("[1, 2]");
    expect(readCheckInput("ls -la")).toBe("ls -la");
  });
});

describe("checkEvent", () => {
  const policy = policyOf();

  test("a plain string is the command of a shell tool", () => {
    expect(checkEvent(policy, "bash", "ls")).toEqual({ hook: "before_tool_call", tool: ["bash"], input: { command: "ls" } });
  });

  test("a plain string is the path of a file tool", () => {
    expect(checkEvent(policy, "read", "~/.ssh/id_rsa")).toEqual({ hook: "before_tool_call", tool: ["read"], input: { path: "~/.ssh/id_rsa" } });
  });

  test("JSON text and an object give the same event", () => {
    expect(checkEvent(policy, "write", '{"path": ".env"}')).toEqual(checkEvent(policy, "write", { path: ".env" }));
  });
});

describe("splitWords", () => {
  test("blanks separate words; quotes group and are removed", () => {
    expect(splitWords("check bash 'rm -rf ~'")).toEqual(["check", "bash", "rm -rf ~"]);
    expect(splitWords('check  bash "a b"c')).toEqual(["check", "bash", "a bc"]);
  });

  test("a backslash escapes the next character", () => {
    expect(splitWords("a\\ b c")).toEqual(["a b", "c"]);
  });

  test("an empty quoted word is a word; an unclosed quote runs to the end", () => {
    expect(splitWords("a '' b")).toEqual(["a", "", "b"]);
    expect(splitWords("a 'b c")).toEqual(["a", "b c"]);
  });

  test("blank input has no words", () => {
    expect(splitWords("   ")).toEqual([]);
  });
});
