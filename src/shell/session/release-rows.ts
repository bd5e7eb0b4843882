// Release and deploy tools run commands their config names, one row each:
// release-it's `hooks`, goreleaser's before/build hooks, semantic-release's
// @semantic-release/exec commands, helmfile's release hooks, commitizen's
// bump hooks, bump-my-version's and tbump's hooks, jreleaser's command
// hooks, standard-version's lifecycle scripts. Each reader takes the
// commands out of the format (JSON, YAML, TOML, or a JavaScript config's
// keys); a template the tool fills in (`${version}`, `{{ .Tag }}`,
// `{new_version}`) is a value only the run knows. Whether the release itself
// publishes is the publish pack's business; this table is what runs first.
import { jsKeyStrings } from "./carrier-formats.ts";
import { JS, type Loaded, PROGRAM, relative, type Row, SUB, shellLines, strings } from "./file-rows.ts";
import { parsedJson } from "../languages/jsonc.ts";
import { parsedToml } from "./manifest-scripts.ts";
import { optionValue, shellWord } from "./snippet.ts";
import { parseYaml, record, records } from "./yaml-data.ts";

/** A config's data by its file's kind (JSON, YAML, TOML); undefined for a JavaScript config or one that does not parse. */
function configData(path: string, content: string): Record<string, unknown> | undefined {
  if (/\.toml$/.test(path)) return parsedToml(content);
  if (/\.ya?ml$/.test(path) || /(?:^|\/)\.releaserc$/.test(path) || /\.gotmpl$/.test(path)) {
    // `.releaserc` may be JSON or YAML; YAML reads JSON too.
    return record(parseYaml(path.endsWith(".gotmpl") ? goTemplateText(content) : content));
  }
  if (/\.json$/.test(path) || /(?:^|\/)(?:package\.json|composer\.json)$/.test(path)) return parsedJson(content, true);
  return undefined;
}

/** A JavaScript config, by its name or by the glob of names a row lists. */
const isScript = (path: string) => /\.[cm]?[jt]s$/.test(path) || path.endsWith(`.${JS}`);

/** A row's reading: data files through `fromData`, JavaScript configs through the keys `jsKeys` matches. */
function commandsOf(fromData: (data: Record<string, unknown>) => string[], jsKeys: RegExp, text: (line: string) => string = (line) => line) {
  return (path: string) =>
    shellLines((content) => {
      if (isScript(path)) return jsKeyStrings(content, jsKeys).map(text);
      const data = configData(path, content);
      return data ? fromData(data).map(text) : [];
    });
}

/** Go templates (`{{ .Version }}`, `{{ requiredEnv "X" }}`) as a value nobody here knows. */
const goTemplate = (line: string) => line.replace(/\{\{-?[\s\S]*?-?\}\}/g, "${RELEASE_VALUE}");
/** `{{ … }}` lines of a .gotmpl file left out so the YAML around them parses. */
const goTemplateText = (content: string) => content.replace(/^\s*\{\{[^\n]*\}\}\s*$/gm, "");
/** lodash's `${nextRelease.version}` and `<%= … %>` (semantic-release), release-it's `${version}`. */
const dollarTemplate = (line: string) => line.replace(/<%=?[\s\S]*?%>/g, "${RELEASE_VALUE}").replace(/\$\{[^}]*[.:][^}]*\}/g, "${RELEASE_VALUE}");
/** Python format fields (`{new_version}`, `{current_version}`) of commitizen, bump-my-version and tbump. */
const formatFields = (line: string) => line.replace(/(?<!\$)\{[\w.]+\}/g, "${RELEASE_VALUE}");

/** An argv (`command` and `args`) as the command line it is. */
const argvLine = (command: unknown, args: unknown) => (typeof command === "string" ? [command, ...strings(args).map(shellWord)].join(" ") : undefined);

// ─── readers ─────────────────────────────────────────────────────────────

/** release-it's `hooks` ("before:init", "after:bump", "after:git:release" …): a command or a list of them. */
function releaseItHooks(data: Record<string, unknown>): string[] {
  const config = record(data["release-it"]) ?? data;
  return Object.values(record(config.hooks) ?? {}).flatMap(strings);
}

/**
 * goreleaser: `before.hooks` (and `after.hooks`), each build's `hooks.pre`/`hooks.post` (strings or `{ cmd }`), the
 * custom publishers' `cmd` lines, and the signing steps' `cmd` with its `args`.
 */
