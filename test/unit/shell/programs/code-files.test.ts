import { describe, expect, test } from "bun:test";
import { gitConfigAsShell } from "../../../../src/shell/languages/git-config.ts";
import { asPythonStartupCode, asShellCode, asToolStartupCode, codeFileKind, homeFileUnder, hookUnder } from "../../../../src/shell/programs/code-files.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

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

  test.each(["/home/bob/.bashrc", "/etc/profile", ".git/hooks/pre-commit.sample", ".git/hooks/sub/pre-commit", "/home/ada/.bashrc.d/deeper/x.sh", "src/.bashrc"])(
    "%s is not judged as shell code",
    (path) => expect(codeFileKind(path, HOME)).toBeUndefined(),
  );
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

describe("git config files", () => {
  test("are run by git as code: aliases and pagers", () => {
    for (const path of [".git/config", "/home/ada/src/app/.git/config", "/home/ada/.gitconfig", "/home/ada/.config/git/config"])
      expect(codeFileKind(path, HOME)).toBe("git-config");
  });

  test("their aliases, pager and editor are the shell code git runs", () => {
    expect(gitConfigAsShell("[alias]\n\tst = status --short\n\tx = !rm -rf ~\n[core]\n\tpager = delta\n")).toBe("git status --short\nrm -rf ~\ndelta");
  });

  test("a setting a command cannot show leaves the file to the path rules", () => {
    for (const text of ["[core]\n\tsshCommand = ssh -i k\n", '[url "https://x/"]\n\tinsteadOf = https://github.com/\n', "[core]\n\thooksPath = /tmp/h\n", "\tpager = less\n", ""])
      expect(gitConfigAsShell(text)).toBeUndefined();
  });
});

describe("homeFileUnder: a start-up or trust file under a directory the input does not show", () => {
  test.each([
    ['"$DIR/.bashrc"', ".bashrc"],
    ["${TARGET}/.zshrc", ".zshrc"],
    ["$H/.bash_profile", ".bash_profile"],
    ['"$XDG/.config/fish/config.fish"', ".config/fish/config.fish"],
    ["$T/.ssh/authorized_keys", ".ssh/authorized_keys"],
  ])("%s names %s", (text, tail) => expect(homeFileUnder(text)).toBe(tail));

  test.each(['"$DIR/.bashrc.bak"', "$OUT/notes.txt", "./.bashrc", "$DIR/sub/.bashrc", "~/.bashrc", "$T/.ssh/known_hosts"])("%s names none", (text) =>
    expect(homeFileUnder(text)).toBeUndefined(),
  );
});

describe("hookUnder: a git hook under a repository the input does not show", () => {
  test.each([
    ['"$REPO/.git/hooks/pre-commit"', ".git/hooks/pre-commit"],
    ["${W}/.husky/pre-push", ".husky/pre-push"],
  ])("%s is %s", (text, path) => expect(hookUnder(text)).toBe(path));

  test.each(["$REPO/.git/hooks/pre-commit.sample", "$REPO/.git/config", "$REPO/hooks/pre-commit", ".git/hooks/pre-commit"])("%s is none", (text) =>
    expect(hookUnder(text)).toBeUndefined(),
  );
});

