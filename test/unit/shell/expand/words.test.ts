import { describe, expect, test } from "bun:test";
import { parse, type Word } from "unbash";
import type { Field } from "../../../../src/shell/expand/field.ts";
import { expandToValue, expandWord, type Value, type WordEnvironment } from "../../../../src/shell/expand/words.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

/** The words after `echo` in a line, as the parser gives them. */
function wordsOf(line: string): Word[] {
  const command = parse(`echo ${line}`).commands[0]!.command as unknown as { suffix: Word[] };
  return command.suffix;
}

/** A word environment with fixed variables; a substitution's output is known when `outputs` has it. */
function environment(vars: Record<string, Value> = {}, outputs: Record<string, string> = {}): WordEnvironment & { assigned: Map<string, Value>; charges: number } {
  const assigned = new Map<string, Value>();
  return {
    home: "/home/ada",
    maxAlternatives: 8,
    assigned,
    variable: (name) => assigned.get(name) ?? vars[name],
    assign: (name, value) => void assigned.set(name, value),
    positional: () => undefined,
    substitute: (_script, _kind, text) => (text in outputs ? { sources: [7], output: outputs[text]! } : { sources: [7] }),
    evaluate: () => {},
    charges: 0,
    charge() {
      this.charges++;
    },
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

// ---------------------------------------------------------------------------
// Round 2: arrays, positional parameters, $IFS, what a substitution is known to print

const array = (...elements: string[]): Value => ({ values: [elements[0] ?? ""], known: true, sources: [], elements: elements.map(known) });
const unknown: Value = { values: [], known: false, sources: [] };
const withPositional = (vars: Record<string, Value>, ...parameters: string[]) => ({
  ...environment(vars),
  positional: () => ["bash", ...parameters].map((text) => ({ text, values: [text], known: true, pattern: false, sources: [] })),
});

describe("arrays", () => {
  const A = array("rm", "-rf", "/home/ada/my dir");

  test('"${A[@]}" is one field per element, kept whole; ${A[@]} splits each element', () => {
    expect(texts(expand('"${A[@]}"', environment({ A })))).toEqual(["rm", "-rf", "/home/ada/my dir"]);
    expect(texts(expand("${A[@]}", environment({ A })))).toEqual(["rm", "-rf", "/home/ada/my", "dir"]);
    expect(texts(expand("${A[*]}", environment({ A })))).toEqual(["rm", "-rf", "/home/ada/my", "dir"]);
  });

  test('"${A[*]}" joins the elements with the first character of $IFS', () => {
    expect(texts(expand('"${A[*]}"', environment({ A })))).toEqual(["rm -rf /home/ada/my dir"]);
    expect(texts(expand('"${A[*]}"', environment({ A, IFS: known(",") })))).toEqual(["rm,-rf,/home/ada/my dir"]);
  });

  test("the first and last element join the text around them", () => {
    expect(texts(expand('"x${A[@]}y"', environment({ A: array("a", "b") })))).toEqual(["xa", "by"]);
  });

  test('an empty array makes no field, even quoted; "${A[@]}" of one empty element makes one', () => {
    expect(expand('"${A[@]}"', environment({ A: array() }))).toEqual([]);
    expect(texts(expand('"${A[@]}"', environment({ A: array("") })))).toEqual([""]);
  });

  test("$A is element 0; ${A[i]} one element, negative from the end; an index only the run knows may be any", () => {
    expect(texts(expand("$A", environment({ A })))).toEqual(["rm"]);
    expect(texts(expand('"${A[2]}" ${A[-2]} ${A[7]}', environment({ A })))).toEqual(["/home/ada/my dir", "-rf"]);
    expect(texts(expand('"${A[$i]}"', environment({ A })))).toEqual(["?rm|-rf|/home/ada/my dir"]);
  });

  test("slices and counts", () => {
    expect(texts(expand('"${A[@]:1}"', environment({ A })))).toEqual(["-rf", "/home/ada/my dir"]);
    expect(texts(expand('"${A[@]:0:1}" "${A[@]: -1}"', environment({ A })))).toEqual(["rm", "/home/ada/my dir"]);
    expect(texts(expand("${#A[@]} ${#A}", environment({ A })))).toEqual(["3", "2"]);
  });

  test("an array whose elements only the run knows (read -a) is unknown", () => {
    expect(texts(expand('"${A[@]}"', environment({ A: unknown })))).toEqual(["?"]);
  });
});

describe("positional parameters", () => {
  test('"$@" is one field per parameter, without $0; "$*" is one field', () => {
    const env = withPositional({}, "rm", "-rf", "a b");
    expect(texts(expand('"$@"', env))).toEqual(["rm", "-rf", "a b"]);
    expect(texts(expand('"$*"', env))).toEqual(["rm -rf a b"]);
    expect(texts(expand("$*", env))).toEqual(["rm", "-rf", "a", "b"]);
    expect(texts(expand("$0 $1 ${3}", env))).toEqual(["bash", "rm", "a", "b"]);
  });

  test('"${@:2}" starts at $2; $# counts', () => {
    const env = withPositional({}, "x", "rm", "-rf");
    expect(texts(expand('"${@:2}"', env))).toEqual(["rm", "-rf"]);
    expect(texts(expand("$#", env))).toEqual(["3"]);
  });

  test('"$@" with no parameters makes no field; unknown parameters are unknown', () => {
    expect(expand('"$@"', withPositional({}))).toEqual([]);
    expect(texts(expand('"$@"'))).toEqual(["?"]);
  });
});

describe("field splitting on $IFS", () => {
  test("a known IFS decides where unquoted expansions split", () => {
    expect(texts(expand("$C", environment({ C: known("rm,-rf,/x"), IFS: known(",") })))).toEqual(["rm", "-rf", "/x"]);
    expect(texts(expand("$C", environment({ C: known("a:b c"), IFS: known(":") })))).toEqual(["a", "b c"]);
  });

  test("each non-blank separator ends a field, empty ones too; blanks around it belong to it", () => {
    expect(texts(expand("$C", environment({ C: known("a,,b,"), IFS: known(",") })))).toEqual(["a", "", "b"]);
    expect(texts(expand("$C", environment({ C: known(" a , b "), IFS: known(" ,") })))).toEqual(["a", "b"]);
  });

  test("IFS empty: no splitting at all", () => {
    expect(texts(expand("$C", environment({ C: known("rm -rf /"), IFS: known("") })))).toEqual(["rm -rf /"]);
  });

  test("quoted text never splits, even beside an expansion that does", () => {
    expect(texts(expand('"a b"$X', environment({ X: known("c d") })))).toEqual(["a bc", "d"]);
    expect(texts(expand('$X"e f"', environment({ X: known("c d") })))).toEqual(["c", "de f"]);
  });

  test("an IFS only the run knows makes unquoted expansions unknown (not split on blanks), quoted ones stay", () => {
    const env = environment({ C: known("rm -rf /"), IFS: unknown });
    expect(expand("$C", env).map((field) => field.known)).toEqual([false]);
    expect(expand("$C", env)[0]!.values).toContain("rm");
    expect(texts(expand('"$C"', env))).toEqual(["rm -rf /"]);
  });
});

describe("what a substitution is known to print", () => {
  const printing = (kind: Partial<{ patterns: string[]; setup: boolean }>) => ({ ...environment(), substitute: () => ({ sources: [3], ...kind }) });

  test("paths (mktemp, which) are patterns, quoted or not", () => {
    const [field] = expand('"$(mktemp -d)"', printing({ patterns: ["/tmp/tmp.?*"] }));
    expect(field).toMatchObject({ values: ["/tmp/tmp.?*"], known: true, pattern: true, sources: [3] });
  });

  test("set-up code leaves a word that a shell runs as nothing but its known text", () => {
    const [quoted] = expand('"$(ssh-agent -s)"', printing({ setup: true }));
    expect(quoted).toMatchObject({ known: false, shellText: ["\n"] });
    const [mixed] = expand('"$(x) && rm -rf ~"', printing({ setup: true }));
    expect(mixed?.shellText).toEqual(["\n && rm -rf ~"]);
    expect(expand('"$(x)$Y"', printing({ setup: true }))[0]?.shellText).toBeUndefined();
  });

  test("an unknown word keeps the text it certainly ends with", () => {
    expect(expand('"$(brew --prefix)/bin/x"')[0]?.suffix).toBe("/bin/x");
    expect(expand('"$(brew --prefix)"')[0]?.suffix).toBeUndefined();
  });

  test("an unknown word whose run-time parts are all quoted keeps the text it certainly starts with", () => {
    expect(expand('"./out/$T/deps"')[0]?.prefix).toBe("./out/");
    expect(expand('"out/"$(uname)"/x"')[0]?.prefix).toBeUndefined(); // an unquoted substitution may split the word
    expect(expand("./out/$T")[0]?.prefix).toBeUndefined();
    expect(expand('"$T/out"')[0]?.prefix).toBeUndefined();
    expect(expand('"out/$T" known')[1]?.prefix).toBeUndefined();
  });

  test("a variable assigned a run-time value keeps the text it starts with; a change of case or a cut does not", () => {
    const [assigned] = wordsOf("out/$T");
    const value = expandToValue(assigned!, environment());
    expect(value.prefix).toBe("out/");
    expect(expand('"$V/x"', environment({ V: value }))[0]?.prefix).toBe("out/");
    expect(expand('"${V^^}"', environment({ V: value }))[0]?.prefix).toBeUndefined();
    expect(expand('"${V#out/}"', environment({ V: value }))[0]?.prefix).toBeUndefined();
  });
});

describe("pattern operations and arithmetic on known values", () => {
  const env = () => environment({ P: known("/srv/app/releases/v2.tar.gz"), N: known("3"), E: known("") });

  test("${X#…}, ${X##…}, ${X%…}, ${X%%…} remove the shortest or longest match", () => {
    expect(texts(expand('"${P#*/}" "${P##*/}" "${P%/*}" "${P%%.*}" "${P%.tar.gz}"', env()))).toEqual([
      "srv/app/releases/v2.tar.gz",
      "v2.tar.gz",
      "/srv/app/releases",
      "/srv/app/releases/v2",
      "/srv/app/releases/v2",
    ]);
  });

  test("${X/…/…}: first, every (//), at the start (/#) or the end (/%)", () => {
    expect(texts(expand('"${P/a/A}" "${P//a/A}" "${P/#\\/srv/~}" "${P/%gz/xz}"', env()))).toEqual([
      "/srv/App/releases/v2.tar.gz",
      "/srv/App/releAses/v2.tAr.gz",
      "/home/ada/app/releases/v2.tar.gz",
      "/srv/app/releases/v2.tar.xz",
    ]);
  });

  test("a quoted pattern, a & in the replacement, or an unknown value stay unknown", () => {
    expect(texts(expand('"${P/"*"/x}" "${P/a/&&}" "${U%/}"', env()))).toEqual(["?", "?", "?"]);
  });

  test("$(( … )) is a number when every operand is known", () => {
    expect(texts(expand("$((N*2+1)) $((0x10)) $((2#101)) $((N>2 ? 7 : 8)) $((E+1))", env()))).toEqual(["7", "16", "5", "7", "1"]);
    expect(texts(expand("$((N/0)) $((R%5))", env()))).toEqual(["?", "?"]);
  });

  test("an assignment inside $(( … )) makes the variable unknown from then on", () => {
    const scope = env();
    expand("$((N++))", scope);
    expect(scope.assigned.get("N")?.known).toBe(false);
  });

  test("matching a pattern inside a long value charges the work budget for what it visits", () => {
    const short = environment({ P: known("a".repeat(20)) });
    expand('"${P//a*b/x}"', short);
    const long = environment({ P: known("a".repeat(500)) });
    expand('"${P//a*b/x}"', long);
    expect(long.charges).toBeGreaterThan(100 * short.charges);
  });
});
