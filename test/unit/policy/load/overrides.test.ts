// [[override]]: a rule of a pack or an included file switched off, given
// another decision or observed, by id or glob of ids — without copying it.
import { describe, expect, test } from "bun:test";
import { decide } from "../../../support/decide.ts";
import { loadFrom } from "../../../support/memory-files.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

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
    expect(loaded.ok ? "" : loaded.problems.join("\n")).toContain("override[1]: give decision, mode or unless");
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

describe("an override's unless: a narrow exception without copying the rule", () => {
  const fs = (text: string) => {
    const loaded = loadFrom({ "/p/policy.toml": `version = 1\ninclude = ["builtin:destructive-fs"]\n${text}` });
    if (!loaded.ok) throw new Error(loaded.problems.join("\n"));
    if (loaded.testFailures.length > 0) throw new Error(loaded.testFailures.join("\n"));
    return loaded.policy;
  };

  test("adds paths to a built-in rule's exceptions; everything else it stops stays stopped", () => {
    const compiled = fs('[[override]]\nrules = "fs-recursive-delete"\nunless = { paths = ["~/code/*/build", "~/code/*/dist"] }\n');
    expect(decide("rm -rf ~/code/webapp/build", compiled).decision).toBe("continue");
    expect(decide("cd ~/code/webapp && rm -rf dist", compiled).decision).toBe("continue");
    expect(decide("rm -rf ~/code/webapp/src", compiled).decision).toBe("block");
    expect(decide("rm -rf ~/code", compiled).decision).toBe("block");
    // The rule's own exceptions still hold.
    expect(decide("rm -rf /tmp/x", compiled).decision).toBe("continue");
    const rule = compiled.rules.find((candidate) => candidate.ref.id === "fs-recursive-delete")!;
    expect(rule.overrides?.by).toEqual(["/p/policy.toml:3"]);
  });

  test("takes commands too, and is refused where it makes no sense", () => {
    const compiled = fs('[[override]]\nrules = "fs-recursive-delete"\nunless = { command = "rimraf" }\n');
    expect(decide("rimraf ~/code", compiled).decision).toBe("continue");
    expect(decide("rm -rf ~/code", compiled).decision).toBe("block");
    const broken = loadFrom({ "/p/policy.toml": 'version = 1\ninclude = ["builtin:git"]\n[[override]]\nrules = "git-*"\n' });
    expect(broken.ok ? [] : broken.problems.join("\n")).toContain("give decision, mode or unless");
  });
});

describe("an included file only tightens what its includer brings in", () => {
  const team = (override: string) =>
    loadFrom({
      "/p/policy.toml": 'version = 1\ninclude = ["builtin:destructive-fs", "team.toml"]\n',
      "/p/team.toml": `version = 1\ninclude = ["builtin:destructive-fs", "builtin:git"]\n${override}`,
    });

  test('rules = "*", decision = "off" leaves the user\'s own packs on, and says so', () => {
    const loaded = team('[[override]]\nrules = "*"\ndecision = "off"\n');
    if (!loaded.ok) throw new Error(loaded.problems.join("\n"));
    expect(decide("rm -rf ~", loaded.policy).decision).toBe("block");
    // What only the team file brings in is its own to switch off.
    expect(decide("git push --force", loaded.policy).decision).toBe("continue");
    const warning = loaded.warnings.find((line) => line.includes("tighten, never loosen"));
    expect(warning).toContain("/p/team.toml:3");
    expect(warning).toContain("switch off");
    expect(warning).toContain("fs-recursive-delete");
  });

  test("lowering, observing or excepting the includer's rules is refused; tightening them is not", () => {
    for (const change of ['decision = "continue"', 'mode = "observe"', 'unless = { paths = ["~/**"] }']) {
      const loaded = team(`[[override]]\nrules = "fs-recursive-delete"\n${change}\n`);
      if (!loaded.ok) throw new Error(loaded.problems.join("\n"));
      expect(decide("rm -rf ~/docs", loaded.policy).decision).toBe("block");
      expect(loaded.warnings.join("\n")).toContain("fs-recursive-delete");
    }
    const tighter = team('[[override]]\nrules = "fs-delete-unseen-targets"\ndecision = "block"\nreason = "team says no"\n');
    if (!tighter.ok) throw new Error(tighter.problems.join("\n"));
    expect(decide("rm $X", tighter.policy).decision).toBe("block");
    expect(tighter.warnings).toEqual([]);
  });

  test("the user's own file still loosens what it includes", () => {
    const loaded = loadFrom({
      "/p/policy.toml": 'version = 1\ninclude = ["builtin:destructive-fs", "team.toml"]\n[[override]]\nrules = "fs-recursive-delete"\ndecision = "confirm"\n',
      "/p/team.toml": 'version = 1\ninclude = ["builtin:destructive-fs"]\n',
    });
    expect(loaded.ok && decide("rm -rf ~/docs", loaded.policy).decision).toBe("confirm");
  });
});
