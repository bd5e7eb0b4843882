// Redaction of text that leaves the process other than as tool output: the
// audit log, block reasons and confirm messages, stderr. Always every built-in
// detector; always on the decoded text (a JSON-escaped `\"` would hide a
// quoted value from the detectors); always before any cut, so a secret that
// straddles the cut is never kept in part.
import { PREVIEW_MAX_DEPTH, PREVIEW_MAX_NODES, REDACTION_WORK_BUDGET, REMEMBERED_TEXT_MAX_CHARS, REMEMBERED_TEXTS } from "../../limits.ts";
import { redactOutput } from "./redact.ts";
import { allDetectors } from "./registry.ts";

/** Said instead of a text that could not be checked within the budget. */
const LOG_WITHHELD = "[withheld: too large to check for secrets]";

/**
 * The text with every secret the built-in detectors find replaced. Bounded by
 * the deterministic work budget; pass the caller's clock to add the
 * wall-clock backstop (the engine, being pure, passes none).
 */
export function redactForLog(text: string, now: () => number = () => 0): string {
  const remembered = text.length <= REMEMBERED_TEXT_MAX_CHARS ? rememberedTexts.get(text) : undefined;
  if (remembered !== undefined) return remembered;
  const outcome = redactOutput(text, allDetectors(), { work: REDACTION_WORK_BUDGET, timeMs: Number.POSITIVE_INFINITY, now });
  if (outcome.kind === "budget-spent") return LOG_WITHHELD;
  const redacted = outcome.kind === "clean" ? text : outcome.text;
  remember(text, redacted);
  return redacted;
}

/**
 * Short texts redacted lately, and what they became. The same string is
 * checked more than once per hook (as the input's preview, then as a field of
 * the audit record), and sessions repeat their commands. The built-in
 * detectors and the work budget decide the outcome, so it is the same every
 * time; a text withheld for the budget is never kept.
 */
const rememberedTexts = new Map<string, string>();

function remember(text: string, redacted: string) {
  if (text.length > REMEMBERED_TEXT_MAX_CHARS) return;
  rememberedTexts.set(text, redacted);
  if (rememberedTexts.size > REMEMBERED_TEXTS) rememberedTexts.delete(rememberedTexts.keys().next().value!);
}

/** Redact, then cut to `maxChars` (plus "…"), never through the middle of a [REDACTED:…] marker. */
export function redactThenTruncate(text: string, maxChars: number): string {
  // Redact a wider window than is kept: a secret that starts inside the kept part is seen whole.
  const window = text.length > maxChars * 4 + 1024 ? text.slice(0, maxChars * 4 + 1024) : text;
  return truncate(redactForLog(window), maxChars, window.length < text.length);
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
export function preview(value: unknown, maxChars: number): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return redactThenTruncate(value, maxChars);
  const out = new PreviewWriter(maxChars);
  out.value(value);
  return out.finish();
}

type Task = { kind: "value"; value: unknown; depth: number } | { kind: "text"; text: string } | { kind: "key"; key: string };

class PreviewWriter {
  readonly #maxChars: number;
  readonly #stack: Task[] = [];
  #out = "";
  #nodes = 0;

  constructor(maxChars: number) {
    this.#maxChars = maxChars;
  }

  value(root: unknown) {
    this.#stack.push({ kind: "value", value: root, depth: 0 });
    while (this.#stack.length > 0 && this.#out.length <= this.#maxChars) {
      const task = this.#stack.pop()!;
      if (task.kind === "text") this.#out += task.text;
      else if (task.kind === "key") this.#out += `${JSON.stringify(redactThenTruncate(task.key, this.#maxChars))}:`;
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
    if (typeof value === "string") this.#out += JSON.stringify(redactThenTruncate(value, this.#maxChars));
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