function goreleaserHooks(data: Record<string, unknown>): string[] {
  const hookLines = (value: unknown) => (Array.isArray(value) ? value : [value]).flatMap((item) => [...strings(item), ...strings(record(item)?.cmd)]);
  const builds = records(data.builds).flatMap((build) => [...hookLines(record(build.hooks)?.pre), ...hookLines(record(build.hooks)?.post)]);
  const publishers = records(data.publishers).flatMap((publisher) => strings(publisher.cmd));
  const signs = ["signs", "binary_signs", "docker_signs"].flatMap((key) => records(data[key]).flatMap((sign) => strings(argvLine(sign.cmd, sign.args))));
  return [...hookLines(record(data.before)?.hooks), ...hookLines(record(data.after)?.hooks), ...builds, ...publishers, ...signs];
}

/** @semantic-release/exec's step commands (`verifyConditionsCmd`, `prepareCmd`, `publishCmd` …) in the plugin list. */
function semanticReleaseExec(data: Record<string, unknown>): string[] {
  const config = record(data.release) ?? data;
  const plugins = Array.isArray(config.plugins) ? config.plugins : [];
  return plugins.flatMap((plugin) => {
    if (!Array.isArray(plugin) || plugin[0] !== "@semantic-release/exec") return [];
    return Object.entries(record(plugin[1]) ?? {}).flatMap(([key, value]) => (SEMANTIC_EXEC_KEY.test(key) ? strings(value) : []));
  });
}
const SEMANTIC_EXEC_KEY = /^(?:verifyConditions|analyzeCommits|verifyRelease|generateNotes|prepare|addChannel|publish|success|fail)Cmd$/;

/** helmfile's hooks (a release's, or the file's own): `command` with its `args`. */
function helmfileHooks(data: Record<string, unknown>): string[] {
  const hooks = [...records(data.hooks), ...records(data.releases).flatMap((release) => records(release.hooks))];
  return hooks.flatMap((hook) => strings(argvLine(hook.command, hook.args)));
}

/** commitizen's `pre_bump_hooks` and `post_bump_hooks` (in `[tool.commitizen]`, or a cz file's own table). */
function commitizenHooks(data: Record<string, unknown>): string[] {
  const config = record(record(data.tool)?.commitizen) ?? record(data.commitizen) ?? data;
  return [...strings(config.pre_bump_hooks), ...strings(config.post_bump_hooks)];
}

/** bump-my-version's `setup_hooks`, `pre_commit_hooks` and `post_commit_hooks`. */
function bumpMyVersionHooks(data: Record<string, unknown>): string[] {
  const config = record(record(data.tool)?.bumpversion) ?? data;
  return ["setup_hooks", "pre_commit_hooks", "post_commit_hooks"].flatMap((key) => strings(config[key]));
}

/** tbump's `[[before_commit]]` and `[[after_push]]` commands. */
function tbumpHooks(data: Record<string, unknown>): string[] {
  const config = record(record(data.tool)?.tbump) ?? data;
  return ["before_commit", "after_push", "hook", "before_push"].flatMap((key) => records(config[key]).flatMap((hook) => strings(hook.cmd)));
}

/** jreleaser's `hooks.command.before/success/failure` (each `{ cmd }`) and `hooks.script` (its `run`). */
function jreleaserHooks(data: Record<string, unknown>): string[] {
  const hooks = record(data.hooks);
  const steps = (group: unknown, key: string) => ["before", "success", "failure"].flatMap((when) => records(record(group)?.[when]).flatMap((hook) => strings(hook[key])));
  return [...steps(hooks?.command, "cmd"), ...steps(hooks?.script, "run")];
}

/** standard-version's (and commit-and-tag-version's) lifecycle `scripts`: prerelease, prebump, postbump, … */
function standardVersionScripts(data: Record<string, unknown>): string[] {
  const config = record(data["standard-version"]) ?? record(data["commit-and-tag-version"]) ?? data;
  return Object.values(record(config.scripts) ?? {}).flatMap(strings);
}

/** cargo-release's `pre-release-hook` (an argv or a line) in release.toml or Cargo.toml's `metadata.release`. */
function cargoReleaseHook(data: Record<string, unknown>): string[] {
  const tables = [data, record(record(data.package)?.metadata)?.release, record(record(data.workspace)?.metadata)?.release];
  return tables.flatMap((table) => {
    const hook = record(table)?.["pre-release-hook"];
    return Array.isArray(hook) ? strings(argvLine(strings(hook)[0], strings(hook).slice(1))) : strings(hook);
  });
}

/** git-cliff's `replace_command`s (commit preprocessors and changelog postprocessors run them on the text). */
function gitCliffCommands(data: Record<string, unknown>): string[] {
  const tables = [data, record(record(data.tool)?.["git-cliff"]), record(record(record(data.workspace)?.metadata)?.["git-cliff"])];
  return tables.flatMap((table) =>
    [record(table?.git)?.commit_preprocessors, record(table?.changelog)?.postprocessors].flatMap((list) => records(list).flatMap((step) => strings(step.replace_command))),
  );
}

