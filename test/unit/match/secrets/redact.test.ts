// redactOutput on its own: what a finding says, how spans merge, how a user's
// pattern is scanned (only the lines holding its literals, and never with a
// different result than RE2 on the whole text), and how the budget ends a scan.
import { describe, expect, test } from "bun:test";
import { RE2JS } from "re2js";
import { REDACTION_WINDOW_WORK, REDACTION_WORK_BUDGET } from "../../../../src/limits.ts";
import { patternDetector } from "../../../../src/match/secrets/detector.ts";
import { DETECTOR_IDS } from "../../../../src/match/secrets/families.ts";
import { outputBudget, redactOutput, withheldOutput } from "../../../../src/match/secrets/redact.ts";
import { allDetectors, detectorsFor, registryNotes } from "../../../../src/match/secrets/registry.ts";
import { regexProblem } from "../../../../src/match/regex.ts";
import { generatePattern, generateText, seededRandom } from "../generated-regex.ts";
import { setTestLimit } from "../../../support/test-limit.ts";
import { countText, generatedCases } from "../../../support/generated.ts";

setTestLimit();

const frozenClock = () => 0;
const unlimited = { work: Number.POSITIVE_INFINITY, timeMs: Number.POSITIVE_INFINITY, now: frozenClock };
const TOKEN = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
/**
 * Lines of options with a value each: every one may be a password, so RE2 must look at each (literals alone cost
 * nothing), and each match after the first on a line costs REDACTION_MATCH_WORK: about twice the budget.
 */
const CANDIDATES = `${"-secret_key s3cr3t! ".repeat(8)}\n`.repeat(300);

describe("the registry", () => {
  test("every pattern of the kept rule set runs on RE2; none dropped, no preset rule unknown", () => {
    expect(registryNotes()).toEqual({ dropped: [], unknownRules: [] });
  });

  test("every built-in detector has literals to search for, so RE2 never scans a whole clean output", () => {
    expect(
      allDetectors()
        .filter((detector) => !detector.regex.facts.anyOf)
        .map((detector) => detector.regex.source),
    ).toEqual([]);
  });

  test("the thirteen original ids still select detectors, now of their family", () => {
    const legacy = [
      "private-key",
      "aws-access-key",
      "aws-secret-key",
      "github-token",
      "slack-token",
      "stripe-live-key",
      "google-api-key",
      "openai-key",
      "anthropic-key",
      "npm-token",
      "jwt",
      "bearer-token",
      "password-assignment",
    ];
    for (const id of legacy) {
      expect(DETECTOR_IDS).toContain(id);
      expect(detectorsFor([id]).length).toBeGreaterThan(0);
    }
    expect(detectorsFor(["github-token"]).every((detector) => detector.id === "github")).toBe(true);
  });
});

describe("findings", () => {
  test("say which detector matched where, on the original text", () => {
    const text = `a ${TOKEN} b`;
    const outcome = redactOutput(text, detectorsFor(["github"]), unlimited);
    expect(outcome).toEqual({ kind: "redacted", text: "a [REDACTED:github] b", findings: [{ detector: "github", start: 2, end: 2 + TOKEN.length }] });
  });

  test("overlapping matches of two families become one redaction", () => {
    const text = "DATABASE_URL=postgres://app:S3cr3t-pw1@db:5432/app";
    const outcome = redactOutput(text, detectorsFor(["database-url", "url-credentials"]), unlimited);
    expect(outcome.kind === "redacted" && outcome.text).toBe("DATABASE_URL=postgres://app:[REDACTED:database-url]@db:5432/app");
  });

  test("a text without secrets is clean", () => {
    expect(redactOutput("nothing to see\n".repeat(100), allDetectors(), unlimited)).toEqual({ kind: "clean" });
  });
});

describe("a user's pattern gives what RE2 gives on the whole text", () => {
  const patterns = generatedCases(1_000);
  test(`${countText(patterns)} generated patterns × 6 multi-line texts (seeded)`, () => {
    const random = seededRandom(10_15);
    let compared = 0;
    let withMatches = 0;
    while (compared < patterns) {
      const source = generatePattern(random);
      if (regexProblem(source) !== undefined) continue;
      compared++;
      // Group 0: compare whole matches (a user's pattern redacts its first capture group when it has one).
      const detector = { ...patternDetector("mine", source), secret: 0 };
      const plain = RE2JS.compile(source);
      for (let round = 0; round < 6; round++) {
        const text = [generateText(random), generateText(random), generateText(random)].join("\n");
        const outcome = redactOutput(text, [detector], unlimited);
        const spans = outcome.kind === "redacted" ? outcome.findings.map((finding) => `${finding.start}-${finding.end}`) : [];
        const expected: string[] = [];
        const matcher = plain.matcher(text);
        while (matcher.find()) {
          if (matcher.end() > matcher.start()) expected.push(`${matcher.start()}-${matcher.end()}`);
          else if (matcher.end() >= text.length) break;
        }
        expect({ source, text, spans }).toEqual({ source, text, spans: expected });
        if (expected.length > 0) withMatches++;
      }
    }
    expect(withMatches).toBeGreaterThan(patterns);
  });
});

