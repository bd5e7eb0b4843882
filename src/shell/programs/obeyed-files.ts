// Project files a known program obeys when it runs, as data: for each
// program family, which files it reads, in which format, and where in them
// the commands or code are — a key holding a shell line (tauri's
// beforeBuildCommand, cdk.json's `app`, mdbook's `command`), a list of words
// (terragrunt's `execute`), a path naming code it loads (typedoc's and
// electron-builder's hooks, buf's local plugins), a Python module or a
// directory of them (coverage and flake8 plugins, gitlint rules), or the
// file being code itself (a cookiecutter hook, a jekyll plugin, a vcpkg
// portfile). session/obeyed-rows.ts reads them: a run of the program reads
// the files (written in the session, or on disk under the project) and is
// judged by what they would run; the same readers judge a write of such a
// file by its content (policy/engine/planted-code.ts). A harmless file
// (options, a formatter as a hook, a standard program's name) runs nothing
// harmful.

/** What a value found in a file is to the program that obeys it. */
export type ValueRole =
  /** A shell command line (a list of them: each one). */
  | "shell"
  /** A path of a file run as its `#!` line says (a local protoc plugin). */
  | "program"
  /** A path of a module loaded by that language (a JavaScript plugin, a Ruby file). */
  | "node"
  | "python"
  /** A dotted Python module name (`tools.cov_plugin`), or a path to one. */
  | "python-module"
  /** A directory (or a file) of Python modules the program imports. */
  | "python-dir"
  /** A directory whose files matching `files` are code the program runs (vcpkg's overlay ports' portfiles). */
  | { files: string; code: CodeRole };

/** The file itself, read as code of this kind. */
export type CodeRole = "python" | "node" | "ruby" | "perl" | "sh" | "cmake";

/**
 * Where in a file the values are:
 * - `keys`: dotted key paths (`build.beforeBuildCommand`, `hooks.*`; `*` any key, or any key starting so:
 *   `capacitor:*`) into the parsed data; a string is a value, a list each of its items (a list inside it is a
 *   command's words), an object its `command`, `script` or `cmd`. `front-matter` is the YAML between the leading
 *   `---` lines (a hygen template's);
 * - `ini`: the values of `key` in the sections `section` (a regular expression) matches, lists split on commas
 *   and lines;
 * - `pattern`: the first group of each match of a regular expression (multiline): a quoted string or a bare
 *   value, or for `argv` a list of quoted words;
 * - `whole`: the file is code.
 */
export type Carried =
  | { in: "keys"; format: "json" | "toml" | "yaml" | "front-matter"; keys: readonly string[]; as: ValueRole }
  | { in: "ini"; section: string; key: string; as: ValueRole }
  | { in: "pattern"; pattern: string; as: ValueRole | "argv" }
  | { in: "whole"; as: CodeRole };

/**
 * Files at these paths (`{dir}`: the directory, or the name, the command gives; `~/` the home directory, whose
 * files a program reads at its start like a shell's; `*` a listing), read as `carried` says.
 */
export type ObeyedPaths = { paths: readonly string[]; carried: readonly Carried[] };

export type ObeyedFile = {
  /** What the verdict's "via" names. */
  what: string;
  /** By name, or a scoped package by its whole name (`@tauri-apps/cli`, as `npx` runs it). */
  programs: readonly string[];
  /** The subcommands (words joined by spaces, matched at the start of the operands) that read the files; absent: every run. */
  subcommands?: readonly string[];
  /** Where `{dir}` comes from: the operand after the subcommand's words, or an option's value; without one the file is not read. */
  dir?: { operand: number } | { option: readonly string[] };
  files: readonly ObeyedPaths[];
  /** Variables the program sets for what it runs (a CMake file's too), put in as their values (`{dir}` too). */
  vars?: Readonly<Record<string, string>>;
  /** Options naming a config file to read as well (`latexmk -r FILE`), read as the group of `files` its extension (else the first) says. */
  configOptions?: readonly string[];
  /** Options whose value names code as a file's value would (`typedoc --plugin ./p.mjs`, `gitlint --extra-path rules`). */
  valueOptions?: readonly { options: readonly string[]; as: Exclude<ValueRole, "shell"> }[];
};

