// `npm run build`, `yarn test`, `pnpm install`, `bun run lint`: the scripts
// of the project's package.json run in a shell, with their `pre`/`post`
// companions, and install runs the lifecycle scripts of the project itself.
import type { SimpleCommand } from "../view/view.ts";
import { inDir, knownText, optionValue, type ProjectRun, type Snippet, operandsOf } from "./snippet.ts";

const MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);
const RUN_WORDS = new Set(["run", "run-script", "rum", "urn"]);
const TEST_WORDS = new Set(["test", "t", "tst"]);
const INSTALL_WORDS = new Set(["install", "i", "ci", "in", "isntall", "add"]);
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

/** The package.json scripts a package-manager command runs, by name. */
export function packageScriptRun(command: SimpleCommand): ProjectRun | undefined {
  if (!MANAGERS.has(command.name)) return undefined;
  const words = operandsOf(command.args, VALUE_OPTIONS);
  const dir = optionValue(command.args, ["--prefix", "--cwd", "--dir", "-C"], ["--prefix", "--cwd", "--dir"]);
  const scripts = scriptsRun(command.name, words);
  if (scripts === undefined) return undefined;
  const path = inDir(dir, "package.json");
  return {
    what: `${command.name} ${words.slice(0, 2).join(" ")}`.trim(),
    candidates: [{ path, role: "package.json" }],
    read: (get) => {
      const file = knownText(path, get);
      return file ? scriptSnippets(file.content, scripts, `${command.name} ${words.slice(0, 2).join(" ")} (${path}, ${file.label})`) : [];
    },
  };
}

/** Options whose value is the next word (`--prefix web`), so that word is not a script's name. */
const VALUE_OPTIONS = new Set(["--prefix", "--cwd", "--dir", "-C", "--filter", "-F", "--workspace", "-w", "--loglevel", "--registry"]);

/** The script names a command runs, in order; undefined when it runs none of the project's. */
function scriptsRun(manager: string, words: readonly string[]): string[] | undefined {
  const [first, second] = words;
  if (first === undefined) return manager === "yarn" || manager === "bun" ? (manager === "yarn" ? LIFECYCLE_INSTALL : undefined) : undefined;
  if (RUN_WORDS.has(first)) return second === undefined ? undefined : withCompanions(second);
  if (TEST_WORDS.has(first) && manager !== "bun") return withCompanions("test");
  if (first === "start" || first === "stop" || first === "restart") return withCompanions(first);
  if (INSTALL_WORDS.has(first)) return words.length === 1 || first === "ci" ? LIFECYCLE_INSTALL : undefined;
  if ((manager === "yarn" || manager === "pnpm") && !OWN_COMMANDS.has(first)) return withCompanions(first);
  return undefined;
}

function withCompanions(name: string): string[] {
  return [`pre${name}`, name, `post${name}`];
}

function scriptSnippets(content: string, names: readonly string[], via: string): Snippet[] {
  const scripts = scriptsOf(content);
  if (scripts === undefined) return []; // npm refuses a package.json it cannot parse: nothing runs
  return names.flatMap((name) => {
    const text = scripts[name];
    return typeof text === "string" ? [{ kind: "shell" as const, text, via: `${via} script ${name}` }] : [];
  });
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
