import { describe, expect, test } from "bun:test";
import { commandNamed, commandsOf, SHELL_HOME, viewOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("running a simple command", () => {
  test("a program known only at run time is unresolved", () => {
    expect(viewOf("$EDITOR notes.txt").unresolved).toContain("the program to run is only known at run time: $EDITOR");
  });

  test("quoting and escapes do not hide the program", () => {
    expect(commandsOf("r''m -rf x; \\rm -rf y; \"rm\" -rf z").map((command) => command.name)).toEqual(["rm", "rm", "rm"]);
  });

  test("assignments before a command are its environment, not its arguments", () => {
    expect(commandNamed("LANG=C rm -rf x", "rm").args).toEqual(["-rf", "x"]);
  });

  test("a variable assigned on its own line is seen by later commands", () => {
    expect(commandNamed("D=/srv; rm -rf $D", "rm").paths).toEqual(["/srv"]);
  });

  test("a variable set from a command's output flows from that command", () => {
    const view = viewOf("D=$(cat dir.txt); rm -rf $D");
    const cat = view.commands.findIndex((command) => command.name === "cat");
    const rm = view.commands.findIndex((command) => command.name === "rm");
    expect(view.flows.some((flow) => flow.from === cat && flow.to === rm)).toBe(true);
  });
});

describe("a symbolic link the input made", () => {
  const rmPaths = (input: string) => commandsOf(input).find((command) => command.name === "rm")?.paths;

  test("a path through the link is the target's", () => {
    expect(rmPaths("ln -s ~ .x-cache; rm -rf .x-cache/")).toEqual([SHELL_HOME]);
    expect(rmPaths("ln -sfn ~ out && rm -rf out/Documents")).toEqual([`${SHELL_HOME}/Documents`]);
    expect(rmPaths("ln -s / build && rm -rf build/*")).toEqual(["/*"]);
    expect(rmPaths("ln --symbolic ~ out && rm -rf out/x")).toEqual([`${SHELL_HOME}/x`]);
  });

  test("a relative target is found from the link's directory", () => {
    expect(rmPaths("ln -s ../.. a/up && rm -rf a/up/x")).toEqual(["../x"]);
    expect(rmPaths("ln -s ../dist public/dist && rm -rf public/dist/")).toEqual(["dist"]);
  });

  test("the link itself is the link, and a copy or hard link is no way through", () => {
    expect(rmPaths("ln -s ~ out && rm -rf out")).toEqual(["out"]);
    expect(rmPaths("cp -r ~/tpl out && rm -rf out/")).toEqual(["out"]);
  });
});