const JSON_KEYS = (keys: readonly string[], as: ValueRole = "shell"): Carried => ({ in: "keys", format: "json", keys, as });
const YAML_KEYS = (keys: readonly string[], as: ValueRole = "shell"): Carried => ({ in: "keys", format: "yaml", keys, as });
const TOML_KEYS = (keys: readonly string[], as: ValueRole = "shell"): Carried => ({ in: "keys", format: "toml", keys, as });
const CODE = (as: CodeRole): Carried => ({ in: "whole", as });

/** A JavaScript config's extensions. */
const JS = ["js", "cjs", "mjs", "ts", "cts", "mts"];
const js = (name: string) => JS.map((ext) => `${name}.${ext}`);

/** latexmk's variables that hold a command it runs (`$pdflatex = 'lualatex %O %S'`), as Perl writes a string. */
const LATEXMK_COMMANDS =
  "\\$(?:pdf|lua|xe|)latex|\\$(?:bibtex|biber|makeindex|dvipdf|dvips|ps2pdf|pdf_previewer|ps_previewer|dvi_previewer|print_cmd|lpr|compiling_cmd|success_cmd|failure_cmd|warning_cmd|pdf_update_command|kpsewhich)";
const PERL_STRING = "'(?:[^'\\\\]|\\\\.)*'|\"(?:[^\"\\\\]|\\\\.)*\"|q\\((?:[^()]|\\([^()]*\\))*\\)|qq\\((?:[^()]|\\([^()]*\\))*\\)";

/** graphql-codegen's lifecycle hooks (each a command or a list of them), at the top and under each output. */
const CODEGEN_HOOKS = ["afterStart", "beforeDone", "onWatchTriggered", "onError", "afterOneFileWrite", "afterAllFileWrite", "beforeOneFileWrite", "beforeAllFileWrite"];
const CODEGEN_FILES = ["codegen.yml", "codegen.yaml", "codegen.json", ".codegenrc", ".codegenrc.yml", ".codegenrc.yaml", ".codegenrc.json"];

/** electron-builder's hooks: each a path to a module it requires and calls. */
const ELECTRON_HOOKS = [
  "afterSign",
  "afterPack",
  "afterExtract",
  "afterAllArtifactBuild",
  "beforeBuild",
  "beforePack",
  "artifactBuildStarted",
  "artifactBuildCompleted",
  "onNodeModuleFile",
  "beforeRebuild",
  "appxManifestCreated",
  "msiProjectCreated",
];

/** Tauri's commands run before its own build steps: its configs in the app's folder or the project's. */
const TAURI_RUNS = ["build", "dev", "android build", "android dev", "ios build", "ios dev", "bundle"];
const TAURI_FILES: readonly ObeyedPaths[] = [
  {
    paths: ["src-tauri/tauri.conf.json", "tauri.conf.json", "src-tauri/tauri.conf.json5"],
    carried: [JSON_KEYS(["build.beforeBuildCommand", "build.beforeDevCommand", "build.beforeBundleCommand"])],
  },
  { paths: ["src-tauri/Tauri.toml", "Tauri.toml"], carried: [TOML_KEYS(["build.before-build-command", "build.before-dev-command", "build.before-bundle-command"])] },
];

const COOKIECUTTER_HOOKS: readonly ObeyedPaths[] = [
  { paths: ["{dir}/hooks/pre_prompt.py", "{dir}/hooks/pre_gen_project.py", "{dir}/hooks/post_gen_project.py"], carried: [CODE("python")] },
  { paths: ["{dir}/hooks/pre_prompt.sh", "{dir}/hooks/pre_gen_project.sh", "{dir}/hooks/post_gen_project.sh"], carried: [CODE("sh")] },
];

/** Capacitor runs package.json's `capacitor:COMMAND:before|after` scripts around sync, copy, update, run and build. */
const CAPACITOR_RUNS = ["sync", "copy", "update", "run", "build"];
const CAPACITOR_FILES: readonly ObeyedPaths[] = [{ paths: ["package.json"], carried: [JSON_KEYS(["scripts.capacitor:*"])] }];

/**
 * A portfile's own variables name vcpkg's scratch trees (its package, build and download folders), which it empties
 * and fills itself: put in as folders of the project's vcpkg tree.
 */
const VCPKG_VARS: Readonly<Record<string, string>> = {
  CURRENT_PACKAGES_DIR: "vcpkg_installed/packages/port",
  CURRENT_BUILDTREES_DIR: "vcpkg_installed/buildtrees/port",
  SOURCE_PATH: "vcpkg_installed/buildtrees/port/src",
  CURRENT_INSTALLED_DIR: "vcpkg_installed/installed",
  DOWNLOADS: "vcpkg_installed/downloads",
};

