import { describe, expect, test } from "bun:test";
import { readConsole } from "../../../../src/shell/languages/console.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const commands = (text: string) => readConsole(text).lines.map((line) => line.line);

describe("readConsole", () => {
  test("each escape form hands the rest of its line to the shell", () => {
    expect(commands("!make clean")).toEqual(["make clean"]);
    expect(commands("  ! tar czf /tmp/b.tgz src")).toEqual(["tar czf /tmp/b.tgz src"]);
    expect(commands("shell ls -la /srv")).toEqual(["ls -la /srv"]);
    expect(commands('@exec "du -sh /var/lib/bacula"')).toEqual(["du -sh /var/lib/bacula"]);
    expect(commands("exec ./dial.sh")).toEqual(["./dial.sh"]);
  });

  test("the console's own commands, a bare bang and blank lines give nothing", () => {
    expect(commands("stat /etc\nls -l\n\n!\nshellcheck x\nkeys")).toEqual([]);
  });

  test("escapes on several lines are each a command, labelled as escapes", () => {
    const reading = readConsole("ls\n!id\nquit\nshell uname -a\n");
    expect(reading.lines).toEqual([
      { line: "id", label: "shell escape" },
      { line: "uname -a", label: "shell escape" },
    ]);
    expect(reading.unresolved).toEqual([]);
  });
});
