// Git hook managers that keep the hooks' commands in a config file of their
// own: the hook script they install in .git/hooks only starts the manager,
// which runs what the config names. One row per manager: the files it reads,
// the command that installs its hooks (from then on they run unasked, so the
// install is judged by them all), and how each file's commands for a hook are
// read. A git command that runs hooks (`git commit`, `git push`, …) runs the
// commands of those hooks in any manager's config the project holds.
// Mercurial keeps its hooks and `!` aliases in .hg/hgrc; a submodule's hooks
// live under .git/modules/NAME/hooks and run when the submodule is checked out.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { EVERY_VERB_HOOKS, HOOKS } from "./git-hooks.ts";
import { parsedJson } from "../languages/jsonc.ts";
import { type FileLookup, knownText, operandsOf, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";
import { parseYaml, record } from "./yaml-data.ts";

/** The hooks a command runs: the named ones, or every hook a config holds (an install). */
type Hooks = ReadonlySet<string> | "all";

type Row = {
  manager: string;
  /** The files the manager reads for these hooks (a `*` in a path is listed). */
  files: (hooks: Hooks) => readonly string[];
  /** Whether this command installs (or runs) the manager's hooks. */
  installs: (command: SimpleCommand, words: readonly string[]) => boolean;
  /** What a file runs for these hooks. */
  read: (path: string, content: string, hooks: Hooks, via: string) => Snippet[];
  /** Files a config names (a Python module), found once the config is known. */
  follow?: (get: FileLookup, hooks: Hooks) => readonly string[];
};

const wants = (hooks: Hooks, hook: string) => hooks === "all" || hooks.has(hook);
const shell = (lines: readonly string[], via: string): Snippet[] => lines.filter((line) => line.trim() !== "").map((text) => ({ kind: "shell" as const, text, via }));
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : typeof value === "string" ? [value] : []);
const insideProject = (path: string) => !path.startsWith("/") && !path.startsWith("~") && !path.split("/").includes("..");
const NODE_INSTALL = (command: SimpleCommand, words: readonly string[]) =>
  ["npm", "pnpm", "yarn", "bun"].includes(command.name) && (words.length === 0 ? command.name === "yarn" : ["install", "i", "ci"].includes(words[0]!));
const CARGO_BUILD = (command: SimpleCommand, words: readonly string[]) =>
  command.name === "cargo" && ["build", "b", "test", "t", "check", "c", "run", "r"].includes(words[0] ?? "");

/** overcommit's hook types by git hook. */
const OVERCOMMIT_TYPES: Readonly<Record<string, string>> = {
  "pre-commit": "PreCommit",
  "commit-msg": "CommitMsg",
  "pre-push": "PrePush",
  "post-checkout": "PostCheckout",
  "post-commit": "PostCommit",
  "post-merge": "PostMerge",
  "post-rewrite": "PostRewrite",
  "prepare-commit-msg": "PrepareCommitMsg",
  "pre-rebase": "PreRebase",
};
const snake = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();

