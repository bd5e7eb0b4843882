import { describe, expect, test } from "bun:test";
import { commandHolds, commandsHolding, compileCondition, compileTextMatcher, flowTargets } from "../../../../src/policy/engine/conditions.ts";
import type { SingleCondition } from "../../../../src/policy/format/schema.ts";
import { NO_PLACES } from "../../../../src/policy/engine/places.ts";
import { shellView, simpleCommand } from "../../../support/commands.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const HOME = "/home/ada";
const compile = (condition: SingleCondition) => compileCondition(condition, HOME);

describe("command keys", () => {
  test("command matches the basename case-insensitively, alternatives and globs included", () => {
    const condition = compile({ command: "rm|shred|mkfs.*" });
    expect(commandHolds(condition, simpleCommand({ program: "/bin/RM" }), "some")).toBe(true);
    expect(commandHolds(condition, simpleCommand({ program: "mkfs.ext4" }), "some")).toBe(true);
    expect(commandHolds(condition, simpleCommand({ program: "rmdir" }), "some")).toBe(false);
  });

  test("a command written as a path matches a rule that names the path", () => {
    expect(commandHolds(compile({ command: "/usr/local/bin/*" }), simpleCommand({ program: "/usr/local/bin/deploy" }), "some")).toBe(true);
  });

  test("subcommand matches the recognised words joined by spaces", () => {
    const command = simpleCommand({ program: "aws", subcommand: ["s3", "rm"] });
    expect(commandHolds(compile({ command: "aws", subcommand: "s3 rm|s3 rb" }), command, "some")).toBe(true);
    expect(commandHolds(compile({ command: "aws", subcommand: "s3" }), command, "some")).toBe(false);
  });

  test("every listed flag must be present; each entry may list alternatives", () => {
    const command = simpleCommand({ program: "rm", flags: ["-r", "-f"] });
    expect(commandHolds(compile({ flags: ["-r|--recursive", "-f"] }), command, "some")).toBe(true);
    expect(commandHolds(compile({ flags: ["-r", "-i"] }), command, "some")).toBe(false);
  });

  test("args match operands", () => {
    const command = simpleCommand({ program: "git", operands: ["push", "origin"] });
    expect(commandHolds(compile({ args: ["push"] }), command, "some")).toBe(true);
    expect(commandHolds(compile({ args: ["pull"] }), command, "some")).toBe(false);
  });

  test("network, hosts and ports look at the destinations", () => {
    const command = simpleCommand({ program: "curl", network: [{ host: "example.com", port: 8443, scheme: "https" }] });
    expect(commandHolds(compile({ network: true }), command, "some")).toBe(true);
    expect(commandHolds(compile({ network: false }), command, "some")).toBe(false);
    expect(commandHolds(compile({ hosts: ["*.COM"] }), command, "some")).toBe(true);
    expect(commandHolds(compile({ ports: [8443] }), command, "some")).toBe(true);
    expect(commandHolds(compile({ ports: [22] }), command, "some")).toBe(false);
  });

  test("tags must all be present; remote_code and dynamic_args compare the flags", () => {
    const command = simpleCommand({ program: "npm", tags: ["publish", "network"], remoteCode: true });
    expect(commandHolds(compile({ tags: ["publish", "network"] }), command, "some")).toBe(true);
    expect(commandHolds(compile({ tags: ["publish", "destroy"] }), command, "some")).toBe(false);
    expect(commandHolds(compile({ remote_code: true }), command, "some")).toBe(true);
    expect(commandHolds(compile({ dynamic_args: true }), command, "some")).toBe(false);
  });

  test("code matches a language and a text test on the same piece of code", () => {
    const command = simpleCommand({
      program: "psql",
      code: [
        { language: "sql", text: "select 1" },
        { language: "python", text: "DROP TABLE x" },
      ],
    });
    expect(commandHolds(compile({ code: { language: "sql", regex: "(?i)drop\\s+table" } }), command, "some")).toBe(false);
    expect(commandHolds(compile({ code: { regex: "(?i)drop\\s+table" } }), command, "some")).toBe(true);
  });
});

