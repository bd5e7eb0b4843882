// The sub-languages carriers run, read on their own: what each reader turns
// its text into (shell lines, nested code, what cannot be judged), and that
// no text makes a reader throw.
import { describe, expect, test } from "bun:test";
import { hasReader, readLanguage } from "../../../src/shell/languages/index.ts";
import { builtinProgramNames, programTable } from "../../../src/shell/programs/table.ts";
import type { ProgramSpec } from "../../../src/shell/programs/spec.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const lines = (language: string, text: string) => readLanguage(language, text, language).lines.map((line) => line.line);
const unresolved = (language: string, text: string) => readLanguage(language, text, language).unresolved;
const nested = (language: string, text: string) => (readLanguage(language, text, language).code ?? []).map((code) => `${code.language}: ${code.text}`);

describe("vim and ex commands", () => {
  test.each([
    [":!make test", ["make test"]],
    ["silent !ls | wc -l", ["ls | wc -l"]],
    ["r !date", ["date"]],
    ["w !sh", ["sh"]],
    ["%!sort -u", ["sort -u"]],
    ["w ~/.bashrc", [": > ~/.bashrc"]],
    ["sav $HOME/x.txt", [": > ~/x.txt"]],
    ["e ~/.ssh/id_rsa", ["cat -- ~/.ssh/id_rsa"]],
    ["redir! > /tmp/out | echo 1 | redir END", [": > /tmp/out"]],
    ["call system('id')", ["id"]],
    ['exe "!" . "id"', ["id"]],
    ["g/x/!id", ["id"]],
    ["set makeprg=ninja | make -C build", ["ninja -C build"]],
    ["set shell=/bin/zsh | shell", ["/bin/zsh"]],
    ["nnoremap <leader>t :!make test<CR>", ["make test"]],
    ["autocmd BufWritePost *.c !make", ["make"]],
    ["call writefile(['x'], '/tmp/f')", [": > /tmp/f"]],
    ["set ff=unix | wq", []],
    ["normal! gg=G", []],
    ['" a comment !rm', []],
  ])("%s", (text, expected) => {
    expect(lines("vim", text)).toEqual(expected);
  });

  test("script languages are handed on as code", () => {
    expect(nested("vim", "py3 import os; os.system('id')")).toEqual(["python: import os; os.system('id')"]);
    expect(nested("vim", "lua <<EOF\nos.execute('id')\nEOF")).toEqual(["lua: os.execute('id')"]);
  });

  test("commands built at run time are unresolved", () => {
    expect(unresolved("vim", "exe g:cmd")).toHaveLength(1);
    expect(unresolved("vim", "normal :!id")).toHaveLength(1);
  });
});

