// A rule's reason or message with `{hosts}`: where the matched commands connect.
import { describe, expect, test } from "bun:test";
import { SHELL_LIMITS } from "../../../../src/limits.ts";
import { analyzeShell } from "../../../../src/shell/analyze.ts";
import { programTable } from "../../../../src/shell/programs/table.ts";
import { fillPlaceholders } from "../../../../src/policy/engine/command-text.ts";
import { decide, policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const context = { home: "/home/ada", programs: programTable(), limits: SHELL_LIMITS, clock: { now: () => 0 } };
const commands = (input: string) => analyzeShell(input, context).commands;

describe("{hosts}", () => {
  test("names each host the matched commands connect to, once", () => {
    expect(fillPlaceholders("DELETE on {hosts}?", commands("curl -X DELETE https://api.a.com/x https://api.a.com/y https://b.io/z"))).toBe("DELETE on api.a.com, b.io?");
  });

  test("says so when the command names no host plainly", () => {
    expect(fillPlaceholders("to {hosts}", commands('curl -X DELETE "$URL"'))).toBe("to a host the command does not name plainly");
  });

  test("text without the placeholder is left as it is", () => {
    expect(fillPlaceholders("Run {it}?", commands("curl https://a.com"))).toBe("Run {it}?");
  });

  test("in a user's rule, block reasons and confirm messages both", () => {
    const policy = policyOf(`version = 1
[[rule]]
id = "no-uploads"
when = { command = "scp" }
decision = "block"
reason = "No copies to {hosts}"

[[rule]]
id = "ask-http"
when = { command = "wget" }
decision = "confirm"
message = "Fetch from {hosts}?"
`);
    expect(decide("scp a.txt deploy@web1.example.com:/srv", policy).reason).toStartWith("No copies to web1.example.com [rule no-uploads]");
    expect(decide("wget https://example.org/f.tgz", policy).reason).toStartWith("Fetch from example.org?");
  });
});
