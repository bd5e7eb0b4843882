// Build, task and dev tools that run what a project file says, one row each:
// the program (and the subcommands that run something), the files it obeys,
// and how those files become what runs — a Python or JavaScript file judged
// whole, the string literals handed to a call that runs a shell command
// (Tilt's `local("…")`, Fabric's `c.run("…")`, a Bazel genrule's `cmd`), or
// the shell lines under a key of a data file (a GitLab job's `script`, a
// workflow step's `run`, a Procfile line). The formats with no reader of
// their own elsewhere are read in carrier-formats.ts.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { argvText, bazelText, earthfileLines, gitlabJobLines, packerShellLocal, poeTaskLines, procfileLines, shellCalls, workflowRunLines } from "./carrier-formats.ts";
import { optionValue, type ProjectRun, type Snippet, shellWord as shellQuote } from "./snippet.ts";
import { listedRun } from "./test-runners.ts";
import { literals } from "./task-runners.ts";
import { parseYaml, record, records } from "./yaml-data.ts";
import { clojureShellForms } from "../languages/clojure-calls.ts";
import { parse as parseToml } from "smol-toml";
import { MAX_BUILD_CARRIER_TASKS } from "../../limits.ts";

/** The invocation a file is read for: its arguments, and the operands among them. */
type Invocation = { args: readonly string[]; words: readonly string[] };

type Read = (path: string, content: string, via: string, invocation: Invocation) => Snippet[];

type Carrier = {
  /** Program names (as the view spells them, wrappers like npx and bundle exec taken off). */
  programs: readonly string[];
  /** Whether these words (the operands) load the files; absent: any invocation but help and version does. */
  loads?: (words: readonly string[]) => boolean;
  /** The files it obeys, from its arguments: paths, or listing globs (a `*` in them). */
  files: (args: readonly string[], words: readonly string[]) => readonly string[];
  read: Read;
};

/** Options whose value is the next word, by program (so that it is not taken for a task name). */
const VALUE_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  fab: new Set(["-f", "--fabfile", "-H", "--hosts", "-i", "-S", "--ssh-config", "-c", "--collection", "-r", "--search-root"]),
  doit: new Set(["-f", "--file", "-d", "--dir", "--db-file", "--backend", "-n", "--process", "-P", "--parallel-type", "--reporter", "-o", "--output-file"]),
  "sphinx-build": new Set([
    "-b",
    "-M",
    "-d",
    "-j",
    "-c",
    "-D",
    "-A",
    "-t",
    "-w",
    "--builder",
    "--doctree-dir",
    "--jobs",
    "--conf-dir",
    "--define",
    "--html-define",
    "--tag",
    "--warning-file",
  ]),
  tilt: new Set(["-f", "--file", "--port", "--host", "--context", "--namespace", "--timeout"]),
  earthly: new Set(["--platform", "--secret", "-s", "--build-arg", "--config", "--artifact", "-a", "--image", "--remote-cache", "--buildkit-image"]),
  packer: new Set(["-var", "-var-file", "-only", "-except", "-on-error", "-parallel-builds"]),
  act: new Set([
    "-j",
    "--job",
    "-W",
    "--workflows",
    "-P",
    "--platform",
    "-e",
    "--eventpath",
    "-s",
    "--secret",
    "--secret-file",
    "--var",
    "--var-file",
    "--env",
    "--env-file",
    "-C",
    "--directory",
    "--container-architecture",
    "--artifact-server-path",
  ]),
  poe: new Set(["-C", "--directory", "--root", "-e", "--executor"]),
  bb: new Set(["--config", "--deps-root", "-cp", "--classpath", "-m", "--main", "-e", "--eval", "-f", "--file"]),
  zig: new Set(["--build-file", "-p", "--prefix", "--cache-dir", "--global-cache-dir", "--zig-lib-dir", "-j"]),
  sbt: new Set(["-J", "--java-home", "--sbt-version", "-D"]),
  jake: new Set(["-f", "--jakefile", "-C", "--directory", "-r", "--require"]),
  fastlane: new Set(["--env", "-e"]),
  mkdocs: new Set(["-f", "--config-file", "-a", "--dev-addr", "-d", "--site-dir", "-t", "--theme", "-r", "--remote-branch", "-m", "--message"]),
};

