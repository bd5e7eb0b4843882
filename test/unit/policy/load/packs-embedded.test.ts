// The packs the executable embeds were validated at build time (a Bun macro
// running readPartSteps); these tests hold the embedded form to what a fresh
// read of the pack text gives: the same data, and the same verdicts over the
// whole corpus under the default policy.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { loadPolicy } from "../../../../src/policy/load/load.ts";
import { defaultPolicyText } from "../../../../src/policy/load/load-file.ts";
import { BUILTIN_PACK_NAMES } from "../../../../src/policy/load/packs.ts";
import { embeddedDefaultPart, embeddedPackSteps, readPrebuilt } from "../../../../src/policy/load/packs-embedded.ts";
import { readPartSteps } from "../../../../src/policy/load/part.ts";
import { readRegexFacts, regexFacts } from "../../../../src/match/regex-facts.ts";
import { freshPackSteps, prebuiltDefault, prebuiltPacks, prebuiltPackTests, rawKeysRead } from "../../../../src/policy/load/packs-prebuilt.ts";
import { runSteps } from "../../../../src/policy/steps.ts";
import { registeredRuleGate, ruleGate } from "../../../../src/policy/engine/compile.ts";
import { registeredAlternativeGates, writtenAlternativeGates } from "../../../../src/policy/engine/alternative-gates.ts";
import { analyzeShell } from "../../../../src/shell/analyze.ts";
import { judgeUnder } from "../../../support/corpus.ts";
import { policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const HOME = "/home/ada";
const deps = { analyzer: analyzeShell, clock: { now: () => 0 } };

/** As plain data: what survives JSON (the embedded form is a literal in the bundle). */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value ?? null));

