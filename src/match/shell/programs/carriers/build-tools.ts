// Build tools and package managers' runners: the commands and programs
// they are told to run (cmake -E, a compiler's -wrapper, go's -exec and
// -toolexec, cargo's runners and wrappers, `npm exec`, `poetry run`, `nix
// develop -c`, hyperfine's benchmarks, nodemon's --exec), the code they
// evaluate (latexmk -e, mix run -e), and the files they write (-o).
// Scripts a project defines (package.json, Makefile, justfile) are not on
// the command line and are not judged here. The package managers that
// also publish (npm, pnpm, yarn, bun, cargo, gem, poetry, uv, …) are
// described once, with their runners, in ../packages.ts.
import { MAKE } from "../builtins.ts";
import type { OptionRole, ProgramSpec } from "../spec.ts";

/** `TOOL run CMD ARGS…`, `TOOL exec CMD…`: the words after the subcommand's options are a command. */
const runner = (options: Record<string, OptionRole> = {}, leading: readonly ("value" | "path")[] = []): ProgramSpec => ({ options, operands: [...leading, "argv"] });

const COMPILER: ProgramSpec = {
  singleDashWords: true,
  options: {
    "-o": "write", "-wrapper": "code:comma-argv", "-B": "path", "-specs": "read", "--specs": "read", "-fplugin": "read", "-MF": "write", "-MT": "value", "-MQ": "value",
    "-x": "value", "-I": "path", "-L": "path", "-D": "value", "-U": "value", "-l": "value", "-include": "read", "-imacros": "read", "-isystem": "path", "-iquote": "path",
    "-idirafter": "path", "-isysroot": "path", "--sysroot": "path", "-T": "read", "-Xlinker": "value", "-Xassembler": "value", "-Xpreprocessor": "value", "-Xclang": "value",
    "-arch": "value", "-target": "value", "--target": "value", "-F": "path", "-framework": "value", "-e": "value", "-u": "value", "-z": "value", "-aux-info": "write",
  },
  operands: ["read"],
};

const GO_BUILD = { "-o": "write", "-toolexec": "shell", "-exec": "shell", "-C": "path", "-modfile": "read", "-overlay": "read", "-pgo": "read", "-ldflags": "value", "-gcflags": "value", "-asmflags": "value", "-tags": "value", "-mod": "value", "-p": "value", "-pkgdir": "path", "-coverpkg": "value", "-covermode": "value" } as const;

