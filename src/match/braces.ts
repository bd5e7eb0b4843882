// Brace expansion, as bash does it before any other expansion:
// `a{b,c}d` → abd acd, `{1..3}` → 1 2 3, `{a..e..2}` → a c e, nested braces
// too. A brace with no comma and no range stays as it is (`{x}`, `{}`).
import { MAX_BRACE_SEQUENCE } from "../limits.ts";

/** The words a brace expression expands to, or undefined when it expands to more than `cap`. */
export function expandBraces(text: string, cap: number): string[] | undefined {
  const out: string[] = [];
  return collect(text, cap, out) ? out : undefined;
}

function collect(text: string, cap: number, out: string[]): boolean {
  const brace = firstExpandingBrace(text);
  if (!brace) {
    out.push(text);
    return out.length <= cap;
  }
  const prefix = text.slice(0, brace.open);
  const suffix = text.slice(brace.close + 1);
  for (const alternative of brace.alternatives) {
    if (!collect(prefix + alternative + suffix, cap, out)) return false;
  }
  return true;
}

type Brace = { open: number; close: number; alternatives: string[] };

function firstExpandingBrace(text: string): Brace | undefined {
  for (let open = text.indexOf("{"); open >= 0; open = text.indexOf("{", open + 1)) {
    if (open > 0 && text[open - 1] === "$") continue; // ${…} is a parameter, not a brace
    const close = matchingBrace(text, open);
    if (close < 0) return undefined;
    const body = text.slice(open + 1, close);
    const alternatives = splitTopLevelCommas(body) ?? sequence(body);
    if (alternatives) return { open, close, alternatives };
  }
  return undefined;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (char === "\\") index++;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return index;
  }
  return -1;
}

/** `a,b{c,d},e` → ["a", "b{c,d}", "e"]; undefined when there is no top-level comma. */
function splitTopLevelCommas(body: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (char === "\\") index++;
    else if (char === "{") depth++;
    else if (char === "}") depth--;
    else if (char === "," && depth === 0) {
      parts.push(body.slice(start, index));
      start = index + 1;
    }
  }
  if (parts.length === 0) return undefined;
  parts.push(body.slice(start));
  return parts;
}

/** `1..5`, `05..1..2`, `a..e`: the values of a sequence expression, or undefined. */
function sequence(body: string): string[] | undefined {
  const numeric = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(body);
  if (numeric) {
    const [, from, to, step] = numeric;
    const width = /^-?0\d/.test(from!) || /^-?0\d/.test(to!) ? Math.max(from!.length, to!.length) : 0;
    return steps(Number(from), Number(to), Number(step ?? 1)).map((value) => String(value).padStart(width, "0"));
  }
  const letters = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  if (letters) {
    const [, from, to, step] = letters;
    return steps(from!.charCodeAt(0), to!.charCodeAt(0), Number(step ?? 1)).map((code) => String.fromCharCode(code));
  }
  return undefined;
}

function steps(from: number, to: number, step: number): number[] {
  const size = Math.abs(step) || 1;
  const direction = to >= from ? 1 : -1;
  const values: number[] = [];
  for (let value = from; direction > 0 ? value <= to : value >= to; value += direction * size) {
    values.push(value);
    if (values.length > MAX_BRACE_SEQUENCE) break;
  }
  return values;
}
