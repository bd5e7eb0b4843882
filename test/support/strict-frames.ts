// The host's side of the framing, for the tests that drive the binary: frames
// are written as the host writes them, and stdout is read as strictly as the
// host reads it — exactly `Content-Length: N\r\n\r\n` and N bytes, nothing
// else. Deliberately independent of src/rpc, so a bug there cannot hide itself.

const encoder = new TextEncoder();
const HEADER = /^Content-Length: (\d+)\r\n\r\n/;
/** A header line is never longer than this, so a longer unmatched start is not a frame. */
const LONGEST_HEADER = 40;

/** One frame as the host writes it. */
export function frame(body: string | object): Uint8Array {
  const payload = encoder.encode(typeof body === "string" ? body : JSON.stringify(body));
  const header = encoder.encode(`Content-Length: ${payload.length}\r\n\r\n`);
  const out = new Uint8Array(header.length + payload.length);
  out.set(header);
  out.set(payload, header.length);
  return out;
}

/** Splits stdout into frame bodies; the first byte that is not part of a frame is a violation. */
export class StrictFrameReader {
  /** What was wrong with stdout, if anything: the host would stop reading here. */
  violation: string | undefined;
  #buffer = new Uint8Array(0);

  /** Add what arrived; the bodies of the frames it completed. */
  push(chunk: Uint8Array): Uint8Array[] {
    const joined = new Uint8Array(this.#buffer.length + chunk.length);
    joined.set(this.#buffer);
    joined.set(chunk, this.#buffer.length);
    this.#buffer = joined;
    const bodies: Uint8Array[] = [];
    while (!this.violation && this.#buffer.length > 0) {
      const head = new TextDecoder("latin1").decode(this.#buffer.subarray(0, LONGEST_HEADER + 24));
      const match = HEADER.exec(head);
      if (!match) {
        if (head.length >= LONGEST_HEADER || !"Content-Length: ".startsWith(head.slice(0, 16))) {
          this.violation = `stdout is not a Content-Length frame: ${JSON.stringify(head)}`;
        }
        break;
      }
      const start = match[0].length;
      const end = start + Number(match[1]);
      if (this.#buffer.length < end) break;
      bodies.push(this.#buffer.slice(start, end));
      this.#buffer = this.#buffer.slice(end);
    }
    return bodies;
  }

  /** Stdout closed: bytes left over are half a frame. */
  end() {
    if (this.#buffer.length > 0 && !this.violation) {
      this.violation = `stdout ended with ${this.#buffer.length} stray bytes: ${new TextDecoder().decode(this.#buffer.slice(0, 200))}`;
    }
  }
}
