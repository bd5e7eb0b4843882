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
].map((key) => new RegExp(`^${key.replaceAll(".", "\\.").replaceAll("*", "[^.]+")}$`));

/** Keys that make git run or read something the input cannot show. */
const UNSEEN_KEYS = [/^core\.hookspath$/, /^include\.path$/, /^includeif\..+\.path$/, /^init\.templatedir$/];

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
  if (COMMAND_KEYS.some((pattern) => pattern.test(key)) && !NOT_A_COMMAND.test(value.trim())) {
    const command = key.startsWith("credential") && !value.startsWith("!") && !value.includes("/") ? `git credential-${value}` : value.replace(/^!/, "");
    reading.lines.push({ line: command, label: key });
  }
  if (UNSEEN_KEYS.some((pattern) => pattern.test(key))) reading.unresolved.push(`git -c ${key} makes git run or read files the input does not show (${value})`);
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
