// A project's YAML file (compose, pre-commit, lefthook) read as plain data:
// a file that does not parse is no data, and each level is checked for its
// shape before it is read, since the agent may have written anything there.

/** The file's data, or undefined when it is not YAML. */
export function parseYaml(text: string): unknown {
  try {
    return Bun.YAML.parse(text);
  } catch {
    return undefined;
  }
}

/** A mapping's keys and values, or undefined for anything else (a list, a scalar, null). */
export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** A list's mappings, each checked; anything else in it is left out. */
export function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.flatMap((item) => (record(item) ? [record(item)!] : [])) : [];
}
