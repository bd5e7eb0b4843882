// Ansible playbooks (`ansible-playbook FILE`, a file the input wrote): the
// tasks that run a command line — the `shell`, `command` and `raw` modules,
// short or fully qualified, in block or flow YAML — each as that command
// line, and `script` tasks as the script they run. The hosts a play targets
// are not followed: the command is judged as if it ran here, which stops
// the same harm on the hosts it does run on. A YAML block scalar (`shell: |`)
// is read line by line.
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
