// The start-up file table: which files a program reads when it starts (none
// when an option skips them), which path a write names, and the readers that
// turn a dialect the shared readers do not know (fish, neovim's Lua) into one
// they do, with what they cannot read reported rather than guessed.
import { describe, expect, test } from "bun:test";
import { fishAsShell } from "../../../../src/shell/languages/fish-lines.ts";
import { nvimLuaAsLua } from "../../../../src/shell/languages/nvim-lua.ts";
import { startupRowOf, startupRowsFor, startupShell } from "../../../../src/shell/programs/startup-files.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const HOME = "/home/kim";
const files = (name: string, ...args: string[]) => startupRowsFor(name, args, HOME).flatMap((entry) => entry.paths);

describe("the files a program reads when it starts", () => {
  test.each([
    ["psql", ["-d", "app"], [`${HOME}/.psqlrc`]],
    ["psql", ["-X", "-d", "app"], []],
    ["gdb", ["-batch", "./a.out"], [`${HOME}/.config/gdb/gdbinit`, `${HOME}/.gdbinit`, ".gdbinit"]],
    ["gdb", ["-nx", "./a.out"], []],
    ["sqlite3", ["db.sqlite"], [`${HOME}/.sqliterc`, `${HOME}/.config/sqlite3/sqliterc`]],
    ["sqlite3", ["-init", "setup.sql", "db.sqlite"], []],
    ["python3", ["-m", "pdb", "x.py"], [`${HOME}/.pdbrc`, ".pdbrc", `${HOME}/.local/lib/python*/site-packages/usercustomize.py`, `${HOME}/.local/lib/python*/site-packages/*.pth`]],
    ["python3", ["-s", "x.py"], []],
    ["pytest", ["-s", "--pdb"], [`${HOME}/.pdbrc`, ".pdbrc", `${HOME}/.local/lib/python*/site-packages/*.pth`, `${HOME}/.local/lib/python*/site-packages/usercustomize.py`]],
    ["rails", ["console"], [`${HOME}/.irbrc`, `${HOME}/.config/irb/irbrc`, ".irbrc"]],
    ["rails", ["server"], []],
    ["fish", ["-c", "make"], [`${HOME}/.config/fish/conf.d/*.fish`, `${HOME}/.config/fish/config.fish`, `${HOME}/.config/fish/functions/*.fish`]],
    ["fish", ["--no-config", "-c", "make"], []],
    ["nvim", ["--clean", "x"], []],
    ["sbcl", ["--script", "build.lisp"], []],
    ["screen", ["-ls"], []],
    ["stack", ["build"], []],
    ["stack", ["ghci"], [`${HOME}/.ghc/ghci.conf`, `${HOME}/.config/ghc/ghci.conf`, `${HOME}/.ghci`, ".ghci"]],
    ["pwsh", ["-NoProfile", "-c", "Get-Date"], []],
    ["emacs", ["--batch", "-l", "x.el"], []],
    ["nu", ["-c", "ls"], []],
  ] as const)("%s %p", (name, args, expected) => {
    expect(files(name, ...args)).toEqual([...expected]);
  });

  test("a written path names its row: home files under home, the project's anywhere", () => {
    expect(startupRowOf(`${HOME}/.psqlrc`, HOME)?.programs).toContain("psql");
    expect(startupRowOf("tools/.gdbinit", HOME)?.programs).toContain("gdb");
    expect(startupRowOf(`${HOME}/.config/fish/conf.d/abbr.fish`, HOME)?.programs).toEqual(["fish"]);
    expect(startupRowOf(`${HOME}/.config/fish/conf.d/nested/abbr.fish`, HOME)).toBeUndefined();
    expect(startupRowOf("/srv/other/.psqlrc", HOME)).toBeUndefined();
  });

  test("the text goes to the program's reader on its standard input; an empty file is nothing to judge", () => {
    const row = startupRowOf(`${HOME}/.psqlrc`, HOME)!;
    expect(startupShell(row, "\\timing on\n")?.text).toStartWith("psql <<'");
    expect(startupShell(row, "  \n")).toBeUndefined();
  });
});

describe("fish's start-up lines as shell", () => {
  test("settings, abbreviations and block words run nothing; commands and conditions do", () => {
    const read = fishAsShell("set -gx EDITOR vim\nabbr -a gs git status\nif status is-interactive\n  git fetch -q\nend\nfor f in a b\n  echo $f\nend\n");
    expect(read.text.split("\n")).toEqual(["git fetch -q", "echo $f"]);
    expect(read.unread).toEqual([]);
  });

  test("a substitution runs even inside a setting, and is written the bash way in a command", () => {
    expect(fishAsShell("set -gx TOKEN (cat ~/.token)\n").text).toBe("cat ~/.token");
    expect(fishAsShell("echo (date)\n").text).toBe("echo $(date)");
  });

  test("what bash would read differently is unread, not an error", () => {
    const read = fishAsShell("echo 'it\\'s'\necho $PATH[1]\nls\n");
    expect(read.text).toBe("ls");
    expect(read.unread).toHaveLength(2);
  });
});

describe("neovim's Lua as plain Lua", () => {
  test.each([
    ['vim.fn.system("make")', 'os.execute("make")'],
    ["vim.system({ 'git', 'pull', '--rebase' })", 'os.execute("git pull --rebase")'],
    ['vim.cmd("silent !./deploy.sh")', 'os.execute("./deploy.sh")'],
    ["vim.cmd [[!rm -rf build]]", 'os.execute("rm -rf build")'],
    ['vim.cmd("colorscheme habamax")', 'vim.cmd("colorscheme habamax")'],
    ["vim.fn.jobstart(cmd)", "os.execute(cmd)"],
    ["vim.system({ 'sh', '-c', script })", "os.execute({ 'sh', '-c', script })"],
  ])("%s", (lua, plain) => {
    expect(nvimLuaAsLua(lua)).toBe(plain);
  });
});
