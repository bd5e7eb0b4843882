// The audit log's path is only ever a regular file, never reached through a
// link out of the plugin folder, and looked at without blocking; a refused
// path turns auditing off and says why. The full redacted input is kept for
// replay within its limits.
import { describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AUDIT_INPUT_BYTES } from "../../../src/limits.ts";
import { keptInput } from "../../../src/extension/audit-input.ts";
import { AuditLog } from "../../../src/extension/audit.ts";
import { auditPathProblem as pathProblem } from "../../../src/plugin/audit-path.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const folder = () => mkdtempSync(join(tmpdir(), "synaps-policy-audit-path-"));
const record = { time: "2026-01-01T00:00:00.000Z", hook: "before_tool_call" };

describe("an audit_log path that is refused (auditing off, hooks still judged)", () => {
  test("a named pipe: refused without opening it (opening would block)", () => {
    const root = folder();
    execFileSync("mkfifo", [join(root, "fifo")]);
    const log = new AuditLog({ path: join(root, "fifo"), pluginRoot: root });
    expect(log.health()).toEqual({ state: "refused", path: join(root, "fifo"), reason: "is a named pipe, not a regular file" });
    log.write(record);
  });

  test("a device such as /dev/stdout or /dev/zero", () => {
    expect(pathProblem("/dev/zero", undefined)).toBe("is a device, not a regular file");
    expect(pathProblem("/dev/stdout", undefined)).toContain("symbolic link");
  });

  test("a symbolic link, wherever it points", () => {
    const root = folder();
    writeFileSync(join(root, "bashrc"), "# mine\n");
    mkdirSync(join(root, "logs"));
    symlinkSync(join(root, "bashrc"), join(root, "logs", "audit.jsonl"));
    const log = new AuditLog({ path: join(root, "logs", "audit.jsonl"), pluginRoot: root });
    log.write(record);
    expect(log.health().state).toBe("refused");
    expect(readFileSync(join(root, "bashrc"), "utf8")).toBe("# mine\n");
  });

  test("a folder in the plugin folder that leads out of it through a link", () => {
    const root = folder();
    const outside = folder();
    symlinkSync(outside, join(root, "logs"));
    const log = new AuditLog({ path: join(root, "logs", "audit.jsonl"), pluginRoot: root });
    log.write(record);
    expect(log.health()).toMatchObject({ state: "refused", reason: expect.stringContaining("leads out of the plugin folder through a symbolic link") });
    expect(existsSync(join(outside, "audit.jsonl"))).toBe(false);
  });

  test("a path the user chose outside the plugin folder is fine", () => {
    const root = folder();
    const log = new AuditLog({ path: join(folder(), "audit.jsonl"), pluginRoot: root });
    log.write(record);
    expect(log.health().state).toBe("ok");
  });
});

describe("the input kept for replay", () => {
  test("is the whole input with every string redacted", () => {
    expect(keptInput({ command: "echo ghp_16C7e42F292c6912E7710c838347Ae178B4a", timeout: 5, env: { A: ["x"] } })).toEqual({
      tool_input: { command: "echo [REDACTED:github]", timeout: 5, env: { A: ["x"] } },
    });
  });

  test("is left out, with the reason, when it is over the limit or too deep", () => {
    expect(keptInput({ content: "x".repeat(AUDIT_INPUT_BYTES + 1) })).toEqual({ tool_input_omitted: `more than ${AUDIT_INPUT_BYTES} characters of text` });
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let level = 0; level < 50_000; level++) {
      const next: Record<string, unknown> = {};
      deep.x = next;
      deep = next;
    }
    expect(keptInput(root)).toEqual({ tool_input_omitted: "nested deeper than 32 levels" });
  });

  test("over the limit, its text is not redacted only to be left out (a 64 KiB write costs no redaction pass)", () => {
    let clockReads = 0;
    const now = () => ++clockReads;
    // Its content alone is within the limit; with the path it is over (a 64 KiB write tool call).
    const content = `echo ghp_16C7e42F292c6912E7710c838347Ae178B4a\n${"x".repeat(AUDIT_INPUT_BYTES)}`.slice(0, AUDIT_INPUT_BYTES);
    const input = { path: "build.sh", content };
    expect(keptInput(input, { now })).toEqual({ tool_input_omitted: `more than ${AUDIT_INPUT_BYTES} characters of text` });
    expect(clockReads).toBe(0);
    expect(keptInput({ path: "build.sh", content: "echo ghp_16C7e42F292c6912E7710c838347Ae178B4a" }, { now })).toEqual({
      tool_input: { path: "build.sh", content: "echo [REDACTED:github]" },
    });
    expect(clockReads).toBeGreaterThan(0);
  });
});

describe("one redaction pass per audit record", () => {
  const KEY = "AKIAIOSFODNN7EXAMPLE";
  const written = (fields: Record<string, unknown>, redacted: Parameters<AuditLog["write"]>[2]) => {
    const path = join(folder(), "audit.jsonl");
    new AuditLog({ path }).write({ ...record, ...fields }, {}, redacted);
    return JSON.parse(readFileSync(path, "utf8"));
  };

  test("a field the caller redacted is written as given, not redacted a second time", () => {
    // A stand-in that the detectors would change: seeing it unchanged shows the second pass did not run on it.
    expect(written({ input: `id ${KEY}` }, ["input"]).input).toBe(`id ${KEY}`);
  });

  test("every other string field is still redacted", () => {
    const line = written({ input: "ls", tool: `t ${KEY}`, matched: [`r ${KEY}`] }, ["input"]);
    expect(JSON.stringify(line)).not.toContain(KEY);
    expect(written({ input: `id ${KEY}` }, undefined).input).not.toContain(KEY);
  });
});
