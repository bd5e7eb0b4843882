// Test runners and build tools run project code: pytest imports conftest.py
// and the test files, `python -m unittest` the test modules, `go test` the
// _test.go files (and `go generate` the //go:generate lines), cargo a
// build.rs (and the tests for `cargo test`), tox and nox their commands.
// Files are found by listing (a FileNeed with `pattern`); each found file is
// judged by its text in its own language.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { UNKNOWN } from "../languages/code.ts";
import { readLanguage } from "../languages/index.ts";
import { MAX_FOLLOWED_IMPORTS, MAX_IMPORT_CANDIDATES_ASKED } from "../../limits.ts";
import { importedPythonModules } from "../interpret/python-imports.ts";
import { type FileLookup, inDir, knownText, knownTexts, optionValue, type ProjectRun, runIn, type Snippet, shellWord } from "./snippet.ts";

const PYTHONS = /^python(?:\d+(?:\.\d+)?)?$/;

export function testRun(command: SimpleCommand): ProjectRun | undefined {
  if (command.name === "pytest" || command.name === "py.test") return pytestRun(command.args.filter((arg) => !arg.startsWith("-")));
  if (PYTHONS.test(command.name)) {
    const module = moduleOf(command.args);
    if (module?.name === "pytest") return pytestRun(module.rest.filter((arg) => !arg.startsWith("-")));
    if (module?.name === "unittest") return listedRun("python -m unittest", [{ path: "**/test*.py", role: "test", pattern: true }], undefined, false, codeSnippets("python"));
  }
  if (command.name === "go") return goRun(command);
  if (command.name === "cargo") return cargoRun(command);
  if (command.name === "tox") return toxRun();
  if (command.name === "nox") return listedRun("nox", [{ path: "noxfile.py", role: "noxfile" }], "python3", true);
  return undefined;
}

function moduleOf(args: readonly string[]): { name: string; rest: readonly string[] } | undefined {
  const at = args.indexOf("-m");
  return at < 0 || args[at + 1] === undefined ? undefined : { name: args[at + 1]!, rest: args.slice(at + 2) };
}

