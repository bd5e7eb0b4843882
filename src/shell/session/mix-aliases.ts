// Mix aliases: mix.exs's `aliases` keyword list maps a task name to the tasks
// it stands for (`setup: ["deps.get", "cmd npm install --prefix assets"]`).
// `mix NAME` runs the alias instead of any task of that name; each `cmd …`
// in it is a shell command mix runs, and a task that is another alias is
// followed (an alias naming itself means the real task). What an alias runs
// through an Elixir function (`&reset/1`) is not read here.
import type { SimpleCommand } from "../view/view.ts";
import { firstKnown, type ProjectRun, type Snippet } from "./snippet.ts";
import { MAX_MIX_ALIASES_FOLLOWED } from "../../limits.ts";

/** A double-quoted Elixir string, its escapes kept. */
const STRING = /"((?:[^"\\]|\\.)*)"/g;

export function mixAliasRun(command: SimpleCommand): ProjectRun | undefined {
  if (command.name !== "mix") return undefined;
  const task = command.args.find((arg) => !arg.startsWith("-"));
  // Tasks that run outside any project (making one, installing mix's own tools) read no mix.exs.
  if (task === undefined || /^(?:new|help|phx\.new|igniter\.new|(?:local|archive|hex|escript)\.[\w.]+)$/.test(task)) return undefined;
  const candidates = [{ path: "mix.exs", role: "package.json" as const }];
  return {
    what: `mix ${task}`,
    candidates,
    read: (get) => {
      const file = firstKnown(candidates, get);
      if (!file) return [];
      const via = `mix ${task} (${file.path}, ${file.label})`;
      return aliasCommands(file.content, task).map((text): Snippet => ({ kind: "shell", text, via }));
    },
  };
}

/** The shell commands `mix TASK` runs through the aliases of a mix.exs. */
export function aliasCommands(text: string, task: string): string[] {
  const aliases = aliasesOf(text);
  const seen = new Set<string>();
  const commands: string[] = [];
  const visit = (name: string) => {
    const steps = aliases.get(name);
    if (!steps || seen.has(name) || seen.size >= MAX_MIX_ALIASES_FOLLOWED) return;
    seen.add(name);
    for (const step of steps) {
      const cmd = /^cmd\s+((?:--(?:app|cd)\s+\S+\s+)*)([\s\S]+)$/.exec(step.trim());
      if (cmd) commands.push(cmd[2]!);
      else if (step.trim().split(/\s+/)[0] !== name) visit(step.trim().split(/\s+/)[0]!);
    }
  };
  visit(task);
  return commands;
}

/** The aliases keyword list (`defp aliases do [...] end`, `aliases: [...]`): each name with its steps, strings only. */
function aliasesOf(text: string): Map<string, string[]> {
  const aliases = new Map<string, string[]>();
  const start = Math.max(text.search(/\bdefp?\s+aliases\b/), text.search(/\baliases:\s*\[/));
  if (start < 0) return aliases;
  const section = text.slice(start);
  const entry = /(?:^|[\s,[])(?:"([\w.:-]+)"|([a-z_][\w.]*[?!]?)):\s*(\[(?:\s*"(?:[^"\\]|\\.)*"\s*,?)*\s*\]|"(?:[^"\\]|\\.)*")/g;
  for (const match of section.matchAll(entry)) {
    const name = match[1] ?? match[2]!;
    if (aliases.has(name)) continue;
    aliases.set(
      name,
      [...match[3]!.matchAll(STRING)].map((string) => string[1]!.replace(/\\(.)/g, "$1")),
    );
  }
  return aliases;
}
