// A loop over a literal list, written out once per listed value: `for d in ("build", "dist"): shutil.rmtree(d)`
// reads as `shutil.rmtree("build")` then `shutil.rmtree("dist")`, in every language the call tables read. Without
// it the loop variable is a value only the run knows, and a config that cleans its own build output in a loop
// (`for (const d of ["dist", "coverage"]) fs.rmSync(d, …)`) reads as a delete of anything.
//
// One mechanism for all languages: a header pattern per language finds the variable and where the list opens;
// the list must be string literals of plain names (no quotes, `$` or spaces, so a value read back in any string
// or as code is the same word); the body is the rest of the header's line and the lines indented below it. A body
// that assigns the variable, or a list with anything but literals, is left as it is (the variable stays unknown).

import { MAX_LITERAL_LOOP_BODY, MAX_LITERAL_LOOP_COPIES } from "../../limits.ts";

/** What the loop reader needs from the code reader: where brackets close, where strings end, and literal values. */
export type LoopReading = {
  closes: ReadonlyMap<number, number>;
  stringEnd: (code: string, open: number) => number;
  items: (list: string) => string[];
  literal: (text: string) => string | undefined;
};

/**
 * A loop's header: `head` matches up to the list's opening bracket (its last character), naming the variable in
 * group `name` when it comes first; `tail` matches right after the list's closing bracket up to the body, naming
 * the variable when it comes after the list.
 */
type LoopForm = { head: RegExp; tail: RegExp };

const NAME = String.raw`(?<name>[A-Za-z_]\w*)`;
/** `$d` in PHP and Perl: the name without its sigil. */
const SIGILED = String.raw`\$(?<name>[A-Za-z_]\w*)`;

const FORMS: Readonly<Record<string, readonly LoopForm[]>> = {
  node: [
    { head: new RegExp(String.raw`\bfor\s*\(\s*(?:const|let|var)\s+${NAME}\s+of\s+\[`, "g"), tail: /^\s*\)/ },
    {
      head: /(?<![\w$)\]])\[/g,
      tail: new RegExp(
        String.raw`^\s*\.forEach\s*\(\s*(?:async\s+)?(?:\(\s*${NAME}\s*(?:,[^()]*)?\)\s*=>|${NAME.replace("name", "bare")}\s*=>|function\s*\w*\s*\(\s*${NAME.replace("name", "fn")}\b[^()]*\))`,
      ),
    },
  ],
  python: [{ head: new RegExp(String.raw`\bfor\s+${NAME}\s+in\s+[[({]`, "g"), tail: /^\s*:/ }],
  ruby: [
    { head: new RegExp(String.raw`\bfor\s+${NAME}\s+in\s+\[`, "g"), tail: /^\s*(?:do\b)?/ },
    { head: /(?<![\w)\]])\[/g, tail: new RegExp(String.raw`^\s*\.each\s*(?:do|\{)\s*\|\s*${NAME}\s*\|`) },
  ],
  php: [{ head: /\bforeach\s*\(\s*(?:\[|array\s*\()/g, tail: new RegExp(String.raw`^\s*as\s+${SIGILED}\s*\)`) }],
  perl: [{ head: new RegExp(String.raw`\bfor(?:each)?\s+my\s+${SIGILED}\s*\(\s*\[`, "g"), tail: /^\s*\)/ }],
  lua: [{ head: new RegExp(String.raw`\bfor\s+\w+\s*,\s*${NAME}\s+in\s+i?pairs\s*\(\s*\{`, "g"), tail: /^\s*\)\s*do\b/ }],
  r: [{ head: new RegExp(String.raw`\bfor\s*\(\s*${NAME}\s+in\s+c\s*\(`, "g"), tail: /^\s*\)/ }],
  julia: [{ head: new RegExp(String.raw`\bfor\s+${NAME}\s+in\s+[[(]`, "g"), tail: /^/ }],
  go: [{ head: new RegExp(String.raw`\bfor\s+_\s*,\s*${NAME}\s*:=\s*range\s+(?:\[\]string\s*\{|\[)`, "g"), tail: /^\s*\{?/ }],
};

const SIGIL_LANGUAGES: ReadonlySet<string> = new Set(["php", "perl"]);
/** A listed value read back the same way in code and in any string: a plain file or directory name. */
const PLAIN_VALUE = /^[\w.@+-][\w.@+/-]*$/;

type Loop = { name: string; values: string[]; bodyStart: number; bodyEnd: number };

