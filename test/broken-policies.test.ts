// Broken policy files: each gets a clear message that says where (file:line:column)
// and what — and every problem at once, not just the first. The messages come
// from the loader in process (the same text `validate`, the extension and
// `check` print); `validate` run in process shows it prints them all.
import { describe, expect, test } from "bun:test";
import { homedir } from "node:os";
import { loadPolicyFile } from "../src/policy/load/load-file.ts";
import { collectingIo } from "../src/cli/io.ts";
import { runCommand } from "../src/cli/run.ts";
import { pluginFolder } from "./support/host-events.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

/** The problems of a policy file, as `validate` lists them (empty when it is valid). */
function problemsOf(file: string): string {
  const loaded = loadPolicyFile({ file, explicit: true }, homedir());
  return loaded.ok ? "" : loaded.problems.join("\n");
}

type Case = { name: string; text: string; file?: string; expect: Array<string | RegExp> };

const rule = (body: string) => `version = 1\n\n[[rule]]\n${body}\n`;

const CASES: Case[] = [
  { name: "an unclosed string", text: 'version = 1\n[[rule]]\nid = "x\ndecision = "block"\n', expect: [/policy\.toml:3:\d+: TOML syntax error/] },
  { name: "a key given twice", text: "version = 1\nversion = 1\n", expect: [/policy\.toml:2:\d+: TOML syntax error/] },
  { name: "no version", text: '[[rule]]\nid = "x"\ndecision = "block"\n', expect: ['policy.toml:1:1: version: missing required key "version"'] },
  { name: "an unknown version", text: "version = 2\n", expect: ["policy.toml:1:1: version: expected version = 1"] },
  { name: "a misspelt top-level table", text: 'version = 1\n[[rules]]\nid = "x"\ndecision = "block"\n', expect: ['unknown key "rules" — did you mean "rule"?'] },
  {
    name: "a misspelt decision",
    text: rule('id = "force-push"\ndecision = "blokc"'),
    expect: ['policy.toml:5:1: rule[1] "force-push": decision: expected one of "continue", "allow", "block"', 'got "blokc"'],
  },
  {
    name: "a misspelt rule key",
    text: rule('id = "a"\ndecision = "block"\nwhne = { command = "rm" }'),
    expect: ['policy.toml:6:1: rule[1] "a": whne: unknown key "whne" — did you mean "when"?'],
  },
  {
    name: "a misspelt condition key",
    text: rule('id = "a"\ndecision = "block"\nwhen = { comand = "rm" }'),
    expect: ['rule[1] "a": when.comand: unknown key "comand" — did you mean "command"?'],
  },
  { name: "a rule without an id", text: rule('decision = "block"'), expect: ['policy.toml:3:1: rule[1]: id: missing required key "id"'] },
  { name: "an id with spaces", text: rule('id = "my rule"\ndecision = "block"'), expect: ['rule[1] "my rule": id: expected letters, digits'] },
  {
    name: "two rules with one id",
    text: `${rule('id = "same"\ndecision = "block"')}\n[[rule]]\nid = "same"\ndecision = "confirm"\n`,
    expect: ['policy.toml:8:1: rule[2] "same": id: duplicate rule id "same" (also rule[1])'],
  },
  {
    name: "a backreference (not linear-time)",
    text: rule('id = "r"\nhook = "after_tool_call"\ndecision = "redact"\npatterns = [\'(a)\\1\']'),
    expect: ['policy.toml:7:1: rule[1] "r": patterns[1]: not a valid RE2 regular expression', "invalid escape sequence"],
  },
  {
    name: "an unbalanced regex in a matcher",
    text: rule('id = "r"\ndecision = "block"\nwhen = { input = { command = { regex = "(" } } }'),
    expect: ['rule[1] "r": when.input.command.regex: not a valid RE2 regular expression'],
  },
  {
    name: "a decision the hook cannot take",
    text: rule('id = "b"\nhook = "after_tool_call"\ndecision = "block"'),
    expect: ['rule[1] "b": decision: "block" is not possible on after_tool_call; expected one of continue, redact, withhold'],
  },
  {
    name: "a reason on a confirm rule (meant message)",
    text: rule('id = "c"\ndecision = "confirm"\nreason = "sure?"'),
    expect: ['rule[1] "c": reason: only used with decision block or withhold'],
  },
  { name: "modify without a rewrite", text: rule('id = "m"\ndecision = "modify"'), expect: ['rule[1] "m": modify: a modify rule needs modify'] },
  {
    name: "redact with every family switched off and no patterns",
    text: rule('id = "r"\nhook = "after_tool_call"\ndecision = "redact"\ndetectors = []'),
    expect: ['rule[1] "r": detectors: detectors = [] switches every family off, so this rule needs patterns'],
  },
  {
    name: "redact naming both the families and the exceptions",
    text: rule('id = "r"\nhook = "after_tool_call"\ndecision = "redact"\ndetectors = ["aws"]\nexcept = ["jwt"]'),
    expect: ['rule[1] "r": except: give detectors (only these families) or except (every family but these), not both'],
  },
  {
    name: "an unknown family in except",
    text: rule('id = "r"\nhook = "after_tool_call"\ndecision = "redact"\nexcept = ["jwts"]'),
    expect: ['rule[1] "r": except[1]: expected one of "private-key"', 'got "jwts"'],
  },
  {
    name: "an unknown detector",
    text: rule('id = "r"\nhook = "after_tool_call"\ndecision = "redact"\ndetectors = ["aws-key"]'),
    expect: ['rule[1] "r": detectors[1]: expected one of "private-key"', 'got "aws-key"'],
  },
  { name: "inject without content", text: rule('id = "i"\nhook = "on_session_start"\ndecision = "inject"'), expect: ['rule[1] "i": content: an inject rule needs content'] },
  {
    name: "an unknown hook",
    text: rule('id = "h"\nhook = "before_tool"\ndecision = "block"'),
    expect: ['rule[1] "h": hook: expected one of "before_tool_call"', 'got "before_tool"'],
  },
  {
    name: "a tool on a session hook",
    text: rule('id = "t"\nhook = "on_session_start"\ntool = "bash"\ndecision = "inject"\ncontent = "x"'),
    expect: ['rule[1] "t": tool: only before_tool_call and after_tool_call rules have a tool'],
  },
  {
    name: "a message condition where there is no message",
    text: rule('id = "m"\ndecision = "block"\nwhen = { message = { contains = "x" } }'),
    expect: ['rule[1] "m": when: message is only known on before_message'],
  },
  {
    name: "flags given as a string",
    text: rule('id = "f"\ndecision = "block"\nwhen = { command = "rm", flags = "-rf" }'),
    expect: ['rule[1] "f": when.flags: expected Array, got "-rf"'],
  },
  {
    name: "allow as the default",
    text: 'version = 1\n[defaults]\ndecision = "allow"\n',
    expect: ['policy.toml:3:1: defaults.decision: expected one of "continue", "confirm", "block", got "allow"'],
  },
  {
    name: "a misspelt on_error",
    text: 'version = 1\n[defaults]\non_eror = "block"\n',
    expect: ['policy.toml:3:1: defaults.on_eror: unknown key "on_eror" — did you mean "on_error"?'],
  },
  { name: "an unknown built-in pack", text: 'version = 1\ninclude = ["builtin:nope"]\n', expect: ['include[1]: no built-in pack "nope"; the packs are builtin:destructive-fs'] },
  {
    name: "a pack name without builtin: is taken as a file",
    text: 'version = 1\ninclude = ["destructive-fs"]\n',
    expect: ['policy.toml:2:1: include[1]: "destructive-fs": no such file (the built-in pack is named "builtin:destructive-fs")'],
  },
  {
    name: "an empty text matcher",
    text: rule('id = "e"\ndecision = "block"\nwhen = { code = {} }'),
    expect: ['rule[1] "e": when.code: give at least one of language, equals, contains, glob, regex'],
  },
  {
    name: "an inline test that fails",
    text: `${rule('id = "no-ls"\ndecision = "block"\nwhen = { command = "ls" }')}\n[[test]]\ninput = "ls -la"\nexpect = "continue"\n`,
    expect: [/policy\.toml:8 test\[1\]: bash "ls -la": expected continue, got block \(by rule "no-ls"\)/],
  },
  {
    name: "an inline test expecting the wrong rule",
    text: `${rule('id = "no-ls"\ndecision = "block"\nwhen = { command = "ls" }')}\n[[test]]\ninput = "ls"\nexpect = "block"\nrule = "other"\n`,
    expect: ['expected rule "other" to decide, but rule "no-ls" did'],
  },
  { name: "a misspelt expectation", text: 'version = 1\n[[test]]\ninput = "ls"\nexpect = "blocked"\n', expect: ["policy.toml:4:1: test[1]: expect: expected one of"] },
  {
    name: "a negative size limit",
    text: "version = 1\n[shell]\nmax_input_bytes = -5\n",
    expect: ["policy.toml:3:1: shell.max_input_bytes: Invalid value: Expected >=1 but received -5"],
  },
  {
    name: "a rule id that a pack already uses",
    text: 'version = 1\ninclude = ["builtin:git"]\n[[rule]]\nid = "git-force-push"\ndecision = "block"\n',
    expect: ['policy.toml:4:1: rule[1] "git-force-push": id: the id is also used by a rule of builtin:git'],
  },
  {
    name: "JSON with a syntax error",
    file: "policy.json",
    text: '{\n  "version": 1,\n  "rule": [\n    { "id": "a", "decision": "block"\n  ]\n}\n',
    expect: [/policy\.json:\d+:\d+: JSON syntax error/],
  },
  {
    name: "JSON with a schema error",
    file: "policy.json",
    text: '{\n  "version": 1,\n  "rule": [\n    { "id": "a", "decision": "nope" }\n  ]\n}\n',
    expect: [/policy\.json:4:\d+: rule\[1\] "a": decision: expected one of/],
  },
  { name: "YAML with a syntax error", file: "policy.yaml", text: "version: 1\nrule:\n  - id: a\n    decision: [block\n", expect: [/policy\.yaml:\d+:\d+: YAML syntax error/] },
  {
    name: "YAML with an unknown key",
    file: "policy.yml",
    text: "version: 1\nrule:\n  - id: a\n    decision: block\n    reasn: nope\n",
    expect: ['policy.yml:5:5: rule[1] "a": reasn: unknown key "reasn" — did you mean "reason"?'],
  },
];

describe("a broken policy gets a clear, located message", () => {
  for (const { name, text, file, expect: expected } of CASES) {
    test(name, () => {
      const folder = pluginFolder(text, file);
      const message = problemsOf(folder.policyFile).replaceAll(`${folder.root}/`, "");
      expect(message).not.toBe("");
      for (const fragment of expected) {
        if (typeof fragment === "string") expect(message).toContain(fragment);
        else expect(message).toMatch(fragment);
      }
    });
  }

  test("validate prints every problem at once, and how many", async () => {
    const folder = pluginFolder('version = 1\n[defaults]\ndecision = "allow"\n[[rule]]\nid = "a"\ndecision = "blokc"\n[[rule]]\nid = "b"\ndecision = "block"\nwhne = {}\n');
    const io = collectingIo();
    expect(await runCommand("validate", [folder.policyFile], io)).toBe(1);
    const result = { stderr: io.stderr };
    expect(result.stderr).toContain("defaults.decision");
    expect(result.stderr).toContain('rule[1] "a": decision');
    expect(result.stderr).toContain('rule[2] "b": whne');
    expect(result.stderr).toContain("3 problems; the policy is not valid");
  });
});
