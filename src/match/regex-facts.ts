// What can be known about an RE2 pattern without running it: literals every
// match must contain (so a plain substring search can rule a text out before
// RE2 runs), and whether a match can reach across a line break (so a scan may
// be limited to the lines holding such a literal).
//
// The facts are used to skip work, never to change a result: wherever the
// syntax is not fully understood, the answer is "nothing required, may cross
// lines", which makes every text go to RE2. test/unit/match/regex.test.ts
// checks this against plain RE2 on generated patterns and inputs.
import { FOLD_MEMO_MAX_CHARS, FOLD_MEMO_MIN_CHARS, REGEX_FACT_MAX_EXACT_CHARS, REGEX_FACT_MAX_SET } from "../limits.ts";

export type RegexFacts = {
  /** At least one of these occurs in every match; undefined when nothing useful can be read off. */
  anyOf?: readonly string[];
  /** The literals are lower-case and must be looked for in `foldForSearch(text)`, not in the text. */
  folded: boolean;
  /** A match may contain a line break, or depends on where the whole text starts or ends. */
  crossesLines: boolean;
};

/** Literals shorter than this rule out too little to be worth a search. */
const MIN_LITERAL = 3;

const NOTHING: RegexFacts = { folded: false, crossesLines: true };

/**
 * Facts the build already read off patterns it ships (the built-in packs' and the default policy's: see
 * policy/load/packs-prebuilt.ts), by pattern. The same answers readRegexFacts gives (a test says so), kept so
 * that a pack rule's pattern is not parsed again before the first hook.
 */
const known = new Map<string, RegexFacts>();

export function rememberRegexFacts(facts: Readonly<Record<string, RegexFacts>>) {
  for (const [source, fact] of Object.entries(facts)) known.set(source, fact);
}

export function regexFacts(source: string): RegexFacts {
  return known.get(source) ?? readRegexFacts(source);
}

