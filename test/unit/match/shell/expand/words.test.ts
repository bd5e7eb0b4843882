import { describe, expect, test } from "bun:test";
import { parse, type Word } from "unbash";
import type { Field } from "../../../../../src/match/shell/expand/field.ts";
import { expandToValue, expandWord, type Value, type WordEnvironment } from "../../../../../src/match/shell/expand/words.ts";

/** The words after `echo` in a line, as the parser gives them. */
function wordsOf(line: string): Word[] {
  const command = parse(`echo ${line}`).commands[0]!.command as unknown as { suffix: Word[] };
  return command.suffix;
}

/** A word environment with fixed variables; a substitution's output is known when `outputs` has it. */
function environment(vars: Record<string, Value> = {}, outputs: Record<string, string> = {}): WordEnvironment & { assigned: Map<string, Value> } {
  const assigned = new Map<string, Value>();
  return {
    home: "/home/ada",
    maxAlternatives: 8,
    assigned,
    variable: (name) => assigned.get(name) ?? vars[name],
    assign: (name, value) => void assigned.set(name, value),
    positional: () => undefined,
    substitute: (_script, _kind, text) => (text in outputs ? { sources: [7], output: outputs[text]! } : { sources: [7] }),
    charge: () => {},
  };
}

const known = (value: string): Value => ({ values: [value], known: true, sources: [] });
const expand = (line: string, env = environment()): Field[] => wordsOf(line).flatMap((word) => expandWord(word, env));
const texts = (fields: Field[]) => fields.map((field) => (field.known ? field.values.join("|") : `?${field.values.join("|")}`));

describe("expandWord", () => {
  test("quotes are removed, and quoted text is never split or globbed", () => {
    expect(texts(expand(`r''m "a b" 'c*'`))).toEqual(["rm", "a b", "c*"]);
    expect(expand(`'c*'`)[0]?.pattern).toBe(false);
  });

  test("braces expand into fields of their own", () => {
    expect(texts(expand("a{b,c}"))).toEqual(["ab", "ac"]);
  });

  test("~ at the start is the home directory; ~user is that user's", () => {
    expect(texts(expand("~/x ~bob/y ~ada"))).toEqual(["/home/ada/x", "/home/bob/y", "/home/ada"]);
  });

  test("a known variable is its value, split on blanks when unquoted", () => {
    const env = environment({ X: known("-r -f") });
    expect(texts(expand("$X", env))).toEqual(["-r", "-f"]);
    expect(texts(expand('"$X"', env))).toEqual(["-r -f"]);
  });

  test("an unquoted empty expansion makes no field; a quoted one makes an empty field", () => {
    const env = environment({ E: known("") });
    expect(expand("$E", env)).toEqual([]);
    expect(texts(expand('"$E"', env))).toEqual([""]);
  });

  test("an unset variable is unknown, and ${X:-v} may be the default", () => {
    expect(texts(expand("$NOPE"))).toEqual(["?"]);
    expect(texts(expand("${NOPE:-/tmp}"))).toEqual(["?/tmp"]);
    expect(texts(expand("${E:-/tmp}", environment({ E: known("") })))).toEqual(["/tmp"]);
  });

  test("${X:=v} assigns the default for later words", () => {
    const env = environment({ E: known("") });
    expand("${E:=/srv}", env);
    expect(env.assigned.get("E")?.values).toEqual(["/srv"]);
  });

  test("${X^^} changes case of a known value", () => {
    expect(texts(expand("${X^^}", environment({ X: known("rm") })))).toEqual(["RM"]);
  });

  test("a command substitution is its output when the input shows it, else unknown; either way it names its source commands", () => {
    const shown = expand("$(echo rm)", environment({}, { "$(echo rm)": "rm\n" }));
    expect(texts(shown)).toEqual(["rm"]);
    expect(shown[0]?.sources).toEqual([7]);
    expect(texts(expand("$(whoami)"))).toEqual(["?"]);
  });

  test("unquoted glob characters make the field a pattern", () => {
    expect(expand("*.log")[0]?.pattern).toBe(true);
    expect(expand("$X", environment({ X: known("a*") }))[0]?.pattern).toBe(true);
  });

  test("a process substitution is a pipe, not a file", () => {
    expect(expand("<(ls)")[0]?.piped).toBe(true);
  });

  test("more alternatives than the cap make the field open", () => {
    const many: Value = { values: ["a", "b", "c"], known: true, sources: [] };
    const env = environment({ A: many, B: many });
    expect(expand("$A$B", env)[0]?.known).toBe(false);
  });
});

describe("expandToValue", () => {
  test("an assignment's value is one text, never split", () => {
    const [word] = wordsOf('"a b"$X');
    expect(expandToValue(word!, environment({ X: known(" c") }))).toEqual({ values: ["a b c"], known: true, sources: [] });
  });

  test("~ after a colon expands where asked (PATH=~/bin:~/x)", () => {
    const [word] = wordsOf("~/bin:~/x");
    expect(expandToValue(word!, environment(), { tildeAfterColons: true }).values).toEqual(["/home/ada/bin:/home/ada/x"]);
  });
});
