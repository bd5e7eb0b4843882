// `npm run build`, `yarn test`, `pnpm install`, `bun run lint`: the scripts
// of the project's package.json run in a shell, with their `pre`/`post`
// companions, and install runs the lifecycle scripts of the project itself.
// pack, publish, version and link run their own lifecycle events; `npm start`
// with no start script runs `node server.js`; a recursive run (`pnpm -r`,
// `--filter`, `npm --workspaces`, `yarn workspaces foreach`) and an install
// of a workspace root run the scripts of every workspace package too.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { type FileLookup, inDir, knownText, optionValue, type ProjectRun, type Snippet, operandsOf, shellWord } from "./snippet.ts";
import { parseYaml, record } from "./yaml-data.ts";

const MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);
const RUN_WORDS = new Set(["run", "run-script", "rum", "urn"]);
const TEST_WORDS = new Set(["test", "t", "tst"]);
const INSTALL_WORDS = new Set(["install", "i", "ci", "in", "isntall", "add"]);
const INSTALL_TEST_WORDS = new Set(["install-test", "it", "clean-install-test", "cit", "install-ci-test", "sit"]);
/** Words yarn and pnpm take as their own commands, not as a script's name. */
const OWN_COMMANDS = new Set([
  "add",
  "audit",
  "bin",
  "cache",
  "config",
  "create",
  "dedupe",
  "dlx",
  "exec",
  "info",
  "init",
  "install",
  "link",
  "list",
  "login",
  "logout",
  "outdated",
  "pack",
  "publish",
  "remove",
  "rm",
  "unlink",
  "up",
  "update",
  "upgrade",
  "why",
  "workspace",
  "workspaces",
  "x",
  "import",
  "rebuild",
  "prune",
  "store",
  "set",
  "version",
  "help",
  "patch",
  "node",
  "plugin",
  "constraints",
  "explain",
  "npm",
  "search",
  "whoami",
  "owner",
  "tag",
  "root",
  "env",
]);
const LIFECYCLE_INSTALL = ["preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"];
/** The lifecycle events a package manager's own commands run, in order (npm's documented order). */
const OWN_LIFECYCLES: Readonly<Record<string, readonly string[]>> = {
  pack: ["prepack", "prepare", "postpack"],
  publish: ["prepublishOnly", "prepack", "prepare", "postpack", "publish", "postpublish"],
  // `npm version` with no operand only prints versions.
  version: ["preversion", "version", "postversion"],
  // `npm link` with no operand installs the package itself (and links it globally); with one it links another.
  link: LIFECYCLE_INSTALL,
};

/** The package.json scripts a package-manager command runs, by name. */
export function packageScriptRun(command: SimpleCommand): ProjectRun | undefined {
  if (!MANAGERS.has(command.name)) return undefined;
  const words = operandsOf(command.args, VALUE_OPTIONS);
  const dir = optionValue(command.args, ["--prefix", "--cwd", "--dir", "-C"], ["--prefix", "--cwd", "--dir"]);
  const foreach = command.name === "yarn" && words[0] === "workspaces" && words[1] === "foreach";
  // `yarn workspace NAME build`: the script of the one workspace package named NAME.
  if (command.name === "yarn" && words[0] === "workspace" && words[1] !== undefined) return namedWorkspaceRun(words[1], words.slice(2), dir);
  const scripts = scriptsRun(command.name, foreach ? words.slice(2) : words);
  if (scripts === undefined) return undefined;
  const path = inDir(dir, "package.json");
  const what = `${command.name} ${words.slice(0, 2).join(" ")}`.trim();
  const everyPackage = foreach || command.args.some((arg) => RECURSIVE.has(arg) || /^--(?:filter|workspace)=/.test(arg)) || INSTALL_WORDS.has(words[0] ?? "");
  const defaultStart = scripts.includes("start") ? inDir(dir, "server.js") : undefined;
  const passed = passedOn(command.name, command.args, foreach ? undefined : namedScript(command.name, words));
  // A workspace's root may hold no package.json of its own (pnpm-workspace.yaml alone): then only its packages run.
  const manifest: FileNeed = { path, role: "package.json" };
  const root: ProjectRun = {
    what,
    targets: namedTargets(command.name, words),
    candidates: everyPackage ? [] : [manifest],
    extra: [
      ...(everyPackage ? [{ ...manifest, optional: true as const }] : []),
      ...(defaultStart ? [{ path: defaultStart, role: "package.json" as const, optional: true as const }] : []),
    ],
    read: (get) => {
      const file = knownText(path, get);
      if (!file) return [];
      const via = `${command.name} ${words.slice(0, 2).join(" ")} (${path}, ${file.label})`;
      return [...scriptSnippets(file.content, scripts, via, passed), ...serverDefault(file.content, defaultStart, via)];
    },
  };
  return everyPackage ? withWorkspaces(root, dir, INSTALL_WORDS.has(words[0] ?? "") ? WORKSPACE_INSTALL : scripts) : root;
}

