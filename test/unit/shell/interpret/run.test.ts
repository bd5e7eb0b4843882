import { describe, expect, test } from "bun:test";
import { commandNamed, commandsOf, viewOf } from "../../../support/shell.ts";
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
