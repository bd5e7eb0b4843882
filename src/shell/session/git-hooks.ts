// What git runs from files: the hooks of the command (`git commit` runs
// pre-commit, commit-msg, …; `git push` runs pre-push) in .git/hooks or
// where core.hooksPath points, the commands a config file sets (core.pager,
// filters, …), and aliases (`git st` with `st = !rm -rf ~`). Settings the
// session made with `git config KEY VALUE` count as written to the config.
import { readGitConfigFile as settingsOf, readGitSetting } from "../languages/git-config.ts";
import type { SimpleCommand } from "../view/view.ts";
import type { FileNeed } from "../view/files.ts";
import { type FileLookup, knownText, optionValue, type ProjectRun, type Snippet } from "./snippet.ts";

export const HOOKS: Readonly<Record<string, readonly string[]>> = {
  commit: ["pre-commit", "prepare-commit-msg", "commit-msg", "post-commit"],
  push: ["pre-push"],
  merge: ["pre-merge-commit", "prepare-commit-msg", "commit-msg", "post-merge"],
  pull: ["pre-merge-commit", "post-merge", "post-checkout"],
  checkout: ["post-checkout"],
  switch: ["post-checkout"],
  clone: [],
  rebase: ["pre-rebase", "post-rewrite"],
  am: ["applypatch-msg", "pre-applypatch", "post-applypatch"],
  "cherry-pick": ["prepare-commit-msg", "commit-msg", "post-commit"],
  revert: ["prepare-commit-msg", "commit-msg", "post-commit"],
  gc: ["pre-auto-gc"],
};
/** Hooks `--no-verify` skips. */
const VERIFY_HOOKS = new Set(["pre-commit", "commit-msg", "pre-push", "pre-merge-commit", "applypatch-msg", "pre-applypatch"]);

/** Where the session's own `git config` settings are kept, as `key=value` lines. */
export const SESSION_GIT_CONFIG = "<git config set in this session>";
const CONFIG_FILES = [SESSION_GIT_CONFIG, ".git/config", "~/.gitconfig", "~/.config/git/config"];

/** `earlier`: settings the same input made before this command (`key=value` lines), in force over the files'. */
export function gitRun(command: SimpleCommand, home: string, earlier = ""): ProjectRun | undefined {
  if (command.name !== "git") return undefined;
  const sub = command.subcommand[0] ?? firstWord(command.args);
  // A credential helper (`git credential-osxkeychain get`, run for credential.helper) reads no command from
  // the config: following the settings again would run the helper from itself until the depth limit.
  if (sub === undefined || sub === "config" || sub.startsWith("credential")) return undefined;
  const configs: FileNeed[] = CONFIG_FILES.map((path) =>
    path === SESSION_GIT_CONFIG ? { path, role: "git-config", optional: true, sessionOnly: true } : { path: path.replace(/^~/, home), role: "git-config", optional: true },
  );
  const skipVerify = command.args.includes("--no-verify") || (sub === "commit" && command.args.includes("-n"));
  const hooks = hooksRun(command, sub).filter((hook) => !(skipVerify && VERIFY_HOOKS.has(hook)));
  const inline = inlineSettings(command.args);
  // A clone is made from the template directory (`--template`, init.templateDir): its hooks are the new
  // repository's, and the checkout at the end of the clone runs its post-checkout.
  const template = sub === "clone" ? optionValue(command.args, ["--template"], ["--template"]) : undefined;
  const hooksDirOf = (settings: readonly string[]) => {
    const dir = sub === "clone" ? (template ?? lastValue(settings, "init.templatedir")) : undefined;
    if (sub === "clone") return dir === undefined ? undefined : `${dir.replace(/^~(?=\/|$)/, home).replace(/\/+$/, "")}/hooks`;
    return lastValue(settings, "core.hookspath") ?? ".git/hooks";
  };
  const hookPaths = (settings: readonly string[]) => {
    // Most git commands run no hook (`git status`, `git diff`): where the hooks are is not worked out for them.
    if (hooks.length === 0) return [];
    const dir = hooksDirOf(settings)?.replace(/\/+$/, "").replace(/^\.\//, "");
    return dir === undefined ? [] : hooks.map((hook) => ({ hook, path: `${dir}/${hook}` }));
  };
  return {
    what: `git ${sub}`,
    candidates: [],
    extra: [...configs],
    read: (get) => {
      // `git -c` settings are judged with the command itself; here they only say where the hooks are.
      const files = [...configs.map((need) => get(need.path)), ...(earlier === "" ? [] : [{ content: earlier, label: "set above" }])];
      // Each file's settings read once: they say where the hooks are, then what they run.
      const fileSettings = files.map((file) => settingsOf(file?.content));
      const snippets: Snippet[] = hookPaths([...fileSettings.flat(), ...inline]).flatMap(({ hook, path }) => {
        const file = knownText(path, get);
        return file ? [{ kind: "file" as const, path, via: `git ${sub} hook ${hook} (${path}, ${file.label})` }] : [];
      });
      for (const [index, file] of files.entries()) {
        // What the user's own ~/.gitconfig runs that only run time shows is unseen code, not an error.
        const fromHome = file?.fromHome ? { fromHome: true as const } : {};
        for (const setting of fileSettings[index]!) {
          const reading = readGitSetting(setting);
          if (reading.alias && reading.alias.name !== sub) continue;
          if (reading.alias && !reading.alias.value.trimStart().startsWith("!"))
            snippets.push({ kind: "shell", text: `git ${reading.alias.value}`, via: `git alias ${sub}`, ...fromHome });
          // A credential helper's output goes to git, as a substitution's goes to its command.
          for (const line of reading.lines)
            snippets.push({ kind: "shell", text: line.outputRead ? `: "$(${line.line}\n)"` : line.line, via: `git ${sub} (${line.label} in the git config)`, ...fromHome });
        }
      }
      return snippets;
    },
    more: (get: FileLookup) => {
      const settings = [...configs.flatMap((need) => settingsOf(get(need.path)?.content)), ...settingsOf(earlier), ...inline];
      return hookPaths(settings).map(({ path }) => ({ path, role: "git-hook" as const, optional: true as const }));
    },
  };
}

/** The hooks the command runs: a new worktree and a clone are checked out (unless told not to). */
function hooksRun(command: SimpleCommand, sub: string): readonly string[] {
  if (sub === "worktree") return command.args.includes("add") && !command.args.includes("--no-checkout") ? ["post-checkout"] : [];
  if (sub === "clone") return command.args.includes("--no-checkout") || command.args.includes("-n") || command.args.includes("--bare") ? [] : ["post-checkout"];
  return HOOKS[sub] ?? [];
}

function firstWord(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "-c" || arg === "-C" || arg === "--git-dir" || arg === "--work-tree") index++;
    else if (!arg.startsWith("-")) return arg;
  }
  return undefined;
}

/** `git -c key=value …` settings. */
function inlineSettings(args: readonly string[]): string[] {
  const settings: string[] = [];
  for (let index = 0; index < args.length; index++) if (args[index] === "-c" && args[index + 1]) settings.push(args[index + 1]!);
  return settings;
}

function lastValue(settings: readonly string[], key: string): string | undefined {
  let found: string | undefined;
  for (const setting of settings) {
    const equals = setting.indexOf("=");
    if (equals > 0 && setting.slice(0, equals).trim().toLowerCase() === key) found = setting.slice(equals + 1).trim();
  }
  return found;
}