/** knope's workflow `name`: its Command steps' commands. */
function knopeCommands(data: Record<string, unknown>, name: string | undefined): string[] {
  return records(data.workflows)
    .filter((workflow) => name === undefined || workflow.name === name)
    .flatMap((workflow) => records(workflow.steps).flatMap((step) => (step.type === "Command" ? strings(step.command) : [])));
}

/** The package.json scripts (with their pre/post companions) a release tool runs through npm. */
function scriptLines(data: Record<string, unknown>, names: readonly string[]): string[] {
  const scripts = record(data.scripts) ?? {};
  return names.flatMap((name) => strings(scripts[name]));
}
const VERSION_SCRIPTS = ["preversion", "version", "postversion"];
const PUBLISH_SCRIPTS = ["prepublishOnly", "prepack", "prepare", "postpack", "publish", "postpublish"];
const TEST_SCRIPTS = ["pretest", "test", "posttest"];

/** A package.json reading of the scripts `names` gives for the command. */
const packageScripts = (names: readonly string[]) => shellLines((content) => scriptLines(parsedJson(content, false) ?? {}, names));

// ─── the rows ─────────────────────────────────────────────────────────────

/** The config a tool reads: `--config FILE` when given, else each of its default names. */
function configFiles(named: string | undefined, defaults: readonly string[], reading: (path: string) => Loaded["reading"]): Loaded[] {
  return (named === undefined ? defaults : [relative(named)]).map((path) => ({ path, reading: reading(path) }));
}

const RELEASE_IT = commandsOf(releaseItHooks, /(?:before|after):[\w:-]+/, dollarTemplate);
const GORELEASER = commandsOf(goreleaserHooks, /hooks/, goTemplate);
const SEMANTIC_RELEASE = commandsOf(
  semanticReleaseExec,
  /(?:verifyConditions|analyzeCommits|verifyRelease|generateNotes|prepare|addChannel|publish|success|fail)Cmd/,
  dollarTemplate,
);
const STANDARD_VERSION = commandsOf(standardVersionScripts, /(?:pre|post)(?:release|bump|changelog|commit|tag)/);

