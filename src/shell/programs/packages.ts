// Package managers and build tools: which subcommands publish to a public
// registry (tag `publish`) or take a published version back (`unpublish`),
// the options that take a value (so `--tag next` is not read as a file),
// and how they run other programs (`pnpm exec`, `yarn dlx`, `npm exec --`,
// `bundle exec`, and `yarn <bin>` / `pnpm <bin>` for a package's own tools).
import { DOTNET_SCRIPT } from "./carriers/language-tools.ts";
import { CREDENTIAL_OUTPUT } from "./output-labels.ts";
import type { OptionRole, ProgramSpec } from "./spec.ts";
import { fetchesAndRuns } from "./wrappers.ts";

const PUBLISH_OPTIONS: Record<string, OptionRole> = {
  "--tag": "value",
  "--access": "value",
  "--otp": "value",
  "--registry": "url",
  "--dry-run": "flag",
  "-w": "value",
  "--workspace": "value",
  "--provenance": "flag",
  "--provenance-file": "read",
  "--publish-branch": "value",
  "--report-summary": "write",
  "--filter": "value",
  "--json": "flag",
};

const publishes = (options: Record<string, OptionRole> = PUBLISH_OPTIONS): ProgramSpec => ({ options, operands: ["path"], tags: ["publish"], abbreviations: true });
const unpublishes = (options: Record<string, OptionRole> = {}): ProgramSpec => ({
  options: { "--otp": "value", "--registry": "url", ...options },
  operands: ["value"],
  tags: ["unpublish"],
});
const runs = (options: Record<string, OptionRole> = {}): ProgramSpec => ({ options, operands: ["argv"] });
const words = (options: Record<string, OptionRole> = {}): ProgramSpec => ({ options, operands: ["value"] });

/**
 * Registry settings that change what everyone installs or who may publish: `npm dist-tag add pkg@2 latest`,
 * `npm owner add bob pkg`, `npm access set status=public pkg` (tag `registry-change`); listing them only reads.
 */
const registryChanges = (changes: readonly string[]): ProgramSpec => ({
  operands: ["value"],
  subcommands: { ...Object.fromEntries(changes.map((verb) => [verb, { operands: ["value"], tags: ["registry-change"] } satisfies ProgramSpec])), "*": words() },
});
const DIST_TAG = registryChanges(["add", "rm", "remove", "set"]);
const OWNER = registryChanges(["add", "rm", "remove"]);
/** `npm access public|restricted|grant|revoke` (npm 6), `npm access set status=public|mfa=none` (npm 7+). */
const ACCESS = registryChanges(["public", "grant", "revoke", "set", "2fa-not-required"]);
/**
 * `cargo owner --add|--remove LOGIN CRATE` and `gem owner GEM --add|--remove EMAIL`: who may publish the next
 * version, changed by an option; `--list` only reads.
 */
const ownerChangeWith = (triggers: readonly string[], options: Record<string, OptionRole>): ProgramSpec => ({
  options,
  operands: ["value"],
  tagsWith: Object.fromEntries(triggers.map((trigger) => [trigger, ["registry-change"]])),
});

/** `npm config set registry URL`, `npm set registry URL`: settings as words. */
const CONFIG: ProgramSpec = { operands: ["value"], subcommands: { set: words(), get: words(), delete: words(), list: words(), edit: words(), fix: words() } };

/** `dart pub publish`, `retract PACKAGE VERSION` (a version withdrawn), `uploader add|remove EMAIL` (who may publish: older SDKs). */
const DART_PUB: ProgramSpec = {
  operands: ["value"],
  subcommands: {
    publish: publishes({ "-f": "flag", "--force": "flag", "-n": "flag", "--dry-run": "flag" }),
    retract: unpublishes({ "--undo": "flag" }),
    uploader: registryChanges(["add", "remove"]),
  },
};

