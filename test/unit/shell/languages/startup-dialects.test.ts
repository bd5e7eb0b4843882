// The small readers of other programs' start-up files (csh, GNU screen, GHCi,
// Nushell, SWI-Prolog): what each line runs as shell, settings left out, and what no
// reader can read returned as unread.
import { describe, expect, test } from "bun:test";
import { cshAsShell } from "../../../../src/shell/languages/csh-lines.ts";
import { desktopEntryAsShell } from "../../../../src/shell/languages/desktop-entry.ts";
import { ghciAsShell } from "../../../../src/shell/languages/ghci-lines.ts";
import { nuAsShell } from "../../../../src/shell/languages/nu-lines.ts";
import { prologAsShell } from "../../../../src/shell/languages/prolog-lines.ts";
import { screenrcAsShell } from "../../../../src/shell/languages/screenrc-lines.ts";
import { xonshAsShell } from "../../../../src/shell/languages/xonsh-lines.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

type Reader = (text: string) => { text: string; unread: string[] };
const CASES: Array<[string, Reader, string, string, number]> = [
  // reader, file text, the shell text, how many lines unread
  ["csh settings run nothing", cshAsShell, "set history = 2000\nsetenv EDITOR vim\nbindkey -e\n", ":", 0],
  ["csh commands and backquotes run", cshAsShell, "set host = `hostname -s`\nmake -C ~/tools\n", "hostname -s\nmake -C ~/tools", 0],
  ["csh aliases become bash's", cshAsShell, "alias ll 'ls -la'\nalias gs git status\n", "alias ll='ls -la'\nalias gs='git status'", 0],
  ["csh blocks: their commands run, a one-line if is unread", cshAsShell, "if ($?prompt) then\n  echo hi\nendif\nif (-e ~/.x) source ~/.x\n", "echo hi", 1],
  ["screen settings run nothing", screenrcAsShell, "startup_message off\ndefscrollback 5000\nbind k kill\n", ":", 0],
  [
    "screen windows, exec and backticks run their commands",
    screenrcAsShell,
    "screen -t logs 1 tail -f app.log\nexec !.. sort\nbacktick 1 60 60 uptime\n",
    "tail -f app.log\nsort\nuptime",
    0,
  ],
  ["screen's shell names a program; the user's own does not", screenrcAsShell, "shell -$SHELL\nshell /opt/bin/myshell\nsource ~/.screen.local\n", "/opt/bin/myshell", 1],
  ["ghci colon commands set up; :! runs a shell", ghciAsShell, ':set prompt "> "\n:! make tags\n', "make tags", 0],
  [
    "ghci macros are Haskell that runs when used; a preprocessor setting names a program",
    ghciAsShell,
    ':def! reload \\_ -> System.Process.callCommand "make gen" >> return ":reload"\n:set -F -pgmF ./tools/pp\n',
    'ghci <<\'SYNAPS_GHCI_TEXT\'\n\\_ -> System.Process.callCommand "make gen" >> return ":reload"\nSYNAPS_GHCI_TEXT',
    1,
  ],
  ["csh key bindings that run or type a command are unread", cshAsShell, 'bindkey -v\nbindkey -c ^G "git status"\nbindkey -s ^P "make\\n"\n', ":", 2],
  ["nu external commands in every pipeline stage", nuAsShell, "^git log | ^head -n 5\nrun-external make tags\n", "git log | head -n 5\nmake tags", 0],
  ["nu subexpressions are nushell's own", nuAsShell, "^nvim (ls | first | get name)\n", ":", 1],
  ["ghci Haskell lines go to ghci; :cmd is unseen", ghciAsShell, 'import Data.List\n:cmd return ":q"\n', "ghci <<'SYNAPS_GHCI_TEXT'\nimport Data.List\nSYNAPS_GHCI_TEXT", 1],
  ["nu settings, records and definitions run nothing", nuAsShell, "$env.config = {\n  show_banner: false\n}\ndef hi [] {\n  ^rm -rf ~\n}\nalias ll = ls -l\n", ":", 0],
  ["nu external commands run", nuAsShell, "^git fetch --all\nzoxide init nushell | save -f ~/.zoxide.nu\n", "git fetch --all\nzoxide init nushell > ~/.zoxide.nu", 0],
  ["nu source and other blocks are unread", nuAsShell, "source ~/.cache/starship/init.nu\nif true {\n  ^make\n}\n", ":", 2],
  ["xonsh environment settings run nothing", xonshAsShell, "$EDITOR = 'nvim'\n$PATH.insert(0, '~/.local/bin')\n", ":", 0],
  ["xonsh Python lines go to Python, the others are commands", xonshAsShell, "import os\nxontrib load vox\n", "xontrib load vox\npython3 -c 'import os'", 0],
  ["xonsh commands inside a Python block still run", xonshAsShell, "if True:\n    make tags\n", "make tags\npython3 -c 'if True:\n    pass'", 0],
  ["xonsh captured commands in Python run", xonshAsShell, "branch = $(git branch --show-current)\n", "git branch --show-current\npython3 -c 'branch = None'", 0],
  ["a desktop entry starts its Exec line, field codes dropped", desktopEntryAsShell, "[Desktop Entry]\nType=Application\nExec=xset r rate 220 40 %U\n", "xset r rate 220 40", 0],
  ["a desktop entry's quoted words stay one word", desktopEntryAsShell, '[Desktop Entry]\nExec=sh -c "make -C \\"build dir\\""\n', "sh -c 'make -C \"build dir\"'", 0],
  [
    "an action's Exec runs only when picked; a hidden entry not at all",
    desktopEntryAsShell,
    "[Desktop Entry]\nExec=redshift\nHidden=true\n[Desktop Action wipe]\nExec=rm -rf ~\n",
    ":",
    0,
  ],
  ["an Exec line with an open quote is unread", desktopEntryAsShell, '[Desktop Entry]\nExec=sh -c "echo\n', ":", 1],
  ["nu literals bound to names stay what later lines use", nuAsShell, "let out = 'dist'\n$env.MODE = release\nrm -rf $out\n", "out=dist\nexport MODE=release\nrm -rf $out", 0],
  ["nu http get piped to save is a download", nuAsShell, "http get https://x.example/i.sh | save -f i.sh\n^bash i.sh\n", "curl -s https://x.example/i.sh > i.sh\nbash i.sh", 0],
  ["prolog flags and modules run nothing", prologAsShell, ":- set_prolog_flag(double_quotes, codes).\n:- use_module(library(lists)).\n", ":", 0],
  [
    "prolog shell/1 and process_create/3 run their commands",
    prologAsShell,
    ":- shell('make tags').\n:- process_create(path(git), ['fetch', \"--all\"], []).\n",
    "make tags\ngit fetch --all",
    0,
  ],
  ["prolog commands built at run time are unread", prologAsShell, ":- getenv('CMD', C), shell(C).\n", ":", 1],
];

describe("start-up file dialects", () => {
  test.each(CASES)("%s", (_name, read, text, shell, unread) => {
    const reading = read(text);
    expect(reading.text).toBe(shell);
    expect(reading.unread.length).toBe(unread);
  });
});
