// The secrets corpus (test/fixtures/secrets/secrets.tsv): every fake secret is
// redacted and every look-alike passes untouched by the shipped registry, with
// detection and false-redaction figures printed per family — also for
// secretlint's preset alone and our own detectors alone, the comparison that
// chose to ship both.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Detector } from "../../../src/match/secrets/detector.ts";
import { FAMILY_IDS } from "../../../src/match/secrets/families.ts";
import { redactOutput } from "../../../src/match/secrets/redact.ts";
import { allDetectors } from "../../../src/match/secrets/registry.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

type Row = { kind: "secret" | "lookalike"; family: string; text: string; secret: string };

const unescapeField = (field: string) => field.replace(/\\(.)/g, (_, char: string) => (char === "n" ? "\n" : char === "t" ? "\t" : char));
const rows: Row[] = readFileSync(new URL("../../fixtures/secrets/secrets.tsv", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line !== "" && !line.startsWith("#"))
  .map((line) => {
    const [kind, family, text, secret] = line.split("\t").map(unescapeField);
    return { kind: kind as Row["kind"], family: family!, text: text!, secret: secret ?? "" };
  });

const noClock = { work: Number.POSITIVE_INFINITY, timeMs: Number.POSITIVE_INFINITY, now: () => 0 };
const redacted = (text: string, detectors: readonly Detector[]) => {
  const outcome = redactOutput(text, detectors, noClock);
  if (outcome.kind === "budget-spent") throw new Error("an unlimited budget cannot be spent");
  return outcome.kind === "clean" ? text : outcome.text;
};

type Figures = { caught: number; secrets: number; falselyRedacted: number; lookalikes: number };
function figures(detectors: readonly Detector[]): Map<string, Figures> {
  const byFamily = new Map<string, Figures>();
  for (const row of rows) {
    const entry = byFamily.get(row.family) ?? { caught: 0, secrets: 0, falselyRedacted: 0, lookalikes: 0 };
    const output = redacted(row.text, detectors);
    if (row.kind === "secret") {
      entry.secrets++;
      if (!output.includes(row.secret)) entry.caught++;
    } else {
      entry.lookalikes++;
      if (output !== row.text) entry.falselyRedacted++;
    }
    byFamily.set(row.family, entry);
  }
  return byFamily;
}

const shipped = allDetectors();
const SOURCES = { both: shipped, secretlint: shipped.filter((d) => d.origin === "secretlint"), own: shipped.filter((d) => d.origin === "synaps-policy") };

describe("the secrets corpus", () => {
  test("covers every family the registry offers", () => {
    const inCorpus = new Set(rows.filter((row) => row.kind === "secret").map((row) => row.family));
    expect(FAMILY_IDS.filter((family) => !inCorpus.has(family))).toEqual([]);
  });

  test("prints detection and false redaction per family, for each source", () => {
    const results = Object.fromEntries(Object.entries(SOURCES).map(([name, detectors]) => [name, figures(detectors)]));
    const families = [...results.both!.keys()];
    const cell = (entry: Figures | undefined, kind: "secret" | "lookalike") =>
      !entry ? "" : kind === "secret" ? (entry.secrets ? `${entry.caught}/${entry.secrets}` : "") : entry.lookalikes ? `${entry.falselyRedacted}/${entry.lookalikes}` : "";
    const lines = [
      `${"family".padEnd(22)} ${"detected: both".padStart(14)} ${"secretlint".padStart(10)} ${"own".padStart(6)}   ${"falsely redacted: both".padStart(22)} ${"secretlint".padStart(10)} ${"own".padStart(6)}`,
    ];
    const total = { both: [0, 0, 0, 0], secretlint: [0, 0, 0, 0], own: [0, 0, 0, 0] } as Record<string, number[]>;
    for (const family of families) {
      const get = (source: string) => results[source]!.get(family);
      lines.push(
        `${family.padEnd(22)} ${cell(get("both"), "secret").padStart(14)} ${cell(get("secretlint"), "secret").padStart(10)} ${cell(get("own"), "secret").padStart(6)}   ${cell(get("both"), "lookalike").padStart(22)} ${cell(get("secretlint"), "lookalike").padStart(10)} ${cell(get("own"), "lookalike").padStart(6)}`,
      );
      for (const source of Object.keys(SOURCES)) {
        const entry = get(source)!;
        total[source] = [total[source]![0]! + entry.caught, total[source]![1]! + entry.secrets, total[source]![2]! + entry.falselyRedacted, total[source]![3]! + entry.lookalikes];
      }
    }
    const sum = (source: string, part: "secret" | "lookalike") => (part === "secret" ? `${total[source]![0]}/${total[source]![1]}` : `${total[source]![2]}/${total[source]![3]}`);
    lines.push(
      `${"total".padEnd(22)} ${sum("both", "secret").padStart(14)} ${sum("secretlint", "secret").padStart(10)} ${sum("own", "secret").padStart(6)}   ${sum("both", "lookalike").padStart(22)} ${sum("secretlint", "lookalike").padStart(10)} ${sum("own", "lookalike").padStart(6)}`,
    );
    console.log(`\nsecrets corpus (${rows.length} rows)\n${lines.join("\n")}`);
    // The shipped registry must do at least as well as either source alone.
    expect(total.both![0]).toBeGreaterThanOrEqual(Math.max(total.secretlint![0]!, total.own![0]!));
  });

  // Long outputs find literals in one pass for all detectors (literal-search.ts), short texts one
  // literal at a time: both ways must redact the same spans. (At the output's end: a private key cut
  // off by a cap runs to the end of the text.)
  test("at the end of a long output, every row is redacted exactly as on its own", () => {
    const padding = Array.from({ length: 40 }, (_, index) => `[${index}] compiling src/module${index}.ts … ok\n`).join("");
    expect(padding.length).toBeGreaterThan(1024);
    const differ = rows.filter((row) => redacted(padding + row.text, shipped) !== padding + redacted(row.text, shipped));
    expect(differ.map((row) => row.text)).toEqual([]);
  });

  for (const row of rows) {
    const label = `${row.kind} ${row.family}: ${JSON.stringify(row.text.slice(0, 60))}`;
    test(label, () => {
      const output = redacted(row.text, shipped);
      if (row.kind === "secret") expect(output).not.toContain(row.secret);
      else expect(output).toBe(row.text);
    });
  }
});