describe("Python start-up files", () => {
  test.each([".venv/lib/python3.12/site-packages/sitecustomize.py", "/home/ada/proj/venv/lib/python3.11/site-packages/zz_dev.pth"])(
    "%s runs as Python at every start of the environment",
    (path) => expect(codeFileKind(path, HOME)).toBe("python-start-up"),
  );

  test.each([
    ".venv/lib/python3.12/site-packages/app/sitecustomize.py",
    "src/sitecustomize.py",
    ".venv/lib/python3.12/site-packages/notes.txt",
    // Every Python anyone starts: left to the path rules.
    "/usr/local/lib/python3.12/site-packages/x.pth",
  ])("%s is no start-up file", (path) => expect(codeFileKind(path, HOME)).toBeUndefined());

  test("a .pth in the user's own site is read by its lines: directories run nothing, an import line is left to the path rules", () => {
    for (const path of [`${HOME}/.local/lib/python3.11/site-packages/app-dev.pth`, `${HOME}/Library/Python/3.12/lib/python/site-packages/app.pth`]) {
      expect(codeFileKind(path, HOME)).toBe("python-start-up");
      expect(asPythonStartupCode(`${HOME}/work/app/src\n`, path)).toBe(":");
      expect(asPythonStartupCode("import app_hook\n", path)).toBeUndefined();
    }
  });

  test("a sitecustomize.py runs whole; a .pth only its import lines, a path list runs nothing", () => {
    expect(asPythonStartupCode("import os\nos.system('make')\n", "s/sitecustomize.py")).toBe("python3 -c 'import os\nos.system('\\''make'\\'')\n'");
    expect(asPythonStartupCode("/home/ada/proj/src\nimport os; os.getcwd()\n", "s/a.pth")).toBe("python3 -c 'import os; os.getcwd()'");
    expect(asPythonStartupCode("/home/ada/proj/src\n../lib\n", "s/a.pth")).toBe(":");
  });

  test("an empty file, or a .pth putting a shared temporary directory on the path, is left to the path rules", () => {
    expect(asPythonStartupCode("  \n", "s/sitecustomize.py")).toBeUndefined();
    expect(asPythonStartupCode("/tmp/.mods\n", "s/a.pth")).toBeUndefined();
    expect(asPythonStartupCode("import os\n/dev/shm/x\n", "s/a.pth")).toBeUndefined();
  });
});

describe("interpreter and editor start-up files", () => {
  test.each([
    "/home/ada/.Rprofile",
    ".Rprofile",
    "/home/ada/proj/analysis/.Rprofile",
    "/home/ada/.julia/config/startup.jl",
    "/home/ada/.ipython/profile_default/startup/10-imports.py",
    "/home/ada/.pythonrc.py",
    "/home/ada/.vimrc",
    "/home/ada/.config/nvim/init.vim",
    "/home/ada/.tmux.conf",
    // The start-up table's rows: neovim's Lua, fish's files, the user site's usercustomize, debuggers, database clients.
    "/home/ada/.config/nvim/init.lua",
    "/home/ada/.config/fish/config.fish",
    "/home/ada/.local/lib/python3.12/site-packages/usercustomize.py",
    "/home/ada/.psqlrc",
    "/home/ada/proj/.gdbinit",
  ])("%s runs as code whenever its program starts", (path) => expect(codeFileKind(path, HOME)).toBe("tool-start-up"));

  test.each(["/home/ada/.ipython/profile_default/startup/README", "/home/ada/proj/.vimrc", "/home/ada/proj/.tmux.conf", "/home/bob/.julia/config/startup.jl"])(
    "%s is no tool start-up file judged by its text",
    (path) => expect(codeFileKind(path, HOME)).toBeUndefined(),
  );

  test("an interpreter's file is its interpreter reading the text; tmux's each line a tmux command", () => {
    expect(asToolStartupCode("options(digits = 4)\n", ".Rprofile", HOME)).toStartWith("Rscript - <<'");
    expect(asToolStartupCode("using Revise\n", "/home/ada/.julia/config/startup.jl", HOME)).toStartWith("julia - <<'");
    expect(asToolStartupCode("set number\n", "/home/ada/.vimrc", HOME)).toStartWith("vim -es <<'");
    expect(asToolStartupCode("# prefix\nset -g prefix C-a\nbind r \\\n  source-file ~/.tmux.conf\n%if 1\n", "/home/ada/.tmux.conf", HOME)).toBe(
      "tmux set -g prefix C-a\ntmux bind r    source-file ~/.tmux.conf",
    );
    expect(asToolStartupCode("# only comments\n", "/home/ada/.tmux.conf", HOME)).toBe(":");
  });

  test("an empty text, a text holding the end marker, or another file is left to the path rules", () => {
    expect(asToolStartupCode(" \n", "/home/ada/.vimrc", HOME)).toBeUndefined();
    expect(asToolStartupCode("x <- 'SYNAPS_STARTUP_TEXT'\n", ".Rprofile", HOME)).toBeUndefined();
    expect(asToolStartupCode("set number\n", "notes/vimrc", HOME)).toBeUndefined();
    // What every later `:!` or new pane runs changes, and no line shows it.
    expect(asToolStartupCode("set number\nset shell=/opt/x/sh\n", "/home/ada/.vimrc", HOME)).toBeUndefined();
    expect(asToolStartupCode("set -g default-command 'exec bash -l'\n", "/home/ada/.tmux.conf", HOME)).toBeUndefined();
  });
});