const NPM: ProgramSpec = {
  // Every npm option may come from `npm_config_NAME` (`npm_config_yes=true npm exec pkg`).
  environmentArguments: { optionPrefix: "npm_config_" },
  options: {
    "--script-shell": "argv",
    "-C": "path",
    "-w": "value",
    "--workspace": "value",
    "--prefix": "path",
    "--registry": "url",
    "--userconfig": "read",
    "--globalconfig": "read",
    "--cache": "path",
    "--loglevel": "value",
  },
  operands: ["value"],
  abbreviations: true,
  env: { npm_config_script_shell: "argv", NPM_CONFIG_SCRIPT_SHELL: "argv" },
  subcommands: {
    publish: publishes(),
    unpublish: unpublishes({ "--force": "flag", "-f": "flag" }),
    deprecate: unpublishes(),
    exec: fetchesAndRuns(runs({ "-p": "value", "--package": "value", "-c": "shell", "--call": "shell", "-w": "value", "--workspace": "value" }), ["-p", "--package"]),
    x: fetchesAndRuns(runs({ "-p": "value", "--package": "value", "-c": "shell", "--call": "shell" }), ["-p", "--package"]),
    explore: { operands: ["value", "argv"] },
    config: CONFIG,
    c: CONFIG,
    set: words(),
    get: words(),
    install: words({ "--registry": "url" }),
    i: words({ "--registry": "url" }),
    ci: words(),
    add: words(),
    run: words({ "-w": "value", "--workspace": "value" }),
    "run-script": words(),
    test: words(),
    "dist-tag": DIST_TAG,
    access: ACCESS,
    owner: OWNER,
    author: OWNER,
    // An organisation's teams: who is in one decides who may publish its packages.
    team: registryChanges(["create", "destroy", "add", "rm"]),
    // `npm org set ORG USER ROLE`, `npm org rm ORG USER`: who is an organisation's owner or member.
    org: registryChanges(["set", "rm", "remove"]),
    // `npm token create` prints the new registry token.
    token: { operands: ["value"], subcommands: { create: { operands: ["value"], tags: [CREDENTIAL_OUTPUT] }, "*": words() } },
    pack: words({ "--pack-destination": "path" }),
    view: words(),
    info: words(),
    version: words(),
    init: words(),
    ls: words(),
    list: words(),
    outdated: words(),
    update: words(),
    uninstall: words(),
    remove: words(),
    audit: words(),
  },
};

/** pnpm and yarn run a package's own tools by name: a word that is not one of their commands is the program (`pnpm prisma …`). */
const runner = (subcommands: Record<string, ProgramSpec>, options: Record<string, OptionRole> = {}): ProgramSpec => ({
  options,
  operands: ["argv"],
  subcommands,
  abbreviations: true,
});

const PNPM_COMMANDS = [
  "add",
  // Handed on to npm: package.json edits (`pnpm pkg set scripts.prepare=…`).
  "pkg",
  "install",
  "i",
  "update",
  "up",
  "upgrade",
  "remove",
  "rm",
  "un",
  "uninstall",
  "link",
  "ln",
  "unlink",
  "import",
  "rebuild",
  "rb",
  "prune",
  "fetch",
  "pack",
  "run",
  "run-script",
  "test",
  "t",
  "start",
  "init",
  "audit",
  "outdated",
  "list",
  "ls",
  "why",
  "store",
  "root",
  "bin",
  "env",
  "setup",
  "patch",
  "patch-commit",
  "licenses",
  "deploy",
  "doctor",
  "server",
  "dedupe",
  "self-update",
  "approve-builds",
  "ignored-builds",
  "install-test",
  "it",
  "create",
  "version",
  "view",
  "info",
  "login",
  "logout",
  "whoami",
  "cat-file",
  "cat-index",
  "find-hash",
  "completion",
];
const YARN_COMMANDS = [
  "add",
  "install",
  "remove",
  "upgrade",
  "up",
  "upgrade-interactive",
  "run",
  "test",
  "init",
  "create",
  "config",
  "cache",
  "link",
  "unlink",
  "pack",
  "version",
  "set",
  "plugin",
  "constraints",
  "dedupe",
  "explain",
  "node",
  "rebuild",
  "global",
  "outdated",
  "audit",
  "list",
  "info",
  "why",
  "owner",
  "tag",
  "team",
  "login",
  "logout",
  "import",
  "licenses",
  "check",
  "autoclean",
  "generate-lock-entry",
  "policies",
  "bin",
  "help",
  "unplug",
  "patch",
  "patch-commit",
  "stage",
  "search",
  "start",
  "build",
  "workspaces",
];
const BUN_COMMANDS = [
  "run",
  "test",
  "repl",
  "install",
  "i",
  "add",
  "a",
  "remove",
  "rm",
  "update",
  "outdated",
  "link",
  "unlink",
  "pm",
  "patch",
  "build",
  "init",
  "create",
  "c",
  "upgrade",
  "audit",
  "info",
  "why",
  "completions",
  "pack",
];

