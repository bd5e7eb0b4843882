import { describe, expect, spyOn, test } from "bun:test";
import { MAX_MEMORY_FILE_CHARS, MAX_MEMORY_FILES, MAX_MEMORY_SESSION_CHARS, MAX_MEMORY_SESSIONS, MAX_MEMORY_TOTAL_CHARS } from "../../../src/limits.ts";
import { evaluate, eventOf } from "../../../src/policy/engine/index.ts";
import { CallFiles } from "../../../src/session/call-files.ts";
import { applyEdit, memoryKey, SessionMemory } from "../../../src/session/memory.ts";
import { policyOf } from "../../support/decide.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

describe("SessionMemory", () => {
  test("keeps each session's files apart, with a default session for null", () => {
    const memory = new SessionMemory();
    memory.remember("a", "x.sh", { content: "echo a", step: "step 1" });
    memory.remember(null, "x.sh", { content: "echo default", step: "step 1" });
    expect(memory.get("a", "x.sh")?.content).toBe("echo a");
    expect(memory.get(null, "x.sh")?.content).toBe("echo default");
    expect(memory.get("b", "x.sh")).toBeUndefined();
  });

  test("forgets a session at its end", () => {
    const memory = new SessionMemory();
    memory.remember("a", "x.sh", { content: "echo a", step: "step 1" });
    memory.forget("a");
    expect(memory.get("a", "x.sh")).toBeUndefined();
    expect(memory.size).toEqual({ sessions: 0, chars: 0 });
  });

  test("keeps at most MAX_MEMORY_SESSIONS sessions, the least recently used going first", () => {
    const memory = new SessionMemory();
    for (let index = 0; index <= MAX_MEMORY_SESSIONS; index++) memory.remember(`s${index}`, "f", { content: "x", step: "step 1" });
    expect(memory.size.sessions).toBe(MAX_MEMORY_SESSIONS);
    expect(memory.get("s0", "f")).toBeUndefined();
    expect(memory.get(`s${MAX_MEMORY_SESSIONS}`, "f")?.content).toBe("x");
  });

  test("keeps at most MAX_MEMORY_FILES files a session, the least recently used going first", () => {
    const memory = new SessionMemory();
    for (let index = 0; index <= MAX_MEMORY_FILES; index++) memory.remember("a", `f${index}`, { content: "x", step: "step 1" });
    expect(memory.paths("a").length).toBe(MAX_MEMORY_FILES);
    expect(memory.get("a", "f0")).toBeUndefined();
  });

  test("a file too large to keep is remembered as changed, content unknown", () => {
    const memory = new SessionMemory();
    memory.remember("a", "big", { content: "x".repeat(MAX_MEMORY_FILE_CHARS + 1), step: "step 1" });
    expect(memory.get("a", "big")).toEqual({ step: "step 1" });
  });

  test("over the text budgets, the oldest contents are forgotten first and their files stay known as changed", () => {
    const memory = new SessionMemory();
    const chunk = "y".repeat(64 * 1024);
    for (let index = 0; index < 40; index++) memory.remember("a", `f${index}`, { content: chunk, step: `step ${index}` });
    expect(memory.size.chars).toBeLessThanOrEqual(MAX_MEMORY_SESSION_CHARS);
    expect(memory.get("a", "f0")).toEqual({ step: "step 0" });
    expect(memory.get("a", "f39")?.content).toBe(chunk);
    for (let session = 0; session < 20; session++) for (let index = 0; index < 16; index++) memory.remember(`s${session}`, `f${index}`, { content: chunk, step: "step 1" });
    expect(memory.size.chars).toBeLessThanOrEqual(MAX_MEMORY_TOTAL_CHARS);
  });
});

describe("edits and keys", () => {
  test("an edit replaces the first occurrence in the known text, else the content is unknown", () => {
    expect(applyEdit("a b a", "a", "c")).toBe("c b a");
    expect(applyEdit("a b", "z", "c")).toBeUndefined();
    expect(applyEdit(undefined, "a", "c")).toBeUndefined();
  });

  test("a path is kept relative to the project root when it is inside it", () => {
    expect(memoryKey("/p/app/x.sh", "/home/ada", "/p/app")).toBe("x.sh");
    expect(memoryKey("./scripts/x.sh", "/home/ada", "/p/app")).toBe("scripts/x.sh");
    expect(memoryKey("~/.bashrc", "/home/ada", "/p/app")).toBe("/home/ada/.bashrc");
    expect(memoryKey("/p/app/x.sh", "/home/ada", undefined)).toBe("/p/app/x.sh");
  });
});

describe("copies of remembered text (issue 25: a 64 KiB write leaves no copy to collect)", () => {
  const content = `#!/bin/sh\n${"echo building the project\n".repeat(100)}`;
  const copiesOf = (text: string, remember: () => void) => {
    const from = spyOn(Buffer, "from");
    try {
      remember();
      return from.mock.calls.filter(([value]) => value === text).length;
    } finally {
      from.mockRestore();
    }
  };

  test("a write tool's content, parsed from the request on its own, is kept as it is", () => {
    const files = new CallFiles(new SessionMemory(), { find: () => undefined }, "/home/ada");
    const policy = policyOf();
    const event = eventOf(policy, { hook: "before_tool_call", tool: "write", input: { path: "build.sh", content } });
    expect(copiesOf(content, () => files.record(event, evaluate(policy, event), "s", 1))).toBe(0);
    expect(files.memory.get("s", "build.sh")?.content).toBe(content);
  });

  test("text cut out of another (an edit's result, a heredoc) is copied, so it holds nothing else alive", () => {
    const memory = new SessionMemory();
    const cut = `${content}tail`.slice(0, content.length);
    expect(copiesOf(cut, () => memory.remember("s", "build.sh", { content: cut, step: "step 1 (bash)" }))).toBe(1);
    expect(memory.get("s", "build.sh")?.content).toBe(content);
  });
});
