// What git runs from files: the hooks of the command (`git commit` runs
// pre-commit, commit-msg, …; `git push` runs pre-push; every verb that moves
// a ref runs reference-transaction) in .git/hooks or where core.hooksPath
// points, the receiving side's hooks of a repository on this machine that a
// push goes to, the commands a config file sets (core.pager,
// filters, …), and aliases (`git st` with `st = !rm -rf ~`). Settings the
// session made with `git config KEY VALUE` count as written to the config.
import { readGitConfigFile as settingsOf, readGitSetting } from "../languages/git-config.ts";
import type { SimpleCommand } from "../view/view.ts";
import type { FileNeed } from "../view/files.ts";
import { posix } from "node:path";
import { type FileLookup, inDir, knownText, operandsOf, optionValue, type ProjectRun, type Snippet } from "./snippet.ts";

/** Verbs that update a ref (a branch, a tag, HEAD, a remote-tracking ref): each runs reference-transaction. */
const REF_VERBS = [
  "commit",
  "merge",
  "pull",
  "fetch",
  "push",
  "rebase",
  "reset",
  "checkout",
  "switch",
  "update-ref",
  "symbolic-ref",
  "cherry-pick",
  "revert",
  "am",
  "stash",
  "clone",
  "worktree",
  "remote",
  "notes",
  "replace",
  "bisect",
  "pack-refs",
  "gc",
  "filter-branch",
  "branch",
  "tag",
];
/** Verbs that write the index: each runs post-index-change. */
const INDEX_VERBS = [
  "add",
  "rm",
  "mv",
  "reset",
  "checkout",
  "switch",
  "restore",
  "commit",
  "merge",
  "pull",
  "rebase",
  "cherry-pick",
  "revert",
  "am",
  "stash",
  "apply",
  "update-index",
  "read-tree",
  "status",
];
/** Verbs that may start `git gc --auto`, which runs pre-auto-gc first. */
const AUTO_GC_VERBS = ["gc", "commit", "merge", "am", "rebase", "fetch", "pull"];

/**
 * Every hook git runs in the repository it works in, by the verbs that run it (githooks(5)). Some depend on the
 * words too (`commit --amend` rewrites, `branch NAME` updates a ref where `branch` lists): see hooksRun.
 */
const HOOK_VERBS: Readonly<Record<string, readonly string[]>> = {
  "applypatch-msg": ["am"],
  "pre-applypatch": ["am"],
  "post-applypatch": ["am"],
  "pre-commit": ["commit"],
  "pre-merge-commit": ["merge", "pull"],
  "prepare-commit-msg": ["commit", "merge", "pull", "cherry-pick", "revert", "rebase"],
  "commit-msg": ["commit", "merge", "pull", "cherry-pick", "revert"],
  "post-commit": ["commit", "cherry-pick", "revert", "rebase"],
  "pre-rebase": ["rebase"],
  "post-checkout": ["checkout", "switch", "rebase", "bisect"],
  "post-merge": ["merge", "pull"],
  "pre-push": ["push"],
  "post-rewrite": ["rebase"],
  "reference-transaction": REF_VERBS,
  "post-index-change": INDEX_VERBS,
  "pre-auto-gc": AUTO_GC_VERBS,
  "sendemail-validate": ["send-email"],
  "p4-changelist": ["p4"],
  "p4-prepare-changelist": ["p4"],
  "p4-post-changelist": ["p4"],
  "p4-pre-submit": ["p4"],
};

/** Hooks that most verbs run (a ref moved, the index written, gc): hook managers are not looked up for them alone. */
export const EVERY_VERB_HOOKS: ReadonlySet<string> = new Set(["reference-transaction", "post-index-change", "pre-auto-gc"]);

/** The hooks each verb runs in its own repository (the table above, turned around). */
export const HOOKS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  [...new Set(Object.values(HOOK_VERBS).flat())].map((verb) => [verb, Object.keys(HOOK_VERBS).filter((hook) => HOOK_VERBS[hook]!.includes(verb))]),
);

