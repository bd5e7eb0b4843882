// The tests shipped in the binary — each built-in pack's and the embedded
// default policy's — are not run on every load (a user's rule must not make
// them fail); they are run here, each against its own file alone.
import { describe, expect, test } from "bun:test";
import { runInlineTests } from "../../../src/policy/checks/inline-tests.ts";
import type { CompiledPolicy } from "../../../src/policy/engine/compile.ts";
import { loadPolicy } from "../../../src/policy/load/load.ts";
import { defaultPolicyText, directEngineDeps } from "../../../src/policy/load/load-file.ts";
import { BUILTIN_PACK_NAMES, builtinPackText } from "../../../src/policy/load/packs.ts";
import { formatProblem } from "../../../src/policy/format/source.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

/** Every test runs at the first home; at the second (a CI home under /tmp), those whose call can meet home. */
const HOMES = [
  { home: "/home/ada", which: "every test" },
  { home: "/tmp/ci-home", which: "the tests that mention home" },
] as const;

/**
 * Home enters a test's verdict through its call's text (a `~`, `$HOME`, a bare `cd`, a path under /home or /root):
 * a file a program reads from home unasked is placed under the same home as the rules that match it. Checked over
 * every shipped test at /home/ada, /tmp/ci-home, /root and /Users/x (decision, deciding rule, rules matched): the
 * 12 that differed all mention home, so the others judged again at the second home could only agree.
 */
function mentionsHome(policy: CompiledPolicy): CompiledPolicy {
  return { ...policy, tests: policy.tests.filter(({ test }) => /~|home|\/root|\bcd\b/i.test(JSON.stringify(test))) };
}

function failuresOf(text: string, file: string, home: string, which: (typeof HOMES)[number]["which"]): string[] {
  const loaded = loadPolicy({ text, file, home, format: "toml", deps: directEngineDeps() });
  if (!loaded.ok) return loaded.problems.map(formatProblem);
  const policy = which === "every test" ? loaded.policy : mentionsHome(loaded.policy);
  return runInlineTests(policy, "all").map((failure) => `${failure.label}: ${failure.message}`);
}

describe.each(HOMES)("with HOME=$home, $which", ({ home, which }) => {
  test.each(BUILTIN_PACK_NAMES)("builtin:%s passes its own tests", (name) => {
    expect(failuresOf(builtinPackText(name)!, `builtin:${name}`, home, which)).toEqual([]);
  });

  test("the embedded default policy passes every test, its packs' included", () => {
    expect(failuresOf(defaultPolicyText, "embedded default policy", home, which)).toEqual([]);
  });
});

test("the second home's selection keeps the tests that mention home and leaves the others", () => {
  const loaded = loadPolicy({ text: builtinPackText("persistence")!, file: "builtin:persistence", home: "/tmp/ci-home", format: "toml", deps: directEngineDeps() });
  if (!loaded.ok) throw new Error("builtin:persistence does not load");
  const kept = mentionsHome(loaded.policy).tests;
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.length).toBeLessThan(loaded.policy.tests.length);
  expect(kept.some(({ test }) => JSON.stringify(test).includes("~/.ssh/config"))).toBe(true);
});
