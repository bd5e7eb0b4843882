// Tool configs that name code a later command runs, one row per file kind:
// the program (and subcommand) that obeys the file, where the file lives
// (the project, or the user's home), and how the code is found in it — a key
// holding a shell line (mise's hooks, devbox's init_hook, a nix shellHook), a
// key naming a script or code file (a .bazelrc's workspace status command,
// phpstan's bootstrapFiles, mypy's plugins, a gpg agent's pinentry program),
// or the file being code itself (a storybook main.js, a .php-cs-fixer.php).
// A harmless config (options, a standard program's path) runs nothing
// harmful; what each names is judged by its content like any other file.
import type { SimpleCommand } from "../view/view.ts";
import { JS, type Loaded, NODE, PHP, PROGRAM, PYTHON, programLine, type Reading, RUBY, relative, type Row, SH, SUB, shellLines, strings } from "./file-rows.ts";
import { parsedJson } from "../languages/jsonc.ts";
import { parsedToml } from "./manifest-scripts.ts";
import { type FileLookup, inDir, knownText, operandsOf, optionValue, shellWord } from "./snippet.ts";
import { kustomizeExecPaths, kustomizePluginFiles, lintStagedCommands } from "./tool-file-readers.ts";
import { parseYaml, record } from "./yaml-data.ts";
import { MAX_CONFIG_NAMED_FILES } from "../../limits.ts";

// ─── small readers of the formats ─────────────────────────────────────────

/**
 * The values of `key` in INI-style files (`key = value` or `key: value`, continuation lines indented), in the
 * sections `section` accepts (`[MAIN]`, `[mypy]`, `[tool.pylint.main]`); a TOML string's quotes are taken off.
 */
export function iniValues(content: string, section: RegExp, key: string): string[] {
  const values: string[] = [];
  let inSection = false;
  const lines = content.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (header) {
      inSection = section.test(header[1]!.trim());
      continue;
    }
    if (!inSection) continue;
    const match = /^([\w.-]+)\s*[=:]\s*(.*)$/.exec(line);
    if (!match || match[1] !== key) continue;
    let value = match[2]!;
    while (index + 1 < lines.length && /^[ \t]+\S/.test(lines[index + 1]!)) value += `\n${lines[++index]!.trim()}`;
    values.push(unquoted(value.trim()));
  }
  return values;
}

