// Settings given on a tool's command line that name a command it runs:
// apt's `-o Key=Value` (`APT::Update::Pre-Invoke`, `DPkg::Post-Invoke`, a
// `Dir::Bin::…` program), Mercurial's `--config section.key=value` (aliases
// starting with `!`, hooks, the editor, ssh and merge tools), sshfs's
// `-o ssh_command=…` (its other options go to ssh), a D-Bus address
// `unixexec:path=PROG,argv1=…` that starts a program, cargo's `--config`
// (runners, wrappers, linkers), rustc's `-C linker=…`, gcc's
// `-wrapper PROG,ARGS`, and an output file that starts with `|` or `!`
// (strace -o), which is a command the output is piped to; and two
// settings read from a file or a key: wg-quick's Up/Down hooks, and a
// kernel core pattern that pipes crashes to a program; and Apache
// and nginx directives (include reads a file, a piped log or a log
// file runs or writes), rsyslog's program actions and fastfetch's
// command modules, and the commands a fail2ban action runs on each ban.
import { countingBudget, textUnits, type WorkBudget } from "../budget.ts";
import { type CodeReading, UNKNOWN } from "./code.ts";
import { addReading, emptyReading, readLine, writeLine } from "./file-lines.ts";
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
    const argv = [...fields.entries()]
      .filter(([key]) => /^argv[1-9]\d*$/.test(key))
      .sort(([a], [b]) => Number(a.slice(4)) - Number(b.slice(4)))
      .map(([, value]) => value);
    reading.lines.push({ line: [path, ...argv].map(shellQuote).join(" "), label: "unixexec" });
  }
  return reading;
}

