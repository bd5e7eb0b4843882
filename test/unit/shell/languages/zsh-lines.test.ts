import { describe, expect, test } from "bun:test";
import { readsZsh, zshAsBash, zshShebang } from "../../../../src/shell/languages/zsh-lines.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("zsh scripts as bash reads them", () => {
  test.each([
    ["for x ({1..3}) print $x", "for x in {1..3}; do print $x; done"],
    ["for f (*.log) rm -f $f", "for f in *.log; do rm -f $f; done"],
    ["for x (a b) { echo $x }", "for x in a b; do { echo $x; }; done"],
    ["for x (a b); do echo $x; done", "for x in a b; do echo $x; done"],
    ["repeat 3 do make; done", "for __zsh_repeat in 1; do make; done"],
    ["repeat 3 echo hi", "echo hi"],
    ["() { echo $1 } a b", "{ echo $1; }"],
    ["{ make; make test } > build.log", "{ make; make test; } > build.log"],
    ["awk '{ print $1 }' data.txt", "awk '{ print $1 }' data.txt"],
    ["sleep 30 &!", "sleep 30 &"],
    ["diff =(sort a) =(sort b)", "diff <(sort a) <(sort b)"],
    ["noglob rm -f *.o", "rm -f *.o"],
    ["[[ $x == (a|b) ]] && echo y", "[[ $x == @(a|b) ]] && echo y"],
    ["ls log.<->.txt", "ls log.*.txt"],
    ["print ${(j:,:)arr} ${=x} ${~y}", "print ${arr} ${x} ${y}"],
  ])("%s", (zsh, bash) => {
    expect(zshAsBash(zsh)).toBe(bash);
  });

  test("a nested or flagged expansion runs what it holds and gives a value only the run knows", () => {
    expect(zshAsBash('files=(${(f)"$(git ls-files)"})')).toBe('files=($(: "$(git ls-files)")${__synaps_value})');
    expect(zshAsBash("print ${${name%.txt}:t}")).toBe("print $(: ${name%.txt}:t)${__synaps_value}");
  });

  test("blocks in braces become bash's, their closing brace found by its indentation, one line for one line", () => {
    const zsh =
      "for f (src/*.ts) {\n  wc -l $f\n}\nif [[ -d a ]] {\n  echo a\n} elif [[ -d b ]] {\n  echo b\n} else {\n  echo c\n}\nwhile sleep 1 {\n  date\n}\n() {\n  echo $1\n} x";
    const bash =
      "for f in src/*.ts; do {\n  wc -l $f\n}; done\nif [[ -d a ]]; then {\n  echo a\n}; elif [[ -d b ]]; then {\n  echo b\n}; else {\n  echo c\n}; fi\nwhile sleep 1; do {\n  date\n}; done\n{\n  echo $1\n}";
    expect(zshAsBash(zsh)).toBe(bash);
    expect(zshAsBash("{\n  make\n} always {\n  rm -f lock\n}")).toBe("{\n  make\n}; {\n  rm -f lock\n}");
  });

  test("what bash reads the same is kept: settings, print, glob qualifiers, comments", () => {
    const same = "#!/bin/zsh\nsetopt extended_glob\nautoload -Uz compinit && compinit\ntypeset -A seen\nprint -P '%F{green}ok%f'\nls -d *(/om[1,3])\n# for x (a b) in a comment";
    expect(zshAsBash(same)).toBe(same);
  });

  test("zsh by name and by #! line", () => {
    expect([readsZsh("zsh"), readsZsh("/usr/local/bin/zsh"), readsZsh("zsh-5.9"), readsZsh("bash"), readsZsh("./zshrc")]).toEqual([true, true, true, false, false]);
    expect([zshShebang("#!/bin/zsh\n"), zshShebang("#!/usr/bin/env zsh\n"), zshShebang("#!/usr/bin/env -S zsh -f\n"), zshShebang("#!/bin/bash\n")]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
