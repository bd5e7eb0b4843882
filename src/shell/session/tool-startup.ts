// Start-up files of interpreters and editors: code the program runs when it
// starts, before anything the command line shows. R and Rscript source the
// project's `.Rprofile` (else the one in home), Julia `~/.julia/config/
// startup.jl`, IPython every script in its profile's `startup/` directory,
// vim and neovim their vimscript init, a tmux server its config (each line a
// tmux command: `run-shell` and `if-shell` run a shell), and the working
// directory's .vimrc/.exrc when a vimrc sets 'exrc'. Each file is judged
// as the code it is (../programs/code-files.ts says how), whoever wrote it:
// a harmless one (options, colours, key maps) passes. An option that skips
// the file (`--vanilla`, `--startup-file=no`, `-u NONE`, `-f FILE`) is obeyed.
import { asToolStartupCode, settingsOptions } from "../programs/code-files.ts";
import { startupRowsFor, startupShell } from "../programs/startup-files.ts";
import { curlConfigArgs } from "../programs/transfer-configs.ts";
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { knownTexts, optionValue, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";

/** Command names as the analysis gives them (lower case). */
const R_PROGRAMS = new Set(["r", "rscript"]);
const VIM_PROGRAMS = new Set(["vim", "vi", "view", "vimdiff", "gvim", "ex"]);
const NVIM_PROGRAMS = new Set(["nvim", "nvim-qt"]);
/** tmux commands that start a server (which reads its config); the others talk to a running one. */
const TMUX_STARTS = new Set(["", "new", "new-session", "start", "start-server"]);
/** Options that make tmux take its command from the next word, not the first operand. */
const TMUX_VALUE_OPTIONS = new Set(["-f", "-L", "-S", "-c", "-T"]);

/** The start-up files the command's program reads when it starts, judged in order as the code they hold. */
export function toolStartupRun(command: SimpleCommand, home: string): ProjectRun | undefined {
  if (command.name === "curl" || command.name === "wget") return downloaderSettingsRun(command, home);
  const groups = startupGroups(command, home).filter((group) => group.paths.length > 0);
  if (groups.length === 0) return undefined;
  const what = `${command.name} start-up`;
  const needs: FileNeed[] = groups.flatMap((group) =>
    group.paths.map((path): FileNeed => ({ path, role: "startup", optional: true, ...(path.includes("*") ? { pattern: true as const } : {}) })),
  );
  // A listing (IPython's startup/*.py, fish's conf.d/*.fish) names the files to read next.
  const matched = (paths: readonly string[], get: Parameters<ProjectRun["read"]>[0]) => paths.flatMap((path) => (path.includes("*") ? (get(path)?.matches ?? []) : [path]));
  return {
    what,
    candidates: [],
    extra: needs,
    more: (get) => needs.filter((need) => need.pattern).flatMap((need) => (get(need.path)?.matches ?? []).map((path): FileNeed => ({ path, role: "startup", optional: true }))),
    read: (get) =>
      groups.flatMap((group) => {
        if (group.when && !group.when(get)) return [];
        const known = knownTexts(matched(group.paths, get), get);
        // R sources only the first profile it finds (the project's before home's).
        return (group.first ? known.slice(0, 1) : known).flatMap((file): Snippet[] => {
          const code = group.read(file.content, file.path);
          if (code === undefined) return [];
          const unread = code.unread.length > 0 ? { unread: code.unread } : {};
          return [{ kind: "shell", text: code.text, via: `${what} (${file.path}, ${file.label})`, ...unread, ...(file.fromHome ? { fromHome: true as const } : {}) }];
        });
      }),
  };
}

/** Files read in order, and how one's text becomes the shell input that runs it. */
type StartupGroup = {
  paths: string[];
  first?: true;
  /** Read only when the files known so far say so (vim's local .exrc, when a vimrc sets 'exrc'). */
  when?: (get: Parameters<ProjectRun["read"]>[0]) => boolean;
  read: (text: string, path: string) => { text: string; unread: string[] } | undefined;
};

/** The files of the rows in ../programs/startup-files.ts the program starts, and of the programs this module knows itself. */
function startupGroups(command: SimpleCommand, home: string): StartupGroup[] {
  const groups: StartupGroup[] = [];
  const own = startupFiles(command, home);
  if (own) {
    const read = (text: string, path: string) => {
      const code = asToolStartupCode(text, path, home);
      return code === undefined ? undefined : { text: code, unread: [] };
    };
    groups.push({ ...own, read });
    const local = localVimFiles(command, own);
    // Read as a vimrc is (the same vimscript), from where vim starts.
    if (local) groups.push({ ...local, read: (text) => read(text, `${home}/.exrc`) });
  }
  for (const { row, paths } of startupRowsFor(command.name, command.args, home)) groups.push({ paths, read: (text) => startupShell(row, text) });
  return groups;
}

type StartupFiles = { paths: string[]; first?: true };

function startupFiles(command: SimpleCommand, home: string): StartupFiles | undefined {
  const args = command.args;
  if (R_PROGRAMS.has(command.name)) {
    if (args.some((arg) => arg === "--vanilla" || arg === "--no-init-file")) return { paths: [] };
    return { paths: [".Rprofile", `${home}/.Rprofile`], first: true };
  }
  if (command.name === "julia") {
    if (args.some((arg) => arg === "--startup-file=no")) return { paths: [] };
    return { paths: [`${home}/.julia/config/startup.jl`] };
  }
  if (command.name === "ipython" || (command.name === "jupyter" && command.subcommand[0] === "console")) {
    const profile = optionValue(args, [], ["--profile"]) ?? "default";
    return /^[\w.-]+$/.test(profile) ? { paths: [`${home}/.ipython/profile_${profile}/startup/*.py`] } : undefined;
  }
  if (VIM_PROGRAMS.has(command.name) || NVIM_PROGRAMS.has(command.name)) return vimFiles(command, home);
  if (command.name === "tmux") return tmuxFiles(command, home);
  return undefined;
}

/** `-u` replaces the init file (a script it names is the command's own, read as such), `--clean` and silent Ex mode skip it. */
function vimFiles(command: SimpleCommand, home: string): StartupFiles {
  const args = command.args;
  if (optionValue(args, ["-u"]) !== undefined || args.some((arg) => arg === "--clean" || arg === "-es" || arg === "-Es") || silentExMode(command)) return { paths: [] };
  if (NVIM_PROGRAMS.has(command.name)) return { paths: [`${home}/.config/nvim/init.vim`] };
  return { paths: [`${home}/.vimrc`, `${home}/.vim/vimrc`], first: true };
}

/** `vim -e -s`, `ex -s`: silent Ex mode, which skips every initialization but `-u`'s (`-s` alone takes a script). */
function silentExMode(command: SimpleCommand): boolean {
  const args = command.args;
  const exMode = command.name === "ex" || args.includes("-e") || args.includes("-E");
  return exMode && args.includes("-s");
}

/** `set exrc` (`set ex`) in a vimrc: vim then also sources the working directory's .vimrc/.exrc (neovim's .nvimrc/.exrc). */
const SETS_EXRC = /^[ \t:]*set?(?:local)?[ \t]+(?:[^"\n]*[ \t])?ex(?:rc)?(?![\w-])/m;

/** The working directory's own vim init, read when the user's vimrc turns 'exrc' on. */
function localVimFiles(command: SimpleCommand, own: StartupFiles): (StartupFiles & Pick<StartupGroup, "when">) | undefined {
  if (!(VIM_PROGRAMS.has(command.name) || NVIM_PROGRAMS.has(command.name)) || own.paths.length === 0) return undefined;
  const paths = NVIM_PROGRAMS.has(command.name) ? [".nvimrc", ".exrc"] : [".vimrc", ".exrc"];
  return { paths, first: true, when: (get) => own.paths.some((path) => SETS_EXRC.test(get(path)?.content ?? "")) };
}

/** Only a command that starts a server reads ~/.tmux.conf; `-f FILE` names another config (the command's own, read as such). */
function tmuxFiles(command: SimpleCommand, home: string): StartupFiles {
  const args = command.args;
  let index = 0;
  while (index < args.length && args[index]!.startsWith("-")) index += TMUX_VALUE_OPTIONS.has(args[index]!) ? 2 : 1;
  if (!TMUX_STARTS.has(args[index] ?? "")) return { paths: [] };
  if (optionValue(args, ["-f"]) !== undefined) return { paths: [] };
  return { paths: [`${home}/.tmux.conf`, `${home}/.config/tmux/tmux.conf`], first: true };
}

/**
 * curl's and wget's settings files: their lines are options of every command, so the command is judged again with
 * them added (`output = ~/.bashrc` makes every download write there; `post_file = ~/.ssh/id_rsa` sends the key).
 * curl skips ~/.curlrc when its first option is `-q`/`--disable`, wget with `--no-config`; `-K FILE` (curl) and
 * `--config=FILE` (wget) name one more.
 */
function downloaderSettingsRun(command: SimpleCommand, home: string): ProjectRun | undefined {
  const args = command.args;
  const curl = command.name === "curl";
  const skipHome = curl ? args[0] === "-q" || args[0] === "--disable" : args.includes("--no-config");
  const homeFiles = skipHome ? [] : curl ? [`${home}/.curlrc`, `${home}/.config/.curlrc`] : [`${home}/.wgetrc`];
  const named = curl ? optionValue(args, ["-K", "--config"]) : optionValue(args, [], ["--config"]);
  const paths = [...homeFiles, ...(named === undefined || named === "-" ? [] : [named])];
  if (paths.length === 0) return undefined;
  const what = `${command.name} settings`;
  const needs: FileNeed[] = paths.map((path) => ({ path, role: "startup", optional: true }));
  return {
    what,
    candidates: [],
    extra: needs,
    read: (get) =>
      knownTexts(paths, get).flatMap((file): Snippet[] => {
        const added = settingsOptions(file.content, file.path, home) ?? (curl ? curlConfigArgs(file.content) : []);
        if (added.length === 0) return [];
        // The command again, its settings' options added, and the settings file named so it is not read once more.
        const text = [command.name, ...args.map(shellWord), ...added.map(shellWord)].join(" ");
        return [{ kind: "shell", text, via: `${what} (${file.path}, ${file.label})`, ...(file.fromHome ? { fromHome: true as const } : {}) }];
      }),
  };
}
