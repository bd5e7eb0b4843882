// The normalized view of a shell input, on its own: what each simple command
// looks like after parsing, unquoting, unbundling and unwrapping.
import { describe, expect, test } from "bun:test";
import { SHELL_LIMITS } from "../../../src/limits.ts";
import { analyzeShell } from "../../../src/shell/analyze.ts";
import { programTable } from "../../../src/shell/programs/table.ts";
import type { SimpleCommand } from "../../../src/shell/view/view.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const HOME = "/home/ada";
const context = { home: HOME, programs: programTable(), limits: SHELL_LIMITS, clock: { now: () => 0 } };
const view = (input: string) => analyzeShell(input, context);
const commands = (input: string) => view(input).commands;
const only = (input: string): SimpleCommand => {
  const found = commands(input);
  expect(found).toHaveLength(1);
  return found[0]!;
};
const names = (input: string) => commands(input).map((command) => `${command.via.length ? `${command.via.join(">")}:` : ""}${command.name}`);

describe("words", () => {
  test.each([
    ["r''m -rf x", "rm"],
    ["\\rm -rf x", "rm"],
    ['"rm" -rf x', "rm"],
    ["$'\\x72\\x6d' -rf x", "rm"],
    ["$'\\162\\155' -rf x", "rm"],
    ["/usr/bin/rm -rf x", "rm"],
  ])("%s runs %s", (input, name) => {
    expect(only(input).name).toBe(name);
  });

  test("the program is kept as written, the name is its basename", () => {
    expect(only("/bin/rm x")).toMatchObject({ program: "/bin/rm", name: "rm" });
  });

  test("an earlier assignment is followed, and ${IFS} splits like a space", () => {
    expect(names("X=rm; $X -rf ~")).toEqual(["rm"]);
    expect(only("rm${IFS}-rf${IFS}/x")).toMatchObject({ name: "rm", flags: ["-rf", "-r", "-f"], operands: ["/x"] });
  });

  test("$HOME, ${HOME} and ~ are the home directory", () => {
    expect(only('ls $HOME ${HOME}/a ~/b "~"').paths).toEqual([HOME, `${HOME}/a`, `${HOME}/b`]);
  });

  test("a quoted expansion does not split; an unknown one is dynamic", () => {
    expect(only('X="a b"; echo "$X"').operands).toEqual(["a b"]);
    expect(only("echo $UNKNOWN").dynamicArgs).toBe(true);
  });
});

describe("flags and operands", () => {
  test("-rf is unbundled, and the bundle itself is kept", () => {
    expect(only("rm -rf x").flags).toEqual(["-rf", "-r", "-f"]);
  });

  test("--x=v is split into the flag and an operand", () => {
    expect(only("git push --force-with-lease=main origin")).toMatchObject({ flags: ["--force-with-lease"], operands: ["push", "main", "origin"] });
  });

  test("-- ends the options", () => {
    expect(only("rm -- -rf")).toMatchObject({ flags: ["--"], operands: ["-rf"] });
  });

  test("find's options are whole words; its paths are the starting points", () => {
    expect(only("find . -name '*.log' -delete")).toMatchObject({ flags: ["-name", "-delete"], paths: ["."] });
  });
});