export function unquoted(value: string): string {
  const quoted = /^(["'])([\s\S]*)\1$/.exec(value);
  if (!quoted) return value;
  return quoted[1] === '"' ? quoted[2]!.replace(/\\(["\\])/g, "$1") : quoted[2]!;
}

/** A comma- or line-separated list (`plugins = a.py, b`), or a TOML list. */
export function listItems(value: string): string[] {
  const list = /^\[([\s\S]*)\]$/.exec(value.trim());
  const items = (list ? list[1]! : value).split(/[,\n]/);
  return items.map((item) => unquoted(item.trim())).filter((item) => item !== "");
}

/** A plugin named as a module (`tools.mypy_plugin`) or a path (`tools/mypy_plugin.py`): the project file it is. */
export function pythonModuleFile(name: string): string | undefined {
  if (name.endsWith(".py")) return name.startsWith("/") || name.split("/").includes("..") ? undefined : relative(name);
  return /^[A-Za-z_][\w.]*$/.test(name) ? `${name.replaceAll(".", "/")}.py` : undefined;
}

/** The files named by key in the first known config, read as `reading`; a file's own path is checked as a project path. */
function namedFiles(get: FileLookup, configs: readonly string[], names: (content: string) => string[], reading: Reading): Loaded[] {
  for (const path of configs) {
    const content = knownText(path, get)?.content;
    if (content === undefined) continue;
    return names(content)
      .flatMap((name) => (name.startsWith("/") || name.split("/").includes("..") || /[$%{]/.test(name) ? [] : [{ path: relative(name), reading }]))
      .slice(0, MAX_CONFIG_NAMED_FILES);
  }
  return [];
}

/** The lines of a YAML (or NEON) list under `key:`, at any depth: `- item` lines indented below it. */
function yamlListUnder(content: string, key: string): string[] {
  const items: string[] = [];
  const lines = content.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const head = new RegExp(`^(\\s*)${key}\\s*:\\s*(.*)$`).exec(lines[index]!);
    if (!head) continue;
    const inline = head[2]!.replace(/\s+#.*$/, "").trim();
    if (inline.startsWith("[")) items.push(...listItems(inline));
    else if (inline !== "") items.push(unquoted(inline));
    const indent = head[1]!.length;
    for (let next = index + 1; next < lines.length; next++) {
      const item = /^(\s*)-\s*(.+?)\s*$/.exec(lines[next]!);
      if (lines[next]!.trim() === "") continue;
      if (!item || item[1]!.length < indent) break;
      items.push(unquoted(item[2]!.replace(/\s+#.*$/, "")));
    }
  }
  return items;
}

/** The program a config names by path, as a file to read (home paths absolute, project paths relative), or nothing. */
export function programFile(value: string, home: string): string | undefined {
  // A bare name (`colordiff`) is a program on the PATH, not a file of the project's.
  if (!value.includes("/")) return undefined;
  const line = programLine(value, home);
  return line === undefined ? undefined : line.startsWith("/") ? line : relative(line);
}

/**
 * A config file (in home or the project) whose keys name programs the tool runs: the config is read for the
 * names, and each program named is read as what it runs (`reading`), once the config is known.
 */
function namingConfig(
  configs: (command: SimpleCommand, home: string) => readonly string[],
  names: (content: string, home: string) => string[],
  reading: Reading,
): Pick<Row, "files" | "follow"> {
  return {
    files: (command, _words, home) => configs(command, home).map((path) => ({ path, reading: shellLines(() => []) })),
    follow: (get, command, home) =>
      configs(command, home)
        .flatMap((config) => {
          const content = knownText(config, get)?.content;
          return content === undefined ? [] : names(content, home).flatMap((name) => strings(programFile(name, home)));
        })
        .slice(0, MAX_CONFIG_NAMED_FILES)
        .map((path) => ({ path, reading })),
  };
}

// ─── environment managers ─────────────────────────────────────────────────

const MISE_FILES = ["mise.toml", ".mise.toml", "mise.local.toml", ".mise.local.toml", ".config/mise.toml", ".config/mise/config.toml", "mise/config.toml", ".mise/config.toml"];
const MISE_HOOKS = ["enter", "leave", "cd", "preinstall", "postinstall"];

/** mise's hooks (each a shell line, a list of them, or `{ script = … }`); its tasks are task-runners.ts's. */
function miseHooks(content: string): string[] {
  const hooks = record(parsedToml(content)?.hooks) ?? {};
  return MISE_HOOKS.flatMap((name) => {
    const hook = hooks[name];
    return [...strings(hook), ...strings(record(hook)?.script), ...(Array.isArray(hook) ? hook.flatMap((item) => strings(record(item)?.script)) : [])];
  });
}

/** devbox.json's init_hook (runs when its shell starts: `devbox shell`, `devbox run`), and `devbox run NAME`'s script. */
function devboxLines(content: string, script: string | undefined): string[] {
  const shell = record(parsedJson(content, true)?.shell);
  if (!shell) return [];
  const lines = strings(shell.init_hook);
  if (script !== undefined) lines.push(...strings(record(shell.scripts)?.[script]));
  return lines.length > 0 ? [lines.join("\n")] : [];
}

/** A nix file's `shellHook` (an indented `''…''` string or a `"…"` one): what the development shell runs when it starts. */
function shellHooks(content: string): string[] {
  const hooks: string[] = [];
  for (const match of content.matchAll(/\bshellHook\s*=\s*(?:''([\s\S]*?)''(?!')|"((?:[^"\\]|\\.)*)")/g)) {
    const text = match[1] !== undefined ? match[1].replace(/'''/g, "''").replace(/''\$/g, "$") : match[2]!.replace(/\\(.)/g, "$1");
    hooks.push(text);
  }
  return hooks;
}

/** pixi's activation scripts (run in the task's shell before every `pixi run` and `pixi shell`). */
function pixiActivation(content: string): string[] {
  const data = parsedToml(content);
  if (!data) return [];
  const roots = [data, record(record(data.tool)?.pixi)].filter((table): table is Record<string, unknown> => table !== undefined);
  const tables = roots.flatMap((root) => [
    record(root.activation),
    ...Object.values(record(root.target) ?? {}).map((target) => record(record(target)?.activation)),
    ...Object.values(record(root.feature) ?? {}).map((feature) => record(record(feature)?.activation)),
  ]);
  return tables.flatMap((table) => strings(table?.scripts)).filter((script) => !/\.(?:bat|cmd|ps1)$/i.test(script));
}

/** ansible's options naming a vault password file (its value after `=` or as the next word). */
const VAULT_OPTIONS = ["--vault-password-file", "--vault-pass-file"];

/** The conda installations in home whose environments a `-n NAME` names. */
const CONDA_ROOTS = ["miniconda3", "anaconda3", "miniforge3", "mambaforge", "micromamba", ".conda", "conda"];

// ─── the rows ─────────────────────────────────────────────────────────────

export const CONFIG_ROWS: readonly Row[] = [
  // ─── environment managers: hooks that run when an environment is entered ───
  {
    what: "mise config",
    programs: ["mise", "rtx"],
    wraps: true,
    when: SUB("install", "i", "use", "u", "exec", "x", "run", "r", "watch", "w", "shell", "activate", "hook-env", "env", "tasks"),
    files: () => MISE_FILES.map((path) => ({ path, reading: shellLines(miseHooks) })),
  },
  {
    what: "devbox.json",
    programs: ["devbox"],
    when: SUB("run", "shell", "services"),
    wraps: true,
    files: (command, words) => {
      const dir = optionValue(command.args, ["-c", "--config"], ["--config"]);
      const path = dir === undefined ? "devbox.json" : dir.endsWith(".json") ? relative(dir) : inDir(relative(dir), "devbox.json");
      return [{ path, reading: shellLines((content) => devboxLines(content, words[0] === "run" ? words[1] : undefined)) }];
    },
  },
  {
    what: "nix-shell shellHook",
    programs: ["nix-shell"],
    wraps: true,
    when: (command) => !command.args.includes("-p") && !command.args.includes("--packages"),
    files: (_command, words) => {
      const named = words.find((word) => word.endsWith(".nix"));
      return (named ? [relative(named)] : ["shell.nix", "default.nix"]).map((path) => ({ path, reading: shellLines(shellHooks) }));
    },
  },
  {
    what: "nix develop shellHook",
    programs: ["nix"],
    when: SUB("develop"),
    wraps: true,
    files: (command) => {
      // The flake is the operand before `-c`/`--command` (whose words are the command the shell runs).
      const end = command.args.findIndex((arg) => arg === "-c" || arg === "--command");
      const flake = (end < 0 ? command.args : command.args.slice(0, end)).filter((arg) => !arg.startsWith("-"))[1]?.replace(/#.*$/, "");
      const dir = flake === undefined || flake === "" || flake === "." ? "." : /^\.{0,2}\//.test(flake) && !flake.split("/").includes("..") ? relative(flake) : undefined;
      return dir === undefined ? [] : [{ path: inDir(dir, "flake.nix"), reading: shellLines(shellHooks) }];
    },
  },
  {
    what: "nix post-build-hook",
    programs: ["nix", "nix-build", "nix-shell", "nix-env", "nixos-rebuild", "home-manager"],
    when: (command, words) => command.name !== "nix" || ["build", "develop", "run", "shell", "profile", "flake"].includes(words[0] ?? ""),
    ...namingConfig(
      (_command, home) => [`${home}/.config/nix/nix.conf`],
      (content) => [...content.matchAll(/^\s*post-build-hook\s*=\s*(\S+)\s*$/gm)].map((match) => match[1]!),
      PROGRAM,
    ),
  },
  {
    what: "pixi activation",
    programs: ["pixi"],
    when: SUB("run", "r", "shell", "s", "exec", "x"),
    wraps: true,
    files: () => ["pixi.toml", "pyproject.toml"].map((path) => ({ path, reading: shellLines(() => []) })),
    follow: (get) =>
      ["pixi.toml", "pyproject.toml"].flatMap((config) => {
        const content = knownText(config, get)?.content;
        return content === undefined ? [] : namedFiles(get, [config], pixiActivation, SH);
      }),
  },
  {
    what: "conda activate.d",
    programs: ["conda", "mamba", "micromamba"],
    when: SUB("run", "activate"),
    wraps: true,
    files: (command, _words, home) => {
      const name =
        optionValue(command.args, ["-n", "--name"], ["--name"]) ??
        (command.args[0] === "activate" ? command.args.find((arg, index) => index > 0 && !arg.startsWith("-")) : undefined);
      if (name === undefined || !/^[\w.-]+$/.test(name)) return [];
      return CONDA_ROOTS.map((root) => ({ path: `${home}/${root}/envs/${name}/etc/conda/activate.d/*.sh`, reading: SH }));
    },
  },
  // ─── linters and type checkers: plugins and hooks they import ───
  {
    what: "pylint init-hook",
    programs: ["pylint", "pylint-config"],
    files: (command) => {
      const named = optionValue(command.args, ["--rcfile"], ["--rcfile"]);
      const reading: Reading = {
        kind: "embedded",
        language: "python",
        extract: (content) => iniValues(content, /^(?:MAIN|MASTER|tool\.pylint\.(?:main|master)|pylint\.(?:main|master))$/i, "init-hook").join("\n"),
      };
      return (named ? [relative(named)] : [".pylintrc", "pylintrc", "pyproject.toml", "setup.cfg", "tox.ini"]).map((path) => ({ path, reading }));
    },
    follow: (get, command) =>
      namedFiles(
        get,
        optionValue(command.args, ["--rcfile"], ["--rcfile"])
          ? [relative(optionValue(command.args, ["--rcfile"], ["--rcfile"])!)]
          : [".pylintrc", "pylintrc", "pyproject.toml", "setup.cfg"],
        (content) =>
          iniValues(content, /^(?:MAIN|MASTER|tool\.pylint\.(?:main|master)|pylint\.(?:main|master))$/i, "load-plugins")
            .flatMap(listItems)
            .flatMap((name) => strings(pythonModuleFile(name))),
        PYTHON,
      ),
  },
  {
    what: "mypy plugins",
    programs: ["mypy", "dmypy", "stubtest"],
    files: (command) => mypyConfigs(command).map((path) => ({ path, reading: shellLines(() => []) })),
    follow: (get, command) =>
      namedFiles(
        get,
        mypyConfigs(command),
        (content) => [...iniValues(content, /^(?:mypy|tool\.mypy)$/, "plugins")].flatMap(listItems).flatMap((name) => strings(pythonModuleFile(name.replace(/:\w+$/, "")))),
        PYTHON,
      ),
  },
  {
    what: "rubocop require",
    programs: ["rubocop"],
    files: (command) => [{ path: rubocopConfig(command), reading: shellLines(() => []) }],
    follow: (get, command) =>
      namedFiles(
        get,
        [rubocopConfig(command)],
        (content) => [...yamlListUnder(content, "require"), ...yamlListUnder(content, "plugins")].filter((name) => name.startsWith("./") || name.endsWith(".rb")),
        RUBY,
      ),
  },
  {
    what: "phpstan bootstrap",
    programs: ["phpstan", "phpstan.phar"],
    files: (command) => phpstanConfigs(command).map((path) => ({ path, reading: shellLines(() => []) })),
    follow: (get, command) =>
      namedFiles(
        get,
        phpstanConfigs(command),
        (content) => [...yamlListUnder(content, "bootstrapFiles"), ...yamlListUnder(content, "bootstrap")].map((name) => name.replace(/^%currentWorkingDirectory%\//, "")),
        PHP,
      ),
  },
  {
    what: "PHP tool config",
    programs: ["php-cs-fixer", "rector", "ecs", "psalm", "phpunit"],
    files: (command) => {
      const named = optionValue(command.args, ["-c", "--config"], ["--config"]);
      if (named !== undefined) return named.endsWith(".php") ? [{ path: relative(named), reading: PHP }] : [];
      const files: Readonly<Record<string, readonly string[]>> = {
        "php-cs-fixer": [".php-cs-fixer.php", ".php-cs-fixer.dist.php", ".php_cs", ".php_cs.dist"],
        rector: ["rector.php"],
        ecs: ["ecs.php"],
      };
      return (files[command.name] ?? []).map((path) => ({ path, reading: PHP }));
    },
  },
  // ─── site generators, component workshops and contract toolchains: their config is code ───
  {
    what: "storybook main",
    programs: ["storybook", "build-storybook", "start-storybook", "sb"],
    when: (command, words) => (command.name !== "storybook" && command.name !== "sb" ? true : ["build", "dev", "start", "test"].includes(words[0] ?? "")),
    files: (command) => {
      const dir = optionValue(command.args, ["-c", "--config-dir"], ["--config-dir"]) ?? ".storybook";
      return [{ path: inDir(relative(dir), `main.${JS}`), reading: NODE }];
    },
  },
  {
    what: "gatsby config",
    programs: ["gatsby"],
    when: SUB("build", "develop", "serve", "clean"),
    files: () => ["gatsby-config", "gatsby-node"].map((name) => ({ path: `${name}.${JS}`, reading: NODE })),
  },
  {
    what: "eleventy config",
    programs: ["eleventy", "@11ty/eleventy"],
    files: (command) => {
      const named = optionValue(command.args, ["--config"], ["--config"]);
      return (named ? [relative(named)] : [".eleventy.js", `eleventy.config.${JS}`]).map((path) => ({ path, reading: NODE }));
    },
  },
  {
    what: "hardhat config",
    programs: ["hardhat", "truffle"],
    files: (command) => {
      const named = optionValue(command.args, ["--config"], ["--config"]);
      if (named) return [{ path: relative(named), reading: NODE }];
      return command.name === "hardhat" ? [{ path: `hardhat.config.${JS}`, reading: NODE }] : ["truffle-config.js", "truffle.js"].map((path) => ({ path, reading: NODE }));
    },
  },
  {
    what: "docusaurus config",
    programs: ["docusaurus"],
    when: SUB("build", "start", "serve", "deploy"),
    files: () => [{ path: `docusaurus.config.${JS}`, reading: NODE }],
  },
  // ─── build systems: a program a flag names ───
  {
    what: "bazel workspace status",
    programs: ["bazel", "bazelisk"],
    when: SUB("build", "test", "run", "coverage", "query", "cquery", "aquery", "fetch", "sync", "mobile-install", "info"),
    ...namingConfig(
      (command, home) => [".bazelrc", "user.bazelrc", `${home}/.bazelrc`, ...command.args.flatMap((arg) => strings(/^--bazelrc=(.+)$/.exec(arg)?.[1])).map(relative)],
      bazelStatusPrograms,
      { kind: "program", outputTaken: true },
    ),
  },
  {
    what: "bazel wrapper",
    programs: ["bazel", "bazelisk"],
    // bazelisk runs the project's tools/bazel in bazel's place, when there is one.
    files: () => [{ path: "tools/bazel", reading: PROGRAM }],
  },
  {
    what: "ansible vault password script",
    programs: ["ansible-playbook", "ansible", "ansible-vault", "ansible-pull", "ansible-console", "ansible-inventory"],
    // A vault password file that is a program prints the password for ansible to read: it runs, its output is ansible's.
    ...namingConfig(
      (command, home) => (optionValue(command.args, VAULT_OPTIONS, VAULT_OPTIONS) ? [] : ["ansible.cfg", `${home}/.ansible.cfg`]),
      (content) => iniValues(content, /^defaults$/, "vault_password_file").slice(0, 1),
      { kind: "program", shebangOnly: true, outputTaken: true },
    ),
  },
  {
    what: "ansible vault password script",
    programs: ["ansible-playbook", "ansible", "ansible-vault", "ansible-pull", "ansible-console", "ansible-inventory"],
    when: (command) => optionValue(command.args, VAULT_OPTIONS, VAULT_OPTIONS) !== undefined,
    files: (command, _words, home) => {
      const file = programFile(optionValue(command.args, VAULT_OPTIONS, VAULT_OPTIONS)!, home);
      return file === undefined ? [] : [{ path: file, reading: { kind: "program", shebangOnly: true, outputTaken: true } }];
    },
  },
  // ─── the user's own home configs that name a program ───
  {
    what: "gh alias",
    programs: ["gh"],
    when: (_command, words) => words[0] !== undefined && /^[\w-]+$/.test(words[0]),
    files: (command, words, home) => [
      { path: `${home}/.config/gh/config.yml`, reading: shellLines((content) => ghAliasLines(content, words[0]!, command.args.slice(command.args.indexOf(words[0]!) + 1))) },
    ],
  },
  {
    what: "gpg-agent pinentry",
    programs: ["gpg", "gpg2", "git"],
    when: (command, words) =>
      command.name === "git"
        ? (words[0] === "commit" && command.args.some((arg) => /^(?:-S|--gpg-sign)/.test(arg))) ||
          (words[0] === "tag" && command.args.some((arg) => /^(?:-s|--sign|-u)$/.test(arg)))
        : command.args.some((arg) =>
            /^(?:-s|--sign|-d|--decrypt|--clearsign|--clear-sign|-b|--detach-sign|--export-secret-keys|--card-edit|--gen-key|--full-generate-key)$/.test(arg),
          ),
    ...namingConfig((_command, home) => [`${home}/.gnupg/gpg-agent.conf`], pinentryPrograms, { kind: "program", outputTaken: true }),
  },
  {
    what: "svn diff-cmd",
    programs: ["svn"],
    when: SUB("diff", "di", "log", "blame"),
    ...namingConfig(
      (command, home) => (command.args.some((arg) => arg.startsWith("--diff-cmd") || arg.startsWith("--internal-diff")) ? [] : [`${home}/.subversion/config`]),
      (content) => iniValues(content, /^helpers$/, "diff-cmd"),
      PROGRAM,
    ),
  },
  // ─── configs whose values are commands, init scripts, exec plugins ───
  {
    what: "lint-staged tasks",
    programs: ["lint-staged"],
    // Each staged file's glob runs its commands: strings, lists, or (a JavaScript config) functions returning them.
    files: (command) => {
      const named = optionValue(command.args, ["-c", "--config"], ["--config"]);
      if (named !== undefined) return [{ path: relative(named), reading: lintStagedReading(named) }];
      return [".lintstagedrc", ".lintstagedrc.json", ".lintstagedrc.yaml", ".lintstagedrc.yml", `.lintstagedrc.${JS}`, `lint-staged.config.${JS}`, "package.json"].map((path) => ({
        path,
        reading: lintStagedReading(path),
      }));
    },
  },
  {
    what: "gradle init scripts",
    programs: ["gradle", "gradlew", "gradlew.bat"],
    // Gradle runs the user's init scripts (~/.gradle/init.gradle, ~/.gradle/init.d/*) and any --init-script before
    // every build: Groovy or Kotlin whose process calls run with the build.
    files: (command, _words, home) => [
      ...["init.gradle", "init.d/*.gradle"].map((path) => ({ path: `${home}/.gradle/${path}`, reading: { kind: "code" as const, language: "groovy" } })),
      ...["init.gradle.kts", "init.d/*.gradle.kts"].map((path) => ({ path: `${home}/.gradle/${path}`, reading: { kind: "code" as const, language: "kotlin" } })),
      ...command.args
        .flatMap((arg, index) => (arg === "-I" || arg === "--init-script" ? strings(command.args[index + 1]) : arg.startsWith("--init-script=") ? [arg.slice(14)] : []))
        .map((path) => ({ path: relative(path), reading: { kind: "code" as const, language: path.endsWith(".kts") ? "kotlin" : "groovy" } })),
    ],
  },
  {
    what: "kustomize exec functions",
    programs: ["kustomize", "kubectl", "oc"],
    // With --enable-exec (alpha plugins on), a generator, transformer or validator whose function annotation names an
    // exec path runs that program, relative to the kustomization's directory.
    when: (command, words) =>
      command.args.includes("--enable-exec") &&
      (command.name === "kustomize" ? words[0] === "build" : words[0] === "kustomize" || command.args.some((arg) => arg === "-k" || arg.startsWith("--kustomize"))),
    files: (command, words) => kustomizeDirs(command, words).map((dir) => ({ path: inDir(dir, "kustomization.yaml"), reading: shellLines(() => []) })),
    follow: (get, command) => {
      const dirs = kustomizeDirs(command, operandsOf(command.args, new Set(["-k", "--kustomize", "-o", "--output", "-f", "--filename"])));
      return dirs.flatMap((dir) => {
        const kustomization = knownText(inDir(dir, "kustomization.yaml"), get)?.content ?? "";
        // The function configs are asked for first (read for nothing themselves), then the programs they name.
        const configs = kustomizePluginFiles(kustomization)
          .slice(0, MAX_CONFIG_NAMED_FILES)
          .map((file) => inDir(dir, relative(file)));
        const programs = configs
          .flatMap((config) => kustomizeExecPaths(knownText(config, get)?.content ?? ""))
          .flatMap((program) => strings(programFile(program.includes("/") ? program : `./${program}`, "")))
          .map((program) => ({ path: inDir(dir, program), reading: PROGRAM }));
        return [...configs.map((path) => ({ path, reading: shellLines(() => []) })), ...programs];
      });
    },
  },
];

/** The directories a kustomize build (or `kubectl kustomize DIR`, `-k DIR`) reads, inside the project. */
function kustomizeDirs(command: SimpleCommand, words: readonly string[]): string[] {
  const named = command.name === "kustomize" || words[0] === "kustomize" ? words[1] : optionValue(command.args, ["-k"], ["--kustomize"]);
  const dir = named === undefined ? "." : relative(named);
  return dir.startsWith("/") || dir.split("/").includes("..") || dir.includes("://") ? [] : [dir];
}

/** A lint-staged config's reading, by its format. */
function lintStagedReading(path: string): Reading {
  const format = path.endsWith("package.json") ? "package.json" : /\.[cm]?[jt]s$|\}$/.test(path) ? "js" : /\.ya?ml$/.test(path) || path.endsWith(".lintstagedrc") ? "yaml" : "json";
  return shellLines((content) => lintStagedCommands(content, format));
}

function mypyConfigs(command: SimpleCommand): string[] {
  const named = optionValue(command.args, ["--config-file"], ["--config-file"]);
  return named ? [relative(named)] : ["mypy.ini", ".mypy.ini", "pyproject.toml", "setup.cfg"];
}

function rubocopConfig(command: SimpleCommand): string {
  const named = optionValue(command.args, ["-c", "--config"], ["--config"]);
  return named ? relative(named) : ".rubocop.yml";
}

function phpstanConfigs(command: SimpleCommand): string[] {
  const named = optionValue(command.args, ["-c", "--configuration"], ["--configuration"]);
  return named ? [relative(named)] : ["phpstan.neon", "phpstan.neon.dist", "phpstan.dist.neon"];
}

/** `--workspace_status_command=PATH` (or `… PATH`) on any line of a bazelrc: the program bazel runs to stamp a build. */
function bazelStatusPrograms(content: string): string[] {
  return [...content.matchAll(/--workspace_status_command(?:=|\s+)(\S+)/g)].map((match) => unquoted(match[1]!));
}

/** gh's alias for `name`: `!…` is a shell line (given the rest of the command line), else it expands to a gh command. */
function ghAliasLines(content: string, name: string, rest: readonly string[]): string[] {
  const data = record(parseYaml(content));
  const aliases = record(data?.aliases);
  const expansion = aliases ? aliases[name] : looseAlias(content, name);
  // The programs gh starts itself (a pager for its output, an editor, a browser): their command lines.
  const programs = ["pager", "editor", "browser"].flatMap((key) => strings(data?.[key])).filter((line) => line.trim() !== "");
  if (typeof expansion !== "string") return programs;
  if (expansion.startsWith("!")) return [expansion.slice(1), ...programs];
  return [["gh", expansion, ...rest.map(shellWord)].join(" "), ...programs];
}

/**
 * An alias line read without a YAML parser, for a file the parser refuses (quotes inside quotes, as people write
 * them): gh's own reader may refuse it too, but judging what it would run costs nothing and misses nothing.
 */
function looseAlias(content: string, name: string): string | undefined {
  const block = /^aliases:\s*\n((?:[ \t]+.*(?:\n|$))*)/m.exec(content)?.[1] ?? "";
  const line = new RegExp(`^[ \\t]+${name}:\\s*(.*)$`, "m").exec(block)?.[1]?.trim();
  if (line === undefined) return undefined;
  return /^(["']).*\1$/.test(line) ? line.slice(1, -1) : line;
}

/** Where installed programs live, written by the system's or a package manager's installer, not by a shell of the user's. */
const INSTALLED_PROGRAM = /^\/(?:usr\/(?:local\/)?(?:s?bin|lib(?:exec)?|MacGPG2)|s?bin|opt\/homebrew|nix\/store|run\/current-system|Applications)\//;

/**
 * The agent's helper programs (pinentry, scdaemon) unless installed (/usr/bin/pinentry-curses is the system's
 * program): a script the user (or an agent) made — in home, /tmp, the project — runs at every signature.
 */
function pinentryPrograms(content: string, home: string): string[] {
  return [...content.matchAll(/^\s*(?:pinentry|scdaemon)-program\s+(\S+)\s*$/gm)]
    .map((match) => match[1]!.replace(/^~(?=\/)/, home))
    .filter((path) => !INSTALLED_PROGRAM.test(path) || path.split("/").includes(".."));
}
