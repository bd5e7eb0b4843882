// The built-in packs as the executable holds them: validated when it was
// built (packs-prebuilt.ts, run as a Bun macro), so loading one costs no
// parsing and no validation. Where a pack's text positions are wanted (a
// problem or a warning that names a line), the text is parsed then.
import { rememberRegexFacts } from "../../match/regex-facts.ts";
import { rememberAlternativeGates } from "../engine/alternative-gates.ts";
import { rememberRuleGates } from "../engine/compile.ts";
import { type RuleHeads, rulesFromHeads } from "./rule-body.ts";
import { parseSourceSteps, type DataPath, type Position } from "../format/source.ts";
import { runSteps, type Steps } from "../steps.ts";
import { builtinPackText, isBuiltinPack } from "./packs.ts";
import type { PrebuiltPack } from "./packs-prebuilt.ts";
import { prebuiltDefault, prebuiltPacks, prebuiltPackTests } from "./packs-prebuilt.ts" with { type: "macro" };
import defaultPolicyText from "../default-policy.toml" with { type: "text" };
import type { ReadPart } from "./part.ts";
import type { PolicyFile, TestCase } from "../format/schema.ts";

// Each pack as JSON text, parsed when a load includes it (a string costs nothing at start).
const PREBUILT = prebuiltPacks();
const PREBUILT_TESTS = prebuiltPackTests();

/** How the loader reads a built-in pack by name (undefined: no such pack). */
export type PackReader = (name: string) => Steps<ReadPart | undefined>;

/** The prebuilt pack, as a validated part; positions are read from its text on first use (only a problem or a warning needs one). */
export function* embeddedPackSteps(name: string): Steps<ReadPart | undefined> {
  const json = Object.hasOwn(PREBUILT, name) ? PREBUILT[name] : undefined;
  if (json === undefined || !isBuiltinPack(name)) return undefined;
  const prebuilt = readPrebuilt(json);
  const tests = PREBUILT_TESTS[name];
  if (tests !== undefined) testsOnFirstRead(prebuilt.file, tests);
  // A step per pack parsed: a load of many packs is sliced between them.
  yield;
  return prebuiltPart(prebuilt, `builtin:${name}`, () => builtinPackText(name) ?? "");
}

/** The file's `test` list, parsed from its JSON text when first read. */
function testsOnFirstRead(file: PolicyFile, json: string) {
  let tests: TestCase[] | undefined;
  Object.defineProperty(file, "test", {
    get: () => {
      tests ??= JSON.parse(json) as TestCase[];
      return tests;
    },
    enumerable: true,
    configurable: true,
  });
}

/**
 * A main file whose text is the embedded default's, exactly (the embedded default itself, or the starter file
 * `install` wrote and nobody edited), as the build validated it; undefined for any other text, which is read.
 */
export function embeddedDefaultPart(text: string, source: string): ReadPart | undefined {
  if (text !== defaultPolicyText) return undefined;
  return prebuiltPart(readPrebuilt(prebuiltDefault()), source, () => text);
}

/** A prebuilt file from its text (packs-prebuilt.ts prebuiltText): the heads parsed now, each rule's body when read. */
export function readPrebuilt(text: string): PrebuiltPack {
  const colon = text.indexOf(":");
  const from = colon + 1 + Number(text.slice(0, colon));
  const prebuilt = JSON.parse(text.slice(colon + 1, from)) as PrebuiltPack;
  const { rules, alternatives } = rulesFromHeads({ heads: prebuilt.file.rule as unknown as RuleHeads["heads"], ends: prebuilt.ends ?? [] }, text, from);
  rememberAlternativeGates(rules, alternatives);
  return prebuilt;
}

/** `text`: the file's text, asked for only when a position is (a pack's is read from the executable then). */
function prebuiltPart(prebuilt: PrebuiltPack, source: string, text: () => string): ReadPart {
  rememberRegexFacts(prebuilt.regexFacts);
  rememberRuleGates(prebuilt.file.rule, prebuilt.gates);
  let locate: ((path: DataPath) => Position | undefined) | undefined;
  const parsedLocate = () => {
    if (locate) return locate;
    const result = runSteps(parseSourceSteps(source, text(), "toml"));
    locate = result.ok ? result.locate : () => undefined;
    return locate;
  };
  return {
    ok: true,
    part: { file: prebuilt.file, source, ruleLines: prebuilt.ruleLines, testLines: prebuilt.testLines },
    locate: (path) => {
      const include = path.length === 2 && path[0] === "include" && typeof path[1] === "number" ? prebuilt.includePositions[path[1]] : undefined;
      return include ?? parsedLocate()(path);
    },
    raw: prebuilt.raw,
  };
}