describe("the budget", () => {
  test("a 256 KiB line full of trigger words is redacted or withheld, never passed through", () => {
    const line = `${`password=${"token secret api_key ".repeat(13_000)}`.slice(0, 256 * 1024 - 50)} ${TOKEN}`;
    const outcome = redactOutput(line, allDetectors(), outputBudget(frozenClock));
    expect(outcome.kind === "budget-spent" || (outcome.kind === "redacted" && !outcome.text.includes(TOKEN))).toBe(true);
  });

  test("with the triggers of many families on it, the secret at its end is redacted or withheld, never passed through", () => {
    const line = `${`password=${"token secret api_key sk-ant- ghp_ ".repeat(8_000)}`.slice(0, 256 * 1024 - 50)} ${TOKEN}`;
    const outcome = redactOutput(line, allDetectors(), outputBudget(frozenClock));
    const shown = outcome.kind === "budget-spent" ? withheldOutput(line, outcome) : outcome.kind === "redacted" ? outcome.text : line;
    expect(shown.includes(TOKEN)).toBe(false);
  });

  test("the work budget ends a scan with the reason", () => {
    const outcome = redactOutput(CANDIDATES, allDetectors(), outputBudget(frozenClock));
    expect(outcome.kind === "budget-spent" && outcome.reason).toBe(`more than ${REDACTION_WORK_BUDGET} work units`);
  });

  test("one run is refused before it starts when its window alone would cost more than REDACTION_WINDOW_WORK", () => {
    const detector = patternDetector("big", "[a-z]{1,300}[0-9]");
    const text = "a".repeat(Math.ceil(REDACTION_WINDOW_WORK / detector.regex.programSize) + 10);
    const outcome = redactOutput(text, [detector], outputBudget(frozenClock));
    expect(outcome.kind === "budget-spent" && outcome.reason).toContain("in one run");
  });

  test("the work budget adds up over windows", () => {
    const lines = Array.from({ length: 4_000 }, (_, index) => `line ${index} password=hunter${index}x`).join("\n");
    expect(redactOutput(lines, allDetectors(), { work: 1_000, timeMs: Number.POSITIVE_INFINITY, now: frozenClock }).kind).toBe("budget-spent");
    expect(redactOutput(lines, allDetectors(), { work: REDACTION_WORK_BUDGET, timeMs: Number.POSITIVE_INFINITY, now: frozenClock }).kind).toBe("redacted");
  });

  test("a detector list scanned again (its literals planned once) finds and charges exactly what a fresh list does", () => {
    // Long texts, so every detector's literals are searched in one pass; one with secrets, one that spends the budget.
    const mixed = `${"plain build output line\n".repeat(60)}token ${TOKEN} and AKIA${"Q".repeat(16)} here\n${"more output\n".repeat(60)}`;
    for (const text of [mixed, CANDIDATES]) {
      const fresh = redactOutput(text, [...allDetectors()], outputBudget(frozenClock));
      expect(redactOutput(text, allDetectors(), outputBudget(frozenClock))).toEqual(fresh);
      expect(redactOutput(text, allDetectors(), outputBudget(frozenClock))).toEqual(fresh);
    }
    expect(redactOutput(mixed, allDetectors(), outputBudget(frozenClock)).kind).toBe("redacted");
    // A scan of one text leaves nothing behind for the next: a clean text after a redacted one is clean.
    expect(redactOutput("plain build output line\n".repeat(80), allDetectors(), outputBudget(frozenClock))).toEqual({ kind: "clean" });
  });

  test("the injected clock is the time backstop", () => {
    let time = 0;
    const clock = () => (time += 300);
    const lines = Array.from({ length: 10 }, (_, index) => `x\n${"y".repeat(5_000)}\npassword=hunter${index}x`).join("\n");
    const outcome = redactOutput(lines, allDetectors(), outputBudget(clock));
    expect(outcome.kind === "budget-spent" && outcome.reason).toContain("ms");
  });
});

