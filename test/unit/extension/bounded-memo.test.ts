import { describe, expect, test } from "bun:test";
import { BoundedMemo } from "../../../src/extension/bounded-memo.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

describe("BoundedMemo", () => {
  test("keeps what it was given, by key", () => {
    const memo = new BoundedMemo<number>({ entries: 4, chars: 100 });
    memo.set("ls", 1);
    memo.set("git status", 2);
    expect(memo.get("ls")).toBe(1);
    expect(memo.get("git status")).toBe(2);
    expect(memo.get("pwd")).toBeUndefined();
  });

  test("over the count, the oldest goes first", () => {
    const memo = new BoundedMemo<string>({ entries: 3, chars: 1_000 });
    for (const key of ["a", "b", "c", "d"]) memo.set(key, key.toUpperCase());
    expect(memo.get("a")).toBeUndefined();
    expect(["b", "c", "d"].map((key) => memo.get(key))).toEqual(["B", "C", "D"]);
    expect(memo.size).toEqual({ entries: 3, chars: 3 });
  });

  test("long keys make room by characters, not by count: many short ones, few long ones", () => {
    const memo = new BoundedMemo<number>({ entries: 100, chars: 1_000 });
    for (let index = 0; index < 100; index++) memo.set(`cmd ${index}`.padEnd(10, "."), index);
    expect(memo.size.entries).toBe(100);
    for (let index = 0; index < 10; index++) memo.set(`${index} `.padEnd(400, "x"), index);
    expect(memo.size.chars).toBeLessThanOrEqual(1_000);
    expect(memo.size.entries).toBeLessThanOrEqual(3);
    // The newest long key is always there; the short ones went first, oldest first.
    expect(memo.get("9 ".padEnd(400, "x"))).toBe(9);
    expect(memo.get("cmd 0".padEnd(10, "."))).toBeUndefined();
  });

  test("a key longer than the whole budget is not kept, and does not push anything out", () => {
    const memo = new BoundedMemo<number>({ entries: 10, chars: 50 });
    memo.set("ls", 1);
    memo.set("x".repeat(51), 2);
    expect(memo.get("x".repeat(51))).toBeUndefined();
    expect(memo.get("ls")).toBe(1);
    expect(memo.size).toEqual({ entries: 1, chars: 2 });
  });

  test("the same key again keeps the first value and counts its characters once", () => {
    const memo = new BoundedMemo<number>({ entries: 10, chars: 50 });
    memo.set("ls", 1);
    memo.set("ls", 2);
    expect(memo.get("ls")).toBe(1);
    expect(memo.size).toEqual({ entries: 1, chars: 2 });
  });

  test("a value holding texts of its own is charged for them: it pushes older entries out by them", () => {
    const memo = new BoundedMemo<string>({ entries: 10, chars: 100 });
    memo.set("a", "A", 40);
    memo.set("b", "B", 40);
    expect(memo.size).toEqual({ entries: 2, chars: 82 });
    memo.set("c", "C", 40);
    expect(memo.get("a")).toBeUndefined();
    expect(memo.size).toEqual({ entries: 2, chars: 82 });
    memo.delete("b");
    expect(memo.size).toEqual({ entries: 1, chars: 41 });
  });
});
