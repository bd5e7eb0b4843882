import { describe, expect, test } from "bun:test";
import { readSed } from "../../../../src/shell/languages/sed.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const lines = (script: string) => readSed(script).lines.map((line) => line.line);

describe("readSed", () => {
  test("the e command runs its text; with an address too", () => {
    expect(lines("e rm -rf /srv")).toEqual(["rm -rf /srv"]);
    expect(lines("1,/x/!e touch y")).toEqual(["touch y"]);
  });

  test("a bare e and the s///e flag run what is only known at run time", () => {
    expect(readSed("e").unresolved).toHaveLength(1);
    expect(readSed("s/a/b/e").unresolved).toEqual(["sed s///e runs the result as a command, only known at run time"]);
  });

  test("w writes a file (the command and the s flag), r reads one, whatever the delimiter", () => {
    expect(lines("w /etc/passwd")).toEqual([": > '/etc/passwd'"]);
    expect(lines("s|a|b|w /tmp/out")).toEqual([": > '/tmp/out'"]);
    expect(lines("r ~/.ssh/id_rsa")).toEqual(["cat -- ~/'.ssh/id_rsa'"]);
  });

  test("an ordinary substitution does nothing the policy cares about", () => {
    expect(readSed("s/foo/bar/g")).toEqual({ lines: [], unresolved: [] });
  });
});
