// Hook managers run commands their config files name: `pre-commit run`
// (and the hook script `pre-commit install` puts in .git/hooks, which runs
// `pre-commit hook-impl`) runs the `entry` of each hook of a `repo: local`
// in .pre-commit-config.yaml; `lefthook run HOOK` (its .git/hooks scripts
// run that) runs each `run:` line of the hook's commands and each script
// under .lefthook/HOOK/. Each is judged as the shell text or file it is.
// Hooks from a remote repository are fetched at the `rev` the file pins,
// code the guard cannot see and the user chose: not judged here.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { firstKnown, knownTexts, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";
import { parseYaml, record } from "./yaml-data.ts";

/** pre-commit's subcommands that do not run hooks. */
const PRE_COMMIT_QUIET = new Set([
  "install",
  "uninstall",
  "install-hooks",
  "autoupdate",
  "clean",
  "gc",
  "init-templatedir",
  "migrate-config",
  "sample-config",
  "validate-config",
  "validate-manifest",
  "help",
]);
/** Languages whose `entry` is a command line (system) or a file in the repository (script); the others' entry is a program their install provides. */
const NO_COMMAND = new Set(["fail", "pygrep"]);
const PRE_COMMIT_FILES = [".pre-commit-config.yaml", ".pre-commit-config.yml"];
const LEFTHOOK_FILES = ["lefthook.yml", ".lefthook.yml", "lefthook.yaml", ".lefthook.yaml", "lefthook-local.yml", ".lefthook-local.yml"];

export function hookManagerRun(command: SimpleCommand): ProjectRun | undefined {
  if (command.name === "pre-commit" || command.name === "prek" || preCommitModule(command)) {
    const verb = command.args.find((arg) => !arg.startsWith("-") && !/^-?m?pre_commit$/.test(arg));
    if (verb !== undefined && PRE_COMMIT_QUIET.has(verb)) return undefined;
    return preCommitRun(command);
  }
  if (command.name === "lefthook") {
    const words = command.args.filter((arg) => !arg.startsWith("-"));
    if (words[0] !== "run" && !command.dynamicArgs) return undefined;
    return lefthookRun(words[0] === "run" ? words[1] : undefined);
  }
  return undefined;
}

/** `python -m pre_commit …`, `python -mpre_commit …` (the hook script pre-commit installs). */
function preCommitModule(command: SimpleCommand): boolean {
  if (!/^python(?:\d+(?:\.\d+)?)?$/.test(command.name) && !command.dynamicArgs) return false;
  const at = command.args.indexOf("-m");
  return command.args.includes("-mpre_commit") || (at >= 0 && command.args[at + 1] === "pre_commit");
}

function preCommitRun(command: SimpleCommand): ProjectRun {
  const named = command.args.find((arg) => arg.startsWith("--config="))?.slice("--config=".length) ?? optionAfter(command.args, ["-c", "--config"]);
  const candidates: FileNeed[] = (named ? [named] : PRE_COMMIT_FILES).map((path) => ({ path: path.replace(/^\.\//, ""), role: "git-hook" }));
  return {
    what: "pre-commit",
    candidates,
    read: (get) => {
      const file = firstKnown(candidates, get);
      return file ? preCommitHooks(file.content, `pre-commit (${file.path}, ${file.label})`) : [];
    },
  };
}

function optionAfter(args: readonly string[], names: readonly string[]): string | undefined {
  const at = args.findIndex((arg) => names.includes(arg));
  return at >= 0 ? args[at + 1] : undefined;
}

/** Each local hook's entry with its args: shell text, or the script file it names. */
function preCommitHooks(text: string, via: string): Snippet[] {
  const repos = list(record(parseYaml(text))?.repos);
  const snippets: Snippet[] = [];
  for (const repo of repos.map(record)) {
    if (repo?.repo !== "local") continue;
    for (const hook of list(repo.hooks).map(record)) {
      if (!hook || typeof hook.entry !== "string" || NO_COMMAND.has(String(hook.language))) continue;
      const args = list(hook.args).map((arg) => shellWord(String(arg)));
      if (hook.language === "script") snippets.push({ kind: "file", path: hook.entry.trim().split(/\s+/)[0]!.replace(/^\.\//, ""), via });
      else snippets.push({ kind: "shell", text: [hook.entry, ...args].join(" "), via });
    }
  }
  return snippets;
}

function lefthookRun(hook: string | undefined): ProjectRun {
  const needs: FileNeed[] = LEFTHOOK_FILES.map((path) => ({ path, role: "git-hook", optional: true }));
  return {
    what: `lefthook run${hook ? ` ${hook}` : ""}`,
    candidates: [],
    extra: needs,
    read: (get) => knownTexts(LEFTHOOK_FILES, get).flatMap((file) => lefthookCommands(file.content, hook, `lefthook (${file.path}, ${file.label})`)),
  };
}

/** A hook's `commands.*.run` lines and `scripts` (files under .lefthook/HOOK/, with their runner); every hook's when the hook is not known. */
function lefthookCommands(text: string, only: string | undefined, via: string): Snippet[] {
  const config = record(parseYaml(text));
  if (!config) return [];
  const snippets: Snippet[] = [];
  for (const [name, value] of Object.entries(config)) {
    if (only !== undefined && name !== only) continue;
    const hook = record(value);
    if (!hook) continue;
    for (const command of Object.values(record(hook.commands) ?? {}).map(record))
      if (typeof command?.run === "string") snippets.push({ kind: "shell", text: command.run.replace(/\{[\w_]+\}/g, '"$LEFTHOOK_FILES"'), via });
    for (const [script, options] of Object.entries(record(hook.scripts) ?? {})) {
      const runner = record(options)?.runner;
      snippets.push({ kind: "file", path: `.lefthook/${name}/${script}`, ...(typeof runner === "string" ? { interpreter: runner } : {}), via });
    }
  }
  return snippets;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