/** The scripts `yarn workspace NAME …` runs: those of the workspace package whose package.json is named NAME. */
function namedWorkspaceRun(name: string, words: readonly string[], dir: string | undefined): ProjectRun | undefined {
  const scripts = scriptsRun("yarn", words);
  if (scripts === undefined) return undefined;
  const root: ProjectRun = { what: `yarn workspace ${name} ${words.slice(0, 2).join(" ")}`.trim(), targets: namedTargets("yarn", words), candidates: [], read: () => [] };
  return withWorkspaces({ ...root, extra: [{ path: inDir(dir, "package.json"), role: "package.json", optional: true }] }, dir, scripts, name);
}

/** Options that run a script in every workspace package (or those a filter picks, any of which may be the one). */
const RECURSIVE = new Set(["-r", "--recursive", "--filter", "-F", "--workspaces", "-ws", "--workspace"]);

/** What npm runs in each workspace package when the root is installed. */
const WORKSPACE_INSTALL = ["preinstall", "install", "postinstall", "prepare"];

/** `npm start` with no start script runs `node server.js` when there is one. */
function serverDefault(content: string, server: string | undefined, via: string): Snippet[] {
  const scripts = scriptsOf(content);
  if (server === undefined || scripts === undefined || typeof scripts.start === "string") return [];
  return [{ kind: "file", path: server, interpreter: "node", via: `${via}: no start script, so node ${server}` }];
}

/**
 * The workspace packages' scripts too: their directories are the globs of package.json's `workspaces` (a list, or
 * `{ packages: [...] }`) or of pnpm-workspace.yaml's `packages`; each package.json found there is read for the
 * scripts the command runs, run in its own directory.
 */
function withWorkspaces(run: ProjectRun, dir: string | undefined, scripts: readonly string[], only?: string): ProjectRun {
  const pnpmFile = inDir(dir, "pnpm-workspace.yaml");
  const manifests = (get: FileLookup) => workspaceGlobs(get, inDir(dir, "package.json"), pnpmFile).map((glob) => inDir(dir, inDir(glob, "package.json")));
  const found = (get: FileLookup) => manifests(get).flatMap((glob) => get(glob)?.matches ?? []);
  return {
    ...run,
    extra: [...(run.extra ?? []), { path: pnpmFile, role: "package.json", optional: true }],
    more: (get) => [
      ...manifests(get).map((path): FileNeed => ({ path, role: "package.json", pattern: true })),
      ...found(get).map((path): FileNeed => ({ path, role: "package.json", optional: true })),
    ],
    read: (get) => [
      ...run.read(get),
      ...[...new Set(found(get))].flatMap((path) => {
        const file = knownText(path, get);
        const packageDir = path.replace(/\/?package\.json$/, "") || ".";
        return file && (only === undefined || packageName(file.content) === only)
          ? scriptSnippets(file.content, scripts, `${run.what} (workspace ${path}, ${file.label})`).map((snippet) =>
              snippet.kind === "shell" ? { ...snippet, text: `cd ${shellWord(packageDir)} && ${snippet.text}` } : snippet,
            )
          : [];
      }),
    ],
  };
}

function packageName(content: string): string | undefined {
  try {
    const json: unknown = JSON.parse(content);
    return typeof json === "object" && json !== null && typeof (json as { name?: unknown }).name === "string" ? (json as { name: string }).name : undefined;
  } catch {
    return undefined;
  }
}

