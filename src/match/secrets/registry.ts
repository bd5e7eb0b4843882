// The one detector registry: every built-in detector, compiled once on first
// use, serving after_tool_call redaction, the audit log, block reasons and
// stderr alike. Families come from secretlint's preset and from our own table;
// the ids a policy may name (DETECTOR_IDS) live in families.ts, free of patterns.
import type { RegexFacts } from "../regex-facts.ts";
import { compileDetector, type Detector, type DetectorSpec } from "./detector.ts";
import { builtinDetectorFacts } from "./detector-facts.ts" with { type: "macro" };
import type { HarvestedPattern } from "./preset-harvest.ts";
import { harvestedPresetPatterns } from "./preset-harvest.ts" with { type: "macro" };
import { chosenFamilies, type FamilyChoice } from "./families.ts";
import { OWN_DETECTORS } from "./own.ts";
import { presetDetectorSpecs, type DroppedPattern } from "./secretlint.ts";

type Registry = { detectors: Detector[]; dropped: DroppedPattern[]; unknownRules: string[] };

let registry: Registry | undefined;

function load(): Registry {
  if (registry) return registry;
  // Harvested and read when the executable was built (Bun macros): the preset's own code never runs here.
  const harvested: HarvestedPattern[] = JSON.parse(harvestedPresetPatterns());
  const preset = presetDetectorSpecs(harvested);
  const dropped = [...preset.dropped];
  const detectors: Detector[] = [];
  const facts: Record<string, RegexFacts> = JSON.parse(builtinDetectorFacts());
  for (const spec of [...preset.specs, ...OWN_DETECTORS]) {
    const detector = compileOrNote(spec, dropped, Object.hasOwn(facts, spec.pattern) ? facts[spec.pattern] : undefined);
    if (detector) detectors.push(detector);
  }
  registry = { detectors, dropped, unknownRules: preset.unknownRules };
  return registry;
}

function compileOrNote(spec: DetectorSpec, dropped: DroppedPattern[], facts: RegexFacts | undefined): Detector | undefined {
  try {
    return compileDetector(spec, facts);
  } catch (error) {
    dropped.push({ rule: spec.id, source: spec.pattern, flags: "", problem: (error as Error).message });
    return undefined;
  }
}

/** Every built-in detector. */
export function allDetectors(): readonly Detector[] {
  return load().detectors;
}

/** The detectors of the families a redact rule chooses (old ids included; unknown ids name nothing). */
export function chosenDetectors(choice: FamilyChoice): Detector[] {
  const families = new Set<string>(chosenFamilies(choice));
  return load().detectors.filter((detector) => families.has(detector.id));
}

/** The detectors of the families these ids name. */
export function detectorsFor(ids: readonly string[]): Detector[] {
  return chosenDetectors({ detectors: ids });
}

/** Patterns of the kept rule set that could not run on RE2, and preset rules this table does not know. */
export function registryNotes(): { dropped: readonly DroppedPattern[]; unknownRules: readonly string[] } {
  const { dropped, unknownRules } = load();
  return { dropped, unknownRules };
}
