// The linear-time regex: the literal prefilter may skip work but never change
// a result (checked against plain RE2 on generated patterns and texts), known
// traps of the old prefilter, and the program-size bound.
import { describe, expect, test } from "bun:test";
import { RE2JS } from "re2js";
import { FOLD_MEMO_MAX_CHARS, FOLD_MEMO_MIN_CHARS, MAX_PATTERN_PROGRAM_SIZE } from "../../../src/limits.ts";
import { foldForSearch, regexFacts } from "../../../src/match/regex-facts.ts";
import { compileRegex, regexProblem } from "../../../src/match/regex.ts";
import { generatePattern, generateText, seededRandom } from "./generated-regex.ts";
import { setTestLimit } from "../../support/test-limit.ts";
import { countText, generatedCases } from "../../support/generated.ts";

setTestLimit();

function plainMatches(plain: RE2JS, text: string): string[] {
  const matcher = plain.matcher(text);
  const found: string[] = [];
  while (matcher.find()) {
    if (matcher.end() === matcher.start()) {
      if (matcher.end() >= text.length) break;
      continue;
    }
    found.push(`${matcher.start()}-${matcher.end()}`);
  }
  return found;
}

describe("the literal prefilter never changes a result", () => {
  const patterns = generatedCases(1_500);
  test(`${countText(patterns)} generated patterns × 10 texts agree with plain RE2 (seeded)`, () => {
    const random = seededRandom(20_241_018);
    let compared = 0;
    let matched = 0;
    let filtered = 0;
    while (compared < patterns) {
      const source = generatePattern(random);
      if (regexProblem(source) !== undefined) continue;
      compared++;
      const regex = compileRegex(source);
      const plain = RE2JS.compile(source);
      if (regex.facts.anyOf) filtered++;
      for (let round = 0; round < 10; round++) {
        const text = generateText(random);
        const expected = plain.test(text);
        if (regex.test(text) !== expected) throw new Error(`prefilter changed test() for /${source}/ on ${JSON.stringify(text)}`);
        const spans = regex.matches(text).map((match) => `${match.start}-${match.end}`);
        expect({ source, text, spans }).toEqual({ source, text, spans: plainMatches(plain, text) });
        if (expected) matched++;
      }
    }
    // The generator is only useful if it makes both matching texts and patterns with literals.
    expect(matched).toBeGreaterThan(patterns);
    expect(filtered).toBeGreaterThan(patterns / 10);
  });
});

describe("patterns the old prefilter broke", () => {
  test.each([
    ["an IP address with {1,3} digits", String.raw`\b(?:\d{1,3}\.){3}\d{1,3}\b`, "curl http://10.0.0.1/x"],
    ["a \\x41 escape", String.raw`\x41BC`, "xxABCxx"],
    ["(?i) in the middle", "token(?i)SECRET", "token=1 tokensecret"],
    ["(?i) group", String.raw`api_(?i:KEY)=\d+`, "api_key=123"],
    ["\\Q…\\E quoting", String.raw`\Qa.b\E`, "xa.bx"],
    ["an escaped letter class", String.raw`pass\w{3}`, "password"],
    ["case folding of ſ and K", "(?i)pass", "paſs"],
  ])("%s still matches", (_label, source, text) => {
    expect(compileRegex(source).test(text)).toBe(true);
    expect(RE2JS.compile(source).test(text)).toBe(true);
  });

  test("literals are read through escapes and alternations", () => {
    expect(regexFacts(String.raw`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`).anyOf?.toSorted()).toEqual(["AKIA", "ASIA"]);
    expect(regexFacts(String.raw`(?i)postgres(?:ql)?://`).anyOf?.toSorted()).toEqual(["postgres://", "postgresql://"]);
    expect(regexFacts(String.raw`\x41BC`).anyOf).toEqual(["ABC"]);
    expect(regexFacts(String.raw`\d{1,3}\.\d{1,3}`).anyOf).toBeUndefined();
  });

  test("whether a match can cross a line break", () => {
    expect(regexFacts(String.raw`ghp_[A-Za-z0-9]{36}`).crossesLines).toBe(false);
    expect(regexFacts(String.raw`key\s*=`).crossesLines).toBe(true);
    expect(regexFacts(String.raw`key[^"]*`).crossesLines).toBe(true);
    expect(regexFacts(String.raw`^key`).crossesLines).toBe(true);
    expect(regexFacts(String.raw`(?m)^key$`).crossesLines).toBe(false);
    expect(regexFacts(String.raw`(?s)a.b`).crossesLines).toBe(true);
  });
});

describe("program size is bounded at validation", () => {
  test("a huge counted repeat is refused with a readable reason", () => {
    const problem = regexProblem("[a-z]{1,1000}[0-9]");
    expect(problem).toContain("pattern too large for linear-time matching");
    expect(problem).toContain(`(limit ${MAX_PATTERN_PROGRAM_SIZE})`);
  });

  test("ordinary patterns pass", () => {
    for (const source of [String.raw`(?i)password\s*[:=]\s*\S+`, String.raw`\b(?:\d{1,3}\.){3}\d{1,3}\b`, "[a-z]{1,100}[0-9]"]) {
      expect(regexProblem(source)).toBeUndefined();
    }
  });

  test("a syntax error is still reported in RE2's words", () => {
    expect(regexProblem("(?<=x)y")).toContain("error parsing regexp");
  });
});

describe("a long text is folded once for all the rules that test it", () => {
  // Texts of one length that differ in one letter's case or in one letter: an answer kept for the wrong text shows.
  const sizes = [FOLD_MEMO_MIN_CHARS - 1, FOLD_MEMO_MIN_CHARS, 64 * 1024, FOLD_MEMO_MAX_CHARS + 1];
  const texts = (size: number) => {
    const plain = "x".repeat(size - 1);
    return [`${plain}ſ`, `${plain}S`, `${plain}s`, `S${plain}`, `K${plain}`, plain + "\u212A"];
  };

  test("each fold is that of its own text, in any order, repeated or not", () => {
    for (const size of sizes) {
      const cases = texts(size);
      const order = [0, 0, 1, 2, 1, 3, 4, 5, 5, 0, 3, 2];
      for (const index of order) {
        const text = cases[index]!;
        expect(foldForSearch(text)).toBe(text.toLowerCase().replaceAll("ſ", "s"));
      }
    }
  });

  test("rules with case-insensitive patterns, one after another on a long text, each get their own answer", () => {
    const secretAt = (size: number, key: string) => `${"filler line\n".repeat(Math.ceil(size / 12)).slice(0, size)}${key}`;
    const rules = [compileRegex("(?i)password\\s*="), compileRegex("(?i)api_key\\s*="), compileRegex("(?i)token\\s*=")];
    for (const size of [FOLD_MEMO_MIN_CHARS, 64 * 1024]) {
      for (const [key, expected] of [
        ["PASSWORD=1", [true, false, false]],
        ["Api_Key = 2", [false, true, false]],
        ["TOKEN=3", [false, false, true]],
        ["nothing", [false, false, false]],
      ] as const) {
        const text = secretAt(size, key);
        expect(rules.map((rule) => rule.test(text))).toEqual([...expected]);
      }
    }
  });
});
