// The source text of a request's numeric "id". JSON.parse turns
// 9007199254740993 into 9007199254740992, 1e400 into Infinity and 1.0 into 1;
// JSON-RPC wants the id echoed, so we echo the characters the peer wrote. The
// text has already been accepted by JSON.parse, so this walk only finds
// boundaries; it does not validate.

/**
 * The raw text of the top-level "id" member of the object that starts at
 * `start`: the first one whose value reads as `parsed` (JSON.parse keeps the
 * last of duplicate keys; the first that agrees with it is the same value, and
 * the walk can stop early — the host writes "id" near the start).
 */
export function rawIdOf(text: string, parsed: number, start = skipBlank(text, 0)): string | undefined {
  let at = skipBlank(text, start + 1); // past "{"
  while (text[at] === '"') {
    const keyEnd = endOfString(text, at);
    const valueStart = skipBlank(text, skipBlank(text, keyEnd) + 1); // past ":"
    const valueEnd = endOfValue(text, valueStart);
    if (isIdKey(text.slice(at, keyEnd))) {
      const raw = text.slice(valueStart, valueEnd);
      if (Object.is(Number(raw), parsed)) return raw;
    }
    at = skipBlank(text, valueEnd);
    if (text[at] === ",") at = skipBlank(text, at + 1);
  }
  return undefined;
}

function isIdKey(quoted: string): boolean {
  return quoted === '"id"' || (quoted.includes("\\") && JSON.parse(quoted) === "id");
}

/** Where each element of the top-level array starts. */
export function elementStarts(text: string): number[] {
  const starts: number[] = [];
  let at = skipBlank(text, skipBlank(text, 0) + 1); // past "["
  while (at < text.length && text[at] !== "]") {
    starts.push(at);
    at = skipBlank(text, endOfValue(text, at));
    if (text[at] === ",") at = skipBlank(text, at + 1);
  }
  return starts;
}

function skipBlank(text: string, at: number): number {
  while (at < text.length && (text[at] === " " || text[at] === "\t" || text[at] === "\n" || text[at] === "\r")) at++;
  return at;
}

/** One past the closing quote of the string that opens at `at`: the next quote not escaped by an odd run of backslashes. */
function endOfString(text: string, at: number): number {
  for (let quote = text.indexOf('"', at + 1); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === "\\") backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
  }
  return text.length;
}

/** One past the end of the value that starts at `at`. */
function endOfValue(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return endOfString(text, at);
  if (first !== "{" && first !== "[") {
    let i = at;
    while (i < text.length && !",}] \t\n\r".includes(text[i]!)) i++;
    return i;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const char = text[i];
    if (char === '"') i = endOfString(text, i) - 1;
    else if (char === "{" || char === "[") depth++;
    else if ((char === "}" || char === "]") && --depth === 0) return i + 1;
  }
  return text.length;
}
