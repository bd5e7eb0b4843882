import { describe, expect, test } from "bun:test";
import { literalField, unknownField } from "../../../../src/shell/expand/field.ts";
import { RUNS_UNKNOWN_PACKAGE, runsUnknownPackage } from "../../../../src/shell/programs/package-runs.ts";
import { readArgv } from "../../../../src/shell/programs/read-argv.ts";
import { INTERPRETERS } from "../../../../src/shell/programs/interpreters.ts";
import { WRAPPERS } from "../../../../src/shell/programs/wrappers.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

/** How a runner's words are read, by the runner's own spec. */
function tagged(runner: "bunx" | "uvx" | "npx", words: string[]): boolean {
  return readArgv(
    WRAPPERS[runner],
    words.map((word) => literalField(word)),
  ).tags.includes(RUNS_UNKNOWN_PACKAGE);
}

describe("a runner fetching a package that is no well-known tool", () => {
  test.each([
    ["bunx", ["some-helper", "init"]],
    ["bunx", ["@someone/kit@2.1.0"]],
    ["uvx", ["--from", "acme-tools", "acme"]],
    ["uvx", ["sketchy==0.1", "run"]],
    ["npx", ["-p", "left-pad-cli", "left-pad"]],
    // A scaffolder's prefix is anyone's to publish under: only the listed ones pass.
    ["bunx", ["create-quick-kit", "my-app"]],
    ["npx", ["@someone/create-app@1.0.0"]],
  ] as const)("%s %j is tagged", (runner, words) => expect(tagged(runner, [...words])).toBe(true));

  test.each([
    ["bunx", ["prettier", "--check", "."]],
    ["bunx", ["@biomejs/biome", "check"]],
    ["uvx", ["ruff@0.6.9", "check"]],
    ["uvx", ["black[jupyter]", "."]],
    ["uvx", ["--from", "httpie", "http", "GET", "example.org"]],
    ["npx", ["create-vite@latest", "web"]],
    ["npx", ["create-vue@3"]],
    ["bunx", ["create-astro", "site"]],
  ] as const)("%s %j is not", (runner, words) => expect(tagged(runner, [...words])).toBe(false));

  test("a package named only at run time is not a well-known one", () => {
    const reading = readArgv(WRAPPERS.bunx, [unknownField("$TOOL")]);
    expect(runsUnknownPackage(reading)).toBe(true);
  });

  test("a program that is no package runner is never tagged", () => {
    expect(runsUnknownPackage(readArgv(WRAPPERS.sudo, [literalField("some-helper")]))).toBe(false);
  });
});

describe("a module named by its registry specifier (deno run npm:NAME, jsr:@scope/NAME)", () => {
  const denoTagged = (words: string[]) =>
    readArgv(
      INTERPRETERS.deno,
      words.map((word) => literalField(word)),
    ).tags.includes(RUNS_UNKNOWN_PACKAGE);

  test.each(["run -A npm:some-generator@3 new", "run jsr:@someone/tool/cli.ts", "serve npm:@acme/preview", "npm:quick-fixer"])("deno %s is tagged", (words) =>
    expect(denoTagged(words.split(" "))).toBe(true),
  );

  test.each(["run -A npm:prettier@3 --write .", "run --allow-net jsr:@std/http/file-server", "run main.ts", "test --allow-read src/"])("deno %s is not", (words) =>
    expect(denoTagged(words.split(" "))).toBe(false),
  );
});
