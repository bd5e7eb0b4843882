import { describe, expect, test } from "bun:test";
import { parseArgs, UsageError } from "../../../src/cli/args.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

describe("parseArgs", () => {
  test("flags anywhere, values as --name VALUE or --name=VALUE, the rest positional", () => {
    const parsed = parseArgs(["bash", "--json", "ls -la", "--policy=p.toml"], ["--policy"], ["--json"]);
    expect(parsed).toEqual({ positional: ["bash", "ls -la"], flags: new Set(["--json"]), values: new Map([["--policy", "p.toml"]]) });
    expect(parseArgs(["--policy", "q.toml"], ["--policy"], []).values.get("--policy")).toBe("q.toml");
  });

  test("after -- everything is positional, and a lone - is positional", () => {
    expect(parseArgs(["bash", "--", "--json"], [], ["--json"]).positional).toEqual(["bash", "--json"]);
    expect(parseArgs(["-"], [], []).positional).toEqual(["-"]);
  });

  test("an unknown option and a value option without its value are usage errors", () => {
    expect(() => parseArgs(["--jsn"], [], ["--json"])).toThrow(new UsageError("unknown option --jsn"));
    expect(() => parseArgs(["--policy"], ["--policy"], [])).toThrow(new UsageError("--policy needs a value"));
  });
});
