// Reading Content-Length headers, and recognising where one starts in a
// stream that has gone wrong. Everything here works on raw bytes: a header is
// ASCII, and damage may be anything.
//
// The resynchronisation rests on one fact about JSON: the letters of
// "content-length" can only stand inside a string, and a JSON string cannot
// hold a raw line break or end the text. So a body that holds
// `Content-Length: N` followed by a line break, or that ends part-way through
// such a line, is not JSON: it is a frame cut short with the next header
// behind it. A valid body is never mistaken for one, whatever its strings say.

const CR = 0x0d;
const LF = 0x0a;
const TOKEN = "content-length";
const TOKEN_WITH_COLON = `${TOKEN}:`;
/** Longest `Content-Length: N` line recognised inside a body: the name, a few blanks, up to 15 digits. */
const EMBEDDED_LINE_LOOKBACK = 64;
/** The longest byte count a Content-Length may state; 16 digits or more is damage, not a size. */
const MAX_LENGTH_DIGITS = 15;
const LENGTH_VALUE = new RegExp(`^[0-9]{1,${MAX_LENGTH_DIGITS}}$`);
const EMBEDDED_LINE = new RegExp(`${TOKEN_WITH_COLON}[ \\t]{0,8}[0-9]{1,${MAX_LENGTH_DIGITS}}[ \\t]{0,8}\\r?$`, "i");
/** Bytes a JSON text may start with, after blanks: { [ " - 0-9 t f n. */
const JSON_START = new Set([...'{["-0123456789tfn'].map((char) => char.charCodeAt(0)));
const JSON_BLANK = new Set([0x20, 0x09, CR, LF]);

export type HeaderEnd = { headerEnd: number; bodyStart: number };

export type ParsedHeader =
  | { kind: "length"; length: number }
  /** resumeAt: where to look for the next header from, past the part that was judged. */
  | { kind: "bad"; message: string; resumeAt: number };

/** Where the header block ends: "\r\n\r\n", or "\n\n" from lenient peers. */
export function findHeaderEnd(bytes: Uint8Array, from: number, limit: number): HeaderEnd | undefined {
  const stop = Math.min(bytes.length, limit + 4);
  for (let i = bytes.indexOf(LF, from); i >= 0 && i < stop; i = bytes.indexOf(LF, i + 1)) {
    if (bytes[i + 1] === LF) return { headerEnd: i, bodyStart: i + 2 };
    if (bytes[i + 1] === CR && bytes[i + 2] === LF) return { headerEnd: i, bodyStart: i + 3 };
  }
  return undefined;
}

/** The declared body length of a header block, or what is wrong with it. */
export function parseHeader(block: Uint8Array): ParsedHeader {
  const text = latin1(block);
  let length: number | undefined;
  let offset = 0;
  for (const rawLine of text.split("\n")) {
    const lineStart = offset;
    offset += rawLine.length + 1;
    const line = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
    if (line === "") continue;
    // A header cut before its line end runs into the next frame's header: that one is real.
    const glued = line.toLowerCase().indexOf(TOKEN, 1);
    if (glued > 0) return { kind: "bad", message: `header line ${quote(line)} runs into another Content-Length header`, resumeAt: lineStart + glued };
    const colon = line.indexOf(":");
    if (colon <= 0) return { kind: "bad", message: `malformed header line ${quote(line)}`, resumeAt: 1 };
    if (line.slice(0, colon).trim().toLowerCase() !== TOKEN) continue;
    const value = line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, "");
    if (!LENGTH_VALUE.test(value)) return { kind: "bad", message: `Content-Length ${quote(value)} is not a byte count`, resumeAt: lineStart + 1 };
    const stated = Number(value);
    if (length !== undefined && length !== stated) {
      // The first header was cut short and the second is the next frame's: resume at the second.
      return { kind: "bad", message: `two different Content-Length values (${length} and ${stated})`, resumeAt: lineStart };
    }
    length = stated;
  }
  if (length === undefined) return { kind: "bad", message: `frame header ${quote(text)} has no Content-Length`, resumeAt: 1 };
  return { kind: "length", length };
}

