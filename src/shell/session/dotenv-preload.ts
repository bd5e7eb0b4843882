// Dotenv files that a tool loads into the environment of what it starts:
// `node --env-file=.env`, dotenv-cli (`dotenv -e .env -- cmd`), dotenvx
// (`dotenvx run -f .env -- cmd`) and Next.js (its `.env*` files, whose values
// the worker processes it starts inherit). A `NODE_OPTIONS` line there with
// `--require ./x.js` (or `--import`) loads x.js into every node started, as
// the same option typed would: that module is judged as node code. Other
// values (a port, `--max-old-space-size`) run nothing.
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { nodeLoads } from "./package-settings.ts";
import { knownTexts, optionValue, type ProjectRun, type Snippet } from "./snippet.ts";

/** Next.js loads these (the mode's own and `.local` ones) for `next dev`, `build` and `start`. */
const NEXT_FILES = [".env", ".env.local", ".env.development", ".env.development.local", ".env.production", ".env.production.local"];
const NEXT_VERBS = new Set(["dev", "build", "start"]);

export function dotenvRun(command: SimpleCommand): ProjectRun | undefined {
  const files = dotenvFiles(command);
  if (files === undefined || files.length === 0) return undefined;
  const what = `${command.name} environment`;
  const needs: FileNeed[] = files.map((path) => ({ path, role: "package-settings", optional: true }));
  return {
    what,
    candidates: [],
    extra: needs,
    read: (get) =>
      knownTexts(files, get).flatMap((file) =>
        nodeOptions(file.content).flatMap((options) =>
          nodeLoads(options).map(
            (load): Snippet => ({ kind: "file", path: load.path.replace(/^\.\//, ""), interpreter: "node", via: `${what} (${file.path} NODE_OPTIONS, ${file.label})` }),
          ),
        ),
      ),
  };
}

function dotenvFiles(command: SimpleCommand): string[] | undefined {
  const args = command.args;
  if (command.name === "node" || command.name === "nodejs") {
    return args.flatMap((arg, index) => {
      const inline = /^--env-file(?:-if-exists)?=(.+)$/.exec(arg)?.[1];
      if (inline !== undefined) return [inline];
      return (arg === "--env-file" || arg === "--env-file-if-exists") && args[index + 1] ? [args[index + 1]!] : [];
    });
  }
  if (command.name === "dotenv") return [optionValue(args, ["-e"]) ?? ".env"];
  if (command.name === "dotenvx" && args[0] === "run") return [optionValue(args, ["-f"], ["--env-file"]) ?? ".env"];
  if (command.name === "next" && NEXT_VERBS.has(args[0] ?? "")) return NEXT_FILES;
  return undefined;
}

/** The `NODE_OPTIONS=…` values of a dotenv text (`export` allowed, quotes removed). */
function nodeOptions(text: string): string[] {
  return [...text.matchAll(/^\s*(?:export\s+)?NODE_OPTIONS\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\n#]*))/gm)].map((match) => (match[1] ?? match[2] ?? match[3] ?? "").trim());
}