function workspaceGlobs(get: FileLookup, manifest: string, pnpmFile: string): string[] {
  const fromPnpm = record(parseYaml(knownText(pnpmFile, get)?.content ?? ""))?.packages;
  let fromNpm: unknown;
  try {
    const json: unknown = JSON.parse(knownText(manifest, get)?.content ?? "null");
    const workspaces = typeof json === "object" && json !== null ? (json as { workspaces?: unknown }).workspaces : undefined;
    fromNpm = Array.isArray(workspaces) ? workspaces : (record(workspaces)?.packages ?? []);
  } catch {
    fromNpm = [];
  }
  const globs = [fromPnpm, fromNpm].flatMap((list) => (Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : []));
  // Only directories inside the project (a `!` pattern excludes; `..` leaves it).
  return [
    ...new Set(
      globs
        .map((glob) => glob.replace(/^\.\//, "").replace(/\/+$/, ""))
        .filter((glob) => glob !== "" && !glob.startsWith("!") && !glob.startsWith("/") && !glob.split("/").includes("..")),
    ),
  ];
}

/** Options whose value is the next word (`--prefix web`), so that word is not a script's name. */
const VALUE_OPTIONS = new Set(["--prefix", "--cwd", "--dir", "-C", "--filter", "-F", "--workspace", "-w", "--loglevel", "--registry"]);

/** The script names a command runs, in order; undefined when it runs none of the project's. */
function scriptsRun(manager: string, words: readonly string[]): string[] | undefined {
  const [first, second] = words;
  if (first === undefined) return manager === "yarn" || manager === "bun" ? (manager === "yarn" ? LIFECYCLE_INSTALL : undefined) : undefined;
  if (RUN_WORDS.has(first)) return second === undefined ? undefined : withCompanions(second);
  if (TEST_WORDS.has(first) && manager !== "bun") return withCompanions("test");
  // restart runs the restart script, or without one stop then start (all are listed: either may be the one).
  if (first === "restart") return [...withCompanions("restart"), ...withCompanions("stop"), ...withCompanions("start")];
  if (first === "start" || first === "stop") return withCompanions(first);
  const own = OWN_LIFECYCLES[first];
  if (own !== undefined && (first !== "version" || second !== undefined) && (first !== "link" || second === undefined)) return [...own];
  if (INSTALL_WORDS.has(first)) return words.length === 1 || first === "ci" ? installScripts(manager) : undefined;
  // `npm install-test` (it) and `npm clean-install-test` (cit): an install, then the test script.
  // With packages named, only those are installed (the project's own install scripts do not run); the test still does.
  if (INSTALL_TEST_WORDS.has(first) && manager !== "bun") return [...(words.length === 1 ? installScripts(manager) : []), ...withCompanions("test")];
  if ((manager === "yarn" || manager === "pnpm") && !OWN_COMMANDS.has(first)) return withCompanions(first);
  return undefined;
}

/** The script the line names by its own name (`npm run db:drop`, `yarn release`), not a manager's own command's lifecycle (`npm publish`): the run's targets. */
function namedTargets(manager: string, words: readonly string[]): string[] {
  const [first, second] = words;
  if (first !== undefined && RUN_WORDS.has(first)) return second === undefined ? [] : [second];
  return first !== undefined && (manager === "yarn" || manager === "pnpm") && !OWN_COMMANDS.has(first) && !TEST_WORDS.has(first) && OWN_LIFECYCLES[first] === undefined
    ? [first]
    : [];
}

/** What an install of the project itself runs: npm's lifecycle, and pnpm's own `pnpm:devPreinstall` before it. */
function installScripts(manager: string): string[] {
  return manager === "pnpm" ? ["pnpm:devPreinstall", ...LIFECYCLE_INSTALL] : LIFECYCLE_INSTALL;
}

function withCompanions(name: string): string[] {
  return [`pre${name}`, name, `post${name}`];
}

function scriptSnippets(content: string, names: readonly string[], via: string, passed?: Passed): Snippet[] {
  const scripts = scriptsOf(content);
  if (scripts === undefined) return []; // npm refuses a package.json it cannot parse: nothing runs
  return names.flatMap((name) => {
    const text = scripts[name];
    if (typeof text !== "string") return [];
    // The words after the script's name go to the script itself (`npm run tauri build` runs `tauri build`), not to its pre and post scripts.
    const full = passed && passed.script === name && passed.words.length > 0 ? `${text} ${passed.words.map(shellWord).join(" ")}` : text;
    return [{ kind: "shell" as const, text: full, via: `${via} script ${name}` }];
  });
}

/** The script a run names and the words it passes on to it. */
type Passed = { script: string; words: readonly string[] };

/** The script a `run` (or yarn's and pnpm's bare `NAME`) names, or undefined for the other commands. */
function namedScript(manager: string, words: readonly string[]): string | undefined {
  const [first, second] = words;
  if (first !== undefined && RUN_WORDS.has(first)) return second;
  return (manager === "yarn" || manager === "pnpm") && first !== undefined && !OWN_COMMANDS.has(first) && !TEST_WORDS.has(first) ? first : undefined;
}

/**
 * The words after the script's name: npm keeps the options before `--` for itself and passes the rest; yarn, pnpm
 * and bun pass everything after the name (a first `--` dropped).
 */
function passedOn(manager: string, args: readonly string[], script: string | undefined): Passed | undefined {
  if (script === undefined) return undefined;
  const at = args.indexOf(script);
  if (at < 0) return undefined;
  const rest = args.slice(at + 1);
  const dashes = rest.indexOf("--");
  if (manager !== "npm") return { script, words: rest.filter((_, index) => index !== dashes) };
  const before = dashes < 0 ? rest : rest.slice(0, dashes);
  return { script, words: [...operandsOf(before, VALUE_OPTIONS), ...(dashes < 0 ? [] : rest.slice(dashes + 1))] };
}

export function scriptsOf(content: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const scripts = (parsed as { scripts?: unknown }).scripts;
    return typeof scripts === "object" && scripts !== null ? (scripts as Record<string, unknown>) : {};
  } catch {
    return undefined;
  }
}
