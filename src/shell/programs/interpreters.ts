// Shells and language interpreters: programs that run code given inline,
// in a script file, or on their standard input.
import { SHELL_NAMES } from "./categories.ts";
import { POWERSHELL, POWERSHELL_NAMES } from "./powershell.ts";
import type { ProgramSpec } from "./spec.ts";

/** Shells (the `shell` category in categories.ts): `-c CODE` (also bundled: -lc, -ec) runs CODE; no operand reads the script from stdin. */
const SHELL: ProgramSpec = {
  options: { "-o": "value", "+o": "value", "-O": "value", "+O": "value", "--rcfile": "read", "--init-file": "read", "-C": "flag", "-c": "flag" },
  operands: ["script", "value"],
  stdin: "shell",
};

/** An interpreter: code after `options`, a script as first operand (its arguments after it), else code on stdin. */
function interpreter(
  language: string,
  codeOptions: readonly string[],
  valueOptions: readonly string[] = [],
  readOptions: readonly string[] = [],
  replacesFirstOperand: readonly string[] = [],
): ProgramSpec {
  const options: Record<string, "value" | "read" | `code:${string}`> = {};
  for (const option of codeOptions) options[option] = `code:${language}`;
  for (const option of [...valueOptions, ...replacesFirstOperand]) options[option] = "value";
  for (const option of readOptions) options[option] = "read";
  // The script's own arguments may be files it reads.
  return { options, operands: ["script", "read"], stdin: `code:${language}`, replacesFirstOperand };
}

/** Options deno's running subcommands share: most permissions are flags (their lists only ever follow `=`). */
const DENO_OPTIONS: ProgramSpec["options"] = {
  "-c": "read",
  "--config": "read",
  "--import-map": "read",
  "--lock": "path",
  "--cert": "read",
  "--location": "url",
  "--seed": "value",
  "--v8-flags": "value",
  "-L": "value",
  "--log-level": "value",
  "--ext": "value",
  "--env-file": "read",
  "--preload": "read",
  "--inspect": "value",
  "--inspect-brk": "value",
  "--inspect-wait": "value",
  "--watch": "flag",
  "-A": "flag",
  "--allow-all": "flag",
  "--allow-read": "flag",
  "--allow-write": "flag",
  "--allow-net": "flag",
  "--allow-env": "flag",
  "--allow-run": "flag",
  "--port": "value",
  "--host": "value",
  "--filter": "pattern",
  "-o": "write",
  "--output": "write",
  "--target": "value",
  "--include": "read",
};

/** `deno run npm:cowsay`, `deno jsr:@scope/tool`: a module fetched from a registry by name and run. */
const DENO_PACKAGES = { packageOptions: [], specifiers: ["npm:", "jsr:"] };

/** A deno subcommand that runs a module: a file, or a URL it fetches and runs; what follows are the module's arguments. */
const DENO_RUN: ProgramSpec = { options: DENO_OPTIONS, operands: ["script", "path"], urlScripts: true, runsPackage: DENO_PACKAGES };

/** `deno install -g URL` puts a program on PATH that runs the module later (in ~/.deno/bin, or --root's bin); without -g it adds a dependency. */
const DENO_INSTALL: ProgramSpec = {
  options: { ...DENO_OPTIONS, "-n": "value", "--name": "value", "--root": "path" },
  operands: ["script", "value"],
  installs: { directory: "~/.deno/bin", nameOptions: ["-n", "--name"], rootOptions: ["--root"], withFlags: ["-g", "--global"] },
};

const DENO: ProgramSpec = {
  options: DENO_OPTIONS,
  // `deno FILE` (Deno 2) runs it; a word that names no subcommand is the module.
  operands: ["script", "path"],
  urlScripts: true,
  runsPackage: DENO_PACKAGES,
  optionalSubcommands: true,
  stdin: "code:node",
  subcommands: {
    eval: { options: DENO_OPTIONS, operands: ["code:node"] },
    // `deno run -` reads the module from stdin.
    run: { ...DENO_RUN, stdin: "code:node" },
    test: DENO_RUN,
    bench: DENO_RUN,
    serve: DENO_RUN,
    repl: { options: { ...DENO_OPTIONS, "--eval": "code:node", "--eval-file": "script" } },
    install: DENO_INSTALL,
    compile: { options: DENO_OPTIONS, operands: ["read", "value"] },
    ...Object.fromEntries(
      [
        "fmt",
        "lint",
        "check",
        "task",
        "uninstall",
        "add",
        "remove",
        "cache",
        "info",
        "doc",
        "upgrade",
        "init",
        "coverage",
        "types",
        "vendor",
        "publish",
        "jupyter",
        "outdated",
        "clean",
        "completions",
        "lsp",
        "help",
      ].map((name) => [name, {}]),
    ),
  },
};

