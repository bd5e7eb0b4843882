// Settings files in the home directory that name a command a client runs
// on this machine when it connects: ssh's config (`ProxyCommand`,
// `LocalCommand`, `Match exec`, `KnownHostsCommand`), read by ssh, scp,
// sftp, rsync and git's fetch/push over ssh; a kubeconfig's credential
// plugin (`users[].user.exec`), run by kubectl and helm; the AWS config's
// `credential_process`, run by the AWS CLI and SDK tools. Each is judged as
// the shell command it is, whoever wrote it (the user's own: what only run
// time shows in it is unseen code, not an error).
import type { FileNeed } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { knownText, optionValue, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";
import { parseYaml, record, records } from "./yaml-data.ts";

/** git subcommands that connect to a remote (over ssh when the remote says so). */
const GIT_CONNECTS = new Set(["push", "pull", "fetch", "clone", "ls-remote", "archive", "submodule", "remote"]);
const SSH_CLIENTS = new Set(["ssh", "scp", "sftp", "rsync", "autossh", "sshfs", "mosh"]);
const KUBE_CLIENTS = new Set(["kubectl", "helm", "k9s", "kubectx", "kubens", "oc", "stern", "kustomize", "skaffold", "tilt"]);
const AWS_CLIENTS = new Set(["aws", "sam", "cdk", "eksctl", "copilot", "chalice"]);

/**
 * The ssh settings that hold a command, and how each runs it (every one through the user's shell). ssh parts a
 * keyword from its value by blanks (tabs too) or one '=', and reads a quoted keyword as the keyword.
 */
const SSH_COMMAND = /^\s*"?(ProxyCommand|LocalCommand|KnownHostsCommand)"?(?:\s*=\s*|\s+)(.+?)\s*$/i;
const SSH_MATCH_EXEC = /\bexec\s+(?:"([^"]*)"|(\S+))/gi;

type Reader = (content: string) => string[];

export function toolSettingsRun(command: SimpleCommand, home: string): ProjectRun | undefined {
  if (SSH_CLIENTS.has(command.name) || (command.name === "git" && GIT_CONNECTS.has(command.subcommand[0] ?? ""))) {
    // `ssh -F FILE`; git's `-c core.sshCommand` is the git config's to judge.
    const file = (SSH_CLIENTS.has(command.name) ? optionValue(command.args, ["-F"]) : undefined) ?? `${home}/.ssh/config`;
    return settingsRun(`${command.name} (ssh settings)`, [file], sshCommands);
  }
  if (KUBE_CLIENTS.has(command.name)) {
    const file = optionValue(command.args, ["--kubeconfig"], ["--kubeconfig"]) ?? `${home}/.kube/config`;
    return settingsRun(`${command.name} (kubeconfig)`, [file], kubeExecCommands);
  }
  if (AWS_CLIENTS.has(command.name)) return settingsRun(`${command.name} (AWS config)`, [`${home}/.aws/config`, `${home}/.aws/credentials`], awsCredentialProcesses);
  return undefined;
}

function settingsRun(what: string, paths: readonly string[], reader: Reader): ProjectRun {
  const needs: FileNeed[] = paths.map((path) => ({ path: path.replace(/^\.\//, ""), role: "program-settings", optional: true }));
  return {
    what,
    candidates: [],
    extra: needs,
    read: (get) =>
      needs.flatMap((need): Snippet[] => {
        const file = knownText(need.path, get);
        if (!file) return [];
        const fromHome = file.fromHome ? { fromHome: true as const } : {};
        // What the command prints goes to the client (a connection, a token), as a substitution's goes to its command.
        return reader(file.content).map((text) => ({ kind: "shell", text: `: "$(${text}\n)"`, via: `${what} (${file.path}, ${file.label})`, ...fromHome }));
      }),
  };
}

/** ProxyCommand, LocalCommand and KnownHostsCommand lines, and `Match exec` conditions; `%h`-style tokens stay words. */
function sshCommands(content: string): string[] {
  const commands: string[] = [];
  for (const line of content.split("\n")) {
    if (/^\s*#/.test(line)) continue;
    const setting = SSH_COMMAND.exec(line);
    if (setting && setting[2]!.toLowerCase() !== "none") commands.push(setting[2]!);
    if (/^\s*Match\b/i.test(line)) for (const match of line.matchAll(SSH_MATCH_EXEC)) commands.push(match[1] ?? match[2]!);
  }
  return commands;
}

/** Each user's `exec` credential plugin: its command with its args (and env as assignments before it). */
function kubeExecCommands(content: string): string[] {
  const config = record(parseYaml(content));
  if (!config) return [];
  return records(config.users).flatMap((entry) => {
    const exec = record(record(entry.user)?.exec);
    if (!exec || typeof exec.command !== "string") return [];
    const args = Array.isArray(exec.args) ? exec.args.filter((arg): arg is string => typeof arg === "string") : [];
    const env = records(exec.env).flatMap((pair) =>
      typeof pair.name === "string" && /^\w+$/.test(pair.name) && typeof pair.value === "string" ? [`${pair.name}=${shellWord(pair.value)}`] : [],
    );
    return [[...env, shellWord(exec.command), ...args.map(shellWord)].join(" ")];
  });
}

/**
 * `credential_process = CMD` in any profile: the AWS tools run it (not through a shell: its words as written).
 * Their INI reader folds a key's case, so `Credential_Process` runs as well.
 */
function awsCredentialProcesses(content: string): string[] {
  return [...content.matchAll(/^\s*credential_process\s*=\s*(.+?)\s*$/gim)].map((match) => match[1]!);
}
