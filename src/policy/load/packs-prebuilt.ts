// The built-in packs, read and validated when the executable is built: a Bun
// macro (imported `with { type: "macro" }`) runs this at bundle time and the
// bundle holds its result, so the binary never parses or validates its own
// packs again. It runs the same code as any policy file (readPartSteps), and
// a pack that does not validate fails the build. A user's policy is still
// parsed and validated on every load.
import { createRequire } from "node:module";
import { type PolicyPart, type RuleGate, ruleGate } from "../engine/compile.ts";
import { runSteps, type Steps } from "../steps.ts";
import defaultPolicyText from "../default-policy.toml" with { type: "text" };
import { BUILTIN_PACK_NAMES, builtinPackText } from "./packs.ts";
import { readRegexFacts, type RegexFacts } from "../../match/regex-facts.ts";
import type { Position } from "../format/source.ts";
import { type ReadPart, readPartSteps } from "./part.ts";
import { splitRules } from "./rule-body.ts";
import { writtenAlternativeGates } from "../engine/alternative-gates.ts";

/** A pack as the loader needs it: its validated file and the line of every rule and test. */
export type PrebuiltPack = Pick<PolicyPart, "file" | "ruleLines" | "testLines"> & {
  raw: Record<string, unknown>;
  /** Where each `include` entry is written: every load names it (an included file's "included from"), so it is read here, not parsed for. */
  includePositions: Array<Position | null>;
  /** What regex-facts.ts reads off each pattern of the file's rules, read here once. */
  regexFacts: Record<string, RegexFacts>;
  /** What decides cheaply whether each rule can apply (its programs and facts), read here once: compile.ts RuleGate. */
  gates: RuleGate[];
  /** In the executable's text: where each rule's body and alternative gates end (rule-body.ts RuleHeads). */
  ends?: number[];
};

/** What the build keeps of a file it read: validated data, the lines of rules and tests, the places of includes. */
function prebuilt(read: Extract<ReadPart, { ok: true }>, raw: Record<string, unknown>): PrebuiltPack {
  const { file, ruleLines, testLines } = read.part;
  return {
    file,
    ruleLines: ruleLines.map((line) => line ?? 0),
    testLines: testLines.map((line) => line ?? 0),
    raw,
    includePositions: (file.include ?? []).map((_, index) => read.locate(["include", index]) ?? null),
    regexFacts: Object.fromEntries(patternsIn(file.rule).map((source) => [source, readRegexFacts(source)])),
    gates: file.rule.map((rule) => ruleGate(rule)),
  };
}

/** Every regular expression a file's rules hold: `regex` matchers anywhere in their conditions, `modify.replace` patterns. */
function patternsIn(value: unknown, key?: string): string[] {
  if (typeof value === "string") return key === "regex" ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => patternsIn(item, key === "replace" ? "replace" : undefined));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([name, inner]) => (key === "replace" && name === "pattern" ? patternsIn(inner, "regex") : patternsIn(inner, name)));
}

/**
 * Every built-in pack, validated, as text (what the macro hands to the
 * bundle). Text, not an object literal: a literal of this size took the
 * executable ~120 ms of CPU to build at every start, JSON.parse of one pack
 * takes well under a millisecond, and only when a policy includes it.
 */
export function prebuiltPacks(): Record<string, string> {
  const packs: Record<string, string> = {};
  for (const [name, read] of validatedPacks()) {
    const pack = prebuilt(read, rawKeysRead(read.raw));
    // A pack's tests run in this project's test suite, never on a load: they are kept apart (prebuiltPackTests).
    packs[name] = prebuiltText({ ...pack, file: { ...pack.file, test: [] } });
  }
  return packs;
}

/**
 * A prebuilt file as the executable holds it: the length of its JSON, the JSON with its rules' heads, then their
 * bodies and alternative gates (rule-body.ts), which a load leaves unparsed until a call reaches the rule.
 */
function prebuiltText(pack: PrebuiltPack): string {
  const { heads, ends, pieces } = splitRules(pack.file.rule, writtenAlternativeGates, asciiJson);
  const head = asciiJson({ ...pack, file: { ...pack.file, rule: heads }, ends });
  return `${head.length}:${head}${pieces}`;
}

/**
 * Each pack's inline tests as JSON text, apart from the pack: a fifth of the packs' text, which a load would parse
 * for nothing (issue 27). packs-embedded.ts parses a pack's when something reads them (the test suite, `validate`).
 */
export function prebuiltPackTests(): Record<string, string> {
  return Object.fromEntries([...validatedPacks()].map(([name, read]) => [name, asciiJson(read.part.file.test)]));
}

/**
 * JSON text with every character past ASCII written as a \\u escape: the same value once parsed, but the text is
 * a one-byte string in the executable. The packs' em dashes and arrows made each pack's text a two-byte string,
 * twice the size to page in, and JSON.parse reads a one-byte text faster (−10 to −20 % on the packs, issue 27).
 */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

let validated: Map<string, Extract<ReadPart, { ok: true }>> | undefined;

/** Every pack read and validated, once for both macros. */
function validatedPacks(): Map<string, Extract<ReadPart, { ok: true }>> {
  validated ??= withModuleRequire(() => {
    const packs = new Map<string, Extract<ReadPart, { ok: true }>>();
    for (const name of BUILTIN_PACK_NAMES) {
      const read = runSteps(readPartSteps(builtinPackText(name)!, `builtin:${name}`, "toml"));
      if (!read.ok) throw new Error(`builtin:${name} does not validate: ${read.problems.map((problem) => problem.message).join("; ")}`);
      packs.set(name, read);
    }
    return packs;
  });
  return validated;
}

/**
 * The embedded default policy, validated, as text (prebuiltText): the starter file
 * `install` and `init` write holds the same text, so most loads of a main file
 * start from this too (packs-embedded.ts embeddedDefaultSteps). Its raw data is
 * kept whole: it is small, and a main file's raw data is not only warned about.
 */
export function prebuiltDefault(): string {
  return withModuleRequire(() => {
    const read = runSteps(readPartSteps(defaultPolicyText, "embedded default policy", "toml"));
    if (!read.ok) throw new Error(`the embedded default policy does not validate: ${read.problems.map((problem) => problem.message).join("; ")}`);
    return prebuiltText(prebuilt(read, read.raw));
  });
}

/**
 * Runs `work` with a require() for the modules validation loads on first use (part.ts the schema, regex.ts the RE2
 * engine): a macro runs without the module's own. This module's is given only for the call, then the one before is
 * put back, so a macro run later in the same process (table-index.ts installs its own) resolves from its own
 * directory; part.ts is in this directory, so its relative paths resolve the same from here.
 */
function withModuleRequire<T>(work: () => T): T {
  const scope = globalThis as { require?: unknown };
  const before = scope.require;
  scope.require = createRequire(import.meta.url);
  try {
    return work();
  } finally {
    scope.require = before;
  }
}

/**
 * Of the data as written, what the loader reads of an included file (its
 * `[defaults]` and `[shell]`, to warn that they are ignored: includes.ts);
 * the rest is in `file`, validated, and would only double the text to parse.
 */
export function rawKeysRead(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([key]) => key === "defaults" || key === "shell"));
}

/** A pack read the way any policy file is, now: the prebuilt form must equal it (a test says so). */
export function* freshPackSteps(name: string): Steps<ReadPart | undefined> {
  const text = builtinPackText(name);
  if (text === undefined) return undefined;
  return yield* readPartSteps(text, `builtin:${name}`, "toml");
}
