// A VS Code-family editor's .vscode/tasks.json as the shell lines it runs
// by itself: the tasks whose `runOptions.runOn` is "folderOpen" (and the
// tasks they depend on, first) start when the folder is opened and trusted,
// which people grant without reading. Other tasks run only when someone
// picks them. Read when the editor opens a folder (../session/editor-tasks.ts)
// and when a call writes the file (a start-up file: ../programs/startup-files.ts).
import { isRecord, parsedJson } from "./jsonc.ts";
import { shellQuote } from "./quote.ts";
import { MAX_EDITOR_TASKS_FOLLOWED } from "../../limits.ts";

/** The file's folder-open tasks as one shell text (`:` when it starts none); nothing is left unread. */
export function vscodeTasksAsShell(text: string): { text: string; unread: string[] } {
  const lines = folderOpenCommands(text);
  return { text: lines.length === 0 ? ":" : lines.join("\n"), unread: [] };
}

type Task = { label?: unknown; type?: unknown; command?: unknown; args?: unknown; script?: unknown; dependsOn?: unknown; runOptions?: unknown; linux?: unknown; osx?: unknown };

/** The shell lines of the tasks a folder's opening runs: those marked folderOpen, and what they depend on, first. */
export function folderOpenCommands(text: string): string[] {
  const tasks = tasksOf(text);
  const byLabel = new Map(tasks.flatMap((task) => (typeof task.label === "string" ? [[task.label, task] as const] : [])));
  const seen = new Set<Task>();
  const lines: string[] = [];
  const visit = (task: Task | undefined) => {
    if (!task || seen.has(task) || seen.size >= MAX_EDITOR_TASKS_FOLLOWED) return;
    seen.add(task);
    const depends = typeof task.dependsOn === "string" ? [task.dependsOn] : Array.isArray(task.dependsOn) ? task.dependsOn : [];
    for (const label of depends) if (typeof label === "string") visit(byLabel.get(label));
    lines.push(...commandsOf(task));
  };
  for (const task of tasks) if (isRecord(task.runOptions) && task.runOptions.runOn === "folderOpen") visit(task);
  return lines;
}

/** A task's command line, and the platform variants' (`linux`, `osx`), with `${workspaceFolder}` as the folder itself. */
function commandsOf(task: Task): string[] {
  const variants = [task, task.linux, task.osx].filter(isRecord) as Task[];
  return variants.flatMap((variant) => {
    if (task.type === "npm" && typeof (variant.script ?? task.script) === "string") return [`npm run ${shellQuote(String(variant.script ?? task.script))}`];
    if (typeof variant.command !== "string") return [];
    const args = (Array.isArray(variant.args) ? variant.args : Array.isArray(task.args) ? task.args : [])
      .map((arg) => (isRecord(arg) ? arg.value : arg))
      .filter((arg) => typeof arg === "string");
    // A shell task's command is a shell line already; a process task's words are one program and its arguments.
    const line =
      task.type === "process"
        ? [variant.command, ...args].map((word) => shellQuote(word as string)).join(" ")
        : [variant.command, ...args.map((arg) => shellQuote(arg as string))].join(" ");
    return [line.replaceAll("${workspaceFolder}", ".").replaceAll("${workspaceRoot}", ".")];
  });
}

function tasksOf(text: string): Task[] {
  // VS Code reads what it can of a broken file; the guard reads nothing of it.
  const value = parsedJson(text, true);
  return Array.isArray(value?.tasks) ? (value.tasks.filter(isRecord) as Task[]) : [];
}
