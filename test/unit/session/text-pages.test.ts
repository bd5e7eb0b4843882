import { describe, expect, test } from "bun:test";
import { MEMORY_PAGE_BYTES } from "../../../src/limits.ts";
import { TextPages, utf8Length } from "../../../src/session/text-pages.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const text = (length: number, seed: number) => Array.from({ length }, (_, index) => String.fromCharCode(97 + ((index * 7 + seed) % 26))).join("");

describe("text pages", () => {
  test("texts over many pages and chunks read back as written, multi-byte characters too", () => {
    const pages = new TextPages(200 * MEMORY_PAGE_BYTES);
    const texts = [text(30 * MEMORY_PAGE_BYTES + 5, 1), "", "é€😀".repeat(3000), text(MEMORY_PAGE_BYTES, 2)];
    const stored = texts.map((each) => pages.store(each, utf8Length(each))!);
    expect(stored.map((each) => pages.read(each))).toEqual(texts);
    expect(pages.used).toBe(texts.reduce((sum, each) => sum + TextPages.cost(utf8Length(each)), 0));
  });

  test("pages come in order from the first, and a released text's pages are taken again before new ones, last released first", () => {
    const pages = new TextPages(100 * MEMORY_PAGE_BYTES);
    const first = pages.store(text(3 * MEMORY_PAGE_BYTES, 0), 3 * MEMORY_PAGE_BYTES)!;
    const second = pages.store(text(2 * MEMORY_PAGE_BYTES, 1), 2 * MEMORY_PAGE_BYTES)!;
    expect([...first.pages, ...second.pages]).toEqual([0, 1, 2, 3, 4]);
    pages.release(first);
    pages.release(second);
    const again = pages.store(text(6 * MEMORY_PAGE_BYTES, 2), 6 * MEMORY_PAGE_BYTES)!;
    expect([...again.pages]).toEqual([4, 3, 2, 1, 0, 5]);
    expect(pages.read(again)).toBe(text(6 * MEMORY_PAGE_BYTES, 2));
  });

  test("a text that needs more pages than are free is refused, and one that fits after a release is kept", () => {
    const pages = new TextPages(10 * MEMORY_PAGE_BYTES);
    const kept = pages.store(text(8 * MEMORY_PAGE_BYTES, 0), 8 * MEMORY_PAGE_BYTES)!;
    expect(pages.store(text(3 * MEMORY_PAGE_BYTES, 1), 3 * MEMORY_PAGE_BYTES)).toBeUndefined();
    expect(pages.free).toBe(2 * MEMORY_PAGE_BYTES);
    pages.release(kept);
    expect(pages.free).toBe(10 * MEMORY_PAGE_BYTES);
    const all = pages.store(text(10 * MEMORY_PAGE_BYTES, 3), 10 * MEMORY_PAGE_BYTES)!;
    expect(pages.read(all)).toBe(text(10 * MEMORY_PAGE_BYTES, 3));
    expect(pages.free).toBe(0);
  });
});
