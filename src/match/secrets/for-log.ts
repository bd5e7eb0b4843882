// Redaction of text that leaves the process other than as tool output: the
// audit log, block reasons and confirm messages, stderr, `check`. Always every
// built-in detector, and the policy's own patterns where the caller has them;
// always on the decoded text (a JSON-escaped `\"` would hide a quoted value
// from the detectors), and also with shell quoting undone and base64 decoded
// (log-views.ts: a token split by quotes or encoded is still a token); always
// before any cut, so a secret that straddles the cut is never kept in part.
import { PREVIEW_MAX_DEPTH, PREVIEW_MAX_NODES, REDACTION_WORK_BUDGET, REMEMBERED_TEXT_MAX_CHARS, REMEMBERED_TEXTS } from "../../limits.ts";
import type { Detector } from "./detector.ts";
import { type KnownSecret, pieceFindings } from "./known-pieces.ts";
import { decodedView, type TextView, unquotedView } from "./log-views.ts";
import { type Finding, redactOutput, type RedactionBudget, withFindings } from "./redact.ts";
import { allDetectors } from "./registry.ts";

/** Said instead of a text that could not be checked within the budget. */
const LOG_WITHHELD = "[withheld: too large to check for secrets]";

export type LogRedaction = {
  /** The caller's clock, for the time backstop (the engine, being pure, passes none). */
  now?: () => number;
  /** The policy's own patterns (`patterns = [...]` of its redact rules): they redact everywhere the detectors do. */
  own?: readonly Detector[];
  /** Secrets found where the text was put together (a command's expanded words): their pieces are redacted too. */
  known?: readonly KnownSecret[];
};

const NO_OWN: readonly Detector[] = [];

/**
 * The text with every secret the built-in detectors (and the policy's own
 * patterns, when given) find replaced. Bounded by the deterministic work
 * budget, for the text and for each of its other spellings.
 */
export function redactForLog(text: string, { now = () => 0, own = NO_OWN, known = [] }: LogRedaction = {}): string {
  // What a text becomes depends on the known secrets too: with some, it is redacted afresh and not remembered.
  const remembered = known.length === 0 ? rememberedFor(own) : undefined;
  const before = remembered && text.length <= REMEMBERED_TEXT_MAX_CHARS ? remembered.get(text) : undefined;
  if (before !== undefined) return before;
  const findings = logFindings(text, detectorsWith(own), now);
  if (findings === undefined) return LOG_WITHHELD;
  findings.push(...pieceFindings(text, known));
  const redacted = findings.length === 0 ? text : withFindings(text, findings);
  if (remembered) remember(remembered, text, redacted);
  return redacted;
}

/** The secrets in these texts (a command's expanded words), for redacting their pieces where they are written apart. */
export function secretsIn(texts: readonly string[], own: readonly Detector[] = NO_OWN): KnownSecret[] {
  const secrets: KnownSecret[] = [];
  // A script's words repeat (its program names, flags, paths): each distinct word is looked through once, as a
  // word's secrets are the same wherever it stands (a remembered 1,000-command script: most of its audit record's cost).
  for (const text of new Set(texts)) {
    const findings = logFindings(text, detectorsWith(own), () => 0) ?? [];
    for (const finding of findings) secrets.push({ text: text.slice(finding.start, finding.end), detector: finding.detector });
  }
  return secrets;
}

/** Every secret in the text as written, unquoted or decoded, as spans of the text; undefined when the budget ran out. */
function logFindings(text: string, detectors: readonly Detector[], now: () => number): Finding[] | undefined {
  const budget: RedactionBudget = { work: REDACTION_WORK_BUDGET, timeMs: Number.POSITIVE_INFINITY, now };
  const found: Finding[] = [];
  const views: TextView[] = [{ text, back: (start, end) => ({ start, end }) }];
  for (const view of [unquotedView(text), decodedView(text)]) if (view) views.push(view);
  for (const view of views) {
    const outcome = redactOutput(view.text, detectors, budget);
    if (outcome.kind === "budget-spent") return undefined;
    if (outcome.kind === "redacted") for (const finding of outcome.findings) found.push({ detector: finding.detector, ...view.back(finding.start, finding.end) });
  }
  return found;
}

/** The built-in detectors and the policy's own, one list per own list (a policy keeps its list while it is in force). */
const withOwn = new WeakMap<readonly Detector[], readonly Detector[]>();
function detectorsWith(own: readonly Detector[]): readonly Detector[] {
  if (own.length === 0) return allDetectors();
  let detectors = withOwn.get(own);
  if (!detectors) {
    detectors = [...allDetectors(), ...own];
    withOwn.set(own, detectors);
  }
  return detectors;
}

/**
 * Short texts redacted lately, and what they became, per list of own patterns.
 * The same string is checked more than once per hook (as the input's preview,
 * then as a field of the audit record), and sessions repeat their commands.
 * The detectors and the work budget decide the outcome, so it is the same
 * every time; a text withheld for the budget is never kept.
 */
