// The second half of the analysis: code a command runs from project files
// (package.json scripts, Makefile recipes, git hooks, test files, compose
// services, Terraform provisioners, start-up files), judged by the text the
// analysis was given for them — from the session's memory or the disk,
// never read here. A file it was not given becomes a need the extension may
// answer; paths through a link the session made, and copies of other files,
// are followed to what they name.
import { MAX_PATH_LOOKUPS, MAX_PROJECT_RUN_DEPTH } from "../../limits.ts";
import { type FileNeed, fileSettled, type KnownFile, type KnownFiles } from "../view/files.ts";
import { posix } from "node:path";
import { RUNS_DOWNLOADED_PROJECT, runsProjectCode } from "../programs/project-code.ts";
import type { ShellView, SimpleCommand } from "../view/view.ts";
import { sendsWhatItReads } from "../interpret/secret-text.ts";
import { buildCarrierRun } from "./build-carriers.ts";
import { cmakeRun, ctestRun, mesonRun } from "./cmake-meson.ts";
import { configCodeRun } from "./config-code.ts";
import { devcontainerRun } from "./devcontainer.ts";
import { DATABASE_LOCAL, DATABASE_SHARED_RESET, databaseTarget, forwardsPort, remoteEngine, sharedEnvironmentReset } from "./database-config.ts";
import { dotenvRun } from "./dotenv-preload.ts";
import { toolSettingsRun } from "./tool-settings.ts";
import { toolStartupRun } from "./tool-startup.ts";
import { gitRun, SESSION_GIT_CONFIG } from "./git-hooks.ts";
import { followStagedFiles } from "./git-staged.ts";
import { hookManagerRun } from "./hook-managers.ts";
import { infraRun, terraformLocalOnly } from "./infra-files.ts";
import { makeRun } from "./make-targets.ts";
import { manifestScriptRun } from "./manifest-scripts.ts";
import { msbuildRun } from "./msbuild.ts";
import { packageIndexRun } from "./package-index.ts";
import { dockerBuildRun } from "./docker-build.ts";
import { packageMirrorRun } from "./package-mirrors.ts";
import { packageScriptRun } from "./package-scripts.ts";
import { packageSettingsRun } from "./package-settings.ts";
import { editorTasksRun } from "./editor-tasks.ts";
import { mixAliasRun } from "./mix-aliases.ts";
import { monorepoRun } from "./monorepo-tasks.ts";
import { projectBinRun } from "./project-bins.ts";
import { RELEASE_LOCAL, releaseLocalOnly } from "./release-rows.ts";
import { runnerFileRuns } from "./runner-files.ts";
import { followsLinksInTrees } from "../programs/link-following.ts";
import { pythonPathStartupRun, pythonStartupRun } from "./python-startup.ts";
import { askForCopiedFiles } from "./sent-copies.ts";
import { simpleGitHooksRun } from "./simple-git-hooks.ts";
import { type ProjectRun, runIn, type Snippet } from "./snippet.ts";
import { unreadTargetTags } from "../programs/unknown-programs.ts";
import { taskFileRun } from "./task-files.ts";
import { taskRunnerRun } from "./task-runners.ts";
import { testFileRun } from "./test-files.ts";
import { hgRun, hookConfigRun, submoduleHooksRun } from "./hook-configs.ts";
import { testRun } from "./test-runners.ts";
import { testSetupRun } from "./test-setup.ts";

export type CoreAnalysis = (input: string, known: KnownFiles) => ShellView;

/** `running`: the snippets on the way here (a start-up file that starts a shell which reads it again is judged once). */
type Options = { home: string; known: KnownFiles; depth: number; analyze: CoreAnalysis; running?: ReadonlySet<string> };

