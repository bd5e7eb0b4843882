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
import { optionValue, type ProjectRun, type Snippet } from "./snippet.ts";
import { listedRun } from "./test-runners.ts";
import { literals } from "./task-runners.ts";
import { parseYaml, record, records } from "./yaml-data.ts";

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

const HELP = /^(?:-h|--help|-V|--version|-v|help|version|--list|-l|list|completion)$/;

/** A named file (`-f x`) stripped of `./`, or the defaults. */
const named = (args: readonly string[], short: string[], long: string[], defaults: readonly string[]) => {
  const file = optionValue(args, short, long);
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
    loads: (words) => !["list", "help", "info", "ignore", "forget", "dumpdb", "tabcompletion", "strace"].includes(words[0] ?? ""),
    files: (args) => named(args, ["-f"], ["--file"], ["dodo.py"]),
    read: (path, content, via) => [{ kind: "file", path, interpreter: "python3", via }, ...doitActions(content, via)],
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
    read: (_path, content, via) =>
      shellCalls(content, /\b(?:cmd|cmd_bash|bash)\s*=\s*/g, via).map((snippet) => (snippet.kind === "shell" ? { ...snippet, text: bazelText(snippet.text) } : snippet)),
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
  // gitlab-runner exec shell JOB and gitlab-ci-local JOB run the job's scripts on this machine.
  {
    programs: ["gitlab-runner", "gitlab-ci-local"],
    loads: (words) => words.length === 0 || words[0] !== "exec" || words[1] === "shell",
    files: () => [".gitlab-ci.yml"],
    read: lines((content, { words }) => gitlabJobLines(content, words[0] === "exec" ? words.slice(2) : words)),
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
];

const BY_PROGRAM = new Map<string, Carrier>(CARRIERS.flatMap((carrier) => carrier.programs.map((program) => [program, carrier] as const)));

/** The project files a build, task or dev tool runs, each read as its row says. */
export function buildCarrierRun(command: SimpleCommand): ProjectRun | undefined {
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
  for (const text of argvText(content, /\b(?:Seq|List|Process)\s*\(\s*(?=(?:s?"|Seq|List))(?:(?:Seq|List)\s*\(\s*)?/g, ")")) found.push(text);
  return found;
}

const scalaText = (text: string) => text.replace(/\$\{?\w+\}?/g, "${SCALA_VALUE}").replace(/\\(["\\])/g, "$1");

/** zig: the argv of `addSystemCommand(&.{ … })`, `b.run(&.{ … })` and `.argv = &.{ … }`. */
function zigCommands(content: string): string[] {
  return argvText(content, /(?:\baddSystemCommand\s*\(|\bb\.run\s*\(|\.argv\s*=)\s*&(?:\[_\]\[\]const u8)?\.?\s*\{/g, "}");
}

/** Clojure `(shell "cmd")`, `(shell {:dir "x"} "sh" "-c" "…")`, `(process …)`: one string is a command line, more an argv. */
function clojureShellForms(content: string): string[] {
  const found: string[] = [];
  for (const match of content.matchAll(/\((?:shell|process|babashka\.process\/shell|p\/shell|sh)\s+/g)) {
    let rest = content.slice(match.index + match[0].length, match.index + match[0].length + 4096);
    if (rest.startsWith("{")) rest = rest.slice(rest.indexOf("}") + 1);
    const strings: string[] = [];
    for (const item of rest.matchAll(/\s*"((?:[^"\\]|\\.)*)"/gy)) strings.push(item[1]!.replace(/\\(["\\])/g, "$1"));
    if (strings.length === 1) found.push(strings[0]!);
    else if (strings.length > 1) found.push(strings.map(shellQuote).join(" "));
  }
  return found;
}

const shellQuote = (word: string) => (/^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);
