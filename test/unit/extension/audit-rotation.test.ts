// Two extension processes (two SynapsCLI sessions) append to one audit log.
// Each must see the other's writes: rotation happens when the file is full,
// not when one writer's own count says so, and a writer whose file was
// rotated away by the other follows it to the new file. In process: two
// AuditLog objects are two writers with their own descriptors, as two
// processes are.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AuditLog } from "../../../src/extension/audit.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const made: string[] = [];
afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

function twoWriters(maxBytes: number, keep: number) {
  const directory = mkdtempSync(join(tmpdir(), "synaps-policy-rotation-"));
  made.push(directory);
  const path = join(directory, "audit.jsonl");
  return { directory, path, writers: [new AuditLog({ path, maxBytes, keep }), new AuditLog({ path, maxBytes, keep })] };
}

const lines = (file: string) => readFileSync(file, "utf8").trim().split("\n").filter(Boolean);

describe("two writers on one audit log", () => {
  test("every rotated file was full when it was rotated, and the log keeps what its size allows", () => {
    const maxBytes = 2000;
    const keep = 3;
    const { directory, path, writers } = twoWriters(maxBytes, keep);
    const total = 150;
    for (let index = 0; index < total; index++) writers[index % 2]!.write({ time: String(index), input: "x".repeat(40) });
    for (const writer of writers) writer.close();
    const files = readdirSync(directory).sort();
    expect(files).toEqual(["audit.jsonl", "audit.jsonl.1", "audit.jsonl.2", "audit.jsonl.3"]);
    for (const rotated of files.filter((file) => file !== "audit.jsonl")) expect(statSync(join(directory, rotated)).size).toBeGreaterThanOrEqual(maxBytes);
    // Nothing is lost but what the oldest generation dropped: the kept records are one unbroken run ending at the newest.
    const kept = [3, 2, 1].flatMap((generation) => lines(`${path}.${generation}`)).concat(lines(path));
    const times = kept.map((line) => Number(JSON.parse(line).time));
    expect(times.at(-1)).toBe(total - 1);
    expect(times).toEqual(times.map((_, index) => times[0]! + index));
    expect(times.length).toBeGreaterThanOrEqual(Math.floor((keep * maxBytes) / Buffer.byteLength(lines(path)[0]!)));
  });

  test("a writer whose file the other rotated away writes to the new file", () => {
    const { path, writers } = twoWriters(1000, 2);
    const [a, b] = writers as [AuditLog, AuditLog];
    b.write({ time: "b-first" });
    for (let index = 0; index < 30; index++) a.write({ time: `a-${index}`, input: "x".repeat(40) });
    b.write({ time: "b-second" });
    a.close();
    b.close();
    expect(lines(path).map((line) => JSON.parse(line).time)).toContain("b-second");
  });
});
