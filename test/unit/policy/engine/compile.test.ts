import { describe, expect, test } from "bun:test";
import { SHELL_LIMITS } from "../../../../src/limits.ts";
import { policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("compiling a policy", () => {
  test("rules are grouped by hook in the order written, a disabled rule left out", () => {
    const policy = policyOf(`version = 1
[[rule]]
id = "a"
decision = "block"
[[rule]]
id = "off"
enabled = false
decision = "block"
[[rule]]
id = "b"
hook = "on_session_start"
decision = "inject"
content = "x"
`);
    expect(policy.rules.map((rule) => rule.ref.id)).toEqual(["a", "b"]);
    expect(policy.byHook.before_tool_call.map((rule) => rule.ref.id)).toEqual(["a"]);
    expect(policy.byHook.on_session_start.map((rule) => rule.ref.id)).toEqual(["b"]);
    expect(policy.byHook.after_tool_call).toEqual([]);
  });

  test("the user's rules come before the packs' and each rule knows its file and line", () => {
    const policy = policyOf('version = 1\ninclude = ["builtin:git"]\n\n[[rule]]\nid = "mine"\nwhen = { command = "mine" }\ndecision = "block"\n');
    expect(policy.rules[0]?.ref).toEqual({ id: "mine", source: "policy.toml", line: 4 });
    expect(policy.rules.slice(1).every((rule) => rule.ref.source === "builtin:git")).toBe(true);
  });

  test("a rule is indexed by the programs it needs: exact names, globs, a flow's target; a rule with no command is not", () => {
    const policy = policyOf(`version = 1
[[rule]]
id = "exact"
when = [{ command = "rm|RMDIR" }, { command = ["shred"] }]
decision = "block"
[[rule]]
id = "glob"
when = { command = "mkfs.*" }
decision = "block"
[[rule]]
id = "flow"
when = { flow = { from = { command = "env" }, to = { command = "curl|wget" } } }
decision = "block"
[[rule]]
id = "any"
when = [{ command = "rm" }, { writes = ["/etc/**"] }]
decision = "block"
`);
    expect([...(policy.rules[0]?.requiredPrograms?.names ?? [])]).toEqual(["rm", "rmdir", "shred"]);
    const glob = policy.rules[1]?.requiredPrograms;
    expect(glob?.names.size).toBe(0);
    expect([glob?.pattern?.("mkfs.ext4"), glob?.pattern?.("mkdir")]).toEqual([true, false]);
    expect([...(policy.rules[2]?.requiredPrograms?.names ?? [])]).toEqual(["curl", "wget"]);
    expect(policy.rules[3]?.requiredPrograms).toBeUndefined();
  });

  test("tool globs match the API name or the runtime name", () => {
    const [rule] = policyOf('version = 1\n[[rule]]\nid = "m"\ntool = ["mcp_*", "write"]\ndecision = "block"\n').rules;
    expect(rule!.matchesTool(["mcp_github_push"])).toBe(true);
    expect(rule!.matchesTool(["other", "write"])).toBe(true);
    expect(rule!.matchesTool(["read"])).toBe(false);
  });

  test("the policy's shell settings reach the analysis: tools, program knowledge and the input limit", () => {
    const policy = policyOf('version = 1\n[shell]\ntools = { runner = "script" }\nmax_input_bytes = 100\n[programs.deploy]\noperands = ["argv"]\n');
    expect(policy.shellTools).toMatchObject({ bash: "command", runner: "script" });
    expect(policy.shell.limits).toEqual({ ...SHELL_LIMITS, maxInputBytes: 100 });
    expect(policy.shell.programs.spec("deploy")).toEqual({ operands: ["argv"] });
  });

  test("the hash is the same for the same text and differs for another", () => {
    expect(policyOf("version = 1\n").hash).toBe(policyOf("version = 1\n").hash);
    expect(policyOf("version = 1\n").hash).not.toBe(policyOf("version = 1\n# changed\n").hash);
    expect(policyOf("version = 1\n").hash).toMatch(/^[0-9a-f]{12}$/);
  });

  test("rules that name the same tools share one matcher, and each matches as written", () => {
    const policy = policyOf(`version = 1
[[rule]]
id = "a"
tool = "bash"
decision = "block"
[[rule]]
id = "b"
tool = "bash"
decision = "block"
[[rule]]
id = "c"
tool = ["write", "edit*"]
decision = "block"
[[rule]]
id = "d"
decision = "block"
`);
    const [a, b, c, d] = policy.rules;
    expect(a!.matchesTool).toBe(b!.matchesTool);
    expect(a!.matchesTool(["bash"])).toBe(true);
    expect(a!.matchesTool(["write"])).toBe(false);
    expect(c!.matchesTool(["edit_file"])).toBe(true);
    expect(c!.matchesTool(["bash"])).toBe(false);
    expect(d!.matchesTool(["anything"])).toBe(true);
  });

  test("inline tests are labelled with their file, line and name", () => {
    const policy = policyOf('version = 1\n\n[[test]]\nname = "ls goes"\ninput = "ls"\nexpect = "continue"\n');
    expect(policy.tests[0]?.label).toBe('policy.toml:3 test[1] "ls goes"');
  });
});