/** Hooks a repository runs when it is pushed to (`git push ../mirror.git`): the receiving side's. */
const RECEIVE_HOOKS = ["pre-receive", "update", "proc-receive", "post-receive", "post-update", "push-to-checkout", "reference-transaction"];

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
    return lastValue(settings, "core.hookspath") ?? inDir(workingDir(command.args), ".git/hooks");
  };
  const hookPaths = (settings: readonly string[]) => {
    const received = sub === "push" ? receivingHookDirs(command, settings, home) : [];
    // Most git commands run no hook (`git diff`, `git log`): where the hooks are is not worked out for them.
    if (hooks.length === 0 && received.length === 0) return [];
    const dir = hooksDirOf(settings)?.replace(/\/+$/, "").replace(/^\.\//, "");
    const own = dir === undefined ? [] : hooks.map((hook) => ({ hook, path: `${dir}/${hook}` }));
    return [...own, ...received.flatMap((at) => RECEIVE_HOOKS.map((hook) => ({ hook, path: `${at}/${hook}` })))];
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

/** Words after which these verbs only show what is there: no ref moves, nothing checked out. */
const SHOWING: Readonly<Record<string, readonly string[]>> = {
  branch: ["-l", "--list", "-a", "--all", "-r", "--remotes", "-v", "-vv", "--verbose", "--contains", "--no-contains", "--merged", "--no-merged", "--show-current", "--points-at"],
  tag: ["-l", "--list", "-v", "--verify", "--contains", "--no-contains", "--merged", "--no-merged", "--points-at"],
  stash: ["list", "show"],
  remote: ["show", "get-url", "-v", "--verbose"],
  bisect: ["log", "view", "visualize", "terms"],
  worktree: ["list"],
};

/** The hooks the command runs: a new worktree and a clone are checked out (unless told not to). */
function hooksRun(command: SimpleCommand, sub: string): readonly string[] {
  const args = command.args.slice(command.args.indexOf(sub) + 1);
  if (SHOWING[sub]?.some((word) => args.includes(word))) return [];
  if (sub === "worktree") return args.includes("add") ? (args.includes("--no-checkout") ? ["reference-transaction"] : ["post-checkout", "reference-transaction"]) : [];
  if (sub === "clone") return command.args.includes("--no-checkout") || command.args.includes("-n") || command.args.includes("--bare") ? [] : ["post-checkout"];
  // `git branch`, `git tag`, `git stash` alone only list.
  if ((sub === "branch" || sub === "tag") && !args.some((arg) => !arg.startsWith("-"))) return [];
  if (sub === "p4" && !args.includes("submit")) return [];
  const hooks = [...(HOOKS[sub] ?? [])];
  // Rewritten commits: an amended one, or a pull that rebases.
  if (sub === "commit" && args.includes("--amend")) hooks.push("post-rewrite");
  if (sub === "pull" && args.some((arg) => arg === "--rebase" || arg === "-r" || arg.startsWith("--rebase="))) hooks.push("pre-rebase", "post-rewrite", "post-checkout");
  return hooks;
}

/** Push's options that take the next word as their value. */
const PUSH_VALUE_OPTIONS = new Set(["-o", "--push-option", "--receive-pack", "--exec", "--repo"]);

/**
 * The hooks directories of the repository a push goes to when it is one on this machine (`git push ../mirror.git`,
 * `file://…`, or a remote whose URL is such a path): git runs the receiving side's hooks there, as the pusher.
 */
function receivingHookDirs(command: SimpleCommand, settings: readonly string[], home: string): string[] {
  const args = command.args.slice(command.args.indexOf("push") + 1);
  const repo = optionValue(args, ["--repo"], ["--repo"]) ?? operandsOf(args, PUSH_VALUE_OPTIONS)[0] ?? lastValue(settings, "remote.pushdefault") ?? "origin";
  const named = /^[^/:~.][^/:]*$/.test(repo) ? (lastValue(settings, `remote.${repo.toLowerCase()}.pushurl`) ?? lastValue(settings, `remote.${repo.toLowerCase()}.url`)) : undefined;
  const local = localRepository(named ?? repo, home);
  if (local === undefined || (named === undefined && !/[/.]/.test(repo))) return [];
  const at = local.startsWith("/") ? local : posix.normalize(inDir(workingDir(command.args), local));
  return [`${at}/hooks`, `${at}/.git/hooks`];
}

/** A repository URL as a path on this machine (`../mirror.git`, `file:///srv/x.git`, `~/mirrors/x`), or undefined for another host's. */
function localRepository(url: string, home: string): string | undefined {
  const path = url.startsWith("file://") ? url.slice("file://".length) : url;
  // `https://…`, `ssh://…`, `git@host:path`, `host:path`.
  if (/^[\w+.-]+:\/\//.test(path) || /^[^/]*:/.test(path)) return undefined;
  const expanded = path.replace(/^~(?=\/|$)/, home).replace(/\/+$/, "");
  return expanded === "" ? undefined : expanded;
}

/** The directory `git -C DIR` works in, or undefined for the working directory. */
function workingDir(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "-C") return args[index + 1];
    if (arg === "-c" || arg === "--git-dir" || arg === "--work-tree") index++;
    else if (!arg.startsWith("-")) return undefined;
  }
  return undefined;
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
