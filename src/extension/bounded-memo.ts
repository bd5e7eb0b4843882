// A memo of values by text key, bounded in entries and in the characters of
// its keys, oldest first out. The extension's memos (shell views, verdicts)
// keep things whose weight grows with the text they were made from: a view of
// a 1,900-character compound command weighs ~95 KB, so 512 such views were
// ~50 MB of live heap that no collection could free (issue 27). A count alone
// bounds nothing in bytes; the characters of the keys do, within a factor.

export class BoundedMemo<V> {
  readonly #entries = new Map<string, V>();
  readonly #maxEntries: number;
  readonly #maxChars: number;
  #chars = 0;

  constructor(limits: { entries: number; chars: number }) {
    this.#maxEntries = limits.entries;
    this.#maxChars = limits.chars;
  }

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  /** Keep `value` under `key`; a key longer than the whole budget is not kept at all. */
  set(key: string, value: V) {
    if (key.length > this.#maxChars || this.#entries.has(key)) return;
    while (this.#entries.size > 0 && (this.#entries.size >= this.#maxEntries || this.#chars + key.length > this.#maxChars)) {
      const oldest = this.#entries.keys().next().value!;
      this.#chars -= oldest.length;
      this.#entries.delete(oldest);
    }
    this.#chars += key.length;
    this.#entries.set(key, value);
  }

  /** How many entries are kept and the characters of their keys (for tests of the bounds). */
  get size(): { entries: number; chars: number } {
    return { entries: this.#entries.size, chars: this.#chars };
  }
}