// Issue 26 item 8: detector literals with no secret in them withheld the whole output, cheap to force.
// Now literals alone cost nothing (literal-checks.test.ts); where a secret may be and the budget ran out,
// only the parts that could not be checked are withheld; the rest goes on, redacted.
describe("withholding only where a secret may be and the budget ran out", () => {
  const LOG = Array.from({ length: 2_000 }, (_, index) => `[${index}] compiling src/module${index}.ts … ok\n`).join("");
  const flood = CANDIDATES;
  const output = `${LOG}token ${TOKEN}\n${flood}\n${LOG}`;
  const spentOn = (text: string) => {
    const outcome = redactOutput(text, allDetectors(), outputBudget(frozenClock));
    if (outcome.kind !== "budget-spent") throw new Error(`expected the budget to be spent, got ${outcome.kind}`);
    return outcome;
  };

  test("a flood of candidate secrets leaves unchecked that flood, not the output", () => {
    const outcome = spentOn(output);
    const floodStart = output.indexOf(flood);
    for (const span of outcome.unchecked) {
      expect(span.start).toBeGreaterThanOrEqual(floodStart - 256);
      expect(span.end).toBeLessThanOrEqual(floodStart + flood.length + 2048);
    }
    // The secret before the flood was found.
    expect(outcome.findings.some((finding) => output.slice(finding.start, finding.end) === TOKEN)).toBe(true);
  });

  test("what the model gets: the log, the secret redacted, the flood withheld, and a line saying so", () => {
    const shown = withheldOutput(output, spentOn(output));
    expect(shown).not.toContain(TOKEN);
    expect(shown).toContain("token [REDACTED:github]");
    expect(shown.startsWith(LOG)).toBe(true);
    expect(shown).toContain("[WITHHELD: not checked for secrets]");
    expect(shown).toContain(LOG.slice(-200));
    expect(shown).toMatch(/\[synaps-policy withheld \d+ of \d+ characters of this output/);
  });

  test("a secret inside the part that could not be checked is withheld with it", () => {
    // Near the flood's end, in the part the budget does not reach.
    const at = flood.lastIndexOf("\n", flood.length - 2_000);
    const hidden = `${LOG}${flood.slice(0, at)} ${TOKEN} ${flood.slice(at)}`;
    expect(withheldOutput(hidden, spentOn(hidden))).not.toContain(TOKEN);
  });

  test("an output of nothing but candidate secrets is checked as far as the budget goes, and only the rest is withheld", () => {
    const outcome = spentOn(flood);
    const withheld = outcome.unchecked.reduce((sum, span) => sum + span.end - span.start, 0);
    expect(withheld).toBeLessThan(flood.length / 2);
    expect(outcome.unchecked.every((span) => span.start > 0)).toBe(true);
    const shown = withheldOutput(flood, outcome);
    expect(shown.startsWith("-secret_key [REDACTED:command-line-password] -secret_key [REDACTED:command-line-password]")).toBe(true);
    expect(shown.includes("[WITHHELD: not checked for secrets]")).toBe(true);
  });

  test("one window too costly for a single run is left unchecked; the other windows are still checked", () => {
    const big = patternDetector("big", "zq[a-z]{1,300}[0-9]");
    const text = `${"zq".padEnd(Math.ceil(REDACTION_WINDOW_WORK / big.regex.programSize) + 10, "a")}\nlater line ${TOKEN}`;
    const outcome = redactOutput(text, [big, ...detectorsFor(["github"])], outputBudget(frozenClock));
    if (outcome.kind !== "budget-spent") throw new Error(outcome.kind);
    expect(outcome.unchecked.length).toBe(1);
    expect(outcome.unchecked[0]!.start).toBe(0);
    expect(outcome.reason).toContain("in one run");
    expect(outcome.findings.map((finding) => text.slice(finding.start, finding.end))).toEqual([TOKEN]);
  });
});

describe("a flood of private-key openings", () => {
  test("lines of BEGIN markers with no END cost the kept rule set's detector nothing: redacted as a key cut off, never withheld", () => {
    const text = `build ok\n${"-----BEGIN RSA PRIVATE KEY-----\n".repeat(8_000)}`;
    const outcome = redactOutput(text, allDetectors(), outputBudget(frozenClock));
    expect(outcome.kind).toBe("redacted");
    if (outcome.kind === "redacted") expect(outcome.text.startsWith("build ok\n[REDACTED:private-key]")).toBe(true);
  });

  test("a real key after them is still redacted", () => {
    const key = `-----BEGIN RSA PRIVATE KEY-----\n${"K+mZePS/QG1dTyh0uPWfOnIL/cQXNG26xqCVJn2ylwOrD2eEbQsxKgOWW9W2tQnh\n".repeat(8)}-----END RSA PRIVATE KEY-----`;
    const text = `${"-----BEGIN RSA PRIVATE KEY-----\n".repeat(2_000)}${key}\ndone`;
    const outcome = redactOutput(text, allDetectors(), outputBudget(frozenClock));
    expect(outcome.kind === "redacted" && !outcome.text.includes("K+mZePS/QG1dTyh0")).toBe(true);
  });
});