export const RELEASE_ROWS: readonly Row[] = [
  {
    what: "release-it hooks",
    programs: ["release-it"],
    files: (command) =>
      configFiles(
        optionValue(command.args, ["-c", "--config"], ["--config"]),
        [".release-it.json", `.release-it.${JS}`, ".release-it.yaml", ".release-it.yml", ".release-it.toml", "package.json"],
        RELEASE_IT,
      ),
  },
  {
    what: "goreleaser hooks",
    programs: ["goreleaser"],
    // `goreleaser` alone is a release; check, init, healthcheck and the like run no hook.
    when: (_command, words) => words.length === 0 || ["release", "build"].includes(words[0]!),
    files: (command) =>
      configFiles(optionValue(command.args, ["-f", "--config"], ["--config"]), [".goreleaser.yaml", ".goreleaser.yml", "goreleaser.yaml", "goreleaser.yml"], GORELEASER),
  },
  {
    what: "semantic-release exec",
    programs: ["semantic-release"],
    files: () =>
      [".releaserc", ".releaserc.json", ".releaserc.yaml", ".releaserc.yml", `.releaserc.${JS}`, `release.config.${JS}`, "package.json"].map((path) => ({
        path,
        reading: SEMANTIC_RELEASE(path),
      })),
  },
  {
    what: "helmfile hooks",
    programs: ["helmfile"],
    // Every command that renders or installs the releases fires their prepare (and sync, cleanup …) hooks.
    when: (_command, words) => ["sync", "apply", "diff", "template", "lint", "build", "destroy", "delete", "test", "write-values", "deps", "fetch"].includes(words[0] ?? ""),
    files: (command) => {
      const named = optionValue(command.args, ["-f", "--file"], ["--file"]);
      const reading = (path: string) => shellLines((content) => (configData(path, content) ? helmfileHooks(configData(path, content)!).map(goTemplate) : []));
      return named !== undefined
        ? [{ path: relative(named), reading: reading(named) }]
        : ["helmfile.yaml", "helmfile.yaml.gotmpl", "helmfile.yml", "helmfile.d/*.yaml", "helmfile.d/*.yaml.gotmpl"].map((path) => ({ path, reading: reading(path) }));
    },
  },
  {
    what: "commitizen bump hooks",
    programs: ["cz", "git-cz", "commitizen"],
    when: SUB("bump"),
    files: () =>
      ["pyproject.toml", ".cz.toml", "cz.toml", ".cz.json", "cz.json", ".cz.yaml", "cz.yaml"].map((path) => ({
        path,
        reading: shellLines((content) => (configData(path, content) ? commitizenHooks(configData(path, content)!).map(formatFields) : [])),
      })),
  },
  {
    what: "bump-my-version hooks",
    programs: ["bump-my-version"],
    when: SUB("bump", "replace"),
    files: (command) =>
      configFiles(optionValue(command.args, ["--config-file"], ["--config-file"]), [".bumpversion.toml", "pyproject.toml"], (path) =>
        shellLines((content) => (configData(path, content) ? bumpMyVersionHooks(configData(path, content)!).map(formatFields) : [])),
      ),
  },
  {
    what: "tbump hooks",
    programs: ["tbump"],
    when: (_command, words) => words[0] !== "init" && words.length > 0,
    files: () =>
      ["tbump.toml", "pyproject.toml"].map((path) => ({
        path,
        reading: shellLines((content) => (configData(path, content) ? tbumpHooks(configData(path, content)!).map(formatFields) : [])),
      })),
  },
  {
    what: "jreleaser hooks",
    programs: ["jreleaser", "jreleaser-cli"],
    when: SUB("release", "full-release", "deploy", "upload", "publish", "announce", "assemble", "sign", "changelog", "checksum", "catalog", "package", "prepare"),
    files: () =>
      ["jreleaser.yml", "jreleaser.yaml", "jreleaser.json", "jreleaser.toml"].map((path) => ({
        path,
        reading: shellLines((content) => (configData(path, content) ? jreleaserHooks(configData(path, content)!).map(goTemplate) : [])),
      })),
  },
  {
    what: "cargo-release hook",
    programs: ["cargo", "cargo-release"],
    when: (command, words) => command.name === "cargo-release" || words[0] === "release",
    files: (_command, _words, home) =>
      ["release.toml", ".release.toml", "Cargo.toml", `${home}/.release.toml`, `${home}/.config/cargo-release/release.toml`].map((path) => ({
        path,
        reading: shellLines((content) => cargoReleaseHook(parsedToml(content) ?? {}).map(formatFields)),
      })),
  },
  {
    what: "git-cliff commands",
    programs: ["git-cliff", "git"],
    when: (command, words) => command.name === "git-cliff" || words[0] === "cliff",
    files: (command) =>
      configFiles(optionValue(command.args, ["-c", "--config"], ["--config"]), ["cliff.toml", "pyproject.toml", "Cargo.toml"], (path) =>
        shellLines((content) => gitCliffCommands(configData(path.endsWith(".toml") ? path : `${path}.toml`, content) ?? {})),
      ),
  },
  {
    what: "knope workflow",
    programs: ["knope"],
    when: (_command, words) => words[0] !== undefined && !["--generate", "--validate", "--upgrade"].includes(words[0]),
    files: (_command, words) => [{ path: "knope.toml", reading: shellLines((content) => knopeCommands(parsedToml(content) ?? {}, words[0])) }],
  },
  {
    what: "np",
    programs: ["np"],
    // np runs the tests (unless told not to), then `npm version` and `npm publish` with their lifecycle scripts.
    files: (command) => [
      {
        path: "package.json",
        reading: packageScripts([...(command.args.some((arg) => arg === "--no-tests" || arg === "--yolo") ? [] : TEST_SCRIPTS), ...VERSION_SCRIPTS, ...PUBLISH_SCRIPTS]),
      },
    ],
  },
  {
    what: "lerna version and publish",
    programs: ["lerna"],
    // Each package's (and the root's) version lifecycle, then for a publish its publish lifecycle.
    when: SUB("version", "publish"),
    files: (_command, words) => {
      const reading = packageScripts(words[0] === "publish" ? [...VERSION_SCRIPTS, ...PUBLISH_SCRIPTS] : VERSION_SCRIPTS);
      return ["package.json", "packages/*/package.json"].map((path) => ({ path, reading }));
    },
  },
  {
    what: "changeset publish",
    programs: ["changeset", "changesets"],
    when: SUB("publish"),
    files: () => ["package.json", "packages/*/package.json"].map((path) => ({ path, reading: packageScripts(PUBLISH_SCRIPTS) })),
  },
  {
    what: "vercel build",
    programs: ["vercel", "vc"],
    // A local build (and `vercel dev`) runs the project's install, build and dev commands from vercel.json.
    when: SUB("build", "dev"),
    files: (_command, words) => [
      {
        path: "vercel.json",
        reading: shellLines((content) => {
          const data = parsedJson(content, false) ?? {};
          return ["installCommand", "buildCommand", ...(words[0] === "dev" ? ["devCommand"] : [])].flatMap((key) => strings(data[key]));
        }),
      },
    ],
  },
  {
    what: "netlify build",
    programs: ["netlify", "ntl"],
    when: (command, words) => words[0] === "build" || words[0] === "dev" || (words[0] === "deploy" && command.args.includes("--build")),
    files: (_command, words) => [
      {
        path: "netlify.toml",
        reading: shellLines((content) => {
          const data = parsedToml(content) ?? {};
          const contexts = Object.values(record(data.context) ?? {}).map((context) => record(context)?.command);
          return [...strings(record(data.build)?.command), ...(words[0] === "dev" ? strings(record(data.dev)?.command) : []), ...contexts.flatMap(strings)];
        }),
      },
    ],
  },
  {
    what: "kamal hooks",
    programs: ["kamal"],
    // Kamal runs the hook scripts under .kamal/hooks (by their `#!` line) around a deploy; the .sample files do not run.
    when: (_command, words) => ["deploy", "redeploy", "setup", "rollback", "build", "app", "proxy"].includes(words[0] ?? ""),
    files: () => [
      { path: ".kamal/hooks/{docker-setup,pre-connect,pre-build,pre-deploy,post-deploy,pre-app-boot,post-app-boot,pre-proxy-reboot,post-proxy-reboot}", reading: PROGRAM },
    ],
  },
  {
    what: "standard-version scripts",
    programs: ["standard-version", "commit-and-tag-version"],
    files: () =>
      [".versionrc", ".versionrc.json", `.versionrc.${JS}`, "package.json"].map((path) => ({ path, reading: STANDARD_VERSION(path.replace(/\.versionrc$/, ".versionrc.json")) })),
  },
];