describe("the embedded packs", () => {
  test("are held as one-byte text: every character past ASCII is escaped, and each text parses to the value it was made from", () => {
    const texts = [...Object.values(prebuiltPacks()), ...Object.values(prebuiltPackTests()), prebuiltDefault()];
    for (const text of texts) expect(text).toMatch(/^[\x20-\x7e]*$/);
    // The packs do use such characters (em dashes, arrows): the escapes are there, and JSON.parse gives them back.
    const git = runSteps(freshPackSteps("git"));
    if (!git?.ok) throw new Error("builtin:git did not read");
    expect(JSON.stringify(git.part.file.rule)).toMatch(/[^ -~]/);
    expect(plain(readPrebuilt(prebuiltPacks().git!).file.rule)).toEqual(plain(git.part.file.rule));
  });

  test.each(BUILTIN_PACK_NAMES)("builtin:%s is the pack as a fresh read gives it", (name) => {
    const embedded = runSteps(embeddedPackSteps(name));
    const fresh = runSteps(freshPackSteps(name));
    if (!embedded?.ok || !fresh?.ok) throw new Error(`builtin:${name} did not read`);
    expect(plain(embedded.part.file)).toEqual(plain(fresh.part.file));
    expect(embedded.part.ruleLines).toEqual(fresh.part.ruleLines.map((line) => line ?? 0));
    // Each rule's gate (its programs and facts) as the build read it, against a reading now.
    expect(embedded.part.file.rule.map(registeredRuleGate)).toEqual(fresh.part.file.rule.map((rule) => ruleGate(rule)));
    // And the gates of each rule's alternatives, read without its conditions being parsed.
    expect(embedded.part.file.rule.map(registeredAlternativeGates)).toEqual(fresh.part.file.rule.map(writtenAlternativeGates));
    // Every key in the order written, a rule's body read when first asked for.
    expect(embedded.part.file.rule.map((rule) => Object.keys(rule))).toEqual(fresh.part.file.rule.map((rule) => Object.keys(rule)));
    expect(embedded.raw).toEqual(plain(rawKeysRead(fresh.raw)));
    expect(embedded.locate(["rule", 0, "id"])).toEqual(fresh.locate(["rule", 0, "id"]));
    for (const index of (fresh.part.file.include ?? []).keys()) expect(embedded.locate(["include", index])).toEqual(fresh.locate(["include", index]));
  });

  test("the embedded default policy (and a starter file nobody edited) is the text as a fresh read gives it", () => {
    const embedded = embeddedDefaultPart(defaultPolicyText, "/home/ada/plugin/policy.toml");
    const fresh = runSteps(readPartSteps(defaultPolicyText, "/home/ada/plugin/policy.toml", "toml"));
    if (!embedded?.ok || !fresh.ok) throw new Error("the default policy did not read");
    expect(plain(embedded.part.file)).toEqual(plain(fresh.part.file));
    expect(embedded.part.source).toBe(fresh.part.source);
    expect(embedded.part.ruleLines).toEqual(fresh.part.ruleLines.map((line) => line ?? 0));
    expect(embedded.raw).toEqual(plain(fresh.raw));
    expect(embedded.part.file.rule.map(registeredRuleGate)).toEqual(fresh.part.file.rule.map((rule) => ruleGate(rule)));
    expect(embedded.locate(["defaults", "on_error"])).toEqual(fresh.locate(["defaults", "on_error"]));
    expect(fresh.part.file.include?.length).toBeGreaterThan(3);
    for (const index of fresh.part.file.include!.keys()) expect(embedded.locate(["include", index])).toEqual(fresh.locate(["include", index]));
    // One character more is another file: it is read and validated as written.
    expect(embeddedDefaultPart(`${defaultPolicyText}\n`, "policy.toml")).toBeUndefined();
  });

  test("the facts the build read off the packs' patterns are what reading them now gives", () => {
    const patterns = new Set<string>();
    const collect = (value: unknown, key?: string): void => {
      if (typeof value === "string" && (key === "regex" || key === "pattern")) patterns.add(value);
      else if (Array.isArray(value)) for (const item of value) collect(item, key);
      else if (value !== null && typeof value === "object") for (const [name, inner] of Object.entries(value)) collect(inner, name);
    };
    for (const name of BUILTIN_PACK_NAMES) {
      runSteps(embeddedPackSteps(name));
      const fresh = runSteps(freshPackSteps(name));
      if (fresh?.ok) collect(fresh.part.file.rule);
    }
    expect(patterns.size).toBeGreaterThan(10);
    for (const source of patterns) expect({ source, facts: regexFacts(source) }).toEqual({ source, facts: readRegexFacts(source) });
  });

  test("an unknown pack is not embedded", () => {
    expect(runSteps(embeddedPackSteps("nope"))).toBeUndefined();
    expect(runSteps(embeddedPackSteps("__proto__"))).toBeUndefined();
  });

  // The data being equal is the proof; the verdicts are the check that nothing outside the data differs. Every
  // eighth corpus line keeps this quick (test/corpus.test.ts judges every line under the embedded packs).
  test("the default policy with embedded packs judges the corpus as with freshly read packs", () => {
    // The embedded side is the suite's own default policy (test/support/decide.ts: this home, these deps), whose
    // verdicts test/corpus.test.ts has already reached when it ran first in this process.
    const embedded = policyOf(defaultPolicyText, HOME);
    const loaded = loadPolicy({ text: defaultPolicyText, file: "policy.toml", home: HOME, format: "toml", deps, packs: freshPackSteps });
    if (!loaded.ok) throw new Error("the default policy does not load with freshly read packs");
    const fresh = loaded.policy;
    expect(embedded.hash).toBe(fresh.hash);
    const lines = ["dangerous.tsv", "benign.tsv"].flatMap((file) =>
      readFileSync(`${import.meta.dir}/../../../fixtures/corpus/${file}`, "utf8")
        .split("\n")
        .filter((line: string) => line.trim() !== "" && !line.startsWith("#"))
        .map((line: string) => line.slice(line.lastIndexOf("\t") + 1).replaceAll("\\n", "\n"))
        .filter((_: string, index: number) => index % 8 === 0),
    );
    const differ: string[] = [];
    for (const command of lines) {
      const a = judgeUnder(embedded, command);
      const b = judgeUnder(fresh, command);
      if (a.decision !== b.decision || a.decider !== b.decider) differ.push(`${command}: embedded ${a.decision} by ${a.decider}, fresh ${b.decision} by ${b.decider}`);
    }
    expect(lines.length).toBeGreaterThan(150);
    expect(differ).toEqual([]);
  });
});