/** The first position at or after `from` where "content-length" starts, in any case, anywhere in a line. */
export function findContentLength(bytes: Uint8Array, from: number): number | undefined {
  const last = bytes.length - TOKEN.length;
  for (let i = from; i <= last; i++) {
    if ((bytes[i]! | 0x20) !== 0x63) continue; // "c" or "C"
    if (matchesToken(bytes, i)) return i;
  }
  return undefined;
}

/** How many trailing bytes could be the start of "content-length" and must be kept while resynchronising. */
export const TOKEN_TAIL = TOKEN.length - 1;

/**
 * Where a body that cannot be JSON shows the next frame's header: the first
 * blank-free byte cannot start JSON, or a complete `Content-Length: N` line
 * stands in [from, to). `from` lets a caller scan each byte once as it arrives.
 */
export function findHeaderInBody(bytes: Uint8Array, from: number, to: number): number | undefined {
  for (let i = bytes.indexOf(LF, from); i >= 0 && i < to; i = bytes.indexOf(LF, i + 1)) {
    if (!endsInDigit(bytes, i)) continue; // most lines (pretty-printed JSON) end otherwise: skip the regex
    const start = Math.max(0, i - EMBEDDED_LINE_LOOKBACK);
    const match = EMBEDDED_LINE.exec(latin1(bytes.subarray(start, i)));
    if (match) return start + match.index;
  }
  return undefined;
}

/** The offset of the first byte that is not JSON blank space, or undefined when there is none before `to`. */
/** Whether the line ending at `lf` ends in a digit, before any CR, spaces and tabs. */
function endsInDigit(bytes: Uint8Array, lf: number): boolean {
  let i = lf - 1;
  while (i >= 0 && (bytes[i] === CR || bytes[i] === 0x20 || bytes[i] === 0x09)) i--;
  return i >= 0 && bytes[i]! >= 0x30 && bytes[i]! <= 0x39;
}

export function firstNonBlank(bytes: Uint8Array, to: number): number | undefined {
  for (let i = 0; i < to; i++) if (!JSON_BLANK.has(bytes[i]!)) return i;
  return undefined;
}

export function canStartJson(byte: number): boolean {
  return JSON_START.has(byte);
}

/** Where a complete body of `length` bytes ends part-way through a `Content-Length: N` line: the body was cut short there. */
export function findCutHeaderAtEnd(bytes: Uint8Array, length: number): number | undefined {
  for (let i = Math.max(0, length - EMBEDDED_LINE_LOOKBACK); i < length; i++) {
    if ((bytes[i]! | 0x20) !== 0x63) continue;
    if (isStartOfHeaderLine(latin1(bytes.subarray(i, length)))) return i;
  }
  return undefined;
}

/** True when `text` is the beginning of `content-length:[ \t]*N[ \t]*\r?` (the line end not yet reached). */
function isStartOfHeaderLine(text: string): boolean {
  const lower = text.toLowerCase();
  if (lower.length <= TOKEN_WITH_COLON.length) return TOKEN_WITH_COLON.startsWith(lower);
  if (!lower.startsWith(TOKEN_WITH_COLON)) return false;
  return /^[ \t]*(?:[0-9]+[ \t]*\r?)?$/.test(lower.slice(TOKEN_WITH_COLON.length));
}

function matchesToken(bytes: Uint8Array, at: number): boolean {
  for (let j = 0; j < TOKEN.length; j++) {
    const byte = bytes[at + j]!;
    const lower = byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte;
    if (lower !== TOKEN.charCodeAt(j)) return false;
  }
  return true;
}

const latin1Decoder = new TextDecoder("latin1");

function latin1(bytes: Uint8Array): string {
  return latin1Decoder.decode(bytes);
}

/** A short, quoted, printable rendering of damaged text for a one-line message. */
export function quote(text: string): string {
  const short = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  return JSON.stringify(short);
}
