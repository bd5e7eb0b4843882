import { describe, expect, test } from "bun:test";
import { literalField, unknownField } from "../../../../src/shell/expand/field.ts";
import { readArgv } from "../../../../src/shell/programs/read-argv.ts";
import type { ProgramSpec } from "../../../../src/shell/programs/spec.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const words = (...texts: string[]) => texts.map((text) => literalField(text));
const roles = (spec: ProgramSpec | undefined, ...texts: string[]) =>
  readArgv(spec, words(...texts)).roled.map((arg) => `${arg.option ?? ""}${arg.option ? "=" : ""}${arg.field.values[0]}:${arg.role}`);

describe("flags", () => {
  test("a bundle is kept and split into its letters", () => {
    expect(readArgv(undefined, words("-rf", "x")).flags).toEqual(["-rf", "-r", "-f"]);
  });

  test("--name=value is the option --name with an inline value", () => {
    expect(roles({ options: { "--output": "write" } }, "--output=out.txt")).toEqual(["--output=out.txt:write"]);
  });

  test("an option's value may be glued to it in a bundle: -xzf archive, -ofile", () => {
    const tar: ProgramSpec = { options: { "-f": "path", "-C": "path" } };
    expect(roles(tar, "-xzf", "a.tgz", "-C", "/srv")).toEqual(["-f=a.tgz:path", "-C=/srv:path"]);
    expect(roles({ options: { "-o": "write" } }, "-oout.bin")).toEqual(["-o=out.bin:write"]);
  });

  test("unique abbreviations of long options are spelt out where the program allows them", () => {
    const git: ProgramSpec = { abbreviations: true, options: { "--hard": "flag", "--help": "flag" } };
    expect(readArgv(git, words("--har")).flags).toEqual(["--hard"]);
    expect(readArgv(git, words("--h")).flags).toEqual(["--h"]);
  });

  test("single-dash words are whole options", () => {
    expect(readArgv({ singleDashWords: true, options: { "-delete": "flag" } }, words("-delete")).flags).toEqual(["-delete"]);
  });

  test("a signal named after one dash is one word where the program takes signals so", () => {
    const pkill: ProgramSpec = { signalWords: true, options: { "-U": "value", "-P": "value", "-f": "flag" }, operands: ["pattern"] };
    expect(readArgv(pkill, words("-HUP", "-f", "nginx: master")).flags).toEqual(["-HUP", "-f"]);
    expect(readArgv(pkill, words("-SIGUSR2", "worker")).flags).toEqual(["-SIGUSR2"]);
    expect(readArgv(pkill, words("-RTMIN+3", "worker")).flags).toEqual(["-RTMIN+3"]);
    // pkill's own capital options keep their values.
    expect(roles(pkill, "-U", "1000", "-P", "77")).toEqual(["-U=1000:value", "-P=77:value"]);
    // Without the property the same word is a bundle of letters.
    expect(readArgv({ options: { "-U": "value" } }, words("-HUP")).flags).toContain("-H");
  });

  test("with operandsEndOptions the first operand ends the options (docker run IMAGE -c …)", () => {
    const spec: ProgramSpec = { options: { "-c": "value" }, operands: ["value", "argv"], operandsEndOptions: true };
    expect(readArgv(spec, words("-c", "2", "alpine", "-c", "ls")).carried?.words.map((word) => word.text)).toEqual(["-c", "ls"]);
    expect(readArgv({ ...spec, operandsEndOptions: false }, words("alpine", "-c", "2", "ls")).carried?.words.map((word) => word.text)).toEqual(["ls"]);
  });

  test("-- ends the options and is kept among the flags", () => {
    const reading = readArgv(undefined, words("--", "-rf"));
    expect(reading.flags).toEqual(["--"]);
    expect(reading.operands).toEqual(["-rf"]);
  });

  test("a value for an option the program does not know is kept as a path", () => {
    expect(roles({ options: {} }, "--log=/var/x")).toEqual(["--log=/var/x:path"]);
  });
});

