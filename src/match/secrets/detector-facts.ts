// What regex-facts.ts reads off each built-in detector's pattern (the
// literals every match holds, whether a match crosses lines), read when the
// executable is built: a Bun macro runs builtinDetectorFacts at bundle time,
// so the first redaction after start-up does not parse some sixty patterns.
// The same function on the same patterns: a test holds the embedded facts to
// a fresh reading.
import { regexFacts, type RegexFacts } from "../regex-facts.ts";
import { OWN_DETECTORS } from "./own.ts";
import { harvestPresetPatterns } from "./preset-harvest.ts";
import { presetDetectorSpecs } from "./secretlint.ts";

/** Every built-in detector's pattern with its facts. */
export function freshDetectorFacts(): Record<string, RegexFacts> {
  const patterns = [...presetDetectorSpecs(harvestPresetPatterns()).specs, ...OWN_DETECTORS].map((spec) => spec.pattern);
  return Object.fromEntries(patterns.map((pattern) => [pattern, regexFacts(pattern)]));
}

/** The facts as JSON text: what the macro hands to the bundle. */
export function builtinDetectorFacts(): string {
  return JSON.stringify(freshDetectorFacts());
}