/** Kotlin's runner and compiler: words with one dash (`-classpath`), code after -e. */
const KOTLIN: ProgramSpec = { ...interpreter("kotlin", ["-e", "-expression"], ["-cp", "-classpath", "-jvm-target", "-howtorun"]), singleDashWords: true };

/** `python -m MODULE …` for modules that are a CLI's own entry point: the CLI runs, with the words after the module. */
const PYTHON_MODULE_PROGRAMS: Readonly<Record<string, string>> = {
  awscli: "aws",
  "azure.cli": "az",
  mlflow: "mlflow",
  jupyter: "jupyter",
  celery: "celery",
  alembic: "alembic",
  django: "django-admin",
  flask: "flask",
  gunicorn: "gunicorn",
  uvicorn: "uvicorn",
  poetry: "poetry",
  pipx: "pipx",
  // `python -m pip install …` is pip: its index and its packages read as pip's own line reads them.
  pip: "pip",
  uv: "uv",
  dvc: "dvc",
  ansible: "ansible",
  // Home devices' own CLIs: smart plugs (python-kasa), ESPHome firmware, Home Assistant's core.
  kasa: "kasa",
  esphome: "esphome",
  homeassistant: "hass",
};
const python = (spec: ProgramSpec): ProgramSpec => ({ ...spec, modulePrograms: PYTHON_MODULE_PROGRAMS });

