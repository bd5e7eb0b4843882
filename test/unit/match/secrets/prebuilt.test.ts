// What the build reads off the secret detectors (a Bun macro each): the
// preset's patterns, harvested from its rules, and the facts of every
// built-in pattern. Held here to a fresh reading, so an embedded value can
// never differ from what the code would compute at start.
import { describe, expect, test } from "bun:test";
import { regexFacts } from "../../../../src/match/regex-facts.ts";
import { freshDetectorFacts } from "../../../../src/match/secrets/detector-facts.ts";
import { harvestPresetPatterns } from "../../../../src/match/secrets/preset-harvest.ts";
import { harvestedPresetPatterns } from "../../../../src/match/secrets/preset-harvest.ts" with { type: "macro" };
import { allDetectors } from "../../../../src/match/secrets/registry.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("detector data read at build time", () => {
  test("the embedded preset patterns are a fresh harvest of the preset's rules", () => {
    const fresh = harvestPresetPatterns();
    expect(fresh.length).toBeGreaterThan(20);
    expect(JSON.parse(harvestedPresetPatterns())).toEqual(fresh);
  });

  test("every built-in detector runs with the facts a fresh reading of its own pattern gives", () => {
    const detectors = allDetectors().filter((detector) => detector.origin !== "policy");
    expect(detectors.length).toBeGreaterThan(40);
    for (const detector of detectors)
      expect({ pattern: detector.regex.source, facts: detector.regex.facts }).toEqual({ pattern: detector.regex.source, facts: regexFacts(detector.regex.source) });
  });

  test("some built-in patterns require literals, so the facts do work", () => {
    const facts = Object.values(freshDetectorFacts());
    expect(facts.filter((fact) => fact.anyOf !== undefined).length).toBeGreaterThan(facts.length / 2);
  });
});
