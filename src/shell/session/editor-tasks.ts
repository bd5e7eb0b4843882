// Tasks an editor runs when it opens a folder: a VS Code-family editor
// (code, codium, cursor, windsurf) opening a folder runs each task of the
// folder's .vscode/tasks.json whose `runOptions.runOn` is "folderOpen",
// with the tasks it depends on — once the folder is trusted, which people
// grant without reading. Each such task's command (a shell line, a program
// with its arguments, an npm script) is judged as the shell text it is.
import type { SimpleCommand } from "../view/view.ts";
import { isRecord, parsedJson } from "./manifest-scripts.ts";
import { inDir, knownText, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";
import { MAX_EDITOR_TASKS_FOLLOWED } from "../../limits.ts";

/** Editors that read .vscode/tasks.json. */
const EDITORS = new Set(["code", "code-insiders", "codium", "vscodium", "cursor", "windsurf"]);

export function editorTasksRun(command: SimpleCommand): ProjectRun | undefined {
  if (!EDITORS.has(command.name)) return undefined;
  const folder = command.args.find((arg) => !arg.startsWith("-"));
  // No folder, a file, or one outside the project: nothing of the project's is opened.
  if (folder === undefined || folder.startsWith("/") || folder.startsWith("~") || folder.split("/").includes("..") || /\.[\w]+$/.test(folder)) return undefined;
  const path = inDir(folder.replace(/^\.\/?/, "").replace(/\/+$/, ""), ".vscode/tasks.json");
  return {
    what: `${command.name} ${folder}`,
    candidates: [],
    extra: [{ path, role: "package.json", optional: true }],
    read: (get) => {
      const file = knownText(path, get);
      if (!file) return [];
      const via = `${command.name} ${folder} runs its folder-open tasks (${path}, ${file.label})`;
      return folderOpenCommands(file.content).map((text): Snippet => ({ kind: "shell", text, via }));
    },
  };
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
    if (task.type === "npm" && typeof (variant.script ?? task.script) === "string") return [`npm run ${shellWord(String(variant.script ?? task.script))}`];
    if (typeof variant.command !== "string") return [];
    const args = (Array.isArray(variant.args) ? variant.args : Array.isArray(task.args) ? task.args : [])
      .map((arg) => (isRecord(arg) ? arg.value : arg))
      .filter((arg) => typeof arg === "string");
    // A shell task's command is a shell line already; a process task's words are one program and its arguments.
    const line =
      task.type === "process"
        ? [variant.command, ...args].map((word) => shellWord(word as string)).join(" ")
        : [variant.command, ...args.map((arg) => shellWord(arg as string))].join(" ");
    return [line.replaceAll("${workspaceFolder}", ".").replaceAll("${workspaceRoot}", ".")];
  });
}

function tasksOf(text: string): Task[] {
  // VS Code reads what it can of a broken file; the guard reads nothing of it.
  const value = parsedJson(text, true);
  return Array.isArray(value?.tasks) ? (value.tasks.filter(isRecord) as Task[]) : [];
}
