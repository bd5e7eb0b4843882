// A policy teaches the guard a tool with the same format the built-in remote
// knowledge uses: subcommand name patterns, tags an option adds, optional
// subcommands — validated, and matched by rules' `tags`.
import { describe, expect, test } from "bun:test";
import { loadPolicy } from "../../../../src/policy/load/load.ts";
import { directEngineDeps } from "../../../../src/policy/load/load-file.ts";
import { decide, policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const POLICY = `version = 1
[programs.acmectl]
subcommands = { "delete-*" = { tags = ["destroy"] }, deploy = { tagsWith = { "--force" = ["destroy"], "--env=prod" = ["prod"] } } }

[programs.fetchit]
operands = ["url"]
optionalSubcommands = true
subcommands = { DELETE = { operands = ["url"], tags = ["destroy"] } }

[[rule]]
id = "acme-destroy"
when = [{ command = "acmectl", tags = ["destroy"] }, { command = "acmectl", tags = ["prod"] }, { command = "fetchit", tags = ["destroy"] }]
decision = "confirm"
message = "This destroys on {hosts}. Run it?"
`;

describe("[programs.<name>] with the remote-knowledge features", () => {
  test("patterns, tagsWith and optional subcommands decide", () => {
    const policy = policyOf(POLICY);
    expect(decide("acmectl delete-env prod", policy).decision).toBe("confirm");
    expect(decide("acmectl deploy --force", policy).decision).toBe("confirm");
    expect(decide("acmectl deploy --env=prod", policy).decision).toBe("confirm");
    expect(decide("acmectl deploy --env=dev", policy).decision).toBe("continue");
    expect(decide("fetchit DELETE api.example.com/x", policy).reason).toStartWith("This destroys on api.example.com. Run it?");
    expect(decide("fetchit api.example.com/x", policy).decision).toBe("continue");
  });

  test("a tagsWith that is not a list of tags is refused with its place", () => {
    const loaded = loadPolicy({
      text: 'version = 1\n[programs.x]\ntagsWith = { "-f" = "destroy" }\n',
      file: "policy.toml",
      home: "/home/ada",
      format: "toml",
      deps: directEngineDeps(),
    });
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.problems[0]!.where).toContain("programs.x.tagsWith");
  });

  test("output is an output kind, or a table of them by option; anything else is refused with its place", () => {
    const load = (text: string) => loadPolicy({ text: `version = 1\n[programs.x]\n${text}\n`, file: "policy.toml", home: "/home/ada", format: "toml", deps: directEngineDeps() });
    expect(load('output = "shell-setup"').ok).toBe(true);
    expect(load('output = { "-p" = "program-path" }').ok).toBe(true);
    const wrong = load('output = "prints-stuff"');
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.problems[0]!.where).toContain("programs.x.output");
  });
});
