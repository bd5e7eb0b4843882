// Where the session memory keeps the texts of files: UTF-8 bytes in pages of
// buffers it owns, outside the garbage collector. Why not strings: a
// remembered text lives long enough to be promoted, and the collector frees
// promoted strings only in a full collection. Kept as strings, every text the
// memory let go of stayed in RSS until then (issue 25: about 8 MB more peak
// over 10,000 writes of 64 KiB). Here a text let go of is pages back on the
// free list at once, and the string made to read one dies young.
import { MEMORY_PAGE_BYTES } from "../limits.ts";

/** A text as kept: its pages, in order, and how many bytes of them it fills. */
export type StoredText = { readonly pages: Uint32Array; readonly bytes: number };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Pages are allocated in chunks of this many, each when a page of it is first used: a memory that keeps a few
 * small texts (most sessions: `check --session`, a replay, a short session) never allocates, zeroes or touches
 * the whole capacity. Chunks are kept once allocated, so a text still never waits for memory to be found.
 * 16 KiB, not 64: a memory per judged session (`check --session`, the sessions corpus' ~2,000) zeroed a 64 KiB
 * chunk for a few small scripts (profiled: a tenth of that corpus' CPU with the free list below).
 */
const CHUNK_PAGES = 16;

export class TextPages {
  readonly #capacity: number;
  /** #chunks[n] holds pages n·CHUNK_PAGES onwards; allocated on first use, kept after. */
  readonly #chunks: Array<Uint8Array | undefined> = [];
  /**
   * Free pages: those never used yet (#fresh onwards, handed out in ascending order) and those released (a stack,
   * #releasedCount of them valid, handed out first, last released first). Kept apart so that a new memory writes
   * no list of its whole capacity; the order pages are handed out in is that of one stack holding every page.
   */
  #fresh = 0;
  #released = new Uint32Array(0);
  #releasedCount = 0;
  #freeCount: number;
  /** Where a text is encoded before it is spread over pages, and put together before it is decoded; grown as needed. */
  #scratch = new Uint8Array(0);

  constructor(capacityBytes: number) {
    this.#capacity = Math.floor(capacityBytes / MEMORY_PAGE_BYTES);
    this.#freeCount = this.#capacity;
  }

  /** Bytes of pages a text of `bytes` bytes takes. */
  static cost(bytes: number): number {
    return Math.ceil(bytes / MEMORY_PAGE_BYTES) * MEMORY_PAGE_BYTES;
  }

  /** Bytes of pages in use. */
  get used(): number {
    return (this.#capacity - this.#freeCount) * MEMORY_PAGE_BYTES;
  }

  /** Bytes of pages free. */
  get free(): number {
    return this.#freeCount * MEMORY_PAGE_BYTES;
  }

  /** Keep `text` (whose UTF-8 length is `bytes`); undefined when the free pages are too few. */
  store(text: string, bytes: number): StoredText | undefined {
    const count = Math.ceil(bytes / MEMORY_PAGE_BYTES);
    if (count > this.#freeCount) return undefined;
    const scratch = this.#scratchOf(bytes);
    encoder.encodeInto(text, scratch);
    const pages = new Uint32Array(count);
    for (let index = 0; index < count; index++) {
      const page = this.#take();
      pages[index] = page;
      const from = index * MEMORY_PAGE_BYTES;
      this.#chunkOf(page, true)!.set(scratch.subarray(from, Math.min(bytes, from + MEMORY_PAGE_BYTES)), offsetOf(page));
    }
    return { pages, bytes };
  }

  /** The text, as a new string. */
  read(stored: StoredText): string {
    if (stored.bytes === 0) return "";
    const scratch = this.#scratchOf(stored.bytes);
    stored.pages.forEach((page, index) => {
      const length = Math.min(MEMORY_PAGE_BYTES, stored.bytes - index * MEMORY_PAGE_BYTES);
      const chunk = this.#chunkOf(page, false)!;
      scratch.set(chunk.subarray(offsetOf(page), offsetOf(page) + length), index * MEMORY_PAGE_BYTES);
    });
    return decoder.decode(scratch.subarray(0, stored.bytes));
  }

  /** Its pages are free again. A text is released once: the memory drops its entry as it does this. */
  release(stored: StoredText) {
    if (this.#released.length < this.#releasedCount + stored.pages.length) {
      const grown = new Uint32Array(Math.min(this.#capacity, Math.max(this.#releasedCount + stored.pages.length, this.#released.length * 2, 64)));
      grown.set(this.#released.subarray(0, this.#releasedCount));
      this.#released = grown;
    }
    for (const page of stored.pages) this.#released[this.#releasedCount++] = page;
    this.#freeCount += stored.pages.length;
  }

  /** A free page (the caller has checked there is one): the last released, else the lowest never used (page 0 first: a nearly empty memory uses the first chunk only). */
  #take(): number {
    this.#freeCount--;
    if (this.#releasedCount > 0) return this.#released[--this.#releasedCount]!;
    return this.#fresh++;
  }

  /** The chunk a page lies in; allocated when `allocate` and not yet there (a stored page's chunk always is). */
  #chunkOf(page: number, allocate: boolean): Uint8Array | undefined {
    const number = Math.floor(page / CHUNK_PAGES);
    const chunk = this.#chunks[number];
    if (chunk || !allocate) return chunk;
    const pages = Math.min(CHUNK_PAGES, this.#capacity - number * CHUNK_PAGES);
    const made = new Uint8Array(pages * MEMORY_PAGE_BYTES);
    this.#chunks[number] = made;
    return made;
  }

  #scratchOf(bytes: number): Uint8Array {
    if (this.#scratch.length < bytes) this.#scratch = new Uint8Array(Math.max(bytes, this.#scratch.length * 2, 4096));
    return this.#scratch;
  }
}

/** Where a page starts in its chunk. */
function offsetOf(page: number): number {
  return (page % CHUNK_PAGES) * MEMORY_PAGE_BYTES;
}

/** A text's UTF-8 length, counted without encoding it. */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, "utf8");
}
