// Ways a byte stream gets damaged in front of a good frame: stray bytes, bad
// Content-Length values, headers cut short, bodies shorter or longer than
// declared. Each case is the damage alone; tests append a valid frame and
// check that it is still decoded (in process) and answered (through the
// binary). Shared by test/unit/rpc/framing.test.ts and test/framing.e2e.ts.

export type DamageCase = {
  name: string;
  damage: Uint8Array;
  /** True when the decoder may pass the damage silently (a lenient reading that loses nothing). */
  tolerated?: true;
};

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);
const utf8 = (text: string) => new TextEncoder().encode(text);

const LOST_BODY = '{"jsonrpc":"2.0","id":"lost","method":"tool.call","params":{"name":"hello","input":{"name":"lost"}}}';

/** Values no Content-Length may have: each must be refused, never read as a number. */
const BAD_LENGTH_VALUES = [
  "abc",
  "-5",
  "0x10",
  "",
  "1234567890123456",
  "99999999999999999999",
  "1 2",
  "+5",
  "5.0",
  "1e3",
  "   ",
  "5abc",
  "0x",
  "-0",
  "NaN",
  "Infinity",
  "5,6",
  "5;6",
  "0b101",
  "1_000",
  "1\t2",
  "٣",
  "５",
  "5\u00a0",
  "\u00a05",
  "5\x00",
  "\x005",
  "½",
] as const;

function badLengthCases(): DamageCase[] {
  const cases: DamageCase[] = [];
  for (const value of BAD_LENGTH_VALUES) {
    const header = `Content-Length: ${value}\r\n\r\n`;
    const bytes = [...value].some((char) => char.charCodeAt(0) > 0xff) ? utf8(header) : latin1(header);
    cases.push({ name: `Content-Length ${JSON.stringify(value)}, no body`, damage: bytes });
    cases.push({ name: `Content-Length ${JSON.stringify(value)}, with a body`, damage: concat(bytes, utf8(LOST_BODY)) });
  }
  return cases;
}

const strayBytes: DamageCase[] = [
  { name: "one stray letter", damage: latin1("x") },
  { name: "one NUL byte", damage: latin1("\x00") },
  { name: "one 0xff byte", damage: latin1("\xff") },
  { name: "a stray space", damage: latin1(" "), tolerated: true },
  { name: "a stray CR LF", damage: latin1("\r\n"), tolerated: true },
  { name: "a stray LF", damage: latin1("\n"), tolerated: true },
  { name: "an empty header block", damage: latin1("\r\n\r\n") },
  { name: "two blank lines with bare LF", damage: latin1("\n\n") },
  { name: "a JSON object with no header", damage: utf8('{"jsonrpc":"2.0","id":1,"method":"lost"}') },
  { name: "a garbage line", damage: latin1("garbage\r\n") },
  { name: "a garbage block with a blank line", damage: latin1("garbage\n\n") },
  { name: "a kilobyte of x without a newline", damage: latin1("x".repeat(1024)) },
  { name: "binary noise", damage: Uint8Array.from({ length: 256 }, (_, i) => (i * 37 + 11) & 0xff) },
  { name: "an HTTP request line in front of a header", damage: latin1("POST / HTTP/1.1\r\n") },
  { name: "a UTF-8 byte order mark", damage: latin1("\xef\xbb\xbf") },
  { name: "an emoji", damage: utf8("🦀") },
  { name: "a lone UTF-8 continuation byte", damage: latin1("\x80") },
  { name: "a control-character soup", damage: latin1("\x01\x02\x03\x1b[0m\x7f") },
  { name: "a colon alone", damage: latin1(":") },
  { name: "a header name alone", damage: latin1("Content-Type") },
];

