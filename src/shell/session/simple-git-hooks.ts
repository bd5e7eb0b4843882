// simple-git-hooks writes a git hook for each command its settings name —
// the "simple-git-hooks" object of package.json, or a .simple-git-hooks.json
// (.js, .cjs, .mjs, with or without the dot) — and git runs it at the next
// commit, push or merge. `npx simple-git-hooks` (often a package.json
// `prepare` script, so `npm install` too) is judged by those commands: once
// installed they run unasked, so the install is the call to stop.
import type { SimpleCommand } from "../view/view.ts";
import { parsedJson } from "../languages/jsonc.ts";
import { firstKnown, type ProjectRun, type Snippet } from "./snippet.ts";

const CONFIG_FILES = ["package.json", ...["json", "js", "cjs", "mjs"].flatMap((ext) => [`.simple-git-hooks.${ext}`, `simple-git-hooks.${ext}`])];
/** Settings of the tool's own, not hooks. */
const NOT_HOOKS = new Set(["preserveUnused"]);

export function simpleGitHooksRun(command: SimpleCommand): ProjectRun | undefined {
  if (command.name !== "simple-git-hooks") return undefined;
  const named = command.args.find((arg) => !arg.startsWith("-"));
  const paths = named ? [named.replace(/^\.\//, "")] : CONFIG_FILES;
  const candidates = paths.map((path) => ({ path, role: "package.json" as const, optional: true as const }));
  return {
    what: "simple-git-hooks",
    candidates: [],
    extra: candidates,
    read: (get) => {
      const file = firstKnown(
        candidates.filter((need) => need.path !== "package.json" || hooksOf(get(need.path)?.content ?? "", need.path).length > 0),
        get,
      );
      if (!file) return [];
      const via = `simple-git-hooks (${file.path}, ${file.label})`;
      const code: Snippet[] = /\.[cm]?js$/.test(file.path) ? [{ kind: "file", path: file.path, interpreter: "node", via }] : [];
      return [...code, ...hooksOf(file.content, file.path).map((text): Snippet => ({ kind: "shell", text, via: `${via} hook` }))];
    },
  };
}

/** The hook commands of a settings file: package.json's "simple-git-hooks", a JSON file's keys, a JS file's string properties. */
function hooksOf(content: string, path: string): string[] {
  if (path.endsWith(".json")) {
    const json = parsedJson(content, false);
    const settings = path.endsWith("package.json") ? json?.["simple-git-hooks"] : json;
    if (typeof settings !== "object" || settings === null) return [];
    return Object.entries(settings as Record<string, unknown>).flatMap(([name, value]) => (typeof value === "string" && !NOT_HOOKS.has(name) ? [value] : []));
  }
  // module.exports = { "pre-commit": "npx lint-staged", "pre-push": `npm test` }: each hook name with its string.
  return [...content.matchAll(/["']?([a-z][a-z-]*)["']?\s*:\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\$]|\\.)*`)/g)].flatMap((match) =>
    NOT_HOOKS.has(match[1]!) ? [] : [match[2]!.slice(1, -1).replace(/\\(.)/g, "$1")],
  );
}