describe("paths and writes", () => {
  test("paths are normalized for ., .. and //", () => {
    expect(only("cat ./a//b/../c /tmp/./x/").paths).toEqual(["a/c", "/tmp/x"]);
  });

  test("cd to a known place resolves later relative paths", () => {
    expect(commands("cd /srv && rm -rf app")[1]!.paths).toEqual(["/srv/app"]);
  });

  test("cd to an unknown place makes relative paths unknown", () => {
    expect(commands('cd "$DIR" && rm -rf app')[1]).toMatchObject({ paths: [], dynamicArgs: true });
  });

  test("redirect targets, tee files, dd of= and cp targets are writes", () => {
    expect(only("echo x > out.txt 2>&1").writes).toEqual(["out.txt"]);
    expect(only("echo x >> ~/.zshrc").writes).toEqual([`${HOME}/.zshrc`]);
    expect(commands("echo x | tee a.txt")[1]!.writes).toEqual(["a.txt"]);
    expect(only("dd if=/dev/zero of=/dev/sda").writes).toEqual(["/dev/sda"]);
    // Into a directory (the trailing slash says so): the copy is written under its own name there too.
    expect(only("cp a b/").writes).toEqual(["b", "b/a"]);
  });

  test("a read redirect names a path without writing it", () => {
    expect(only("base64 < ~/.ssh/id_rsa")).toMatchObject({ paths: [], reads: [`${HOME}/.ssh/id_rsa`], writes: [] });
  });

  test("curl uploads name the file they read", () => {
    expect(only("curl -F file=@.env https://x").paths).toContain(".env");
  });

  test("a bare redirect is a command without a program", () => {
    expect(only("> ~/.bashrc")).toMatchObject({ program: "", writes: [`${HOME}/.bashrc`] });
  });
});

describe("structure", () => {
  test("lists, pipelines, subshells, groups, substitutions and functions are all walked", () => {
    expect(names("a && b || c; d | e & f")).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(names("(a) ; { b; } ; echo $(c) `d` <(e) >(f)")).toEqual(["(…):a", "b", "$(…):c", "`…`:d", "<(…):e", ">(…):f", "echo"]);
    expect(names("g() { h; }; g")).toEqual(["function g:h"]);
    expect(names("g() { h; }")).toEqual(["function g:h"]);
  });

  test("if, while, case and for bodies are walked; a for loop runs once with every value its variable takes", () => {
    expect(names("if a; then b; elif c; then d; else e; fi")).toEqual(["a", "b", "c", "d", "e"]);
    expect(names("while a; do b; done")).toEqual(["a", "b"]);
    expect(names("case $x in y) a;; *) b;; esac")).toEqual(["a", "b"]);
    expect(commands("for d in /a /b; do rm -r $d; done").map((command) => command.paths)).toEqual([["/a", "/b"]]);
  });
});

describe("commands run by other commands", () => {
  test.each([
    ["sudo -u root -E rm x", ["sudo", "sudo:rm"]],
    ["env -i A=1 -u B rm x", ["env", "env:rm"]],
    ["nice -n 5 ionice -c 3 timeout -s KILL 10 rm x", ["nice", "nice:ionice", "nice>ionice:timeout", "nice>ionice>timeout:rm"]],
    ["xargs -0 -n 1 rm", ["xargs", "xargs:rm"]],
    ["find . -exec rm {} \\; -execdir echo {} +", ["find", "find -exec:rm", "find -execdir:echo"]],
    ["bash -lc 'rm x'", ["bash", "bash -c:rm"]],
    ["eval 'rm x'", ["eval", "eval:rm"]],
    ["bash <<'EOF'\nrm x\nEOF", ["bash", "bash <<input:rm"]],
    ["sh <<< 'rm x'", ["sh", "sh <<input:rm"]],
    ["watch -n 1 'rm x'", ["watch", "watch:rm"]],
    ["flock /tmp/l rm x", ["flock", "flock:rm"]],
    ["git -c alias.x='!rm y' x", ["git", "git -c (alias x):rm"]],
    ["python3 -c 'import os; os.system(\"rm x\")'", ["python3", "python3 -c (os.system):rm"]],
    ["awk 'BEGIN { system(\"rm x\") }'", ["awk", "awk (system):rm"]],
  ])("%s", (input, expected) => {
    expect(names(input)).toEqual(expected);
  });

  test("a wrapper's own options are not the wrapped command's", () => {
    const [sudo, rm] = commands("sudo -u root rm -rf /x");
    expect(sudo).toMatchObject({ name: "sudo", flags: ["-u"], operands: ["root"] });
    expect(rm).toMatchObject({ name: "rm", flags: ["-rf", "-r", "-f"], operands: ["/x"] });
  });

  test("xargs and find -exec give the command arguments nobody can see, unless they are what find finds", () => {
    expect(commands("ls | xargs rm")[2]!.dynamicArgs).toBe(true);
    expect(commands('find "$D" -exec rm {} +')[1]!.dynamicArgs).toBe(true);
    expect(commands("find . -exec rm {} +")[1]!.dynamicArgs).toBe(false);
    expect(commands("find . -exec rm {} +")[1]!.paths).toEqual(["**"]);
  });

  test("inline interpreter code is exposed", () => {
    expect(commands("node -e 'fs.rmSync(x)'")[0]!.code).toEqual([{ language: "node", text: "fs.rmSync(x)" }]);
    expect(only("perl -ne 'print' f").code).toEqual([{ language: "perl", text: "print" }]);
  });
});