const CARGO_OPTIONS: Record<string, OptionRole> = {
  "--config": "code:cargo-config",
  "-C": "path",
  "--manifest-path": "read",
  "--target-dir": "write",
  "-Z": "value",
  "--color": "value",
  "-j": "value",
  "--jobs": "value",
  "-p": "value",
  "--package": "value",
  "--features": "value",
  "-F": "value",
  "--bin": "value",
  "--example": "value",
  "--target": "value",
  "--profile": "value",
  "--message-format": "value",
};

const plainCommands = (names: readonly string[]): Record<string, ProgramSpec> => Object.fromEntries(names.map((name) => [name, words()]));

export const PACKAGE_PROGRAMS: Record<string, ProgramSpec> = {
  npm: NPM,
  pnpm: runner(
    {
      ...plainCommands(PNPM_COMMANDS),
      publish: publishes({ ...PUBLISH_OPTIONS, "--no-git-checks": "flag", "-r": "flag", "--recursive": "flag" }),
      // `-c` runs the command in a shell: the word after it is a shell command line.
      exec: runs({ "-r": "flag", "--recursive": "flag", "-c": "shell", "--shell-mode": "shell", "--filter": "value" }),
      dlx: fetchesAndRuns(runs({ "--package": "value", "-c": "shell", "--shell-mode": "shell" }), ["--package"]),
      config: CONFIG,
      c: CONFIG,
    },
    { "-C": "path", "--dir": "path", "--filter": "value", "-F": "value", "-w": "flag", "--workspace-root": "flag" },
  ),
  yarn: runner(
    {
      ...plainCommands(YARN_COMMANDS),
      publish: publishes({ ...PUBLISH_OPTIONS, "--new-version": "value", "--message": "value" }),
      npm: { operands: ["value"], subcommands: { publish: publishes(), tag: DIST_TAG, login: words(), logout: words(), whoami: words(), info: words(), audit: words() } },
      // yarn 1: `yarn tag add pkg@1.2.0 latest`, `yarn owner add bob pkg`.
      tag: DIST_TAG,
      owner: OWNER,
      dlx: fetchesAndRuns(runs({ "-p": "value", "--package": "value", "-q": "flag", "--quiet": "flag" }), ["-p", "--package"]),
      exec: runs(),
      workspace: { operands: ["value", "argv"] },
      config: CONFIG,
    },
    { "--cwd": "path", "--registry": "url" },
  ),
  // `bun FILE` and `bun run FILE` run a script; code comes from -e, -p or standard input.
  bun: {
    ...runner(
      {
        ...plainCommands(BUN_COMMANDS),
        publish: publishes({ ...PUBLISH_OPTIONS, "--auth-type": "value", "--gzip-level": "value" }),
        run: { options: { "--cwd": "path", "--shell": "value", "-r": "read", "--preload": "read" }, operands: ["script", "read"] },
        x: fetchesAndRuns(runs({ "-p": "value", "--package": "value" }), ["-p", "--package"]),
        exec: { operands: ["shell-words"] },
        // `bun dev`: a bare name is a package.json script or a package's binary. A word no name fits — a path,
        // `build.ts` — is the file it runs (`bun scripts/reset.js`).
        "*": {},
      },
      { "--cwd": "path", "-e": "code:node", "--eval": "code:node", "-p": "code:node", "--print": "code:node", "-r": "read", "--preload": "read", "--env-file": "read" },
    ),
    operands: ["script", "read"],
    stdin: "code:node",
  },
  lerna: {
    subcommands: {
      publish: publishes({ ...PUBLISH_OPTIONS, "--dist-tag": "value", "--preid": "value", "-m": "value", "--message": "value" }),
      exec: { options: { "--scope": "value" }, operands: ["argv"] },
      run: words(),
    },
    operands: ["value"],
  },
  // JSR (`npx jsr publish`, and `deno publish` in ./interpreters.ts's deno).
  jsr: {
    subcommands: {
      publish: publishes({
        "--token": "value",
        "--config": "read",
        "-c": "read",
        "--allow-slow-types": "flag",
        "--allow-dirty": "flag",
        "--no-provenance": "flag",
        "--dry-run": "flag",
      }),
      add: words(),
      i: words(),
      install: words(),
      remove: words(),
      r: words(),
    },
    operands: ["value"],
  },
  changeset: {
    subcommands: { publish: publishes({ "--tag": "value", "--otp": "value", "--no-git-tag": "flag" }), version: words(), add: words(), status: words(), pre: words() },
    operands: ["value"],
  },
  vsce: {
    subcommands: {
      publish: publishes({ "-p": "value", "--pat": "value", "--packagePath": "read", "-i": "read", "--target": "value" }),
      unpublish: unpublishes(),
      package: words(),
    },
    operands: ["value"],
  },
  ovsx: { subcommands: { publish: publishes({ "-p": "value", "--pat": "value", "--packagePath": "read", "-i": "read" }) }, operands: ["value"] },
  cargo: {
    // `cargo +nightly …`: the toolchain rustup's proxy picks, a word of its own before the subcommand.
    options: { ...CARGO_OPTIONS, "+": "value" },
    operands: ["value"],
    // `cargo -Zscript tool.rs` (`cargo +nightly tool.rs`): a single-file package, run as the Rust it is.
    scriptOperandExtensions: { rs: "rust" },
    env: { RUSTC_WRAPPER: "argv", RUSTC_WORKSPACE_WRAPPER: "argv", RUSTC: "argv", RUSTDOC: "argv", CARGO_BUILD_RUSTC_WRAPPER: "argv", CARGO_BUILD_RUSTC: "argv" },
    subcommands: {
      // `cargo build --config …`: every other subcommand takes the same options (a runner set in --config runs a
      // program); its operands may name files it reads, as an unknown program's do.
      "*": { options: CARGO_OPTIONS, operands: ["read"] },
      publish: publishes({
        "--token": "value",
        "--registry": "value",
        "--index": "url",
        "-p": "value",
        "--package": "value",
        "--manifest-path": "read",
        "--target": "value",
        "--features": "value",
        "-F": "value",
        "-j": "value",
        "--dry-run": "flag",
        "-n": "flag",
      }),
      yank: unpublishes({ "--version": "value", "--vers": "value", "--token": "value", "--registry": "value", "--index": "url", "--undo": "flag" }),
      owner: ownerChangeWith(["--add", "-a", "--remove", "-r"], {
        "--add": "value",
        "-a": "value",
        "--remove": "value",
        "-r": "value",
        "--list": "flag",
        "-l": "flag",
        "--token": "value",
        "--registry": "value",
        "--index": "url",
      }),
    },
  },
  twine: {
    subcommands: {
      upload: publishes({
        "-r": "value",
        "--repository": "value",
        "--repository-url": "url",
        "-u": "value",
        "--username": "value",
        "-p": "value",
        "--password": "value",
        "--config-file": "read",
        "--sign-with": "value",
        "-i": "value",
        "--identity": "value",
        "--cert": "read",
        "--client-cert": "read",
        "-c": "value",
        "--comment": "value",
      }),
      check: words(),
      register: words(),
    },
    operands: ["value"],
  },
  flit: { subcommands: { publish: publishes({ "--repository": "value", "--pypirc": "read", "--format": "value" }) }, operands: ["value"] },
  poetry: {
    options: { "-C": "path", "--directory": "path", "-P": "path", "--project": "path" },
    subcommands: {
      publish: publishes({
        "-r": "value",
        "--repository": "value",
        "-u": "value",
        "--username": "value",
        "-p": "value",
        "--password": "value",
        "--cert": "read",
        "--client-cert": "read",
        "--dist-dir": "path",
        "--build": "flag",
        "--dry-run": "flag",
        "--skip-existing": "flag",
      }),
      run: runs(),
      source: words(),
      config: words(),
    },
    operands: ["value"],
  },
  uv: {
    subcommands: {
      publish: publishes({
        "--publish-url": "url",
        "--index": "value",
        "-u": "value",
        "--username": "value",
        "-p": "value",
        "--password": "value",
        "-t": "value",
        "--token": "value",
        "--trusted-publishing": "value",
        "--check-url": "url",
        "--dry-run": "flag",
      }),
      run: {
        ...runs({
          "--with": "value",
          "--python": "value",
          "-p": "value",
          "--package": "value",
          "--directory": "path",
          "--project": "path",
          "--env-file": "read",
          "--extra": "value",
          "--group": "value",
          "--index": "url",
          "--from": "value",
        }),
        // `uv run fix.py` runs the file with the project's Python.
        carriedScripts: { py: "python" },
      },
      tool: { subcommands: { run: fetchesAndRuns(runs({ "--from": "value", "--with": "value", "--python": "value" }), ["--from"]) } },
    },
    options: { "--directory": "path", "--project": "path" },
    operands: ["value"],
  },
  hatch: {
    subcommands: {
      publish: publishes({
        "-r": "value",
        "--repo": "value",
        "-u": "value",
        "--user": "value",
        "-a": "value",
        "--auth": "value",
        "--ca-cert": "read",
        "--client-cert": "read",
        "--client-key": "read",
      }),
      run: runs({ "-e": "value", "--env": "value" }),
      shell: words(),
    },
    operands: ["value"],
  },
  pdm: {
    subcommands: {
      publish: publishes({
        "-r": "value",
        "--repository": "value",
        "-u": "value",
        "--username": "value",
        "-P": "value",
        "--password": "value",
        "--ca-certs": "read",
        "--comment": "value",
        "--dry-run": "flag",
      }),
      run: runs(),
    },
    operands: ["value"],
  },
  // cpan with no module to install starts its shell on stdin, where a line starting with `!` is Perl code it evals.
  cpan: { options: { "-j": "read", "-J": "flag", "-M": "url", "-c": "value", "-m": "value", "-t": "value", "-D": "value", "-O": "flag" }, operands: ["value"], stdin: "code:perl" },
  gem: {
    subcommands: {
      push: publishes({ "--key": "value", "-k": "value", "--otp": "value", "--host": "url" }),
      yank: unpublishes({ "-v": "value", "--version": "value", "--platform": "value", "--key": "value", "-k": "value", "--host": "url" }),
      owner: ownerChangeWith(["--add", "-a", "--remove", "-r"], {
        "--add": "value",
        "-a": "value",
        "--remove": "value",
        "-r": "value",
        "--key": "value",
        "-k": "value",
        "--otp": "value",
        "--host": "url",
        "--role": "value",
      }),
      sources: words(),
      build: { options: { "-o": "write", "--output": "write", "-C": "path" }, operands: ["read"] },
      install: words({ "--source": "url", "-s": "url" }),
      open: { options: { "-e": "shell", "--editor": "shell" }, operands: ["value"] },
      exec: runs({ "-g": "value", "--gem": "value", "-v": "value", "--version": "value" }),
    },
    operands: ["value"],
  },
  pipenv: { subcommands: { run: runs(), install: words(), shell: words() }, operands: ["value"] },
  bundle: {
    subcommands: { exec: runs({ "--gemfile": "read" }), install: words(), update: words(), add: words(), config: words() },
    operands: ["value"],
    env: { BUNDLE_GEMFILE: "value" },
  },
  dotnet: {
    subcommands: {
      script: DOTNET_SCRIPT,
      nuget: {
        operands: ["value"],
        subcommands: {
          push: publishes({
            "-s": "url",
            "--source": "url",
            "-k": "value",
            "--api-key": "value",
            "-ss": "url",
            "--symbol-source": "url",
            "-sk": "value",
            "--symbol-api-key": "value",
            "-t": "value",
            "--timeout": "value",
          }),
          delete: unpublishes({ "-s": "url", "--source": "url", "-k": "value", "--api-key": "value" }),
        },
      },
    },
    operands: ["value"],
  },
  nuget: {
    subcommands: {
      push: publishes({ "-Source": "url", "-ApiKey": "value", "-SymbolSource": "url", "-SymbolApiKey": "value", "-Timeout": "value" }),
      delete: unpublishes({ "-Source": "url", "-ApiKey": "value" }),
    },
    operands: ["value"],
  },
  pod: {
    subcommands: {
      trunk: {
        operands: ["value"],
        subcommands: {
          push: publishes({ "--spec-version": "value" }),
          delete: unpublishes(),
          deprecate: unpublishes(),
          // Who may push the pod's next version.
          ...Object.fromEntries(["add-owner", "remove-owner"].map((verb) => [verb, { operands: ["value"], tags: ["registry-change"] } satisfies ProgramSpec])),
        },
      },
      // `pod repo push REPO SPEC`: the podspec published to a private specs repository.
      repo: { operands: ["value"], subcommands: { push: publishes({ "--sources": "value", "--allow-warnings": "flag" }), "*": words() } },
    },
    operands: ["value"],
  },
  // `dart run FILE.dart` and `dart FILE.dart` run Dart code (read as Dart); the other words are the SDK's tools.
  dart: {
    optionalSubcommands: true,
    operands: ["script", "read"],
    stdin: "code:dart",
    subcommands: {
      pub: DART_PUB,
      // `dart run tool/gen.dart` runs that file; `dart run build_runner build` (`pkg:exe`) a dependency's executable, as
      // `npx eslint` runs an installed package's: not a project file, so never code nobody could see.
      run: {
        options: { "--enable-asserts": "flag", "-D": "value", "--define": "value" },
        operands: ["value"],
        scriptOperandExtensions: { dart: "dart" },
        stdin: "code:dart",
      },
      ...Object.fromEntries(
        ["analyze", "compile", "create", "devtools", "doc", "fix", "format", "info", "test", "language-server", "mcp-server", "help"].map((name) => [
          name,
          { operands: ["value"] },
        ]),
      ),
    },
  },
  flutter: {
    subcommands: { pub: DART_PUB },
    operands: ["value"],
  },
  mix: {
    subcommands: {
      "hex.publish": publishes({ "--organization": "value", "--replace": "flag", "--dry-run": "flag", "--yes": "flag" }),
      "hex.retire": unpublishes(),
      // `mix hex.owner add|remove|transfer PACKAGE EMAIL`: who may publish the package's next version.
      "hex.owner": registryChanges(["add", "remove", "transfer"]),
      run: { options: { "-e": "code:elixir", "--eval": "code:elixir", "-r": "read", "--require": "read", "-p": "read" }, operands: ["read"] },
      cmd: { operands: ["shell-words"] },
    },
    operands: ["value"],
  },
  // anaconda-client: `upload FILE` publishes to anaconda.org, `remove OWNER/PACKAGE[/VERSION]` deletes it there,
  // `copy`/`move` change which channel (label) installs see.
  anaconda: {
    options: { "-t": "value", "--token": "value", "-s": "url", "--site": "url" },
    operands: ["value"],
    subcommands: {
      upload: publishes({ "-u": "value", "--user": "value", "-l": "value", "--label": "value", "--force": "flag", "--skip-existing": "flag" }),
      remove: unpublishes({ "-f": "flag", "--force": "flag" }),
      ...Object.fromEntries(["copy", "move"].map((verb) => [verb, { operands: ["value"], tags: ["registry-change"] } satisfies ProgramSpec])),
      "*": words(),
    },
  },
};
