// Regular expressions from policies run on RE2 (re2js): linear time whatever
// the pattern and input. JavaScript's own engine backtracks; on a crafted
// input it can run for seconds, and the host treats a late answer as
// "continue" — a bypass.
import { RE2JS } from "re2js";

export type LinearRegex = {
  source: string;
  test(text: string): boolean;
  /** Replace each match with what the callback returns; it gets the match and its capture groups. */
  replaceAll(text: string, replacement: (match: string, groups: Array<string | undefined>) => string): string;
};

export function compileRegex(source: string): LinearRegex {
  const compiled = RE2JS.compile(source);
  const literal = requiredLiteral(source);
  return {
    source,
    // A text without the pattern's required literal cannot match: a native substring search answers first.
    test: literal ? (text) => text.includes(literal) && compiled.test(text) : (text) => compiled.test(text),
    replaceAll: (text, replacement) => replaceEachMatch(compiled, text, replacement),
  };
}

const META = new Set(["\\", ".", "[", "]", "(", ")", "{", "}", "*", "+", "?", "^", "$", "|"]);

/**
 * The longest run of plain characters every match must contain, or undefined
 * when that cannot be read off simply (alternation, flags, short runs). A run
 * ends at any metacharacter; a character made optional by `*`, `?` or `{` is
 * not part of it.
 */
export function requiredLiteral(source: string): string | undefined {
  if (source.includes("|") || source.startsWith("(?")) return undefined;
  let best = "";
  let run = "";
  // Only text outside groups counts: a group may be optional as a whole.
  let depth = 0;
  for (let index = 0; index <= source.length; index++) {
    const char = source[index];
    if (char !== undefined && !META.has(char)) {
      run += char;
      continue;
    }
    if (char === "*" || char === "?" || char === "{") run = run.slice(0, -1);
    if (depth === 0 && run.length > best.length) best = run;
    run = "";
    if (char === "(") depth++;
    if (char === ")") depth = Math.max(0, depth - 1);
    // Skip an escape and a character class whole: their characters are not literal text here.
    if (char === "\\") index++;
    if (char === "[") index = closingBracket(source, index);
  }
  return best.length >= 3 ? best : undefined;
}

function closingBracket(source: string, open: number): number {
  for (let index = open + 1; index < source.length; index++) {
    if (source[index] === "\\") index++;
    else if (source[index] === "]" && index > open + 1) return index;
  }
  return source.length;
}

/** The problem with a pattern, in RE2's words, or undefined when it compiles. */
export function regexProblem(source: string): string | undefined {
  try {
    RE2JS.compile(source);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function replaceEachMatch(compiled: RE2JS, text: string, replacement: (match: string, groups: Array<string | undefined>) => string): string {
  const matcher = compiled.matcher(text);
  const groupCount = compiled.groupCount();
  let out = "";
  let last = 0;
  while (matcher.find()) {
    const start = matcher.start();
    const end = matcher.end();
    if (end === start) {
      // An empty match replaces nothing; step past it so the scan moves on.
      if (end >= text.length) break;
      continue;
    }
    const groups: Array<string | undefined> = [];
    for (let group = 1; group <= groupCount; group++) groups.push(matcher.group(group) ?? undefined);
    out += text.slice(last, start) + replacement(text.slice(start, end), groups);
    last = end;
  }
  return last === 0 ? text : out + text.slice(last);
}