describe("operands", () => {
  test("without a spec every operand is a path", () => {
    expect(roles(undefined, "a", "b")).toEqual(["a:path", "b:path"]);
  });

  test("roles go in order and the last one repeats; lastOperand applies to the last of two or more", () => {
    const cp: ProgramSpec = { operands: ["read"], lastOperand: "write" };
    expect(roles(cp, "a", "b", "c")).toEqual(["a:read", "b:read", "c:write"]);
    expect(roles(cp, "a")).toEqual(["a:read"]);
  });

  test("an option that stands in for the first operand shifts the roles", () => {
    const grep: ProgramSpec = { options: { "-e": "pattern" }, operands: ["pattern", "read"] };
    expect(roles(grep, "-e", "x", "file")).toEqual(["-e=x:pattern", "file:read"]);
  });

  test("writesOperandsWith turns read operands into writes", () => {
    expect(roles({ operands: ["code:sed", "read"], writesOperandsWith: ["-i"] }, "-i", "s/a/b/", "f")).toEqual(["s/a/b/:code:sed", "f:write"]);
  });

  test("key=value operands take the key's role", () => {
    expect(roles({ keyedOperands: { of: "write", if: "read" } }, "if=/dev/zero", "of=/dev/sda")).toEqual(["/dev/zero:read", "/dev/sda:write"]);
  });

  test("NAME=value before the operands are assignments where the program takes them", () => {
    expect(readArgv({ assignments: true, operands: ["argv"] }, words("A=1", "rm", "x")).assignments.map((field) => field.values[0])).toEqual(["A=1"]);
  });
});

describe("carried commands and subcommands", () => {
  test("options the program reads among the carried words are its own, up to a -- and not after one that ends its options", () => {
    const run: ProgramSpec = { options: { "-a": "value", "--app": "value" }, operands: ["argv"], ownOptionsAmongCarried: ["-a", "--app"] };
    const carried = (...texts: string[]) => readArgv(run, words(...texts)).carried?.words.map((field) => field.values[0]);
    expect(carried("printenv", "-a", "shop")).toEqual(["printenv"]);
    expect(readArgv(run, words("printenv", "--app=shop")).roled.map((arg) => `${arg.option}=${arg.field.values[0]}`)).toEqual(["--app=shop"]);
    expect(carried("ls", "-l", "--", "-a", "x")).toEqual(["ls", "-l", "-a", "x"]);
    expect(carried("-a", "shop", "--", "ls", "-a")).toEqual(["ls", "-a"]);
    expect(readArgv({ ...run, ownOptionsAmongCarried: undefined }, words("printenv", "-a", "shop")).carried?.words.length).toBe(3);
  });

  test("an argv operand starts the carried command: its words are not this program's", () => {
    const reading = readArgv({ options: { "-u": "value" }, operands: ["argv"] }, words("-u", "root", "rm", "-rf", "/"));
    expect(reading.carried?.words.map((field) => field.values[0])).toEqual(["rm", "-rf", "/"]);
    expect(reading.flags).toEqual(["-u"]);
  });

  test("inert options keep the carried words as operands (command -v rm)", () => {
    const reading = readArgv({ options: { "-v": "flag" }, operands: ["argv"], inertWith: ["-v"] }, words("-v", "rm"));
    expect(reading.carried).toBeUndefined();
    expect(reading.inert).toBe(true);
    expect(reading.operands).toEqual(["rm"]);
  });

  test("subcommands descend into their own spec and collect tags", () => {
    const aws: ProgramSpec = { subcommands: { s3: { subcommands: { rm: { tags: ["destroy"], operands: ["url"] } } } } };
    const reading = readArgv(aws, words("s3", "rm", "s3://bucket/x"));
    expect(reading.subcommand).toEqual(["s3", "rm"]);
    expect(reading.tags).toEqual(["destroy"]);
    expect(reading.roled.map((arg) => arg.role)).toEqual(["url"]);
  });

  test("an unknown subcommand is still recorded", () => {
    expect(readArgv({ subcommands: {} }, words("frobnicate", "x")).subcommand).toEqual(["frobnicate"]);
  });

  test("an argument only known at run time is an operand, never an option", () => {
    const reading = readArgv({ options: { "-f": "flag" } }, [unknownField("$X")]);
    expect(reading.flags).toEqual([]);
    expect(reading.operands).toEqual(["$X"]);
  });
});

describe("tagsAlone", () => {
  const env: ProgramSpec = { options: { "-u": "value", "-S": "shell" }, operands: ["argv"], assignments: true, tagsAlone: ["environment-output"] };
  const tags = (...texts: string[]) => readArgv(env, words(...texts)).tags;

  test("the program given no operand and no command gets the labels", () => {
    expect(tags()).toEqual(["environment-output"]);
    expect(tags("-u", "PATH")).toEqual(["environment-output"]);
    expect(tags("FOO=1")).toEqual(["environment-output"]);
  });

  test("a command to run, an operand, or an option that carries a command takes them away", () => {
    expect(tags("FOO=1", "make")).toEqual([]);
    expect(tags("-S", "make test")).toEqual([]);
    expect(readArgv({ operands: ["variable"], tagsAlone: ["environment-output"] }, words("PATH")).tags).toEqual([]);
  });
});
