import { describe, expect, test } from "bun:test";
import { basename } from "../../../../src/shell/interpret/build-command.ts";
import { commandNamed, SHELL_HOME } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("a simple command from its reading", () => {
  test("the name is the basename in lower case; the program stays as written", () => {
    expect(commandNamed("/bin/RM -rf x", "rm")).toMatchObject({ program: "/bin/RM", name: "rm" });
  });

  test("operands by role: cp reads its sources and writes its destination; all are paths", () => {
    expect(commandNamed("cp a b ~/dest", "cp")).toMatchObject({ reads: ["a", "b"], writes: [`${SHELL_HOME}/dest`, `${SHELL_HOME}/dest/a`, `${SHELL_HOME}/dest/b`] });
  });

  test("a copy into a directory writes each source under its own name there", () => {
    expect(commandNamed("cp build/x.pth ~/.local/lib/python3.12/site-packages/", "cp").writes).toEqual([
      `${SHELL_HOME}/.local/lib/python3.12/site-packages`,
      `${SHELL_HOME}/.local/lib/python3.12/site-packages/x.pth`,
    ]);
    expect(commandNamed("mv a.plist b.plist ~/Library/LaunchAgents", "mv").writes).toContain(`${SHELL_HOME}/Library/LaunchAgents/b.plist`);
    // One source and no trailing slash: the destination may be the new file's own name.
    expect(commandNamed("cp config.example.json config.json", "cp").writes).toEqual(["config.json"]);
  });

  test("a quoted run-time word under a project directory is that directory's tree, not an unseen argument", () => {
    expect(commandNamed('rm -rf "./out/$T"', "rm")).toMatchObject({ paths: ["out/**"], patterns: ["out/**"], dynamicArgs: false });
    expect(commandNamed('rm -rf "out/$T" $U', "rm").dynamicArgs).toBe(true);
    expect(commandNamed("rm -rf ./out/$T", "rm").dynamicArgs).toBe(true);
    // Only a file argument: an unknown word the program takes otherwise stays unseen.
    expect(commandNamed('printf "out/$T"', "printf").dynamicArgs).toBe(true);
  });

  test("a pattern operand is marked as a pattern; a quoted one is a plain path", () => {
    expect(commandNamed("rm -rf build/*", "rm").patterns).toEqual(["build/*"]);
    expect(commandNamed("rm -rf 'build/*'", "rm").patterns).toEqual([]);
  });

  test("a file named through a prefix the program strips is read: file:// and fileb:// parameters, man: pages", () => {
    expect(commandNamed("aws sns publish --message file://~/.aws/credentials", "aws").reads).toContain(`${SHELL_HOME}/.aws/credentials`);
    expect(commandNamed("aws kms encrypt --plaintext fileb:///etc/gshadow", "aws").reads).toContain("/etc/gshadow");
    expect(commandNamed("yelp man:/proc/self/environ", "yelp").reads).toContain("/proc/self/environ");
    // A page by name names no file.
    expect(commandNamed("yelp man:tar", "yelp").reads).not.toContain("tar");
  });

  test("an @ response file is read by a program the tables do not describe, never by one whose arguments are known", () => {
    expect(commandNamed("acme-lint @/srv/args.rsp", "acme-lint").reads).toContain("/srv/args.rsp");
    expect(commandNamed("acme-lint @~/lint.rsp", "acme-lint").reads).toContain(`${SHELL_HOME}/lint.rsp`);
    // A relative @word stays the unknown program's own operand; a known program's @value is its own business.
    expect(commandNamed("acme-lint @build/args.rsp", "acme-lint").reads).not.toContain("build/args.rsp");
    expect(commandNamed("git commit -m @/etc/motd", "git").reads).not.toContain("/etc/motd");
  });

  test("a URL operand is a destination, not a path", () => {
    expect(commandNamed("curl -o out.html https://example.com/x", "curl")).toMatchObject({ network: [{ host: "example.com", port: 443, scheme: "https" }], writes: ["out.html"] });
  });

  test("an operand only known at run time makes the arguments dynamic", () => {
    expect(commandNamed('rm -rf "$X"', "rm").dynamicArgs).toBe(true);
  });

  test("inline code is recorded with its language", () => {
    expect(commandNamed("python3 -c 'print(1)'", "python3").code).toEqual([{ language: "python", text: "print(1)" }]);
  });
});

