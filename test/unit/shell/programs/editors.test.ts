// Editors open files to change them (round 2): an editor's file operand is
// read and written, unless a viewer or a read-only mode only shows it.
import { describe, expect, test } from "bun:test";
import { decide } from "../../../support/decide.ts";
import { commandNamed } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("the edit role", () => {
  test("an editor's file is read and written", () => {
    for (const editor of ["vim", "nvim", "nano", "emacs", "micro", "hx", "code", "subl", "mate", "gedit", "kate", "joe", "mcedit", "zed"]) {
      const command = commandNamed(`${editor} notes.md`, editor);
      expect({ editor, reads: command.reads, writes: command.writes }).toEqual({ editor, reads: ["notes.md"], writes: ["notes.md"] });
    }
  });

  test("viewers and read-only modes only read", () => {
    for (const line of ["view notes.md", "vim -R notes.md", "nano -v notes.md", "joe -rdonly notes.md"]) {
      const [name] = line.split(" ");
      expect(commandNamed(line, name!).writes).toEqual([]);
    }
  });

  test("options with values are not files edited", () => {
    expect(commandNamed("code --install-extension ms-python.python", "code").writes).toEqual([]);
    expect(commandNamed("sudo -e /etc/hosts", "sudo").writes).toEqual(["/etc/hosts"]);
  });
});

describe("with the default policy", () => {
  const stopped = [
    "nano ~/.synaps-cli/policy.toml",
    "vim ~/.bashrc",
    "code ~/.ssh/config",
    "sudo nano /etc/sudoers",
    "sudo -e /etc/sudoers",
    "EDITOR=vim sudoedit /etc/sudoers.d/agent",
    "micro ~/.profile",
    "subl ~/.gitconfig",
    "hx ~/.config/systemd/user/agent.service",
    "cursor ~/.claude/settings.json",
    "emacs -nw ~/.zshrc",
    "gvim .git/hooks/pre-commit",
  ];
  for (const line of stopped) test(`stopped: ${line}`, () => expect(["block", "confirm"]).toContain(decide(line).decision));

  const passed = [
    "vim src/main.ts",
    "nano README.md",
    "code .",
    "code -g src/app.ts:12",
    "view ~/.bashrc",
    "vim -R ~/.zshrc",
    "nano -v /etc/hosts",
    "code --install-extension ms-python.python",
    "emacs -nw Makefile",
  ];
  for (const line of passed) test(`passed: ${line}`, () => expect(decide(line).decision).toBe("continue"));
});
