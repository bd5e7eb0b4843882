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
import { type FileLookup, type KnownText, knownText, optionValue, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";
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
    return settingsRun(`${command.name} (ssh settings)`, [file], sshCommands, (content) => sshIncludes(content, home));
  }
  if (KUBE_CLIENTS.has(command.name)) {
    // `--kubeconfig FILE`, else `$KUBECONFIG` (a list, merged), else the default file.
    const option = optionValue(command.args, ["--kubeconfig"], ["--kubeconfig"]);
    const files = option !== undefined ? [option] : (pathList(command.environment?.KUBECONFIG) ?? [`${home}/.kube/config`]);
    return settingsRun(`${command.name} (kubeconfig)`, files, kubeExecCommands);
  }
  if (AWS_CLIENTS.has(command.name)) {
    const env = command.environment;
    const files = [env?.AWS_CONFIG_FILE ?? `${home}/.aws/config`, env?.AWS_SHARED_CREDENTIALS_FILE ?? `${home}/.aws/credentials`];
    return settingsRun(`${command.name} (AWS config)`, files, awsCredentialProcesses);
  }
  return undefined;
}

/** A `:`-separated list of files a variable names (`KUBECONFIG=a.yaml:b.yaml`); undefined when it is not set. */
function pathList(value: string | undefined): string[] | undefined {
  const paths = value?.split(":").filter((path) => path !== "");
  return paths && paths.length > 0 ? paths : undefined;
}

/** The files a settings file brings in (ssh's Include), as paths the analysis names them by; none for most. */
type Includes = (content: string) => string[];

function settingsRun(what: string, paths: readonly string[], reader: Reader, includes: Includes = () => []): ProjectRun {
  const needs: FileNeed[] = paths.map((path) => settingsNeed(path.replace(/^\.\//, "")));
  return {
    what,
    candidates: [],
    extra: needs,
    more: (get) => settingsFiles(needs, get, includes).unknown,
    read: (get) =>
      settingsFiles(needs, get, includes).known.flatMap((file): Snippet[] => {
        const fromHome = file.fromHome ? { fromHome: true as const } : {};
        // What the command prints goes to the client (a connection, a token), as a substitution's goes to its command.
        return reader(file.content).map((text) => ({ kind: "shell", text: `: "$(${text}\n)"`, via: `${what} (${file.path}, ${file.label})`, ...fromHome }));
      }),
  };
}

function settingsNeed(path: string): FileNeed {
  return { path, role: "program-settings", optional: true, ...(/[*?[]/.test(path) ? { pattern: true } : {}) };
}

/**
 * The settings files known so far, each once, following what each includes (a listing's matches for a glob), and
 * the included ones not known yet (to be read next). A file that includes itself, or a loop of them, ends.
 */
function settingsFiles(needs: readonly FileNeed[], get: FileLookup, includes: Includes): { known: KnownText[]; unknown: FileNeed[] } {
  const known: KnownText[] = [];
  const unknown: FileNeed[] = [];
  const queue = needs.map((need) => need.path);
  const seen = new Set<string>();
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (seen.has(path)) continue;
    seen.add(path);
    const file = get(path);
    if (file === undefined && !needs.some((need) => need.path === path)) unknown.push(settingsNeed(path));
    queue.push(...(file?.matches ?? []));
    const text = knownText(path, get);
    if (!text) continue;
    known.push(text);
    queue.push(...includes(text.content));
  }
  return { known, unknown };
}

/**
 * ssh's `Include FILE…` (blank-separated, quoted or not, globs allowed): a relative path is under ~/.ssh, as it is
 * for the user's own settings; `~/` is the home directory.
 */
function sshIncludes(content: string, home: string): string[] {
  const paths: string[] = [];
  for (const line of content.split("\n")) {
    const include = /^\s*"?Include"?(?:\s*=\s*|\s+)(.+?)\s*$/i.exec(line);
    if (!include) continue;
    for (const [, quoted, plain] of include[1]!.matchAll(/"([^"]*)"|(\S+)/g)) {
      const word = quoted ?? plain!;
      if (word === "") continue;
      paths.push(word.startsWith("~/") ? `${home}/${word.slice(2)}` : word.startsWith("/") ? word : `${home}/.ssh/${word}`);
    }
  }
  return paths;
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