/** `%2c` → `,`; a malformed escape stays as written. */
function percentDecoded(value: string): string {
  return value.replace(/%([0-9a-fA-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** cargo `--config KEY=VALUE` (TOML): runners, compiler wrappers and linkers are programs cargo runs. */
export function readCargoConfig(setting: string): CodeReading {
  const reading = emptyReading();
  const match = /^\s*([\w.\-"']+)\s*=\s*([\s\S]*)$/.exec(setting);
  if (!match) return reading;
  const key = match[1]!.replaceAll(/["']/g, "").toLowerCase();
  if (!/^(?:target\..+\.(?:runner|linker)|build\.(?:rustc|rustc-wrapper|rustc-workspace-wrapper|rustdoc)|host\.linker)$/.test(key)) return reading;
  const value = match[2]!.trim();
  const list = /^\[([\s\S]*)\]$/.exec(value);
  const words = list ? [...list[1]!.matchAll(/"((?:[^"\\]|\\.)*)(?:"|$)|'([^']*)'/g)].map((item) => item[1] ?? item[2]!) : [value.replace(/^(["'])([\s\S]*)\1$/, "$2")];
  if (words.length > 0 && words[0] !== "") reading.lines.push({ line: list ? words.map(shellQuote).join(" ") : words[0]!, label: key });
  return reading;
}

/** rustc `-C linker=PROG` (and `-C linker-flavor` et al., which run nothing). */
export function readRustcCodegen(option: string): CodeReading {
  const reading = emptyReading();
  const linker = /^\s*linker\s*=\s*(\S+)/.exec(option);
  if (linker) reading.lines.push({ line: shellQuote(linker[1]!), label: "-C linker" });
  return reading;
}

/** gcc `-wrapper PROG,ARG,…`: the compiler's subprograms run under PROG with ARGs. */
export function readCommaArgv(list: string): CodeReading {
  const reading = emptyReading();
  const words = list.split(",").filter((word) => word !== "");
  if (words.length > 0) reading.lines.push({ line: words.map(shellQuote).join(" "), label: "wrapper" });
  return reading;
}

/**
 * A fail2ban action's command (`set JAIL action ACT actionban CMD`): a line the daemon runs as root on each ban, its
 * `<ip>`, `<name>`, `<port>` tags filled at run time.
 */
export function readFail2banAction(text: string): CodeReading {
  const reading = emptyReading();
  const line = text.replace(/<[A-Za-z_-]+>/g, UNKNOWN);
  if (line.trim() !== "") reading.lines.push({ line, label: "action" });
  return reading;
}

/** An output file where `|cmd` or `!cmd` pipes the output into cmd (strace -o); any other name is written. */
export function readOutputFile(name: string): CodeReading {
  const reading = emptyReading();
  const piped = /^[|!]([\s\S]*)$/.exec(name);
  if (piped) {
    if (piped[1]!.trim() !== "") reading.lines.push({ line: piped[1]!, label: "output pipe" });
  } else if (name !== "") reading.lines.push({ line: writeLine(name), label: "output file" });
  return reading;
}

/**
 * A WireGuard wg-quick configuration: `PreUp`, `PostUp`, `PreDown` and
 * `PostDown` are commands bash runs when the interface comes up or goes
 * down (`%i` is the interface's name).
 */
export function readWireguardConfig(text: string): CodeReading {
  const reading = emptyReading();
  for (const line of text.split(/\r?\n/)) {
    const hook = /^\s*(Pre|Post)(Up|Down)\s*=\s*(\S[\s\S]*)$/i.exec(line);
    if (hook) reading.lines.push({ line: hook[3]!.replaceAll("%i", "wg0").trim(), label: `${hook[1]}${hook[2]}` });
  }
  return reading;
}

/**
 * The kernel's core pattern (`kernel.core_pattern`): a value starting with
 * `|` is a program the kernel runs, as root, for every crash, with the
 * specifiers (`%p`, `%e`) filled in; anything else is a file name.
 */
export function readCorePattern(text: string): CodeReading {
  const reading = emptyReading();
  const piped = /^\s*\|\s*(\S[\s\S]*)$/.exec(text);
  if (piped) reading.lines.push({ line: piped[1]!.replace(/%[a-zA-Z%]/g, "1").trim(), label: "core pattern pipe" });
  return reading;
}

/**
 * Apache httpd directives (`apache2 -C DIRECTIVE`, `-c`, a config file given with -f): `Include` reads a file (and
 * shows its first line in the error when it is not a directive), and a log written to `|COMMAND` (piped logs) starts
 * that command.
 */
export function readApacheDirectives(text: string): CodeReading {
  const reading = emptyReading();
  for (const line of text.split(/\r?\n/)) {
    const include = /^\s*Include(?:Optional)?\s+"?([^"\s]+)"?/i.exec(line);
    if (include) reading.lines.push({ line: readLine(include[1]!), label: "Include" });
    const piped = /^\s*(?:ErrorLog|CustomLog|TransferLog|GlobalLog)\s+"\|\$?\s*([^"]+)"|^\s*(?:ErrorLog|CustomLog|TransferLog|GlobalLog)\s+'\|\$?\s*([^']+)'/i.exec(line);
    const command = piped?.[1] ?? piped?.[2];
    if (command) reading.lines.push({ line: command.trim(), label: "piped log" });
  }
  return reading;
}

/**
 * nginx directives (`nginx -g '…'`, a config file given with -c): `include` reads a file, `access_log`, `error_log`
 * and `pid` write one (`off`, `stderr` and syslog targets are not files). A `load_module` line stays in the recorded
 * code, which the library-load rule reads.
 */
export function readNginxDirectives(text: string): CodeReading {
  const reading = emptyReading();
  for (const statement of text.split(/[;\n]/)) {
    const [directive = "", target] = statement.trim().split(/\s+/);
    const file = target?.replace(/^["']|["']$/g, "");
    if (!file) continue;
    if (directive === "include") reading.lines.push({ line: readLine(file), label: "include" });
    else if (["access_log", "error_log", "pid"].includes(directive) && !/^(?:off|stderr|syslog:.*|memory:.*)$/.test(file))
      reading.lines.push({ line: writeLine(file), label: directive });
  }
  return reading;
}

/**
 * An rsyslog configuration (`rsyslogd -f FILE`): a legacy `^PROGRAM` action runs the program for each matching
 * message, and an `omprog` action runs its `binary="…"`.
 */
export function readRsyslogConfig(text: string, budget: WorkBudget = countingBudget()): CodeReading {
  const reading = emptyReading();
  budget.charge(textUnits(text));
  // Found piece by piece, in one pass each: patterns with a lazy program before optional trailing spaces, or
  // scanning from each `type="omprog"` to a `)`, were quadratic in a crafted line's length.
  for (const line of text.split(/\r?\n/)) {
    const caret = line.search(/\s\^/);
    const program =
      caret < 0
        ? ""
        : line
            .slice(caret + 2)
            .split(";", 1)[0]!
            .trim();
    if (program !== "") reading.lines.push({ line: program, label: "^program action" });
    const binary = /\btype\s*=\s*"omprog"/.test(line) ? /\bbinary\s*=\s*"([^"]+)"/.exec(line)?.[1] : undefined;
    if (binary) reading.lines.push({ line: binary, label: "omprog" });
  }
  budget.charge(reading.lines.length);
  return reading;
}

/** A fastfetch configuration (`fastfetch -c FILE.jsonc`): a `command` module's `text` is a shell command it runs. */
export function readFastfetchConfig(text: string, budget: WorkBudget = countingBudget()): CodeReading {
  const reading = emptyReading();
  budget.charge(textUnits(text));
  // Each `{…}` without braces inside is found first, then asked for its type: one pattern for both backtracked
  // from every `"type":"command"` of an unclosed module to its end (quadratic in a crafted file).
  for (const module of text.matchAll(/\{[^{}]*\}/g)) {
    if (!/"type"\s*:\s*"command"/.test(module[0])) continue;
    budget.charge();
    const command = /"text"\s*:\s*"((?:[^"\\]|\\.)*)(?:"|$)/.exec(module[0])?.[1];
    if (command) reading.lines.push({ line: command.replace(/\\(["\\])/g, "$1"), label: "command module" });
  }
  return reading;
}
