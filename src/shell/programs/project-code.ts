// Where a project's own code comes from and what runs it. A clone fetches a
// repository nobody here has read; a build tool, a package manager's install
// or a test runner then runs that repository's code (its Makefile, its
// package.json scripts, build.rs, setup.py, go:generate lines) with the
// user's rights. `git clone URL && cd repo && make` is `curl … | sh` by
// another road: the interpreter marks what a clone wrote as downloaded (a
// script in it run at once is remote code), and a program below run inside
// it is labelled RUNS_DOWNLOADED_PROJECT.

/** The label of a build, install or test run inside a repository the same input cloned or downloaded. */
export const RUNS_DOWNLOADED_PROJECT = "runs-downloaded-project";

/** Subcommand words (joined by spaces) by program that clone a repository from its first operand; [] for any. */
export const CLONERS: Readonly<Record<string, readonly string[]>> = {
  git: ["clone", "submodule add"],
  hg: ["clone"],
  svn: ["checkout", "co", "export"],
  gh: ["repo clone"],
  glab: ["repo clone"],
  degit: [],
  tiged: [],
  // Breezy and Bazaar: `brz branch URL [DIR]`, `checkout`, `clone`.
  brz: ["branch", "checkout", "co", "clone", "get"],
  bzr: ["branch", "checkout", "co", "clone", "get"],
  fossil: ["clone"],
  darcs: ["clone", "get"],
  pijul: ["clone"],
};

/** The subcommands (joined by spaces) that run the working directory's project code, or "always" for the program itself. */
const PROJECT_CODE_RUNNERS: Readonly<Record<string, readonly string[] | "always">> = {
  make: "always",
  gmake: "always",
  bmake: "always",
  just: "always",
  ninja: "always",
  cmake: "always",
  rake: "always",
  tox: "always",
  nox: "always",
  gradle: "always",
  mvn: "always",
  ant: "always",
  sbt: "always",
  npm: [
    "install",
    "i",
    "add",
    "ci",
    "run",
    "run-script",
    "test",
    "start",
    "restart",
    "rebuild",
    "exec",
    "x",
    "install-test",
    "it",
    "install-ci-test",
    "cit",
    "clean-install-test",
    "sit",
  ],
  pnpm: ["install", "i", "add", "run", "test", "start", "exec", "install-test", "it"],
  yarn: ["install", "add", "run", "test", "start", "exec"],
  bun: ["install", "i", "add", "run", "test"],
  pip: ["install"],
  pip3: ["install"],
  poetry: ["install", "add", "run", "build"],
  pipx: ["install"],
  // A local .gem builds its native extensions (extconf.rb) as it installs.
  gem: ["install", "i"],
  uv: ["run", "sync", "add", "pip install", "tool install"],
  cargo: ["build", "b", "run", "r", "test", "t", "install", "bench"],
  go: ["generate", "run", "test", "build", "install"],
  bundle: ["install", "exec"],
  composer: ["install", "update", "run-script", "run"],
  mix: ["compile", "run", "test", "deps.get"],
  dotnet: ["build", "run", "test"],
  swift: ["build", "run", "test"],
  deno: ["task"],
  // A Dockerfile's RUN steps and a compose file's builds, bind mounts and privileges come from the repository.
  docker: ["build", "buildx build", "image build", "compose up", "compose build", "compose run"],
  "docker-compose": ["up", "build", "run"],
  podman: ["build", "image build", "compose up", "compose build"],
  "podman-compose": ["up", "build", "run"],
  // Build, task and dev tools that run what the project's own files say (session/build-carriers.ts reads them).
  fab: "always",
  doit: "always",
  poe: "always",
  jake: "always",
  cake: "always",
  mage: "always",
  waf: "always",
  xmake: "always",
  premake5: "always",
  makers: "always",
  bb: "always",
  earthly: "always",
  tilt: "always",
  bazel: "always",
  bazelisk: "always",
  buck2: "always",
  skaffold: "always",
  devspace: "always",
  foreman: "always",
  honcho: "always",
  overmind: "always",
  fastlane: "always",
};

/** Whether a program (by name, with the subcommand words its grammar read) runs the project code where it runs. */
export function runsProjectCode(name: string, subcommand: readonly string[]): boolean {
  const entry = PROJECT_CODE_RUNNERS[name];
  if (entry === undefined) return false;
  if (entry === "always") return true;
  const words = subcommand.join(" ");
  // `yarn` alone installs; `npm`/`pnpm` alone print help.
  if (words === "") return name === "yarn" || name === "bun";
  return entry.includes(words);
}

/**
 * Where a clone comes from and goes to, from the words its grammar read: the subcommand words and the positional
 * words after them (`hg`'s and `svn`'s grammars have no subcommands: their first word is the verb). Undefined when
 * the command clones nothing.
 */
export function cloneOf(name: string, subcommand: readonly string[], positional: readonly string[]): { source: string; into?: string } | undefined {
  const entry = CLONERS[name];
  if (entry === undefined) return undefined;
  const words = subcommand.length > 0 || entry.length === 0 ? positional : positional.slice(1);
  const verb = subcommand.length > 0 ? subcommand.join(" ") : positional[0];
  if (entry.length > 0 && (verb === undefined || !entry.includes(verb))) return undefined;
  const [source, into] = words;
  if (source === undefined) return undefined;
  return into === undefined ? { source } : { source, into };
}
