// Inputs built to exhaust the guard: each must be answered with the on_error
// decision and a reason naming the limit. No test here asserts a duration:
// the step budget decides deterministically; `bun run bench` reports times.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bashCall, pluginFolder, readAudit, startExtension, type ExtensionProcess, type PluginFolder } from "./harness.ts";

let folder: PluginFolder;
let ext: ExtensionProcess;
beforeAll(async () => {
  folder = pluginFolder();
  ext = await startExtension(folder);
});
afterAll(async () => {
  await ext.stop();
});

async function judge(command: string) {
  // The host's own hook timeout: an answer later than this is a fail-open.
  const result = (await ext.request("hook.handle", bashCall(command), 5_000)).result;
  const records = readAudit(folder).filter((record) => record.hook === "before_tool_call");
  return { result, record: records.at(-1)! };
}

const CASES: Array<[string, string, string]> = [
  ["a 100,000-character command", `echo ${"a".repeat(100_000)}`, "over the 65536-byte limit"],
  ["5,000 &&-joined commands", Array.from({ length: 5000 }, (_, index) => `echo ${index}`).join(" && "), "too complex to analyse"],
  ["1,500 short &&-joined commands", Array(1500).fill("true").join(" && "), "more than 1000 commands"],
  ["5,000 piped commands", Array(5000).fill("cat").join(" | "), ""],
  ["500-deep command substitutions", `echo ${"$(".repeat(500)}x${")".repeat(500)}`, "nests deeper than 32 levels"],
  ["500-deep subshells", `${"(".repeat(500)}ls${")".repeat(500)}`, "nests deeper than 32 levels"],
  ["500-deep groups", `${"{ ".repeat(500)}ls; ${"}; ".repeat(500)}`, "nests deeper than 32 levels"],
  ["500-deep nested quotes and substitutions", `echo "${'$(echo "'.repeat(500)}x${'")'.repeat(500)}"`, "nests deeper than 32 levels"],
  ["rm -rf ~ behind 6 nested shells", Array.from({ length: 6 }).reduce<string>((inner) => `sh -c ${shellQuote(inner)}`, "rm -rf ~"), "Recursive delete"],
  ["a huge for loop", `for x in ${Array(2000).fill("a").join(" ")}; do rm -rf "$x"; done`, ""],
];

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

describe("adversarial inputs get on_error, with the limit named", () => {
  test("warm-up: an ordinary command continues", async () => {
    expect((await judge("git status")).result.action).toBe("continue");
  });

  for (const [name, command, reason] of CASES) {
    test(name, async () => {
      const { result, record } = await judge(command);
      expect(result.action).toBe("block");
      if (reason) expect(result.reason).toContain(reason);
      expect(result.reason.length).toBeLessThan(2_000);
      expect(record.decision).toBe("block");
    });
  }

  test("the extension keeps serving after all of them", async () => {
    expect((await judge("ls -la")).result).toEqual({ action: "continue" });
  });
});
