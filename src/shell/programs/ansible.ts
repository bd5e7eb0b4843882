// ansible ad-hoc commands: `ansible HOSTS [-m MODULE] -a ARGS [-b]` runs a
// module on every host, judged as `ssh host CMD` is. The command, shell and
// raw modules (the default is command) run ARGS as a command line; other
// modules become the shell command that does the same (`-m file -a
// 'path=/srv state=absent'` is `rm -rf -- /srv`, `-m reboot` is `reboot`,
// `-m copy -a 'src=~/.ssh/id_rsa dest=/tmp/k'` reads the local key). With
// -b (become) the command runs as root: it is judged as `sudo CMD`. With -C
// (check mode) nothing changes. ansible-playbook's file is judged by its
// command tasks when the input shows it (languages/playbook.ts).
import { countingBudget, textUnits, type WorkBudget } from "../budget.ts";
import { fieldText, literalField, singleValue } from "../expand/field.ts";
import { shellQuote } from "../languages/quote.ts";
import { readArgv, type ArgvReading } from "./read-argv.ts";
import type { ProgramSpec } from "./spec.ts";

export const ANSIBLE: ProgramSpec = {
  options: {
    "-m": "value",
    "--module-name": "value",
    "-a": "value",
    "--args": "value",
    "-i": "read",
    "--inventory": "read",
    "--inventory-file": "read",
    "-u": "value",
    "--user": "value",
    "--become-user": "value",
    "--become-method": "value",
    "-e": "value",
    "--extra-vars": "value",
    "-f": "value",
    "--forks": "value",
    "-l": "value",
    "--limit": "value",
    "-T": "value",
    "--timeout": "value",
    "-P": "value",
    "--poll": "value",
    "-B": "value",
    "--background": "value",
    "-M": "path",
    "--module-path": "path",
    "-t": "write",
    "--tree": "write",
    "-c": "value",
    "--connection": "value",
    "--private-key": "read",
    "--key-file": "read",
    "--vault-password-file": "read",
    "--vault-id": "value",
    "--ssh-common-args": "value",
    "--ssh-extra-args": "value",
    "--scp-extra-args": "value",
    "--sftp-extra-args": "value",
    "--playbook-dir": "path",
    "--task-timeout": "value",
  },
  operands: ["value"],
  abbreviations: true,
};

const SHELL_MODULES = new Set(["command", "shell", "raw", "script", "win_shell", "win_command"]);
const PACKAGE_PROGRAMS: Readonly<Record<string, string>> = {
  apt: "apt-get",
  yum: "yum",
  dnf: "dnf",
  package: "apt-get",
  pacman: "pacman",
  zypper: "zypper",
  apk: "apk",
  homebrew: "brew",
  pip: "pip",
  npm: "npm",
  snap: "snap",
};

/** The module's `key=value` arguments are charged to `budget`: one pass over their text, and a unit per pair. */
export function readAnsibleArgv(args: Parameters<typeof readArgv>[1], spec: ProgramSpec | undefined, budget: WorkBudget = countingBudget()): ArgvReading {
  const reading = readArgv(spec ?? ANSIBLE, args);
  const value = (...options: string[]) => reading.roled.find((arg) => arg.option !== undefined && options.includes(arg.option));
  if (reading.flags.includes("-C") || reading.flags.includes("--check")) return reading;
  const moduleArg = value("-m", "--module-name");
  const module = (moduleArg ? singleValue(moduleArg.field) : "command")?.split(".").at(-1)?.toLowerCase();
  const argsArg = value("-a", "--args");
  const become = reading.flags.includes("-b") || reading.flags.includes("--become");
  if (module === undefined) {
    // A module only known at run time: its arguments may be a command.
    if (argsArg) reading.roled.push({ field: argsArg.field, role: "shell", option: "-a" });
    return reading;
  }
  const text = argsArg ? singleValue(argsArg.field) : "";
  if (text === undefined) {
    if (argsArg) reading.roled.push({ field: argsArg.field, role: "shell", option: "-a" });
    return reading;
  }
  const lines = SHELL_MODULES.has(module) ? [text] : moduleLines(module, keyValues(text, budget));
  for (const line of lines) {
    if (line.trim() === "") continue;
    reading.roled.push({
      field: literalField(become ? `sudo -- sh -c ${shellQuote(line)}` : line, fieldText(argsArg?.field ?? literalField(module))),
      role: "shell",
      option: `-m ${module}`,
    });
  }
  return reading;
}

