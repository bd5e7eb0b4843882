// Matching brackets in one pass: where the group opened at each position
// closes. Readers that look for `$(…)`, `%{…}` or `\write18{…}` ask this
// instead of scanning forward from every opening, which would cost the
// square of the text's length when many groups never close.

/** For each opening `opener` in `text`, the index of its matching `closer` (openings that never close are absent). */
export function closingIndexes(text: string, opener: string, closer: string): Map<number, number> {
  const closes = new Map<number, number>();
  const open: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === opener) open.push(index);
    else if (char === closer && open.length > 0) closes.set(open.pop()!, index);
  }
  return closes;
}
