import { describe, expect, test } from "bun:test";
import { commandNamed, commandsOf, SHELL_HOME } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const rmPaths = (input: string) => commandNamed(input, "rm").paths;

describe("cd", () => {
  test("relative paths follow cd; the project root is the starting point", () => {
    expect(rmPaths("cd src && rm x")).toEqual(["src/x"]);
    expect(rmPaths("cd .. && rm x")).toEqual(["../x"]);
  });

  test("cd to an absolute place, to ~ and with no operand (home)", () => {
    expect(rmPaths("cd /srv && rm x")).toEqual(["/srv/x"]);
    expect(rmPaths("cd ~ && rm -r x")).toEqual([`${SHELL_HOME}/x`]);
    expect(rmPaths("cd; rm x")).toEqual([`${SHELL_HOME}/x`]);
  });

  test("cd - goes back to the previous directory", () => {
    expect(rmPaths("cd /a; cd /b; cd -; rm x")).toEqual(["/a/x"]);
  });

  test("cd to a directory known only at run time makes relative paths unknown", () => {
    const rm = commandNamed('cd "$X"; rm x', "rm");
    expect(rm.paths).toEqual([]);
  });

  test("a cd inside a subshell does not reach the parent", () => {
    expect(rmPaths("(cd /srv); rm x")).toEqual(["x"]);
  });
});

describe("a cd the calling shell runs, however it is reached", () => {
  test("eval, builtin, command, a sourced file or here-string and an alias move the caller", () => {
    for (const input of [
      "eval cd ~ && rm -r x",
      "eval 'cd ~'; rm -r x",
      "builtin cd ~ && rm -r x",
      "command cd ~ && rm -r x",
      "echo 'cd ~' > go.sh; . ./go.sh; rm -r x",
      "source /dev/stdin <<< 'cd ~'; rm -r x",
      "alias go='cd ~'\ngo; rm -r x",
      "trap 'cd ~' DEBUG; rm -r x",
    ]) {
      expect(rmPaths(input)).toEqual([`${SHELL_HOME}/x`]);
    }
  });

  test("a cd in a child shell stays there", () => {
    expect(rmPaths("bash -c 'cd ~'; rm x")).toEqual(["x"]);
    expect(rmPaths("sh ./go.sh; rm x")).toEqual(["x"]);
    // An EXIT trap runs after the last command.
    expect(rmPaths("trap 'cd ~' EXIT; rm x")).toEqual(["x"]);
  });

  test("with CDPATH set, a plain name may be found in any of its directories", () => {
    expect(rmPaths("CDPATH=~ cd Documents && rm -r x")).toEqual([]);
    expect(rmPaths("CDPATH=~:.; cd src; rm -r x")).toEqual([]);
    expect(rmPaths("CDPATH=~ cd ./src && rm -r x")).toEqual(["src/x"]);
    expect(rmPaths("cd src && rm -r x")).toEqual(["src/x"]);
  });
});

describe("pushd and popd", () => {
  test("pushd changes directory and popd returns", () => {
    expect(rmPaths("pushd /srv; popd; rm x")).toEqual(["x"]);
    expect(rmPaths("pushd /srv >/dev/null; rm x")).toEqual(["/srv/x"]);
  });

  test("popd with an empty stack: where the shell is is no longer guessed", () => {
    const rm = commandNamed("cd /srv; popd; rm x", "rm");
    expect(rm.paths).toEqual([]);
    expect(rm.dynamicArgs).toBe(true);
  });
});

describe("variables and positional parameters", () => {
  test("export and declare assign what later words see", () => {
    expect(rmPaths("export D=/etc; rm -r $D")).toEqual(["/etc"]);
    expect(rmPaths("declare -x D=/var; rm -r $D")).toEqual(["/var"]);
  });

  test("unset empties a variable, as bash does: rm -r $D then has no operand", () => {
    expect(commandNamed("D=/etc; unset D; rm -r $D", "rm")).toMatchObject({ args: ["-r"], paths: [], dynamicArgs: false });
  });

  test("set -- gives the positional parameters, shift drops the first", () => {
    expect(rmPaths("set -- /a /b; shift; rm $1")).toEqual(["/b"]);
  });

  test("read makes a variable unknown", () => {
    expect(commandNamed("read D; rm -r $D", "rm").dynamicArgs).toBe(true);
  });
});

describe("aliases", () => {
  test("an alias is expanded where it is used", () => {
    // The first rm is the alias's text judged where it is defined; the second, the alias used.
    const rms = commandsOf("alias del='rm -rf'; del /x").filter((command) => command.name === "rm");
    expect(rms.map((command) => command.paths)).toEqual([[], ["/x"]]);
  });

  test("an alias's text is judged when it is defined, as a function's body is (it runs whenever the name is typed)", () => {
    expect(rmPaths("alias ls='rm -rf ~'")).toEqual([SHELL_HOME]);
    expect(commandNamed("alias ls='ls; rm -rf /x'", "rm").via).toContain("alias ls");
  });
});
