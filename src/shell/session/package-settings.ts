// A package manager's settings that name a program it runs: npm reads .npmrc
// (the project's and the user's) on every run, and `script-shell` runs every
// package.json script, `node-options = --require ./x.js` loads x.js into
// every node it starts, `onload-script`, `init-module`, `git`, `shell`,
// `editor`, `browser` and `viewer` are programs it starts. Yarn runs
// `yarnPath` (and each plugin) from .yarnrc.yml as the yarn itself, Yarn 1
// `yarn-path` from .yarnrc. Each such program that is a project or home file
// is judged by its text; a registry line names no program and runs nothing.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { knownTexts, type ProjectRun, type Snippet } from "./snippet.ts";

const NPMS = new Set(["npm", "npx", "pnpm", "pnpx"]);

/** .npmrc keys whose value is a program npm (or pnpm) starts. */
const PROGRAM_KEYS = new Set(["script-shell", "shell", "onload-script", "init-module", "git", "editor", "browser", "viewer"]);
/** node options that load a module into every node process started. */
const NODE_LOADS = new Set(["--require", "-r", "--import", "--loader", "--experimental-loader"]);

export function packageSettingsRun(command: SimpleCommand, home: string): ProjectRun | undefined {
  if (NPMS.has(command.name)) return settingsRun(`${command.name} settings`, [".npmrc", `${home}/.npmrc`], npmrcPrograms, home);
  if (command.name === "yarn") return settingsRun("yarn settings", [".yarnrc.yml", ".yarnrc", `${home}/.yarnrc.yml`, `${home}/.yarnrc`], yarnrcPrograms, home);
  return undefined;
}

export type Program = { path: string; interpreter?: "node" };

function settingsRun(what: string, paths: readonly string[], programs: (text: string) => Program[], home: string): ProjectRun {
  const needs: FileNeed[] = paths.map((path) => ({ path, role: "package-settings", optional: true }));
  return {
    what,
    candidates: [],
    extra: needs,
    read: (get) =>
      knownTexts(paths, get).flatMap((file) => {
        const via = `${what} (${file.path}, ${file.label})`;
        return programs(file.content).map(
          (program): Snippet => ({
            kind: "file",
            path: program.path.replace(/^~(?=\/)/, home).replace(/^\.\//, ""),
            ...(program.interpreter ? { interpreter: program.interpreter } : {}),
            via,
          }),
        );
      }),
  };
}

/** `key = value` lines of an ini-style .npmrc (`;` and `#` comments), the programs they name. */
function npmrcPrograms(text: string): Program[] {
  const programs: Program[] = [];
  for (const line of text.split(/\r?\n/)) {
    const setting = /^\s*([\w.:@/-]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!setting || /^\s*[;#]/.test(line)) continue;
    const key = setting[1]!.toLowerCase();
    const value = unquote(setting[2]!);
    if (PROGRAM_KEYS.has(key) && isFilePath(value))
      programs.push({ path: value.split(/\s+/)[0]!, ...(key === "onload-script" || key === "init-module" ? { interpreter: "node" as const } : {}) });
    if (key === "node-options") programs.push(...nodeLoads(value));
  }
  return programs;
}

/** `--require ./x.js`, `-r x`, `--import=./y.mjs`: the modules node loads first. */
export function nodeLoads(options: string): Program[] {
  const words = options.split(/\s+/).filter(Boolean);
  const loads: Program[] = [];
  words.forEach((word, index) => {
    const [flag, inline] = word.includes("=") ? [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)] : [word, undefined];
    if (!NODE_LOADS.has(flag!)) return;
    const module = unquote(inline ?? words[index + 1] ?? "");
    if (isFilePath(module)) loads.push({ path: module, interpreter: "node" });
  });
  return loads;
}

/** `yarnPath: .yarn/releases/yarn.cjs`, plugins (`- path: …` or `- …`), and Yarn 1's `yarn-path "…"`. */
function yarnrcPrograms(text: string): Program[] {
  const programs: Program[] = [];
  for (const match of text.matchAll(/^\s*(?:yarnPath\s*:|yarn-path\s)\s*(.+?)\s*$/gm)) programs.push({ path: unquote(match[1]!), interpreter: "node" });
  const plugins = /^plugins\s*:\s*\n((?:[ \t]+.*\n?)*)/m.exec(text)?.[1] ?? "";
  for (const match of plugins.matchAll(/^\s*-\s*(?:path\s*:\s*)?(.+?)\s*$|^\s+path\s*:\s*(.+?)\s*$/gm)) {
    const path = unquote(match[1] ?? match[2] ?? "");
    if (isFilePath(path)) programs.push({ path, interpreter: "node" });
  }
  return programs;
}

function unquote(value: string): string {
  return value.replace(/^(["'])(.*)\1$/, "$2");
}

/** A program named by a path (`./x.sh`, `/opt/x`, `tools/x.js`), not a bare name found on PATH (`bash`). */
function isFilePath(value: string): boolean {
  return value.includes("/") && !/^https?:/.test(value);
}