/** The view of `input` with what its commands run from project files added, and the files it would need for the rest. */
export function withProjectCode(view: ShellView, options: Options): ShellView {
  const count = view.commands.length;
  // A port forwarded in the same input (`ssh -L 5433:db.prod:5432 …`) makes localhost another server.
  const forwarded = view.commands.some((command) => forwardsPort(command) || remoteEngine(command));
  // A shell whose input is a pipe is not interactive: it reads no start-up file (`curl … | sh`).
  const piped = new Set(view.flows.filter((flow) => flow.channel === "pipe").map((flow) => flow.to));
  // `git config core.hooksPath .githooks && git commit`: what the input set before a git command is in force for it.
  let gitSettings = "";
  for (let index = 0; index < count; index++) {
    const command = view.commands[index]!;
    const runs = projectRunsOf(command, options.home, piped.has(index), gitSettings);
    const read = runs.map((run) => addRun(view, run, options));
    // A target whose body no file shows is judged by its name and the line's words (`make nuke`).
    const targets = runs.flatMap((run) => run.targets ?? []);
    if (targets.length > 0 && !read.some(Boolean)) view.commands[index] = { ...command, tags: [...new Set([...command.tags, ...unreadTargetTags(command, targets)])] };
    // An apply that manages only local resources changes no infrastructure (its local-exec commands were judged above).
    if (command.tags.includes("infrastructure") && terraformLocalOnly(command, (path) => options.known.get(path)))
      view.commands[index] = { ...command, tags: command.tags.filter((tag) => tag !== "infrastructure") };
    // A release run that publishes nothing (release-it with publishing and pushing off) is no publish.
    if (releaseLocalOnly(command, (path) => options.known.get(path))) view.commands[index] = { ...command, tags: [...command.tags, RELEASE_LOCAL] };
    // A file the run obeys that the session downloaded and nobody has shown (`curl -o shell.nix …`, then nix-shell).
    if (runs.some((run) => obeysUnreadDownload(run, options)))
      view.commands[index] = { ...view.commands[index]!, tags: [...new Set([...view.commands[index]!.tags, RUNS_DOWNLOADED_PROJECT])] };
    gitSettings += gitSettingOf(command) ?? "";
    markLocalDatabase(view, index, options, forwarded);
  }
  if (options.depth === 0) {
    judgeChmoddedHooks(view, options);
    judgeTemplateHooks(view, options);
    // Before the aliases: a staged copy a push reads is a read of what it was copied from too.
    followStagedFiles(view, options.known, (need) => addNeed(view, need));
    followAliases(view, options.known);
    askForSubstitutedFiles(view, options.known);
    askForSentFiles(view, options.known);
    askForCopiedFiles(view, options.known, (need) => addNeed(view, need));
    askForPaths(view);
    askForLinksInTrees(view, options.known);
    addGitSettings(view);
  }
  return view;
}

/** A database command whose server its line or the project's config shows local is tagged so; one told to reset production, so (see database-config.ts). */
function markLocalDatabase(view: ShellView, index: number, options: Options, forwarded: boolean) {
  const command = view.commands[index]!;
  if (sharedEnvironmentReset(command)) {
    view.commands[index] = { ...command, tags: [...command.tags, DATABASE_SHARED_RESET] };
    return;
  }
  if (forwarded) return;
  const target = databaseTarget(command, (path) => options.known.get(path));
  if (target === undefined) return;
  if ("needs" in target) for (const need of target.needs) addNeed(view, need);
  else view.commands[index] = { ...command, tags: [...command.tags, DATABASE_LOCAL] };
}

function projectRunsOf(command: SimpleCommand, home: string, piped: boolean, gitSettings: string): ProjectRun[] {
  const runs: ProjectRun[] = [];
  // Every run from the directory the input changed to (`cd web && npm run build`): its files are looked for there.
  for (const run of [
    packageScriptRun(command),
    makeRun(command),
    gitRun(command, home, gitSettings),
    testRun(command),
    testFileRun(command),
    taskFileRun(command),
    packageSettingsRun(command, home),
    infraRun(command, home, piped),
    packageIndexRun(command, home),
    dockerBuildRun(command),
    packageMirrorRun(command, home),
    msbuildRun(command),
    hookManagerRun(command),
    manifestScriptRun(command),
    pythonStartupRun(command),
    pythonPathStartupRun(command),
    mixAliasRun(command),
    editorTasksRun(command),
    cmakeRun(command),
    ctestRun(command),
    mesonRun(command),
    monorepoRun(command),
    taskRunnerRun(command),
    buildCarrierRun(command),
    testSetupRun(command),
    simpleGitHooksRun(command),
    hookConfigRun(command),
    hgRun(command),
    submoduleHooksRun(command),
    configCodeRun(command),
    toolSettingsRun(command, home),
    toolStartupRun(command, home),
    devcontainerRun(command),
    dotenvRun(command),
  ])
    if (run) runs.push(runIn(command.dir, run));
  runs.push(...runnerFileRuns(command, home).map((run) => runIn(command.dir, run)));
  // A name no runner above reads (nor the registry knows) may be a command the project declares.
  const declared = runs.length === 0 ? projectBinRun(command) : undefined;
  if (declared) runs.push(declared);
  return runs;
}