/** The facts read off the pattern now. */
export function readRegexFacts(source: string): RegexFacts {
  const folded = /\(\?[a-zA-Z]*i/.test(source);
  try {
    const parser = new FactsParser(source, folded);
    const info = parser.parseAll();
    const required = requirement(info)?.filter((literal) => literal.length > 0);
    const usable = required && required.length > 0 && required.length <= REGEX_FACT_MAX_SET && required.every((literal) => literal.length >= MIN_LITERAL);
    return { ...(usable ? { anyOf: [...new Set(required)] } : {}), folded, crossesLines: parser.crossesLines };
  } catch {
    return NOTHING;
  }
}

/**
 * The text to look for folded literals in: ASCII lower-cased, and the two
 * non-ASCII letters that RE2's case folding equates with ASCII ones (ſ with s,
 * the Kelvin sign with k) mapped to them. toLowerCase never turns an ASCII
 * letter into anything but its lower case, so a folded literal found in a
 * match is found here.
 */
export function foldForSearch(text: string): string {
  if (text.length < FOLD_MEMO_MIN_CHARS || text.length > FOLD_MEMO_MAX_CHARS) return fold(text);
  // Every case-insensitive rule of a policy tests the same input in turn: fold a long one once, not once per rule.
  // The fold depends on the text alone, so answering from the last one changes nothing but the work.
  if (text !== lastFolded.text) lastFolded = { text, folded: fold(text) };
  return lastFolded.folded;
}

let lastFolded = { text: "", folded: "" };

function fold(text: string): string {
  return text.toLowerCase().replaceAll("ſ", "s");
}

/** What one piece of a pattern tells: the strings it matches exactly, or literals one of which it contains. */
type Info = { exact?: Set<string>; anyOf?: Set<string> };

const ANY: Info = {};
const EMPTY: Info = { exact: new Set([""]) };

function requirement(info: Info): string[] | undefined {
  if (info.exact) return info.exact.has("") ? undefined : [...info.exact];
  return info.anyOf ? [...info.anyOf] : undefined;
}

/** A set of literals is better when its shortest literal is longer; then when it is smaller. */
function better(a: Set<string> | undefined, b: Set<string> | undefined): Set<string> | undefined {
  const useful = (set: Set<string> | undefined): set is Set<string> => set !== undefined && set.size > 0 && set.size <= REGEX_FACT_MAX_SET && !set.has("");
  if (!useful(a)) return useful(b) ? b : undefined;
  if (!useful(b)) return a;
  const shortest = (set: Set<string>) => Math.min(...[...set].map((literal) => literal.length));
  if (shortest(a) !== shortest(b)) return shortest(a) > shortest(b) ? a : b;
  return a.size <= b.size ? a : b;
}

/** Pieces one after the other: exact while every piece is; else the best requirement of any piece. */
function concat(items: Info[]): Info {
  let run: Set<string> | undefined = new Set([""]);
  let allExact = true;
  let best: Set<string> | undefined;
  for (const item of items) {
    if (run && item.exact) {
      const product = cross(run, item.exact);
      if (product) {
        run = product;
        continue;
      }
    }
    allExact = false;
    best = better(best, run);
    run = item.exact;
    if (!item.exact) best = better(best, item.anyOf);
  }
  if (allExact && run) return { exact: run };
  const required = better(best, run);
  return required ? { anyOf: required } : ANY;
}

function cross(left: Set<string>, right: Set<string>): Set<string> | undefined {
  if (left.size * right.size > REGEX_FACT_MAX_SET) return undefined;
  const out = new Set<string>();
  for (const a of left) for (const b of right) out.add(a + b);
  for (const value of out) if (value.length > REGEX_FACT_MAX_EXACT_CHARS) return undefined;
  return out;
}

function alternate(branches: Info[]): Info {
  if (branches.every((branch) => branch.exact)) {
    const union = new Set(branches.flatMap((branch) => [...branch.exact!]));
    if (union.size <= REGEX_FACT_MAX_SET) return { exact: union };
  }
  const union = new Set<string>();
  for (const branch of branches) {
    const literals = requirement(branch);
    if (!literals) return ANY;
    for (const literal of literals) union.add(literal);
  }
  return { anyOf: union };
}

function repeat(item: Info, min: number, max: number): Info {
  if (min === 1 && max === 1) return item;
  if (min === 0 && max === 1 && item.exact) return { exact: new Set([...item.exact, ""]) };
  if (min === 0) return ANY;
  const literals = requirement(item);
  return literals ? { anyOf: new Set(literals) } : ANY;
}

/** The flags that matter here: (?s) lets `.` match a line break, (?m) makes ^ and $ line edges. Case folding is decided for the whole pattern. */
type Flags = { s: boolean; m: boolean };

class Unsupported extends Error {}

/** A recursive-descent reader of RE2 syntax that computes Info instead of a tree. */
class FactsParser {
  #at = 0;
  crossesLines = false;
  readonly #source: string;
  readonly #folded: boolean;

  constructor(source: string, folded: boolean) {
    this.#source = source;
    this.#folded = folded;
  }

  parseAll(): Info {
    const info = this.#alternation({ s: false, m: false });
    if (this.#at < this.#source.length) throw new Unsupported();
    return info;
  }

  #peek(offset = 0): string | undefined {
    return this.#source[this.#at + offset];
  }

  #alternation(flags: Flags): Info {
    const branches = [this.#concatenation(flags)];
    while (this.#peek() === "|") {
      this.#at++;
      branches.push(this.#concatenation(flags));
    }
    return branches.length === 1 ? branches[0]! : alternate(branches);
  }

  #concatenation(outer: Flags): Info {
    // A bare flag group such as (?i) changes the flags for the rest of this group.
    const flags = { ...outer };
    const items: Info[] = [];
    for (;;) {
      const char = this.#peek();
      if (char === undefined || char === "|" || char === ")") break;
      if (char === "(" && this.#peek(1) === "?" && this.#bareFlagGroupAhead()) {
        this.#readFlags(flags);
        continue;
      }
      items.push(this.#quantified(this.#atom(flags)));
    }
    return items.length === 0 ? EMPTY : concat(items);
  }

  #quantified(atom: Info): Info {
    let info = atom;
    for (;;) {
      const char = this.#peek();
      let bounds: [number, number] | undefined;
      if (char === "*") bounds = [0, Infinity];
      else if (char === "+") bounds = [1, Infinity];
      else if (char === "?") bounds = [0, 1];
      else if (char === "{") bounds = this.#countedRepeat();
      if (!bounds) return info;
      if (char !== "{") this.#at++;
      if (this.#peek() === "?") this.#at++;
      info = repeat(info, bounds[0], bounds[1]);
    }
  }

  /** `{n}`, `{n,}`, `{n,m}` at the cursor (consumed), or undefined when the brace is a literal. */
  #countedRepeat(): [number, number] | undefined {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.#source.slice(this.#at, this.#at + 24));
    if (!match) return undefined;
    this.#at += match[0].length;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === "" ? Infinity : Number(match[3]);
    return [min, max];
  }

  #atom(flags: Flags): Info {
    const char = this.#peek()!;
    this.#at++;
    switch (char) {
      case "(":
        return this.#group(flags);
      case "[":
        return this.#characterClass();
      case ".":
        if (flags.s) this.crossesLines = true;
        return ANY;
      case "^":
      case "$":
        if (!flags.m) this.crossesLines = true;
        return EMPTY;
      case "\\":
        return this.#escape();
      case "*":
      case "+":
      case "?":
        throw new Unsupported();
      default:
        return this.#literal(this.#codePointBefore());
    }
  }

  /** The whole code point that starts one unit before the cursor; the cursor moves past a surrogate pair. */
  #codePointBefore(): string {
    const code = this.#source.codePointAt(this.#at - 1)!;
    if (code > 0xffff) this.#at++;
    return String.fromCodePoint(code);
  }

  #literal(char: string): Info {
    if (char === "\n") this.crossesLines = true;
    if (!this.#folded) return { exact: new Set([char]) };
    // A folded search keeps ASCII only: its lower case is context-free (and flags.i only widens a match).
    if (char.codePointAt(0)! > 0x7f) return ANY;
    return { exact: new Set([char.toLowerCase()]) };
  }

  #bareFlagGroupAhead(): boolean {
    return /^\(\?[imsU-]*\)/.test(this.#source.slice(this.#at, this.#at + 12));
  }

  #readFlags(flags: Flags) {
    const match = /^\(\?([imsU-]*)\)/.exec(this.#source.slice(this.#at, this.#at + 12))!;
    this.#at += match[0].length;
    applyFlags(flags, match[1]!);
  }

  #group(outer: Flags): Info {
    const flags = { ...outer };
    if (this.#peek() === "?") {
      const rest = this.#source.slice(this.#at, this.#at + 256);
      const named = /^\?P?<[A-Za-z0-9_]+>/.exec(rest);
      const flagged = /^\?([imsU-]*):/.exec(rest);
      if (named) this.#at += named[0].length;
      else if (flagged) {
        this.#at += flagged[0].length;
        applyFlags(flags, flagged[1]!);
      } else throw new Unsupported();
    }
    const inner = this.#alternation(flags);
    if (this.#peek() !== ")") throw new Unsupported();
    this.#at++;
    return inner;
  }

  #escape(): Info {
    const char = this.#peek();
    if (char === undefined) throw new Unsupported();
    this.#at++;
    if ("AzbB".includes(char)) {
      if (char === "A" || char === "z") this.crossesLines = true;
      return EMPTY;
    }
    if ("dw".includes(char)) return ANY;
    if ("sDWpPC".includes(char)) {
      this.crossesLines = true;
      if (char === "p" || char === "P") this.#skipUnicodeClassName();
      return ANY;
    }
    if (char === "S") return ANY;
    if (char === "Q") return this.#quoted();
    return this.#literal(this.#escapedChar(char));
  }

  #skipUnicodeClassName() {
    if (this.#peek() === "{") {
      const close = this.#source.indexOf("}", this.#at);
      if (close < 0) throw new Unsupported();
      this.#at = close + 1;
    } else this.#at++;
  }

  /** The character an escape stands for (the escape's first character already consumed). */
  #escapedChar(char: string): string {
    const simple: Record<string, string> = { a: "\x07", f: "\f", t: "\t", n: "\n", r: "\r", v: "\v" };
    if (simple[char] !== undefined) return simple[char];
    if (char === "x") {
      const match = /^(?:\{([0-9A-Fa-f]{1,6})\}|([0-9A-Fa-f]{2}))/.exec(this.#source.slice(this.#at, this.#at + 8));
      if (!match) throw new Unsupported();
      this.#at += match[0].length;
      return String.fromCodePoint(Number.parseInt(match[1] ?? match[2]!, 16));
    }
    if (/[0-7]/.test(char)) {
      const match = /^[0-7]{0,2}/.exec(this.#source.slice(this.#at, this.#at + 2))!;
      this.#at += match[0].length;
      return String.fromCodePoint(Number.parseInt(char + match[0], 8));
    }
    // RE2 lets any punctuation be escaped to stand for itself; letters and digits are reserved.
    if (/[A-Za-z0-9]/.test(char)) throw new Unsupported();
    return char;
  }

  #quoted(): Info {
    const end = this.#source.indexOf("\\E", this.#at);
    const text = this.#source.slice(this.#at, end < 0 ? undefined : end);
    this.#at = end < 0 ? this.#source.length : end + 2;
    const items = [...text].map((char) => this.#literal(char));
    return items.length === 0 ? EMPTY : concat(items);
  }

  /** A bracketed class: one character, never a literal here; notes whether it can be a line break. */
  #characterClass(): Info {
    let negated = false;
    if (this.#peek() === "^") {
      negated = true;
      this.#at++;
    }
    let newline = false;
    let first = true;
    for (;;) {
      const char = this.#peek();
      if (char === undefined) throw new Unsupported();
      if (char === "]" && !first) break;
      first = false;
      if (char === "[" && this.#peek(1) === ":") {
        const close = this.#source.indexOf(":]", this.#at + 2);
        if (close < 0) throw new Unsupported();
        const name = this.#source.slice(this.#at + 2, close);
        if (/^\^|space|cntrl/.test(name)) newline = true;
        this.#at = close + 2;
        continue;
      }
      const low = this.#classChar();
      if (low === undefined) {
        newline = true; // a class escape such as \s, \D, \p{…}: may hold a line break
        continue;
      }
      let high = low;
      if (this.#peek() === "-" && this.#peek(1) !== "]" && this.#peek(1) !== undefined) {
        this.#at++;
        const end = this.#classChar();
        if (end === undefined) throw new Unsupported();
        high = end;
      }
      if (low <= 0x0a && high >= 0x0a) newline = true;
    }
    this.#at++;
    if (negated ? !newline : newline) this.crossesLines = true;
    return ANY;
  }

  /** One character of a class as a code point, or undefined for a class escape (\d, \s, \p{…}). */
  #classChar(): number | undefined {
    const char = this.#peek()!;
    this.#at++;
    if (char !== "\\") return this.#codePointBefore().codePointAt(0)!;
    const next = this.#peek();
    if (next === undefined) throw new Unsupported();
    this.#at++;
    if ("dDsSwW".includes(next)) return next === "d" || next === "w" || next === "S" ? -1 : undefined;
    if (next === "p" || next === "P") {
      this.#skipUnicodeClassName();
      return undefined;
    }
    return this.#escapedChar(next).codePointAt(0)!;
  }
}

function applyFlags(flags: Flags, text: string) {
  let on = true;
  for (const flag of text) {
    if (flag === "-") on = false;
    else if (flag === "s" || flag === "m") flags[flag] = on;
  }
}
