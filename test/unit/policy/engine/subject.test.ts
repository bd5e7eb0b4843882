import { describe, expect, test } from "bun:test";
import { describeCall } from "../../../../src/policy/engine/subject.ts";
import { decide, policyOf, TEST_HOME } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const policy = policyOf('version = 1\n[shell]\ntools = { my_shell = "script" }\n');
const call = (tool: string, input: Record<string, unknown>, pendingLine?: string) =>
  describeCall(policy, { hook: "before_tool_call", tool: [tool], input, ...(pendingLine !== undefined ? { pendingLine } : {}) });

describe("shell tools", () => {
  test("the command field is analysed into simple commands", () => {
    expect(call("bash", { command: "ls && rm x" }).commands.map((command) => command.name)).toEqual(["ls", "rm"]);
  });

  test("a tool the policy names as a shell has its field analysed", () => {
    expect(call("my_shell", { script: "rm -rf ~" }).commands[0]?.paths).toEqual([TEST_HOME]);
  });

  test("a command that is not a string cannot be judged", () => {
    expect(call("bash", { command: ["rm", "-rf"] }).problems).toEqual(["the command field of the bash input is not a string"]);
  });

  test("no command at all is nothing to judge", () => {
    expect(call("bash", {})).toMatchObject({ commands: [], problems: [] });
  });

  test("shell_start runs its command where working_directory says, with env's variables set", () => {
    const rm = call("shell_start", { command: "rm -rf etc", working_directory: "/" }).commands.find((command) => command.name === "rm");
    expect(rm?.paths).toEqual(["/etc"]);
    const prompt = call("shell_start", { command: "bash", env: { PROMPT_COMMAND: "rm -rf ~", "not a name": "x" } });
    expect(prompt.commands.find((command) => command.name === "rm")?.paths).toEqual([TEST_HOME]);
    expect(decide({ tool: "shell_start", input: { command: "bash", env: { PROMPT_COMMAND: "rm -rf ~" } } }).decision).toBe("block");
    expect(decide({ tool: "shell_start", input: { command: "bash", working_directory: "packages/web", env: { NODE_ENV: "it's test" } } }).decision).toBe("continue");
  });

  test("shell_send judges the line with the session's pending part and keeps what is left", () => {
    const subject = call("shell_send", { input: "rf ~\nls -l" }, "rm -");
    expect(subject.commands.map((command) => command.name)).toEqual(["rm"]);
    expect(subject.commands[0]).toMatchObject({ flags: expect.arrayContaining(["-r", "-f"]), paths: [TEST_HOME] });
    expect(subject.pendingLine).toBe("ls -l");
  });
});

describe("file tools", () => {
  test("paths from the usual fields are normalized, ~ expanded", () => {
    expect(call("read", { path: "~/.ssh/id_rsa" }).commands[0]).toMatchObject({
      program: "",
      paths: [`${TEST_HOME}/.ssh/id_rsa`],
      reads: [`${TEST_HOME}/.ssh/id_rsa`],
      writes: [],
    });
  });

  test("a tool whose name says it writes has its paths as writes", () => {
    expect(call("edit", { file_path: "a/../b.txt" }).commands[0]).toMatchObject({ writes: ["b.txt"], reads: [] });
  });

  test("a listing tool neither reads nor writes what it names", () => {
    expect(call("ls", { path: "/etc" }).commands[0]).toMatchObject({ paths: ["/etc"], reads: [], writes: [] });
  });

  test("a list of paths gives each once; a URL is not a path", () => {
    expect(call("read", { paths: ["a", "a", "https://x/y"] }).commands[0]?.paths).toEqual(["a"]);
  });

  test("a call without a path has no command to match", () => {
    expect(call("web_search", { query: "x" }).commands).toEqual([]);
  });
});
