// modify rules: a new tool input from the old one, by setting fields or by
// pattern replacement in string fields. The original is never mutated, and a
// path never reaches an object's prototype (`__proto__.x`).
import type { Rewrite } from "./compile.ts";
import { FORBIDDEN_FIELD_NAMES, fieldAt } from "./field-path.ts";

export function applyRewrites(input: Record<string, unknown>, rewrites: readonly Rewrite[]): Record<string, unknown> {
  const output = structuredClone(input);
  for (const rewrite of rewrites) {
    if (rewrite.path.some((key) => FORBIDDEN_FIELD_NAMES.has(key))) continue;
    if (rewrite.kind === "set") {
      setField(output, rewrite.path, structuredClone(rewrite.value));
      continue;
    }
    const current = fieldAt(output, rewrite.path);
    if (typeof current !== "string") continue;
    setField(
      output,
      rewrite.path,
      rewrite.pattern.replaceAll(current, (match, groups) => expandGroups(rewrite.with, match, groups)),
    );
  }
  return output;
}

/** `$1`…`$9` and `$0` (the whole match) in a replacement; `$$` is a dollar sign. */
function expandGroups(template: string, match: string, groups: Array<string | undefined>): string {
  return template.replace(/\$(\$|\d)/g, (_whole, ref: string) => {
    if (ref === "$") return "$";
    const index = Number(ref);
    return index === 0 ? match : (groups[index - 1] ?? "");
  });
}

function setField(target: Record<string, unknown>, path: readonly string[], value: unknown) {
  let current = target;
  for (const key of path.slice(0, -1)) {
    const next = Object.hasOwn(current, key) ? current[key] : undefined;
    if (typeof next !== "object" || next === null || Array.isArray(next)) defineField(current, key, {});
    current = current[key] as Record<string, unknown>;
  }
  defineField(current, path.at(-1)!, value);
}

/** An own, plain data property, whatever the key. */
function defineField(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
