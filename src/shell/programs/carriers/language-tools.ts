// Interpreters, REPLs and language tools beyond interpreters.ts: code
// given inline (`ghc -e`, `octave --eval`, `gnuplot -e`, `guile -c`,
// `clisp -x`, `rake -e`, `jrunscript -e`, `dc -e`, `expect -c`,
// `ipython -c`), a script file, or code on stdin. Each language is read by
// its reader or call table, so `system("…")` in any of them is judged as the
// command it runs.
import type { ProgramSpec } from "../spec.ts";

/** An interpreter of `language`: code from `codeOptions`, a script operand, or code on stdin. */
function repl(language: string, codeOptions: readonly string[], readOptions: readonly string[] = [], valueOptions: readonly string[] = []): ProgramSpec {
  const options: Record<string, "read" | "value" | `code:${string}`> = {};
  for (const option of codeOptions) options[option] = `code:${language}`;
  for (const option of readOptions) options[option] = "read";
  for (const option of valueOptions) options[option] = "value";
  return { options, operands: ["script", "read"], stdin: `code:${language}` };
}

/** dotnet-script (also `dotnet script`): a .csx file or URL, `eval CODE`, or code on stdin. */
export const DOTNET_SCRIPT: ProgramSpec = {
  ...repl("csharp", [], [], ["-c", "--configuration", "-s", "--sources"]),
  urlScripts: true,
  optionalSubcommands: true,
  subcommands: { eval: { operands: ["code:csharp"] } },
};

/** A shell the shell planner does not know: `-c CMD`, a script, or commands on stdin. */
const OTHER_SHELL: ProgramSpec = { options: { "-c": "shell" }, operands: ["script", "value"], stdin: "shell" };