const brokenHeaders: DamageCase[] = [
  { name: "a header name cut short", damage: latin1("Content-") },
  { name: "Content-Length without a colon", damage: latin1("Content-Length") },
  { name: "Content-Length: without a value or line end", damage: latin1("Content-Length:") },
  { name: "a header with no line end", damage: latin1("Content-Length: 5") },
  { name: "a header ending in a lone CR", damage: latin1("Content-Length: 5\r") },
  { name: "a header without its blank line", damage: latin1("Content-Length: 77\r\n") },
  { name: "a header with half a blank line", damage: latin1("Content-Length: 77\r\n\r") },
  { name: "Content-Length separated by a space before the colon, no value", damage: latin1("Content-Length :\r\n\r\n") },
  { name: "a header with no Content-Length", damage: latin1("Content-Type: application/json\r\n\r\n") },
  { name: "an unknown header with a body", damage: latin1('X-Thing: 1\r\n\r\n{"id":1}') },
  { name: "a header line without a colon", damage: latin1("Content-Length 5\r\n\r\n") },
  { name: "a header with an empty name", damage: latin1(": 5\r\n\r\n") },
  { name: "two different Content-Length values", damage: latin1("Content-Length: 5\r\nContent-Length: 6\r\n\r\n12345") },
  { name: "lower-case name with a bad value", damage: latin1("content-length: abc\r\n\r\n") },
  { name: "upper-case name with a negative value", damage: latin1("CONTENT-LENGTH: -1\r\n\r\n") },
  { name: "a NUL inside the header name", damage: latin1("Content-\x00Length: 5\r\n\r\n") },
  { name: "a value split by a NUL", damage: latin1("Content-Length: 1\x002\r\n\r\n") },
  { name: "line ends of lone CRs", damage: latin1("Content-Length: 5\r\r") },
  { name: "a header longer than the header limit, no newline", damage: latin1(`X-Junk: ${"j".repeat(70 * 1024)}`) },
  { name: "a header longer than the header limit, then a newline", damage: latin1(`X-Junk: ${"j".repeat(70 * 1024)}\r\n`) },
  { name: "garbage glued to a bad header", damage: latin1("xyzContent-Length: abc\r\n\r\n") },
  { name: "two bad headers in a row", damage: latin1("Content-Length: -1\r\n\r\nContent-Length: abc\r\n\r\n") },
  { name: "a good Content-Length, then another header cut before its line end", damage: latin1("Content-Length: 5\r\nContent-Type: json") },
  { name: "a header cut before its line end, after an unknown header", damage: latin1("X-Trace: 1\r\nX-Span: ab") },
];

const wrongLengths: DamageCase[] = [
  { name: "a body shorter than its Content-Length", damage: latin1('Content-Length: 200\r\n\r\n{"jsonrpc":"2.0","id":"cut') },
  { name: "a body much shorter than its Content-Length", damage: latin1('Content-Length: 4000\r\n\r\n{"jsonrpc"') },
  { name: "a declared body that never came", damage: latin1("Content-Length: 40\r\n\r\n") },
  { name: "a declared one-byte body that never came", damage: latin1("Content-Length: 1\r\n\r\n") },
  { name: "a declared body that never came, then a stray CR LF", damage: latin1("Content-Length: 40\r\n\r\n\r\n") },
  { name: "a body longer than its Content-Length", damage: utf8(`Content-Length: 3\r\n\r\n${LOST_BODY}`) },
  { name: "a zero Content-Length with a body", damage: utf8(`Content-Length: 0\r\n\r\n${LOST_BODY}`) },
  { name: "a declared body a few bytes short of the next header's line end", damage: latin1('Content-Length: 26\r\n\r\n{"id":"cut') },
  { name: "an oversized Content-Length with no body", damage: latin1("Content-Length: 999999999999999\r\n\r\n") },
  { name: "an oversized Content-Length with a short body", damage: latin1('Content-Length: 999999999999\r\n\r\n{"jsonrpc":"2.0"') },
  { name: "a body just over the size limit, cut short", damage: latin1(`Content-Length: ${16 * 1024 * 1024 + 1}\r\n\r\n${" ".repeat(100)}`) },
  { name: "a body that is pretty-printed and cut short", damage: latin1('Content-Length: 500\r\n\r\n{\n  "jsonrpc": "2.0",\n  "id": 1,\n') },
  { name: "a body longer than declared whose rest runs into the next header", damage: latin1('Content-Length: 5\r\n\r\n{"a":1,') },
];

/** Every damage case, each to be followed by a valid frame. */
export const DAMAGE_CASES: DamageCase[] = [...badLengthCases(), ...strayBytes, ...brokenHeaders, ...wrongLengths];

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
