import { describe, expect, test } from "bun:test";
import { fieldText, knownTree, literalField, mergeSources, runTimePattern, singleValue, unknownField } from "../../../../src/shell/expand/field.ts";
import { viewOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("fields", () => {
  test("a literal field is its one known value", () => {
    expect(singleValue(literalField("rm"))).toBe("rm");
    expect(fieldText(literalField("/x", "$HOME/x"))).toBe("/x");
  });

  test("an unknown field has no single value, even with possibilities; it shows its source", () => {
    const field = unknownField("$X", [2], ["/", "/tmp"]);
    expect(singleValue(field)).toBeUndefined();
    expect(fieldText(field)).toBe("$X");
  });

  test("a field certainly one of several values still has no single value", () => {
    expect(singleValue({ ...literalField("a"), values: ["a", "b"] })).toBeUndefined();
  });

  test("mergeSources keeps each source once, in first-seen order", () => {
    expect(mergeSources([3, 1], [1, 2], [3])).toEqual([3, 1, 2]);
  });

  test("a run-time file word is the pattern of the names it may be: its certain start, **, its certain end", () => {
    const word = (text: string, ends: { prefix?: string; suffix?: string }) => ({ ...unknownField(text), ...ends });
    expect(runTimePattern(word('"gen/$T/run.sh"', { prefix: "gen/", suffix: "/run.sh" }))).toBe("gen/**/run.sh");
    expect(runTimePattern(word('"$OUT/x.sh"', { suffix: "/x.sh" }))).toBe("**/x.sh");
    expect(runTimePattern(word('"/tmp/$T"', { prefix: "/tmp/" }))).toBe("/tmp/**");
    // Nothing certain, a climb, glob syntax, a known word or a pipe: no pattern.
    expect(runTimePattern(unknownField("$X"))).toBeUndefined();
    expect(runTimePattern(word('"$D/../x.sh"', { suffix: "/../x.sh" }))).toBeUndefined();
    expect(runTimePattern(word('"o*/$T"', { prefix: "o*/" }))).toBeUndefined();
    expect(runTimePattern(literalField("a/b.sh"))).toBeUndefined();
    expect(runTimePattern({ ...word("<(x)", { suffix: "/y" }), piped: true })).toBeUndefined();
  });

  test("a word a program prints in a file word is a wildcard part of its run-time name", () => {
    const written = (input: string) => (viewOf(input).written ?? []).map((entry) => entry.path);
    expect(written("echo 'rm -rf ~/' > \"dist/$(date +%s)/post.sh\"")).toContain("dist/*/post.sh");
    expect(written("printf 'x\\n' > out/build-$(date +%Y%m%d).sh")).toContain("out/build-*.sh");
    expect(written('echo ok > "logs/$(id -u)-$(date +%s).sh"')).toContain("logs/*-*.sh");
    // A climb, a glob beside it, or a part only the run knows in full: no wildcard name.
    expect(written('echo x > "o*/$(date +%s).sh"')).not.toContain("o*/*.sh");
    expect(written('echo x > "$D/$(date +%s).sh"').filter((path) => path.endsWith("/*.sh"))).toEqual([]);
    expect(written('cd sub && echo x > "../$(date +%s)/a.sh"').filter((path) => path.includes("*/a.sh"))).toEqual([]);
    expect(runTimePattern({ ...literalField("dist/x/post.sh"), wildcard: "dist/*/post.sh" })).toBe("dist/*/post.sh");
    expect(runTimePattern({ ...literalField("a/../x.sh"), wildcard: "a/../*.sh" })).toBeUndefined();
  });

  test("a run-time word that starts in a project directory names that directory's tree", () => {
    const open = (text: string, prefix: string) => ({ ...unknownField(text), prefix });
    expect(knownTree(open('"./out/$T"', "./out/"))).toBe("out/**");
    expect(knownTree(open('"out//gen/$T/x"', "out//gen/"))).toBe("out/gen/**");
    // The project itself, a place outside it, an option, a climb, glob or tilde syntax: no tree.
    for (const [text, prefix] of [
      ['"./$T"', "./"],
      ['"out$T"', "out"],
      ['"/srv/$T"', "/srv/"],
      ['"-x/$T"', "-x/"],
      ['"out/../$T"', "out/../"],
      ['"out/${T:-..}"', "out/"],
      ['"$D/out/$T"', "../out/"],
      ['"o*t/$T"', "o*t/"],
      ['"~/$T"', "~/"],
    ] as const)
      expect(knownTree(open(text, prefix))).toBeUndefined();
    expect(knownTree(literalField("out/x"))).toBeUndefined();
    expect(knownTree({ ...open('"out/$T"', "out/"), pattern: true })).toBeUndefined();
  });
});
