// Rules that can never fire are accepted, with a warning that says why and
// where: the policy loads, and validate / reload / status show it.
import { describe, expect, test } from "bun:test";
import { loadFrom } from "../../../support/memory-files.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const warningsOf = (text: string) => {
  const loaded = loadFrom({ "/p/policy.toml": `version = 1\n${text}` });
  if (!loaded.ok) throw new Error(loaded.problems.join("\n"));
  return loaded.warnings;
};

describe("a warning for", () => {
  test("a tool name no host has, with the likely one", () => {
    expect(warningsOf('[[rule]]\nid = "r"\ntool = "raed"\ndecision = "block"\n')).toEqual([
      '/p/policy.toml:4:1: rule[1] "r": tool: tool "raed" is not a tool the host has, so this rule never fires — did you mean "read"? (known: built-in tools, mcp_*, <plugin>_<tool>, [shell] tools, globs)',
    ]);
  });

  test("a tool name in the wrong case: names are case-sensitive", () => {
    expect(warningsOf('[[rule]]\nid = "r"\ntool = ["Bash", "read"]\ndecision = "block"\n')[0]).toContain(
      'tool "Bash" is not a tool the host has, so this rule never fires — tool names are case-sensitive: "bash"',
    );
  });

  test("no warning for built-in, MCP, extension, runtime, declared and glob names", () => {
    expect(
      warningsOf(
        '[shell]\ntools = { my_sh = "cmd" }\n[[rule]]\nid = "r"\ntool = ["bash", "mcp_github_create", "other-plugin_deploy", "other:deploy", "my_sh", "shell_*", "write|edit"]\ndecision = "block"\n',
      ),
    ).toEqual([]);
  });

  test("a command with a space", () => {
    expect(warningsOf('[[rule]]\nid = "r"\nwhen = { command = "git push" }\ndecision = "block"\n')[0]).toContain(
      'command "git push" has a space, but command matches one program name, so it never matches; write command = "git" and put "push" in subcommand or args',
    );
  });

  test("a modify of a field the tool does not have", () => {
    expect(warningsOf('[[rule]]\nid = "r"\ntool = "bash"\ndecision = "modify"\nmodify = { set = { timeot = 5 } }\n')[0]).toContain(
      'modify changes "timeot", which the bash input does not have (it has command, timeout) — did you mean "timeout"?',
    );
  });

  test("a modify that changes its own output again", () => {
    const warnings = warningsOf(`[[rule]]
id = "pip-user"
tool = "bash"
when = { command = "pip", args = ["install"] }
decision = "modify"
modify = { replace = [{ field = "command", pattern = 'pip install', with = "pip install --user" }] }
`);
    expect(warnings[0]).toContain('modify is not idempotent: "pip install" → "pip install --user" → "pip install --user --user"; add an unless that matches the rewritten call');
  });

  test("no warning for a modify whose unless covers the rewritten call", () => {
    expect(
      warningsOf(`[[rule]]
id = "pip-user"
tool = "bash"
when = { command = "pip", args = ["install"] }
unless = { flags = ["--user"] }
decision = "modify"
modify = { replace = [{ field = "command", pattern = 'pip install', with = "pip install --user" }] }
`),
    ).toEqual([]);
  });

  test("[shell] tools written the wrong way round", () => {
    expect(warningsOf('[shell]\ntools = { command = "my_shell" }\n')).toEqual([
      '/p/policy.toml:3:1: shell.tools.command: "command" = "my_shell" looks the wrong way round: [shell] tools maps a tool name to its input field, e.g. my_shell = "command"',
    ]);
  });

  test("a rule shadowed by a stronger one with the same conditions", () => {
    const warnings = warningsOf(
      '[[rule]]\nid = "ask"\ntool = "bash"\nwhen = { command = "rm" }\ndecision = "confirm"\n[[rule]]\nid = "stop"\ntool = "bash"\nwhen = { command = "rm" }\ndecision = "block"\n',
    );
    expect(warnings).toEqual([
      '/p/policy.toml:2:1: rule[1] "ask": never decides: rule "stop" (/p/policy.toml:7) has the same conditions and the stronger decision block, so it always wins over confirm',
    ]);
  });

  test("no shadowing when the stronger rule has an exception the weaker lacks", () => {
    expect(
      warningsOf(
        '[[rule]]\nid = "ask"\nwhen = { command = "rm" }\ndecision = "confirm"\n[[rule]]\nid = "stop"\nwhen = { command = "rm" }\nunless = { paths = ["/tmp/**"] }\ndecision = "block"\n',
      ),
    ).toEqual([]);
  });
});
