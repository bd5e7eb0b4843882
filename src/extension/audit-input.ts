// The whole tool input for the audit record, so that `replay` can judge the
// call again: every string redacted as decoded text, within 64 KiB of JSON.
// The walk keeps its own stack (an input nested 50,000 levels deep cannot
// overflow it) and gives up — saying why — on what is too deep or too large.
import { AUDIT_INPUT_BYTES, AUDIT_INPUT_MAX_DEPTH, AUDIT_INPUT_MAX_VALUES } from "../limits.ts";
import { type LogRedaction, redactForLog } from "../match/secrets/for-log.ts";
import { cpuClock } from "../policy/load/cpu-clock.ts";

export type KeptInput = { tool_input: Record<string, unknown> } | { tool_input_omitted: string };

/** The input, every string redacted with the built-in detectors, the policy's own patterns and the secrets known (`redaction`). */
export function keptInput(input: Record<string, unknown>, redaction: LogRedaction = {}): KeptInput {
  // Over the limit it is left out whatever its redaction gives: a 64 KiB write is not redacted only to be dropped.
  if (textOver(input, AUDIT_INPUT_BYTES)) return { tool_input_omitted: `more than ${AUDIT_INPUT_BYTES} characters of text` };
  const copy = redactedCopy(input, { now: cpuClock.now, ...redaction });
  if (typeof copy === "string") return { tool_input_omitted: copy };
  const bytes = Buffer.byteLength(JSON.stringify(copy));
  if (bytes > AUDIT_INPUT_BYTES) return { tool_input_omitted: `${bytes} bytes of JSON, over the ${AUDIT_INPUT_BYTES} kept for replay` };
  return { tool_input: copy };
}

/** Whether the strings in `input` (to AUDIT_INPUT_MAX_DEPTH levels) come to more than `limit` characters; counted, not copied. */
function textOver(input: Record<string, unknown>, limit: number): boolean {
  let chars = 0;
  let values = 0;
  const work: Array<{ value: unknown; depth: number }> = [{ value: input, depth: 0 }];
  while (work.length > 0 && values++ <= AUDIT_INPUT_MAX_VALUES) {
    const { value, depth } = work.pop()!;
    if (typeof value === "string") chars += value.length;
    else if (value !== null && typeof value === "object" && depth < AUDIT_INPUT_MAX_DEPTH) for (const item of Object.values(value)) work.push({ value: item, depth: depth + 1 });
    if (chars > limit) return true;
  }
  return false;
}

/** A redacted deep copy, or why there is none. */
function redactedCopy(input: Record<string, unknown>, redaction: LogRedaction): Record<string, unknown> | string {
  const root: Record<string, unknown> = {};
  const work: Array<{ from: unknown; into: Record<string, unknown> | unknown[]; key: string | number; depth: number }> = [];
  for (const [key, value] of Object.entries(input)) work.push({ from: value, into: root, key, depth: 1 });
  let values = 0;
  let chars = 0;
  while (work.length > 0) {
    const { from, into, key, depth } = work.pop()!;
    if (++values > AUDIT_INPUT_MAX_VALUES) return `more than ${AUDIT_INPUT_MAX_VALUES} values`;
    if (depth > AUDIT_INPUT_MAX_DEPTH) return `nested deeper than ${AUDIT_INPUT_MAX_DEPTH} levels`;
    let value: unknown = from;
    if (typeof from === "string") {
      chars += from.length;
      // Redaction can only shorten or keep a text's length: past the limit it need not run.
      if (chars > AUDIT_INPUT_BYTES) return `more than ${AUDIT_INPUT_BYTES} characters of text`;
      value = redactForLog(from, redaction);
    } else if (Array.isArray(from)) {
      const list: unknown[] = [];
      for (const [index, item] of from.entries()) work.push({ from: item, into: list, key: index, depth: depth + 1 });
      value = list;
    } else if (from !== null && typeof from === "object") {
      const table: Record<string, unknown> = {};
      for (const [inner, item] of Object.entries(from)) work.push({ from: item, into: table, key: inner, depth: depth + 1 });
      value = table;
    }
    if (Array.isArray(into)) into[key as number] = value;
    else Object.defineProperty(into, key, { value, writable: true, enumerable: true, configurable: true });
  }
  return root;
}
