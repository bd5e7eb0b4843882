// One pass for many literals must find exactly what a search per literal
// finds: every occurrence, overlapping ones and literals inside other
// literals included.
import { describe, expect, test } from "bun:test";
import { REMEMBERED_LITERAL_SETS } from "../../../src/limits.ts";
import { LiteralSearch, literalSearchFor } from "../../../src/match/literal-search.ts";
import { seededRandom } from "./generated-regex.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

/** Every occurrence by a native search per literal, as "literal@start", sorted. */
function searchedOneByOne(literals: readonly string[], text: string): string[] {
  const found: string[] = [];
  literals.forEach((literal, index) => {
    if (literal === "") return;
    for (let at = text.indexOf(literal); at >= 0; at = text.indexOf(literal, at + 1)) found.push(`${index}@${at}`);
  });
  return found.sort();
}

function searchedAtOnce(literals: readonly string[], text: string): string[] {
  const { literals: which, starts } = new LiteralSearch(literals).find(text);
  return which.map((literal, index) => `${literal}@${starts[index]}`).sort();
}

describe("LiteralSearch", () => {
  test("overlapping occurrences, a literal inside another, repeats and prefixes are all found", () => {
    const literals = ["he", "she", "his", "hers", "s", "aaa", "a"];
    const text = "ushers shehis aaaa";
    expect(searchedAtOnce(literals, text)).toEqual(searchedOneByOne(literals, text));
    expect(searchedAtOnce(literals, text).filter((hit) => hit.startsWith("5@"))).toHaveLength(2); // aaa twice in aaaa
  });

  test("occurrences come in the order they end", () => {
    const { starts, literals } = new LiteralSearch(["abcd", "bc", "c"]).find("abcd");
    const ends = starts.map((start, index) => start + ["abcd", "bc", "c"][literals[index]!]!.length);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
  });

  test("characters outside every literal, non-ASCII literals and an empty literal", () => {
    const literals = ["", "ſecret", "ü-key", "-----BEGIN"];
    const text = "x ſecret ü-key\n-----BEGIN ü- ſecre ∑";
    expect(searchedAtOnce(literals, text)).toEqual(searchedOneByOne(literals, text));
  });

  test("agrees with a search per literal on 1,000 seeded literal sets and texts", () => {
    const random = seededRandom(4_242);
    const alphabet = "abcAB_-:= \nſü";
    const word = (max: number) => Array.from({ length: 1 + Math.floor(random() * max) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    let occurrences = 0;
    for (let round = 0; round < 1_000; round++) {
      const literals = Array.from({ length: 1 + Math.floor(random() * 12) }, () => word(5));
      const text = word(200);
      const expected = searchedOneByOne(literals, text);
      expect({ literals, text, found: searchedAtOnce(literals, text) }).toEqual({ literals, text, found: expected });
      occurrences += expected.length;
    }
    expect(occurrences).toBeGreaterThan(10_000);
  });
});

describe("literalSearchFor", () => {
  test("the same list gets the search already built; past the last few lists, one is built afresh", () => {
    const first = literalSearchFor(["alpha", "beta"]);
    expect(literalSearchFor(["alpha", "beta"])).toBe(first);
    for (let index = 0; index < REMEMBERED_LITERAL_SETS; index++) literalSearchFor([`other-${index}`]);
    expect(literalSearchFor(["alpha", "beta"])).not.toBe(first);
  });
});
