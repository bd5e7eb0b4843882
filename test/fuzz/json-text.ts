// JSON text with pieces the generators write by hand: ids in exact digits
// (9007199254740993, 1e400), nesting 100,000 deep, duplicate keys — things
// JSON.stringify cannot produce or would overflow the stack on.

/** Text that goes into the JSON as it is. */
export class Raw {
  constructor(readonly text: string) {}
}

/** Serialise a value; Raw pieces verbatim, undefined members left out. */
export function jsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? "null" : jsonText(item))).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value).filter(([, member]) => member !== undefined);
    return `{${members.map(([key, member]) => `${JSON.stringify(key)}:${jsonText(member)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** An array or object nested `depth` levels deep, written without recursion. */
export function deeplyNested(depth: number, kind: "array" | "object", inner = "1"): Raw {
  return kind === "array" ? new Raw(`${"[".repeat(depth)}${inner}${"]".repeat(depth)}`) : new Raw(`${'{"a":'.repeat(depth)}${inner}${"}".repeat(depth)}`);
}
