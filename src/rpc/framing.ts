// Content-Length framing (the LSP-style transport SynapsCLI speaks), byte-exact
// in both directions. The decoder is a push parser: feed it whatever chunks the
// pipe delivers (one byte, many frames, a frame split anywhere) and it hands
// back complete bodies and the problems it skipped over.
//
// Damage never costs more than the damaged frame: a bad header, stray bytes or
// a body cut short are dropped, reported once, and reading resumes at the next
// "Content-Length" wherever it starts — mid-line, glued to garbage, or inside
// a body that turned out not to be one (see frame-header.ts).
import { canStartJson, findContentLength, findCutHeaderAtEnd, findHeaderEnd, findHeaderInBody, firstNonBlank, parseHeader, quote, TOKEN_TAIL } from "./frame-header.ts";
import { FRAME_LIMITS, type FrameLimits } from "../limits.ts";

export type { FrameLimits };

export type DecodedItem = { kind: "frame"; body: Uint8Array } | { kind: "problem"; message: string };

/** Where decoded items go, one at a time; false after a frame asks the decoder to hand over no more until resumed. */
type Sink = (item: DecodedItem) => boolean;

type State =
  | { phase: "header" }
  /** keep: false for a body over the size limit, dropped as it arrives. checked: its first byte was looked at; scanned: bytes searched for a header. */
  | { phase: "body"; remaining: number; keep: boolean; checked: boolean; scanned: number }
  | { phase: "resync" };

/** A body over the limit is dropped as it arrives, but this much of its tail stays so a header straddling two chunks is still seen. */
const SKIP_LOOKBACK = 64;
/** Once empty, a buffer larger than this is let go for one of RESTING_CAPACITY; smaller ones are kept for the next large frame. */
const SHRINK_ABOVE = 1024 * 1024;
const RESTING_CAPACITY = 64 * 1024;

export class FrameDecoder {
  #bytes = new Uint8Array(4096);
  #start = 0;
  #end = 0;
  #state: State = { phase: "header" };
  /** How far the current header has been searched for its blank line, so a header fed byte by byte stays linear. */
  #headerScanned = 0;
  /** A problem has been reported and no frame decoded since: more damage in the same stretch stays silent. */
  #damaged = false;
  /** The sink asked for no more frames: what has arrived stays buffered until resume(). */
  #paused = false;
  readonly #limits: FrameLimits;

  constructor(limits: FrameLimits = FRAME_LIMITS) {
    this.#limits = limits;
  }

  /** True when a frame has started but not finished (used to report EOF mid-frame). */
  get hasPartialFrame(): boolean {
    return this.#end > this.#start || this.#state.phase === "body";
  }

  /** Each frame and problem in what has arrived so far; every body is a copy of its own. */
  push(chunk: Uint8Array): DecodedItem[] {
    const out: DecodedItem[] = [];
    this.feed(chunk, (item) => {
      out.push(item.kind === "frame" ? { kind: "frame", body: item.body.slice() } : item);
      return true;
    });
    return out;
  }

  /**
   * Like push, but each item is handed over as it is decoded, and a body is a view into the decoder's own
   * buffer, valid only until `each` returns: a reader that decodes it at once (the server) makes no copy of
   * it. A 64 KiB request is that much less garbage (issue 25).
   */
  feed(chunk: Uint8Array, each: Sink) {
    this.#append(chunk);
    this.resume(each);
  }

  /** True when the sink asked for no more frames and some may be buffered: call resume() when it wants them. */
  get paused(): boolean {
    return this.#paused;
  }

  /** Hand over what is buffered, as feed does, until the sink asks for no more again or nothing complete is left. */
  resume(each: Sink) {
    this.#paused = false;
    while (!this.#paused && this.#step(each));
  }

  #step(out: Sink): boolean {
    switch (this.#state.phase) {
      case "header":
        return this.#readHeader(out);
      case "body":
        return this.#readBody(this.#state, out);
      case "resync":
        return this.#resynchronise();
    }
  }

  #readHeader(out: Sink): boolean {
    const bytes = this.#view();
    if (bytes.length === 0) return false;
    const end = findHeaderEnd(bytes, this.#headerScanned, this.#limits.maxHeaderBytes);
    if (end === undefined) {
      this.#headerScanned = Math.max(0, bytes.length - 2);
      if (bytes.length <= this.#limits.maxHeaderBytes) return false;
      this.#damage(out, `frame header longer than ${this.#limits.maxHeaderBytes} bytes without a blank line`, 1);
      return true;
    }
    const header = parseHeader(bytes.subarray(0, end.headerEnd));
    if (header.kind === "bad") {
      this.#damage(out, header.message, header.resumeAt);
      return true;
    }
    this.#drop(end.bodyStart);
    const keep = header.length <= this.#limits.maxBodyBytes;
    if (!keep) {
      out({ kind: "problem", message: `frame body of ${header.length} bytes exceeds the ${this.#limits.maxBodyBytes}-byte limit; skipping it` });
      this.#damaged = true;
    }
    // Room for the body in one step, up to a size any real host body fits in: a bogus length must not allocate 16 MiB.
    if (keep) this.#reserve(Math.min(header.length, SHRINK_ABOVE));
    this.#state = { phase: "body", remaining: header.length, keep, checked: false, scanned: 0 };
    return true;
  }

  #readBody(state: Extract<State, { phase: "body" }>, out: Sink): boolean {
    const bytes = this.#view();
    const window = Math.min(bytes.length, state.remaining);
    const broken = this.#findNextHeader(state, bytes, window);
    if (broken !== undefined) {
      this.#damage(out, broken.message, broken.at);
      return true;
    }
    if (!state.keep) return this.#skipOversized(state, window);
    if (window < state.remaining) return false;
    const length = state.remaining;
    this.#state = { phase: "header" };
    this.#damaged = false;
    // Handed over before the bytes are let go: #drop may replace the buffer, and nothing writes into it meanwhile.
    if (out({ kind: "frame", body: bytes.subarray(0, length) }) === false) this.#paused = true;
    this.#drop(length);
    return true;
  }

