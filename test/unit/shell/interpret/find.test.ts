// What find's `{}` (and what find prints into a pipe or a $(…)) stands for:
// the paths under its starting points, narrowed by a -name test, as shell
// patterns. Decisions on them belong to the packs; here the view is the
// point, plus the decisions the default packs already take on it.
import { describe, expect, test } from "bun:test";
import { decide, policyOf } from "../../../support/decide.ts";
import { commandNamed, commandsOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const pathsOf = (input: string, name: string) => commandNamed(input, name).paths;

describe("find -exec, -execdir, -ok: {} is what find finds", () => {
  test("under the starting point, narrowed to the name a -name test picks", () => {
    expect(pathsOf("find . -name __pycache__ -exec rm -rf {} +", "rm")).toEqual(["**/__pycache__"]);
    expect(pathsOf("find src lib -name '*.orig' -exec rm {} \\;", "rm")).toEqual(["src/**/*.orig", "lib/**/*.orig"]);
    expect(pathsOf("find build -execdir rm -f {} +", "rm")).toEqual(["build/**"]);
    expect(pathsOf("find /var/log -name '*.gz' -ok rm {} \\;", "rm")).toEqual(["/var/log/**/*.gz"]);
  });

  test("-iname matches either case; a test after ! or beside -o does not narrow", () => {
    expect(pathsOf("find . -iname '*.tmp' -exec rm {} +", "rm")).toEqual(["**/*.[tT][mM][pP]"]);
    expect(pathsOf("find . ! -name keep -exec rm {} +", "rm")).toEqual(["**"]);
    expect(pathsOf("find out -name '*.o' -o -name '*.a' -exec rm {} +", "rm")).toEqual(["out/**"]);
  });

  test("a test's value known only at run time still narrows; a word known only then elsewhere may be -o and does not", () => {
    expect(pathsOf("find /var/tmp -maxdepth 1 -name 'pw-*' -user \"$(whoami)\" -exec rm -rf {} +", "rm")).toEqual(["/var/tmp/pw-*"]);
    expect(pathsOf("find out -name '*.o' -newer \"$(ls -t out | head -1)\" -exec rm {} +", "rm")).toEqual(["out/**/*.o"]);
    expect(pathsOf("find out -name '*.o' $EXTRA -exec rm {} +", "rm")).toEqual(["out/**"]);
  });

  test("the starting point itself counts when its own name passes the test", () => {
    expect(pathsOf("find node_modules -name node_modules -exec rm -rf {} +", "rm")).toEqual(["node_modules/**/node_modules", "node_modules"]);
  });

  test("from the home directory (or above it) hidden directories and dotfiles are reached too", () => {
    expect(pathsOf("find ~ -name credentials -exec cat {} \\;", "cat")).toEqual(["/home/ada/**/credentials", "/home/ada/**/.*/**/credentials"]);
    expect(pathsOf("find / -name '*rc' -exec cat {} +", "cat")).toEqual(["/**/**rc", "/**/.*/**/**rc"]);
  });

  test("{} inside a word, and in the code of sh -c '…' _ {}", () => {
    expect(pathsOf("find . -name '*.log' -exec mv {} {}.old \\;", "mv")).toEqual(["**/*.log", "**/*.log.old"]);
    expect(pathsOf("find dist -name '*.map' -exec sh -c 'rm -f \"$1\"' _ {} \\;", "rm")).toEqual(["dist/**/*.map"]);
  });

  test("a starting point only known at run time leaves the arguments unseen", () => {
    const rm = commandNamed('find "$DIR" -name x -exec rm {} +', "rm");
    expect(rm.dynamicArgs).toBe(true);
    expect(rm.paths).toEqual([]);
  });

  test("-maxdepth 0: only the starting points, never what is below them", () => {
    expect(pathsOf("find packages apps -maxdepth 0 -type d -exec cp LICENSE {} \\;", "cp")).toEqual(["LICENSE", "packages", "apps"]);
    expect(pathsOf("find ~ -maxdepth 0 -exec ls -ld {} +", "ls")).toEqual(["/home/ada"]);
    expect(pathsOf("find src -maxdepth 0 -name lib -exec rm -rf {} +", "rm")).toEqual([]);
    // A reader handed only the starting point reads no tree below it; the credential store itself still counts.
    expect(decide("find * -maxdepth 0 -type d -exec cp NOTICE {} \\;").decision).toBe("continue");
    expect(decide("find ~/.aws -maxdepth 0 -exec cat {} +").decision).toBe("block");
    expect(decide("find ~ -maxdepth 1 -exec rm -rf {} +").decision).toBe("block");
  });

  test("a -name glob is matched against the starting point without backtracking", () => {
    const long = `find ${"a".repeat(40)} -name '${"*a".repeat(30)}*b' -exec rm {} +`;
    expect(commandNamed(long, "rm").paths).toHaveLength(1);
  });
});

describe("what find prints, through a pipe or $(…)", () => {
  test("xargs gets the paths; -I puts them in place", () => {
    expect(pathsOf("find . -name '*.pyc' -print0 | xargs -0 rm -f", "rm")).toEqual(["**/*.pyc"]);
    expect(pathsOf("find tmp -type f | sort | xargs rm", "rm")).toEqual(["tmp/**"]);
    expect(pathsOf("find . -name '*.bak' | xargs -I{} mv {} /tmp/", "mv")).toEqual(["**/*.bak", "/tmp", "/tmp/*.bak"]);
    expect(pathsOf("rm -rf $(find . -name .pytest_cache)", "rm")).toEqual(["**/.pytest_cache"]);
  });

  test("find with an action prints nothing; grep -c or -o does not pass paths on", () => {
    expect(commandNamed("find . -name x -delete | xargs rm", "rm").dynamicArgs).toBe(true);
    expect(commandNamed("find . -name x | grep -c y | xargs rm", "rm").dynamicArgs).toBe(true);
  });

  test("the find command itself keeps its starting points as its paths", () => {
    expect(commandsOf("find ~ -name x -exec rm {} +")[0]!.paths).toEqual(["/home/ada"]);
  });
});

describe("decisions the default packs take on these paths", () => {
  const stopped = [
    "find ~ -name x -exec rm -rf {} +",
    "find / -name '*.pyc' -exec rm -f {} \\;",
    "find ~ -execdir rm -f {} +",
    "find .. -name src -exec rm -rf {} +",
    "find ~ -name credentials -exec cat {} \\;",
    "find ~ -type f -exec grep -l AKIA {} +",
    "find / -name id_rsa -exec cp {} /tmp/k \\;",
    "find ~ -name '*.toml' | xargs rm -f",
    "find /etc -name '*.conf' -print0 | xargs -0 sed -i s/a/b/",
  ];
  const passed = [
    "find . -name '*.orig' -exec rm {} +",
    "find . -name '*.pyc' -exec rm -f {} +",
    "find /tmp -name '*.log' -mtime +7 -exec rm -f {} \\;",
    "find /tmp/build -name x -exec rm -rf {} +",
    "find . -type f -exec grep -l TODO {} +",
    "find . -name '*.py' -exec sed -i s/a/b/ {} +",
    "find . -name '*.pyc' -print0 | xargs -0 rm -f",
    "find src -name '*.sh' -exec chmod +x {} \\;",
  ];
  test.each(stopped)("%s is stopped", (input) => {
    expect(["block", "confirm"]).toContain(decide(input).decision);
  });
  test.each(passed)("%s passes", (input) => {
    expect(decide(input).decision).toBe("continue");
  });
});

describe("find -maxdepth 1 reaches the starting point's own entries, no deeper", () => {
  test("the entries its name test picks, or every entry and the starting point itself", () => {
    expect(decide("find /tmp -maxdepth 1 -name 'jest_*' -exec rm -rf {} +").decision).toBe("continue");
    expect(decide("rm -rf $(find /tmp -maxdepth 1 -name 'pytest-of-*')").decision).toBe("continue");
    expect(decide("find . -maxdepth 1 -name '*.log' -delete").decision).toBe("continue");
    for (const stopped of ["find / -maxdepth 1 -name 'home' -exec rm -rf {} +", "find /home -maxdepth 1 -exec rm -rf {} +", "find ~ -maxdepth 1 -name '.*' -exec rm -rf {} +"]) {
      expect(["block", "confirm"]).toContain(decide(stopped).decision);
    }
  });

  test("where the starting point holds home, its hidden entries and home itself are among them", () => {
    const home = policyOf(undefined, "/tmp/ada");
    expect(decide("find /tmp -maxdepth 1 -name 'jest_*' -exec rm -rf {} +", home).decision).toBe("continue");
    expect(decide("find /tmp -maxdepth 1 -name 'a*' -exec rm -rf {} +", home).decision).toBe("block");
    expect(decide("find /tmp -maxdepth 1 -exec rm -rf {} +", home).decision).toBe("block");
  });
});
