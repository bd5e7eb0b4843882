// A shipped file's rules as the executable holds them: what every load reads
// of a rule at once (its id, hook, tools, decision, gate) apart from what only
// a call that reaches the rule reads (its conditions and texts, four fifths of
// a pack's data). A load parses the heads; a rule's body is parsed the first
// time anything reads one of its keys, so the first hook pays only for the
// rules its programs reach (issue 27). The value read is the value written:
// the keys stay in place, in their order, only their values come later.
import type { RuleGate } from "../engine/compile.ts";
import type { Rule } from "../format/schema.ts";

/** The keys a load never reads (the engine, `check --explain` and lint read them when a rule is reached or named). */
export const BODY_KEYS = ["description", "when", "unless", "reason", "message", "modify", "examples"] as const;

/**
 * A file's rules as text: one line of heads (each rule with its body keys' values written as 0, so the keys keep
 * their order), then each rule's body and the gates of its `when` alternatives, one after another; `ends` says
 * where each piece ends, counted from the start of the pieces.
 */
export type RuleHeads = { heads: Array<Record<string, unknown>>; ends: number[] };

/** Build: the rules as heads, and the text of their bodies and alternative gates (as `write` writes JSON), in the order `ends` counts. */
export function splitRules(rules: readonly Rule[], alternatives: (rule: Rule) => RuleGate[], write: (value: unknown) => string): RuleHeads & { pieces: string } {
  const heads: RuleHeads["heads"] = [];
  const pieces: string[] = [];
  const ends: number[] = [];
  let at = 0;
  const add = (piece: string) => {
    pieces.push(piece);
    at += piece.length;
    ends.push(at);
  };
  for (const rule of rules) {
    const head: Record<string, unknown> = {};
    const body: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rule)) {
      const deferred = (BODY_KEYS as readonly string[]).includes(key);
      head[key] = deferred ? 0 : value;
      if (deferred) body[key] = value;
    }
    heads.push(head);
    add(write(body));
    add(write(alternatives(rule)));
  }
  return { heads, ends, pieces: pieces.join("") };
}

/**
 * Runtime: the heads made rules whose body keys are read from `text` (at `from`, where the pieces start) the first
 * time one of them is read; then each is a plain property holding the parsed value. `alternatives`: each rule's
 * alternative gates, read from the text when first asked for.
 */
export function rulesFromHeads(heads: RuleHeads, text: string, from: number): { rules: Rule[]; alternatives: Array<() => RuleGate[]> } {
  const piece = (index: number) => text.slice(from + (index === 0 ? 0 : heads.ends[index - 1]!), from + heads.ends[index]!);
  const rules: Rule[] = [];
  const alternatives: Array<() => RuleGate[]> = [];
  heads.heads.forEach((head, index) => {
    deferBody(head, () => piece(2 * index));
    rules.push(head as Rule);
    alternatives.push(() => JSON.parse(piece(2 * index + 1)) as RuleGate[]);
  });
  return { rules, alternatives };
}

/**
 * The reader of each rule whose body is not yet parsed: kept beside the rule, not on it, so no spread, keys list or
 * JSON sees it, and a load defines only the accessors, shared by every rule with the same body keys.
 */
const bodies = new WeakMap<object, () => string>();

type Deferred = Record<string, unknown>;

function deferBody(head: Record<string, unknown>, body: () => string) {
  // Which body keys the head holds, as a bit set: a plain loop, run for every shipped rule on every load (issue 27).
  let keys = 0;
  for (let index = 0; index < BODY_KEYS.length; index++) if (Object.hasOwn(head, BODY_KEYS[index]!)) keys |= 1 << index;
  if (keys === 0) return;
  Object.defineProperties(head, descriptorsOf(keys));
  bodies.set(head, body);
}

/** The body's values, now the rule's own plain properties. */
function settle(rule: Deferred): Record<string, unknown> {
  const values = JSON.parse(bodies.get(rule)!()) as Record<string, unknown>;
  for (const key of BODY_KEYS) {
    if (Object.getOwnPropertyDescriptor(rule, key)?.get) Object.defineProperty(rule, key, { value: values[key], writable: true, enumerable: true, configurable: true });
  }
  bodies.delete(rule);
  return values;
}

/** The accessors of a set of body keys (bit i: BODY_KEYS[i]), made once per set (the packs' rules use a handful of sets). */
const descriptorSets = new Map<number, PropertyDescriptorMap>();

function descriptorsOf(keys: number): PropertyDescriptorMap {
  let descriptors = descriptorSets.get(keys);
  if (descriptors) return descriptors;
  descriptors = {};
  for (const [index, key] of BODY_KEYS.entries()) {
    if ((keys & (1 << index)) === 0) continue;
    descriptors[key] = {
      get(this: Deferred) {
        return settle(this)[key];
      },
      set(this: Deferred, value: unknown) {
        settle(this);
        this[key] = value;
      },
      enumerable: true,
      configurable: true,
    };
  }
  descriptorSets.set(keys, descriptors);
  return descriptors;
}
