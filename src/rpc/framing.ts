// Content-Length framing (the LSP-style transport SynapsCLI speaks), byte-exact
// in both directions. The decoder is a push parser: feed it whatever chunks the
// pipe delivers (one byte, many frames, a frame split anywhere) and it hands
// back complete bodies and the problems it skipped over.

const FRAME_LIMITS = {
  /** Longest header block we read before declaring the frame broken. */
  maxHeaderBytes: 64 * 1024,
  /** Largest body we accept; larger frames are skipped without being buffered. */
  maxBodyBytes: 16 * 1024 * 1024,
} as const;

export type FrameLimits = { maxHeaderBytes: number; maxBodyBytes: number };

export type DecodedItem =
  | { kind: "frame"; body: Uint8Array }
  | { kind: "problem"; message: string };

const CR = 0x0d;
const LF = 0x0a;
const CONTENT_LENGTH = "content-length";

type State =
  | { phase: "header" }
  | { phase: "body"; length: number }
  | { phase: "skip"; remaining: number };

export class FrameDecoder {
  #buffered: Uint8Array[] = [];
  #bufferedBytes = 0;
  #state: State = { phase: "header" };
  /** How far the current header has been searched already, so a header fed byte by byte stays linear. */
  #headerScanned = 0;
  readonly #limits: FrameLimits;

  constructor(limits: FrameLimits = FRAME_LIMITS) {
    this.#limits = limits;
  }

  /** True when a frame has started but not finished (used to report EOF mid-frame). */
  get hasPartialFrame(): boolean {
    return this.#bufferedBytes > 0 || this.#state.phase !== "header";
  }

  push(chunk: Uint8Array): DecodedItem[] {
    const out: DecodedItem[] = [];
    if (chunk.length > 0) {
      this.#buffered.push(chunk);
      this.#bufferedBytes += chunk.length;
    }
    for (;;) {
      const progressed = this.#step(out);
      if (!progressed) return out;
    }
  }

  #step(out: DecodedItem[]): boolean {
    switch (this.#state.phase) {
      case "skip":
        return this.#skip(this.#state);
      case "body":
        return this.#readBody(this.#state.length, out);
      case "header":
        return this.#readHeader(out);
    }
  }

  #skip(state: { remaining: number }): boolean {
    if (this.#bufferedBytes === 0) return false;
    const dropped = Math.min(state.remaining, this.#bufferedBytes);
    this.#drop(dropped);
    state.remaining -= dropped;
    if (state.remaining === 0) this.#state = { phase: "header" };
    return true;
  }

  #readBody(length: number, out: DecodedItem[]): boolean {
    if (this.#bufferedBytes < length) return false;
    out.push({ kind: "frame", body: this.#take(length) });
    this.#state = { phase: "header" };
    return true;
  }

  #readHeader(out: DecodedItem[]): boolean {
    if (this.#bufferedBytes === 0) return false;
    const bytes = this.#flatten();
    const end = findHeaderEnd(bytes, this.#headerScanned, this.#limits.maxHeaderBytes);
    if (end === undefined) {
      this.#headerScanned = Math.max(0, bytes.length - 3);
      if (bytes.length <= this.#limits.maxHeaderBytes) return false;
      out.push({ kind: "problem", message: `frame header longer than ${this.#limits.maxHeaderBytes} bytes without a blank line; skipped it` });
      this.#resynchronise(bytes, this.#limits.maxHeaderBytes);
      return true;
    }
    const headerText = new TextDecoder("latin1").decode(bytes.subarray(0, end.headerEnd));
    const length = parseContentLength(headerText);
    if (typeof length === "string") {
      out.push({ kind: "problem", message: `${length}; skipped the header ${JSON.stringify(abbreviate(headerText))}` });
      // Garbage glued in front of a real header: keep the real one.
      const restart = findNextContentLengthLine(bytes, 1);
      this.#drop(restart !== undefined && restart < end.headerEnd ? restart : end.bodyStart);
      return true;
    }
    this.#drop(end.bodyStart);
    if (length > this.#limits.maxBodyBytes) {
      out.push({ kind: "problem", message: `frame body of ${length} bytes exceeds the ${this.#limits.maxBodyBytes}-byte limit; skipped it` });
      this.#state = { phase: "skip", remaining: length };
      return true;
    }
    this.#state = { phase: "body", length };
    return true;
  }

  /** After garbage, drop bytes up to the next line that starts a Content-Length header. */
  #resynchronise(bytes: Uint8Array, from: number) {
    const next = findNextContentLengthLine(bytes, from);
    this.#drop(next ?? bytes.length);
  }

  #flatten(): Uint8Array {
    if (this.#buffered.length === 1) return this.#buffered[0]!;
    const joined = concat(this.#buffered, this.#bufferedBytes);
    this.#buffered = [joined];
    return joined;
  }

  #take(length: number): Uint8Array {
    const bytes = this.#flatten();
    const taken = bytes.slice(0, length);
    this.#drop(length);
    return taken;
  }

  #drop(length: number) {
    this.#headerScanned = 0;
    let left = length;
    while (left > 0 && this.#buffered.length > 0) {
      const first = this.#buffered[0]!;
      if (first.length <= left) {
        this.#buffered.shift();
        left -= first.length;
      } else {
        this.#buffered[0] = first.subarray(left);
        left = 0;
      }
    }
    this.#bufferedBytes -= length - left;
  }
}

export function encodeFrame(message: unknown): Uint8Array {
  const body = new TextEncoder().encode(JSON.stringify(message));
  const header = new TextEncoder().encode(`Content-Length: ${body.length}\r\n\r\n`);
  return concat([header, body], header.length + body.length);
}

/** Where the header block ends: "\r\n\r\n", or "\n\n" from lenient peers. */
function findHeaderEnd(bytes: Uint8Array, from: number, limit: number): { headerEnd: number; bodyStart: number } | undefined {
  const stop = Math.min(bytes.length, limit + 4);
  for (let i = from; i < stop; i++) {
    if (bytes[i] !== LF) continue;
    if (bytes[i + 1] === LF) return { headerEnd: i, bodyStart: i + 2 };
    if (bytes[i + 1] === CR && bytes[i + 2] === LF) return { headerEnd: i, bodyStart: i + 3 };
  }
  return undefined;
}

/** The declared body length, or a sentence saying what is wrong with the header. */
function parseContentLength(headerText: string): number | string {
  let length: number | undefined;
  for (const rawLine of headerText.split("\n")) {
    const line = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
    if (line === "") continue;
    const colon = line.indexOf(":");
    if (colon <= 0) return `malformed header line ${JSON.stringify(abbreviate(line))}`;
    if (line.slice(0, colon).trim().toLowerCase() !== CONTENT_LENGTH) continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d{1,15}$/.test(value)) return `Content-Length ${JSON.stringify(abbreviate(value))} is not a byte count`;
    length = Number(value);
  }
  return length ?? "frame header has no Content-Length";
}

function findNextContentLengthLine(bytes: Uint8Array, from: number): number | undefined {
  for (let i = Math.max(from, 1); i < bytes.length; i++) {
    if (bytes[i - 1] !== LF) continue;
    const word = new TextDecoder("latin1").decode(bytes.subarray(i, i + CONTENT_LENGTH.length));
    if (word.toLowerCase() === CONTENT_LENGTH) return i;
  }
  return undefined;
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

function abbreviate(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
