// Dotted paths into a tool input (`options.timeout`), as conditions read them
// and modify rules write them: one reader, so both agree on what a path
// reaches (own properties of plain tables; never into a list, never a
// prototype), and the names a path may never hold.

/** Names that would reach an object's prototype if a path followed them: refused at validation, never followed. */
export const FORBIDDEN_FIELD_NAMES: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** The value at a path, or undefined when some step is missing, a list, or not a table. */
export function fieldAt(input: Record<string, unknown>, path: readonly string[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (typeof current !== "object" || current === null || Array.isArray(current) || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
