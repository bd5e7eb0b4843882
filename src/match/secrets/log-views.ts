// Other spellings of a text that leaves the process (an audit field, a
// reason, a stderr line), in which a secret that the detectors see only in
// pieces is whole: with shell quoting and escapes undone (`ghp_16C7'e42F…'`,
// `"ab""cd"`, `\` and line continuations), and with base64 runs decoded
// (`echo Z2hwXzE2… | base64 -d`). Each view maps its positions back to the
// text as written, so a secret found in a view is replaced where it stands.
// Plain string code, linear in the text: no regular expression runs here.

/** A spelling of a text, and the span of the text that a span of the view comes from. */
export type TextView = { text: string; back(start: number, end: number): { start: number; end: number } };

/** The text with shell quotes, backslashes and line continuations removed; undefined when it has none. */
export function unquotedView(text: string): TextView | undefined {
  if (text.indexOf("'") < 0 && text.indexOf('"') < 0 && text.indexOf("\\") < 0) return undefined;
  const kept: string[] = [];
  const from: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "'" || char === '"') continue;
    if (char === "\\") {
      // An escaped character stands for itself; an escaped newline joins the lines.
      index++;
      if (index >= text.length || text[index] === "\n") continue;
    }
    kept.push(text[index]!);
    from.push(index);
  }
  return { text: kept.join(""), back: (start, end) => ({ start: from[start]!, end: from[end - 1]! + 1 }) };
}

/** Runs shorter than this cannot hold a token worth finding (16 bytes encode to 22 characters). */
const SHORTEST_RUN = 20;
/** A decoded run is read as text when at most this share of it is not printable (a trailing newline, a tab). */
const UNPRINTABLE_SHARE = 0.05;

/**
 * Every base64 or base64url run of the text that decodes to printable text,
 * decoded, one per line; a span of the view goes back to the whole run (or
 * runs) it was decoded from. Undefined when there is none.
 */
export function decodedView(text: string): TextView | undefined {
  const runs: Array<{ start: number; end: number; at: number }> = [];
  const pieces: string[] = [];
  let length = 0;
  for (const run of base64Runs(text)) {
    const decoded = printable(Buffer.from(text.slice(run.start, run.end), "base64").toString("latin1"));
    if (decoded === undefined) continue;
    runs.push({ ...run, at: length });
    pieces.push(decoded);
    length += decoded.length + 1;
  }
  if (runs.length === 0) return undefined;
  const runAt = (position: number) => {
    let low = 0;
    let high = runs.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (runs[middle]!.at <= position) low = middle;
      else high = middle - 1;
    }
    return runs[low]!;
  };
  return { text: pieces.join("\n"), back: (start, end) => ({ start: runAt(start).start, end: runAt(end - 1).end }) };
}

function isBase64Char(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 43 || code === 47 || code === 45 || code === 95;
}

/** Maximal runs of base64 characters (both alphabets), with up to two `=` of padding, at least SHORTEST_RUN long. */
function* base64Runs(text: string): Generator<{ start: number; end: number }> {
  let index = 0;
  while (index < text.length) {
    if (!isBase64Char(text.charCodeAt(index))) {
      index++;
      continue;
    }
    const start = index;
    while (index < text.length && isBase64Char(text.charCodeAt(index))) index++;
    let end = index;
    while (end < text.length && end - index < 2 && text[end] === "=") end++;
    if (end - start >= SHORTEST_RUN) yield { start, end };
    index = end;
  }
}

/** The decoded text when it reads as text (a token, an env line), else undefined (binary, or base64 that was never encoded text). */
function printable(decoded: string): string | undefined {
  let unprintable = 0;
  for (let index = 0; index < decoded.length; index++) {
    const code = decoded.charCodeAt(index);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code > 126) unprintable++;
  }
  return unprintable <= decoded.length * UNPRINTABLE_SHARE ? decoded : undefined;
}
