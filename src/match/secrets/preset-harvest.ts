// The patterns of secretlint's recommended preset (see secretlint.ts), read
// off its rules when the executable is built: a Bun macro (imported `with {
// type: "macro" }`) runs harvestedPresetPatterns at bundle time and the bundle
// holds the result as text, so the preset's code is neither in the executable
// nor run at start. A test holds the embedded list to a fresh harvest.
import { rules } from "@secretlint/secretlint-rule-preset-recommend";

export type HarvestedPattern = { rule: string; source: string; flags: string };

/** The harvest as JSON text: what the macro hands to the bundle. */
export function harvestedPresetPatterns(): string {
  return JSON.stringify(harvestPresetPatterns());
}

/** The shape of a secretlint rule that this module relies on. */
type PresetRule = {
  meta: { id: string };
  create(context: unknown, options: unknown): Record<string, (source: unknown) => void>;
};

/** Every pattern each preset rule scans with, by running the rule on a recording, empty source. */
export function harvestPresetPatterns(): HarvestedPattern[] {
  const harvested: HarvestedPattern[] = [];
  for (const rule of rules as unknown as PresetRule[]) {
    const name = rule.meta.id.replace("@secretlint/secretlint-rule-", "");
    const content = Object.assign(new String(""), {
      matchAll(pattern: RegExp) {
        harvested.push({ rule: name, source: pattern.source, flags: pattern.flags });
        return [][Symbol.iterator]();
      },
    });
    const context = { createTranslator: () => () => "", report() {}, ignore() {} };
    const handlers = rule.create(context, {});
    for (const handler of Object.values(handlers)) handler({ content, filePath: "output.txt", ext: ".txt", contentType: "text" });
  }
  return harvested;
}
