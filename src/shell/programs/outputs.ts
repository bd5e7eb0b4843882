// What programs print, where a command uses it (`$(…)`, `eval "$(…)"`,
// `source <(…)`): which and `command -v` name a program, mktemp a new
// temporary path, and the tools people set their shell up with print code
// that only sets variables and defines functions. A program's argument
// grammar lives in the table of its kind; what it prints is added here, onto
// whatever those tables say (table.ts), so this knowledge stays in one place.
import type { ProgramSpec } from "./spec.ts";

type Output = NonNullable<ProgramSpec["output"]>;

const LOCATE: ProgramSpec = {
  options: {
    "-b": "flag",
    "--basename": "flag",
    "-i": "flag",
    "--ignore-case": "flag",
    "-e": "flag",
    "--existing": "flag",
    "-0": "flag",
    "--null": "flag",
    "-A": "flag",
    "--all": "flag",
    "-c": "flag",
    "--count": "flag",
    "-r": "value",
    "--regex": "flag",
    "--regexp": "value",
    "-l": "value",
    "-n": "value",
    "--limit": "value",
    "-d": "read",
    "--database": "read",
  },
  operands: ["value"],
  output: "located-paths",
};

/** Programs no other table describes, whose output is the point. */
export const OUTPUT_PROGRAMS: Readonly<Record<string, ProgramSpec>> = {
  // GNU: -p DIR / --tmpdir[=DIR] put the template in DIR, -t in $TMPDIR; BSD: -t PREFIX in $TMPDIR.
  mktemp: {
    options: {
      "-d": "flag",
      "--directory": "flag",
      "-u": "flag",
      "--dry-run": "flag",
      "-q": "flag",
      "--quiet": "flag",
      "-t": "flag",
      "-p": "path",
      "--tmpdir": "flag",
      "--suffix": "value",
    },
    operands: ["value"],
    output: "temp-path",
  },
  // zsh: `whence -p name`, `where name` print the program's path.
  whence: {
    options: { "-p": "flag", "-a": "flag", "-c": "flag", "-v": "flag", "-w": "flag", "-m": "flag", "-s": "flag", "-S": "flag", "-x": "value" },
    operands: ["value"],
    output: { "-p": "program-path" },
  },
  where: { operands: ["value"], output: "program-path" },
  // locate and its kin print every path in the system's file-name database that holds the pattern: from every
  // user's home and hidden directories too (`locate .git-credentials | xargs cat` reads what it found).
  ...Object.fromEntries(["locate", "plocate", "mlocate", "slocate"].map((name) => [name, LOCATE])),
  // keychain KEY…: loads keys (by name) into the agent; --eval prints the variables that find it.
  keychain: {
    options: {
      "--eval": "flag",
      "--agents": "value",
      "--timeout": "value",
      "--inherit": "value",
      "--dir": "path",
      "--host": "value",
      "--attempts": "value",
      "--lockwait": "value",
    },
    operands: ["value"],
    output: { "--eval": "shell-setup" },
  },
};

/**
 * `program [subcommand …]` → what it prints. A level the other tables lack is added (a program with operands
 * it reads, a subcommand with plain values), so `brew install x` reads as before.
 */
