// Redaction of one text by a set of detectors, within a budget. Native
// substring searches find each detector's literals; RE2 then runs only over
// the text around them (see Reach). Every RE2 run is paid for up front in
// work units (characters × program size) and the clock is checked between
// runs: when the budget is spent, the parts of the text that were not checked
// yet — the windows around literals still to look at — are withheld, and the
// rest (checked, or holding no literal of any detector left) goes on redacted:
// a text is never passed on unredacted, and a flood of literals in one part
// withholds that part only. All spans are found on the original text, then
// merged, so findings carry offsets a person can look up.
import {
  CONTEXT_AFTER_CHARS,
  CONTEXT_BEFORE_CHARS,
  JOIN_GAP_CHARS,
  LITERAL_SEARCH_CHARS_PER_UNIT,
  REDACTION_CLOCK_BACKSTOP_MS,
  REDACTION_MATCH_WORK,
  REDACTION_WINDOW_WORK,
  REDACTION_WORK_BUDGET,
} from "../../limits.ts";
import { type LiteralOccurrences, type LiteralSearch, literalSearchFor } from "../literal-search.ts";
import { foldForSearch } from "../regex-facts.ts";
import { charAt, charBefore, type Detector } from "./detector.ts";

/** One redacted span of the original text and the detector that found it. */
export type Finding = { detector: string; start: number; end: number };

export type RedactionBudget = {
  /** Work units: each character RE2 runs over costs its program size, each match it finds REDACTION_MATCH_WORK; a native literal search costs one per LITERAL_SEARCH_CHARS_PER_UNIT characters. */
  work: number;
  /** Time backstop in milliseconds, measured with `now` (the edges give the judging thread's CPU time). */
  timeMs: number;
  /** The caller's clock (the engine is pure: it never reads one itself). */
  now: () => number;
};

export type RedactionOutcome =
  | { kind: "clean" }
  | { kind: "redacted"; text: string; findings: Finding[] }
  /** `unchecked`: the spans of the text where a secret could not be ruled out (sorted, disjoint); `findings` were found elsewhere. */
  | { kind: "budget-spent"; reason: string; findings: Finding[]; unchecked: Window[] };

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

type BudgetSpent = Extract<RedactionOutcome, { kind: "budget-spent" }>;

/** When this share of an output or more could not be checked, the whole of it is withheld (what is left says little). */
const WITHHELD_WHOLE_SHARE = 0.9;

/**
 * What replaces an output whose redaction ran out of budget: the output with the parts that could not be
 * checked withheld and the secrets found elsewhere redacted, and a line saying so; or, when nearly all of it
 * could not be checked, a notice alone.
 */
export function withheldOutput(text: string, outcome: BudgetSpent): string {
  const withheld = outcome.unchecked.reduce((sum, span) => sum + span.end - span.start, 0);
  if (withheld >= text.length * WITHHELD_WHOLE_SHARE)
    return `[synaps-policy withheld this output: it could not be checked for secrets within the redaction budget (${outcome.reason}); it is never passed on unredacted]`;
  const spans = [...outcome.findings.map((finding) => ({ ...finding })), ...outcome.unchecked.map((span) => ({ detector: WITHHELD, ...span }))];
  return `${applySpans(text, mergeSpans(spans))}\n[synaps-policy withheld ${withheld} of ${text.length} characters of this output, marked [${WITHHELD_MARK}]: a secret could not be ruled out there within the redaction budget (${outcome.reason}); the rest was checked and redacted]`;
}

/** The detector name of a withheld span, and its marker (it wins over a secret found inside it). */
const WITHHELD = "\0withheld";
const WITHHELD_MARK = "WITHHELD: not checked for secrets";

