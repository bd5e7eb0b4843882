import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ResolvedCalls } from "../../../src/extension/resolved-calls.ts";
import { VerdictMemo } from "../../../src/extension/verdict-memo.ts";
import { eventOf, type PolicyEvent } from "../../../src/policy/engine/index.ts";
import { CallFiles } from "../../../src/session/call-files.ts";
import { SessionMemory } from "../../../src/session/memory.ts";
import { stampOf } from "../../../src/session/project-files.ts";
import { policyOf, TEST_HOME } from "../../support/decide.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A project of its own, the calls' files found there, and a stamp source the test moves by hand. */
function setUp(stamps: "by hand" | "from the disk" = "by hand") {
  const root = mkdtempSync(join(tmpdir(), "synaps-resolved-"));
  made.push(root);
  const versions = new Map<string, number>();
  const stamped: string[] = [];
  const byHand = (path: string) => {
    stamped.push(path);
    return String(versions.get(path) ?? 0);
  };
  const stamp = stamps === "by hand" ? byHand : stampOf;
  const files = new CallFiles(new SessionMemory(), { find: () => ({ path: root, source: "test" }) }, TEST_HOME);
  const resolved = new ResolvedCalls(files, stamp);
  const verdicts = new VerdictMemo();
  const policy = policyOf();
  const judge = (command: string, session: string | null = "s") => {
    const event = resolved.withFiles(policy, eventOf(policy, { hook: "before_tool_call", tool: "bash", input: { command } }), session);
    const verdict = verdicts.evaluate(policy, event);
    return { event, decision: verdict.decision.kind, verdict };
  };
  /** A file changed on disk, and what the stamp source says of it from now on. */
  const change = (name: string, text: string) => {
    writeFileSync(join(root, name), text);
    versions.set(join(root, name), (versions.get(join(root, name)) ?? 0) + 1);
  };
  return { root, files, policy, judge, change, stamped, write: (name: string, text: string) => writeFileSync(join(root, name), text) };
}

function fileOf(event: PolicyEvent, path: string) {
  return event.hook === "before_tool_call" ? event.files?.get(path) : undefined;
}

describe("ResolvedCalls: the files of a repeated call, re-checked by stamp", () => {
  test("a script changed on disk changes the verdict of the same command", () => {
    const { judge, change } = setUp();
    // Each step judged twice: the second is the one a kept finding answers, until the next change.
    const twice = () => [judge("bash build.sh").decision, judge("bash build.sh").decision];
    change("build.sh", "echo building\n");
    expect(twice()).toEqual(["continue", "continue"]);
    change("build.sh", "rm -rf ~\n");
    expect(twice()).toEqual(["block", "block"]);
    change("build.sh", "echo building again\n");
    expect(twice()).toEqual(["continue", "continue"]);
  });

  test("while the stamps are unchanged a repeat gets the very event found before, and only stamps are taken", () => {
    const { judge, change, write, stamped } = setUp();
    change("Makefile", "all:\n\techo ok\n");
    // Kept from the second time on: a call seen once is found afresh.
    const once = judge("make all");
    const first = judge("make all");
    expect(first.event).not.toBe(once.event);
    const seen = stamped.length;
    expect(seen).toBeGreaterThan(0);
    // Written behind the stamp source's back: the repeat is not read again (this is what the stat re-check saves).
    write("Makefile", "all:\n\trm -rf ~\n");
    const again = judge("make all");
    expect(again.event).toBe(first.event);
    expect(again.verdict).toBe(first.verdict);
    expect(stamped.length).toBe(seen * 1.5);
    expect(again.decision).toBe("continue");
  });

  test("a file that appears where none was changes the verdict", () => {
    const { judge, change } = setUp();
    judge("bash deploy.sh");
    const absent = judge("bash deploy.sh");
    expect(fileOf(absent.event, "deploy.sh")?.absent).toBe(true);
    change("deploy.sh", "rm -rf ~\n");
    expect(judge("bash deploy.sh").decision).toBe("block");
  });

  test("what the session wrote since counts: a write tool's text is judged, not the earlier finding", () => {
    const { judge, change, files, policy } = setUp();
    change("build.sh", "echo building\n");
    expect(judge("bash build.sh").decision).toBe("continue");
    expect(judge("bash build.sh").decision).toBe("continue");
    const write = eventOf(policy, { hook: "before_tool_call", tool: "write", input: { path: "build.sh", content: "rm -rf ~\n" } });
    files.record(write, { hook: "before_tool_call", matched: [], decision: { kind: "continue" }, decidedBy: { kind: "default" } }, "s", 2);
    expect(judge("bash build.sh").decision).toBe("block");
  });

  test("sessions are kept apart: one session's finding is not another's", () => {
    const { judge, change } = setUp();
    change("build.sh", "echo building\n");
    judge("bash build.sh", "a");
    const one = judge("bash build.sh", "a");
    judge("bash build.sh", "b");
    const other = judge("bash build.sh", "b");
    expect(other.event).not.toBe(one.event);
    expect(judge("bash build.sh", "a").event).toBe(one.event);
  });

  test("a call whose files came from a listing is found again every time (no stat of a file re-checks a listing)", () => {
    const { judge, change } = setUp();
    change("test_a.py", "def test_a():\n    assert True\n");
    judge("pytest -q");
    const second = judge("pytest -q");
    expect(judge("pytest -q").event).not.toBe(second.event);
  });
});

describe("settings only the session keeps are never looked for on disk", () => {
  // `git config KEY VALUE` settings are kept in the session's memory under a name that is no path: a call that
  // reads git's settings asks for them, and a stamp or a read of that name on disk would cost a stat every call.
  test("git calls stamp real config files only, and a setting the session made still counts", () => {
    const { root, judge, files, stamped } = setUp();
    const run = (command: string, step: number) => {
      const judged = judge(command);
      files.record(judged.event, judged.verdict, "s", step);
      return judged.decision;
    };
    for (const command of ["git status", "git status", "git log --oneline -3", "git diff --stat"]) run(command, 1);
    mkdirSync(join(root, "ops/hooks"), { recursive: true });
    writeFileSync(join(root, "ops/hooks/pre-commit"), "#!/bin/sh\nrm -rf ~\n");
    // The hook is where the session's own setting points, not where git looks by default.
    expect(run("git commit -m wip", 2)).toBe("continue");
    expect(run("git config core.hooksPath ops/hooks", 3)).toBe("continue");
    expect(run("git commit -m wip", 4)).toBe("block");
    expect(run("git commit -m wip", 5)).toBe("block");
    expect(stamped.length).toBeGreaterThan(0);
    expect(stamped.every((path) => path.startsWith("/"))).toBe(true);
    expect(stamped.filter((path) => path.includes("<"))).toEqual([]);
  });
});

describe("ResolvedCalls with the disk's own stamps", () => {
  test("an editor's save (a new file renamed over the old one) is seen, whatever the size and time", () => {
    const { judge, root, write } = setUp("from the disk");
    write("build.sh", "echo one\n");
    expect(judge("bash build.sh").decision).toBe("continue");
    expect(judge("bash build.sh").decision).toBe("continue");
    // Same length, written at once: only the file's identity tells it apart.
    write("build.sh.tmp", "rm -rf ~\n");
    renameSync(join(root, "build.sh.tmp"), join(root, "build.sh"));
    expect(judge("bash build.sh").decision).toBe("block");
  });
});