/** Whether a file the run reads for what it runs came from the network and its text is not known: its code is the download's. */
function obeysUnreadDownload(run: ProjectRun, options: Options): boolean {
  const get = (path: string): KnownFile | undefined => options.known.get(path);
  return [...run.candidates, ...(run.extra ?? []), ...(run.more?.(get) ?? [])].some((need) => {
    const file = get(need.path);
    return file?.downloaded === true && file.content === undefined;
  });
}

/** Adds what the run runs to the view; whether some project file said what that is. */
function addRun(view: ShellView, run: ProjectRun, options: Options): boolean {
  const get = (path: string): KnownFile | undefined => options.known.get(path);
  const known = run.candidates.filter((need) => get(need.path)?.content !== undefined);
  if (run.candidates.length > 0 && known.length === 0) {
    // None of the files that say what runs is known: the extension may read them; when all are absent, nothing runs.
    for (const need of run.candidates) if (!get(need.path)?.absent) addNeed(view, need);
    return false;
  }
  for (const need of [...(run.extra ?? []), ...(run.more?.(get) ?? [])]) if (!fileSettled(get(need.path))) addNeed(view, { ...need, optional: true });
  const snippets = run.read(get);
  for (const snippet of snippets) addSnippet(view, snippet, options);
  return snippets.length > 0;
}

function addNeed(view: ShellView, need: FileNeed) {
  view.needs ??= [];
  const needs = view.needs;
  if (!needs.some((known) => known.path === need.path && known.role === need.role)) needs.push(need);
}

function addSnippet(view: ShellView, snippet: Snippet, options: Options) {
  // Already being judged further up: running it again adds nothing new (and would only spend the depth).
  if (options.running?.has(snippet.via)) return;
  if (options.depth >= MAX_PROJECT_RUN_DEPTH) {
    view.unresolved.push(`${snippet.via}: project files run project files more than ${MAX_PROJECT_RUN_DEPTH} deep`);
    return;
  }
  const text =
    snippet.kind === "shell"
      ? snippet.text
      : `${snippet.interpreter ? `${snippet.interpreter} ` : ""}${snippet.path.startsWith("/") || snippet.interpreter ? "" : "./"}${snippet.path.replaceAll("'", "")}`;
  const running = new Set(options.running).add(snippet.via);
  const known = snippet.kind === "file" && snippet.part !== undefined ? withPart(options.known, snippet.path, snippet.part) : options.known;
  const inner = withProjectCode(options.analyze(text, known), { ...options, known, depth: options.depth + 1, running });
  if (snippet.kind === "shell" && snippet.unread) inner.unresolved.push(...snippet.unread);
  // What the text prints goes to the program that ran it (a vault password script's output is ansible's), not the agent.
  if (snippet.kind === "shell" && snippet.outputTaken) inner.commands = inner.commands.map((command) => ({ ...command, outputShown: false }));
  if (snippet.kind === "shell" && snippet.tags) inner.commands = inner.commands.map((command) => ({ ...command, tags: [...command.tags, ...snippet.tags!] }));
  merge(view, inner, snippet.via, snippet.kind === "shell" && snippet.fromHome === true);
  if (snippet.kind === "file") {
    view.used ??= [];
    const used = view.used;
    const label = options.known.get(snippet.path)?.label ?? "known";
    if (!used.includes(`${snippet.path} (${label})`)) used.push(`${snippet.path} (${label})`);
  }
}

/** The known files with `path`'s text replaced by the part of it that runs. */
function withPart(known: KnownFiles, path: string, part: string): KnownFiles {
  const file = known.get(path);
  return file?.content === undefined ? known : new Map(known).set(path, { ...file, content: part });
}

