// Inputs built to exhaust the guard: each gets the on_error decision with a
// reason naming the limit it reached, or — when it is only large, not
// hostile — the decision its commands deserve. In process for the engine;
// one run through the binary shows every answer arrives in the host's time.
// No test here asserts a duration: the step budget decides deterministically.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bashCall, pluginFolder, startExtension, type ExtensionProcess, type PluginFolder } from "./harness.ts";
import { decide } from "./support/decide.ts";

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

const values = (count: number) => Array.from({ length: count }, (_, index) => `v${index}`).join(" ");
const nestedLoops = (depth: number, body: string) =>
  `${Array.from({ length: depth }, (_, level) => `for x${level} in ${values(32)}; do`).join(" ")} ${body};${" done;".repeat(depth)}`;

/** [name, input, the decision, what the reason must say]. */
const CASES: Array<[string, string, "block" | "confirm", RegExp]> = [
  ["a 100,000-character command", `echo ${"a".repeat(100_000)}`, "block", /over the 65536-byte limit/],
  ["5,000 &&-joined commands", Array.from({ length: 5000 }, (_, index) => `echo ${index}`).join(" && "), "block", /more than 1000 commands/],
  ["1,500 short &&-joined commands", Array(1500).fill("true").join(" && "), "block", /more than 1000 commands/],
  ["5,000 piped commands", Array(5000).fill("cat").join(" | "), "block", /more than 1000 commands/],
  ["500-deep command substitutions", `echo ${"$(".repeat(500)}x${")".repeat(500)}`, "block", /nesting depth exceeded|nests deeper than 32 levels/],
  ["500-deep subshells", `${"(".repeat(500)}ls${")".repeat(500)}`, "block", /nesting depth exceeded|nests deeper than 32 levels/],
  ["500-deep groups", `${"{ ".repeat(500)}ls; ${"}; ".repeat(500)}`, "block", /nesting depth exceeded|nests deeper than 32 levels/],
  ["500-deep nested quotes and substitutions", `echo "${'$(echo "'.repeat(500)}x${'")'.repeat(500)}"`, "block", /nesting depth exceeded|nests deeper than 32 levels/],
  ["rm -rf ~ behind 6 nested shells", Array.from({ length: 6 }).reduce<string>((inner) => `sh -c ${shellQuote(inner)}`, "rm -rf ~"), "block", /Recursive delete/],
  [
    "rm -rf ~ behind 14 nested shells (each one quotes the next)",
    Array.from({ length: 14 }).reduce<string>((inner) => `sh -c ${shellQuote(inner)}`, "rm -rf ~"),
    "block",
    /limit|nests deeper/,
  ],
  ["a 2,000-value loop that reaches rm -rf ~", `for x in ${Array(2000).fill("a").join(" ")} ~; do rm -rf "$x"; done`, "block", /Recursive delete|more than|values/],
  ["five nested 32-value loops, then rm -rf ~", `${nestedLoops(5, "echo $x0$x1$x2$x3$x4")} rm -rf ~`, "block", /Recursive delete/],
  ["five nested 32-value loops around rm", nestedLoops(5, "rm -rf ~/$x0/$x1"), "block", /Recursive delete/],
  ["a function that calls itself twice", "f() { f; f; }; f; rm -rf ~", "block", /nests deeper than 32 levels|budget|Recursive delete/],
  ["aliases that expand into each other", "alias a=b; alias b=a; a; rm -rf ~", "block", /Recursive delete|nests deeper/],
  [
    "a variable that doubles forty times",
    `${Array.from({ length: 40 }, (_, index) => `v${index + 1}="$v${index}$v${index}"`)
      .join("; ")
      .replace('"$v0$v0"', '"xx"')}; rm -rf $v40`,
    "block",
    /Recursive delete/,
  ],
];

describe("adversarial inputs in process", () => {
  for (const [name, command, decision, reason] of CASES) {
    test(name, () => {
      const judged = decide(command);
      expect(judged.decision).toBe(decision);
      expect(judged.reason).toMatch(reason);
      expect(judged.reason.length).toBeLessThan(2_000);
    });
  }
});

describe("adversarial inputs through the binary", () => {
  let folder: PluginFolder;
  let ext: ExtensionProcess;
  beforeAll(async () => {
    folder = pluginFolder();
    ext = await startExtension(folder);
  });
  afterAll(async () => {
    await ext.stop();
  });

  test("every one is answered within the host's 5 s hook timeout, and serving goes on", async () => {
    for (const [, command, decision] of CASES) {
      const answer = await ext.request("hook.handle", bashCall(command), 5_000);
      expect(answer.error).toBeUndefined();
      expect(answer.result.action).toBe(decision);
    }
    expect((await ext.request("hook.handle", bashCall("ls -la"))).result).toEqual({ action: "continue" });
  });
});
