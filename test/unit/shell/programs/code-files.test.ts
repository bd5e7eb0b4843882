import { describe, expect, test } from "bun:test";
import { asShellCode, codeFileKind } from "../../../../src/shell/programs/code-files.ts";

const HOME = "/home/ada";

describe("codeFileKind", () => {
  test.each([
    ["/home/ada/.bashrc", "start-up"],
    ["/home/ada/.zprofile", "start-up"],
    ["/home/ada/.bashrc.d/10-path.sh", "start-up"],
    ["/home/ada/.oh-my-zsh/custom/aliases.zsh", "start-up"],
    [".git/hooks/pre-commit", "git-hook"],
    ["/home/ada/src/app/.git/hooks/pre-push", "git-hook"],
    [".husky/commit-msg", "git-hook"],
    ["/home/ada/.config/git/hooks/pre-commit", "git-hook"],
  ])("%s is run as shell code (%s)", (path, kind) => expect(codeFileKind(path, HOME)).toBe(kind as "start-up"));

  test.each([
    "/home/ada/.config/fish/config.fish",
    "/home/bob/.bashrc",
    "/etc/profile",
    ".git/hooks/pre-commit.sample",
    ".git/hooks/sub/pre-commit",
    "/home/ada/.bashrc.d/deeper/x.sh",
    "src/.bashrc",
  ])("%s is not judged as shell code", (path) => expect(codeFileKind(path, HOME)).toBeUndefined());
});

describe("asShellCode", () => {
  test("shell text and sh/bash shebangs are judged", () => {
    for (const text of ["bun test\n", "#!/bin/sh\nbun test\n", "#!/usr/bin/env bash\nset -e\n", "#!/bin/zsh"]) expect(asShellCode(text)).toBe(text);
  });
  test("another language, an empty text, or PATH through a shared or relative directory is not", () => {
    for (const text of [
      "#!/usr/bin/env python3\nimport os\n",
      "#!/usr/bin/node\n",
      "",
      "  \n",
      "export PATH=/tmp/.bin:$PATH\n",
      "PATH=.:$PATH",
      'export PATH="$PATH:"',
      "PATH=/dev/shm/x:$PATH",
    ])
      expect(asShellCode(text)).toBeUndefined();
  });
  test("PATH additions under home or the system pass", () => {
    for (const text of ['export PATH="$HOME/.local/bin:$PATH"', "PATH=/usr/local/go/bin:$PATH", "export PATH=~/bin:$PATH", 'export GOPATH="$HOME/go"'])
      expect(asShellCode(text)).toBe(text);
  });
});
