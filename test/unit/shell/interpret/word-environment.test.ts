import { describe, expect, test } from "bun:test";
import { commandNamed, SHELL_HOME, viewOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("variables the guard knows without being told", () => {
  test("$HOME is the extension's home, $USER its last part", () => {
    expect(commandNamed("rm -rf $HOME/x", "rm").paths).toEqual([`${SHELL_HOME}/x`]);
    expect(commandNamed("rm -r /home/$USER", "rm").paths).toEqual([SHELL_HOME]);
  });

  test("$PWD follows cd; $OLDPWD is where cd came from", () => {
    expect(commandNamed("cd /srv; rm -r $PWD/x", "rm").paths).toEqual(["/srv/x"]);
    expect(commandNamed("cd /a; cd /b; rm -r $OLDPWD", "rm").paths).toEqual(["/a"]);
  });

  test("$TMPDIR is a temp directory", () => {
    expect(commandNamed("rm -rf $TMPDIR/build", "rm").paths).toEqual(["/tmp/build"]);
  });

  test("$SHELL is a usual login shell, run as each of them; a value the input sets wins", () => {
    const view = viewOf("$SHELL --version");
    expect(view.unresolved).toEqual([]);
    expect(view.commands.map((command) => command.name)).toEqual(["bash", "zsh"]);
    const removals = viewOf("$SHELL -c 'rm -rf build'").commands.filter((command) => command.name === "rm");
    expect(removals.map((command) => command.paths)).toEqual([["build"], ["build"]]);
    expect(viewOf("SHELL=/usr/bin/fish; $SHELL -c 'ls'").commands.map((command) => command.name)).toContain("fish");
  });

  test("any other variable the input never set is unknown", () => {
    expect(commandNamed("rm -rf $PROJECT_DIR", "rm").dynamicArgs).toBe(true);
  });
});

describe("substitutions", () => {
  test("the commands inside $(…) are judged, reached via $(…)", () => {
    expect(commandNamed("echo $(rm -rf ~)", "rm").via).toEqual(["$(…)"]);
    expect(commandNamed("cat <(rm -rf ~)", "rm").via).toEqual(["<(…)"]);
  });

  test("their output flows into the command that uses it", () => {
    const view = viewOf("rm -rf $(cat list.txt)");
    const cat = view.commands.findIndex((command) => command.name === "cat");
    const rm = view.commands.findIndex((command) => command.name === "rm");
    expect(view.flows).toContainEqual({ from: cat, to: rm, channel: "substitution" });
  });
});