/** `inner`'s commands join `view`'s, reached through `via`; what it cannot resolve in a user's own home file is unseen code. */
function merge(view: ShellView, inner: ShellView, via: string, fromHome = false) {
  const offset = view.commands.length;
  for (const command of inner.commands) view.commands.push({ ...command, via: [via, ...command.via] });
  for (const flow of inner.flows) view.flows.push({ ...flow, from: flow.from + offset, to: flow.to + offset });
  const unseen = [...(inner.unseenParts ?? []), ...(fromHome ? inner.unresolved : [])].map((part) => `in ${via}: ${part}`);
  if (unseen.length > 0) view.unseenParts = [...(view.unseenParts ?? []), ...unseen];
  if (!fromHome) for (const reason of inner.unresolved) view.unresolved.push(`in ${via}: ${reason}`);
  for (const need of inner.needs ?? []) addNeed(view, need);
  if (inner.used) view.used = [...new Set([...(view.used ?? []), ...inner.used])];
  if (inner.written) view.written = [...(view.written ?? []), ...inner.written];
}

// ─── Git hooks made executable ────────────────────────────────────────────

const HOOK_PATH = /(?:^|\/)\.git\/hooks\/[^/]+$/;

/**
 * `chmod +x .git/hooks/pre-commit`: the hook will run on the next commit, so its text is judged now, as the code
 * it is; when that text is known (written in the session, or on disk), the chmod is tagged code-judged and what
 * the hook runs decides, not its path. A hook whose text nobody knows is asked about by its path, as before.
 */
function judgeChmoddedHooks(view: ShellView, options: Options) {
  const count = view.commands.length;
  for (let index = 0; index < count; index++) {
    const command = view.commands[index]!;
    if (command.name !== "chmod" || command.via.length > 0) continue;
    const hooks = command.paths.filter((path) => HOOK_PATH.test(path));
    if (hooks.length === 0 || hooks.length !== command.paths.length) continue;
    // Written by this same input (`cat > .git/hooks/pre-commit <<EOF … EOF; chmod +x …`): that write is judged as code.
    const writtenHere = (path: string) => view.written?.some((entry) => entry.path === path && entry.content !== undefined && !entry.append) === true;
    const unknown = hooks.filter((path) => !writtenHere(path) && options.known.get(path)?.content === undefined);
    for (const path of unknown) if (options.known.get(path) === undefined) addNeed(view, { path, role: "git-hook", optional: true });
    if (unknown.length > 0) continue;
    for (const path of hooks) if (!writtenHere(path)) addSnippet(view, { kind: "file", path, via: `the git hook ${path} made executable` }, options);
    view.commands[index] = { ...command, tags: [...command.tags, "code-judged"] };
  }
}

/**
 * `git config --global init.templateDir DIR`: every repository git creates or clones from then on gets DIR/hooks,
 * and a clone's checkout runs its post-checkout. The hooks there are judged now by their text; when every one is
 * known (and there is one), the setting is tagged code-judged and what they run decides, not the key. A template
 * whose hooks nobody can read is asked about by the key, as before.
 */
function judgeTemplateHooks(view: ShellView, options: Options) {
  const count = view.commands.length;
  for (let index = 0; index < count; index++) {
    const command = view.commands[index]!;
    if (command.name !== "git" || command.via.length > 0 || command.subcommand[0] !== "config") continue;
    const at = command.args.findIndex((arg) => arg.toLowerCase() === "init.templatedir");
    const dir = at < 0 ? undefined : command.args[at + 1];
    if (dir === undefined || dir.startsWith("-")) continue;
    const listing = `${dir.replace(/^~(?=\/|$)/, options.home).replace(/\/+$/, "")}/hooks/*`;
    const found = options.known.get(listing);
    if (found === undefined) {
      addNeed(view, { path: listing, role: "git-hook", pattern: true, optional: true });
      continue;
    }
    const hooks = found.matches ?? [];
    const unknown = hooks.filter((path) => options.known.get(path)?.content === undefined);
    for (const path of unknown) if (options.known.get(path) === undefined) addNeed(view, { path, role: "git-hook", optional: true });
    if (hooks.length === 0 || unknown.length > 0) continue;
    for (const path of hooks) addSnippet(view, { kind: "file", path, via: `the template hook ${path} (init.templateDir)` }, options);
    view.commands[index] = { ...command, tags: [...command.tags, "code-judged"] };
  }
}

