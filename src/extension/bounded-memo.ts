// A memo of values by text key, bounded in entries and in the characters of
// its keys, oldest first out. The extension's memos (shell views, verdicts)
// keep things whose weight grows with the text they were made from: a view of
// a 1,900-character compound command weighs ~95 KB, so 512 such views were
// ~50 MB of live heap that no collection could free (issue 27). A count alone
// bounds nothing in bytes; the characters of the keys do, within a factor.
// A value that holds texts of its own (the files found for a call) is charged
// for them too.

export class BoundedMemo<V> {
  readonly #entries = new Map<string, { value: V; chars: number }>();
  readonly #maxEntries: number;
  readonly #maxChars: number;
  #chars = 0;

  constructor(limits: { entries: number; chars: number }) {
    this.#maxEntries = limits.entries;
    this.#maxChars = limits.chars;
  }

  get(key: string): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** Keep `value` under `key`, charged its key's length and `extraChars`; one over the whole budget is not kept at all. */
  set(key: string, value: V, extraChars = 0) {
    const chars = key.length + extraChars;
    if (chars > this.#maxChars || this.#entries.has(key)) return;
    while (this.#entries.size > 0 && (this.#entries.size >= this.#maxEntries || this.#chars + chars > this.#maxChars)) {
      const [oldest, entry] = this.#entries.entries().next().value!;
      this.#chars -= entry.chars;
      this.#entries.delete(oldest);
    }
    this.#chars += chars;
    this.#entries.set(key, { value, chars });
  }

  /** Forget what `key` holds (a value found stale). */
  delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#chars -= entry.chars;
    this.#entries.delete(key);
  }

  /** How many entries are kept and the characters charged for them (for tests of the bounds). */
  get size(): { entries: number; chars: number } {
    return { entries: this.#entries.size, chars: this.#chars };
  }
}
