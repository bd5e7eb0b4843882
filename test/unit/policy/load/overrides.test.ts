// [[override]]: a rule of a pack or an included file switched off, given
// another decision or observed, by id or glob of ids — without copying it.
import { describe, expect, test } from "bun:test";
import { decide } from "../../../support/decide.ts";
import { loadFrom } from "../../../support/memory-files.ts";

const policy = (text: string, more: Record<string, string> = {}) => {
  const loaded = loadFrom({ "/p/policy.toml": `version = 1\ninclude = ["builtin:git"]\n${text}`, ...more });
  if (!loaded.ok) throw new Error(loaded.problems.join("\n"));
  if (loaded.testFailures.length > 0) throw new Error(loaded.testFailures.join("\n"));
  return loaded;
};

describe("an override", () => {
  test("switches a pack rule off, and the pack's own tests still pass", () => {
    const { policy: compiled } = policy('[[override]]\nrules = "git-force-push"\ndecision = "off"\n');
    expect(decide("git push --force", compiled).decision).toBe("continue");
    expect(decide("git reset --hard", compiled).decision).toBe("confirm");
  });

  test("gives rules another decision, by a glob of ids, with its own message", () => {
    const { policy: compiled } = policy('[[override]]\nrules = "git-*"\ndecision = "block"\nreason = "no history rewriting here"\n');
    const verdict = decide("git reset --hard", compiled);
    expect(verdict).toMatchObject({ decision: "block", rule: "git-reset-hard" });
    expect(verdict.reason).toStartWith("no history rewriting here [rule git-reset-hard]");
    expect(compiled.rules.find((rule) => rule.ref.id === "git-reset-hard")!.overriddenAt).toBe("/p/policy.toml:3");
  });

  test("puts a rule in observe mode", () => {
    const { policy: compiled } = policy('[[override]]\nrules = ["git-force-push"]\nmode = "observe"\n');
    expect(decide("git push -f", compiled)).toMatchObject({ decision: "continue", verdict: { observed: { decision: "confirm", rule: { id: "git-force-push" } } } });
  });

  test("of the including file wins over one of an included file", () => {
    const loaded = loadFrom({
      "/p/policy.toml": 'version = 1\ninclude = ["team.toml"]\n[[override]]\nrules = "git-force-push"\ndecision = "block"\n',
      "/p/team.toml": 'version = 1\ninclude = ["builtin:git"]\n[[override]]\nrules = "git-force-push"\ndecision = "off"\n',
    });
    expect(loaded.ok && decide("git push --force", loaded.policy).decision).toBe("block");
  });

  test("in the user's file does not break the tests of the team file whose rule it changes", () => {
    const team = 'version = 1\n[[rule]]\nid = "team-no-docker"\nwhen = { command = "docker" }\ndecision = "block"\n[[test]]\ninput = "docker run x"\nexpect = "block"\n';
    const loaded = loadFrom({
      "/p/policy.toml": 'version = 1\ninclude = ["team.toml"]\n[[override]]\nrules = "team-no-docker"\ndecision = "off"\n[[test]]\ninput = "docker run x"\nexpect = "continue"\n',
      "/p/team.toml": team,
    });
    expect(loaded.ok && loaded.testFailures).toEqual([]);
    expect(loaded.ok && decide("docker run x", loaded.policy).decision).toBe("continue");
  });
});

describe("an override that cannot work", () => {
  test("matching no rule is a warning (a misspelt id would change nothing)", () => {
    const loaded = policy('[[override]]\nrules = "git-force-pus"\ndecision = "off"\n');
    expect(loaded.warnings).toEqual(['/p/policy.toml:3:1: override[1]: rules = "git-force-pus" matches no rule of this policy or what it includes, so it changes nothing']);
  });

  test("a decision the rule's hook cannot take is an error", () => {
    const loaded = loadFrom({ "/p/policy.toml": 'version = 1\ninclude = ["builtin:secrets"]\n[[override]]\nrules = "secrets-*"\ndecision = "withhold"\n' });
    expect(loaded.ok ? "" : loaded.problems.join("\n")).toContain('before_tool_call rule, which cannot take "withhold"');
  });

  test("a message with a decision other than confirm is an error", () => {
    const loaded = loadFrom({ "/p/policy.toml": 'version = 1\ninclude = ["builtin:git"]\n[[override]]\nrules = "git-force-push"\ndecision = "block"\nmessage = "sure?"\n' });
    expect(loaded.ok ? "" : loaded.problems.join("\n")).toContain("message is only used with decision confirm");
  });

  test("an override with neither decision nor mode is a schema error", () => {
    const loaded = loadFrom({ "/p/policy.toml": 'version = 1\n[[override]]\nrules = "x"\n' });
    expect(loaded.ok ? "" : loaded.problems.join("\n")).toContain("override[1]: give decision or mode (or both)");
  });
});

describe("whose tests see what", () => {
  test("a stricter rule of the user's file does not break a pack's tests (each file is tested as if it were the whole policy)", () => {
    const loaded = loadFrom({
      "/p/policy.toml":
        'version = 1\ninclude = ["builtin:git"]\n[[rule]]\nid = "no-force"\nwhen = { command = "git", flags = ["--force|-f"] }\ndecision = "block"\n[[test]]\ninput = "git push --force"\nexpect = "block"\n',
    });
    expect(loaded.ok && loaded.testFailures).toEqual([]);
  });

  test("allow-list mode in the user's file does not break a pack's tests that expect continue", () => {
    const loaded = loadFrom({ "/p/policy.toml": 'version = 1\ninclude = ["builtin:git"]\n[defaults]\ndecision = "block"\n' });
    expect(loaded.ok && loaded.testFailures).toEqual([]);
  });

  test("the user's own tests see everything: a test the pack's rule contradicts fails", () => {
    const loaded = loadFrom({ "/p/policy.toml": 'version = 1\ninclude = ["builtin:git"]\n[[test]]\ninput = "git push --force"\nexpect = "continue"\n' });
    expect(loaded.ok && loaded.testFailures.join("\n")).toContain("expected continue, got confirm");
  });
});