/** The code with each loop over a literal list of plain names written out once per name (at most a few loops, a few copies). */
export function expandLiteralLoops(language: string, code: string, reading: LoopReading): string {
  const forms = FORMS[language];
  if (!forms) return code;
  const loops = forms.flatMap((form) => loopsOf(form, code, reading, SIGIL_LANGUAGES.has(language)));
  // A loop inside one already written out stays as it is (its variable unknown): each copy is of the original text.
  const kept: Loop[] = [];
  for (const loop of loops.sort((a, b) => a.bodyStart - b.bodyStart)) if (kept.length === 0 || loop.bodyStart >= kept.at(-1)!.bodyEnd) kept.push(loop);
  let out = "";
  let last = 0;
  let copies = 0;
  for (const loop of kept) {
    copies += loop.values.length;
    if (copies > MAX_LITERAL_LOOP_COPIES) break;
    const body = code.slice(loop.bodyStart, loop.bodyEnd);
    out += code.slice(last, loop.bodyStart) + loop.values.map((value) => substituted(body, loop.name, value, SIGIL_LANGUAGES.has(language), reading)).join("\n");
    last = loop.bodyEnd;
  }
  return last === 0 ? code : out + code.slice(last);
}

function loopsOf(form: LoopForm, code: string, reading: LoopReading, sigil: boolean): Loop[] {
  const loops: Loop[] = [];
  for (const match of code.matchAll(form.head)) {
    const open = match.index + match[0].length - 1;
    const close = reading.closes.get(open);
    if (close === undefined || close >= code.length) continue;
    const tail = form.tail.exec(code.slice(close + 1, close + 200));
    const name = match.groups?.name ?? tail?.groups?.name ?? tail?.groups?.bare ?? tail?.groups?.fn;
    if (!tail || name === undefined) continue;
    const values = reading.items(code.slice(open + 1, close)).map((item) => reading.literal(item.trim()));
    if (values.length === 0 || !values.every((value): value is string => value !== undefined && PLAIN_VALUE.test(value))) continue;
    const bodyStart = close + 1 + tail.index + tail[0].length;
    const bodyEnd = Math.min(blockEnd(code, match.index, bodyStart), bracketEnd(code, close + 1 + tail.index, bodyStart, reading));
    if (rebinds(code.slice(bodyStart, bodyEnd), name, sigil, reading)) continue;
    loops.push({ name, values, bodyStart, bodyEnd });
  }
  return loops;
}

/** Where the loop's body ends: the end of the header's line, or of the lines below it indented deeper than the header. */
function blockEnd(code: string, header: number, bodyStart: number): number {
  const lineStart = code.lastIndexOf("\n", header) + 1;
  const indent = /^[ \t]*/.exec(code.slice(lineStart))![0].length;
  let end = code.indexOf("\n", bodyStart);
  if (end < 0) return code.length;
  for (;;) {
    const next = code.indexOf("\n", end + 1);
    const line = code.slice(end + 1, next < 0 ? code.length : next);
    if (line.trim() !== "" && /^[ \t]*/.exec(line)![0].length <= indent) return end;
    if (next < 0) return code.length;
    end = next;
  }
}

/**
 * Where a bracketed body closes: the call the tail opened (`.forEach((d) => …)`, `.each { |d| … }`), or a block
 * that opens the body (`for (…) { … }`); so on one line, what follows the loop is not its body.
 */
function bracketEnd(code: string, tailStart: number, bodyStart: number, reading: LoopReading): number {
  let open: number | undefined;
  for (let at = tailStart; at < bodyStart; at++) {
    const close = reading.closes.get(at);
    if (close !== undefined && close >= bodyStart) open = at;
  }
  const first = bodyStart + (/^\s*/.exec(code.slice(bodyStart))?.[0].length ?? 0);
  if (open === undefined && code[first] === "{") open = first;
  const close = open === undefined ? undefined : reading.closes.get(open);
  return close === undefined ? code.length : close + 1;
}

/**
 * Whether the body may give the variable another value, in any form the languages have: an assignment (`d = …`,
 * `d += …`, `d := …`, Perl's `$d =~ s/…/…/`), a pattern that binds it (`d, e = …`, `[d] = …`, `({ d } = …)`,
 * `list($d) = …`), a nested loop, `as` or block parameter that names it again, a Ruby mutator (`d.replace(…)`,
 * `d << …`), or a Perl alias that changes it in place. Any doubt keeps the variable unknown: a loop left unread costs a
 * question at most, a rebinding read as the listed value hides what runs.
 */