  /** Where a body that cannot be JSON shows the next header, and why; see frame-header.ts. */
  #findNextHeader(state: Extract<State, { phase: "body" }>, bytes: Uint8Array, window: number): { at: number; message: string } | undefined {
    const declared = `a frame declared ${state.remaining} bytes`;
    if (!state.checked) {
      const first = firstNonBlank(bytes, window);
      if (first !== undefined) {
        state.checked = true;
        if (!canStartJson(bytes[first]!)) {
          const seen = new TextDecoder("latin1").decode(bytes.subarray(first, Math.min(window, first + 20)));
          return { at: first, message: `${declared} but its body starts with ${quote(seen)}, which is not JSON` };
        }
      }
    }
    const inside = findHeaderInBody(bytes, state.scanned, window);
    state.scanned = window;
    if (inside !== undefined) return { at: inside, message: `${declared} but the next frame's header came after ${inside}: the frame was cut short` };
    if (window < state.remaining) return undefined;
    const cut = findCutHeaderAtEnd(bytes, window);
    if (cut !== undefined) return { at: cut, message: `${declared} but the next frame's header came after ${cut}: the frame was cut short` };
    return undefined;
  }

  #skipOversized(state: Extract<State, { phase: "body" }>, window: number): boolean {
    if (window === state.remaining) {
      this.#drop(window);
      this.#state = { phase: "header" };
      return true;
    }
    const dropped = window - SKIP_LOOKBACK;
    if (dropped <= 0) return false;
    this.#drop(dropped);
    state.remaining -= dropped;
    state.scanned -= dropped;
    return false;
  }

  #resynchronise(): boolean {
    const bytes = this.#view();
    const next = findContentLength(bytes, 0);
    if (next !== undefined) {
      this.#drop(next);
      this.#state = { phase: "header" };
      return true;
    }
    this.#drop(Math.max(0, bytes.length - TOKEN_TAIL));
    return false;
  }

  /** Report the first problem of a damaged stretch, drop `resumeAt` bytes and look for the next header. */
  #damage(out: Sink, message: string, resumeAt: number) {
    if (!this.#damaged) out({ kind: "problem", message: `${message}; skipping to the next Content-Length header` });
    this.#damaged = true;
    this.#drop(resumeAt);
    this.#state = { phase: "resync" };
  }

  #view(): Uint8Array {
    return this.#bytes.subarray(this.#start, this.#end);
  }

  #append(chunk: Uint8Array) {
    if (chunk.length === 0) return;
    this.#reserve(this.#end - this.#start + chunk.length);
    this.#bytes.set(chunk, this.#end);
    this.#end += chunk.length;
  }

  /** Room for `total` bytes from the start of what is held: compact or grow once, not chunk by chunk. */
  #reserve(total: number) {
    if (this.#start + total <= this.#bytes.length) return;
    const held = this.#end - this.#start;
    if (total <= this.#bytes.length / 2) {
      this.#bytes.copyWithin(0, this.#start, this.#end);
    } else {
      const grown = new Uint8Array(Math.max(total, this.#bytes.length * 2));
      grown.set(this.#bytes.subarray(this.#start, this.#end));
      this.#bytes = grown;
    }
    this.#start = 0;
    this.#end = held;
  }

  #drop(length: number) {
    this.#headerScanned = 0;
    this.#start += length;
    if (this.#start < this.#end) return;
    this.#start = this.#end = 0;
    if (this.#bytes.length > SHRINK_ABOVE) this.#bytes = new Uint8Array(RESTING_CAPACITY);
  }
}

export function encodeFrame(message: unknown): Uint8Array {
  return encodeFrameText(JSON.stringify(message));
}

/** Frame a body that is already JSON text. */
export function encodeFrameText(json: string): Uint8Array {
  // One allocation, the body encoded in place: the header is ASCII, so its length in bytes is its length.
  const bodyBytes = Buffer.byteLength(json, "utf8");
  const header = `Content-Length: ${bodyBytes}\r\n\r\n`;
  const frame = new Uint8Array(header.length + bodyBytes);
  frameEncoder.encodeInto(header, frame);
  frameEncoder.encodeInto(json, frame.subarray(header.length));
  return frame;
}

const frameEncoder = new TextEncoder();
