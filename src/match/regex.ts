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
  return {
    source,
    test: (text) => compiled.matcher(text).find(),
    replaceAll: (text, replacement) => replaceEachMatch(compiled, text, replacement),
  };
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
