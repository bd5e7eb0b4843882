// One-line diagnostics for the host's debug log. The host reads stderr line by
// line, so every message is flattened to a single bounded line. Logging never
// blocks and never throws: when stderr is full the line is dropped and
// counted, and the next line that fits is preceded by the count.
import { STDERR_LIMITS } from "../limits.ts";
import { openStderrSink, type LineSink } from "./stderr-sink.ts";

const PREFIX = "synaps-policy: ";
const encoder = new TextEncoder();
const ELLIPSIS = encoder.encode("…\n");

export class LineLog {
  readonly #sink: LineSink;
  readonly #maxLineBytes: number;
  #dropped = 0;

  constructor(sink: LineSink, maxLineBytes: number = STDERR_LIMITS.maxLineBytes) {
    this.#sink = sink;
    this.#maxLineBytes = maxLineBytes;
  }

  /** Lines dropped since the last one that was written. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Resolves once the lines accepted so far have been written, or after timeoutMs. */
  flush(timeoutMs: number): Promise<void> {
    return this.#sink.flush(timeoutMs);
  }

  log(message: string) {
    if (this.#dropped > 0 && this.#sink.write(this.#line(droppedNote(this.#dropped))) === "written") this.#dropped = 0;
    if (this.#sink.write(this.#line(message)) === "refused") this.#dropped++;
  }

  /** `synaps-policy: <message>` on one line, cut at a character boundary to fit the byte limit. */
  #line(message: string): Uint8Array {
    const text = PREFIX + message.replace(/\s*[\r\n]+\s*/g, " | ");
    const bytes = new Uint8Array(this.#maxLineBytes);
    const room = this.#maxLineBytes - ELLIPSIS.length;
    const { read, written } = encoder.encodeInto(text, bytes.subarray(0, room));
    if (read < text.length) {
      bytes.set(ELLIPSIS, written);
      return bytes.subarray(0, written + ELLIPSIS.length);
    }
    bytes[written] = 0x0a;
    return bytes.subarray(0, written + 1);
  }
}

function droppedNote(count: number): string {
  return `stderr was full: dropped ${count} line${count === 1 ? "" : "s"} before this one`;
}

let processLog: LineLog | undefined;

/** What every line passes through before it is written: the extension installs secret redaction (this layer cannot import it). */
let lineFilter: (message: string) => string = (message) => message;

/** Pass every later line through `filter` first (a filter that throws drops the line, never the answer). */
export function filterLinesWith(filter: (message: string) => string) {
  lineFilter = filter;
}

/** Write one diagnostic line to this process's stderr. */
export function logLine(message: string) {
  try {
    processLog ??= new LineLog(openStderrSink());
    processLog.log(lineFilter(message));
  } catch {
    // Logging must never be the reason an answer is lost.
  }
}

/** Before exit: give queued lines (the exit line among them) a bounded moment to reach the reader. */
export async function flushLog(timeoutMs: number = STDERR_LIMITS.exitFlushMs): Promise<void> {
  try {
    await processLog?.flush(timeoutMs);
  } catch {
    // nothing more to do for a log that cannot be written
  }
}
