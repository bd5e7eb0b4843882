// Inputs built to exhaust the guard, and what each must get: the on_error
// decision with a reason naming the limit it reached, or — when it is only
// large, not hostile — the decision its commands deserve. Judged in process
// by test/adversarial.test.ts and through the binary by adversarial.e2e.ts.

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

const values = (count: number) => Array.from({ length: count }, (_, index) => `v${index}`).join(" ");
const nestedLoops = (depth: number, body: string) =>
  `${Array.from({ length: depth }, (_, level) => `for x${level} in ${values(32)}; do`).join(" ")} ${body};${" done;".repeat(depth)}`;

/** [name, input, the decision, what the reason must say]. */
export const ADVERSARIAL_INPUTS: Array<[string, string, "block" | "confirm", RegExp]> = [
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