const ROWS: readonly Row[] = [
  {
    manager: "captainhook",
    files: () => ["captainhook.json"],
    installs: (command, words) => command.name === "captainhook" && (words[0] === "install" || words[0] === "hook:pre-commit" || words[0]?.startsWith("hook:") === true),
    // Each enabled hook's actions: a shell command, or a PHP class (`\CaptainHook\App\…`) the package provides.
    read: (_path, content, hooks, via) => {
      const json = parsedJson(content, false);
      if (!json) return [];
      return Object.entries(json).flatMap(([hook, value]) => {
        const table = record(value);
        if (!wants(hooks, hook) || !table || table.enabled === false || !Array.isArray(table.actions)) return [];
        return shell(
          table.actions.flatMap((action) => strings(record(action)?.action)).filter((action) => !action.startsWith("\\")),
          `${via} ${hook}`,
        );
      });
    },
  },
  {
    manager: "grumphp",
    files: () => ["grumphp.yml", "grumphp.yaml", "grumphp.yml.dist"],
    installs: (command, words) => command.name === "grumphp" && ["git:init", "run", "git:pre-commit", "git:commit-msg"].includes(words[0] ?? ""),
    // The shell task runs each script with sh: a file path, or sh's own arguments (`["-c", "cmd"]`).
    read: (_path, content, hooks, via) => {
      if (!wants(hooks, "pre-commit") && !wants(hooks, "commit-msg")) return [];
      const tasks = record(record(record(parseYaml(content))?.grumphp)?.tasks ?? record(parseYaml(content))?.tasks);
      const scripts = record(tasks?.shell)?.scripts;
      if (!Array.isArray(scripts)) return [];
      return shell(
        scripts.map((script) => (typeof script === "string" ? `sh ${shellWord(script)}` : `sh ${strings(script).map(shellWord).join(" ")}`)),
        `${via} shell task`,
      );
    },
  },
  {
    manager: "cargo-husky",
    // cargo-husky's user hooks are copied into .git/hooks when the crate is built or tested.
    files: (hooks) => (hooks === "all" ? [".cargo-husky/hooks/*"] : [...hooks].map((hook) => `.cargo-husky/hooks/${hook}`)),
    installs: CARGO_BUILD,
    read: (path, _content, _hooks, via) => [{ kind: "file", path, via }],
  },
  {
    manager: "rusty-hook",
    files: () => [".rusty-hook.toml", "rusty-hook.toml"],
    installs: (command, words) => CARGO_BUILD(command, words) || (command.name === "rusty-hook" && words[0] === "init"),
    read: (_path, content, hooks, via) =>
      shell(
        tomlSection(content, "hooks").flatMap(([hook, value]) => (wants(hooks, hook) ? [value] : [])),
        via,
      ),
  },
  {
    manager: "ghooks and yorkie",
    // ghooks: package.json's config.ghooks; yorkie (and Vue CLI): its gitHooks. Both install with the dependency.
    files: () => ["package.json"],
    installs: NODE_INSTALL,
    read: (_path, content, hooks, via) => {
      const json = parsedJson(content, false);
      const tables = [record(record(json?.config)?.ghooks), record(json?.gitHooks)];
      return shell(
        tables.flatMap((table) => Object.entries(table ?? {}).flatMap(([hook, value]) => (wants(hooks, hook) ? strings(value) : []))),
        via,
      );
    },
  },
  {
    manager: "mookme",
    files: (hooks) => (hooks === "all" ? [".hooks/*.json"] : [...hooks].map((hook) => `.hooks/${hook}.json`)),
    installs: (command, words) => command.name === "mookme" && (words[0] === "init" || words[0] === "run"),
    read: (_path, content, _hooks, via) => {
      const steps = parsedJson(content, false)?.steps;
      return shell(Array.isArray(steps) ? steps.flatMap((step) => strings(record(step)?.command)) : [], via);
    },
  },
  {
    manager: "hk",
    files: () => ["hk.pkl"],
    installs: (command, words) => command.name === "hk" && ["install", "run", "check", "fix"].includes(words[0] ?? ""),
    read: (_path, content, hooks, via) => shell(hkCommands(content, hooks), via),
  },
  {
    manager: "overcommit",
    files: (hooks) => [
      ".overcommit.yml",
      ...(hooks === "all" ? Object.values(OVERCOMMIT_TYPES) : [...hooks].flatMap((hook) => OVERCOMMIT_TYPES[hook] ?? [])).map((type) => `.git-hooks/${snake(type)}/*.rb`),
    ],
    installs: (command, words) => command.name === "overcommit" && (command.args.includes("--install") || command.args.includes("--run") || words.length > 0),
    read: (path, content, hooks, via) => (path.endsWith(".rb") ? [{ kind: "file", path, interpreter: "ruby", via }] : overcommitCommands(content, hooks, via)),
  },
  {
    manager: "autohooks",
    // pyproject.toml's [tool.autohooks] `pre-commit` lists plugin modules; a module of the project is a file here.
    files: () => ["pyproject.toml"],
    installs: (command, words) => command.name === "autohooks" && (words[0] === "activate" || words[0] === "check"),
    read: () => [],
    follow: (get, hooks) => (wants(hooks, "pre-commit") ? autohooksModules(knownText("pyproject.toml", get)?.content) : []),
  },
  {
    manager: "composer-git-hooks",
    // composer.json's extra.hooks: a hook's command line, or a list of them; `cghooks add` (or update) copies them
    // into .git/hooks, and composer scripts often call it on every install.
    files: () => ["composer.json"],
    installs: (command, words) => command.name === "cghooks" && ["add", "update"].includes(words[0] ?? ""),
    read: (_path, content, hooks, via) => {
      const table = record(record(parsedJson(content, false)?.extra)?.hooks);
      return shell(
        Object.entries(table ?? {}).flatMap(([hook, value]) => (hook !== "config" && wants(hooks, hook) ? strings(value) : [])),
        via,
      );
    },
  },
  {
    manager: "Husky.Net",
    // .husky/task-runner.json's tasks: a command and its args; `husky run --group G` (what its .husky hook scripts
    // call) runs the tasks of that group, `husky run` every task. Its `${staged}`-style variables are file lists.
    files: () => [".husky/task-runner.json"],
    installs: (command, words) => huskyNetWords(command, words)?.[0] === "run",
    read: (_path, content, hooks, via) => shell(huskyNetTasks(content, hooks), via),
  },
];

