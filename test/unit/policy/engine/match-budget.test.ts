// Glob against glob is charged to the call's one work budget (issue 26.1): a
// short crafted pattern (`/tmp/*?*?*?…`, `/tmp/**/*?*a/**/*?*b/…`) made the
// product of two automata explode and kept the guard busy for seconds, past
// the host's 5 s, after which the host runs the call. Now the budget ends the
// matching and the call gets on_error. The clock never moves here (see
// test/support/decide.ts): only the work budget can decide.
import { describe, expect, test } from "bun:test";
import { decide, policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Crafted patterns of `bytes` bytes, of the two shapes the red team used. */
const crafted: Record<string, (bytes: number) => string> = {
  "one long name": (bytes) => `/tmp/*${Array.from({ length: bytes }, (_, index) => `?*${LETTERS[index % LETTERS.length]}`).join("")}`.slice(0, bytes),
  "names under double stars": (bytes) => `/tmp/${Array.from({ length: bytes }, (_, index) => `**/*?*${LETTERS[index % LETTERS.length]}`).join("/")}`.slice(0, bytes),
};

// on_error = confirm, so an answer from on_error is told apart from the rule's block.
const POLICY = `
version = 1
[defaults]
on_error = "confirm"

[[rule]]
id = "rm-recursive-outside-tmp"
tool = "bash"
when = { command = "rm", flags = ["-r|-R|--recursive"] }
unless = { paths = ["/tmp/**"] }
decision = "block"
`;

describe("glob-against-glob matching draws from the call's work budget", () => {
  for (const [shape, make] of Object.entries(crafted)) {
    for (const bytes of [200, 60_000]) {
      test(`${shape}, ${bytes} bytes: answered with on_error, the budget named`, () => {
        const decided = decide(`rm -rf ${make(bytes)}`, policyOf(POLICY));
        expect(decided.decision).toBe("confirm");
        expect(decided.verdict.decidedBy.kind).toBe("error");
        expect(decided.reason).toContain("matching the policy's globs");
      });
    }
  }

  test("the red team's line (a crafted path, then `; rm -rf ~`) is stopped under the default policy", () => {
    const decided = decide(`rm -rf ${crafted["names under double stars"]!(200)}; rm -rf ~`);
    expect(decided.decision).toBe("block");
  });

  test("an ordinary pattern under the exception is still judged by the rules", () => {
    expect(decide("rm -rf /tmp/build/*.o /tmp/cache-?/**", policyOf(POLICY)).decision).toBe("continue");
    expect(decide("rm -rf ~/src/*", policyOf(POLICY)).decision).toBe("block");
  });
});

describe("text tests on input fields and carried code draw from the same budget", () => {
  // RE2 is linear, but hundreds of rules each reading 64 KiB is seconds of linear work no budget counted.
  const rules = (count: number, when: (index: number) => string) =>
    Array.from({ length: count }, (_, index) => `[[rule]]\nid = "text-${index}"\ntool = "bash"\nwhen = ${when(index)}\ndecision = "block"\n`).join("\n");
  const policyWith = (body: string) => policyOf(`version = 1\n[defaults]\non_error = "confirm"\n${body}`);
  const long = `echo ${"a".repeat(60 * 1024)}`;

  test("600 input regexes over a 60 KiB command: on_error, the budget named", () => {
    const decided = decide(long, policyWith(rules(600, (index) => `{ input = { command = { regex = 'zq${index}x' } } }`)));
    expect(decided.decision).toBe("confirm");
    expect(decided.verdict.decidedBy.kind).toBe("error");
    expect(decided.reason).toContain("budget");
  });

  test("600 code regexes over 60 KiB of inline Python: on_error", () => {
    const script = `python3 -c 'print(${"1+".repeat(30 * 1024)}1)'`;
    const decided = decide(script, policyWith(rules(600, (index) => `{ code = { regex = 'zq${index}x' } }`)));
    expect(decided.decision).toBe("confirm");
    expect(decided.verdict.decidedBy.kind).toBe("error");
  });

  test("a few text rules over the same command are judged as usual", () => {
    expect(decide(long, policyWith(rules(20, (index) => `{ input = { command = { regex = 'zq${index}x' } } }`))).decision).toBe("continue");
    expect(decide(long, policyWith(rules(1, () => `{ input = { command = { regex = 'aaaa$' } } }`))).decision).toBe("block");
  });
});

describe("everyday find -exec commands stay well inside the budget", () => {
  // `find . -name NAME -exec cp … {}` hands cp a roaming relative pattern (`**​/NAME`) that every path rule of the
  // default policy is held against. A script of a dozen such lines once spent the whole budget and got on_error.
  const names = [
    "LICENSE",
    "NOTICE",
    "AUTHORS",
    "COPYING",
    "CHANGELOG.md",
    "Makefile",
    "README.md",
    "package.json",
    "tsconfig.json",
    "setup.cfg",
    "VERSION",
    "CODEOWNERS",
    "go.mod",
    "Cargo.toml",
    "pyproject.toml",
    "build.gradle",
  ];
  const exec = ["cp LICENSE.tmpl {}", "touch {}", "chmod 644 {}", "sed -i s/2023/2024/ {}"];
  test(`a script of ${names.length} of them, each naming another file, is judged by the rules`, () => {
    const script = names.map((name, index) => `find . -name ${name} -path './packages/*' -exec ${exec[index % exec.length]} \\;`).join("\n");
    const { decision, reason } = decide(script);
    expect(reason).not.toContain("budget");
    expect(decision).toBe("continue");
  });
});
