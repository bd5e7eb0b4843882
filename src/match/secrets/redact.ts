// Redaction of one text by a set of detectors, within a budget. Native
// substring searches find each detector's literals; RE2 then runs only over
// the text around them (see Reach). Every RE2 run is paid for up front in
// work units (characters × program size) and the clock is checked between
// runs: when the budget is spent the caller withholds the text — it is never
// passed on unredacted. All spans are found on the original text, then merged,
// so findings carry offsets a person can look up.
import {
  CONTEXT_AFTER_CHARS,
  CONTEXT_BEFORE_CHARS,
  JOIN_GAP_CHARS,
  LITERAL_SEARCH_CHARS_PER_UNIT,
  REDACTION_CLOCK_BACKSTOP_MS,
  REDACTION_WINDOW_WORK,
  REDACTION_WORK_BUDGET,
} from "../../limits.ts";
import { type LiteralOccurrences, literalSearchFor } from "../literal-search.ts";
import { foldForSearch } from "../regex-facts.ts";
import { charAt, charBefore, type Detector } from "./detector.ts";

/** One redacted span of the original text and the detector that found it. */
export type Finding = { detector: string; start: number; end: number };

export type RedactionBudget = {
  /** Work units: each character RE2 runs over costs its program size; a native literal search costs one per LITERAL_SEARCH_CHARS_PER_UNIT characters. */
  work: number;
  /** Wall-clock backstop in milliseconds, measured with `now`. */
  timeMs: number;
  /** The caller's clock (the engine is pure: it never reads one itself). */
  now: () => number;
};

export type RedactionOutcome = { kind: "clean" } | { kind: "redacted"; text: string; findings: Finding[] } | { kind: "budget-spent"; reason: string; findings: Finding[] };

/** The budget for one tool output: the work the design's 50 ms buys, and the clock as a backstop, on the caller's clock. */
export function outputBudget(now: () => number): RedactionBudget {
  return { work: REDACTION_WORK_BUDGET, timeMs: REDACTION_CLOCK_BACKSTOP_MS, now };
}

/** How many secrets each detector family found: what the audit log records. */
export function countByDetector(findings: readonly Finding[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const finding of findings) counts[finding.detector] = (counts[finding.detector] ?? 0) + 1;
  return counts;
}

/** What replaces an output whose redaction ran out of budget. */
export function withheldNotice(outcome: Extract<RedactionOutcome, { kind: "budget-spent" }>): string {
  return `[synaps-policy withheld this output: it could not be checked for secrets within the redaction budget (${outcome.reason}); it is never passed on unredacted]`;
}

export function redactOutput(text: string, detectors: readonly Detector[], budget: RedactionBudget): RedactionOutcome {
  const scan = new Scan(text, budget, detectors);
  const found: Finding[] = [];
  for (const detector of detectors) {
    const problem = scan.detect(detector, found);
    if (problem) return { kind: "budget-spent", reason: problem, findings: mergeSpans(found) };
  }
  if (found.length === 0) return { kind: "clean" };
  const findings = mergeSpans(found);
  return { kind: "redacted", text: applySpans(text, findings), findings };
}

type Window = { start: number; end: number };

/** Fewer literals than this in one form are searched for one by one: a native search per literal is then quicker than the automaton. */
const FEW_LITERALS = 32;

function searchEachLiteral(literals: readonly string[], haystack: string): LiteralOccurrences {
  const found: LiteralOccurrences = { literals: [], starts: [] };
  literals.forEach((literal, index) => {
    for (let at = haystack.indexOf(literal); at >= 0; at = haystack.indexOf(literal, at + 1)) {
      found.literals.push(index);
      found.starts.push(at);
    }
  });
  return found;
}

/** Texts up to this long are first looked at character by character (see Scan.#charactersOf). */
const SHORT_TEXT_CHARS = 1024;

/** One text being scanned: its folded form (made once), the work spent so far, the clock. */
class Scan {
  readonly #text: string;
  readonly #budget: RedactionBudget;
  readonly #detectors: readonly Detector[];
  readonly #started: number;
  #spent = 0;
  #folded: string | undefined;
  /** For a short text, the characters in it (plain, folded): a literal whose first character is absent cannot occur. */
  readonly #present = new Map<string, Set<number>>();
  /** For a long text, where each detector's literals are (both forms searched in one pass each), once asked. */
  #occurrences: Map<Detector, number[]> | undefined;

  constructor(text: string, budget: RedactionBudget, detectors: readonly Detector[]) {
    this.#text = text;
    this.#budget = budget;
    this.#detectors = detectors;
    this.#started = budget.now();
  }

