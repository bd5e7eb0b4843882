// Regular expressions from policies run on RE2 (re2js): linear time whatever
// the pattern and input. JavaScript's own engine backtracks; on a crafted
// input it can run for seconds, and the host treats a late answer as
// "continue" — a bypass. Linear is not enough on its own: re2js is linear in
// input × program size, so patterns are also bounded in size at validation.
import type { RE2JS } from "re2js";
import { MAX_PATTERN_PROGRAM_SIZE } from "../limits.ts";
import { foldForSearch, regexFacts, type RegexFacts } from "./regex-facts.ts";

/**
 * The RE2 engine, loaded when a pattern is first compiled: its module builds tables that took a few ms of CPU at
 * every start, though most first calls meet no pattern that gets past its literal pre-check (issue 27).
 */
export function re2(): typeof RE2JS {
  return (require("re2js") as typeof import("re2js")).RE2JS;
}

/** Where a match and each of its capture groups lie in the text (group 0 is the whole match). */
export type RegexMatch = { start: number; end: number; groups: Array<{ start: number; end: number } | undefined> };

export type LinearRegex = {
  source: string;
  /** RE2 instructions: the cost of running over one character. */
  programSize: number;
  /** Group name → group number. */
  namedGroups: Readonly<Record<string, number>>;
  facts: RegexFacts;
  test(text: string): boolean;
  /** Replace each match with what the callback returns; it gets the match and its capture groups. */
  replaceAll(text: string, replacement: (match: string, groups: Array<string | undefined>) => string): string;
  /** Every non-empty, non-overlapping match, leftmost first. */
  matches(text: string): RegexMatch[];
  /** test() and matches() without the literal prefilter, for a caller that already searched for the literals. */
  unfiltered: { test(text: string): boolean; matches(text: string): RegexMatch[] };
};

/**
 * A pattern ready to run. RE2's own compilation is deferred until a text
 * could hold a match (it has one of the literals every match contains): most
 * detectors never meet their literal, and compiling them all would cost the
 * first hook after start-up tens of milliseconds. Syntax was checked at
 * validation (regexProblem) or by the detector tables' tests. `known`: the
 * facts when the build already read them off (the built-in detectors).
 */
export function compileRegex(source: string, known?: RegexFacts): LinearRegex {
  let compiled: RE2JS | undefined;
  const program = () => (compiled ??= re2().compile(source));
  // Read off the pattern on first use too: a rule's pattern that never meets a text costs nothing at start.
  let facts = known;
  const factsOf = () => (facts ??= regexFacts(source));
  return {
    source,
    get programSize() {
      return program().programSize();
    },
    get namedGroups() {
      return program().namedGroups();
    },
    get facts() {
      return factsOf();
    },
    // A text without any literal every match contains cannot match: a native substring search answers first.
    test: (text) => mayMatch(factsOf(), text) && program().test(text),
    replaceAll: (text, replacement) => (mayMatch(factsOf(), text) ? replaceEachMatch(program(), text, replacement) : text),
    matches: (text) => (mayMatch(factsOf(), text) ? findMatches(program(), text) : []),
    unfiltered: { test: (text) => program().test(text), matches: (text) => findMatches(program(), text) },
  };
}

/** False only when the text cannot hold a match: it lacks every literal the facts require. */
function mayMatch(facts: RegexFacts, text: string, folded?: string): boolean {
  if (!facts.anyOf) return true;
  const haystack = facts.folded ? (folded ?? foldForSearch(text)) : text;
  for (const literal of facts.anyOf) if (haystack.includes(literal)) return true;
  return false;
}

/** The problem with a pattern, in words for the person who wrote it, or undefined when it is fine. */
export function regexProblem(source: string): string | undefined {
  let compiled: RE2JS;
  try {
    compiled = re2().compile(source);
  } catch (error) {
    return (error as Error).message;
  }
  const size = compiled.programSize();
  if (size <= MAX_PATTERN_PROGRAM_SIZE) return undefined;
  return `pattern too large for linear-time matching: it compiles to ${size} RE2 instructions (limit ${MAX_PATTERN_PROGRAM_SIZE}); a counted repeat such as {1,1000} is the usual cause — use + or * instead`;
}

function findMatches(compiled: RE2JS, text: string): RegexMatch[] {
  const matcher = compiled.matcher(text);
  const groupCount = compiled.groupCount();
  const found: RegexMatch[] = [];
  while (matcher.find()) {
    const start = matcher.start();
    const end = matcher.end();
    if (end === start) {
      if (end >= text.length) break;
      continue;
    }
    const groups: RegexMatch["groups"] = [{ start, end }];
    for (let group = 1; group <= groupCount; group++) {
      const groupStart = matcher.start(group);
      groups.push(groupStart < 0 ? undefined : { start: groupStart, end: matcher.end(group) });
    }
    found.push({ start, end, groups });
  }
  return found;
}

function replaceEachMatch(compiled: RE2JS, text: string, replacement: (match: string, groups: Array<string | undefined>) => string): string {
  const found = findMatches(compiled, text);
  if (found.length === 0) return text;
  let out = "";
  let last = 0;
  for (const match of found) {
    const groups = match.groups.slice(1).map((span) => (span ? text.slice(span.start, span.end) : undefined));
    out += text.slice(last, match.start) + replacement(text.slice(match.start, match.end), groups);
    last = match.end;
  }
  return out + text.slice(last);
}
