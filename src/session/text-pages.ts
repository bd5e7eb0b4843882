// Where the session memory keeps the texts of files: UTF-8 bytes in pages of
// one buffer it owns, outside the garbage collector. Why not strings: a
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

export class TextPages {
  readonly #capacity: number;
  /** Allocated at the first text kept; the whole capacity, so a text never waits for a larger one. */
  #buffer: Uint8Array | undefined;
  /** Free page numbers, a stack: #freeCount of them are valid. */
  #free: Uint32Array | undefined;
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
    const { buffer, free } = this.#ready();
    const scratch = this.#scratchOf(bytes);
    encoder.encodeInto(text, scratch);
    const pages = new Uint32Array(count);
    for (let index = 0; index < count; index++) {
      const page = free[--this.#freeCount]!;
      pages[index] = page;
      const from = index * MEMORY_PAGE_BYTES;
      buffer.set(scratch.subarray(from, Math.min(bytes, from + MEMORY_PAGE_BYTES)), page * MEMORY_PAGE_BYTES);
    }
    return { pages, bytes };
  }

  /** The text, as a new string. */
  read(stored: StoredText): string {
    if (stored.bytes === 0 || !this.#buffer) return "";
    const scratch = this.#scratchOf(stored.bytes);
    stored.pages.forEach((page, index) => {
      const length = Math.min(MEMORY_PAGE_BYTES, stored.bytes - index * MEMORY_PAGE_BYTES);
      scratch.set(this.#buffer!.subarray(page * MEMORY_PAGE_BYTES, page * MEMORY_PAGE_BYTES + length), index * MEMORY_PAGE_BYTES);
    });
    return decoder.decode(scratch.subarray(0, stored.bytes));
  }

  /** Its pages are free again. A text is released once: the memory drops its entry as it does this. */
  release(stored: StoredText) {
    const free = this.#free;
    if (!free) return;
    for (const page of stored.pages) free[this.#freeCount++] = page;
  }

  #ready(): { buffer: Uint8Array; free: Uint32Array } {
    if (!this.#buffer || !this.#free) {
      this.#buffer = new Uint8Array(this.#capacity * MEMORY_PAGE_BYTES);
      // Page 0 on top of the stack: a nearly empty memory touches the buffer's first pages only.
      this.#free = Uint32Array.from({ length: this.#capacity }, (_, index) => this.#capacity - 1 - index);
    }
    return { buffer: this.#buffer, free: this.#free };
  }

  #scratchOf(bytes: number): Uint8Array {
    if (this.#scratch.length < bytes) this.#scratch = new Uint8Array(Math.max(bytes, this.#scratch.length * 2, 4096));
    return this.#scratch;
  }
}

/** A text's UTF-8 length, counted without encoding it. */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, "utf8");
}
