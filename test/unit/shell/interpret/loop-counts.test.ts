import { describe, expect, test } from "bun:test";
import { counterCount, forListCount, seqLines } from "../../../../src/shell/interpret/loop-counts.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("forListCount", () => {
  test.each([
    [["$(seq 1 5000)"], 5000],
    [["$(seq 5000)"], 5000],
    [["`seq 0 10 990`"], 100],
    [["$(seq -w 1 20)"], 20],
    [["{1..600}"], 600],
    [["{0..100..10}"], 11],
    [["{10..1}"], 10],
    [["a", "b", "c"], 3],
    [["$(cat hosts.txt)"], undefined],
    [["$@"], undefined],
  ] as const)("%j runs %p times", (words, count) => {
    expect(forListCount(words)).toBe(count);
  });
});

describe("counterCount", () => {
  test.each([
    ["for ((i = 0; i < 1000; i++)); do", 1000],
    ["for ((i=1; i<=50; i++)); do", 50],
    ["[ $i -lt 800 ]", 800],
    ["(( n <= 200 ))", 201],
    ["read -r line", undefined],
  ] as const)("%p runs %p times", (header, count) => {
    expect(counterCount(header)).toBe(count);
  });
});

describe("seqLines", () => {
  test.each([
    [["1", "5000"], 5000],
    [["-w", "300"], 300],
    [["0", "5", "100"], 21],
    [["$N"], undefined],
    [[], undefined],
  ] as const)("seq %j prints %p lines", (args, count) => {
    expect(seqLines(args)).toBe(count);
  });
});
