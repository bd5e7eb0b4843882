// Settings given on a tool's command line that name a command it runs:
// apt's `-o Key=Value` (`APT::Update::Pre-Invoke`, `DPkg::Post-Invoke`, a
// `Dir::Bin::…` program), Mercurial's `--config section.key=value` (aliases
// starting with `!`, hooks, the editor, ssh and merge tools), sshfs's
// `-o ssh_command=…` (its other options go to ssh), and a D-Bus address
// `unixexec:path=PROG,argv1=…` that starts a program.
import type { CodeReading } from "./code.ts";
import { addReading, emptyReading } from "./file-lines.ts";
import { shellQuote } from "./quote.ts";
import { readSshOption } from "./ssh-option.ts";

export function readAptOption(option: string): CodeReading {
  const reading = emptyReading();
  const match = /^([^=]+)=([\s\S]*)$/.exec(option.trim());
  if (!match) return reading;
  const key = match[1]!.toLowerCase().replace(/::$/, "");
  const value = match[2]!.trim();
  if (value === "") return reading;
  if (/(?:^|::)(?:pre-invoke|post-invoke|post-invoke-success|pre-install-pkgs|post-invoke-failure)(?:::|$)/.test(key)) reading.lines.push({ line: value, label: match[1]! });
  else if (/^dir::bin::/.test(key)) reading.lines.push({ line: shellQuote(value), label: match[1]! });
  return reading;
}

/** Keys whose value Mercurial runs as a shell command (lower case; `*` one name part). */
const HG_COMMAND_KEYS = [/^hooks\.[^.]+$/, /^ui\.(?:editor|ssh|merge)$/, /^pager\.pager$/, /^merge-tools\.[^.]+\.executable$/, /^extdiff\.[^.]+$/];

export function readHgSetting(setting: string): CodeReading {
  const reading = emptyReading();
  const equals = setting.indexOf("=");
  if (equals < 0) return reading;
  const key = setting.slice(0, equals).trim().toLowerCase();
  const value = setting.slice(equals + 1).trim();
  if (/^alias\./.test(key)) {
    if (value.startsWith("!")) reading.lines.push({ line: value.slice(1), label: key });
    return reading;
  }
  if (/^hooks\./.test(key) && value.startsWith("python:")) {
    reading.unresolved.push(`hg --config ${key} runs Python the input does not show (${value.slice(0, 60)})`);
    return reading;
  }
  if (/^extensions\./.test(key) && value !== "" && value !== "!") {
    reading.unresolved.push(`hg --config ${key} loads an extension the input does not show (${value.slice(0, 60)})`);
    return reading;
  }
  if (HG_COMMAND_KEYS.some((pattern) => pattern.test(key)) && value !== "") reading.lines.push({ line: value, label: key });
  return reading;
}

/** sshfs `-o a,b=c,ssh_command=CMD`: ssh_command is run; options it does not know are ssh's (`ProxyCommand=…`). */
export function readSshfsOptions(options: string): CodeReading {
  const reading = emptyReading();
  const command = /(?:^|,)ssh_command=([\s\S]*)$/.exec(options);
  if (command) reading.lines.push({ line: command[1]!, label: "ssh_command" });
  const rest = command ? options.slice(0, command.index) : options;
  for (const option of rest.split(",")) if (/^[A-Z]\w*=/.test(option)) addReading(reading, readSshOption(option));
  return reading;
}

/** `unixexec:path=/bin/sh,argv1=-c,argv2=CMD` (values %-escaped). */
export function readDbusAddress(address: string): CodeReading {
  const reading = emptyReading();
  for (const part of address.split(";")) {
    const exec = /^unixexec:(.*)$/.exec(part.trim());
    if (!exec) continue;
    const fields = new Map(exec[1]!.split(",").map((pair) => [pair.slice(0, pair.indexOf("=")), percentDecoded(pair.slice(pair.indexOf("=") + 1))] as const));
    const path = fields.get("path");
    if (!path) continue;
    const argv = [...fields.entries()].filter(([key]) => /^argv[1-9]\d*$/.test(key)).sort(([a], [b]) => Number(a.slice(4)) - Number(b.slice(4))).map(([, value]) => value);
    reading.lines.push({ line: [path, ...argv].map(shellQuote).join(" "), label: "unixexec" });
  }
  return reading;
}

/** `%2c` → `,`; a malformed escape stays as written. */
function percentDecoded(value: string): string {
  return value.replace(/%([0-9a-fA-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
