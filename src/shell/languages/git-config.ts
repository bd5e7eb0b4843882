// git configuration given on the command line (`git -c key=value`,
// GIT_CONFIG_PARAMETERS, GIT_CONFIG_COUNT/KEY_n/VALUE_n): the keys whose value
// is a command git runs, and the aliases that are shell commands.
import type { CodeReading } from "./code.ts";

/** Keys (lower case; `*` one name part) whose value git runs as a shell command. */
const COMMAND_KEYS = [
  "core.pager",
  "core.editor",
  "core.sshcommand",
  "core.fsmonitor",
  "core.askpass",
  "core.gitproxy",
  "sequence.editor",
  "diff.external",
  "diff.*.command",
  "diff.*.textconv",
  "merge.*.driver",
  "filter.*.clean",
  "filter.*.smudge",
  "filter.*.process",
  "gpg.program",
  "gpg.*.program",
  "uploadpack.packobjectshook",
  "browser.*.cmd",
  "man.*.cmd",
  "pager.*",
  "interactive.difffilter",
  "remote.*.uploadpack",
  "remote.*.receivepack",
  "sendemail.sendmailcmd",
  "sendemail.tocmd",
  "sendemail.cccmd",
  "credential.helper",
  "credential.*.helper",
  "mergetool.*.cmd",
  "difftool.*.cmd",
  "instaweb.httpd",
];
/** The keys above as one expression: every setting of every config file a git command reads is tested against it. */
const COMMAND_KEY = new RegExp(`^(?:${COMMAND_KEYS.map((key) => key.replaceAll(".", "\\.").replaceAll("*", "[^.]+")).join("|")})$`);

/** Keys that make git run or read something the input cannot show. */
const UNSEEN_KEY = /^(?:core\.hookspath|include\.path|includeif\..+\.path|init\.templatedir)$/;

/** Values of boolean-like settings are not commands (`core.fsmonitor=true`, `core.pager=false`). */
const NOT_A_COMMAND = /^(?:true|false|yes|no|on|off|1|0|)$/i;

/** One `key=value` setting. */
export function readGitSetting(setting: string): CodeReading & { alias?: { name: string; value: string } } {
  const equals = setting.indexOf("=");
  const key = (equals < 0 ? setting : setting.slice(0, equals)).trim().toLowerCase();
  const value = equals < 0 ? "true" : setting.slice(equals + 1);
  const reading: CodeReading & { alias?: { name: string; value: string } } = { lines: [], unresolved: [] };
  const alias = /^alias\.(.+)$/.exec(key);
  if (alias) {
    reading.alias = { name: alias[1]!, value };
    if (value.trimStart().startsWith("!")) reading.lines.push({ line: value.trimStart().slice(1), label: `alias ${alias[1]}` });
    return reading;
  }
  if (COMMAND_KEY.test(key) && !NOT_A_COMMAND.test(value.trim())) {
    const helper = key.startsWith("credential");
    const command = helper && !value.startsWith("!") && !value.includes("/") ? `git credential-${value}` : value.replace(/^!/, "");
    // A credential helper prints the credential for git to read: its output never reaches the agent.
    reading.lines.push(helper ? { line: command, label: key, outputRead: true } : { line: command, label: key });
  }
  if (UNSEEN_KEY.test(key)) reading.unresolved.push(`git -c ${key} makes git run or read files the input does not show (${value})`);
  return reading;
}

/** GIT_CONFIG_PARAMETERS: `'key=value' 'key2=value2'`, each quoted as the shell would. */
export function readGitParameters(text: string): CodeReading {
  const reading: CodeReading = { lines: [], unresolved: [] };
  for (const match of text.matchAll(/'((?:[^']|'\\'')*)'/g)) {
    const setting = readGitSetting(match[1]!.replaceAll("'\\''", "'"));
    reading.lines.push(...setting.lines);
    reading.unresolved.push(...setting.unresolved);
  }
  return reading;
}

/** A git config file (`[section "sub"]` then `key = value`) or `key=value` lines, as `section.sub.key=value` settings. */
export function readGitConfigFile(text: string | undefined): string[] {
  if (text === undefined) return [];
  const settings: string[] = [];
  let section = "";
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[\s*([^\s\]"]+)(?:\s+"([^"]*)")?\s*\]$/.exec(line);
    if (header) {
      section = header[2] === undefined ? header[1]! : `${header[1]}.${header[2]}`;
      continue;
    }
    const pair = /^([^=\s]+)\s*(?:=\s*(.*))?$/.exec(line);
    if (!pair) continue;
    const key = section === "" ? pair[1]! : `${section}.${pair[1]}`;
    settings.push(`${key}=${unquote(pair[2] ?? "true")}`);
  }
  return settings;
}

/**
 * A value as git reads it: double quotes open and close anywhere in it, and inside or out a backslash escapes `"`
 * and `\\` (and stands for a newline, tab or backspace before n, t, b); `#` or `;` outside quotes starts a comment;
 * blanks outside quotes at either end are dropped.
 */
function unquote(value: string): string {
  let text = "";
  let quoted = false;
  let kept = 0;
  for (let at = 0; at < value.length; at++) {
    const char = value[at]!;
    if (char === "\\" && at + 1 < value.length) {
      const next = value[++at]!;
      text += ESCAPES[next] ?? next;
      kept = text.length;
    } else if (char === '"') {
      quoted = !quoted;
      kept = text.length;
    } else if (!quoted && (char === "#" || char === ";")) break;
    else {
      if (quoted || !/\s/.test(char) || text !== "") text += char;
      if (quoted || !/\s/.test(char)) kept = text.length;
    }
  }
  return text.slice(0, kept);
}

const ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t", b: "\b" };

/** Settings whose command is the person's own tool choice: judged by what the command runs. */
const CHOSEN_PROGRAM_KEYS = [/^core\.pager$/, /^core\.editor$/, /^sequence\.editor$/, /^pager\.[^.]+$/];
/** Settings that send fetches and pushes elsewhere or weaken TLS: not a command, but not harmless either. */
const REDIRECT_KEYS = [/^url\..+\.(?:insteadof|pushinsteadof)$/, /^https?\.(?:.+\.)?(?:proxy|sslverify|sslcainfo|sslcapath|sslbackend)$/];

/**
 * A git config file as the shell code git runs from it: each alias (`st = status` is `git status`, `x = !cmd`
 * is `cmd`) and each pager or editor, one line each. Undefined when a setting does something a command cannot
 * show: another command key (core.sshCommand, filters, credential helpers), hooks or includes elsewhere, a
 * fetch redirect or a TLS change — those are left to the rules about the file.
 */
export function gitConfigAsShell(text: string): string | undefined {
  if (text.trim() === "") return undefined;
  const lines: string[] = [];
  for (const setting of readGitConfigFile(text)) {
    const key = setting.slice(0, setting.indexOf("=")).toLowerCase();
    // A key before any `[section]` (an appended or edited fragment) belongs to whatever section the file
    // ends with, which the text does not show.
    if (!key.includes(".")) return undefined;
    const reading = readGitSetting(setting);
    if (reading.unresolved.length > 0 || REDIRECT_KEYS.some((pattern) => pattern.test(key))) return undefined;
    if (reading.alias) {
      lines.push(reading.alias.value.trimStart().startsWith("!") ? reading.alias.value.trimStart().slice(1) : `git ${reading.alias.value}`);
      continue;
    }
    if (reading.lines.length === 0) continue;
    if (!CHOSEN_PROGRAM_KEYS.some((pattern) => pattern.test(key))) return undefined;
    lines.push(...reading.lines.map((line) => line.line));
  }
  return lines.join("\n");
}
