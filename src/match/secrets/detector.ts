// One secret detector: an RE2 pattern, which part of a match is the secret,
// and the checks RE2 cannot express (no lookaround): the character before and
// after a match, and a second look at the candidate in plain code.
import type { RE2JS } from "re2js";
import { PRIVATE_KEY_SPAN_CHARS } from "../../limits.ts";
import type { RegexFacts } from "../regex-facts.ts";
import { compileRegex, type LinearRegex, re2 } from "../regex.ts";
import type { LiteralCheck } from "./literal-checks.ts";

/** Where a detector's pattern comes from: a kept rule set, our own table, or the user's policy. */
export type DetectorOrigin = "secretlint" | "synaps-policy" | "policy";

export type Detector = {
  /** The family id: what `detectors = [...]` names and what `[REDACTED:<id>]` shows. */
  id: string;
  origin: DetectorOrigin;
  regex: LinearRegex;
  /** The capture group (number or name) holding the secret, 0 for the whole match; absent: the first group that took part, else the whole match. */
  secret?: number | string;
  /** A match is dropped when the character right before it is one of these. */
  notPrecededBy?: CharClass;
  /** A match is dropped when the character right after it is one of these. */
  notFollowedBy?: CharClass;
  /** A second look at the secret itself, for what a pattern cannot say (placeholders, code, examples). */
  accept?: (secret: string, match: string) => boolean;
  /**
   * A cheap look right after one of the detector's literals, before any RE2 run, for a detector whose
   * literals are common words (`token`, `password`) that are mostly no match. The promise: every match
   * starts with one of the literals, and for every match that `accept` would keep, this accepts the
   * literal found from `start` to `end` in the text. So a literal it rejects opens no window, and a
   * window opens at its literal, not before it.
   */
  literalFollowedBy?: (text: string, start: number, end: number) => boolean;
  /**
   * A cheap look around one of the detector's literals, before any RE2 run (literal-checks.ts): a literal it
   * refuses opens no window, so a flood of literals with no secret costs little and withholds nothing. The
   * promise: every match `accept` would keep holds an occurrence of a literal this accepts. Windows are
   * made around the accepted literals as usual (unlike literalFollowedBy, a match need not start there).
   */
  literalCheck?: LiteralCheck;
  reach: Reach;
};

/**
 * How far from one of its literals a match may lie, which bounds the text RE2
 * runs over: the literal's line (a built-in detector sees CONTEXT_BEFORE_CHARS
 * before it and CONTEXT_AFTER_CHARS after), a block from the literal's line to the
 * first line holding `closing` (a private key; at most `maxChars` when the key
 * was cut off), or the whole text (a user pattern that can cross lines: its
 * result must not depend on the scan).
 */
export type Reach = { kind: "line"; clip: boolean } | ({ kind: "block" } & Block) | { kind: "text" };

type Block = {
  closing: string;
  maxChars: number;
  /**
   * Where no closing follows in the block: "pattern-decides" (RE2 runs over all of it), or "runs-to-end"
   * for a pattern that is an opening within one line, then anything (`[\s\S]*?`) up to a closing or to
   * `$` (no (?m)), with no capture group: its match then starts at the first opening on the block's first
   * line and ends where the block ends, so RE2 need only find the opening on that line; or "no-match" for a
   * pattern whose every match holds the closing: a block without one is not looked at (a flood of openings
   * costs nothing).
   */
  unclosed: "pattern-decides" | "runs-to-end" | "no-match";
};

/** PEM blocks end at their -----END line; a key cut off by an output cap ends within PRIVATE_KEY_SPAN_CHARS. */
export const PRIVATE_KEY_BLOCK: Block = { closing: "-----END", maxChars: PRIVATE_KEY_SPAN_CHARS, unclosed: "pattern-decides" };

/** One character class, tested on one character. */
export type CharClass = { source: string; test(char: string): boolean };

function charClass(source: string): CharClass {
  // Compiled on first use: most detectors never find a candidate to check.
  let compiled: RE2JS | undefined;
  return {
    source,
    test: (char) => {
      compiled ??= re2().compile(`^(?:${source})$`);
      return compiled.test(char);
    },
  };
}

/** A built-in detector as written in a table: it stays within a line unless it spans a `block`. */
export type DetectorSpec = Omit<Detector, "regex" | "notPrecededBy" | "notFollowedBy" | "reach"> & {
  pattern: string;
  notPrecededBy?: string;
  notFollowedBy?: string;
  block?: Block;
};

/** `facts`: what the build read off the pattern (a built-in detector's), else read on first use. */
export function compileDetector(spec: DetectorSpec, facts?: RegexFacts): Detector {
  const { pattern, notPrecededBy, notFollowedBy, block, ...rest } = spec;
  return {
    ...rest,
    regex: compileRegex(pattern, facts),
    reach: block === undefined ? { kind: "line", clip: true } : { kind: "block", ...block },
    ...(notPrecededBy ? { notPrecededBy: charClass(notPrecededBy) } : {}),
    ...(notFollowedBy ? { notFollowedBy: charClass(notFollowedBy) } : {}),
  };
}

/** A user's `patterns = [...]` entry: each match is replaced whole, named after the rule. */
export function patternDetector(ruleId: string, pattern: string): Detector {
  const regex = compileRegex(pattern);
  // The user's pattern is matched exactly as RE2 would on the whole text: whole lines, or the whole text.
  return { id: ruleId, origin: "policy", regex, reach: regex.facts.crossesLines ? { kind: "text" } : { kind: "line", clip: false } };
}

/** The code point that ends right before `index`, or "" at the start of the text. */
export function charBefore(text: string, index: number): string {
  if (index <= 0) return "";
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) return text.slice(index - 2, index);
  return text[index - 1]!;
}

/** The code point that starts at `index`, or "" at the end of the text. */
export function charAt(text: string, index: number): string {
  if (index >= text.length) return "";
  return String.fromCodePoint(text.codePointAt(index)!);
}
