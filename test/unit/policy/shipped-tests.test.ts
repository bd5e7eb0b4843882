// The tests shipped in the binary — each built-in pack's and the embedded
// default policy's — are not run on every load (a user's rule must not make
// them fail); they are run here, each against its own file alone.
import { describe, expect, test } from "bun:test";
import { runInlineTests } from "../../../src/policy/checks/inline-tests.ts";
import { loadPolicy } from "../../../src/policy/load/load.ts";
import { defaultPolicyText, directEngineDeps } from "../../../src/policy/load/load-file.ts";
import { BUILTIN_PACK_NAMES, builtinPackText } from "../../../src/policy/load/packs.ts";
import { formatProblem } from "../../../src/policy/format/source.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const HOMES = ["/home/ada", "/tmp/ci-home"];

function failuresOf(text: string, file: string, home: string): string[] {
  const loaded = loadPolicy({ text, file, home, format: "toml", deps: directEngineDeps() });
  if (!loaded.ok) return loaded.problems.map(formatProblem);
  return runInlineTests(loaded.policy, "all").map((failure) => `${failure.label}: ${failure.message}`);
}

describe.each(HOMES)("with HOME=%s", (home) => {
  test.each(BUILTIN_PACK_NAMES)("builtin:%s passes its own tests", (name) => {
    expect(failuresOf(builtinPackText(name)!, `builtin:${name}`, home)).toEqual([]);
  });

  test("the embedded default policy passes every test, its packs' included", () => {
    expect(failuresOf(defaultPolicyText, "embedded default policy", home)).toEqual([]);
  });
});
