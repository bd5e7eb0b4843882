// Ansible playbooks (`ansible-playbook FILE`, a file the input wrote): the
// tasks that run a command line — the `shell`, `command` and `raw` modules,
// short or fully qualified, in block or flow YAML — each as that command
// line, and `script` tasks as the script they run. The hosts a play targets
// are not followed: the command is judged as if it ran here, which stops
// the same harm on the hosts it does run on. A YAML block scalar (`shell: |`)
// is read line by line. A `file` task with `state: absent` deletes its path
// (a directory with all it holds): it is the `rm -rf` it amounts to, its
// Jinja for the home directory (`lookup('env', 'HOME')`, `ansible_env.HOME`,
// `ansible_user_dir`) read as $HOME; a path with any other variable is left
// alone (only the inventory knows it).
import { countingBudget, textUnits, type WorkBudget } from "../budget.ts";
import type { CodeReading } from "./code.ts";
import { emptyReading } from "./file-lines.ts";

const TASK = /(?:^|[\s[{,-])(?:ansible\.builtin\.|ansible\.legacy\.)?(shell|command|raw|script)\s*:\s*(.*)$/;

/** Charged to `budget`: one pass over the text (each line is looked at once, as a key or in a block), and a unit per command. */
export function readPlaybook(text: string, budget: WorkBudget = countingBudget()): CodeReading {
  const reading = emptyReading();
  budget.charge(textUnits(text));
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const removed = removedPath(lines, index);
    if (removed !== undefined) reading.lines.push({ line: `rm -rf -- ${removed}`, label: "file task (state: absent)" });
    const task = TASK.exec(lines[index]!);
    if (!task) continue;
    const [, module, rest] = task as unknown as [string, string, string];
    const value = rest.replace(/\s*[\]}]+\s*$/, "").trim();
    let commands = [unquote(value)];
    if (/^[|>][-+]?$/.test(value)) {
      // A block scalar's lines are its text, never keys: reading goes on after them (and each is read once).
      const end = blockEnd(lines, index);
      commands = lines.slice(index + 1, end).map((line) => line.trim());
      index = end - 1;
    }
    for (const command of commands) {
      if (command === "") continue;
      budget.charge();
      reading.lines.push({ line: module === "script" ? `sh ${command}` : command, label: `${module} task` });
    }
  }
  return reading;
}

const FILE_TASK = /^\s*(?:-\s+)?(?:ansible\.builtin\.|ansible\.legacy\.)?file\s*:\s*(.*)$/;

/**
 * The path a `file` task at `at` removes (`state: absent`), block or `k=v` form, as a shell word; undefined for any
 * other task, or a path only the inventory knows.
 */
function removedPath(lines: readonly string[], at: number): string | undefined {
  const task = FILE_TASK.exec(lines[at]!);
  if (!task) return undefined;
  const settings = new Map<string, string>();
  const inline = task[1]!.trim();
  if (inline !== "") for (const pair of inline.matchAll(/(\w+)=("[^"]*"|'[^']*'|(?:\{\{.*?\}\}|\S)+)/g)) settings.set(pair[1]!, unquote(pair[2]!));
  else
    for (const line of lines.slice(at + 1, blockEnd(lines, at))) {
      const pair = /^\s*(\w+)\s*:\s*(.*?)\s*$/.exec(line);
      if (pair) settings.set(pair[1]!, unquote(pair[2]!));
    }
  const path = settings.get("path") ?? settings.get("dest") ?? settings.get("name");
  if (settings.get("state") !== "absent" || path === undefined) return undefined;
  const expanded = path.replace(HOME_JINJA, "$HOME");
  return /\{\{|\{%/.test(expanded) ? undefined : `"${expanded.replace(/["\\`]/g, "\\$&")}"`;
}

/** Jinja that stands for the home directory of the user the play runs as. */
const HOME_JINJA = /\{\{\s*(?:lookup\s*\(\s*['"]env['"]\s*,\s*['"]HOME['"]\s*\)|ansible_env\.HOME|ansible_env\[['"]HOME['"]\]|ansible_user_dir)\s*\}\}/g;

/** Where a block scalar ends: the first line after its key that is not blank and not indented more than the key's line. */
function blockEnd(lines: readonly string[], at: number): number {
  const indent = indentOf(lines[at]!);
  let end = at + 1;
  while (end < lines.length && (lines[end]!.trim() === "" || indentOf(lines[end]!) > indent)) end++;
  return end;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function unquote(value: string): string {
  const quoted = /^(["'])([\s\S]*)\1$/.exec(value);
  return quoted ? quoted[2]! : value;
}
