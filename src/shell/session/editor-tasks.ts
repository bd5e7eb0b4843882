// Tasks an editor runs when it opens a folder: a VS Code-family editor
// (code, codium, cursor, windsurf) opening a folder runs each task of the
// folder's .vscode/tasks.json whose `runOptions.runOn` is "folderOpen",
// with the tasks it depends on — once the folder is trusted, which people
// grant without reading. Each such task's command (a shell line, a program
// with its arguments, an npm script) is judged as the shell text it is.
import type { SimpleCommand } from "../view/view.ts";
import { folderOpenCommands } from "../languages/vscode-tasks.ts";
import { inDir, knownText, type ProjectRun, type Snippet } from "./snippet.ts";

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