  /** Add the detector's findings; a reason when the budget ran out. */
  detect(detector: Detector, found: Finding[]): string | undefined {
    const windows = this.#windows(detector);
    for (const window of windows) {
      const opening = this.#openingLine(detector, window);
      if (opening) {
        const problem = this.#charge(detector, opening);
        if (problem) return problem;
        const finding = this.#unclosedBlock(detector, opening, window);
        if (finding) {
          found.push(...finding);
          continue;
        }
      }
      const problem = this.#charge(detector, window);
      if (problem) return problem;
      const slice = this.#text.slice(window.start, window.end);
      // The window holds a literal already: straight to RE2. One that starts at a literal followed as a
      // match needs it (literalFollowedBy) mostly is a match: a test first would only run RE2 twice.
      if (!detector.literalFollowedBy && !detector.regex.unfiltered.test(slice)) continue;
      this.#spent += slice.length * detector.regex.programSize;
      for (const match of detector.regex.unfiltered.matches(slice)) {
        const finding = this.#finding(detector, match.groups, window.start);
        if (finding) found.push(finding);
      }
    }
    return undefined;
  }

  /**
   * For a "runs-to-end" block with no closing in its window (a key cut off by an output cap): the
   * window's first line, where its match must start. Without this RE2 would walk up to maxChars
   * characters that cannot change the match.
   */
  #openingLine(detector: Detector, window: Window): Window | undefined {
    const reach = detector.reach;
    if (reach.kind !== "block" || reach.unclosed !== "runs-to-end") return undefined;
    const closing = this.#text.indexOf(reach.closing, window.start);
    if (closing >= 0 && closing + reach.closing.length <= window.end) return undefined;
    const newline = this.#text.indexOf("\n", window.start);
    return { start: window.start, end: newline < 0 || newline > window.end ? window.end : newline };
  }

  /**
   * The match of an unclosed block, found on its opening line: with no closing in the window, a match that
   * starts there runs to the window's end (RE2 on the whole window gives that same one match). Nothing on the
   * line (the literal was not a whole opening): undefined, and RE2 runs over the window as usual.
   */
  #unclosedBlock(detector: Detector, opening: Window, window: Window): Finding[] | undefined {
    const slice = this.#text.slice(opening.start, opening.end);
    const [first] = detector.regex.unfiltered.matches(slice);
    if (first?.groups.length !== 1 || first.end !== slice.length) return undefined;
    const finding = this.#finding(detector, [{ start: first.start, end: window.end - window.start }], window.start);
    return finding ? [finding] : [];
  }

  #charge(detector: Detector, window: Window): string | undefined {
    const cost = (window.end - window.start) * detector.regex.programSize;
    if (cost > REDACTION_WINDOW_WORK) return `${window.end - window.start} characters for detector ${detector.id} in one run`;
    this.#spent += cost;
    if (this.#spent > this.#budget.work) return `more than ${this.#budget.work} work units`;
    if (this.#budget.now() - this.#started > this.#budget.timeMs) return `more than ${this.#budget.timeMs} ms`;
    return undefined;
  }

  #finding(detector: Detector, groups: Array<Window | undefined>, offset: number): Finding | undefined {
    const text = this.#text;
    const whole = groups[0]!;
    const start = whole.start + offset;
    const end = whole.end + offset;
    if (detector.notPrecededBy?.test(charBefore(text, start))) return undefined;
    if (detector.notFollowedBy?.test(charAt(text, end))) return undefined;
    const secret = secretSpan(detector, groups);
    if (!secret) return undefined;
    const secretStart = secret.start + offset;
    const secretEnd = secret.end + offset;
    if (detector.accept && !detector.accept(text.slice(secretStart, secretEnd), text.slice(start, end))) return undefined;
    return { detector: detector.id, start: secretStart, end: secretEnd };
  }

  /**
   * The parts of the text RE2 must run over for this detector: none when no
   * literal of it occurs. Windows close together are joined when a match
   * cannot cross a line (the text between holds no match without a literal of
   * its own); a built-in detector's joined window stays small enough for
   * re2js's fast backtracker (see fastWindowChars).
   */
  #windows(detector: Detector): Window[] {
    const length = this.#text.length;
    const hits = this.#hits(detector);
    if (hits === "nowhere") return [];
    if (hits === "anywhere" || detector.reach.kind === "text") return [{ start: 0, end: length }];
    // Windows that start at their literal (literalFollowedBy) are not joined: no match starts in the text between.
    const join = detector.regex.facts.crossesLines || detector.literalFollowedBy ? 0 : JOIN_GAP_CHARS;
    const capped = detector.reach.kind === "line" && detector.reach.clip;
    const windows: Window[] = [];
    let lineStart = 0;
    let lineEnd = -1;
    for (const hit of hits) {
      // Hits are sorted: the line found for one hit serves the next ones on it (no quadratic rescans).
      if (hit >= lineEnd) {
        lineStart = this.#text.lastIndexOf("\n", hit - 1) + 1;
        const newline = this.#text.indexOf("\n", hit);
        lineEnd = newline < 0 ? length : newline;
      }
      const window = this.#windowAround(detector, hit, lineStart, lineEnd);
      const last = windows[windows.length - 1];
      if (!last || window.start > last.end + join) windows.push(window);
      else if (!capped || window.end - last.start <= fastWindowChars(detector)) last.end = Math.max(last.end, window.end);
      // Too long to join: the next window overlaps this one by a whole context, so no secret falls between them.
      else windows.push({ start: Math.max(window.start, last.end - CONTEXT_BEFORE_CHARS - CONTEXT_AFTER_CHARS), end: window.end });
    }
    return windows;
  }

  #windowAround(detector: Detector, hit: number, lineStart: number, lineEnd: number): Window {
    const reach = detector.reach;
    const length = this.#text.length;
    if (reach.kind === "block") {
      // From the hit's own line: a hit on the closing line itself closes there.
      const closing = this.#text.indexOf(reach.closing, lineStart);
      const limit = Math.min(length, hit + reach.maxChars);
      if (closing < 0 || closing >= limit) return { start: lineStart, end: limit };
      const closingLineEnd = this.#text.indexOf("\n", closing);
      return { start: lineStart, end: closingLineEnd < 0 ? length : closingLineEnd };
    }
    if (reach.kind === "line" && reach.clip) {
      // A match starts at a literal when literalFollowedBy is given: nothing before it to see.
      const before = detector.literalFollowedBy ? 0 : CONTEXT_BEFORE_CHARS;
      return { start: Math.max(lineStart, hit - before), end: Math.min(lineEnd, hit + CONTEXT_AFTER_CHARS) };
    }
    return { start: lineStart, end: lineEnd };
  }

  /** Sorted positions of the detector's literals, or whether RE2 must see the whole text. */
  #hits(detector: Detector): number[] | "nowhere" | "anywhere" {
    const facts = detector.regex.facts;
    if (!facts.anyOf) return "anywhere";
    const haystack = facts.folded ? this.#foldedText() : this.#text;
    const hits = this.#text.length > SHORT_TEXT_CHARS ? this.#occurrencesOf(detector) : this.#searchEach(detector, facts.anyOf, haystack);
    if (hits.length === 0) return "nowhere";
    // Lower-casing changed the length (İ becomes two units): positions do not map back, so scan it all.
    if (haystack.length !== this.#text.length) return "anywhere";
    this.#spent += hits.length;
    return hits.sort((a, b) => a - b);
  }

  /** A short text: a native search for each literal whose first character it holds. */
  #searchEach(detector: Detector, literals: readonly string[], haystack: string): number[] {
    const hits: number[] = [];
    const present = this.#charactersOf(haystack);
    const keeps = this.#keeps(detector, haystack);
    for (const literal of literals) {
      this.#spent += Math.ceil(haystack.length / LITERAL_SEARCH_CHARS_PER_UNIT);
      if (present && !present.has(literal.charCodeAt(0))) continue;
      for (let at = haystack.indexOf(literal); at >= 0; at = haystack.indexOf(literal, at + 1)) {
        if (keeps(at, at + literal.length)) hits.push(at);
      }
    }
    return hits;
  }

  /**
   * A long text: every detector's literals found at once, one pass over each form of the text the
   * detectors search (plain, folded), where a search per literal would read it ~150 times. The work
   * charged stays what those searches would cost: an upper bound on the pass.
   */
  #occurrencesOf(detector: Detector): number[] {
    this.#occurrences ??= this.#findAllLiterals();
    return this.#occurrences.get(detector) ?? [];
  }

  #findAllLiterals(): Map<Detector, number[]> {
    const occurrences = new Map<Detector, number[]>();
    for (const folded of [false, true]) {
      const searching = this.#detectors.filter((detector) => detector.regex.facts.anyOf && detector.regex.facts.folded === folded);
      if (searching.length === 0) continue;
      const haystack = folded ? this.#foldedText() : this.#text;
      const literals: string[] = [];
      const owners: Array<Array<{ hits: number[]; keeps: (start: number, end: number) => boolean }>> = [];
      const indexOf = new Map<string, number>();
      for (const detector of searching) {
        const hits: number[] = [];
        occurrences.set(detector, hits);
        const owner = { hits, keeps: this.#keeps(detector, haystack) };
        for (const literal of detector.regex.facts.anyOf!) {
          this.#spent += Math.ceil(haystack.length / LITERAL_SEARCH_CHARS_PER_UNIT);
          let index = indexOf.get(literal);
          if (index === undefined) {
            index = literals.push(literal) - 1;
            indexOf.set(literal, index);
            owners.push([]);
          }
          owners[index]!.push(owner);
        }
      }
      const found = literals.length >= FEW_LITERALS ? literalSearchFor(literals).find(haystack) : searchEachLiteral(literals, haystack);
      for (let index = 0; index < found.starts.length; index++) {
        const literal = found.literals[index]!;
        const start = found.starts[index]!;
        const end = start + literals[literal]!.length;
        for (const owner of owners[literal]!) if (owner.keeps(start, end)) owner.hits.push(start);
      }
    }
    return occurrences;
  }

  /**
   * Whether a literal found here may start a match (Detector.literalFollowedBy), looked at in the text
   * itself, which RE2 will read. Where folding changed the length positions do not map, and every
   * literal is kept (the whole text is scanned then).
   */
  #keeps(detector: Detector, haystack: string): (start: number, end: number) => boolean {
    const follows = detector.literalFollowedBy;
    if (!follows || haystack.length !== this.#text.length) return () => true;
    return (start, end) => follows(this.#text, start, end);
  }

  /**
   * The character codes of a short text (an audit field, a reason), made once per form: most of the ~150
   * literals start with a character such a text lacks, and a set lookup is cheaper than a search each.
   * Long texts (tool output) are searched directly, where native search is the cheaper of the two.
   */
  #charactersOf(haystack: string): Set<number> | undefined {
    if (haystack.length > SHORT_TEXT_CHARS) return undefined;
    let present = this.#present.get(haystack);
    if (present) return present;
    present = new Set();
    for (let index = 0; index < haystack.length; index++) present.add(haystack.charCodeAt(index));
    this.#present.set(haystack, present);
    return present;
  }

  #foldedText(): string {
    if (this.#folded === undefined) {
      this.#folded = foldForSearch(this.#text);
      this.#spent += Math.ceil(this.#text.length / LITERAL_SEARCH_CHARS_PER_UNIT);
    }
    return this.#folded;
  }
}