export const BUILD_TOOLS: Record<string, ProgramSpec> = {
  gmake: MAKE,
  cmake: {
    options: {
      "-E": "command", "-P": "read", "-S": "path", "-B": "write", "--build": "path", "--install": "path", "--prefix": "path", "-C": "read", "-D": "value", "-U": "value",
      "-G": "value", "-T": "value", "-A": "value", "--config": "value", "--target": "value", "-t": "value", "-j": "value", "--parallel": "value", "--preset": "value",
      "--toolchain": "read", "--graphviz": "write", "--log-level": "value", "--trace-redirect": "write", "--profiling-output": "write", "--component": "value",
    },
    operands: ["read"],
  },
  cc: COMPILER,
  gcc: COMPILER,
  "g++": COMPILER,
  "c++": COMPILER,
  clang: COMPILER,
  "clang++": COMPILER,
  c89: COMPILER,
  c99: COMPILER,
  go: {
    singleDashWords: true,
    subcommands: {
      run: { singleDashWords: true, options: GO_BUILD, operands: ["read", "value"] },
      build: { singleDashWords: true, options: GO_BUILD, operands: ["read"] },
      install: { singleDashWords: true, options: GO_BUILD, operands: ["value"] },
      test: { singleDashWords: true, options: { ...GO_BUILD, "-run": "pattern", "-bench": "pattern", "-coverprofile": "write", "-cpuprofile": "write", "-memprofile": "write", "-blockprofile": "write", "-mutexprofile": "write", "-trace": "write", "-outputdir": "path", "-count": "value", "-timeout": "value", "-parallel": "value" }, operands: ["value"] },
      vet: { singleDashWords: true, options: { ...GO_BUILD, "-vettool": "argv" }, operands: ["value"] },
      tool: { operands: ["value"] },
      env: { options: { "-w": "flag", "-u": "flag" }, operands: ["value"] },
    },
  },
  rustc: {
    options: { "-o": "write", "--out-dir": "write", "-C": "code:rustc-codegen", "--codegen": "code:rustc-codegen", "-L": "path", "-l": "value", "--extern": "value", "--emit": "value", "--crate-type": "value", "--crate-name": "value", "--edition": "value", "--cfg": "value", "--target": "value", "--explain": "value", "--sysroot": "path", "-A": "value", "-W": "value", "-D": "value", "-F": "value", "--cap-lints": "value", "--error-format": "value" },
    operands: ["read"],
  },
  rustup: { subcommands: { run: runner({ "--install": "flag" }, ["value"]), toolchain: { operands: ["value", "value", "path"] } } },
  pip: { options: { "--log": "write", "--cache-dir": "path" }, operands: ["value"], subcommands: { config: { options: { "--editor": "shell" }, operands: ["value"] }, install: { options: { "-r": "read", "--requirement": "read", "-c": "read", "--constraint": "read", "-t": "write", "--target": "write", "--prefix": "write", "--root": "write", "--src": "write", "-e": "path", "--editable": "path", "--log": "write" }, operands: ["value"] }, download: { options: { "-d": "write", "--dest": "write", "-r": "read", "--requirement": "read" }, operands: ["value"] } } },
  bundler: { subcommands: { exec: runner({ "--gemfile": "read" }) } },
  composer: { options: { "-d": "path", "--working-dir": "path" }, subcommands: { exec: runner(), global: { subcommands: { exec: runner() } } } },
  rye: { subcommands: { run: runner() } },
  conda: { subcommands: { run: runner({ "-n": "value", "--name": "value", "-p": "path", "--prefix": "path", "--cwd": "path" }) } },
  mamba: { subcommands: { run: runner({ "-n": "value", "--name": "value", "-p": "path", "--prefix": "path" }) } },
  micromamba: { subcommands: { run: runner({ "-n": "value", "--name": "value", "-p": "path", "--prefix": "path" }) } },
  pixi: { subcommands: { run: { options: { "-e": "value", "--environment": "value", "--manifest-path": "read" }, operands: ["shell-words"] }, exec: runner({ "-s": "value", "--spec": "value" }) } },
  cabal: { subcommands: { exec: runner({ "--project-file": "read" }), run: runner() } },
  stack: { subcommands: { exec: runner({ "--package": "value" }), runghc: runner(), run: runner() } },
  asdf: { subcommands: { exec: runner() } },
  pyenv: { subcommands: { exec: runner() } },
  rbenv: { subcommands: { exec: runner() } },
  nodenv: { subcommands: { exec: runner() } },
  goenv: { subcommands: { exec: runner() } },
  jenv: { subcommands: { exec: runner() } },
  fnm: { subcommands: { exec: runner({ "--using": "value" }) } },
  volta: { subcommands: { run: runner({ "--node": "value", "--npm": "value", "--yarn": "value" }) } },
  mise: { subcommands: { exec: { options: { "-C": "path", "--cd": "path", "-c": "shell", "--command": "shell" }, operands: ["value"], afterDoubleDash: "argv" }, x: { options: { "-C": "path", "--cd": "path", "-c": "shell", "--command": "shell" }, operands: ["value"], afterDoubleDash: "argv" } } },
  devbox: { subcommands: { run: { options: { "-c": "path", "--config": "path" }, operands: ["shell-words"] } } },
  "nix-shell": { options: { "--run": "shell", "--command": "shell", "-p": "value", "--packages": "value", "-I": "path", "--arg": "value", "--argstr": "value", "-A": "value", "--attr": "value", "-E": "value", "--expr": "value" }, operands: ["read"] },
  nix: {
    subcommands: {
      develop: { options: { "-c": "command", "--command": "command", "--profile": "path" }, operands: ["value"] },
      shell: { options: { "-c": "command", "--command": "command" }, operands: ["value"] },
      run: { operands: ["value", "value"] },
    },
  },
  hyperfine: {
    options: {
      "-p": "shell", "--prepare": "shell", "-s": "shell", "--setup": "shell", "-c": "shell", "--cleanup": "shell", "--conclude": "shell", "-S": "argv", "--shell": "argv",
      "--export-asciidoc": "write", "--export-csv": "write", "--export-json": "write", "--export-markdown": "write", "--export-orgmode": "write", "--output": "write",
      "-n": "value", "--command-name": "value", "-w": "value", "--warmup": "value", "-r": "value", "--runs": "value", "-m": "value", "--min-runs": "value", "-M": "value", "--max-runs": "value",
      "-L": "value", "--parameter-list": "value", "-P": "value", "--parameter-scan": "value", "-D": "value", "--parameter-step-size": "value", "-u": "value", "--time-unit": "value", "--style": "value", "--sort": "value",
    },
    operands: ["shell"],
  },
  nodemon: { options: { "-x": "shell", "--exec": "shell", "-w": "path", "--watch": "path", "-e": "value", "--ext": "value", "-i": "pattern", "--ignore": "pattern", "--signal": "value", "--config": "read", "-d": "value", "--delay": "value" }, operands: ["read", "value"] },
  concurrently: { options: { "-n": "value", "--names": "value", "-c": "value", "--prefix-colors": "value", "-p": "value", "--prefix": "value", "-s": "value", "--success": "value", "--kill-signal": "value", "--max-processes": "value", "-m": "value", "--restart-tries": "value", "--restart-after": "value" }, operands: ["shell"] },
  latexmk: {
    singleDashWords: true,
    options: {
      "-e": "code:perl", "-r": "read", "-pdflatex": "shell", "-latex": "shell", "-lualatex": "shell", "-xelatex": "shell", "-dvipdf": "shell", "-ps2pdf": "shell", "-pdfdvi": "flag",
      "-bibtex-cond": "flag", "-usepretex": "value", "-outdir": "path", "-output-directory": "path", "-auxdir": "path", "-aux-directory": "path", "-jobname": "value", "-deps-out": "write",
    },
    operands: ["read"],
  },
  tsc: { options: { "--outFile": "write", "--outfile": "write", "--outDir": "write", "-p": "read", "--project": "read", "--tsBuildInfoFile": "write", "--rootDir": "path", "--declarationDir": "write", "--generateTrace": "write" }, operands: ["read"] },
  autoconf: { options: { "-o": "write", "--output": "write", "-I": "path", "-B": "path" }, operands: ["read"], env: { AUTOM4TE: "argv", M4: "argv" } },
  autoheader: { options: { "-I": "path", "-B": "path" }, operands: ["read"], env: { AUTOM4TE: "argv", M4: "argv" } },
  autoreconf: { options: { "-I": "path", "-B": "path", "--make": "flag" }, operands: ["path"], env: { AUTOCONF: "argv", AUTOHEADER: "argv", AUTOM4TE: "argv", AUTOMAKE: "argv", ACLOCAL: "argv", AUTOPOINT: "argv", LIBTOOLIZE: "argv", M4: "argv", GTKDOCIZE: "argv", MAKE: "argv" } },
  autom4te: { options: { "-o": "write", "--output": "write", "-l": "value", "--language": "value", "-I": "path", "-B": "path" }, operands: ["read"], env: { M4: "argv" } },
  mypy: { options: { "--junit-xml": "write", "--config-file": "read", "--cache-dir": "path", "--html-report": "write", "--txt-report": "write", "--xml-report": "write", "--linecount-report": "write", "--cobertura-xml-report": "write", "--lineprecision-report": "write", "--any-exprs-report": "write", "--python-executable": "argv", "-m": "value", "-p": "value", "-c": "value", "--exclude": "pattern" }, operands: ["read"] },
  rustdoc: { options: { "-o": "write", "--out-dir": "write", "-L": "path", "--extern": "value", "--crate-name": "value", "--edition": "value", "--html-in-header": "read", "--html-before-content": "read", "--html-after-content": "read", "--markdown-css": "value", "--theme": "read" }, operands: ["read"] },
  nasm: { options: { "-o": "write", "-@": "read", "-l": "write", "-M": "flag", "-MF": "write", "-f": "value", "-I": "path", "-i": "path", "-p": "read", "-P": "read", "-D": "value", "-U": "value" }, operands: ["read"] },
  as: { options: { "-o": "write", "-I": "path", "--defsym": "value", "-a": "flag" }, operands: ["read"] },
  reflex: { options: { "-r": "pattern", "--regex": "pattern", "-g": "pattern", "--glob": "pattern", "-R": "pattern", "-G": "pattern", "-c": "read", "--config": "read", "-s": "flag", "-d": "value" }, operands: ["value"], afterDoubleDash: "argv" },
  chokidar: { options: { "-c": "shell", "--command": "shell", "-i": "pattern", "--ignore": "pattern", "-d": "value", "--debounce": "value", "-t": "value", "--throttle": "value" }, operands: ["pattern"] },
  onchange: { options: { "-e": "pattern", "--exclude": "pattern", "-d": "value", "--delay": "value", "-k": "flag", "-i": "flag" }, operands: ["pattern"], afterDoubleDash: "argv" },
  mvn: { options: { "-f": "read", "--file": "read", "-s": "read", "--settings": "read", "-gs": "read", "-l": "write", "--log-file": "write", "-D": "value", "-P": "value", "-pl": "value", "-T": "value" }, operands: ["value"] },
  gradle: { options: { "-b": "read", "--build-file": "read", "-c": "read", "-I": "read", "--init-script": "read", "-p": "path", "--project-dir": "path", "-D": "value", "-P": "value", "-x": "value" }, operands: ["value"] },
};
