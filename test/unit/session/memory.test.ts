import { describe, expect, test } from "bun:test";
import { MAX_MEMORY_FILE_BYTES, MAX_MEMORY_FILES, MAX_MEMORY_SESSION_BYTES, MAX_MEMORY_SESSIONS, MAX_MEMORY_TOTAL_BYTES, MEMORY_PAGE_BYTES } from "../../../src/limits.ts";
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

  test("its generation moves with every change to what any session holds, and only then", () => {
    const memory = new SessionMemory();
    const start = memory.generation;
    memory.get("a", "x.sh");
    memory.step("a");
    expect(memory.generation).toBe(start);
    memory.remember("a", "x.sh", { content: "echo a", step: "step 1" });
    const written = memory.generation;
    expect(written).not.toBe(start);
    memory.forget("b");
    expect(memory.generation).toBe(written);
    memory.forget("a");
    expect(memory.generation).not.toBe(written);
  });

  test("forgets a session at its end", () => {
    const memory = new SessionMemory();
    memory.remember("a", "x.sh", { content: "echo a", step: "step 1" });
    memory.forget("a");
    expect(memory.get("a", "x.sh")).toBeUndefined();
    expect(memory.size).toEqual({ sessions: 0, bytes: 0 });
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
    memory.remember("a", "big", { content: "x".repeat(MAX_MEMORY_FILE_BYTES + 1), step: "step 1" });
    expect(memory.get("a", "big")).toEqual({ step: "step 1" });
  });

  test("over the text budgets, the oldest contents are forgotten first and their files stay known as changed", () => {
    const memory = new SessionMemory();
    const chunk = "y".repeat(64 * 1024);
    for (let index = 0; index < 40; index++) memory.remember("a", `f${index}`, { content: chunk, step: `step ${index}` });
    expect(memory.size.bytes).toBeLessThanOrEqual(MAX_MEMORY_SESSION_BYTES);
    expect(memory.get("a", "f0")).toEqual({ step: "step 0" });
    expect(memory.get("a", "f39")?.content).toBe(chunk);
    for (let session = 0; session < 20; session++) for (let index = 0; index < 16; index++) memory.remember(`s${session}`, `f${index}`, { content: chunk, step: "step 1" });
    expect(memory.size.bytes).toBeLessThanOrEqual(MAX_MEMORY_TOTAL_BYTES);
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

describe("texts kept in pages outside the collector (issue 25: a text let go of is not garbage to collect)", () => {
  const content = `#!/bin/sh\n${"echo building the project\n".repeat(100)}`;

  test("a write tool's content is read back as it was written", () => {
    const files = new CallFiles(new SessionMemory(), { find: () => undefined }, "/home/ada");
    const policy = policyOf();
    const event = eventOf(policy, { hook: "before_tool_call", tool: "write", input: { path: "build.sh", content } });
    files.record(event, evaluate(policy, event), "s", 1);
    expect(files.memory.get("s", "build.sh")?.content).toBe(content);
  });

  test("asked for its flags only, a file comes back without its text and keeps its other facts", () => {
    const memory = new SessionMemory();
    memory.remember("s", "vendor/kit", { content: "echo kit", downloaded: true, step: "step 2" });
    expect(memory.get("s", "vendor/kit", "flags")).toEqual({ downloaded: true, step: "step 2" });
    expect(memory.get("s", "vendor/kit")?.content).toBe("echo kit");
  });

  test("a write over a file the session wrote is given its links, not the text it replaces", () => {
    const files = new CallFiles(new SessionMemory(), { find: () => undefined }, "/home/ada");
    const policy = policyOf();
    const first = eventOf(policy, { hook: "before_tool_call", tool: "write", input: { path: "out/build.sh", content } });
    files.record(first, evaluate(policy, first), "s", 1);
    const again = eventOf(policy, { hook: "before_tool_call", tool: "write", input: { path: "out/build.sh", content: "echo again" } });
    const given = files.withFiles(policy, again, "s");
    const known = given.hook === "before_tool_call" ? given.files?.get("out/build.sh") : undefined;
    expect(known).toEqual({ label: "written at step 1 (write)" });
  });

  test("an edit of a start-up file the session wrote is still judged on the text it applies to", () => {
    const files = new CallFiles(new SessionMemory(), { find: () => undefined }, "/home/ada");
    const policy = policyOf();
    const written = eventOf(policy, { hook: "before_tool_call", tool: "write", input: { path: "/home/ada/.bashrc", content: "alias ll='ls -l'\n" } });
    files.record(written, evaluate(policy, written), "s", 1);
    const edit = eventOf(policy, { hook: "before_tool_call", tool: "edit", input: { path: "/home/ada/.bashrc", old_string: "ls -l", new_string: "ls -la" } });
    const given = files.withFiles(policy, edit, "s");
    const known = given.hook === "before_tool_call" ? given.files?.get("/home/ada/.bashrc") : undefined;
    expect(known?.content).toBe("alias ll='ls -l'\n");
  });

  test("text of every kind round-trips: empty, multi-byte characters across page boundaries, exactly a page", () => {
    const memory = new SessionMemory();
    const texts = ["", "é".repeat(MEMORY_PAGE_BYTES), `a${"😀".repeat(MEMORY_PAGE_BYTES / 2)}`, "z".repeat(MEMORY_PAGE_BYTES), "line\r\n\u0000tail"];
    for (const [index, text] of texts.entries()) memory.remember("s", `f${index}`, { content: text, step: "step 1" });
    for (const [index, text] of texts.entries()) expect(memory.get("s", `f${index}`)?.content).toBe(text);
  });

  test("the pages a text took are free again when it is replaced, forgotten or its session ends", () => {
    const memory = new SessionMemory();
    memory.remember("s", "a.sh", { content: "x".repeat(3 * MEMORY_PAGE_BYTES + 1), step: "step 1" });
    expect(memory.size.bytes).toBe(4 * MEMORY_PAGE_BYTES);
    memory.remember("s", "a.sh", { content: "short", step: "step 2" });
    expect(memory.size.bytes).toBe(MEMORY_PAGE_BYTES);
    memory.remember("s", "a.sh", { step: "step 3" });
    expect(memory.size.bytes).toBe(0);
    memory.remember("s", "b.sh", { content: content, step: "step 4" });
    memory.forget("s");
    expect(memory.size.bytes).toBe(0);
  });

  test("a text evicted for room leaves the others intact (pages are reused, never shared)", () => {
    const memory = new SessionMemory();
    const texts = Array.from({ length: 200 }, (_, index) => `${index}:${"w".repeat(60 * 1024)}`);
    for (const [index, text] of texts.entries()) memory.remember(`s${index % 7}`, `f${index}`, { content: text, step: `step ${index}` });
    expect(memory.size.bytes).toBeLessThanOrEqual(MAX_MEMORY_TOTAL_BYTES);
    let kept = 0;
    for (const [index, text] of texts.entries()) {
      const file = memory.get(`s${index % 7}`, `f${index}`);
      if (file?.content === undefined) continue;
      kept++;
      expect(file.content).toBe(text);
    }
    expect(kept).toBeGreaterThan(50);
    expect(memory.get("s0", "f0")).toEqual({ step: "step 0" });
  });
});