/** The shell commands a module does with its `key=value` arguments. */
function moduleLines(module: string, kv: Map<string, string>): string[] {
  const get = (...keys: string[]) => keys.map((key) => kv.get(key)).find((found) => found !== undefined);
  const word = (value: string) => shellQuote(value);
  const path = get("path", "dest", "name");
  switch (module) {
    case "reboot":
      return ["reboot"];
    case "file":
      if (!path) return [];
      if (get("state") === "absent") return [`rm -rf -- ${word(path)}`];
      return get("state") === "directory" ? [`mkdir -p -- ${word(path)}`] : [`touch -- ${word(path)}`];
    case "copy":
    case "template": {
      const lines: string[] = [];
      const source = get("src");
      if (source) lines.push(`cat -- ${word(source)}`);
      const destination = get("dest");
      if (destination) lines.push(`: > ${word(destination)}`);
      return lines;
    }
    case "fetch": {
      const source = get("src");
      const destination = get("dest");
      return [...(source ? [`cat -- ${word(source)}`] : []), ...(destination ? [`: > ${word(destination)}`] : [])];
    }
    case "lineinfile":
    case "blockinfile":
    case "replace":
    case "ini_file":
      return path ? [`: >> ${word(path)}`] : [];
    case "get_url": {
      const url = get("url");
      const destination = get("dest");
      return url && destination ? [`curl -o ${word(destination)} -- ${word(url)}`] : [];
    }
    case "service":
    case "systemd":
    case "systemd_service": {
      const name = get("name");
      if (!name) return [];
      const state = get("state");
      const lines = state === "stopped" ? [`systemctl stop ${word(name)}`] : state === "restarted" ? [`systemctl restart ${word(name)}`] : [];
      if (/^(?:no|false)$/i.test(get("enabled") ?? "")) lines.push(`systemctl disable ${word(name)}`);
      return lines;
    }
    case "user": {
      const name = get("name");
      if (!name) return [];
      if (get("state") === "absent") return [`userdel -r ${word(name)}`];
      const groups = get("groups");
      return [`useradd ${get("uid") ? `-o -u ${word(get("uid")!)} ` : ""}${word(name)}`, ...(groups ? [`usermod -aG ${word(groups)} ${word(name)}`] : [])];
    }
    case "authorized_key":
      return [`: >> ~/.ssh/authorized_keys`];
    case "cron":
      return ["crontab -"];
    default: {
      const program = PACKAGE_PROGRAMS[module];
      const name = get("name", "pkg");
      if (!program || !name) return [];
      return get("state") === "absent" ? [`${program} remove -y ${word(name)}`] : [`${program} install -y ${word(name)}`];
    }
  }
}

/** `path=/srv state=absent msg="a b"`: the arguments as a map (quotes as a shell would read them). */
function keyValues(text: string, budget: WorkBudget): Map<string, string> {
  const map = new Map<string, string>();
  budget.charge(textUnits(text));
  // A key starts a word (the look-behind): otherwise a long word without `=` is scanned once per letter.
  for (const match of text.matchAll(/(?<![\w])([A-Za-z_][\w]*)=("([^"]*)"|'([^']*)'|(\S*))/g)) {
    budget.charge();
    map.set(match[1]!, match[3] ?? match[4] ?? match[5] ?? "");
  }
  return map;
}

/** ansible-playbook: each operand is a playbook, read by its command tasks; `-C`/`--check` only shows what would change. */
export const ANSIBLE_PLAYBOOK: ProgramSpec = {
  options: {
    "-i": "read",
    "--inventory": "read",
    "-e": "value",
    "--extra-vars": "value",
    "-l": "value",
    "--limit": "value",
    "-u": "value",
    "--user": "value",
    "--become-user": "value",
    "-t": "value",
    "--tags": "value",
    "--skip-tags": "value",
    "-f": "value",
    "--forks": "value",
    "--vault-password-file": "read",
    "--vault-id": "value",
    "--private-key": "read",
    "--key-file": "read",
    "-M": "path",
    "--module-path": "path",
    "--start-at-task": "value",
  },
  operands: ["script"],
  stdin: "code:ansible-playbook",
  inertWith: ["--syntax-check", "--list-tasks", "--list-hosts", "--list-tags"],
};
