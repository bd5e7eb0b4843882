// The cheap look after each detector literal (Detector.literalCheck, literal-checks.ts), issue 26:
// withholding only where a secret may be present and the budget ran out; literals alone never force it.
// Floods are generated from the detector table itself (every literal of every detector), not written by
// hand, and the checks must never lose a finding (the secrets corpus and floods with real secrets in them).
import { describe, expect, test } from "bun:test";
import { REDACTION_WORK_BUDGET } from "../../../../src/limits.ts";
import type { Detector } from "../../../../src/match/secrets/detector.ts";
import { type Finding, redactOutput } from "../../../../src/match/secrets/redact.ts";
import { allDetectors } from "../../../../src/match/secrets/registry.ts";
import { secretsCorpus } from "../../../support/secrets-corpus.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

/** A clock that never moves: only the work budget can end a scan. */
const frozenClock = () => 0;
const unlimited = { work: Number.POSITIVE_INFINITY, timeMs: Number.POSITIVE_INFINITY, now: frozenClock };
/** The floods are a quarter of a 256 KiB output, so they get a quarter of the output's work budget. */
const FLOOD_CHARS = 64 * 1024;
const floodBudget = { work: REDACTION_WORK_BUDGET / 4, timeMs: Number.POSITIVE_INFINITY, now: frozenClock };
/** What may stand between literals on one line (a line break would end every window there): what an assignment, an option or a list puts there. */
const SEPARATORS = [" ", "=", ": ", "\t", ", ", "/", "-", "=> "];

const detectors = allDetectors();
const withoutChecks: Detector[] = detectors.map((detector) => ({ ...detector, literalCheck: undefined }));

/** Every literal of every detector, in its own case (folded literals as written in upper and lower case). */
function everyLiteral(): Array<{ family: string; literal: string }> {
  const seen = new Set<string>();
  const literals: Array<{ family: string; literal: string }> = [];
  for (const detector of detectors) {
    for (const literal of detector.regex.facts.anyOf ?? []) {
      for (const form of detector.regex.facts.folded ? [literal, literal.toUpperCase()] : [literal]) {
        if (seen.has(form)) continue;
        seen.add(form);
        literals.push({ family: detector.id, literal: form });
      }
    }
  }
  return literals;
}

/** The literal over and over, each time followed by the next separator. */
function flood(literal: string, chars: number, separators: readonly string[] = SEPARATORS): string {
  let text = "";
  for (let index = 0; text.length < chars; index++) text += literal + separators[index % separators.length];
  return text;
}

const spanText = (text: string, findings: readonly Finding[]) => findings.map((finding) => `${finding.detector}:${text.slice(finding.start, finding.end)}`);

function findingsOf(text: string, using: readonly Detector[]): string[] {
  const outcome = redactOutput(text, using, unlimited);
  return outcome.kind === "redacted" ? spanText(text, outcome.findings) : [];
}

describe("a flood of one detector's literals with no secret in it", () => {
  const literals = everyLiteral();

  test("every detector has its literals checked", () => {
    expect(detectors.filter((detector) => !detector.literalCheck && !detector.literalFollowedBy).map((detector) => detector.id)).toEqual([]);
  });

  test("is checked within the work budget and nothing of it is withheld, for every literal of every detector", () => {
    const withheld: string[] = [];
    let flooded = 0;
    for (const { family, literal } of literals) {
      // Where the detectors find something (`password=password:` reads as an assigned password) the flood
      // holds what they take for a secret, and withholding it is allowed: those separators are left out.
      let separators = SEPARATORS.filter((separator) => findingsOf(flood(literal, 1_000, [separator]), detectors).length === 0);
      if (separators.length === 0) continue;
      // Mixed, they may make one (`access_key=access_key: `): then the first one alone.
      if (findingsOf(flood(literal, 2_000, separators), detectors).length > 0) separators = separators.slice(0, 1);
      flooded++;
      const outcome = redactOutput(flood(literal, FLOOD_CHARS, separators), detectors, floodBudget);
      if (outcome.kind !== "clean") withheld.push(`${family} ${JSON.stringify(literal)}: ${outcome.kind}`);
    }
    expect(withheld).toEqual([]);
    expect(flooded).toBeGreaterThan(literals.length * 0.9);
  });
});

describe("the checks lose no finding", () => {
  test("on every text of the secrets corpus, findings are the same with and without them, and no secret is left in part", () => {
    for (const row of secretsCorpus) {
      const outcome = redactOutput(row.text, detectors, unlimited);
      const shown = outcome.kind === "redacted" ? outcome.text : row.text;
      // Its last eight characters: a secret redacted only in part (its kind, `sk_test`) leaves them.
      if (row.kind === "secret") expect({ text: row.text, shown, leaked: shown.includes(row.secret.slice(-8)) }).toEqual({ text: row.text, shown, leaked: false });
      expect({ text: row.text, found: findingsOf(row.text, detectors) }).toEqual({ text: row.text, found: findingsOf(row.text, withoutChecks) });
    }
  });

  test("a real secret of each family inside a flood of that family's literals is found, and only the flood's checks are skipped", () => {
    const families = new Set(detectors.map((detector) => detector.id));
    const rows = secretsCorpus.filter((row) => row.kind === "secret" && families.has(row.family));
    expect(new Set(rows.map((row) => row.family)).size).toBeGreaterThan(25);
    for (const row of rows) {
      const literals = detectors.filter((detector) => detector.id === row.family).flatMap((detector) => detector.regex.facts.anyOf ?? []);
      for (const literal of literals.slice(0, 2)) {
        const around = flood(literal, 1_500);
        for (const text of [`${around}\n${row.text}\n${around}`, `${around} ${row.text} ${around}`]) {
          const found = findingsOf(text, detectors);
          expect({ text, found }).toEqual({ text, found: findingsOf(text, withoutChecks) });
          expect({ family: row.family, text, hidden: found.some((finding) => finding.includes(row.secret)) }).toEqual({ family: row.family, text, hidden: true });
        }
      }
    }
  });

  test("in a 64 KiB flood with real secrets mixed in, the secrets are redacted within the work budget, nothing withheld", () => {
    const rows = secretsCorpus.filter((row) => row.kind === "secret" && !row.text.includes("\n"));
    for (const { literal } of everyLiteral().filter((_, index) => index % 7 === 0)) {
      const base = flood(literal, 4_000);
      if (findingsOf(base, detectors).length > 0) continue;
      const parts: string[] = [];
      for (let index = 0; parts.join("").length < FLOOD_CHARS; index++) parts.push(base, "\n", rows[index % rows.length]!.text, "\n");
      const text = parts.join("");
      const outcome = redactOutput(text, detectors, floodBudget);
      expect({ literal, kind: outcome.kind }).toEqual({ literal, kind: "redacted" });
      if (outcome.kind !== "redacted") continue;
      const mixed = rows.filter((row) => text.includes(row.text));
      for (const row of mixed) expect({ literal, secret: row.secret, leaked: outcome.text.includes(row.secret) }).toEqual({ literal, secret: row.secret, leaked: false });
    }
  });
});