export const LANGUAGE_TOOLS: Record<string, ProgramSpec> = {
  elvish: OTHER_SHELL,
  posh: OTHER_SHELL,
  sash: OTHER_SHELL,
  rc: OTHER_SHELL,
  es: OTHER_SHELL,
  // A nushell or xonsh script is read by its own shell's reader (nu-lines.ts, xonsh-lines.ts), not as bash.
  nu: { options: { "-c": "shell", "--commands": "shell", "--config": "read", "--env-config": "read" }, operands: ["script", "value"], stdin: "shell", scriptLanguage: "nu" },
  osh: OTHER_SHELL,
  ysh: OTHER_SHELL,
  xonsh: { options: { "-c": "shell", "--rc": "read" }, operands: ["script", "value"], stdin: "shell", scriptLanguage: "xonsh" },
  ghc: { ...repl("haskell", ["-e"], [], ["-o", "-i", "-package", "-outputdir", "-odir", "-hidir"]), operands: ["read"], singleDashWords: true },
  ghci: { ...repl("haskell", ["-e"], ["-ghci-script"], ["-i", "-package"]), singleDashWords: true },
  runghc: repl("haskell", [], [], ["-f"]),
  runhaskell: repl("haskell", [], [], ["-f"]),
  octave: repl("octave", ["--eval"], ["-p", "--path"]),
  "octave-cli": repl("octave", ["--eval"], ["-p", "--path"]),
  matlab: { ...repl("octave", ["-batch", "-r"], ["-sd"]), singleDashWords: true },
  gnuplot: { ...repl("gnuplot", ["-e"], [], ["-c"]), operands: ["script", "value"] },
  guile: repl("scheme", ["-c"], ["-l", "-x"], ["-e", "-L"]),
  clisp: repl("lisp", ["-x"], ["-i", "-M"], ["-E"]),
  sbcl: { ...repl("lisp", ["--eval"], ["--load", "--core"]), options: { "--eval": "code:lisp", "--load": "read", "--core": "read", "--script": "script" } },
  racket: repl("scheme", ["-e", "--eval"], ["-f", "--load", "-t", "--require"], ["-l", "--lib"]),
  slsh: repl("slang", ["-e"], [], []),
  jrunscript: {
    ...repl("java", ["-e"], [], ["-l", "-cp", "-classpath", "-J"]),
    options: { "-e": "code:java", "-f": "script", "-l": "value", "-cp": "value", "-classpath": "value" },
    singleDashWords: true,
  },
  jjs: { ...repl("java", [], [], ["-cp", "-classpath"]), singleDashWords: true },
  // Rust scripts: `rust-script FILE.rs`, `rust-script -e EXPR` (dependencies named with -d).
  "rust-script": repl("rust", ["-e", "--expr"], [], ["-d", "--dep", "--features", "--toolchain", "-t"]),
  // OCaml's toplevels run a script file, or what they read on stdin; utop evaluates `-e`/`-eval` text.
  ocaml: { ...repl("ocaml", ["-e"], ["-init"], ["-I"]), singleDashWords: true },
  utop: { ...repl("ocaml", ["-e", "-eval"], ["-init"], ["-I", "-require"]), singleDashWords: true },
  // C# scripts (csi, dotnet-script as its own command): a .csx file, or code on stdin.
  csi: repl("csharp", [], [], ["-r", "/r", "-u", "/u"]),
  "dotnet-script": DOTNET_SCRIPT,
  // Scala: scala-cli runs files or `-e` text (`--execute-scala` for Scala 3 code); Ammonite `-c` text or a .sc file.
  "scala-cli": {
    ...repl("scala", ["-e", "--execute-script", "--execute-scala", "--script-snippet", "--scala-snippet"], [], ["--dep", "-S", "--scala", "--server"]),
    optionalSubcommands: true,
    subcommands: Object.fromEntries(
      ["run", "shebang"]
        .map((name): [string, ProgramSpec] => [
          name,
          repl("scala", ["-e", "--execute-script", "--execute-scala", "--script-snippet", "--scala-snippet"], [], ["--dep", "-S", "--scala"]),
        ])
        .concat(
          ["compile", "test", "package", "fmt", "repl", "setup-ide", "clean", "export", "publish", "doc", "version", "config", "bsp"].map((name): [string, ProgramSpec] => [
            name,
            {},
          ]),
        ),
    ),
  },
  amm: repl("scala", ["-c", "--code"], ["--predef"], ["-p"]),
  ipython: repl("ipython", ["-c"], [], ["-m", "--profile", "--ipython-dir"]),
  ipython3: repl("ipython", ["-c"], [], ["-m", "--profile"]),
  dc: repl("dc", ["-e", "--expression"], [], []),
  expect: { ...repl("expect", ["-c"], [], []), options: { "-c": "code:expect", "-f": "script", "-D": "value" }, operands: ["script", "value"] },
  tsx: repl("node", ["-e", "--eval", "-p", "--print"], ["--tsconfig", "--env-file"], ["--import", "--require", "-r"]),
  "ts-node": repl("node", ["-e", "--eval", "-p", "--print"], ["-P", "--project"], ["-r", "--require", "-O", "--compiler-options"]),
  irb: repl("ruby", [], [], ["-r", "-I"]),
  pry: repl("ruby", ["-e", "--exec"], [], ["-r", "-I"]),
  rake: {
    options: {
      "-e": "code:ruby",
      "--execute": "code:ruby",
      "-p": "code:ruby",
      "--execute-print": "code:ruby",
      "-E": "code:ruby",
      "--execute-continue": "code:ruby",
      "-f": "read",
      "--rakefile": "read",
      "-r": "value",
      "--require": "value",
      "-I": "path",
      "--libdir": "path",
      "-C": "path",
      "--directory": "path",
      "-R": "path",
      "--rakelibdir": "path",
      "-j": "value",
      "--jobs": "value",
    },
    operands: ["value"],
    abbreviations: true,
  },
  psysh: repl("php", [], [], []),
  // Crystal's syntax is Ruby's where it runs commands (`system`, backticks): `crystal run FILE` or `crystal FILE`, `eval CODE`.
  crystal: {
    ...repl("ruby", [], [], ["-o", "-D", "--define", "--target", "--error-trace"]),
    optionalSubcommands: true,
    subcommands: {
      run: repl("ruby", [], [], ["-o", "-D", "--define", "--target"]),
      i: repl("ruby", [], [], []),
      eval: { operands: ["code:ruby"] },
      ...Object.fromEntries(["build", "docs", "env", "init", "play", "spec", "tool", "version", "help", "deps"].map((name): [string, ProgramSpec] => [name, {}])),
    },
  },
  // nim runs a file it compiles (`r`, `c -r`, `e` for NimScript); compiling alone runs its staticExec/gorge calls too.
  nim: {
    optionalSubcommands: true,
    subcommands: Object.fromEntries(
      ["r", "run", "c", "compile", "cc", "cpp", "compileToCpp", "objc", "js", "e"]
        .map((name): [string, ProgramSpec] => [name, { options: { "-o": "write", "--out": "write", "--outdir": "path" }, operands: ["script", "read"], stdin: "code:nim" }])
        .concat(["check", "doc", "doc2", "dump", "genDepend", "jsondoc", "ctags", "buildIndex", "secret", "nimsuggest"].map((name): [string, ProgramSpec] => [name, {}])),
    ),
  },
  bpython: repl("python", [], [], []),
  // Notebooks and literate documents whose code cells run: `jupyter nbconvert --execute`, `jupyter execute`, papermill, quarto.
  jupyter: {
    subcommands: {
      nbconvert: {
        options: { "--to": "value", "--output": "write", "--output-dir": "path", "--template": "value", "--config": "read" },
        operands: ["read"],
        scriptLanguage: "notebook",
        rolesWith: { "--execute": { operands: "script" } },
      },
      execute: { options: { "--kernel_name": "value", "--output": "write" }, operands: ["script"], scriptLanguage: "notebook" },
      "*": {},
    },
  },
  papermill: {
    options: {
      "-p": "value",
      "--parameters": "value",
      "-r": "value",
      "--parameters_raw": "value",
      "-f": "read",
      "--parameters_file": "read",
      "-y": "value",
      "--parameters_yaml": "value",
      "-k": "value",
      "--kernel": "value",
      "--cwd": "path",
      "--cwd-dir": "path",
    },
    operands: ["script", "write"],
    scriptLanguage: "notebook",
  },
  quarto: {
    subcommands: Object.fromEntries(
      ["render", "preview"]
        .map((name): [string, ProgramSpec] => [
          name,
          {
            options: {
              "--to": "value",
              "-t": "value",
              "--output": "write",
              "-o": "write",
              "--output-dir": "path",
              "-P": "value",
              "--execute-params": "read",
              "--profile": "value",
            },
            operands: ["script"],
            scriptLanguage: "notebook",
          },
        ])
        .concat([["*", {}]]),
    ),
  },
  // Erlang scripts: `escript FILE ARGS…` runs FILE's main/1 (its `#!` and `%%!` lines are no code); -s only checks it.
  escript: { ...repl("erlang", [], [], []), options: { "-c": "flag", "-d": "flag", "-i": "flag", "-n": "flag" } },
  // IEx: Elixir files it is given (or -r) are evaluated, `-e` text too; `-S mix` runs a script found on PATH.
  iex: repl("elixir", ["-e", "--eval"], ["-r", "--dot-iex"], ["-S", "--sname", "--name", "--cookie", "--erl", "--remsh", "-pa", "-pz"]),
};