// ─── Links, copies and the session's own settings ─────────────────────────

/** A path through a link the session made is also the path it names; reading a copy reads what it was copied from. */
function followAliases(view: ShellView, known: KnownFiles) {
  const links: Array<[string, string]> = [];
  for (const [path, file] of known) if (file.link !== undefined) links.push([path, file.link]);
  const copies = [...known].filter(([, file]) => file.origins && file.origins.length > 0);
  if (links.length === 0 && copies.length === 0) return;
  for (const command of view.commands) {
    if (links.length > 0) {
      // `rm -rf build` removes the link itself; `rm -rf build/` and `build/x` go through it.
      const itself = UNLINKERS.has(command.name) ? (link: string) => command.args.includes(`${link}/`) || command.args.includes(`./${link}/`) : () => true;
      command.patterns = throughLinks(command.patterns, links, itself);
      command.paths = throughLinks(command.paths, links, itself);
      command.reads = throughLinks(command.reads, links, itself);
      command.writes = throughLinks(command.writes, links, itself);
      command.treeReads = throughLinks(command.treeReads, links, itself);
      if (followsLinksInTrees(command)) readLinksInTrees(command, links);
    }
    for (const [path, file] of copies) {
      if (!command.reads.includes(path) && !command.treeReads.some((tree) => path.startsWith(`${tree}/`))) continue;
      for (const origin of file.origins!) {
        if (!command.reads.includes(origin)) command.reads.push(origin);
        if (!command.paths.includes(origin)) command.paths.push(origin);
      }
    }
  }
}