export function redactOutput(text: string, detectors: readonly Detector[], budget: RedactionBudget): RedactionOutcome {
  const scan = new Scan(text, budget, detectors);
  const found: Finding[] = [];
  const unchecked: Window[] = [];
  let reason: string | undefined;
  // Plain loops, no per-detector closures or empty arrays: an audit record redacts several short texts with every
  // detector, and what each pass leaves behind is garbage on every call (issue 25).
  for (let index = 0; index < detectors.length; index++) {
    const stop = scan.detect(detectors[index]!, found, unchecked);
    reason ??= stop?.reason;
    if (stop?.kind === "spent") {
      // Where the detectors not yet run have literals, a secret may be; elsewhere none of them can match.
      for (const later of detectors.slice(index + 1)) unchecked.push(...scan.windowsOf(later));
      break;
    }
  }
  if (reason !== undefined) return { kind: "budget-spent", reason, findings: mergeSpans(found), unchecked: mergeWindows(unchecked) };
  if (found.length === 0) return { kind: "clean" };
  const findings = mergeSpans(found);
  return { kind: "redacted", text: applySpans(text, findings), findings };
}

type Window = { start: number; end: number };

/** Why a scan left windows unchecked: one window too costly for a single run (the others were checked), or the budget spent. */
type Stop = { kind: "window" | "spent"; reason: string };

function leaveUnchecked(stop: Stop, windows: readonly Window[], unchecked: Window[]): Stop {
  unchecked.push(...windows);
  return stop;
}

function mergeWindows(windows: Window[]): Window[] {
  const sorted = windows.toSorted((a, b) => a.start - b.start);
  const merged: Window[] = [];
  for (const window of sorted) {
    const last = merged[merged.length - 1];
    if (last && window.start <= last.end) last.end = Math.max(last.end, window.end);
    else merged.push({ ...window });
  }
  return merged;
}

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

/**
 * The literals of a list of detectors in one form (plain or folded), each with the detectors it belongs to: the
 * same for every text the list scans, so made once per list, not on every call. `searches`: how many literal
 * searches (one per literal of each detector) the single pass stands for, in work charged.
 */
type LiteralPlan = {
  folded: boolean;
  searching: readonly Detector[];
  literals: readonly string[];
  owners: ReadonlyArray<readonly number[]>;
  searches: number;
  search: LiteralSearch | undefined;
};

const literalPlans = new WeakMap<readonly Detector[], ReadonlyArray<LiteralPlan | undefined>>();

function literalPlansOf(detectors: readonly Detector[]): ReadonlyArray<LiteralPlan | undefined> {
  let plans = literalPlans.get(detectors);
  if (!plans) {
    plans = [literalPlan(detectors, false), literalPlan(detectors, true)];
    literalPlans.set(detectors, plans);
  }
  return plans;
}

function literalPlan(detectors: readonly Detector[], folded: boolean): LiteralPlan | undefined {
  const searching = detectors.filter((detector) => detector.regex.facts.anyOf && detector.regex.facts.folded === folded);
  if (searching.length === 0) return undefined;
  const literals: string[] = [];
  const owners: number[][] = [];
  const indexOf = new Map<string, number>();
  let searches = 0;
  for (const [owner, detector] of searching.entries()) {
    for (const literal of detector.regex.facts.anyOf!) {
      searches++;
      let index = indexOf.get(literal);
      if (index === undefined) {
        index = literals.push(literal) - 1;
        indexOf.set(literal, index);
        owners.push([]);
      }
      owners[index]!.push(owner);
    }
  }
  return { folded, searching, literals, owners, searches, search: literals.length >= FEW_LITERALS ? literalSearchFor(literals) : undefined };
}