/**
 * re2js finds matches with a bounded backtracker (linear, and several times
 * faster than its NFA) when window length × program size is at most 256 Ki;
 * a built-in detector's windows are joined only up to that length.
 */
const RE2JS_BACKTRACK_WORK = 262_144;

function fastWindowChars(detector: Detector): number {
  return Math.max(CONTEXT_BEFORE_CHARS + CONTEXT_AFTER_CHARS + 512, Math.floor(RE2JS_BACKTRACK_WORK / detector.regex.programSize));
}

/** The secret's span within a match: the named or numbered group, else the first group that took part, else the match. */
function secretSpan(detector: Detector, groups: Array<Window | undefined>): Window | undefined {
  const wanted = detector.secret;
  if (wanted !== undefined) {
    const index = typeof wanted === "number" ? wanted : detector.regex.namedGroups[wanted];
    const span = index === undefined ? undefined : groups[index];
    return span && span.end > span.start ? span : undefined;
  }
  for (let index = 1; index < groups.length; index++) {
    const span = groups[index];
    if (span && span.end > span.start) return span;
  }
  return groups[0];
}

/** Overlapping spans become one; the first detector names it. */
function mergeSpans(spans: Finding[]): Finding[] {
  const sorted = spans.toSorted((a, b) => a.start - b.start || b.end - a.end);
  const merged: Finding[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The text with these spans (from any detectors, overlapping or not) replaced by their markers. */
export function withFindings(text: string, findings: readonly Finding[]): string {
  return applySpans(text, mergeSpans([...findings]));
}

function applySpans(text: string, findings: Finding[]): string {
  let out = "";
  let copied = 0;
  for (const finding of findings) {
    out += `${text.slice(copied, finding.start)}[REDACTED:${finding.detector}]`;
    copied = finding.end;
  }
  return out + text.slice(copied);
}
