// A big TOML policy parsed a piece at a time must mean exactly what the
// whole text means; whenever it might not, the answer is "parse it whole".
import { describe, expect, test } from "bun:test";
import { parse } from "smol-toml";
import { runSteps } from "../../../../src/policy/steps.ts";
import { parseTomlInPieces } from "../../../../src/policy/format/toml-pieces.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

function policy(rules: number, extra = ""): string {
  let text =
    '#:schema ./policy.schema.json\nversion = 1\ninclude = ["builtin:git"]\n\n[defaults]\ndecision = "continue"\n\n[shell]\nmax_input_bytes = 1000\n[shell.tools]\nmy_sh = "cmd"\n';
  for (let index = 0; index < rules; index++) {
    text += `\n[[rule]] # number ${index}\nid = "r${index}"\nwhen = { command = "p${index}" }\ndecision = "block"\n[rule.unless]\npaths = ["/tmp/**"]\n`;
    if (index % 10 === 0) text += `\n  [[test]]\ninput = "p${index} x"\nexpect = "block"\n`;
  }
  return text + extra;
}

describe("parsing in pieces", () => {
  test("gives exactly what parsing the whole text gives", () => {
    const text = policy(300);
    expect(runSteps(parseTomlInPieces(text))).toEqual(parse(text) as Record<string, unknown>);
  });

  test("leaves a small file to the whole parse", () => {
    expect(runSteps(parseTomlInPieces(policy(10)))).toBeUndefined();
  });

  test("gives up when a header-like line sits inside a multi-line string", () => {
    const text = policy(100, `\n[[rule]]\nid = "s"\nhook = "on_session_start"\ndecision = "inject"\ncontent = """\n[[rule]]\nid = "fake"\n"""\n`);
    expect(runSteps(parseTomlInPieces(text))).toBeUndefined();
    expect((parse(text) as { rule: unknown[] }).rule).toHaveLength(101);
  });

  test("gives up when a table is given twice, so the whole parse reports the error", () => {
    expect(runSteps(parseTomlInPieces(policy(100, '\n[defaults]\non_error = "block"\n')))).toBeUndefined();
  });

  test("gives up when a top-level key and [[header]] tables both give the same array", () => {
    expect(runSteps(parseTomlInPieces(`rule = []\n${policy(100).replace("version = 1\n", "")}`))).toBeUndefined();
  });
});
