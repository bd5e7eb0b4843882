// A function that calls itself one call at a time is followed one level in,
// with arguments only the run knows: its body is judged for any argument, and
// the analysis ends there instead of at the depth limit (which would make an
// ordinary recursive helper unjudgeable).
import { describe, expect, test } from "bun:test";
import { SHELL_LIMITS } from "../../../../src/limits.ts";
import { analyzeShell } from "../../../../src/shell/analyze.ts";
import { programTable } from "../../../../src/shell/programs/table.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const context = { home: "/home/ada", programs: programTable(), limits: SHELL_LIMITS, clock: { now: () => 0 } };
const analyze = (input: string) => analyzeShell(input, context);

describe("recursive functions", () => {
  test.each([
    "f() { echo $1; [ $1 -gt 0 ] && f $(($1-1)); }; f 3",
    'walk() { for d in "$1"/*; do [ -d "$d" ] && walk "$d"; echo "$d"; done; }; walk src',
    "fib() { if [ $1 -le 1 ]; then echo $1; else echo $(( $(fib $(($1-1))) + $(fib $(($1-2))) )); fi; }; fib 10",
    "even() { [ $1 -eq 0 ] || odd $(($1-1)); }; odd() { [ $1 -ne 0 ] && even $(($1-1)); }; even 4",
  ])("%s is judged, not cut off at the depth limit", (input) => {
    expect(analyze(input).unresolved).toEqual([]);
  });

  test("the level with known arguments is judged with them, the deeper one with any argument", () => {
    const removes = analyze('f() { rm -rf "$1"; f "$2"; }; f build ~').commands.filter((command) => command.program === "rm");
    expect(removes.map((command) => command.via)).toEqual([["function f"], ["function f", "function f"]]);
    expect(removes[0]!.args).toEqual(["-rf", "build"]);
    expect(removes[1]!.dynamicArgs).toBe(true);
  });
});
