// History expansion as an interactive bash does it (issue 26): event designators (`!!`, `!-N`, `!prefix`,
// `!?x?`, `!#`), word designators (`:N`, `:X-Y`, `:X*`, `:X-`, `:-Y`, `:%`) and modifiers (`:h :t :r :e :q
// :x :p :s :gs :Gs :&`), against what a real bash 5.2 ran for the same lines
// (test/fixtures/bash-history/expected.json, written by generate.ts beside it).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { expandHistory } from "../../../../src/shell/parse/history.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const scenarios: Array<{ lines: string[]; runs: string[] }> = JSON.parse(readFileSync(new URL("../../../fixtures/bash-history/expected.json", import.meta.url), "utf8"));

describe("what bash 5.2 ran, line by line", () => {
  test("the scenarios cover every modifier and designator", () => {
    const written = scenarios.flatMap((scenario) => scenario.lines).join("\n");
    for (const piece of [":h", ":t", ":r", ":e", ":q", ":x", ":p", ":s/", ":gs/", ":Gs/", ":&", "!#", "!-", "!?", ":%", "*", "-$", "^", "set +H"]) expect(written).toContain(piece);
  });

  test.each(scenarios.map((scenario) => [scenario.lines.join(" ⏎ "), scenario] as const))("%s", (_name, { lines, runs }) => {
    const expanded = expandHistory(lines, []);
    expect(expanded.lines).toEqual(runs);
    expect(expanded.problems).toEqual([]);
  });
});

describe("what the guard cannot see", () => {
  test("a line number counts the saved history, which the guard never sees", () => {
    expect(expandHistory(["!12"], ["ls"]).problems[0]).toContain("by its number");
  });

  test("an event not among the lines the guard saw may be in the saved history", () => {
    expect(expandHistory(["!rm"], ["ls"]).problems[0]).toContain("from before what the guard saw");
  });

  test("`:&` with no substitution in this send, after earlier sends, may repeat one made there", () => {
    expect(expandHistory(["!!:&"], ["ls a"]).problems[0]).toContain("earlier send");
    // A shell that ran nothing before has no previous substitution: bash refuses the line.
    expect(expandHistory(["echo a", "!!:&"], [])).toEqual({ lines: ["echo a", ""], problems: [] });
  });
});

describe("state across sends", () => {
  test("`set +H` in an earlier send leaves `!` alone in the later ones", () => {
    expect(expandHistory(["echo hi!!"], ["ls", "set +H"]).lines).toEqual(["echo hi!!"]);
    expect(expandHistory(["echo !!"], ["ls", "set +H", "set -o histexpand"]).lines).toEqual(["echo set -o histexpand"]);
  });
});