/** The links under each project tree a link-following command reads (`zip -r site.zip dist`): listed, each asked as a link. */
function askForLinksInTrees(view: ShellView, known: KnownFiles) {
  for (const command of view.commands) {
    if (command.treeReads.length === 0 || !followsLinksInTrees(command)) continue;
    for (const tree of command.treeReads) {
      if (tree.startsWith("/") || tree.startsWith("~") || tree.split("/").includes("..") || /[*?[{]/.test(tree)) continue;
      const glob = tree === "." ? "**" : `${tree.replace(/\/+$/, "")}/**`;
      if (!known.has(glob)) addNeed(view, { path: glob, role: "link", pattern: true, optional: true });
    }
  }
}

/** `rsync -L dist/ host:` with `dist/ssh` a link to ~/.ssh: the tree it names is read (and sent) too. */
function readLinksInTrees(command: SimpleCommand, links: ReadonlyArray<[string, string]>) {
  for (const [link, target] of links) {
    if (!command.treeReads.some((tree) => tree === "." || link.startsWith(`${tree.replace(/\/+$/, "")}/`))) continue;
    for (const list of [command.treeReads, command.reads, command.paths]) if (!list.includes(target)) list.push(target);
  }
}

/** Programs that, given a link itself, act on the link and not on what it names. */
const UNLINKERS = new Set(["rm", "unlink", "mv"]);

/**
 * Each path through a link, as the file it names: the system acts on the target, so the target alone is judged
 * (`cat .env` through a link to config/dev.env reads config/dev.env; `rm -rf cache/*` through a link into
 * ~/.cache deletes there, and one exception must cover it, not two half-spellings of one path).
 */
function throughLinks(paths: readonly string[], links: ReadonlyArray<[string, string]>, followsItself: (link: string) => boolean): string[] {
  const out: string[] = [];
  for (const path of paths) out.push(linkTarget(path, links, followsItself) ?? path);
  return [...new Set(out)];
}

function linkTarget(path: string, links: ReadonlyArray<[string, string]>, followsItself: (link: string) => boolean): string | undefined {
  for (const [link, target] of links) {
    if (path === link && followsItself(link)) return target;
    if (path.startsWith(`${link}/`)) return `${target}${path.slice(link.length)}`;
  }
  return undefined;
}

/** Programs whose output, in a substitution, is the text of the files they read (the analysis knows it from that text). */
const FILE_PRINTERS = new Set(["cat"]);

/**
 * A file printed into a command's words (`rm -f $(cat generated.txt)`) decides what the command acts on: its text is
 * asked for, so that a list on disk is judged as the words it holds, as one written in the session is.
 */
function askForSubstitutedFiles(view: ShellView, known: KnownFiles) {
  for (const flow of view.flows) {
    if (flow.channel !== "substitution") continue;
    const source = view.commands[flow.from];
    if (!source || !FILE_PRINTERS.has(source.name)) continue;
    for (const path of source.reads) if (known.get(path)?.content === undefined) addNeed(view, { path, role: "substituted", optional: true });
  }
}

/**
 * The files a network command sends, read directly or piped in (`cat notes.txt | curl -d @- …`): their text is asked
 * for, so that a credential staged in a project file before the session is seen leaving, as one written in it is.
 */
function askForSentFiles(view: ShellView, known: KnownFiles) {
  const ask = (path: string) => {
    if (known.get(path)?.content === undefined) addNeed(view, { path, role: "sent", optional: true });
  };
  view.commands.forEach((command, index) => {
    if (command.network.length === 0 && !sendsWhatItReads(command)) return;
    for (const path of command.reads) ask(path);
    for (const flow of view.flows) if (flow.to === index && flow.channel === "pipe") for (const path of view.commands[flow.from]?.reads ?? []) ask(path);
  });
}

/** Every path a command touches, and the directories above it, may be a link, a copy or a download the session made: asked of the memory only. */
function askForPaths(view: ShellView) {
  let asked = 0;
  for (const command of view.commands) {
    if (asked >= MAX_PATH_LOOKUPS) return;
    for (const path of [...command.paths, ...command.reads, ...command.writes, ...localOperands(command)]) {
      // A pattern (`out/*`) is asked for by the directories before its first wildcard.
      let at = command.patterns.includes(path) ? path.slice(0, Math.max(0, path.search(/[*?[]/))).replace(/\/+$/, "") : path;
      for (let step = 0; step < 8 && at !== "" && at !== "/" && at !== "."; step++) {
        addNeed(view, { path: at, role: "path", optional: true });
        asked++;
        const slash = at.lastIndexOf("/");
        at = slash <= 0 ? "" : at.slice(0, slash);
      }
    }
  }
}

/**
 * What a build, install or test names on this machine (`npm install ./vendor/x`, `pip install ../lib`,
 * `pip install x.whl`), asked for as paths: a file an earlier call downloaded, or a directory it unpacked a download
 * or cloned into, is then known as one (a remote package).
 */
/** A package file an install takes (a wheel, an sdist or npm tarball, a gem, a crate), named without `./` (`dist/x.whl`). */
const PACKAGE_FILE = /^[\w.+-][\w.+/-]*\.(?:whl|tar\.gz|tgz|tar\.bz2|zip|gem|crate|nupkg|egg)$/;

function localOperands(command: SimpleCommand): string[] {
  if (!runsProjectCode(command.name, command.subcommand)) return [];
  return command.operands
    .map((word) => word.replace(/^file:/, ""))
    .filter((word) => /^(?:\.{1,2}\/)/.test(word) || PACKAGE_FILE.test(word))
    .map((word) => posix.normalize(word).replace(/\/+$/, ""))
    .filter((path) => path !== "." && !path.startsWith(".."));
}

/** `git config [--global] KEY VALUE`: a setting the session made, kept for the git commands after it. */
function addGitSettings(view: ShellView) {
  for (const command of view.commands) {
    const setting = gitSettingOf(command);
    if (setting === undefined) continue;
    view.written ??= [];
    view.written.push({ path: SESSION_GIT_CONFIG, content: setting, append: true });
  }
}

/** The `key=value` line a `git config KEY VALUE` command sets, or undefined for any other command. */
function gitSettingOf(command: SimpleCommand): string | undefined {
  if (command.name !== "git" || command.subcommand[0] !== "config") return undefined;
  const words = command.args.slice(command.args.indexOf("config") + 1).filter((arg) => !arg.startsWith("-"));
  if (words.length !== 2 || command.args.includes("--unset") || command.args.includes("--get")) return undefined;
  return `${words[0]}=${words[1]}\n`;
}
