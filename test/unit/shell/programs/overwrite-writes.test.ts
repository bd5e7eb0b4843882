// What the tools that replace a file's content write (round 16): patch's
// directory, file and output; and, with the default policy, which of those
// writes land outside the project (another project, home data, /etc).
import { describe, expect, test } from "bun:test";
import { decide } from "../../../support/decide.ts";
import { commandNamed } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("patch in the view", () => {
  test("-d, the file operand and -o are written; the diff is read", () => {
    expect(commandNamed("patch -p0 -d /etc < hardening.patch", "patch").writes).toEqual(["/etc"]);
    expect(commandNamed("patch --directory=/srv/app -p1 -i fix.diff", "patch").writes).toEqual(["/srv/app"]);
    expect(commandNamed("patch -p1 -i fix.diff", "patch").reads).toEqual(["fix.diff"]);
    expect(commandNamed("patch -p1 < fix.diff", "patch").writes).toEqual([]);
    expect(commandNamed("patch src/a.c fix.diff", "patch").writes).toEqual(["src/a.c"]);
    expect(commandNamed("patch -o /tmp/a.c src/a.c fix.diff", "patch").writes).toContain("/tmp/a.c");
  });
});

describe("appends", () => {
  test("a command whose every write adds to its file is tagged appends", () => {
    expect(commandNamed("echo x >> ~/a.md", "echo").tags).toContain("appends");
    expect(commandNamed("echo x | tee -a ~/a.md", "tee").tags).toContain("appends");
    expect(commandNamed("echo x > ~/a.md", "echo").tags).not.toContain("appends");
    expect(commandNamed("echo x | tee -a ~/a.md > ~/b.md", "tee").tags).not.toContain("appends");
    expect(commandNamed("echo x >> ~/a.md > ~/b.md", "echo").tags).not.toContain("appends");
  });
});

describe("with the default policy", () => {
  const stopped = [
    "echo > ~/work/billing/.env",
    ": | tee ~/work/api/go.sum",
    "cp -f settings.json ~/.config/Code/User/settings.json",
    "sed -i 's/a/b/' ~/Documents/cv.tex",
    "unzip -o pack.zip -d ~",
    "tar -xzf vendor.tgz -C ../api",
    "echo x | tee -a ~/notes/log.md > ~/work/api/.env",
    "patch -p0 -d /etc < hardening.patch",
  ];
  const passed = [
    "cp .env.example .env",
    "echo ok | tee -a logs/dev.log",
    "unzip -o x.zip -d vendor/",
    "patch -p1 < fix.diff",
    "truncate -s 0 logs/dev.log",
    "echo '{}' > /tmp/x.json",
    "tar -xzf deps.tgz -C ~/.cache/deps",
    "cp -r fixtures ~/.cache/shop-fixtures",
    "tar xzf node-v20.tgz -C ~/tools",
    "echo '- fixed' >> ~/Documents/journal.md",
    "date | tee -a ~/work/api/notes.txt",
  ];
  test.each(stopped)("%p is stopped", (command) => {
    expect(decide(command).decision).not.toBe("continue");
  });
  test.each(passed)("%p passes", (command) => {
    expect(decide(command).decision).toBe("continue");
  });
});