/** The windows of a detector none of whose literals occur (shared: never written to). */
const NO_WINDOWS: readonly Window[] = Object.freeze([]);
const KEEP_EVERY_LITERAL = () => true;

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
  /** Per block closing, the last search for it: from where, and where it was found (-1: nowhere after). */
  readonly #closings = new Map<string, { from: number; at: number }>();

  constructor(text: string, budget: RedactionBudget, detectors: readonly Detector[]) {
    this.#text = text;
    this.#budget = budget;
    this.#detectors = detectors;
    this.#started = budget.now();
  }

  /** The windows this detector would run over (for what is left unchecked when the budget is spent). */
  windowsOf(detector: Detector): readonly Window[] {
    return this.#windows(detector);
  }

  /** Add the detector's findings, and the windows it could not check (then why). */
  detect(detector: Detector, found: Finding[], unchecked: Window[]): Stop | undefined {
    const windows = this.#windows(detector);
    let stop: Stop | undefined;
    for (let index = 0; index < windows.length; index++) {
      const window = windows[index]!;
      const opening = this.#openingLine(detector, window);
      if (opening) {
        const problem = this.#charge(detector, opening);
        if (problem?.kind === "spent") return leaveUnchecked(problem, windows.slice(index), unchecked);
        if (problem) {
          const left = leaveUnchecked(problem, [window], unchecked);
          stop ??= left;
          continue;
        }
        const finding = this.#unclosedBlock(detector, opening, window);
        if (finding) {
          found.push(...finding);
          continue;
        }
      }
      const problem = this.#charge(detector, window);
      if (problem?.kind === "spent") return leaveUnchecked(problem, windows.slice(index), unchecked);
      if (problem) {
        const left = leaveUnchecked(problem, [window], unchecked);
        stop ??= left;
        continue;
      }
      const slice = this.#text.slice(window.start, window.end);
      // The window holds a literal already: straight to RE2. One that starts at a literal followed as a
      // match needs it (literalFollowedBy) mostly is a match: a test first would only run RE2 twice.
      if (!detector.literalFollowedBy && !detector.regex.unfiltered.test(slice)) continue;
      this.#spent += slice.length * detector.regex.programSize;
      const matches = detector.regex.unfiltered.matches(slice);
      // Each match after the first in one run is found anew, at a cost its length does not show. Paid after the
      // run (its matches are only known then): the next window's charge sees it.
      this.#spent += Math.max(0, matches.length - 1) * REDACTION_MATCH_WORK;
      for (const match of matches) {
        const finding = this.#finding(detector, match.groups, window.start);
        if (finding) found.push(finding);
      }
    }
    return stop;
  }

  /**
   * For a "runs-to-end" block with no closing in its window (a key cut off by an output cap): the
   * window's first line, where its match must start. Without this RE2 would walk up to maxChars
   * characters that cannot change the match.
   */
  #openingLine(detector: Detector, window: Window): Window | undefined {
    const reach = detector.reach;
    if (reach.kind !== "block" || reach.unclosed !== "runs-to-end") return undefined;
    const closing = this.#closingFrom(reach.closing, window.start);
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

  /** Pay for one RE2 run over the window, up front. */
  #charge(detector: Detector, window: Window): Stop | undefined {
    const cost = (window.end - window.start) * detector.regex.programSize;
    if (cost > REDACTION_WINDOW_WORK) return { kind: "window", reason: `${window.end - window.start} characters for detector ${detector.id} in one run` };
    this.#spent += cost;
    if (this.#spent > this.#budget.work) return { kind: "spent", reason: `more than ${this.#budget.work} work units` };
    if (this.#budget.now() - this.#started > this.#budget.timeMs) return { kind: "spent", reason: `more than ${this.#budget.timeMs} ms` };
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
  #windows(detector: Detector): readonly Window[] {
    const length = this.#text.length;
    const hits = this.#hits(detector);
    if (hits === "nowhere") return NO_WINDOWS;
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
      if (!window) continue;
      const last = windows[windows.length - 1];
      if (!last || window.start > last.end + join) windows.push(window);
      else if (!capped || window.end - last.start <= fastWindowChars(detector)) last.end = Math.max(last.end, window.end);
      // Too long to join: the next window overlaps this one by a whole context, so no secret falls between them.
      else windows.push({ start: Math.max(window.start, last.end - CONTEXT_BEFORE_CHARS - CONTEXT_AFTER_CHARS), end: window.end });
    }
    return windows;
  }

  /** The window RE2 must see for a hit, or undefined when nothing there can match (an unclosed "no-match" block). */
  #windowAround(detector: Detector, hit: number, lineStart: number, lineEnd: number): Window | undefined {
    const reach = detector.reach;
    const length = this.#text.length;
    if (reach.kind === "block") {
      // From the hit's own line: a hit on the closing line itself closes there.
      const closing = this.#closingFrom(reach.closing, lineStart);
      const limit = Math.min(length, hit + reach.maxChars);
      if (closing < 0 || closing >= limit) return reach.unclosed === "no-match" ? undefined : { start: lineStart, end: limit };
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

  /**
   * The first `closing` at or after `from`. Hits and windows come in order, so an earlier answer still holds when
   * it lies at or after `from` (or was "nowhere"): a flood of openings with no closing reads the text once, not
   * once per opening (256 KiB of "-----BEGIN" cost a quadratic scan that ran past the budget, issue 26.8).
   */
  #closingFrom(closing: string, from: number): number {
    const last = this.#closings.get(closing);
    if (last && last.from <= from && (last.at < 0 || last.at >= from)) return last.at;
    const at = this.#text.indexOf(closing, from);
    this.#closings.set(closing, { from, at });
    return at;
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
    let hits: number[] | undefined;
    let keeps: ((start: number, end: number) => boolean) | undefined;
    const present = this.#charactersOf(haystack);
    for (const literal of literals) {
      this.#spent += Math.ceil(haystack.length / LITERAL_SEARCH_CHARS_PER_UNIT);
      if (present && !present.has(literal.charCodeAt(0))) continue;
      for (let at = haystack.indexOf(literal); at >= 0; at = haystack.indexOf(literal, at + 1)) {
        keeps ??= this.#keeps(detector, haystack);
        if (!keeps(at, at + literal.length)) continue;
        hits ??= [];
        hits.push(at);
      }
    }
    return hits ?? [];
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
    for (const plan of literalPlansOf(this.#detectors)) {
      if (!plan) continue;
      const haystack = plan.folded ? this.#foldedText() : this.#text;
      this.#spent += plan.searches * Math.ceil(haystack.length / LITERAL_SEARCH_CHARS_PER_UNIT);
      const found = plan.search ? plan.search.find(haystack) : searchEachLiteral(plan.literals, haystack);
      // Made for a detector when one of its literals is first found: most find none in a short text.
      const keeps: Array<((start: number, end: number) => boolean) | undefined> = [];
      for (let index = 0; index < found.starts.length; index++) {
        const literal = found.literals[index]!;
        const start = found.starts[index]!;
        const end = start + plan.literals[literal]!.length;
        for (const owner of plan.owners[literal]!) {
          const detector = plan.searching[owner]!;
          keeps[owner] ??= this.#keeps(detector, haystack);
          if (!keeps[owner](start, end)) continue;
          const hits = occurrences.get(detector);
          if (hits) hits.push(start);
          else occurrences.set(detector, [start]);
        }
      }
    }
    return occurrences;
  }

  /**
   * Whether a literal found here may start or be part of a match (Detector.literalFollowedBy, literalCheck), looked at in the text
   * itself, which RE2 will read. Where folding changed the length positions do not map, and every
   * literal is kept (the whole text is scanned then).
   */
  #keeps(detector: Detector, haystack: string): (start: number, end: number) => boolean {
    const follows = detector.literalFollowedBy ?? detector.literalCheck;
    if (!follows || haystack.length !== this.#text.length) return KEEP_EVERY_LITERAL;
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
    out += `${text.slice(copied, finding.start)}${finding.detector === WITHHELD ? `[${WITHHELD_MARK}]` : `[REDACTED:${finding.detector}]`}`;
    copied = finding.end;
  }
  return out + text.slice(copied);
}