describe("paths", () => {
  const rm = (paths: string[], extra: Partial<Parameters<typeof simpleCommand>[0]> = {}) => simpleCommand({ program: "rm", paths, ...extra });

  test("in when, some path must match; ~ in a glob is the home directory", () => {
    expect(commandHolds(compile({ paths: ["~/.aws/**"] }), rm(["/tmp/x", `${HOME}/.aws/credentials`]), "some")).toBe(true);
    expect(commandHolds(compile({ paths: ["~/.aws/**"] }), rm(["/tmp/x"]), "some")).toBe(false);
  });

  test("a !glob excludes what it matches", () => {
    const condition = compile({ paths: ["~/.aws/**", "!~/.aws/config"] });
    expect(commandHolds(condition, rm([`${HOME}/.aws/config`]), "some")).toBe(false);
    expect(commandHolds(condition, rm([`${HOME}/.aws/credentials`]), "some")).toBe(true);
  });

  test("in unless, every path must match, and a command with no known path or dynamic arguments is never covered", () => {
    const condition = compile({ paths: ["/tmp/**"] });
    expect(commandHolds(condition, rm(["/tmp/a", "/tmp/b"]), "every")).toBe(true);
    expect(commandHolds(condition, rm(["/tmp/a", "/etc"]), "every")).toBe(false);
    expect(commandHolds(condition, rm([]), "every")).toBe(false);
    expect(commandHolds(condition, rm(["/tmp/a"], { dynamicArgs: true }), "every")).toBe(false);
  });

  test("a shell pattern is matched as the set of paths it may mean", () => {
    const condition = compile({ paths: ["~/.aws/**"] });
    expect(commandHolds(condition, rm([`${HOME}/.aw?/credentials`], { patterns: [`${HOME}/.aw?/credentials`] }), "some")).toBe(true);
    const temp = compile({ paths: ["/tmp/**"] });
    expect(commandHolds(temp, rm(["/tmp/build/*"], { patterns: ["/tmp/build/*"] }), "every")).toBe(true);
    expect(commandHolds(temp, rm(["/t*/x"], { patterns: ["/t*/x"] }), "every")).toBe(false);
  });

  test("a pattern whose last name is only wildcards is about the directory it lists", () => {
    const condition = compile({ paths: ["~/.ssh/**"] });
    expect(commandHolds(condition, rm([`${HOME}/.ssh/*`], { patterns: [`${HOME}/.ssh/*`] }), "some")).toBe(true);
    expect(commandHolds(condition, rm([`${HOME}/*`], { patterns: [`${HOME}/*`] }), "some")).toBe(false);
  });

  test("a glob that starts anywhere but passes named directories meets a roaming pattern only when it names them", () => {
    const condition = compile({ paths: ["**/site-packages/sitecustomize.py", "**/.env"] });
    const meets = (pattern: string) => commandHolds(condition, rm([pattern], { patterns: [pattern] }), "some");
    expect(meets("**/*.py")).toBe(false);
    expect(meets("src/**/*.py")).toBe(false);
    expect(meets("venv/lib/*/site-packages/*.py")).toBe(true);
    expect(meets("**/site-packages/*.py")).toBe(true);
    expect(meets("**/sitecustomize.py")).toBe(true);
    expect(meets("**/.env*")).toBe(true);
  });

  test("reads and writes look only at their own lists", () => {
    const tee = simpleCommand({ program: "tee", paths: ["/etc/hosts"], writes: ["/etc/hosts"] });
    expect(commandHolds(compile({ writes: ["/etc/**"] }), tee, "some")).toBe(true);
    expect(commandHolds(compile({ reads: ["/etc/**"] }), tee, "some")).toBe(false);
  });
});

describe("compileCondition", () => {
  test("a condition with a command key or a flow is about simple commands; one on input fields is about the call", () => {
    expect(compile({ command: "rm" }).onCommand).toBe(true);
    expect(compile({ flow: { from: { command: "curl" } } }).onCommand).toBe(true);
    expect(compile({ input: { command: { contains: "x" } } }).onCommand).toBe(false);
  });

  test("input fields are read by dotted path; exists, equals and text tests combine", () => {
    const [field] = compile({ input: { "options.mode": { equals: "fast" } } }).input!;
    expect(field!.path).toEqual(["options", "mode"]);
    expect(field!.test("fast")).toBe(true);
    expect(field!.test("slow")).toBe(false);
    const [present] = compile({ input: { timeout: { exists: false } } }).input!;
    expect(present!.test(undefined)).toBe(true);
    expect(present!.test(5)).toBe(false);
    const [texty] = compile({ input: { args: { contains: "--force" } } }).input!;
    expect(texty!.test(["push", "--force"])).toBe(true);
  });
});

describe("compileTextMatcher", () => {
  test("every given test must hold", () => {
    const matches = compileTextMatcher({ contains: "drop", regex: "^(?i)DROP" });
    expect(matches("drop table")).toBe(true);
    expect(matches("xdrop")).toBe(false);
  });

  test("(?i) inside a user regex ignores case", () => {
    expect(compileTextMatcher({ regex: "password(?i)=X" })("password=x")).toBe(true);
  });

  test("glob and equals", () => {
    expect(compileTextMatcher({ glob: "*.env" })("prod.env")).toBe(true);
    expect(compileTextMatcher({ equals: "a" })("ab")).toBe(false);
  });
});

