/** Source text for a message: on one line and short enough to read. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > 60 ? `${flat.slice(0, 60)}…` : flat;
}