export const PROGRAM_OUTPUTS: ReadonlyArray<readonly [string, Output]> = [
  // The path of a program.
  ["which", "program-path"],
  ["command", { "-v": "program-path" }],
  ["type", { "-P": "program-path", "-p": "program-path" }],
  ["hash", { "-t": "program-path" }],
  // The working tree's own paths, relative to where git runs (`git ls-files --others | grep '^tmp/' | xargs rm`).
  ["git ls-files", "tree-paths"],
  ["git diff", { "--name-only": "tree-paths" }],
  // Agents and keychains: the variables that find them.
  ["ssh-agent", "shell-setup"],
  ["docker-machine env", "shell-setup"],
  ["minikube docker-env", "shell-setup"],
  ["minikube podman-env", "shell-setup"],
  // Credentials loaded into the shell's environment, not shown: 1Password's session, AWS's exported keys.
  ["op signin", "shell-setup"],
  ["aws configure export-credentials", "shell-setup"],
  // Version managers and environments.
  ...["pyenv", "rbenv", "nodenv", "goenv", "jenv", "plenv", "phpenv", "swiftenv", "tfenv"].map((tool) => [`${tool} init`, "shell-setup"] as const),
  ["pyenv virtualenv-init", "shell-setup"],
  ["fnm env", "shell-setup"],
  ["mise activate", "shell-setup"],
  ["mise env", "shell-setup"],
  ["rtx activate", "shell-setup"],
  ["direnv hook", "shell-setup"],
  ["direnv export", "shell-setup"],
  ["brew shellenv", "shell-setup"],
  ...["bash", "zsh", "fish", "posix", "xonsh", "powershell"].map((shell) => [`conda shell.${shell} hook`, "shell-setup"] as const),
  ["micromamba shell hook", "shell-setup"],
  ["opam env", "shell-setup"],
  ["opam config env", "shell-setup"],
  ["luarocks path", "shell-setup"],
  ["devbox shellenv", "shell-setup"],
  ["devbox global shellenv", "shell-setup"],
  // Prompts, history and navigation.
  ["starship init", "shell-setup"],
  ["zoxide init", "shell-setup"],
  ["atuin init", "shell-setup"],
  ["mcfly init", "shell-setup"],
  ["oh-my-posh init", "shell-setup"],
  ["navi widget", "shell-setup"],
  ["thefuck", { "--alias": "shell-setup" }],
  ["fzf", { "--bash": "shell-setup", "--zsh": "shell-setup", "--fish": "shell-setup" }],
  ["dircolors", "shell-setup"],
  ["hub alias", "shell-setup"],
  // Completions.
  ...[
    "kubectl",
    "oc",
    "helm",
    "gh",
    "minikube",
    "kind",
    "k3d",
    "docker",
    "podman",
    "flux",
    "argocd",
    "istioctl",
    "eksctl",
    "velero",
    "skaffold",
    "kustomize",
    "tilt",
    "hugo",
    "golangci-lint",
    "npm",
    "pnpm",
    "pip",
    "glab",
    "doctl",
    "linkerd",
    "cilium",
    "crane",
    "cosign",
    "rclone",
  ].map((tool) => [`${tool} completion`, "shell-setup"] as const),
  ...["rustup", "poetry", "deno", "fnm", "pipx", "just", "volta"].map((tool) => [`${tool} completions`, "shell-setup"] as const),
  ["uv generate-shell-completion", "shell-setup"],
  ["register-python-argcomplete", "shell-setup"],
];

/**
 * Calls that print one word — or nothing when they fail — and what the word is made of:
 * - `digits`: a number (`id -u`, `nproc`);
 * - `name`: a user or group name, a letter or `_` then letters, digits and `._-` (`whoami`, `id -un`);
 * - `machine`: letters, digits and `_` (`uname -m`: x86_64, arm64);
 * - `revision`: a commit's hash, or the REF word echoed back when it names no revision (`git rev-parse HEAD`);
 * - `date`: what the +FORMAT's conversions print, digits with the format's own letters and `-:+`.
 * Exactly these words after the name; USER stands for a plain user name, REF for a revision without a slash
 * (`HEAD`, `main`, `HEAD~2`), +FORMAT for a date format of such conversions (`+%s`, `+%F`, `+%Y%m%d-%H%M%S`).
 * Any other call (another option, `--help`) prints something else and stays unknown. So
 * `rm -rf "build-$(date +%s)"` deletes some `build-` and digits in the project, not anything at all.
 */
export type PrintedWord = "digits" | "name" | "machine" | "revision" | "date";

export const WORD_PRINTERS: ReadonlyArray<{ argv: readonly [string, ...string[]]; prints: PrintedWord }> = [
  { argv: ["whoami"], prints: "name" },
  { argv: ["logname"], prints: "name" },
  { argv: ["nproc"], prints: "digits" },
  { argv: ["nproc", "--all"], prints: "digits" },
  { argv: ["arch"], prints: "machine" },
  ...["-m", "-p"].map((option) => ({ argv: ["uname", option] as const, prints: "machine" as const })),
  ...["-u", "-g", "-ur", "-gr"].flatMap((option) => [
    { argv: ["id", option] as const, prints: "digits" as const },
    { argv: ["id", option, "USER"] as const, prints: "digits" as const },
  ]),
  ...["-un", "-gn"].flatMap((option) => [
    { argv: ["id", option] as const, prints: "name" as const },
    { argv: ["id", option, "USER"] as const, prints: "name" as const },
  ]),
  ...[[], ["-u"], ["--utc"]].map((options) => ({ argv: ["date", ...options, "+FORMAT"] as const, prints: "date" as const })),
  ...[[], ["--short"], ["--verify"], ["--short", "--verify"], ["--verify", "--short"]].map((options) => ({
    argv: ["git", "rev-parse", ...options, "REF"] as const,
    prints: "revision" as const,
  })),
];