// ─── a release that publishes nothing ─────────────────────────────────────

/** The tag of a release run whose flags and config publish nothing: no registry upload, no forge release, no push. */
export const RELEASE_LOCAL = "release-local";

const RELEASE_IT_DATA = [".release-it.json", ".release-it.yaml", ".release-it.yml", ".release-it.toml"];

/**
 * Whether a release-it run only bumps, tags and commits here: npm publish off (by flag, config, or a private
 * package, which release-it never publishes), no GitHub or GitLab release (off unless configured), and git push
 * off. Every config it may read must be known (a JavaScript config is not read for this): anything unknown is a
 * publish, as before.
 */
export function releaseLocalOnly(
  command: { name: string; args: readonly string[] },
  get: (path: string) => { content?: string; absent?: true; matches?: readonly string[] } | undefined,
): boolean {
  if (command.name !== "release-it" || optionValue(command.args, ["-c", "--config"], ["--config"]) !== undefined) return false;
  if ((get(`.release-it.${JS}`)?.matches ?? ["unknown"]).length > 0) return false;
  const files = [...RELEASE_IT_DATA, "package.json"].map((path) => ({ path, file: get(path) }));
  if (files.some(({ file }) => file === undefined || (file.content === undefined && !file.absent))) return false;
  const datas = files.flatMap(({ path, file }) => (file?.content === undefined ? [] : [{ path, data: configData(path, file.content) }]));
  if (datas.some(({ data }) => data === undefined)) return false;
  const pkg = datas.find(({ path }) => path === "package.json")?.data;
  const config = record(datas.find(({ path }) => path !== "package.json")?.data) ?? record(pkg?.["release-it"]) ?? {};
  const setting = (section: string, key: string): unknown => {
    const flag = releaseItFlag(command.args, `${section}.${key}`);
    if (flag !== undefined) return flag;
    if (command.args.includes(`--no-${section}`) || config[section] === false) return false;
    return record(config[section])?.[key];
  };
  const npmPublish = setting("npm", "publish") ?? pkg?.private !== true;
  const forgeRelease = setting("github", "release") === true || setting("gitlab", "release") === true;
  const push = setting("git", "push") ?? true;
  return npmPublish === false && !forgeRelease && push === false;
}

/** `--no-git.push` (false), `--git.push` (true), `--git.push=false`: what the command line says of a setting. */
function releaseItFlag(args: readonly string[], name: string): boolean | undefined {
  for (const arg of args) {
    if (arg === `--no-${name}`) return false;
    if (arg === `--${name}`) return true;
    const value = arg.startsWith(`--${name}=`) ? arg.slice(name.length + 3) : undefined;
    if (value !== undefined) return !/^(?:false|0|no)$/i.test(value);
  }
  return undefined;
}
