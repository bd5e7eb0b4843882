import { describe, expect, test } from "bun:test";
import { STARTUP_VARIABLES, startupFiles } from "../../../../src/shell/programs/startup-variables.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const filesOf = (variable: string, value: string, perlLib?: string) => startupFiles(STARTUP_VARIABLES[variable]!.files, value, perlLib);

describe("the files a start-up variable names", () => {
  test("NODE_OPTIONS: --require, -r, --import and loaders, spaced or after =; settings name none", () => {
    expect(filesOf("NODE_OPTIONS", "--require ./a.js --max-old-space-size=4096 -r b --import=/tmp/c.mjs --experimental-loader ./d.mjs")).toEqual([
      "./a.js",
      "b",
      "/tmp/c.mjs",
      "./d.mjs",
    ]);
    expect(filesOf("NODE_OPTIONS", "--enable-source-maps --inspect")).toEqual([]);
  });

  test("RUBYOPT: -r attached or spaced; -W0 is a setting", () => {
    expect(filesOf("RUBYOPT", "-W0 -r./boot.rb -r lib")).toEqual(["./boot.rb", "lib"]);
  });

  test("PERL5OPT: a module only under a -I directory or PERL5LIB, nested names as folders", () => {
    expect(filesOf("PERL5OPT", "-I/tmp/l -MHook::Run=x")).toEqual(["/tmp/l/Hook/Run.pm"]);
    expect(filesOf("PERL5OPT", "-mSetup", "/var/tmp/p:")).toEqual(["/var/tmp/p/Setup.pm"]);
    expect(filesOf("PERL5OPT", "-MDevel::Cover -w")).toEqual([]);
  });

  test("BASH_ENV and PYTHONSTARTUP: the whole value", () => {
    expect(filesOf("BASH_ENV", "ci/env.sh")).toEqual(["ci/env.sh"]);
    expect(filesOf("PYTHONSTARTUP", "")).toEqual([]);
  });
});
