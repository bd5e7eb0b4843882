// A .vscode/tasks.json read as the shell lines opening its folder runs: the
// folder-open tasks, after what they depend on; other tasks run nothing.
import { describe, expect, test } from "bun:test";
import { folderOpenCommands, vscodeTasksAsShell } from "../../../../src/shell/languages/vscode-tasks.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const tasksJson = (tasks: object[]) => `// tasks\n${JSON.stringify({ version: "2.0.0", tasks }, null, 2)}\n`;
const onOpen = { runOptions: { runOn: "folderOpen" } };

describe("folder-open tasks", () => {
  test("only tasks marked folderOpen run, after the tasks they depend on; shell, process and npm tasks", () => {
    const text = tasksJson([
      { label: "build", type: "shell", command: "npm run build" },
      { label: "prep", type: "shell", command: "rm -rf ${workspaceFolder}/out", dependsOn: ["deps"], ...onOpen },
      { label: "deps", type: "process", command: "npm", args: ["ci", { value: "--silent", quoting: "escape" }] },
      { label: "watch", type: "npm", script: "watch", ...onOpen },
    ]);
    expect(folderOpenCommands(text)).toEqual(["npm ci --silent", "rm -rf ./out", "npm run watch"]);
    expect(folderOpenCommands("{ not json")).toEqual([]);
  });

  test("as one shell text: the folder-open lines, or `:` when opening runs nothing", () => {
    const text = tasksJson([
      { label: "watch", type: "shell", command: "npm run watch", ...onOpen },
      { label: "deploy", type: "shell", command: "./deploy.sh prod" },
    ]);
    expect(vscodeTasksAsShell(text)).toEqual({ text: "npm run watch", unread: [] });
    expect(vscodeTasksAsShell(tasksJson([{ label: "deploy", type: "shell", command: "./deploy.sh prod" }]))).toEqual({ text: ":", unread: [] });
  });
});
