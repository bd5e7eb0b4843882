// modify rules: a new tool input from the old one, by setting fields or by
// pattern replacement in string fields. The original is never mutated.
import type { Rewrite } from "./compile.ts";

export function applyRewrites(input: Record<string, unknown>, rewrites: readonly Rewrite[]): Record<string, unknown> {
  const output = structuredClone(input);
  for (const rewrite of rewrites) {
    if (rewrite.kind === "set") {
      setField(output, rewrite.path, structuredClone(rewrite.value));
      continue;
    }
    const current = getField(output, rewrite.path);
    if (typeof current !== "string") continue;
    setField(output, rewrite.path, rewrite.pattern.replaceAll(current, (_match, groups) => expandGroups(rewrite.with, _match, groups)));
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

function getField(target: Record<string, unknown>, path: string[]): unknown {
  let current: unknown = target;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function setField(target: Record<string, unknown>, path: string[], value: unknown) {
  let current = target;
  for (const key of path.slice(0, -1)) {
    const next = current[key];
    if (typeof next !== "object" || next === null || Array.isArray(next)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  current[path.at(-1)!] = value;
}