export const INTERPRETERS: Record<string, ProgramSpec> = {
  ...Object.fromEntries(SHELL_NAMES.map((name) => [name, SHELL])),
  // `newgrp GROUP` starts the user's shell with GROUP as its group: what its stdin holds (`<<< 'docker run …'`) runs there.
  newgrp: { options: { "-": "flag", "-l": "flag" }, operands: ["value"], stdin: "shell" },
  // PowerShell's command line is its own (programs/powershell.ts): case-insensitive parameters, -Command takes the rest.
  ...Object.fromEntries(POWERSHELL_NAMES.map((name) => [name, POWERSHELL])),
  python: python(interpreter("python", ["-c"], ["-W", "-X", "-Q"], [], ["-m"])),
  pypy: python(interpreter("python", ["-c"], ["-W", "-X"], [], ["-m"])),
  pypy3: python(interpreter("python", ["-c"], ["-W", "-X"], [], ["-m"])),
  node: interpreter("node", ["-e", "--eval", "-p", "--print"], ["-r", "--require", "--import", "--loader", "--inspect-port", "-C", "--conditions", "--title", "--env-file"]),
  nodejs: interpreter("node", ["-e", "--eval", "-p", "--print"], ["-r", "--require", "--import", "--loader"]),
  deno: DENO,
  // PERL5DB is Perl the debugger (PERL5OPT=-d) runs first.
  // -i[SUFFIX] edits the operands in place (its suffix is only ever attached); PERL5DB is Perl the debugger (PERL5OPT=-d) runs first.
  perl: { ...interpreter("perl", ["-e", "-E"], ["-I", "-M", "-m", "-x"]), writesOperandsWith: ["-i"], env: { PERL5DB: "code:perl" } },
  ruby: { ...interpreter("ruby", ["-e"], ["-I", "-r", "-C", "-E", "-F"]), writesOperandsWith: ["-i"] },
  php: interpreter("php", ["-r", "-B", "-R", "-E"], ["-d", "-c", "-z"], ["-f"]),
  lua: interpreter("lua", ["-e"], ["-l"]),
  luajit: interpreter("lua", ["-e"], ["-l", "-j", "-O"]),
  tclsh: interpreter("tcl", [], []),
  wish: interpreter("tcl", [], []),
  rscript: interpreter("r", ["-e"], ["--default-packages"]),
  r: { options: { "-e": "code:r", "-f": "script", "--file": "script" }, operands: ["value"], stdin: "code:r" },
  osascript: interpreter("applescript", ["-e"], ["-l"]),
  // swift -e CODE runs it (and `swift -` the code on stdin); its other words are the package manager's verbs
  // (build, run, test: project code) or a script file, judged as they were before this table.
  // A first operand ending in .swift is a script `swift` runs (read as Swift); package verbs stay plain words.
  // The same name is OpenStack's object storage client (remote/storage.ts): its operands may be files it uploads.
  swift: { options: { "-e": "code:swift" }, operands: ["read"], stdin: "code:swift", scriptOperandExtensions: { swift: "swift" } },
  // jshell's input is Java plus its slash commands (`/save FILE` writes a file): a script file or stdin.
  jshell: { ...interpreter("java", [], ["--class-path", "-cp"]), stdin: "code:jshell" },
  // groovy runs a script it is given as a URL.
  groovy: { ...interpreter("groovy", ["-e"], ["-cp", "--classpath"]), urlScripts: true },
  scala: interpreter("scala", ["-e"], ["-cp", "-classpath"]),
  // kotlin and kotlinc run an expression (-e, -expression) or a .kts script (-script FILE, or as the operand).
  kotlin: KOTLIN,
  kotlinc: { ...KOTLIN, options: { ...KOTLIN.options, "-script": "script", "-d": "write" } },
  // `java -jar FILE.jar ARGS…` runs the jar as a program of its own (`java -jar jenkins-cli.jar delete-job x` is the Jenkins CLI).
  java: {
    singleDashWords: true,
    operandsEndOptions: true,
    options: { "-jar": "command", "-cp": "value", "-classpath": "value", "--class-path": "value", "-p": "value", "--module-path": "value", "-m": "value", "--module": "value" },
    operands: ["value"],
    // `java Tool.java` (JDK 11+) compiles and runs the source file.
    scriptOperandExtensions: { java: "java" },
  },
  // babashka runs a Clojure script (`bb x.clj`, `-f FILE`) or `-e` code; a first word that is no script is a bb.edn
  // task (`bb test`, session/build-carriers.ts), not a file.
  bb: {
    options: { "-e": "code:clojure", "--eval": "code:clojure", "-f": "script", "--file": "script", "--classpath": "value", "-cp": "value", "--config": "value" },
    operands: ["value"],
    scriptOperandExtensions: { clj: "clojure", cljc: "clojure", bb: "clojure" },
  },
  julia: interpreter("julia", ["-e", "-E", "--eval", "--print"], ["-L", "--load", "-J", "--project"]),
  elixir: interpreter("elixir", ["-e", "--eval"], ["-r", "-pa"]),
  erl: { options: { "-eval": "code:erlang", "-s": "value", "-run": "value", "-noshell": "flag" }, singleDashWords: true, operands: ["value"] },
  // awk's operands after the program are the files it reads (or `var=value` settings).
  awk: { options: { "-f": "script", "--file": "script", "-F": "value", "-v": "value", "--assign": "value", "--field-separator": "value" }, operands: ["code:awk", "read"] },
  gawk: {
    options: {
      "-f": "script",
      "--file": "script",
      "-F": "value",
      "-v": "value",
      "-e": "code:awk",
      "--source": "code:awk",
      "-i": "read",
      "--include": "read",
      "-l": "read",
      "--load": "read",
      "-E": "script",
      "--exec": "script",
    },
    operands: ["code:awk", "read"],
  },
  mawk: { options: { "-f": "script", "-F": "value", "-v": "value" }, operands: ["code:awk", "read"] },
  nawk: { options: { "-f": "script", "-F": "value", "-v": "value" }, operands: ["code:awk", "read"] },
  "busybox-awk": { options: { "-f": "script", "-F": "value", "-v": "value" }, operands: ["code:awk", "read"] },
};

/** `python3`, `python3.12`, `pip3.11`, `node18` → the family name one table entry covers. */
export function programFamily(name: string): string {
  const versioned = /^(python|pypy|ruby|perl|php|lua|node|pip|tclsh|wish|gcc|g\+\+|clang)[0-9.]*$/.exec(name);
  return versioned ? versioned[1]! : name;
}