describe("flowTargets", () => {
  const view = shellView(
    [simpleCommand({ program: "curl" }), simpleCommand({ program: "base64" }), simpleCommand({ program: "sh" }), simpleCommand({ program: "ls" })],
    [
      { from: 0, to: 1, channel: "pipe" },
      { from: 1, to: 2, channel: "pipe" },
      { from: 3, to: 2, channel: "variable" },
    ],
  );

  test("data reaches a command directly or through other commands", () => {
    const flow = compile({ flow: { from: { command: "curl" }, to: { command: "sh" } } }).flow!;
    expect([...flowTargets(flow, view)]).toEqual([2]);
  });

  test("through limits the channels followed", () => {
    const flow = compile({ flow: { from: { command: "ls" }, to: { command: "sh" }, through: ["pipe"] } }).flow!;
    expect(flowTargets(flow, view).size).toBe(0);
  });

  test("without to, every command reached counts", () => {
    const flow = compile({ flow: { from: { command: "curl" } } }).flow!;
    expect([...flowTargets(flow, view)].sort()).toEqual([1, 2]);
  });

  test("between: the data goes on only through commands that match it", () => {
    expect([...flowTargets(compile({ flow: { from: { command: "curl" }, to: { command: "sh" }, between: { command: "base64|cat" } } }).flow!, view)]).toEqual([2]);
    expect(flowTargets(compile({ flow: { from: { command: "curl" }, to: { command: "sh" }, between: { command: "cat" } } }).flow!, view).size).toBe(0);
    // The first command reached is a target whatever it is; `between` only says where the data goes after it.
    expect([...flowTargets(compile({ flow: { from: { command: "curl" }, between: { command: "cat" } } }).flow!, view)]).toEqual([1]);
  });
});

describe("output_shown and variables", () => {
  test("output_shown compares what the view says about the command's output", () => {
    expect(commandHolds(compile({ output_shown: true }), simpleCommand({ program: "echo" }), "some")).toBe(true);
    expect(commandHolds(compile({ output_shown: true }), simpleCommand({ program: "echo", outputShown: false }), "some")).toBe(false);
    expect(commandHolds(compile({ output_shown: false }), simpleCommand({ program: "echo", outputShown: false }), "some")).toBe(true);
  });

  test("variables: some name matches a glob and no exclusion, letter case ignored", () => {
    const condition = compile({ variables: ["*token*", "*_key", "!*_file"] });
    expect(commandHolds(condition, simpleCommand({ program: "echo", variables: ["HOME", "GITHUB_TOKEN"] }), "some")).toBe(true);
    expect(commandHolds(condition, simpleCommand({ program: "echo", variables: ["stripe_key"] }), "some")).toBe(true);
    expect(commandHolds(condition, simpleCommand({ program: "echo", variables: ["TOKEN_FILE"] }), "some")).toBe(false);
    expect(commandHolds(condition, simpleCommand({ program: "echo", variables: [] }), "some")).toBe(false);
  });
});

describe("commands alike are judged once per condition", () => {
  /** A condition on the program name that counts how often it is asked. */
  const counting = (names: string[]) => {
    const asked = { count: 0 };
    const condition = {
      command: (name: string) => {
        asked.count++;
        return names.includes(name);
      },
    };
    return { asked, condition };
  };
  const copy = (target: string) => simpleCommand({ program: "cp", args: ["a", target], operands: ["a", target], paths: ["a", target], writes: [target] });
  const repeated = (count: number, make: (index: number) => ReturnType<typeof simpleCommand>) => Array.from({ length: count }, (_, index) => make(index));

  test("a script repeating one line: the condition is asked once, and holds on every command", () => {
    const commands = repeated(1_000, () => copy("dist/"));
    const { asked, condition } = counting(["cp"]);
    expect(commandsHolding(condition, commands, NO_PLACES, undefined)).toHaveLength(1_000);
    expect(asked.count).toBe(1);
  });

  test("commands that differ in any field are judged each on its own, with the answer commandHolds gives", () => {
    // Same words, another file written (a `cd` before), another tag: not alike.
    const commands = repeated(300, (index) => (index % 3 === 0 ? copy(`dist/${index}`) : index % 3 === 1 ? { ...copy("dist/"), tags: ["t"] } : simpleCommand({ program: "mv" })));
    const { asked, condition } = counting(["cp"]);
    const expected = commands.flatMap((command, index) => (commandHolds(condition, command, "some") ? [index] : []));
    asked.count = 0;
    expect(commandsHolding(condition, commands, NO_PLACES, undefined)).toEqual(expected);
    // 100 distinct targets, one tagged kind, one mv: never more than one question per distinct command.
    expect(asked.count).toBe(102);
  });

  test("the work budget is charged as if each command were judged (it runs out at the same command)", () => {
    const condition = compile({ command: "python3", code: { contains: "import os" } });
    const commands = repeated(200, () => simpleCommand({ program: "python3", code: [{ language: "python", text: `import os\n${"x = 1\n".repeat(100)}` }] }));
    const counter = () => {
      const meter = {
        spent: 0,
        charge(units: number) {
          meter.spent += units;
        },
      };
      return meter;
    };
    const each = counter();
    for (const command of commands) commandHolds(condition, command, "some", NO_PLACES, each);
    const once = counter();
    expect(commandsHolding(condition, commands, NO_PLACES, once)).toHaveLength(200);
    expect(once.spent).toBe(each.spent);
    expect(once.spent).toBeGreaterThan(200);
    // A budget of half that is spent part way through, judged either way.
    const limited = () => {
      const meter = {
        spent: 0,
        charge: (units: number) => {
          meter.spent += units;
          if (meter.spent > each.spent / 2) throw new Error("spent");
        },
      };
      return meter;
    };
    expect(() => commandsHolding(condition, commands, NO_PLACES, limited())).toThrow("spent");
  });
});
