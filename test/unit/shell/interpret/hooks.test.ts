// A command a program runs because an option, an environment variable or a
// setting told it to (a hook) is tagged `hook-run`, and so is everything
// nested under it; what a wrapper, a shell's -c or an interpreter's code runs
// is the command it was given, and is not.
import { describe, expect, test } from "bun:test";
import { SHELL_LIMITS } from "../../../../src/limits.ts";
import { analyzeShell } from "../../../../src/shell/analyze.ts";
import { CODE_RUN, HOOK_RUN, SWITCHED_USER } from "../../../../src/shell/interpret/plan.ts";
import { programTable } from "../../../../src/shell/programs/table.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const context = { home: "/home/ada", programs: programTable(), limits: SHELL_LIMITS, clock: { now: () => 0 } };
const hooked = (input: string) =>
  analyzeShell(input, context)
    .commands.filter((command) => command.tags.includes(HOOK_RUN))
    .map((command) => command.name);

describe("commands run through a hook", () => {
  test.each([
    ["tcpdump -w x.pcap -z ./rotate.sh", ["rotate.sh"]],
    ["wget --use-askpass=./ask https://example.com/", ["ask"]],
    ["GIT_SSH_COMMAND='ssh -i key' git fetch", ["ssh"]],
    ["git -c core.sshCommand='ssh -v' fetch", ["ssh"]],
    ["mysql --pager='less -S' -e 'select 1'", ["less"]],
    ["vim -c ':!make' notes.txt", ["make"]],
    ["LESSOPEN='| lesspipe %s' less notes.txt", ["lesspipe"]],
  ])("%s", (input, names) => {
    expect(hooked(input)).toEqual(names);
  });

  test("everything nested under a hook is hooked too", () => {
    expect(hooked("mysql --pager='sh -c \"sort | uniq\"' -e 'select 1'")).toEqual(["sh", "sort", "uniq"]);
  });

  test.each([
    "sudo make install",
    "bash -c 'make test'",
    "xargs -n1 echo < list.txt",
    "find . -name '*.o' -exec rm {} +",
    "python3 -c 'import os; os.system(\"make\")'",
    "awk 'BEGIN { system(\"make\") }'",
    "Rscript -e 'system(\"make\")'",
    "timeout 5 make",
    "ssh build-host make",
  ])("not a hook: %s", (input) => {
    expect(hooked(input)).toEqual([]);
  });
});

// What another language's code runs (python's os.system, php's shell_exec, m4's esyscmd) is tagged `code-run`.
const fromCode = (input: string) =>
  analyzeShell(input, context)
    .commands.filter((command) => command.tags.includes(CODE_RUN))
    .map((command) => command.name);

describe("commands run by another language's code", () => {
  test.each([
    ["python3 -c 'import os; os.system(\"make\")'", ["make"]],
    ["php -r 'echo shell_exec(\"/opt/x/bin/inv\");'", ["inv"]],
    ['awk \'BEGIN { system("sh -c \\"sort | uniq\\"") }\'', ["sh", "sort", "uniq"]],
    ["echo 'esyscmd(date)' | m4", ["date"]],
  ])("%s", (input, names) => {
    expect(fromCode(input)).toEqual(names);
  });

  test.each(["make", "bash -c 'make test'", "tcpdump -w x.pcap -z ./rotate.sh", "sudo make install"])("not from code: %s", (input) => {
    expect(fromCode(input)).toEqual([]);
  });
});

// What runs under sudo, doas, pkexec, run0 or su -c, however deep, is tagged `switched-user`.
const switched = (input: string) =>
  analyzeShell(input, context)
    .commands.filter((command) => command.tags.includes(SWITCHED_USER))
    .map((command) => command.name);

describe("commands run as another user", () => {
  test.each([
    ["sudo vim -c ':!sh'", ["vim", "sh"]],
    ["doas find . -exec sh \\;", ["find", "sh"]],
    ["su -c 'make install' root", ["make"]],
    ["sudo -u postgres psql", ["psql"]],
  ])("%s", (input, names) => {
    expect(switched(input)).toEqual(names);
  });

  test.each(["vim -c ':!sh'", "make install", "env sh"])("not switched: %s", (input) => {
    expect(switched(input)).toEqual([]);
  });
});

describe("vim's % is the file it was given", () => {
  const hookedCommand = (input: string) => analyzeShell(input, context).commands.find((command) => command.tags.includes(HOOK_RUN));

  test.each([
    ["vim -c ':!python3 %' tools/gen.py", "tools/gen.py"],
    ["nvim +'!node %' 'src/my app.js'", "src/my app.js"],
    ["vim -c 'w | !sh %' build.sh", "build.sh"],
  ])("%s", (input, file) => {
    const command = hookedCommand(input)!;
    expect({ paths: command.paths, dynamic: command.dynamicArgs }).toEqual({ paths: [file], dynamic: false });
  });

  // No file (or `--cmd`, run before the file is loaded), a modifier, the alternate file: only known at run time.
  test.each(["vim -c ':!python3 %'", "vim --cmd '!python3 %' gen.py", "vim -c '!python3 %:h/x.py' gen.py", "vim -c '!python3 #' gen.py"])("%s", (input) => {
    expect(hookedCommand(input)?.dynamicArgs).toBe(true);
  });
});