describe("basename", () => {
  test("the last part of a path", () => {
    expect(basename("/usr/bin/env")).toBe("env");
    expect(basename("rm")).toBe("rm");
  });

  test("variables: those an unknown argument expands, by name (a length shows nothing); a variable the input set is known", () => {
    expect(commandNamed('echo "token: $GITHUB_TOKEN" ${API_KEY:0:4} ${#SECRET} ${NPM_TOKEN:+set} ${X_TOKEN+set}', "echo").variables).toEqual(["GITHUB_TOKEN", "API_KEY"]);
    expect(commandNamed("X=1; echo $X", "echo").variables).toEqual([]);
    expect(commandNamed("echo '$NOT_EXPANDED'", "echo").variables).toEqual([]);
  });

  test("a variable role names a variable: printenv NAME", () => {
    expect(commandNamed("printenv AWS_SECRET_ACCESS_KEY HOME", "printenv").variables).toEqual(["AWS_SECRET_ACCESS_KEY", "HOME"]);
  });
});

describe("a program written with Windows' .exe suffix", () => {
  // Git Bash and MSYS run `rm.exe` as `rm`; the guard ships for Windows, so the suffix must not make a known
  // program an unknown one (which every rule naming it would miss).
  test("is the program without it, in any case, and read as that program", () => {
    expect(commandNamed("RM.EXE -rf ~/projects", "rm")).toMatchObject({ program: "RM.EXE", name: "rm", flags: ["-rf", "-r", "-f"], paths: [`${SHELL_HOME}/projects`] });
    expect(commandNamed("/usr/bin/rm.Exe -r /etc", "rm").paths).toEqual(["/etc"]);
    expect(commandNamed("sudo.exe rm.exe -rf /", "rm").via).toContain("sudo");
    expect(commandNamed("git.exe push --force origin main", "git").subcommand).toEqual(["push"]);
    expect(commandNamed("bash.exe -c 'rm -rf ~'", "rm").paths).toEqual([SHELL_HOME]);
  });

  test("a name that is only the suffix stays as written", () => {
    expect(commandNamed("./.exe x", ".exe").name).toBe(".exe");
  });
});

describe("a PID lister's pattern", () => {
  test("each top-level alternative joins the operands, anchors trimmed", () => {
    expect(commandNamed("pgrep -f '^claude$|codex'", "pgrep").operands).toEqual(["^claude$|codex", "claude", "codex"]);
  });

  test("bars inside a group, a bracket or after a backslash do not split it", () => {
    expect(commandNamed("pgrep -f 'node (a|b)'", "pgrep").operands).toEqual(["node (a|b)"]);
    expect(commandNamed("pgrep -f 'x[|]y'", "pgrep").operands).toEqual(["x[|]y"]);
    expect(commandNamed("pgrep -f 'a\\|b|c'", "pgrep").operands).toEqual(["a\\|b|c", "a\\|b", "c"]);
  });

  test("other programs' patterns stay whole", () => {
    expect(commandNamed("sed -n '/a|b/p' f", "sed").operands).not.toContain("b/p");
  });
});

describe("arguments only known at run time that are plain values, not files", () => {
  test("an owner printed by whoami leaves every file known: an exception on paths can cover the command", () => {
    const chown = commandNamed("chown -R $(whoami) ~/.npm", "chown");
    expect(chown.dynamicArgs).toBe(true);
    expect(chown.dynamicValuesOnly).toBe(true);
  });

  test("a run-time file, or a program the tables do not describe, is dynamic as before", () => {
    expect(commandNamed('chown -R ada "$DIR"', "chown").dynamicValuesOnly).toBeUndefined();
    expect(commandNamed("chown -R $(whoami) $(cat dirs.txt)", "chown").dynamicValuesOnly).toBeUndefined();
    expect(commandNamed("mytool --owner $(whoami) ~/.npm", "mytool").dynamicValuesOnly).toBeUndefined();
  });
});