/** `dotnet husky run …` and `husky run …` (the .NET tool): the words after the tool's name. */
function huskyNetWords(command: SimpleCommand, words: readonly string[]): readonly string[] | undefined {
  if (command.name === "dotnet") return words[0] === "husky" ? words.slice(1) : undefined;
  return command.name === "husky" && words[0] === "run" && command.args.some((arg) => arg === "--group" || arg === "-g" || arg === "--name" || arg === "-n") ? words : undefined;
}

/** Husky.Net's tasks whose group is one of the hooks (every task for "all"): each command with its args. */
function huskyNetTasks(content: string, hooks: Hooks): string[] {
  const tasks = parsedJson(content, false)?.tasks;
  if (!Array.isArray(tasks)) return [];
  return tasks.flatMap((value) => {
    const task = record(value);
    if (!task || typeof task.command !== "string") return [];
    if (hooks !== "all" && typeof task.group === "string" && !hooks.has(task.group)) return [];
    const args = strings(task.args).map((arg) => (/\$\{[\w-]+\}/.test(arg) ? '"$HUSKY_FILES"' : shellWord(arg)));
    return [[task.command, ...args].join(" ")];
  });
}

/** `key = "value"` pairs of a TOML section (single-line strings). */
function tomlSection(content: string, name: string): Array<[string, string]> {
  const section = content.split(/^(?=\s*\[)/m).find((part) => new RegExp(`^\\s*\\[${name}\\]`).test(part)) ?? "";
  return [...section.matchAll(/^\s*["']?([\w-]+)["']?\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/gm)].map((match) => [match[1]!, match[2]?.replace(/\\(.)/g, "$1") ?? match[3]!]);
}

/** hk.pkl: the string values of a step's `check`, `fix`, … inside the blocks of the hooks that run (`{{files}}` is the staged files). */
function hkCommands(content: string, hooks: Hooks): string[] {
  const blocks = hooks === "all" ? [content] : [...hooks].flatMap((hook) => braceBlock(content, `["${hook}"]`));
  return blocks.flatMap((block) =>
    [...block.matchAll(/\b(?:check|fix|check_diff|check_list_files|check_first|run|shell)\s*=\s*(?:"""([\s\S]*?)"""|"((?:[^"\\\n]|\\.)*)")/g)].map((match) =>
      (match[1] ?? match[2]!.replace(/\\(.)/g, "$1")).replace(/\{\{\s*[\w.]+\s*\}\}/g, '"$HK_FILES"'),
    ),
  );
}

/** The body of the `{ … }` block that follows `key` (outside strings), for each place it stands. */
function braceBlock(content: string, key: string): string[] {
  const blocks: string[] = [];
  for (let at = content.indexOf(key); at >= 0; at = content.indexOf(key, at + 1)) {
    const open = content.indexOf("{", at + key.length);
    if (open < 0 || content.slice(at + key.length, open).trim() !== "") continue;
    let depth = 0;
    for (let index = open; index < content.length; index++) {
      if (content[index] === '"') index = content.indexOf('"', index + 1) < 0 ? content.length : content.indexOf('"', index + 1);
      else if (content[index] === "{") depth++;
      else if (content[index] === "}" && --depth === 0) {
        blocks.push(content.slice(open + 1, index));
        break;
      }
    }
  }
  return blocks;
}

/**
 * .overcommit.yml: each enabled hook of a hook type runs its `command` (a list of words or a line), which for a
 * custom hook is its `required_executable` when no command is given. Built-in hooks with no command run a tool
 * overcommit knows; they are left out.
 */
function overcommitCommands(content: string, hooks: Hooks, via: string): Snippet[] {
  const settings = record(parseYaml(content));
  if (!settings) return [];
  const snippets: Snippet[] = [];
  for (const [hook, type] of Object.entries(OVERCOMMIT_TYPES)) {
    if (!wants(hooks, hook)) continue;
    for (const [name, value] of Object.entries(record(settings[type]) ?? {})) {
      const entry = record(value);
      if (!entry || entry.enabled === false || name === "ALL") continue;
      const command = entry.command ?? entry.required_executable;
      const words = strings(command);
      if (words.length === 0) continue;
      const text = Array.isArray(command) ? words.map(shellWord).join(" ") : words[0]!;
      const file = /^\.{0,2}\//.test(text) && !text.includes(" ") && insideProject(text.replace(/^\.\//, ""));
      snippets.push(file ? { kind: "file", path: text.replace(/^\.\//, ""), via: `${via} ${type} ${name}` } : { kind: "shell", text, via: `${via} ${type} ${name}` });
    }
  }
  return snippets;
}

/** The project's own plugin modules named for autohooks' pre-commit (`tools.hooks.check` → tools/hooks/check.py). */
function autohooksModules(pyproject: string | undefined): string[] {
  if (pyproject === undefined) return [];
  const section = pyproject.split(/^(?=\s*\[)/m).find((part) => /^\s*\[tool\.autohooks\]/.test(part)) ?? "";
  const list = /^\s*pre-commit\s*=\s*\[([^\]]*)\]/m.exec(section)?.[1] ?? "";
  return [...list.matchAll(/["']([\w.]+)["']/g)]
    .map((match) => match[1]!)
    .filter((module) => !module.startsWith("autohooks."))
    .flatMap((module) => [`${module.replaceAll(".", "/")}.py`, `${module.replaceAll(".", "/")}/__init__.py`]);
}

// ─── the run ──────────────────────────────────────────────────────────────

const isGlob = (path: string) => path.includes("*");
/** Options whose value is the next word, by the command they are read for (made once: every command is asked). */
const MANAGER_VALUE_OPTIONS: ReadonlySet<string> = new Set(["-m", "-c", "-C", "--type", "-t"]);
const HG_VALUE_OPTIONS: ReadonlySet<string> = new Set(["-R", "--repository", "--cwd", "--config", "-m", "-u", "-r", "-b"]);
const SUBMODULE_VALUE_OPTIONS: ReadonlySet<string> = new Set(["-C", "-c", "--reference", "--depth", "-b", "--name"]);

/** Every hook command a git command (its hooks) or a manager's install (all its hooks) runs from the managers' configs. */
export function hookConfigRun(command: SimpleCommand): ProjectRun | undefined {
  const words = operandsOf(command.args, MANAGER_VALUE_OPTIONS);
  const gitHooks = command.name === "git" ? gitHooksOf(command, words) : undefined;
  const rows = gitHooks ? ROWS : ROWS.filter((row) => row.installs(command, words));
  if (rows.length === 0 || (gitHooks && gitHooks.size === 0)) return undefined;
  const hooks: Hooks = gitHooks ?? "all";
  const entries = rows.flatMap((row) => row.files(hooks).map((path) => ({ row, path })));
  const followed = (get: FileLookup) => rows.flatMap((row) => (row.follow?.(get, hooks) ?? []).map((path) => ({ row, path })));
  const found = (get: FileLookup) => [
    ...entries.flatMap((entry) => (isGlob(entry.path) ? (get(entry.path)?.matches ?? []).map((path) => ({ row: entry.row, path })) : [entry])),
    ...followed(get),
  ];
  const what = gitHooks ? `git ${words[0]} hooks` : `${rows[0]!.manager} hooks`;
  return {
    what,
    candidates: [],
    extra: entries.map(({ path }): FileNeed => (isGlob(path) ? { path, role: "git-hook", pattern: true } : { path, role: "git-hook", optional: true })),
    more: (get) => found(get).map(({ path }): FileNeed => ({ path, role: "git-hook", optional: true })),
    read: (get) =>
      found(get).flatMap(({ row, path }) => {
        const file = knownText(path, get);
        if (!file) return [];
        const via = `${row.manager} (${path}, ${file.label})`;
        return row.follow && followed(get).some((entry) => entry.path === path)
          ? [{ kind: "file" as const, path, interpreter: "python3", via }]
          : row.read(path, file.content, hooks, via);
      }),
  };
}

/** The hooks a git command runs (none with --no-verify for the ones it skips; a new worktree is checked out). */
function gitHooksOf(command: SimpleCommand, words: readonly string[]): ReadonlySet<string> | undefined {
  const sub = command.subcommand[0] ?? words[0];
  if (sub === "worktree") return words[1] === "add" || command.subcommand[1] === "add" ? new Set(["post-checkout"]) : undefined;
  // `git status` writes the index, `git fetch` moves refs: a manager's config is not read for those hooks alone.
  const hooks = sub === undefined ? undefined : HOOKS[sub]?.filter((hook) => !EVERY_VERB_HOOKS.has(hook));
  if (hooks === undefined || hooks.length === 0) return undefined;
  const skip = command.args.includes("--no-verify") || (sub === "commit" && command.args.includes("-n"));
  return new Set(hooks.filter((hook) => !(skip && (hook === "pre-commit" || hook === "commit-msg" || hook === "pre-push"))));
}

// ─── Mercurial ────────────────────────────────────────────────────────────

/** What an hg command runs from .hg/hgrc: its hooks (`pre-CMD`, `post-CMD`, and the events it raises) and a `!` alias of its name. */
const HG_EVENTS: Readonly<Record<string, readonly string[]>> = {
  commit: ["precommit", "pretxncommit", "commit"],
  ci: ["precommit", "pretxncommit", "commit"],
  pull: ["prechangegroup", "pretxnchangegroup", "changegroup", "incoming"],
  push: ["preoutgoing", "outgoing"],
  update: ["preupdate", "update"],
  up: ["preupdate", "update"],
  unbundle: ["prechangegroup", "pretxnchangegroup", "changegroup", "incoming"],
};

export function hgRun(command: SimpleCommand): ProjectRun | undefined {
  if (command.name !== "hg") return undefined;
  const sub = operandsOf(command.args, HG_VALUE_OPTIONS)[0];
  if (sub === undefined) return undefined;
  const events = new Set([`pre-${sub}`, `post-${sub}`, ...(HG_EVENTS[sub] ?? [])]);
  const path = ".hg/hgrc";
  return {
    what: `hg ${sub}`,
    candidates: [],
    extra: [{ path, role: "git-config", optional: true }],
    read: (get) => {
      const file = knownText(path, get);
      if (!file) return [];
      const lines: string[] = [];
      for (const [section, key, value] of iniEntries(file.content)) {
        // `python:` hooks are Python the extension loads from a module; not read here.
        if (section === "hooks" && events.has(key.replace(/\..*$/, "")) && !value.startsWith("python:")) lines.push(value);
        if (section === "alias" && key === sub) lines.push(value.startsWith("!") ? value.slice(1) : `hg ${value}`);
      }
      return shell(lines, `hg ${sub} (${path}, ${file.label})`);
    },
  };
}

/** An INI file's entries as [section, key, value], with continuation lines joined. */
function iniEntries(content: string): Array<[string, string, string]> {
  const entries: Array<[string, string, string]> = [];
  let section = "";
  for (const line of content.split(/\r?\n/)) {
    const header = /^\s*\[([^\]]+)\]/.exec(line);
    if (header) {
      section = header[1]!.trim().toLowerCase();
      continue;
    }
    if (/^\s*[#;]/.test(line) || line.trim() === "") continue;
    const last = entries.at(-1);
    if (/^\s/.test(line) && last && last[0] === section) {
      last[2] = `${last[2]}\n${line.trim()}`;
      continue;
    }
    const match = /^\s*([^=\s][^=]*?)\s*=\s*(.*)$/.exec(line);
    if (match) entries.push([section, match[1]!, match[2]!.trim()]);
  }
  return entries;
}

// ─── Submodules ───────────────────────────────────────────────────────────

/** `git submodule update` (and `add`, `git clone --recurse-submodules` aside) checks each submodule out: its post-checkout hook runs. */
export function submoduleHooksRun(command: SimpleCommand): ProjectRun | undefined {
  if (command.name !== "git") return undefined;
  const words = operandsOf(command.args, SUBMODULE_VALUE_OPTIONS);
  if (words[0] !== "submodule" || !["update", "add", "init"].includes(words[1] ?? "")) return undefined;
  if (words[1] === "init" && !command.args.includes("--update")) return undefined;
  const pattern = ".git/modules/**/hooks/post-checkout";
  return {
    what: "git submodule hooks",
    candidates: [],
    extra: [{ path: pattern, role: "git-hook", pattern: true }],
    more: (get) => (get(pattern)?.matches ?? []).map((path): FileNeed => ({ path, role: "git-hook", optional: true })),
    read: (get) =>
      (get(pattern)?.matches ?? []).flatMap((path) => {
        const file = knownText(path, get);
        return file ? [{ kind: "file" as const, path, via: `git submodule ${words[1]} hook (${path}, ${file.label})` }] : [];
      }),
  };
}