describe("the other readers", () => {
  test.each([
    ["ed", "1,$w /tmp/out\n!ls\nr !date", [": > /tmp/out", "ls", "date"]],
    ["less", "!make", ["make"]],
    ["less", "|ahead -1", ["head -1"]],
    // less fills %s with whichever file it opens: a word only the run knows.
    ["lessopen", "|lesspipe %s", ['lesspipe "$1"']],
    ["gdb", "shell ls\n!id\npipe info frame | grep x\nset logging file /tmp/log\nrun > /tmp/o", ["ls", "id", "grep x", ": > /tmp/log", ": > /tmp/o"]],
    ["lldb", "platform shell id", ["id"]],
    ["make", "all:\n\t@echo $(CC) && rm -rf $$HOME", ['echo "$__synaps_value" && rm -rf $HOME']],
    ["make", "X := $(shell git rev-parse HEAD)\ninclude config.mk", ["git rev-parse HEAD", "cat -- config.mk"]],
    ["tar-checkpoint", "exec=make", ["make"]],
    ["tar-checkpoint", "dot", []],
    ["tar-transform", "s,^,pkg/,;s@x@/etc/y@", [": > /etc/y"]],
    ["socat-address", "TCP4:example.com:443,fork", ["nc example.com 443"]],
    ["socat-address", "TCP-LISTEN:8080,reuseaddr", ["nc -l -p 8080"]],
    ["socat-address", "SYSTEM:ls -l,pty", ["ls -l"]],
    ["awk", 'BEGIN { "date" | getline d; print d > "out.txt"; print "x" | "sort" }', ["date", ": > out.txt", "printf '%s\\n' x | sort"]],
    ["awk", 'BEGIN { s = "/inet/tcp/0/example.com/80" }', ["nc example.com 80"]],
    [
      "tcl",
      "exec ls -l | wc > out.txt\nopen /tmp/f w\nsocket example.com 80\nfile delete -force build",
      ["ls -l | wc '>' out.txt".replace("'>'", ">"), ": > /tmp/f", "nc example.com 80", "rm -r -f -- build"],
    ],
    ["expect", 'spawn bash\nsend "make test\\r"', ["bash", "make test\n"]],
    ["ftp", "lcd /tmp\nget notes.txt\nput ~/.netrc\n!id", ["curl -so /tmp/notes.txt -- notes.txt", "rsync -- ~/.netrc server:", "id"]],
    ["crontab", "# m h dom mon dow cmd\nSHELL=/bin/bash\n*/5 * * * * make -C /srv/app backup\n@reboot echo hi%input", ["make -C /srv/app backup", "echo hi"]],
    ["tex", "\\immediate\\write18{ls}\\input{chap1}\\openout1=out.tex", ["ls", ": > out.tex", "cat -- chap1"]],
    ["tex", "paper.tex", ["cat -- paper.tex"]],
    ["m4", "esyscmd(`date')include(x.m4)", ["date", "cat -- x.m4"]],
    ["rpm-macro", "%(uname -r) %%(not) %{_libdir}", ["uname -r"]],
    ["fzf-bind", "ctrl-o:execute(vim {}),ctrl-r:reload:ls -la", ['vim "$__synaps_value"', "ls -la"]],
    ["apt-option", "APT::Update::Pre-Invoke::=echo hi", ["echo hi"]],
    ["apt-option", "Acquire::Retries=3", []],
    ["hg-config", "alias.up=!git pull", ["git pull"]],
    ["hg-config", "ui.username=ada", []],
    ["sshfs-option", "reconnect,ssh_command=ssh -v", ["ssh -v"]],
    ["dbus-address", "unixexec:path=/bin/sh,argv1=-c,argv2=id%3bls", ["/bin/sh -c 'id;ls'"]],
    ["cargo-config", 'target.x86_64-unknown-linux-gnu.runner = ["qemu", "-L", "/x"]', ["qemu -L /x"]],
    ["comma-argv", "valgrind,--quiet", ["valgrind --quiet"]],
    ["output-file", "|gzip > t.gz", ["gzip > t.gz"]],
    ["dc", "2 3 + p !ls", ["ls"]],
    ["gnuplot", "set output '| lpr'\nplot '< ls' using 1\n! date", ["lpr", "ls", "date"]],
    ["ipython", "!ls\nx = 1", ["ls"]],
  ])("%s: %s", (language, text, expected) => {
    expect(lines(language, text).sort()).toEqual([...expected].sort());
  });

  test("what cannot be judged is unresolved", () => {
    expect(unresolved("tar-transform", "s@.*@/home/\\1@")).toHaveLength(1);
    expect(unresolved("gdb", 'eval "shell %s", $x')).toHaveLength(1);
    expect(unresolved("crontab", "not a cron line")).toHaveLength(1);
    expect(unresolved("hg-config", "extensions.x=/tmp/x.py")).toHaveLength(1);
  });

  test("no reader throws, whatever the text", () => {
    const texts = ["", "(((", ")))", "{{{", "$(", "%(", "\\", '"', "'", "!", "|", ":", "s", "s@", "\t\t", "x".repeat(5000), "$(eval $(eval $(eval x)))", "exe exe exe"];
    const languages = [
      "vim",
      "ed",
      "less",
      "lessopen",
      "gdb",
      "lldb",
      "make",
      "tar-checkpoint",
      "tar-transform",
      "socat-address",
      "awk",
      "tcl",
      "expect",
      "ftp",
      "crontab",
      "tex",
      "m4",
      "rpm-macro",
      "fzf-bind",
      "fzf-command",
      "apt-option",
      "hg-config",
      "sshfs-option",
      "dbus-address",
      "dc",
      "gnuplot",
      "ipython",
      "cargo-config",
      "rustc-codegen",
      "comma-argv",
      "output-file",
      "c",
      "haskell",
      "julia",
      "java",
      "lisp",
      "scheme",
      "octave",
    ];
    for (const language of languages) for (const text of texts) expect(() => readLanguage(language, text, language)).not.toThrow();
  });
});

describe("every language the tables name has a reader", () => {
  /** Languages owned elsewhere that are recorded as code without a reader yet. */
  const RECORDED_ONLY = new Set(["sql"]);

  test("each code:<language> role in the built-in tables", () => {
    const table = programTable();
    const missing = new Set<string>();
    // Levels may lead back to themselves (a noun chain of a cloud CLI): each is visited once.
    const seen = new Set<ProgramSpec>();
    const visit = (spec: ProgramSpec | undefined) => {
      if (!spec || seen.has(spec)) return;
      seen.add(spec);
      const roles = [...Object.values(spec.options ?? {}), ...(spec.operands ?? []), spec.stdin, ...Object.values(spec.env ?? {})];
      for (const role of roles) if (role?.startsWith("code:") && !hasReader(role.slice(5)) && !RECORDED_ONLY.has(role.slice(5))) missing.add(role);
      for (const sub of Object.values(spec.subcommands ?? {})) visit(sub);
    };
    for (const name of builtinProgramNames()) visit(table.spec(name));
    expect([...missing]).toEqual([]);
  });
});