function pytestRun(operands: readonly string[]): ProjectRun {
  const needs: FileNeed[] = [{ path: "conftest.py", role: "test", optional: true }];
  const targets = operands.map((operand) => operand.replace(/::.*$/, "").replace(/\/+$/, ""));
  if (targets.length === 0) needs.push(...testGlobs(""));
  for (const target of targets) {
    if (target.endsWith(".py")) needs.push({ path: target.replace(/^\.\//, ""), role: "test" });
    else needs.push(...testGlobs(target.replace(/^\.\/?/, "")));
  }
  return withPythonImports(listedRun("pytest", needs, undefined, false, codeSnippets("python")), needs);
}

/**
 * The project modules the test files import run with them (`from tests.helpers import go`): asked for (optional),
 * and their code judged with the tests' (python-imports.ts).
 */
function withPythonImports(run: ProjectRun, needs: readonly FileNeed[]): ProjectRun {
  const loaded = (get: FileLookup) => needs.flatMap((need) => get(need.path)?.matches ?? (need.pattern ? [] : [need.path]));
  const imported = (get: FileLookup) => importedPythonModules(loaded(get), (path) => get(path)?.content, MAX_FOLLOWED_IMPORTS, MAX_IMPORT_CANDIDATES_ASKED);
  const code = codeSnippets("python");
  return {
    ...run,
    more: (get) => [...(run.more?.(get) ?? []), ...imported(get).asked.map((path): FileNeed => ({ path, role: "test", optional: true }))],
    read: (get) => [
      ...run.read(get),
      ...knownTexts(imported(get).known, get).flatMap(({ path, content, label }) => code(path, content, `${run.what} (imports ${path}, ${label})`)),
    ],
  };
}

function testGlobs(dir: string): FileNeed[] {
  return ["**/test_*.py", "**/*_test.py", "**/conftest.py"].map((glob) => ({ path: inDir(dir, glob), role: "test" as const, pattern: true as const }));
}

/** Files found by name or listing, each run with the interpreter (or read by `read`). */
export function listedRun(
  what: string,
  needs: readonly FileNeed[],
  interpreter: string | undefined,
  primary = false,
  read?: (path: string, content: string, label: string) => Snippet[],
): ProjectRun {
  const concrete = needs.filter((need) => !need.pattern);
  const listings = needs.filter((need) => need.pattern);
  return {
    what,
    candidates: primary ? concrete.filter((need) => !need.optional) : [],
    extra: [
      ...(primary ? concrete.filter((need) => need.optional) : concrete.map((need) => ({ ...need, optional: true as const }))),
      ...listings.map((need) => ({ ...need, optional: true as const })),
    ],
    more: (get) => listings.flatMap((need) => (get(need.path)?.matches ?? []).map((path) => ({ path, role: need.role, optional: true as const }))),
    read: (get) => {
      const paths = [...concrete.map((need) => need.path), ...listings.flatMap((need) => get(need.path)?.matches ?? [])];
      return knownTexts([...new Set(paths)], get).flatMap(({ path, content, label }) => {
        const via = `${what} (${path}, ${label})`;
        if (read) return read(path, content, via);
        return [{ kind: "file" as const, path, ...(interpreter ? { interpreter } : {}), via }, ...noxSessions(path, content, via)];
      });
    },
  };
}

/** nox's `session.run("cmd", "arg")`: each a command the session runs. */
function noxSessions(path: string, content: string, via: string): Snippet[] {
  if (!path.endsWith("noxfile.py")) return [];
  // The session is whatever a decorated function names its first parameter (`def tests(s):`), `session` by custom.
  const names = new Set(["session", ...[...content.matchAll(/@nox\.session\b[^\n]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*def[ \t]+\w+[ \t]*\([ \t]*(\w+)/g)].map((match) => match[1]!)]);
  const runs = new RegExp(`\\b(?:${[...names].join("|")})\\.run(?:_always|_install)?\\(([^)]*)\\)`, "g");
  return [...content.matchAll(runs)].flatMap((match) => {
    const words = stringLiterals(match[1]!);
    return words.length === 0 ? [] : [{ kind: "shell" as const, text: words.map(shellWord).join(" "), via }];
  });
}

/** The string literals in an argument list, in order (`"rm", '-rf'`). */
function stringLiterals(text: string): string[] {
  return [...text.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)].map((match) => (match[1] ?? match[2] ?? "").replace(/\\(.)/g, "$1"));
}

// ─── tox ──────────────────────────────────────────────────────────────────

function toxRun(): ProjectRun {
  return {
    what: "tox",
    candidates: [{ path: "tox.ini", role: "tox" }],
    read: (get) => {
      const file = knownText("tox.ini", get);
      return file ? toxCommands(file.content).map((text) => ({ kind: "shell" as const, text, via: `tox (tox.ini, ${file.label})` })) : [];
    },
  };
}

function toxCommands(text: string): string[] {
  const commands: string[] = [];
  let inCommands = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*\[/.test(line)) {
      inCommands = false;
      continue;
    }
    const start = /^(commands(?:_pre|_post)?)\s*=\s*(.*)$/.exec(line);
    if (start) {
      inCommands = true;
      if (start[2]!.trim() !== "") commands.push(start[2]!.trim());
      continue;
    }
    if (inCommands && /^\s+\S/.test(line)) commands.push(line.trim());
    else if (!/^\s*$/.test(line)) inCommands = false;
  }
  return commands.map((command) => command.replace(/^-\s*/, "").replace(/\{([^{}]*)\}/g, (_, name: string) => `\${TOX_${name.replace(/\W+/g, "_")}}`));
}

// ─── go and cargo ─────────────────────────────────────────────────────────

function goRun(command: SimpleCommand): ProjectRun | undefined {
  const sub = command.subcommand[0] ?? command.args.find((arg) => !arg.startsWith("-"));
  const packages = command.args.filter((arg) => !arg.startsWith("-") && arg !== sub);
  if (sub === "test" || sub === "vet") {
    const globs = (packages.length > 0 ? packages : ["."]).map((pkg) =>
      pkg.endsWith("/...") ? inDir(pkg.slice(0, -4).replace(/^\.\/?/, ""), "**/*_test.go") : inDir(pkg.replace(/^\.\/?/, ""), "*_test.go"),
    );
    if (sub === "vet") return undefined;
    return listedRun(
      "go test",
      globs.map((path) => ({ path, role: "go" as const, pattern: true as const })),
      undefined,
      false,
      codeSnippets("go"),
    );
  }
  // `go run ./cmd/tool`: a package directory, whose (non-test) files make the program that runs. A `.go` file operand
  // is read by the go command's own grammar, as a script.
  const target = packages[0];
  if (sub === "run" && target !== undefined && !target.endsWith(".go") && /^\.{1,2}(?:\/|$)/.test(target)) {
    const read = codeSnippets("go");
    return listedRun("go run", [{ path: inDir(target.replace(/^\.\/?/, "").replace(/\/+$/, ""), "*.go"), role: "go", pattern: true }], undefined, false, (path, content, via) =>
      path.endsWith("_test.go") ? [] : read(path, content, via),
    );
  }
  if (sub === "generate") {
    const globs = (packages.length > 0 ? packages : ["."]).map((pkg) =>
      pkg.endsWith("/...") ? inDir(pkg.slice(0, -4).replace(/^\.\/?/, ""), "**/*.go") : inDir(pkg.replace(/^\.\/?/, ""), "*.go"),
    );
    return listedRun(
      "go generate",
      globs.map((path) => ({ path, role: "go" as const, pattern: true as const })),
      undefined,
      false,
      (_path, content, via) => [...content.matchAll(/^\/\/go:generate\s+(.+)$/gm)].map((match) => ({ kind: "shell" as const, text: match[1]!, via })),
    );
  }
  return undefined;
}

/**
 * What project code a test runner or build tool runs amounts to, read by the language's call table (the one place
 * that knows `exec.Command`, `os.RemoveAll`, `Command::new`, `fs::remove_dir_all`…). A command whose program only
 * the run knows (`exec.Command(bin, "--help")`, a binary the test built) is left out: the test runner's own
 * everyday work, which the text cannot judge either way.
 */
export function codeSnippets(language: string): (path: string, content: string, via: string) => Snippet[] {
  return (_path, content, via) => {
    const lines = readLanguage(language, content, language).lines.filter((line) => !line.line.startsWith(UNKNOWN));
    // One text, in the code's order: a file the code downloads and then runs is judged as the download it is.
    return lines.length === 0 ? [] : [{ kind: "shell" as const, text: lines.map((line) => line.line).join("\n"), via }];
  };
}

/** The package a cargo command builds when it is not the working directory's: `--path DIR` (install), `--manifest-path DIR/Cargo.toml`. */
function cargoPackageDir(command: SimpleCommand): string | undefined {
  const path = optionValue(command.args, ["--path"], ["--path"]);
  if (path !== undefined) return path.replace(/\/+$/, "") || ".";
  const manifest = optionValue(command.args, ["--manifest-path"], ["--manifest-path"]);
  if (manifest === undefined || !manifest.endsWith("Cargo.toml")) return undefined;
  return manifest.includes("/") ? manifest.slice(0, manifest.lastIndexOf("/")) : undefined;
}

function cargoRun(command: SimpleCommand): ProjectRun | undefined {
  const run = cargoRunHere(command);
  const dir = cargoPackageDir(command);
  // Outside the project (`--path ../tool`, `~/src/x`) the files are not the project's to read.
  return dir === undefined || dir.startsWith("/") || dir.startsWith("~") || dir.split("/").includes("..") ? run : runIn(dir, run);
}

function cargoRunHere(command: SimpleCommand): ProjectRun | undefined {
  const given = command.subcommand[0] ?? command.args.find((arg) => !arg.startsWith("-"));
  // cargo-nextest (`cargo nextest run`) builds and runs the tests as `cargo test` does.
  const sub = given === "nextest" ? "test" : given;
  if (!sub || !["build", "b", "run", "r", "test", "t", "check", "c", "bench", "install", "clippy", "doc"].includes(sub)) return undefined;
  const needs: FileNeed[] = [{ path: "build.rs", role: "cargo-build" }];
  const tests = sub === "test" || sub === "t" || sub === "bench";
  // Unit tests live beside the code, in each source file's `#[cfg(test)]` module: those modules run too.
  if (tests) needs.push({ path: "tests/**/*.rs", role: "test", pattern: true }, { path: "src/**/*.rs", role: "test", pattern: true });
  if (sub === "bench") needs.push({ path: "benches/**/*.rs", role: "test", pattern: true });
  // `cargo run` runs the package's program once built: its main and the binaries under src/bin.
  if (sub === "run" || sub === "r") needs.push({ path: "src/main.rs", role: "cargo-build", optional: true }, { path: "src/bin/*.rs", role: "cargo-build", pattern: true });
  const code = codeSnippets("rust");
  if (!tests) return listedRun(`cargo ${sub}`, needs, undefined, false, code);
  return listedRun(`cargo ${sub}`, needs, undefined, false, (path, content, via) => {
    if (!path.startsWith("src/") || path === "src/main.rs" || path.startsWith("src/bin/")) return code(path, content, via);
    const at = content.search(RUST_TEST_MODULE);
    return at < 0 ? [] : code(path, content.slice(at), via);
  });
}

/** Where a source file's test module starts (`#[cfg(test)]`, `#[cfg(all(test, …))]`): what `cargo test` adds to the library. */
const RUST_TEST_MODULE = /#\[cfg\((?:all\()?test\b/;
