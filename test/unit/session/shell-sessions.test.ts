import { describe, expect, test } from "bun:test";
import { ShellSessions } from "../../../src/session/shell-sessions.ts";
import { MAX_SHELL_MEMORY_BYTES, MAX_SHELL_MEMORY_TOTAL_BYTES, MAX_SHELL_SESSIONS } from "../../../src/limits.ts";
import type { ToolCallEvent } from "../../../src/policy/engine/event.ts";
import type { Verdict } from "../../../src/policy/engine/verdict.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const send = (input: string, session = "s1"): ToolCallEvent => ({ hook: "before_tool_call", tool: ["shell_send"], input: { input, session_id: session } });
const verdict = (kind: "continue" | "block", pendingLine: string): Verdict => ({
  hook: "before_tool_call",
  decision: kind === "block" ? { kind, reason: "no" } : { kind },
  decidedBy: { kind: "default" },
  matched: [],
  pendingLine,
});

describe("ShellSessions", () => {
  test("a partial line is attached to the session's next send", () => {
    const sessions = new ShellSessions();
    sessions.remember(send("rm -r"), verdict("continue", "rm -r"));
    expect(sessions.withPendingLine(send("f ~\n"))).toMatchObject({ pendingLine: "rm -r" });
  });

  test("sessions are kept apart", () => {
    const sessions = new ShellSessions();
    sessions.remember(send("rm -r", "a"), verdict("continue", "rm -r"));
    expect(sessions.withPendingLine(send("ls\n", "b"))).not.toHaveProperty("pendingLine");
  });

  test("a blocked send never reaches the shell: the partial line stays what it was", () => {
    const sessions = new ShellSessions();
    sessions.remember(send("echo "), verdict("continue", "echo "));
    sessions.remember(send("x; rm -rf ~"), verdict("block", "echo x; rm -rf ~"));
    expect(sessions.withPendingLine(send("\n"))).toMatchObject({ pendingLine: "echo " });
  });

  test("a completed line leaves nothing pending", () => {
    const sessions = new ShellSessions();
    sessions.remember(send("ls"), verdict("continue", "ls"));
    sessions.remember(send("\n"), verdict("continue", ""));
    expect(sessions.withPendingLine(send("pwd\n"))).not.toHaveProperty("pendingLine");
  });

  test("a new shell starts where shell_start put it: the oldest start not yet sent to", () => {
    const sessions = new ShellSessions();
    const start = (input: Record<string, unknown>): ToolCallEvent => ({ hook: "before_tool_call", tool: ["shell_start"], input: { command: "bash", ...input } });
    sessions.remember(start({ working_directory: "/", env: { CDPATH: "/etc" } }), verdict("continue", ""));
    sessions.remember(start({}), verdict("continue", ""));
    sessions.remember(start({ working_directory: "/srv" }), verdict("block", ""));
    expect(sessions.withPendingLine(send("ls\n", "t1"))).toMatchObject({ shellLines: { lines: ["cd -- '/' || exit", "export CDPATH='/etc'"] } });
    // The second start had neither: the second shell starts fresh, and a blocked start never made a shell.
    expect(sessions.withPendingLine(send("ls\n", "t2"))).toMatchObject({ shellLines: { lines: [] } });
    expect(sessions.withPendingLine(send("ls\n", "t3"))).toMatchObject({ shellLines: { lines: [] } });
    // The first shell keeps its start on later sends.
    expect(sessions.withPendingLine(send("pwd\n", "t1"))).toMatchObject({ shellLines: { lines: ["cd -- '/' || exit", "export CDPATH='/etc'"] } });
  });

  test("other tools are left alone", () => {
    const sessions = new ShellSessions();
    const bash: ToolCallEvent = { hook: "before_tool_call", tool: ["bash"], input: { command: "ls" } };
    expect(sessions.withPendingLine(bash)).toBe(bash);
  });

  test("at most MAX_SHELL_SESSIONS sessions are remembered, the oldest forgotten first", () => {
    const sessions = new ShellSessions();
    for (let index = 0; index <= MAX_SHELL_SESSIONS; index++) sessions.remember(send("x", `s${index}`), verdict("continue", "x"));
    expect(sessions.withPendingLine(send("\n", "s0"))).not.toHaveProperty("pendingLine");
    expect(sessions.withPendingLine(send("\n", `s${MAX_SHELL_SESSIONS}`))).toMatchObject({ pendingLine: "x" });
  });

  test("lines kept across shells are bounded together: the least recently used shell's go first, and it says so", () => {
    const sessions = new ShellSessions();
    const line = `export A=${"x".repeat(1_000)}`;
    const ran = (count: number): Verdict => ({ ...verdict("continue", ""), enteredLines: Array.from({ length: count }, () => line) });
    // Each shell keeps what one shell may keep; together they are over the total.
    const perShell = Math.floor(MAX_SHELL_MEMORY_BYTES / (line.length + 1));
    const shells = Math.ceil(MAX_SHELL_MEMORY_TOTAL_BYTES / (perShell * (line.length + 1))) + 1;
    expect(shells).toBeLessThan(MAX_SHELL_SESSIONS);
    for (let index = 0; index < shells; index++) sessions.remember(send("x\n", `s${index}`), ran(perShell));
    const linesOf = (session: string) => {
      const event = sessions.withPendingLine(send("ls\n", session));
      return "shellLines" in event ? event.shellLines : undefined;
    };
    expect(linesOf("s0")).toEqual({ lines: [], dropped: true });
    expect(linesOf(`s${shells - 1}`)).toMatchObject({ dropped: false });
    expect(linesOf(`s${shells - 1}`)?.lines).toHaveLength(perShell);
    let kept = 0;
    for (let index = 0; index < shells; index++) kept += (linesOf(`s${index}`)?.lines ?? []).reduce((sum, text) => sum + text.length + 1, 0);
    expect(kept).toBeLessThanOrEqual(MAX_SHELL_MEMORY_TOTAL_BYTES);
    expect(kept).toBeGreaterThan(MAX_SHELL_MEMORY_TOTAL_BYTES - MAX_SHELL_MEMORY_BYTES * 2);
  });
});