const rememberedTexts = new WeakMap<readonly Detector[], Map<string, string>>();
function rememberedFor(own: readonly Detector[]): Map<string, string> {
  let remembered = rememberedTexts.get(own);
  if (!remembered) {
    remembered = new Map();
    rememberedTexts.set(own, remembered);
  }
  return remembered;
}

function remember(remembered: Map<string, string>, text: string, redacted: string) {
  if (text.length > REMEMBERED_TEXT_MAX_CHARS) return;
  remembered.set(text, redacted);
  if (remembered.size > REMEMBERED_TEXTS) remembered.delete(remembered.keys().next().value!);
}

/** Redact, then cut to `maxChars` (plus "…"), never through the middle of a [REDACTED:…] marker. */
export function redactThenTruncate(text: string, maxChars: number, options: LogRedaction = {}): string {
  // Redact a wider window than is kept: a secret that starts inside the kept part is seen whole.
  const window = text.length > maxChars * 4 + 1024 ? text.slice(0, maxChars * 4 + 1024) : text;
  return truncate(redactForLog(window, options), maxChars, window.length < text.length);
}

function truncate(text: string, maxChars: number, alreadyCut: boolean): string {
  if (text.length <= maxChars) return alreadyCut ? `${text}…` : text;
  let cut = maxChars;
  const marker = text.lastIndexOf("[REDACTED:", cut);
  if (marker >= 0 && marker < cut) {
    const close = text.indexOf("]", marker);
    if (close >= cut) cut = marker;
  }
  return `${text.slice(0, cut)}…`;
}

/**
 * A bounded, redacted preview of any JSON value for the audit log: strings are
 * redacted as decoded text and then quoted; nesting deeper than
 * PREVIEW_MAX_DEPTH or more than PREVIEW_MAX_NODES values become "…". The walk
 * uses its own stack (an input nested 50,000 levels deep cannot overflow it)
 * and stops once the preview is long enough. A string value is previewed
 * as itself, unquoted.
 */
export function preview(value: unknown, maxChars: number, options: LogRedaction = {}): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return redactThenTruncate(value, maxChars, options);
  const out = new PreviewWriter(maxChars, options);
  out.value(value);
  return out.finish();
}

type Task = { kind: "value"; value: unknown; depth: number } | { kind: "text"; text: string } | { kind: "key"; key: string };

class PreviewWriter {
  readonly #maxChars: number;
  readonly #options: LogRedaction;
  readonly #stack: Task[] = [];
  #out = "";
  #nodes = 0;

  constructor(maxChars: number, options: LogRedaction) {
    this.#maxChars = maxChars;
    this.#options = options;
  }

  value(root: unknown) {
    this.#stack.push({ kind: "value", value: root, depth: 0 });
    while (this.#stack.length > 0 && this.#out.length <= this.#maxChars) {
      const task = this.#stack.pop()!;
      if (task.kind === "text") this.#out += task.text;
      else if (task.kind === "key") this.#out += `${JSON.stringify(redactThenTruncate(task.key, this.#maxChars, this.#options))}:`;
      else this.#write(task.value, task.depth);
    }
  }

  finish(): string {
    return this.#out.length > this.#maxChars || this.#stack.length > 0 ? truncate(this.#out, this.#maxChars, true) : this.#out;
  }

  #write(value: unknown, depth: number) {
    this.#nodes++;
    if (this.#nodes > PREVIEW_MAX_NODES) {
      this.#out += "…";
      this.#stack.length = 0;
      return;
    }
    if (typeof value === "string") this.#out += JSON.stringify(redactThenTruncate(value, this.#maxChars, this.#options));
    else if (value === null || typeof value !== "object") this.#out += String(JSON.stringify(value) ?? null);
    else if (depth >= PREVIEW_MAX_DEPTH) this.#out += Array.isArray(value) ? "[…]" : "{…}";
    else if (Array.isArray(value))
      this.#pushItems(
        "[",
        "]",
        value.slice(0, PREVIEW_MAX_NODES).map((item) => [undefined, item] as const),
        depth,
      );
    else
      this.#pushItems(
        "{",
        "}",
        Object.keys(value)
          .slice(0, PREVIEW_MAX_NODES)
          .map((key) => [key, (value as Record<string, unknown>)[key]] as const),
        depth,
      );
  }

  /** Queue the items of an array or object, in order (the stack is last-in, first-out). */
  #pushItems(open: string, close: string, entries: ReadonlyArray<readonly [string | undefined, unknown]>, depth: number) {
    this.#out += open;
    const tasks: Task[] = [];
    entries.forEach(([key, item], index) => {
      if (index > 0) tasks.push({ kind: "text", text: "," });
      if (key !== undefined) tasks.push({ kind: "key", key });
      tasks.push({ kind: "value", value: item, depth: depth + 1 });
    });
    tasks.push({ kind: "text", text: close });
    for (let index = tasks.length - 1; index >= 0; index--) this.#stack.push(tasks[index]!);
  }
}
