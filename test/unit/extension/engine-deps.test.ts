import { describe, expect, test } from "bun:test";
import { extensionEngineDeps, memoizedAnalyzer } from "../../../src/extension/engine-deps.ts";
import type { ShellContext } from "../../../src/shell/analyze.ts";
import type { ShellView } from "../../../src/shell/view/view.ts";
import type { ShellAnalyzer } from "../../../src/policy/engine/compile.ts";
import { VIEW_MEMO_CHARS, VIEW_MEMO_INPUT_CHARS } from "../../../src/limits.ts";
import { policyOf } from "../../support/decide.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

/** An analyzer that counts its calls and answers with a view naming the input. */
function counting(unresolved: string[] = []): { analyzer: ShellAnalyzer; calls: () => number } {
  let calls = 0;
  return {
    analyzer: () => {
      calls++;
      return { commands: [], flows: [], unresolved } satisfies ShellView;
    },
    calls: () => calls,
  };
}

const context = (): ShellContext => policyOf("version = 1\n").shell;

describe("memoizedAnalyzer", () => {
  test("the same input under the same policy is analysed once", () => {
    const inner = counting();
    const memo = memoizedAnalyzer(inner.analyzer);
    const shell = context();
    const first = memo("ls -la", shell);
    expect(memo("ls -la", shell)).toBe(first);
    expect(inner.calls()).toBe(1);
  });

  test("an interactive shell's earlier lines reach the analyzer, and the input is judged with them each time", () => {
    const seen: unknown[] = [];
    const memo = memoizedAnalyzer((_input, _context, _files, earlier) => {
      seen.push(earlier);
      return { commands: [], flows: [], unresolved: [] };
    });
    const shell = context();
    memo('rm -rf "$OUT"', shell);
    memo('rm -rf "$OUT"', shell, undefined, { lines: ["OUT=build"], dropped: false });
    memo('rm -rf "$OUT"', shell, undefined, { lines: ["OUT=~"], dropped: false });
    expect(seen).toEqual([undefined, { lines: ["OUT=build"], dropped: false }, { lines: ["OUT=~"], dropped: false }]);
  });

  test("another policy's context is another memo: a reload never sees an old view", () => {
    const inner = counting();
    const memo = memoizedAnalyzer(inner.analyzer);
    memo("ls", context());
    memo("ls", { ...context() });
    expect(inner.calls()).toBe(2);
  });

  test("a view cut short by the clock is not kept: next time it may come out whole", () => {
    const inner = counting(["the analysis ran out of time"]);
    const memo = memoizedAnalyzer(inner.analyzer);
    const shell = context();
    memo("ls", shell);
    memo("ls", shell);
    expect(inner.calls()).toBe(2);
  });

  test("a very long input is not kept", () => {
    const inner = counting();
    const memo = memoizedAnalyzer(inner.analyzer);
    const shell = context();
    const long = `echo ${"a".repeat(5000)}`;
    memo(long, shell);
    memo(long, shell);
    expect(inner.calls()).toBe(2);
  });

  test("long inputs are kept by their characters: a memo of many long commands does not keep the count's worth", () => {
    const inner = counting();
    const memo = memoizedAnalyzer(inner.analyzer);
    const shell = context();
    const long = (index: number) => `cp a b ${index} `.padEnd(VIEW_MEMO_INPUT_CHARS, "#");
    const kept = Math.floor(VIEW_MEMO_CHARS / VIEW_MEMO_INPUT_CHARS);
    for (let index = 0; index < kept * 2; index++) memo(long(index), shell);
    // The newest `kept` are still known; the one before them was let go.
    for (let index = kept; index < kept * 2; index++) memo(long(index), shell);
    expect(inner.calls()).toBe(kept * 2);
    memo(long(kept - 1), shell);
    expect(inner.calls()).toBe(kept * 2 + 1);
  });
});

describe("extensionEngineDeps", () => {
  test("the real analyzer behind the memo, and a clock that moves", () => {
    const deps = extensionEngineDeps();
    expect(deps.analyzer("rm -rf ~", context()).commands[0]?.name).toBe("rm");
    expect(deps.clock.now()).toBeGreaterThan(0);
  });
});
