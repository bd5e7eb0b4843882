// The argument-grammar features the remote-resource CLIs use, on small specs:
// subcommand name patterns, optional subcommands, tags an option adds, and
// single-dash words with an inline value.
import { describe, expect, test } from "bun:test";
import { literalField } from "../../../../src/shell/expand/field.ts";
import { readArgv } from "../../../../src/shell/programs/read-argv.ts";
import type { ProgramSpec } from "../../../../src/shell/programs/spec.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const read = (spec: ProgramSpec, line: string) =>
  readArgv(
    spec,
    line.split(" ").map((word) => literalField(word)),
  );
const roles = (spec: ProgramSpec, line: string) => read(spec, line).roled.map((arg) => `${arg.role}:${arg.field.values[0]}`);

describe("subcommand names with *", () => {
  const op: ProgramSpec = { operands: ["read"], tags: ["op"] };
  const spec: ProgramSpec = {
    operands: ["read"],
    subcommands: {
      list: { operands: ["read"], tags: ["read"] },
      "delete-*": { operands: ["read"], tags: ["destroy"] },
      "*:destroy": { operands: ["read"], tags: ["destroy"] },
      "*": { operands: ["read"], subcommands: { "*": op } },
    },
  };

  test("exact names first, then patterns in order, then *", () => {
    expect(read(spec, "list x")).toMatchObject({ subcommand: ["list"], tags: ["read"] });
    expect(read(spec, "delete-bucket --bucket b")).toMatchObject({ subcommand: ["delete-bucket"], tags: ["destroy"] });
    expect(read(spec, "apps:destroy x")).toMatchObject({ subcommand: ["apps:destroy"], tags: ["destroy"] });
    expect(read(spec, "ec2 run-instances")).toMatchObject({ subcommand: ["ec2", "run-instances"], tags: ["op"] });
  });

  test("* stands for letters, digits, _ and - only", () => {
    expect(read(spec, "apps.x:destroy").subcommand).toEqual([]);
  });

  test("a word that fits no name is an operand of the level, not an unknown subcommand", () => {
    const reading = read(spec, "./file.txt s3://bucket");
    expect(reading.subcommand).toEqual([]);
    expect(reading.roled.map((arg) => arg.role)).toEqual(["read", "read"]);
  });

  test("a level without patterns still records an unknown first word (git aliases)", () => {
    expect(read({ subcommands: { push: {} } }, "st -sb").subcommand).toEqual(["st"]);
  });
});

describe("optional subcommands", () => {
  const request: ProgramSpec = { operands: ["url", "data"] };
  const http: ProgramSpec = { ...request, optionalSubcommands: true, subcommands: { GET: request, DELETE: { ...request, tags: ["destroy"] } } };

  test("a method word is a subcommand; without one, the first word keeps its role", () => {
    expect(read(http, "DELETE api.example.com/x")).toMatchObject({ subcommand: ["DELETE"], tags: ["destroy"] });
    expect(roles(http, "DELETE api.example.com/x")).toEqual(["url:api.example.com/x"]);
    expect(read(http, "api.example.com/x name=ada").subcommand).toEqual([]);
    expect(roles(http, "api.example.com/x name=ada")).toEqual(["url:api.example.com/x", "data:name=ada"]);
  });
});

describe("tags an option adds", () => {
  const spec: ProgramSpec = {
    options: { "-X": "value", "--replicas": "value", "--dry-run": "flag" },
    tagsWith: { "-f": ["destroy"], "-X=DELETE": ["destroy"], "--replicas=0": ["destroy"], "--dry-run=server": ["dry-run"] },
  };

  test("by spelling, also inside a bundle", () => {
    expect(read(spec, "-vf x").tags).toEqual(["destroy"]);
    expect(read(spec, "-v x").tags).toEqual([]);
  });

  test("with a value: separate, inline, bundled, any letter case", () => {
    for (const line of ["-X DELETE u", "-XDELETE u", "-X delete u"]) expect(read(spec, line).tags).toEqual(["destroy"]);
    expect(read(spec, "-X GET u").tags).toEqual([]);
    expect(read(spec, "--replicas=0").tags).toEqual(["destroy"]);
    expect(read(spec, "--replicas 3").tags).toEqual([]);
  });

  test("a flag given a value inline is matched on that value", () => {
    expect(read(spec, "--dry-run=server").tags).toEqual(["dry-run"]);
    expect(read(spec, "--dry-run=none").tags).toEqual([]);
  });

  test("a * in the value stands for any text", () => {
    const kubectl: ProgramSpec = { options: { "-o": "value" }, tagsWith: { "-o=jsonpath*": ["prints"], "-o=*yaml*": ["prints"], "-o=go-*-file*x": ["odd"] } };
    expect(read(kubectl, "-o jsonpath={.data}").tags).toEqual(["prints"]);
    expect(read(kubectl, "-oyaml").tags).toEqual(["prints"]);
    expect(read(kubectl, "-o wide").tags).toEqual([]);
    expect(read(kubectl, "-o go-template-file=tx").tags).toEqual(["odd"]);
    expect(read(kubectl, "-o go-x").tags).toEqual([]);
  });

  test("the options of every level read count, each tag once", () => {
    const nested: ProgramSpec = { tagsWith: { "-f": ["destroy"] }, subcommands: { rm: { tagsWith: { "-f": ["destroy"], "-v": ["destroy"] } } } };
    expect(read(nested, "rm -f -v x").tags).toEqual(["destroy"]);
  });
});

describe("single-dash words", () => {
  const terraform: ProgramSpec = { singleDashWords: true, options: { "-chdir": "path", "-var-file": "read" }, subcommands: { destroy: { tags: ["destroy"] } } };

  test("an inline =value is the option's value, and the next word is left alone", () => {
    expect(read(terraform, "-chdir=infra destroy")).toMatchObject({ subcommand: ["destroy"], tags: ["destroy"] });
    expect(roles(terraform, "-chdir=infra destroy")).toEqual(["path:infra"]);
    expect(roles(terraform, "-var-file prod.tfvars")).toEqual(["read:prod.tfvars"]);
  });
});

describe("the subcommand name **", () => {
  const pass: ProgramSpec = {
    operands: ["value"],
    subcommands: {
      ls: { operands: ["value"] },
      show: { operands: ["value"], tags: ["prints"] },
      "*": { operands: ["value"], tags: ["name"] },
      "**": { operands: ["value"], tags: ["prints"] },
    },
  };

  test("takes any word no other name takes, after *", () => {
    expect(read(pass, "ls work")).toMatchObject({ subcommand: ["ls"], tags: [] });
    expect(read(pass, "github")).toMatchObject({ subcommand: ["github"], tags: ["name"] });
    expect(read(pass, "github.com/ada")).toMatchObject({ subcommand: ["github.com/ada"], tags: ["prints"] });
  });
});
