// Ansible playbooks (`ansible-playbook FILE`, a file the input wrote): the
// tasks that run a command line — the `shell`, `command` and `raw` modules,
// short or fully qualified, in block or flow YAML — each as that command
// line, and `script` tasks as the script they run. The hosts a play targets
// are not followed: the command is judged as if it ran here, which stops
// the same harm on the hosts it does run on. A YAML block scalar (`shell: |`)
// is read line by line.
import type { CodeReading } from "./code.ts";
import { emptyReading } from "./file-lines.ts";

const TASK = /(?:^|[\s[{,-])(?:ansible\.builtin\.|ansible\.legacy\.)?(shell|command|raw|script)\s*:\s*(.*)$/;

export function readPlaybook(text: string): CodeReading {
  const reading = emptyReading();
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const task = TASK.exec(lines[index]!);
    if (!task) continue;
    const [, module, rest] = task as unknown as [string, string, string];
    const value = rest.replace(/\s*[\]}]+\s*$/, "").trim();
    const commands = /^[|>][-+]?$/.test(value) ? blockScalar(lines, index) : [unquote(value)];
    for (const command of commands) if (command !== "") reading.lines.push({ line: module === "script" ? `sh ${command}` : command, label: `${module} task` });
  }
  return reading;
}

/** The lines of a block scalar: those after its key indented more than the key's line. */
function blockScalar(lines: readonly string[], at: number): string[] {
  const indent = /^\s*/.exec(lines[at]!)![0].length;
  const body: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (line.trim() !== "" && /^\s*/.exec(line)![0].length <= indent) break;
    body.push(line.trim());
  }
  return body;
}

function unquote(value: string): string {
  const quoted = /^(["'])([\s\S]*)\1$/.exec(value);
  return quoted ? quoted[2]! : value;
}
