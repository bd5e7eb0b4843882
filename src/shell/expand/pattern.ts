// A shell pattern matched against one text, as `${x%pattern}`, `${x/pattern/…}`
// and find's -name do it: `*` any run of characters, `?` one, `[…]` one of a
// set (`!` or `^` negates, `a-z` ranges), `\x` the character itself. Matching
// follows every position at once, so a pattern never backtracks: time is the
// text's length times the pattern's.

import { PATTERN_WORK_PER_STEP } from "../../limits.ts";

type Token = { kind: "star" } | { kind: "one"; test: (char: string) => boolean };

export type TextPattern = (text: string) => boolean;

/** A matcher for the whole text; `caseless` folds letter case (find -iname). */
export function textPattern(pattern: string, caseless = false): TextPattern {
  const tokens = tokensOf(pattern, caseless);
  return (text) => {
    const chars = [...text];
    return matchEnds(tokens, chars, 0, () => {}).at(-1) === chars.length;
  };
}

/** A pattern to find inside a text, as `${x#…}` and `${x/…/…}` do. */
export type PatternSearch = {
  /** Every end of a match that begins at `start` in `chars`, ascending. */
  endsFrom(chars: readonly string[], start: number): number[];
  /** Every length of a suffix of `chars` the pattern matches, ascending. */
  suffixLengths(chars: readonly string[]): number[];
};

/** `charge` is called once per PATTERN_WORK_PER_STEP pattern positions visited, so a long search spends the analysis budget. */
export function patternSearch(pattern: string, charge: () => void): PatternSearch {
  const tokens = tokensOf(pattern, false);
  // A suffix matched by the pattern is a prefix of the reversed text matched by the reversed pattern.
  const reversed = [...tokens].reverse();
  return {
    endsFrom: (chars, start) => matchEnds(tokens, chars, start, charge),
    suffixLengths: (chars) => matchEnds(reversed, [...chars].reverse(), 0, charge),
  };
}

function tokensOf(pattern: string, caseless: boolean): Token[] {
  const fold = (char: string) => (caseless ? char.toLowerCase() : char);
  const tokens: Token[] = [];
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === "*") {
      if (tokens.at(-1)?.kind !== "star") tokens.push({ kind: "star" });
    } else if (char === "?") tokens.push({ kind: "one", test: () => true });
    else if (char === "[" && pattern.indexOf("]", index + 2) > 0) {
      const end = pattern.indexOf("]", index + 2);
      const body = pattern.slice(index + 1, end);
      const negated = body.startsWith("!") || body.startsWith("^");
      const members = fold(negated ? body.slice(1) : body);
      tokens.push({ kind: "one", test: (candidate) => inSet(members, fold(candidate)) !== negated });
      index = end;
    } else {
      const literal = char === "\\" && index + 1 < pattern.length ? pattern[++index]! : char;
      tokens.push({ kind: "one", test: (candidate) => fold(candidate) === fold(literal) });
    }
  }
  return tokens;
}

/**
 * The ends of every match that begins at `start`: one pass over the text that
 * keeps the set of pattern positions reached, so time is the text's length
 * times the pattern's.
 */
function matchEnds(tokens: readonly Token[], chars: readonly string[], start: number, charge: () => void): number[] {
  const ends: number[] = [];
  let work = 0;
  let reached = closeOverStars(tokens, new Set([0]));
  if (reached.has(tokens.length)) ends.push(start);
  for (let at = start; at < chars.length && reached.size > 0; at++) {
    const next = new Set<number>();
    for (const position of reached) {
      const token = tokens[position];
      if (!token) continue;
      if (token.kind === "star") next.add(position);
      else if (token.test(chars[at]!)) next.add(position + 1);
    }
    reached = closeOverStars(tokens, next);
    if (reached.has(tokens.length)) ends.push(at + 1);
    work += reached.size + 1;
    if (work >= PATTERN_WORK_PER_STEP) {
      charge();
      work = 0;
    }
  }
  return ends;
}

function closeOverStars(tokens: readonly Token[], positions: Set<number>): Set<number> {
  for (const at of [...positions]) for (let index = at; tokens[index]?.kind === "star"; index++) positions.add(index + 1);
  return positions;
}

/** A bracket's members (`a-z0-9_`) hold the character. */
function inSet(members: string, char: string): boolean {
  for (let index = 0; index < members.length; index++) {
    if (members[index + 1] === "-" && index + 2 < members.length) {
      if (char >= members[index]! && char <= members[index + 2]!) return true;
      index += 2;
    } else if (members[index] === char) return true;
  }
  return false;
}