/** The operands (words that are neither options nor their values). */
function wordsOf(command: SimpleCommand): string[] {
  const takesValue = VALUE_OPTIONS[command.name] ?? new Set<string>();
  const words: string[] = [];
  for (let index = 0; index < command.args.length; index++) {
    const arg = command.args[index]!;
    if (takesValue.has(arg)) index++;
    else if (!arg.startsWith("-")) words.push(arg);
  }
  return words;
}

/** Asking for help, the version or a listing: no tool here runs its tasks for that. */
const HELP = /^(?:-h|--help|-V|--version|-v|help|version|--list|-l|completion)$/;

/** A named file (`-f x`) stripped of `./`, or the defaults. */
const named = (args: readonly string[], short: string[], long: string[], defaults: readonly string[]) => {
  // A long option takes its value after `=` or as the next word (`--config x`).
  const file = optionValue(args, [...short, ...long], long);
  return file !== undefined && !file.includes("$") ? [file.replace(/^\.\//, "")] : defaults;
};

const inDirOf = (dir: string | undefined, name: string) => (dir === undefined || dir === "." || dir === "./" ? name : `${dir.replace(/^\.\//, "").replace(/\/+$/, "")}/${name}`);

// ─── Readers shared by the rows ───────────────────────────────────────────

/** The whole file run with an interpreter, and the shell text its calls hand on. */
const code =
  (interpreter: string, calls?: RegExp): Read =>
  (path, content, via) => [{ kind: "file", path, interpreter, via }, ...(calls ? shellCalls(content, calls, via) : [])];

const lines =
  (extract: (content: string, invocation: Invocation) => string[]): Read =>
  (_path, content, via, invocation) =>
    extract(content, invocation).map((text): Snippet => ({ kind: "shell", text, via }));

// ─── The table ────────────────────────────────────────────────────────────

const CARRIERS: readonly Carrier[] = [
  // Fabric imports fabfile.py (the whole module runs) and runs the task's c.run / c.local / c.sudo lines.
  {
    programs: ["fab", "fab2"],
    files: (args) => named(args, ["-f"], ["--fabfile"], ["fabfile.py", "fabfile/__init__.py"]),
    read: code("python3", /(?:^|[^\w])(?:run|sudo|local)\s*\(/g),
  },
  // doit imports dodo.py and runs its tasks' actions: a string is a shell command, a list of strings an argv.
  {
    programs: ["doit"],
    loads: (words) => words[0] !== "tabcompletion",
    files: (args) => named(args, ["-f"], ["--file"], ["dodo.py"]),
    // Every subcommand imports dodo.py; only running tasks (the default, `run`, a task name, `clean`) runs actions.
    read: (path, content, via, { words }) => [
      { kind: "file", path, interpreter: "python3", via },
      ...(["list", "info", "ignore", "forget", "dumpdb", "strace", "reset-dep"].includes(words[0] ?? "") ? [] : doitActions(content, via)),
    ],
  },
  // sphinx-build executes the source directory's conf.py (or the one in -c DIR).
  {
    programs: ["sphinx-build", "sphinx-autobuild"],
    files: (args, words) => {
      const dir = optionValue(args, ["-c"], ["--conf-dir"]) ?? words[0];
      return dir === undefined ? [] : [inDirOf(dir, "conf.py")];
    },
    read: code("python3"),
  },
  // MkDocs imports the hooks mkdocs.yml lists (Python files) for build, serve and gh-deploy.
  {
    programs: ["mkdocs"],
    loads: (words) => ["build", "serve", "gh-deploy"].includes(words[0] ?? ""),
    files: (args) => named(args, ["-f"], ["--config-file"], ["mkdocs.yml", "mkdocs.yaml"]),
    read: (path, content, via) => mkdocsHooks(path, content).map((hook): Snippet => ({ kind: "file", path: hook, interpreter: "python3", via })),
  },
  // Tilt executes the Tiltfile (Starlark) at up, ci and down: local() runs at once, local_resource's cmd and serve_cmd soon after.
  {
    programs: ["tilt"],
    loads: (words) => ["up", "ci", "down", "args", "trigger"].includes(words[0] ?? ""),
    files: (args) => named(args, ["-f"], ["--file"], ["Tiltfile"]),
    read: (_path, content, via) => [
      ...shellCalls(content, /\blocal\s*\(\s*(?:command\s*=\s*)?/g, via),
      ...shellCalls(content, /\b(?:serve_)?cmd\s*=\s*/g, via),
      ...shellCalls(content, /\blocal_resource\s*\(\s*(?:"[^"]*"|'[^']*')\s*,\s*/g, via),
    ],
  },
  // Bazel and Buck2 run a genrule's cmd (bash) when a build needs its outputs.
  {
    programs: ["bazel", "bazelisk", "buck2", "buck"],
    loads: (words) => ["build", "run", "test", "coverage", "b", "r", "t"].includes(words[0] ?? ""),
    files: (_args, words) => bazelPackages(words.slice(1)),
    read: (path, content, via, { words }) => [
      ...shellCalls(content, /\b(?:cmd|cmd_bash|bash)\s*=\s*/g, via).map((snippet) => (snippet.kind === "shell" ? { ...snippet, text: bazelText(snippet.text) } : snippet)),
      ...(words[0] === "run" || words[0] === "r" ? shBinaries(path, content, via) : []),
    ],
  },
  // Earthly runs a LOCALLY target's RUN lines on this machine (the others run in a container).
  {
    programs: ["earthly"],
    files: () => ["Earthfile"],
    read: lines((content, { words }) =>
      earthfileLines(
        content,
        words.filter((word) => word.includes("+")).map((word) => word.slice(word.indexOf("+") + 1)),
      ),
    ),
  },
  // packer build runs shell-local provisioners and post-processors on this machine.
  {
    programs: ["packer"],
    loads: (words) => words[0] === "build",
    files: (_args, words) => {
      const target = words[1] ?? ".";
      return /\.(?:hcl|json)$/.test(target) ? [target.replace(/^\.\//, "")] : [inDirOf(target, "*.pkr.hcl"), inDirOf(target, "*.pkr.json")];
    },
    read: (path, content, via) => packerShellLocal(content, path, via),
  },
  // act runs each workflow job's `run` steps (on this machine when a platform is mapped to -self-hosted).
  {
    programs: ["act"],
    loads: (words) => !["list"].includes(words[0] ?? ""),
    files: (args) => {
      const dir = optionValue(args, ["-W"], ["--workflows"]);
      if (dir !== undefined && /\.ya?ml$/.test(dir)) return [dir.replace(/^\.\//, "")];
      const base = dir ?? ".github/workflows";
      return [inDirOf(base, "*.yml"), inDirOf(base, "*.yaml")];
    },
    read: lines((content, { args }) => workflowRunLines(content, optionValue(args, ["-j"], ["--job"]))),
  },
  // gitlab-runner exec shell JOB runs the job's scripts on this machine (the docker executor in a container).
  {
    programs: ["gitlab-runner"],
    loads: (words) => words[0] === "exec" && words[1] === "shell",
    files: () => [".gitlab-ci.yml"],
    read: lines((content, { words }) => gitlabJobLines(content, words.slice(2))),
  },
  // gitlab-ci-local runs the jobs named (or all) with the shell executor unless a job names an image.
  {
    programs: ["gitlab-ci-local"],
    files: () => [".gitlab-ci.yml"],
    read: lines((content, { args, words }) => gitlabJobLines(content, [...words, ...(optionValue(args, ["--job"], ["--job"]) ?? "").split(",").filter(Boolean)])),
  },
  // Process managers start each Procfile line (or the ones named).
  {
    programs: ["foreman", "honcho", "forego", "overmind", "hivemind", "nf"],
    loads: (words) => words.length === 0 || ["start", "s"].includes(words[0]!),
    files: (args) => named(args, ["-f"], ["--procfile"], ["Procfile"]),
    read: lines((content, { words }) => procfileLines(content, words.slice(1))),
  },
  // heroku local starts the Procfile's lines (or the ones named) on this machine.
  {
    programs: ["heroku"],
    loads: (words) => words[0] === "local" || words[0] === "local:start",
    files: (args) => named(args, ["-f"], ["--procfile"], ["Procfile"]),
    read: lines((content, { words }) => procfileLines(content, words.slice(1))),
  },
  // pm2 start loads an ecosystem file (JavaScript, run whole) and starts each app's script.
  {
    programs: ["pm2"],
    loads: (words) => ["start", "restart", "reload", "startOrRestart", "startOrReload"].includes(words[0] ?? ""),
    files: (_args, words) => {
      const target = words[1];
      if (target === undefined) return ["ecosystem.config.js", "ecosystem.config.cjs"];
      return /\.(?:[cm]?js|json|ya?ml)$/.test(target) ? [target.replace(/^\.\//, "")] : [];
    },
    read: (path, content, via) => [...(/\.[cm]?js$/.test(path) ? [{ kind: "file" as const, path, interpreter: "node", via }] : []), ...pm2Apps(path, content, via)],
  },
  // nodemon runs its config's event commands and exec line around each (re)start.
  {
    programs: ["nodemon"],
    files: (args) => named(args, [], ["--config"], ["nodemon.json", "package.json"]),
    read: lines((content) => nodemonLines(content)),
  },
  // Poe the Poet runs the task's cmd / shell lines (after its deps, through refs and sequences).
  {
    programs: ["poe"],
    loads: (words) => words.length > 0 && !words[0]!.startsWith("_"),
    files: (args) => {
      const dir = optionValue(args, ["-C"], ["--directory", "--root"]);
      return [inDirOf(dir, "pyproject.toml"), inDirOf(dir, "poe_tasks.toml")];
    },
    read: lines((content, { words }) => poeTaskLines(content, words[0]!)),
  },
  // Jake loads the Jakefile (JavaScript, run whole); jake.exec runs its strings in a shell.
  {
    programs: ["jake"],
    files: (args) => named(args, ["-f"], ["--jakefile"], ["Jakefile", "Jakefile.js", "jakefile", "jakefile.js", "Jakefile.cjs", "Jakefile.mjs"]),
    read: code("node", /\bjake\.exec\s*\(\s*\[?\s*/g),
  },
  // sbt evaluates build.sbt and project/*.scala at load: "…".! and Process(…) run commands.
  {
    programs: ["sbt"],
    files: () => ["build.sbt", "project/*.scala", "project/*.sbt"],
    read: lines((content) => sbtCommands(content)),
  },
  // zig build runs build.zig's build(): addSystemCommand steps (and std.process.Child runs) are argvs.
  {
    programs: ["zig"],
    loads: (words) => words[0] === "build",
    files: (args) => named(args, [], ["--build-file"], ["build.zig"]),
    read: lines((content) => zigCommands(content)),
  },
  // babashka reads bb.edn: a task's (shell …) and (process …) forms run commands.
  {
    programs: ["bb"],
    loads: (words) =>
      words.length > 0 && !["repl", "nrepl-server", "socket-repl", "uberjar", "uberscript", "print-deps", "prepare"].includes(words[0]!) && !words[0]!.includes("."),
    files: (args) => named(args, [], ["--config"], ["bb.edn"]),
    read: lines((content) => clojureShellForms(content)),
  },
  // fastlane evaluates the Fastfile as Ruby; its sh actions run shell commands.
  {
    programs: ["fastlane"],
    loads: (words) => !["init", "env", "actions", "action", "lanes", "list", "docs", "new_action", "new_plugin", "enable_auto_complete"].includes(words[0] ?? ""),
    files: () => ["fastlane/Fastfile", "Fastfile"],
    read: code("ruby", /(?:^|[\s;({])sh\s*\(?\s*(?=["'])/gm),
  },
  // cargo-make (`cargo make TASK`, `makers TASK`) runs Makefile.toml's task: its command and args, or its script.
  {
    programs: ["makers"],
    files: (args) => named(args, ["--makefile"], ["--makefile"], ["Makefile.toml"]),
    read: lines((content, { words }) => cargoMakeLines(content, words[0] ?? "default")),
  },
  // Skaffold runs the hooks' host commands around build and deploy, and a custom builder's buildCommand.
  {
    programs: ["skaffold"],
    loads: (words) => ["build", "dev", "run", "deploy", "debug", "apply"].includes(words[0] ?? ""),
    files: (args) => named(args, ["-f"], ["--filename"], ["skaffold.yaml"]),
    read: lines((content) => hostCommands(parseYaml(content))),
  },
  // DevSpace runs its pipelines (shell scripts), its hooks' commands, and `devspace run NAME`'s command.
  {
    programs: ["devspace"],
    loads: (words) => ["dev", "deploy", "build", "purge", "run", "run-pipeline"].includes(words[0] ?? ""),
    files: (args) => named(args, ["-c"], ["--config"], ["devspace.yaml", "devspace.yml"]),
    read: lines((content, { words }) => devspaceLines(content, words)),
  },
  // waf imports the wscript (Python, run whole): exec_command and rule= strings are shell commands.
  {
    programs: ["waf"],
    files: () => ["wscript"],
    read: (path, content, via) => [{ kind: "file", path, interpreter: "python3", via }, ...shellCalls(content, /\b(?:exec_command|cmd_and_log)\s*\(\s*|\brule\s*=\s*/g, via)],
  },
  // xmake and premake run their Lua file; os.exec / os.run / os.execute strings are shell commands.
  {
    programs: ["xmake", "premake5", "premake4"],
    files: (args, words) => (words[0] === undefined || !words[0].endsWith(".lua") ? named(args, ["-F"], ["--file"], ["xmake.lua", "premake5.lua", "premake4.lua"]) : [words[0]]),
    read: code("lua", /\bos\.(?:exec|execv|run|runv|vrun|vrunv|iorun|execute|outputof)\s*\(\s*/g),
  },
  // cake runs the Cakefile (CoffeeScript): its exec / execSync strings are shell commands.
  {
    programs: ["cake"],
    files: () => ["Cakefile"],
    read: (_path, content, via) => shellCalls(content, /\b(?:exec|execSync|spawn|spawnSync)\s*\(?\s*/g, via),
  },
  // mage compiles and runs the magefiles (Go): sh.Run / sh.RunV argvs are commands, and the rest is Go
  // (os.RemoveAll, exec.Command) as `go run` would read it.
  {
    programs: ["mage"],
    loads: (words) => words.length === 0 || !["-init", "-clean", "-l"].includes(words[0]!),
    files: () => ["magefile.go", "magefiles/*.go"],
    read: (path, content, via, invocation) => [
      ...lines((text) => argvText(text, /\bsh\.(?:Run|RunV|Output|Exec|RunWith|RunWithV|OutputWith)\s*\(/g, true))(path, content, via, invocation),
      { kind: "file", path, interpreter: "go run", via },
    ],
  },
];

const BY_PROGRAM = new Map<string, Carrier>(CARRIERS.flatMap((carrier) => carrier.programs.map((program) => [program, carrier] as const)));

/** The project files a build, task or dev tool runs, each read as its row says. */
export function buildCarrierRun(given: SimpleCommand): ProjectRun | undefined {
  const command = asModule(given) ?? asCargoMake(given) ?? given;
  const carrier = BY_PROGRAM.get(command.name);
  if (!carrier) return undefined;
  const words = wordsOf(command);
  if (command.args.some((arg) => HELP.test(arg) && arg.startsWith("-")) || HELP.test(words[0] ?? "")) return undefined;
  if (carrier.loads && !carrier.loads(words)) return undefined;
  const files = carrier.files(command.args, words);
  if (files.length === 0) return undefined;
  const needs: FileNeed[] = files.map((path) => (path.includes("*") ? { path, role: "buildfile", pattern: true } : { path, role: "buildfile", optional: true }));
  const what = [command.name, ...words.slice(0, 2)].join(" ");
  return listedRun(what, needs, undefined, false, (path, content, via) => carrier.read(path, content, via, { args: command.args, words }));
}

// ─── Per-tool details ─────────────────────────────────────────────────────

/** The tools a Python interpreter runs by module name (`python -m sphinx`), as the program each is. */
const MODULES: Readonly<Record<string, string>> = { sphinx: "sphinx-build", mkdocs: "mkdocs", doit: "doit", poethepoet: "poe", fabric: "fab" };

function asModule(command: SimpleCommand): SimpleCommand | undefined {
  if (!/^python(?:\d+(?:\.\d+)?)?$/.test(command.name)) return undefined;
  // `python3 waf build`: waf ships as a script in the project that the interpreter runs.
  if (/^(?:\.\/)?waf$/.test(command.args[0] ?? "")) return { ...command, name: "waf", args: command.args.slice(1) };
  const at = command.args.indexOf("-m");
  const program = at < 0 ? undefined : MODULES[command.args[at + 1] ?? ""];
  return program ? { ...command, name: program, args: command.args.slice(at + 2) } : undefined;
}

/** `cargo make TASK` is cargo-make's `makers TASK`. */
function asCargoMake(command: SimpleCommand): SimpleCommand | undefined {
  if (command.name !== "cargo" || command.args.find((arg) => !arg.startsWith("-")) !== "make") return undefined;
  return { ...command, name: "makers", args: command.args.slice(command.args.indexOf("make") + 1) };
}

/** A cargo-make task's command and args (an argv), or its script, after those of its dependencies. */
function cargoMakeLines(content: string, task: string): string[] {
  let data: unknown;
  try {
    data = parseToml(content);
  } catch {
    // cargo-make refuses a file it cannot parse: nothing runs.
    return [];
  }
  const tasks = record(record(data)?.tasks) ?? {};
  const found: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || seen.size >= MAX_BUILD_CARRIER_TASKS) return;
    seen.add(name);
    const entry = record(tasks[name]);
    if (!entry) return;
    for (const dependency of stringsOf(entry.dependencies)) visit(dependency);
    if (typeof entry.command === "string") found.push([entry.command, ...stringsOf(entry.args)].map(shellQuote).join(" "));
    // A script runs in the shell unless a runner says otherwise (@rust, @duckscript, another interpreter).
    const runner = entry.script_runner;
    if (runner === undefined || runner === "@shell" || (typeof runner === "string" && /^(?:ba|z|da)?sh$/.test(runner))) {
      const script = record(entry.script)?.main ?? entry.script;
      if (typeof script === "string") found.push(script);
      else if (Array.isArray(script)) found.push(stringsOf(script).join("\n"));
    }
    const next = typeof entry.run_task === "string" ? entry.run_task : record(entry.run_task)?.name;
    for (const name of stringsOf(next)) visit(name);
  };
  visit(task);
  return found;
}

/** Every `command` argv (or `host.command`) under a `hooks` key, and each custom builder's buildCommand. */
function hostCommands(data: unknown, inHooks = false, depth = 0): string[] {
  if (depth > 12) return [];
  if (Array.isArray(data)) return data.flatMap((item) => hostCommands(item, inHooks, depth + 1));
  const map = record(data);
  if (!map) return [];
  const found: string[] = [];
  if (inHooks && Array.isArray(map.command)) found.push(stringsOf(map.command).map(shellQuote).join(" "));
  if (typeof map.buildCommand === "string") found.push(map.buildCommand);
  for (const [key, value] of Object.entries(map)) if (key !== "command") found.push(...hostCommands(value, inHooks || key === "hooks", depth + 1));
  return found;
}

/** DevSpace: the pipeline the subcommand runs (dev, deploy, build, purge, or the one named), its hooks, a named command. */
function devspaceLines(content: string, words: readonly string[]): string[] {
  const data = record(parseYaml(content));
  if (!data) return [];
  const found: string[] = [];
  if (words[0] === "run") {
    const entry = record(data.commands)?.[words[1] ?? ""];
    const text = typeof entry === "string" ? entry : record(entry)?.command;
    return typeof text === "string" ? [text] : [];
  }
  const name = words[0] === "run-pipeline" ? (words[1] ?? "") : words[0]!;
  const pipeline = record(data.pipelines)?.[name];
  const run = typeof pipeline === "string" ? pipeline : record(pipeline)?.run;
  if (typeof run === "string") found.push(run);
  for (const hook of records(data.hooks)) if (typeof hook.command === "string" && record(hook.container) === undefined) found.push(hook.command);
  return found;
}

const stringsOf = (value: unknown): string[] =>
  typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** doit's `"actions": [...]`: each string a shell command, each list of strings an argv; CmdAction("…") too. */
function doitActions(content: string, via: string): Snippet[] {
  const snippets: Snippet[] = [];
  for (const text of argvText(content, /["'](?:actions|clean|teardown)["']\s*:\s*\[/g)) snippets.push({ kind: "shell", text, via });
  snippets.push(...shellCalls(content, /\b(?:CmdAction|LongRunning|Interactive)\s*\(\s*/g, via));
  return snippets;
}

/** The Python files under mkdocs.yml's `hooks:`, relative to the config's directory. */
function mkdocsHooks(path: string, content: string): string[] {
  // A config with a !!python tag is not plain YAML: its hooks list is read line by line instead.
  const data = record(parseYaml(content));
  const listed = data ? (Array.isArray(data.hooks) ? data.hooks.filter((item): item is string => typeof item === "string") : []) : yamlListUnder(content, "hooks");
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : undefined;
  return listed.filter((hook) => hook.endsWith(".py") && !hook.startsWith("/") && !hook.split("/").includes("..")).map((hook) => inDirOf(dir, hook.replace(/^\.\//, "")));
}

function yamlListUnder(content: string, key: string): string[] {
  const block = new RegExp(`^${key}:\\s*\\n((?:[ \\t]+-.*\\n?)+)`, "m").exec(content);
  return block ? [...block[1]!.matchAll(/^\s+-\s*["']?([^"'\n#]+?)["']?\s*$/gm)].map((item) => item[1]!) : [];
}

/** The BUILD files of the packages the labels name (`//pkg:target`, `//pkg/...`, `:target`; none is `//...`). */
function bazelPackages(labels: readonly string[]): string[] {
  const packages = new Set<string>();
  for (const label of labels.length > 0 ? labels : ["//..."]) {
    const pkg = /^(?:@\w*)?\/\/([^:]*)/.exec(label)?.[1]?.replace(/\/+$/, "") ?? "";
    if (pkg === "..." || pkg.endsWith("/...")) {
      const base = pkg.slice(0, -3).replace(/\/+$/, "");
      packages.add(base);
      packages.add(base === "" ? "**" : `${base}/**`);
    } else packages.add(pkg);
  }
  return [...packages].flatMap((pkg) => ["BUILD.bazel", "BUILD", "BUCK"].map((name) => (pkg === "" ? name : `${pkg}/${name}`)));
}

/** An interpreter by a script's extension, as pm2 picks one. */
const BY_EXTENSION: Readonly<Record<string, string>> = { js: "node", cjs: "node", mjs: "node", sh: "bash", py: "python3", rb: "ruby", php: "php", pl: "perl" };

/** Each pm2 app's script: a project file run by its interpreter, or a program with its args. */
function pm2Apps(path: string, content: string, via: string): Snippet[] {
  const apps: Array<{ script: string; args: string }> = [];
  if (/\.(?:json|ya?ml)$/.test(path)) {
    const data = record(path.endsWith(".json") ? safeJson(content) : parseYaml(content));
    for (const app of records(data?.apps)) if (typeof app.script === "string") apps.push({ script: app.script, args: typeof app.args === "string" ? app.args : "" });
  } else if (!/(?:^|\/)(?:ecosystem|pm2)[\w.-]*\.[cm]?js$/.test(path)) return [];
  else
    for (const match of content.matchAll(/\bscript\s*:\s*/g)) {
      const rest = content.slice(match.index + match[0].length, match.index + match[0].length + 1024);
      const script = literals(rest, true)[0];
      const args = /^[^{}]*?\bargs\s*:\s*/.exec(rest.slice(rest.search(/[,}\n]/)));
      if (script !== undefined) apps.push({ script, args: args ? (literals(rest.slice(rest.search(/[,}\n]/) + args[0].length), true)[0] ?? "") : "" });
    }
  return apps.map(({ script, args }): Snippet => {
    const extension = /\.(\w+)$/.exec(script)?.[1];
    const interpreter = extension ? BY_EXTENSION[extension] : undefined;
    if (interpreter && !script.startsWith("/") && !script.split("/").includes("..")) return { kind: "file", path: script.replace(/^\.\//, ""), interpreter, via };
    return { kind: "shell", text: `${script} ${args}`.trim(), via };
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // A file that is no JSON starts nothing.
    return undefined;
  }
}

/** The scripts of a BUILD file's sh_binary rules (`bazel run` starts them), by their path in the project. */
function shBinaries(path: string, content: string, via: string): Snippet[] {
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : undefined;
  const scripts = argvText(content, /\bsh_binary\s*\([^)]*?\bsrcs\s*=\s*\[/g, true).flatMap((text) => text.split(" "));
  return scripts
    .filter((script) => /^[\w./-]+\.(?:sh|bash)$/.test(script) && !script.split("/").includes(".."))
    .map((script): Snippet => ({ kind: "file", path: inDirOf(dir, script), interpreter: "bash", via }));
}

/** nodemon.json's event commands and exec line (package.json's nodemonConfig holds the same keys). */
function nodemonLines(content: string): string[] {
  const top = record(safeJson(content));
  const config = top && record(top.nodemonConfig) ? record(top.nodemonConfig)! : top && "name" in top && "version" in top ? undefined : top;
  if (!config) return [];
  const found: string[] = [];
  const events = record(config.events);
  if (events) for (const value of Object.values(events)) if (typeof value === "string") found.push(value);
  if (typeof config.exec === "string") found.push(config.exec);
  return found;
}

/** sbt: `"cmd".!`, `"cmd".!!`, `Seq("a", "b").!`, `Process("cmd")`, `Process(Seq(…))`. */
function sbtCommands(content: string): string[] {
  const found: string[] = [];
  for (const match of content.matchAll(/s?"((?:[^"\\\n]|\\.)*)"\s*\.\s*(?:!!?|run\b|lazyLines|lineStream)/g)) found.push(scalaText(match[1]!));
  for (const text of argvText(content, /\b(?:Seq|List|Process)\s*\(\s*(?=(?:s?"|Seq|List))(?:(?:Seq|List)\s*\(\s*)?/g, true)) found.push(text);
  return found;
}

const scalaText = (text: string) => text.replace(/\$\{?\w+\}?/g, "${SCALA_VALUE}").replace(/\\(["\\])/g, "$1");

/** zig: the argv of `addSystemCommand(&.{ … })`, `b.run(&.{ … })` and `.argv = &.{ … }`. */
function zigCommands(content: string): string[] {
  return argvText(content, /(?:\baddSystemCommand\s*\(|\bb\.run\s*\(|\.argv\s*=)\s*&(?:\[_\]\[\]const u8)?\.?\s*\{/g, true);
}
