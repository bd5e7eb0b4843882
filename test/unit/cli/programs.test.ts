// `synaps-policy programs`: every built-in entry printed in the user's
// [programs.x] format reads back as the same entry and passes the policy
// file's own schema, so what it prints can be pasted into a policy.
import { describe, expect, test } from "bun:test";
import { parse } from "smol-toml";
import * as v from "valibot";
import { describePrograms } from "../../../src/cli/programs.ts";
import { ProgramSpecSchema } from "../../../src/policy/format/program-schema.ts";
import { programTable, builtinProgramNames } from "../../../src/shell/programs/table.ts";
import { policyOf, decide } from "../../support/decide.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

describe("synaps-policy programs", () => {
  test("every built-in program prints as a [programs.x] table that reads back as its entry and fits the policy schema", () => {
    const table = programTable();
    const wrong: string[] = [];
    const seen = new Set<unknown>();
    // One name per entry: names that share an entry (curl, curlie) print the same table.
    for (const name of builtinProgramNames()) {
      if (seen.has(table.spec(name))) continue;
      seen.add(table.spec(name));
      const { text, code } = describePrograms([name]);
      const printed = (parse(text) as { programs?: Record<string, unknown> }).programs?.[name] ?? {};
      // A grammar that refers back to itself (remote CLIs' noun chains) cannot be written as a table; it is printed with its repeats cut.
      const cyclic = text.includes("refers back to itself");
      if (code !== 0 || (!cyclic && !Bun.deepEquals(printed, table.spec(name), true))) wrong.push(`${name}: does not read back as its entry`);
      else if (!v.safeParse(ProgramSpecSchema, printed).success) wrong.push(`${name}: not valid as [programs.${name}]`);
    }
    expect(wrong).toEqual([]);
  }, 60_000); // every built-in entry (a few seconds on a quiet machine): a guard against a hang, not a speed assertion

  test("a grammar that refers back to itself is printed with each repeat cut, and says so", () => {
    const { text } = describePrograms(["doctl"]);
    expect(text).toContain("# its grammar refers back to itself");
    expect(v.safeParse(ProgramSpecSchema, (parse(text) as { programs: Record<string, unknown> }).programs.doctl).success).toBe(true);
  });

  test("an entry names its categories and the program family it is read as", () => {
    expect(describePrograms(["curl"]).text).toStartWith("# categories: network-sender, downloader\n[programs.curl]\n");
    expect(describePrograms(["python3.12"]).text).toStartWith('# python3.12 is read as python\n# categories: none\n[programs."python3.12"]\n');
  });

  test("a printed entry pasted into a policy teaches the guard the same", () => {
    const pasted = `version = 1\n${describePrograms(["tar"]).text.replaceAll("[programs.tar", "[programs.mytar")}\n[[rule]]\nid = "no-home-archive"\nwhen = { command = "mytar", reads = ["~/**"] }\ndecision = "block"\nreason = "r"\n`;
    expect(decide("mytar czf /tmp/h.tgz ~/notes", policyOf(pasted)).rule).toBe("no-home-archive");
    expect(decide("mytar xzf /tmp/h.tgz", policyOf(pasted)).rule).toBeUndefined();
  });

  test("--categories lists each category with its programs; an unknown name exits 1 and says how to add it", () => {
    expect(describePrograms(["--categories"]).text).toContain("@downloader: prints what it downloads");
    expect(describePrograms(["no-such-program"])).toEqual({
      text: 'synaps-policy: no built-in knowledge of "no-such-program" (a policy can add it with [programs.no-such-program])\n',
      code: 1,
    });
  });
});