export const OBEYED_FILES: readonly ObeyedFile[] = [
  // ─── configs that carry code or commands ───
  {
    what: "latexmkrc",
    programs: ["latexmk"],
    configOptions: ["-r"],
    // Perl run at start: its `system` calls, and the commands latexmk's variables hold.
    files: [
      {
        paths: ["~/.latexmkrc", "~/.config/latexmk/latexmkrc", ".latexmkrc", "latexmkrc"],
        carried: [CODE("perl"), { in: "pattern", pattern: `^\\s*(?:${LATEXMK_COMMANDS})\\s*=\\s*(${PERL_STRING})`, as: "shell" }],
      },
    ],
  },
  {
    what: "coverage plugins",
    programs: ["coverage", "coverage3", "python-coverage"],
    subcommands: ["run", "report", "html", "xml", "json", "lcov", "combine", "annotate"],
    configOptions: ["--rcfile"],
    files: [
      { paths: [".coveragerc", "setup.cfg", "tox.ini"], carried: [{ in: "ini", section: "^(?:coverage:)?run$", key: "plugins", as: "python-module" }] },
      { paths: ["pyproject.toml"], carried: [TOML_KEYS(["tool.coverage.run.plugins"], "python-module")] },
    ],
  },
  {
    what: "flake8 local plugins",
    programs: ["flake8", "pflake8"],
    configOptions: ["--config", "--append-config"],
    files: [{ paths: [".flake8", "setup.cfg", "tox.ini"], carried: [{ in: "ini", section: "^flake8:local-plugins$", key: "paths", as: "python-dir" }] }],
  },
  {
    what: "typedoc plugins",
    programs: ["typedoc"],
    configOptions: ["--options"],
    valueOptions: [{ options: ["--plugin"], as: "node" }],
    files: [
      { paths: ["typedoc.json", "typedoc.jsonc"], carried: [JSON_KEYS(["plugin"], "node")] },
      { paths: js("typedoc.config"), carried: [CODE("node")] },
    ],
  },
  {
    what: "graphql-codegen hooks and plugins",
    programs: ["graphql-codegen", "graphql-code-generator", "gql-gen", "graphql-codegen-esm", "@graphql-codegen/cli"],
    configOptions: ["-c", "--config"],
    valueOptions: [{ options: ["-r", "--require"], as: "node" }],
    files: [
      {
        paths: CODEGEN_FILES,
        carried: [
          YAML_KEYS([...CODEGEN_HOOKS.map((hook) => `hooks.${hook}`), ...CODEGEN_HOOKS.map((hook) => `generates.*.hooks.${hook}`)]),
          YAML_KEYS(["plugins", "generates.*.plugins", "require"], "node"),
        ],
      },
      {
        paths: js("codegen"),
        carried: [
          CODE("node"),
          { in: "pattern", pattern: `\\b(?:${CODEGEN_HOOKS.join("|")})\\s*:\\s*\\[?\\s*("(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*'|\`[^\`$]*\`)`, as: "shell" },
        ],
      },
    ],
  },
  {
    what: "hygen template",
    programs: ["hygen"],
    // `hygen GENERATOR ACTION` renders _templates/GENERATOR/ACTION/*: a template's `sh:` front matter runs.
    dir: { operand: 0 },
    files: [{ paths: ["_templates/{dir}/**/*.t", "_templates/{dir}/**/*.ejs"], carried: [{ in: "keys", format: "front-matter", keys: ["sh"], as: "shell" }] }],
  },
  {
    what: "mdbook preprocessors and renderers",
    programs: ["mdbook"],
    subcommands: ["build", "serve", "watch", "test"],
    files: [{ paths: ["book.toml"], carried: [TOML_KEYS(["preprocessor.*.command", "output.*.command"])] }],
  },
  {
    what: "prisma generators",
    programs: ["prisma"],
    subcommands: ["generate", "migrate dev", "migrate reset", "db push"],
    configOptions: ["--schema"],
    // A generator's provider is a package name, or a command prisma runs to generate.
    files: [
      {
        paths: ["prisma/schema.prisma", "schema.prisma", "prisma/schema/*.prisma"],
        carried: [{ in: "pattern", pattern: '\\bgenerator\\s+\\w+\\s*\\{[^}]*?\\bprovider\\s*=\\s*("(?:[^"\\\\]|\\\\.)*")', as: "shell" }],
      },
    ],
  },
  {
    what: "buf local plugins",
    programs: ["buf"],
    subcommands: ["generate"],
    configOptions: ["--template"],
    files: [{ paths: ["buf.gen.yaml", "buf.gen.yml"], carried: [YAML_KEYS(["plugins.local", "plugins.path", "plugins.plugin"], "program")] }],
  },
  {
    what: "jekyll plugins",
    programs: ["jekyll"],
    subcommands: ["build", "b", "serve", "s", "server", "doctor"],
    files: [{ paths: ["_plugins/*.rb", "_plugins/*/*.rb"], carried: [CODE("ruby")] }],
  },
  { what: "tauri build commands", programs: ["tauri", "cargo-tauri", "@tauri-apps/cli"], subcommands: TAURI_RUNS, files: TAURI_FILES },
  { what: "tauri build commands", programs: ["cargo"], subcommands: TAURI_RUNS.map((run) => `tauri ${run}`), files: TAURI_FILES },
  {
    what: "cdk.json app",
    programs: ["cdk", "cdklocal", "aws-cdk"],
    subcommands: ["synth", "synthesize", "deploy", "diff", "list", "ls", "destroy", "watch", "import", "drift"],
    // The app (and the build step before it) is the command cdk runs to synthesize.
    files: [{ paths: ["cdk.json"], carried: [JSON_KEYS(["app", "build"])] }],
  },
  {
    what: "wrangler build command",
    programs: ["wrangler"],
    subcommands: ["dev", "deploy", "publish", "build", "versions upload", "pages dev"],
    configOptions: ["-c", "--config"],
    files: [
      { paths: ["wrangler.toml"], carried: [TOML_KEYS(["build.command", "env.*.build.command"])] },
      { paths: ["wrangler.json", "wrangler.jsonc"], carried: [JSON_KEYS(["build.command", "env.*.build.command"])] },
    ],
  },
  // ─── hooks run by tools ───
  {
    what: "cookiecutter hooks",
    programs: ["cookiecutter"],
    // A local template directory (`cookiecutter ./tmpl`); a remote one is a clone, judged as such.
    dir: { operand: 0 },
    files: COOKIECUTTER_HOOKS,
  },
  { what: "cookiecutter hooks", programs: ["cruft"], subcommands: ["create"], dir: { operand: 0 }, files: COOKIECUTTER_HOOKS },
  {
    what: "copier tasks",
    programs: ["copier"],
    subcommands: ["copy", "recopy", "update"],
    dir: { operand: 0 },
    files: [{ paths: ["{dir}/copier.yml", "{dir}/copier.yaml"], carried: [YAML_KEYS(["_tasks", "_migrations"])] }],
  },
  {
    what: "darcs hooks",
    programs: ["darcs"],
    // `_darcs/prefs/defaults`: `COMMAND posthook CMD` / `ALL prehook CMD`.
    files: [{ paths: ["_darcs/prefs/defaults"], carried: [{ in: "pattern", pattern: "^\\s*[\\w-]+\\s+(?:pre|post)hook\\s+(.+?)\\s*$", as: "shell" }] }],
  },
  {
    what: "electron-builder hooks",
    programs: ["electron-builder"],
    configOptions: ["-c", "--config"],
    files: [
      { paths: ["electron-builder.yml", "electron-builder.yaml"], carried: [YAML_KEYS(ELECTRON_HOOKS, "node")] },
      { paths: ["electron-builder.json", "electron-builder.json5"], carried: [JSON_KEYS(ELECTRON_HOOKS, "node")] },
      { paths: ["electron-builder.toml"], carried: [TOML_KEYS(ELECTRON_HOOKS, "node")] },
      {
        paths: ["package.json"],
        carried: [
          JSON_KEYS(
            ELECTRON_HOOKS.map((hook) => `build.${hook}`),
            "node",
          ),
        ],
      },
      { paths: js("electron-builder.config"), carried: [CODE("node")] },
    ],
  },
  {
    what: "gitlint user rules",
    programs: ["gitlint"],
    configOptions: ["-C", "--config"],
    valueOptions: [{ options: ["-e", "--extra-path"], as: "python-dir" }],
    files: [{ paths: [".gitlint"], carried: [{ in: "ini", section: "^general$", key: "extra-path", as: "python-dir" }] }],
  },
  {
    what: "helm plugin hooks",
    programs: ["helm"],
    subcommands: ["plugin install", "plugin update"],
    dir: { operand: 0 },
    vars: { HELM_PLUGIN_DIR: "{dir}" },
    files: [{ paths: ["{dir}/plugin.yaml"], carried: [YAML_KEYS(["hooks.install", "hooks.update"])] }],
  },
  {
    what: "terragrunt hooks",
    programs: ["terragrunt"],
    configOptions: ["--terragrunt-config", "--config"],
    files: [{ paths: ["terragrunt.hcl", "root.hcl", "terragrunt.hcl.json"], carried: [{ in: "pattern", pattern: "\\bexecute\\s*=\\s*(\\[[^\\]]*\\])", as: "argv" }] }],
  },
  {
    what: "tmuxp session",
    programs: ["tmuxp"],
    subcommands: ["load"],
    dir: { operand: 0 },
    files: [
      {
        // A session file named, or the directory's own; JSON is YAML too.
        paths: ["{dir}", "{dir}/.tmuxp.yaml", "{dir}/.tmuxp.yml", "{dir}/.tmuxp.json", "~/.tmuxp/{dir}.yaml", "~/.tmuxp/{dir}.yml", "~/.config/tmuxp/{dir}.yaml"],
        carried: [
          YAML_KEYS(["shell_command_before", "shell_command", "windows.shell_command_before", "windows.panes", "windows.panes.shell_command"]),
          YAML_KEYS(["before_script"], "program"),
        ],
      },
    ],
  },
  // ─── lifecycle scripts ───
  {
    what: "capacitor hooks",
    programs: ["cap", "capacitor", "@capacitor/cli"],
    subcommands: CAPACITOR_RUNS,
    files: CAPACITOR_FILES,
  },
  { what: "capacitor hooks", programs: ["ionic"], subcommands: CAPACITOR_RUNS.map((run) => `capacitor ${run}`), files: CAPACITOR_FILES },
  {
    what: "esy build",
    programs: ["esy"],
    // esy.json holds the fields at its top; package.json under `esy` (its own `build` is another tool's).
    files: [
      { paths: ["esy.json"], carried: [JSON_KEYS(["build", "install", "buildDev"])] },
      { paths: ["package.json"], carried: [JSON_KEYS(["esy.build", "esy.install", "esy.buildDev"])] },
    ],
  },
  {
    what: "jpm project.janet",
    programs: ["jpm"],
    // Janet run at load: its shell-outs (`os/shell`, `os/execute`, jpm's `shell`).
    files: [
      {
        paths: ["project.janet"],
        carried: [
          { in: "pattern", pattern: '\\((?:os/shell|shell|sh/exec|sh/run)\\s+("(?:[^"\\\\]|\\\\.)*")', as: "shell" },
          { in: "pattern", pattern: "\\((?:os/execute|os/spawn|sh/exec)\\s+(\\[[^\\]]*\\]|\\([^)]*\\))", as: "argv" },
        ],
      },
    ],
  },
  {
    what: "vcpkg overlay ports",
    programs: ["vcpkg"],
    subcommands: ["install", "x-set-installed", "upgrade", "build"],
    dir: { option: ["--overlay-ports"] },
    vars: { ...VCPKG_VARS, CURRENT_PORT_DIR: "{dir}" },
    files: [{ paths: ["{dir}/*/portfile.cmake", "{dir}/portfile.cmake"], carried: [CODE("cmake")] }],
  },
  {
    what: "vcpkg overlay ports",
    programs: ["vcpkg"],
    subcommands: ["install", "x-set-installed", "upgrade", "build"],
    // Manifest mode: the overlay ports the project's vcpkg configuration names.
    vars: VCPKG_VARS,
    files: [
      { paths: ["vcpkg-configuration.json"], carried: [JSON_KEYS(["overlay-ports"], { files: "*/portfile.cmake", code: "cmake" })] },
      { paths: ["vcpkg.json"], carried: [JSON_KEYS(["vcpkg-configuration.overlay-ports"], { files: "*/portfile.cmake", code: "cmake" })] },
    ],
  },
  {
    what: "vsce prepublish",
    programs: ["vsce", "@vscode/vsce"],
    subcommands: ["package", "publish"],
    files: [{ paths: ["package.json"], carried: [JSON_KEYS(["scripts.vscode:prepublish"])] }],
  },
];
