import { describe, expect, test } from "bun:test";
import { languageOfScript, readLanguage } from "../../../../src/shell/languages/index.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("readLanguage", () => {
  test("a language with a reader gives the shell lines its code amounts to", () => {
    expect(readLanguage("python", "import os; os.system('rm -rf /srv')", "python3").lines.map((line) => line.line)).toContain("rm -rf /srv");
    expect(readLanguage("sed", "1e rm -rf /srv", "sed").lines).toEqual([{ line: "rm -rf /srv", label: "e command" }]);
  });

  test("a language with no reader gives nothing (it is still recorded as code on the command)", () => {
    expect(readLanguage("cobol", "DISPLAY 'HI'.", "cobc")).toEqual({ lines: [], unresolved: [] });
  });

  test("a database language gives its statements, each with its kind", () => {
    expect(readLanguage("sql", "DROP TABLE users", "psql")).toEqual({ lines: [], unresolved: [], statements: [{ kind: "drop", text: "DROP TABLE users" }] });
  });
});

describe("languageOfScript", () => {
  test("by the shebang, with env and version numbers", () => {
    expect(languageOfScript("#!/usr/bin/env python3\nimport os")).toBe("python");
    expect(languageOfScript("#!/usr/bin/perl -w\n")).toBe("perl");
    expect(languageOfScript("#!/bin/bash\nrm x")).toBe("shell");
  });

  test("no shebang, or an interpreter without a reader, is shell", () => {
    expect(languageOfScript("rm -rf ~")).toBe("shell");
    expect(languageOfScript("#!/usr/bin/env tclsh\n")).toBe("shell");
  });
});