function rebinds(body: string, name: string, sigil: boolean, reading: LoopReading): boolean {
  // A body too long to read in bounded time is not written out (each check below is linear or bounded per line).
  if (body.length > MAX_LITERAL_LOOP_BODY) return true;
  const code = withoutStrings(body, reading);
  const v = sigil ? String.raw`\$${name}(?!\w)` : String.raw`(?<![\w$.])${name}(?![\w$])`;
  const variable = new RegExp(v);
  const forms = [
    String.raw`${v}\s*(?:[-+*/.%:&|^]|\*\*|//|\|\||&&|\?\?|<<|>>)?=(?![=>])`,
    String.raw`\|[^|\n]{0,80}${v}[^|\n]{0,80}\|`,
    String.raw`(?:${v}|\([^()\n]{0,80}${v}[^()\n]{0,80}\))\s*=>`,
    String.raw`\bfunction\b[^(\n]{0,80}\([^()\n]{0,80}${v}`,
    String.raw`${v}\s*<<|${v}\s*\.\s*(?:replace|concat|prepend|insert|clear|\w+!)`,
    ...(sigil ? [String.raw`&\s*${v}`] : []),
  ];
  if (forms.some((form) => new RegExp(form).test(code))) return true;
  // A line that names the variable again (a nested loop, `as`, a Perl alias that changes it in place).
  const binder = sigil ? /\b(?:for|foreach|map|grep|chop|chomp|substr|local|as)\b/ : /\b(?:for|foreach|as)\b/;
  if (code.split("\n").some((line) => binder.test(line) && variable.test(line))) return true;
  return destructures(code, new RegExp(v, "g"));
}

/**
 * Whether a plain `=` has the variable in what it assigns to: a statement's own target, or a pattern closed just before
 * it. One pass, each bracket level keeping where its statement starts: inside a call's brackets `=` names an argument
 * (`rmtree(d, ignore_errors=True)`), inside a block or at the top it assigns.
 */
function destructures(code: string, variable: RegExp): boolean {
  const seen = [...code.matchAll(variable)].map((match) => match.index);
  const levels: Array<{ start: number; enclosed: boolean }> = [{ start: 0, enclosed: false }];
  let next = 0;
  let last = -1;
  for (let at = 0; at < code.length; at++) {
    while (next < seen.length && seen[next]! < at) last = seen[next++]!;
    const char = code[at]!;
    const level = levels.at(-1)!;
    if ("([{".includes(char)) levels.push({ start: at + 1, enclosed: char !== "{" });
    else if (")]}".includes(char)) {
      if (levels.length > 1) levels.pop();
    } else if (char === ";" || char === "\n") {
      if (!level.enclosed) level.start = at + 1;
    } else if (char === "=" && !"=!<>:+-*/%&|^.?~".includes(code[at - 1] ?? "") && !"=>".includes(code[at + 1] ?? "") && last >= level.start) {
      if (!level.enclosed || /[\])}]\s*$/.test(code.slice(Math.max(level.start, at - 64), at))) return true;
    }
  }
  return false;
}

/** The code with each string's text blanked (its quotes kept): a name or `=` inside a string binds nothing. */
function withoutStrings(code: string, reading: LoopReading): string {
  let out = "";
  let last = 0;
  for (let index = 0; index < code.length; index++) {
    const char = code[index]!;
    if (char !== '"' && char !== "'" && char !== "`") continue;
    const end = reading.stringEnd(code, index);
    out += code.slice(last, index + 1) + " ".repeat(Math.max(0, end - index - 1)) + code.slice(end, end + 1);
    last = end + 1;
    index = end;
  }
  return out + code.slice(last);
}

/**
 * The body with the variable read as `value`: outside strings a string literal of it; inside one, where the
 * string interpolates it (`${d}`, `#{d}`, `{d}`, `$d`), the value itself.
 */
function substituted(body: string, name: string, value: string, sigil: boolean, reading: LoopReading): string {
  const asCode = new RegExp(sigil ? `\\$${name}(?![\\w\\[{])` : `(?<![\\w$.])${name}(?![\\w$])`, "g");
  const inString = new RegExp(`\\$\\{${name}\\}|#\\{${name}\\}|\\{\\$?${name}\\}|\\$${name}(?![\\w\\[{])`, "g");
  let out = "";
  let last = 0;
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char !== '"' && char !== "'" && char !== "`") continue;
    const end = reading.stringEnd(body, index);
    out += body.slice(last, index).replace(asCode, `"${value}"`) + body.slice(index, end + 1).replace(inString, value);
    last = end + 1;
    index = end;
  }
  return out + body.slice(last).replace(asCode, `"${value}"`);
}