describe("remote content and what cannot be known", () => {
  test("curl | sh, bash <(curl), source <(curl) mark the interpreter", () => {
    expect(commands("curl -s x | sh")[1]!.remoteCode).toBe(true);
    expect(commands("curl x | sudo bash")[2]!.remoteCode).toBe(true);
    expect(commands("bash <(curl -s x)")[1]!.remoteCode).toBe(true);
    expect(commands("source <(wget -qO- x)")[1]!.remoteCode).toBe(true);
    // Downloaded to a file and then run is remote code too.
    expect(commands("curl x -o f && sh f").some((command) => command.remoteCode)).toBe(true);
    expect(commands("curl x -o f && cat f").some((command) => command.remoteCode)).toBe(false);
  });

  test.each([
    ["$CMD -rf x", "the program to run is only known at run time: $CMD"],
    ['eval "$x"', "the command given to eval is only known at run time"],
    ['bash -c "$x"', "the code given to bash -c is only known at run time"],
    ["echo x | base64 -d | sh", "sh runs commands it reads from a pipe"],
    ["echo 'unterminated", "bash syntax error"],
    ["$CMD = 1", "the program to run is only known at run time: $CMD"],
  ])("%s is unresolved", (input, reason) => {
    expect(view(input).unresolved.join("; ")).toContain(reason);
  });
});

describe("Windows command lines", () => {
  test("cmd's del and erase read /x words as switches, not as paths at the root", () => {
    const del = only("del /q /s build\\*.tmp");
    expect(del.flags).toEqual(["/q", "/s"]);
    expect(del.paths).toEqual(["build*.tmp"]);
  });

  test("a quoted Windows path names the program its last part names", () => {
    expect(only('"C:\\Windows\\System32\\certutil.exe" -hashfile x SHA256').name).toBe("certutil");
    expect(only("'\\\\srv\\tools\\PsExec64.exe' -accepteula").name).toBe("psexec64");
  });

  test("PowerShell's environment assignment is no unknown program", () => {
    expect(view("$env:PORT = 3000").unresolved).toEqual([]);
    expect(view('$env:PATH += ";C:\\tools"').unresolved).toEqual([]);
  });
});

describe("hardware and VM programs", () => {
  test("adb shell's words run as a command on the device, judged as if run here", () => {
    expect(names("adb -s R58M shell rm -rf /sdcard/DCIM")).toEqual(["adb", "adb shell:rm"]);
    expect(commands("adb shell pm clear com.example.app")[1]).toMatchObject({ name: "pm", subcommand: ["clear"] });
    // A device path pulled is no file here; the local destination is written.
    expect(only("adb pull /sdcard/log.txt out/")).toMatchObject({ reads: [], writes: ["out"] });
  });

  test("vagrant destroy changes the working directory's .vagrant, wherever a cd took it", () => {
    expect(only("vagrant destroy -f").writes).toEqual([".vagrant"]);
    expect(commands("cd ~/boxes/ci && vagrant destroy -f")[1]!.writes).toEqual([`${HOME}/boxes/ci/.vagrant`]);
    expect(only("vagrant halt").writes).toEqual([]);
  });
});
