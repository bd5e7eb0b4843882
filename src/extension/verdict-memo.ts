// Verdicts of repeated tool calls, kept outside the engine (DESIGN: the
// extension layer may memoise evaluate by input; the engine stays pure). A
// session repeats its commands, and the engine is deterministic over
// (policy, event), so the same event under the same policy object gets the
// verdict it got before. A verdict the time backstop cut short is never kept:
// it may come out whole next time.
import { VERDICT_MEMO_CHARS, VERDICT_MEMO_ENTRIES, VERDICT_MEMO_EVENT_CHARS } from "../limits.ts";
import { BoundedMemo } from "./bounded-memo.ts";
import { type CompiledPolicy, evaluate, type PolicyEvent, type Verdict } from "../policy/engine/index.ts";

type Evaluate = (policy: CompiledPolicy, event: PolicyEvent) => Verdict;

export class VerdictMemo {
  readonly #evaluate: Evaluate;
  readonly #byPolicy = new WeakMap<CompiledPolicy, BoundedMemo<Verdict>>();
  /** The verdict of the very event object judged before (a repeat given its earlier event, resolved-calls.ts), without writing it out as a key. */
  readonly #byEvent = new WeakMap<CompiledPolicy, WeakMap<PolicyEvent, Verdict>>();

  constructor(evaluateEvent: Evaluate = evaluate) {
    this.#evaluate = evaluateEvent;
  }

  evaluate(policy: CompiledPolicy, event: PolicyEvent): Verdict {
    if (event.hook !== "before_tool_call") return this.#evaluate(policy, event);
    const judged = this.#byEvent.get(policy)?.get(event);
    if (judged) return judged;
    const verdict = this.#byKey(policy, event);
    if (cutByClock(verdict)) return verdict;
    let byEvent = this.#byEvent.get(policy);
    if (!byEvent) {
      byEvent = new WeakMap();
      this.#byEvent.set(policy, byEvent);
    }
    byEvent.set(event, verdict);
    return verdict;
  }

  #byKey(policy: CompiledPolicy, event: PolicyEvent): Verdict {
    // A large call (a 64 KiB write) is not written out only to find its key too long: that text was garbage every call.
    if (!fitsIn(event, VERDICT_MEMO_EVENT_CHARS)) return this.#evaluate(policy, event);
    const key = memoKeyOf(event);
    if (key.length > VERDICT_MEMO_EVENT_CHARS) return this.#evaluate(policy, event);
    let verdicts = this.#byPolicy.get(policy);
    if (!verdicts) {
      verdicts = new BoundedMemo({ entries: VERDICT_MEMO_ENTRIES, chars: VERDICT_MEMO_CHARS });
      this.#byPolicy.set(policy, verdicts);
    }
    const known = verdicts.get(key);
    if (known) return known;
    const verdict = this.#evaluate(policy, event);
    if (cutByClock(verdict)) return verdict;
    verdicts.set(key, verdict);
    return verdict;
  }
}

/** An event as a memo's key: the files a call was given are part of what it is judged by (a Map is written out entry by entry). */
export function memoKeyOf(event: PolicyEvent): string {
  return JSON.stringify(event, (_key, value) => (value instanceof Map ? [...value] : value));
}

/**
 * Whether the strings and keys in `value` (Map entries included) come to at most `limit` characters: a cheap
 * lower bound of its JSON's length, counted without building the JSON, and stopped as soon as it is over.
 */
export function fitsIn(value: unknown, limit: number): boolean {
  let chars = 0;
  const work: unknown[] = [value];
  while (work.length > 0) {
    const next = work.pop();
    if (typeof next === "string") chars += next.length;
    else if (next instanceof Map) for (const entry of next) work.push(entry);
    else if (Array.isArray(next)) for (const item of next) work.push(item);
    else if (next !== null && typeof next === "object") {
      for (const [key, item] of Object.entries(next)) {
        chars += key.length;
        work.push(item);
      }
    }
    if (chars > limit) return false;
  }
  return true;
}

function cutByClock(verdict: Verdict): boolean {
  const reasons = [...(verdict.view?.unresolved ?? []), verdict.decidedBy.kind === "error" ? verdict.decidedBy.reason : ""];
  return reasons.some((reason) => reason.includes("ran out of time"));
}
