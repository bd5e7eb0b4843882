// Files that say what a later command does: a compose file's services are
// the `docker run` commands `docker compose up` makes (privileged, the host's
// root mounted, the host's network), a Terraform file's local-exec
// provisioners and external data sources are commands `terraform apply`
// runs, and a shell's start-up files run when an interactive or login shell
// starts, and direnv sources a directory's .envrc.
import { MAX_LISTED_FILES, MAX_SOURCED_STARTUP_FILES } from "../../limits.ts";
import type { FileNeed, KnownFile } from "../view/files.ts";
import type { SimpleCommand } from "../view/view.ts";
import { isRecord } from "../languages/jsonc.ts";
import { type FileLookup, firstKnown, inDir, knownText, knownTexts, operandsOf, optionValue, type ProjectRun, type Snippet, shellWord } from "./snippet.ts";
import { parseYaml, record, records } from "./yaml-data.ts";

const COMPOSE_STARTS = new Set(["up", "run", "create", "start", "restart", "exec", "watch"]);
const COMPOSE_FILES = ["compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml"];
/** The override files compose merges into the default file when no `-f` is given. */
const COMPOSE_OVERRIDES = ["compose.override.yaml", "compose.override.yml", "docker-compose.override.yml", "docker-compose.override.yaml"];

export function infraRun(command: SimpleCommand, home: string, piped = false): ProjectRun | undefined {
  if (command.name === "docker-compose" || command.name === "podman-compose" || ((command.name === "docker" || command.name === "podman") && command.subcommand[0] === "compose"))
    return composeRun(command);
  if (command.name === "terraform" || command.name === "tofu") return terraformRun(command);
  if ((command.name === "kubectl" || command.name === "oc") && MANIFEST_VERBS.has(command.subcommand[0] ?? "")) return kubectlManifests(command);
  if (command.name === "podman") return podmanKubePlay(command);
  if (command.name === "nomad") return nomadJobRun(command);
  if (STARTUP[command.name] && startsInteractive(command, piped)) {
    const login = command.flags.some((flag) => flag === "-l" || flag === "--login");
    return startupRun(command.name, home, login ? [...STARTUP[command.name]!, ...(LOGOUT[command.name] ?? [])] : undefined);
  }
  // Every zsh reads ~/.zshenv first, a script or `-c` too, unless told to read no start-up file.
  if (command.name === "zsh" && !command.flags.some((flag) => flag === "-f" || flag === "--no-rcs")) return startupRun("zsh", home, ["~/.zshenv"]);
  if (command.name === "direnv") return direnvRun(command);
  return undefined;
}

/** `direnv exec DIR cmd`, `direnv allow|reload [DIR]`: DIR's .envrc is sourced by bash (its whole text runs). */
function direnvRun(command: SimpleCommand): ProjectRun | undefined {
  const words = command.args.filter((arg) => !arg.startsWith("-"));
  const verb = command.subcommand[0] ?? words[0];
  if (verb !== "exec" && verb !== "allow" && verb !== "permit" && verb !== "reload") return undefined;
  const operand = words[1];
  const dir = verb === "reload" || operand === undefined || operand === "." ? undefined : operand.replace(/\/\.envrc$/, "");
  const path = inDir(dir, ".envrc");
  return {
    what: `direnv ${verb}`,
    candidates: [],
    extra: [{ path, role: "startup", optional: true }],
    read: (get) => {
      const file = knownText(path, get);
      return file ? [{ kind: "shell" as const, text: file.content, via: `direnv ${verb} (${path}, ${file.label})` }] : [];
    },
  };
}

function composeRun(command: SimpleCommand): ProjectRun | undefined {
  const words = command.args.filter((arg) => !arg.startsWith("-"));
  if (!words.some((word) => COMPOSE_STARTS.has(word))) return undefined;
  const named = composeFilesNamed(command.args);
  const dir = optionValue(command.args, [], ["--project-directory"]);
  // Several `-f` files are merged, each adding to the services: every one is judged. Without one, the first default
  // file found, and beside it the override file compose merges on its own.
  const candidates: FileNeed[] = (named.length > 0 ? named.slice(0, 1) : COMPOSE_FILES.map((name) => inDir(dir, name))).map((path) => ({ path, role: "compose" }));
  const extra: FileNeed[] = (named.length > 0 ? named.slice(1) : COMPOSE_OVERRIDES.map((name) => inDir(dir, name))).map((path) => ({ path, role: "compose", optional: true }));
  return {
    what: "docker compose",
    candidates,
    extra,
    read: (get) => {
      const first = firstKnown(candidates, get);
      const files = [
        ...(first ? [first] : []),
        ...knownTexts(
          extra.map((need) => need.path),
          get,
        ),
      ];
      return files.flatMap((file) => composeServices(file.content).map((text) => ({ kind: "shell" as const, text, via: `docker compose (${file.path}, ${file.label})` })));
    },
  };
}

/** Every `-f FILE` / `--file FILE` / `--file=FILE` given, in order. */
function composeFilesNamed(args: readonly string[]): string[] {
  const files: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if ((arg === "-f" || arg === "--file") && args[index + 1] !== undefined) files.push(args[++index]!);
    else if (arg.startsWith("--file=")) files.push(arg.slice("--file=".length));
    else if (/^-f[^-]/.test(arg)) files.push(arg.slice(2));
  }
  return files.filter((file) => file !== "-").map((file) => file.replace(/^\.\//, ""));
}

/** Each service as the `docker run` it amounts to. */
function composeServices(text: string): string[] {
  const parsed = parseYaml(text);
  const services = record(record(parsed)?.services);
  if (!services) return [];
  return Object.values(services).flatMap((service) => {
    const spec = record(service);
    return spec ? [dockerRunOf(spec)] : [];
  });
}

function dockerRunOf(spec: Record<string, unknown>): string {
  const words = ["docker", "run"];
  if (spec.privileged === true) words.push("--privileged");
  for (const key of ["pid", "network_mode", "ipc", "userns_mode"] as const) {
    const value = spec[key];
    if (typeof value === "string") words.push(`--${key === "network_mode" ? "network" : key === "userns_mode" ? "userns" : key}=${value}`);
  }
  for (const cap of list(spec.cap_add)) words.push(`--cap-add=${cap}`);
  for (const device of list(spec.devices)) words.push(`--device=${device}`);
  for (const option of list(spec.security_opt)) words.push(`--security-opt=${option}`);
  for (const volume of Array.isArray(spec.volumes) ? spec.volumes : []) {
    if (typeof volume === "string") words.push("-v", volume);
    const long = record(volume);
    if (long && typeof long.source === "string") words.push("-v", `${long.source}:${String(long.target ?? "/mnt")}`);
  }
  words.push(typeof spec.image === "string" ? spec.image : "compose-built-image");
  const commandWords = typeof spec.command === "string" ? ["sh", "-c", spec.command] : list(spec.command);
  const entrypoint = typeof spec.entrypoint === "string" ? ["sh", "-c", spec.entrypoint] : list(spec.entrypoint);
  return [...words, ...entrypoint, ...commandWords].map(shellWord).join(" ");
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string | number => typeof item === "string" || typeof item === "number").map(String) : [];
}

// ─── Kubernetes manifests ─────────────────────────────────────────────────

const MANIFEST_VERBS = new Set(["apply", "create", "replace"]);

/**
 * `kubectl apply -f pod.yaml`, `podman kube play pod.yaml`: each pod spec in the file (a Pod, or a workload's template) as the `docker run` it
 * amounts to on its node — privileged, the node's namespaces, its files mounted — as a compose service is. A
 * manifest fed on stdin is judged by its text where the input shows it; from a file, this is how it is seen.
 */
function kubectlManifests(command: SimpleCommand): ProjectRun | undefined {
  const local = (path: string) => path !== "-" && !/^[a-z][\w+.-]*:\/\//i.test(path);
  const paths = optionValues(command.args, ["-f"], ["--filename"]).filter(local);
  const kustomized = optionValues(command.args, ["-k"], ["--kustomize"]).filter(local);
  if (paths.length + kustomized.length === 0 || command.args.some((arg) => arg.startsWith("--dry-run"))) return undefined;
  const recursive = command.args.some((arg) => arg === "-R" || arg === "--recursive");
  // A directory (`-f k8s/`, `-k overlays/dev`) is every manifest in it (and below it with -R; a kustomization's resources lie below it).
  const dirs = [...paths.filter((path) => !MANIFEST_FILE.test(path)).map((dir) => ({ dir, deep: recursive })), ...kustomized.map((dir) => ({ dir, deep: true }))];
  const globs = dirs.flatMap(({ dir, deep }) => MANIFEST_EXTENSIONS.map((extension) => inDir(dir.replace(/^\.\/?/, "") || ".", `${deep ? "**/" : ""}*.${extension}`)));
  return manifestRun(
    `kubectl ${command.subcommand[0]}`,
    paths.filter((path) => MANIFEST_FILE.test(path) || !recursive),
    globs,
  );
}

const MANIFEST_EXTENSIONS = ["yaml", "yml", "json"];
const MANIFEST_FILE = /\.(?:ya?ml|json)$/i;

/**
 * `podman kube play pod.yaml` (formerly `podman play kube`): the pods of a Kubernetes manifest run here, on this
 * machine — a privileged pod, or one with the host's root mounted, is the host. `--down` stops them instead.
 */
function podmanKubePlay(command: SimpleCommand): ProjectRun | undefined {
  const words = command.args.filter((arg) => !arg.startsWith("-"));
  const verbs = words.slice(0, 2).join(" ");
  if ((verbs !== "kube play" && verbs !== "play kube") || command.args.includes("--down")) return undefined;
  const path = words.at(-1);
  if (words.length < 3 || path === undefined || path === "-" || /^[a-z][\w+.-]*:\/\//i.test(path)) return undefined;
  return manifestRun(`podman ${verbs}`, [path]);
}

/** The manifests of `paths`, and of the files the `globs` list (a directory's manifests), at most MAX_LISTED_FILES of them. */
function manifestRun(what: string, paths: readonly string[], globs: readonly string[] = []): ProjectRun {
  const needs: FileNeed[] = paths.map((path) => ({ path, role: "manifest", optional: true }));
  const listed = (get: FileLookup) => [...new Set(globs.flatMap((glob) => get(glob)?.matches ?? []))].slice(0, MAX_LISTED_FILES);
  return {
    what,
    candidates: [],
    extra: [...needs, ...globs.map((path): FileNeed => ({ path, role: "manifest", pattern: true }))],
    ...(globs.length > 0 ? { more: (get: FileLookup) => listed(get).map((path): FileNeed => ({ path, role: "manifest", optional: true })) } : {}),
    read: (get) =>
      knownTexts([...needs.map((need) => need.path), ...listed(get)], get).flatMap((file) =>
        [...podSpecs(file.content).map(podRunOf), ...rbacCommands(file.content)].map((text) => ({
          kind: "shell" as const,
          text,
          via: `${what} (${file.path}, ${file.label})`,
        })),
      ),
  };
}

/**
 * A manifest's roles and bindings as the `kubectl create` commands that make the same objects (`kubectl create
 * clusterrolebinding NAME --clusterrole=cluster-admin --serviceaccount=NS:SA`, `kubectl create clusterrole NAME
 * --verb=… --resource=…`), so what is granted is judged the same whether typed or applied from a file.
 */
function rbacCommands(text: string): string[] {
  return text.split(/^---\s*$/m).flatMap((document) => {
    const object = record(parseYaml(document));
    const kind = object?.kind;
    const metadataName = record(object?.metadata)?.name;
    const name = typeof metadataName === "string" ? metadataName : "from-manifest";
    if (kind === "ClusterRoleBinding" || kind === "RoleBinding") return bindingCommand(kind, name, object!);
    if (kind === "ClusterRole" || kind === "Role") return roleCommands(kind, name, object!);
    return [];
  });
}

function bindingCommand(kind: string, name: string, binding: Record<string, unknown>): string[] {
  const ref = record(binding.roleRef);
  if (typeof ref?.name !== "string") return [];
  const words = ["kubectl", "create", kind.toLowerCase(), name, `--${ref.kind === "Role" ? "role" : "clusterrole"}=${ref.name}`];
  for (const subject of records(binding.subjects)) {
    if (typeof subject.name !== "string") continue;
    if (subject.kind === "ServiceAccount") words.push(`--serviceaccount=${typeof subject.namespace === "string" ? subject.namespace : "default"}:${subject.name}`);
    else words.push(`--${subject.kind === "Group" ? "group" : "user"}=${subject.name}`);
  }
  return [words.map(shellWord).join(" ")];
}

function roleCommands(kind: string, name: string, role: Record<string, unknown>): string[] {
  return records(role.rules).flatMap((rule) => {
    const verbs = list(rule.verbs);
    const resources = list(rule.resources);
    if (verbs.length === 0 || resources.length === 0) return [];
    return [["kubectl", "create", kind.toLowerCase(), name, `--verb=${verbs.join(",")}`, `--resource=${resources.join(",")}`].map(shellWord).join(" ")];
  });
}

/** Every value of an option that may repeat (`-f a.yaml -f b.yaml`, `--filename=c.yaml`). */
function optionValues(args: readonly string[], short: readonly string[], long: readonly string[]): string[] {
  const values: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (short.includes(arg) || long.includes(arg)) values.push(args[++index] ?? "");
    else for (const name of long) if (arg.startsWith(`${name}=`)) values.push(arg.slice(name.length + 1));
  }
  return values.filter((value) => value !== "");
}

/** The pod specs of a manifest's documents: a Pod's spec, or the pod template of a workload (a CronJob's one level deeper). */
function podSpecs(text: string): Record<string, unknown>[] {
  return text.split(/^---\s*$/m).flatMap((document) => {
    const spec = record(record(parseYaml(document))?.spec);
    if (!spec) return [];
    const template = record(record(spec.template)?.spec) ?? record(record(record(record(spec.jobTemplate)?.spec)?.template)?.spec);
    return [template ?? spec];
  });
}

function podRunOf(spec: Record<string, unknown>): string {
  const words = ["docker", "run"];
  if (spec.hostPID === true) words.push("--pid=host");
  if (spec.hostNetwork === true) words.push("--network=host");
  if (spec.hostIPC === true) words.push("--ipc=host");
  const containers = [...records(spec.containers), ...records(spec.initContainers)];
  for (const container of containers) {
    const security = record(container.securityContext);
    if (security?.privileged === true) words.push("--privileged");
    for (const cap of list(record(security?.capabilities)?.add)) words.push(`--cap-add=${cap}`);
  }
  for (const volume of records(spec.volumes)) {
    const path = record(volume.hostPath)?.path;
    if (typeof path === "string") words.push("-v", `${path}:/host-volume`);
  }
  const image = containers.find((container) => typeof container.image === "string")?.image;
  return [...words, typeof image === "string" ? image : "pod-image"].map(shellWord).join(" ");
}

// ─── Terraform ────────────────────────────────────────────────────────────

const TERRAFORM_RUNS = new Set(["apply", "plan", "destroy", "refresh", "import"]);

function terraformRun(command: SimpleCommand): ProjectRun | undefined {
  const sub = command.args.find((arg) => !arg.startsWith("-"));
  if (!sub || !TERRAFORM_RUNS.has(sub)) return undefined;
  const dir = optionValue(command.args, [], ["-chdir"]);
  const listing: FileNeed = { path: inDir(dir, "*.tf"), role: "terraform", pattern: true };
  const workspaces: FileNeed = { path: inDir(dir, WORKSPACE_STATES), role: "terraform", pattern: true };
  const otherSyntax: FileNeed = { path: inDir(dir, OTHER_CONFIGURATIONS), role: "terraform", pattern: true };
  return {
    what: `terraform ${sub}`,
    candidates: [],
    extra: [
      { ...listing, optional: true },
      { ...workspaces, optional: true },
      { ...otherSyntax, optional: true },
    ],
    more: (get) => [...(get(listing.path)?.matches ?? []), ...statePaths(dir, get)].map((path) => ({ path, role: "terraform" as const, optional: true as const })),
    read: (get) =>
      knownTexts(get(listing.path)?.matches ?? [], get).flatMap((file) => {
        const via = `terraform ${sub} (${file.path}, ${file.label})`;
        return terraformCommands(file.content, sub).map((text): Snippet => ({ kind: "shell", text, via }));
      }),
  };
}

/**
 * Providers whose resources live on this machine or in Terraform's state only: files, random values, keys made
 * locally, timers, archives, and null_resource/terraform_data (whose local-exec commands are judged as shell).
 */
const LOCAL_PROVIDERS = new Set(["local", "null", "random", "tls", "time", "archive", "terraform"]);
/** Blocks that reach beyond those resources: a provider's remote API, modules fetched from elsewhere, remote provisioners. */
const REMOTE_BLOCKS = /\b(?:module|provisioner\s+"(?:remote-exec|file)"|connection)\s*(?:"[^"]*"\s*)*\{/;

/**
 * `terraform apply` (or destroy) of a configuration whose every .tf file is known and manages only local resources
 * (local_file, random_id, tls_private_key, null_resource …), with Terraform's own local state: it changes no
 * infrastructure, so it is not asked about as if it did. What its local-exec provisioners run is judged as shell.
 */
export function terraformLocalOnly(command: SimpleCommand, get: FileLookup): boolean {
  if (command.name !== "terraform" && command.name !== "tofu") return false;
  // A state kept elsewhere than the configuration says is one nobody has read.
  if (command.args.some((arg) => /^-{1,2}state(?:-out)?(?:=|$)/.test(arg))) return false;
  const dir = optionValue(command.args, [], ["-chdir"]);
  const files = get(inDir(dir, "*.tf"))?.matches;
  if (files === undefined || files.length === 0) return false;
  // Configuration in JSON syntax or OpenTofu's own files is not read here: what it declares is unknown.
  if (get(inDir(dir, OTHER_CONFIGURATIONS))?.matches?.length !== 0) return false;
  const texts = knownTexts(files, get);
  if (texts.length !== files.length || !texts.every((file) => localConfiguration(file.content))) return false;
  // What an apply or destroy changes is what the state holds too: a configuration emptied of its cloud resources
  // destroys them. Each state must be known absent, or hold only local resources.
  return statePaths(dir, get).every((path) => localState(get(path)));
}

/** Configuration files beside the .tf ones that this reader does not read (JSON syntax, OpenTofu's .tofu). */
const OTHER_CONFIGURATIONS = "*.{tf.json,tofu,tofu.json}";

/** Workspaces' states beside the default one (`terraform workspace new dev` keeps it under terraform.tfstate.d/dev/). */
const WORKSPACE_STATES = "terraform.tfstate.d/*/terraform.tfstate";

/** The local states an apply may act on: the local backend's path (or terraform.tfstate), and every workspace's. */
function statePaths(dir: string | undefined, get: FileLookup): string[] {
  const texts = knownTexts(get(inDir(dir, "*.tf"))?.matches ?? [], get);
  const declared = texts.map((file) => /\bbackend\s+"local"\s*\{[^}]*\bpath\s*=\s*"([^"]+)"/.exec(file.content)?.[1]).find((path) => path !== undefined);
  return [inDir(dir, declared ?? "terraform.tfstate"), ...(get(inDir(dir, WORKSPACE_STATES))?.matches ?? [])];
}

/**
 * A state file known absent, or one whose every resource belongs to a local provider. With no project root known
 * the disk cannot be asked, as for any file the session did not write: the configuration alone decides then.
 */
function localState(file: KnownFile | undefined): boolean {
  if (file?.absent || file?.unreachable) return true;
  if (file?.content === undefined) return false;
  const resources = stateResources(file.content);
  return resources?.every((type) => LOCAL_PROVIDERS.has(type.split("_")[0]!)) === true;
}

/** The resource types a state file holds, or undefined when it is not a state Terraform wrote. */
function stateResources(text: string): string[] | undefined {
  try {
    const state: unknown = JSON.parse(text);
    const resources = isRecord(state) ? state.resources : undefined;
    if (!Array.isArray(resources)) return undefined;
    return resources.map((resource) => (isRecord(resource) && typeof resource.type === "string" ? resource.type : ""));
  } catch {
    return undefined;
  }
}

function localConfiguration(text: string): boolean {
  const code = text.replace(/(?:#|\/\/)[^\n]*/g, "");
  if (REMOTE_BLOCKS.test(code)) return false;
  // A backend other than `local` keeps the state elsewhere; `cloud {}` is HCP Terraform.
  for (const match of code.matchAll(/\bbackend\s+"([^"]+)"/g)) if (match[1] !== "local") return false;
  if (/\bcloud\s*\{/.test(code)) return false;
  for (const match of code.matchAll(/\b(?:resource|data|ephemeral)\s+"([^"]+)"/g)) if (!LOCAL_PROVIDERS.has(match[1]!.split("_")[0]!)) return false;
  for (const match of code.matchAll(/\bprovider\s+"([^"]+)"/g)) if (!LOCAL_PROVIDERS.has(match[1]!)) return false;
  return true;
}

/** local-exec `command = "…"` (or a heredoc) and external data sources' `program = [...]`; plan runs only the data sources. */
function terraformCommands(text: string, sub: string): string[] {
  const commands: string[] = [];
  if (sub !== "plan") {
    for (const match of text.matchAll(/\bcommand\s*=\s*(?:"((?:[^"\\]|\\.)*)"|<<-?(\w+)\r?\n([\s\S]*?)\r?\n\s*\2\b)/g))
      commands.push((match[1] ?? match[3] ?? "").replace(/\\(["\\])/g, "$1"));
  }
  for (const match of text.matchAll(/\bprogram\s*=\s*\[([^\]]*)\]/g)) {
    const words = [...match[1]!.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((word) => word[1]!);
    if (words.length > 0) commands.push(words.map(shellWord).join(" "));
  }
  return commands.map((command) => command.replace(/\$\{([^}]*)\}/g, (_, name: string) => `\${TF_${name.replace(/\W+/g, "_").slice(0, 40)}}`));
}

// ─── Start-up files ───────────────────────────────────────────────────────

/** The tag the engine puts on a written start-up file's commands (policy/engine/written-code.ts), which its rules name. */
const START_UP_CODE = "start-up-code";

const STARTUP: Record<string, readonly string[]> = {
  // ~/.bash_aliases is sourced by the ~/.bashrc Debian, Ubuntu and their derivatives install for every user.
  bash: ["~/.bashrc", "~/.bash_aliases", "~/.bash_profile", "~/.bash_login", "~/.profile"],
  sh: ["~/.profile"],
  zsh: ["~/.zshenv", "~/.zshrc", "~/.zprofile", "~/.zlogin"],
  // ksh and mksh: a login shell reads ~/.profile, an interactive one the file ENV names (~/.kshrc, ~/.mkshrc by default).
  ksh: ["~/.profile", "~/.kshrc"],
  mksh: ["~/.profile", "~/.mkshrc"],
};
/** What a login shell runs when it exits (fish's files, read at every start, are in ../programs/startup-files.ts). */
const LOGOUT: Record<string, readonly string[]> = { bash: ["~/.bash_logout"], zsh: ["~/.zlogout"] };

/** An interactive or login shell: `-i`, `-l`, `--login`, or no script and no command, reading no pipe or file. */
function startsInteractive(command: SimpleCommand, piped: boolean): boolean {
  if (command.flags.some((flag) => flag === "-i" || flag === "-l" || flag === "--login")) return true;
  if (piped || command.reads.length > 0) return false;
  return command.operands.length === 0 && !command.flags.includes("-c") && !command.flags.includes("-s") && command.via.length === 0;
}

/** `. FILE` or `source FILE` as a command of its own (after `&&`, `then`, …), its file written plainly or quoted. */
const SOURCE_COMMAND = /(?:^|[;&|({]|\b(?:then|do|else))[ \t]*(?:source|\.)[ \t]+(["']?)([^\s"';&|()]+)\1(?=[ \t]*(?:$|[;&|)#]))/gm;

/**
 * The files a start-up file's text sources, and the files those source in turn (each found in an earlier round:
 * one level a round), at most MAX_SOURCED_STARTUP_FILES in all and never one twice (files that source each other):
 * read by the extension like the start-up file itself, from home or the project. A path the extension cannot read
 * (/etc, another directory) is the system's; a run-time value is unseen.
 */
function sourcedStartupFiles(first: readonly FileNeed[], get: FileLookup, home: string): FileNeed[] {
  const seen = new Set(first.map((need) => need.path));
  const found: FileNeed[] = [];
  const queue = [...first];
  for (let need = queue.shift(); need !== undefined; need = queue.shift())
    for (const match of get(need.path)?.content?.matchAll(SOURCE_COMMAND) ?? []) {
      const path = sourcedPath(match[2]!, home);
      if (path === undefined || seen.has(path) || found.length >= MAX_SOURCED_STARTUP_FILES) continue;
      seen.add(path);
      const sourced: FileNeed = { path, role: "startup", optional: true };
      found.push(sourced);
      queue.push(sourced);
    }
  return found;
}

/** `for f in ~/.bashrc.d/*.sh; do … . "$f"; done`: a loop that sources every file a pattern matches. */
const SOURCE_LOOP = /\bfor\s+(\w+)\s+in\s+([^;\n]+?)\s*(?:;|\n)\s*do\b([\s\S]*?)\bdone\b/g;

/** The patterns a start-up file's loops source every match of (`~/.bashrc.d/*.sh`), under home, as listings. */
function sourcedLoops(content: string | undefined, home: string): FileNeed[] {
  const listings: FileNeed[] = [];
  for (const loop of content?.matchAll(SOURCE_LOOP) ?? []) {
    const variable = loop[1]!;
    if (!new RegExp(`(?:^|[\\s;&|(])(?:source|\\.)\\s+"?\\$\\{?${variable}\\}?"?`).test(loop[3]!)) continue;
    for (const word of loop[2]!.split(/\s+/)) {
      // zsh's `(N)` (no error when nothing matches) is not part of the pattern.
      const rest = /^"?(?:~|\$HOME|\$\{HOME\})(\/[^"$`\\]+?)"?(?:\(N\))?$/.exec(word)?.[1];
      if (rest === undefined || rest.split("/").includes("..") || !/[*?]/.test(rest)) continue;
      listings.push({ path: `${home}${rest}`, role: "startup", pattern: true, optional: true });
    }
  }
  return listings;
}

/** A sourced file's path: under home (`~/x`, `$HOME/x`) or written out whole; none with a run-time part or `..`. */
function sourcedPath(word: string, home: string): string | undefined {
  const rest = /^(?:~|\$HOME|\$\{HOME\})(\/.+)$/.exec(word)?.[1] ?? (word.startsWith("/") ? word : undefined);
  if (rest === undefined || /[$`*?[\\]/.test(rest) || rest.split("/").includes("..")) return undefined;
  return word.startsWith("/") ? word : `${home}${rest}`;
}

/** The start-up files a shell reads (shell_start with no command is judged as `bash`, which reads them too). */
function startupRun(shell: string, home: string, only?: readonly string[]): ProjectRun {
  const files: FileNeed[] = (only ?? STARTUP[shell] ?? STARTUP.bash!).map((path) => ({ path: path.replace(/^~/, home), role: "startup", optional: true }));
  return {
    what: `${shell} start-up`,
    candidates: [],
    extra: files,
    // What a start-up file sources (`[ -f ~/.bash_aliases ] && . ~/.bash_aliases`) runs at the same start: read too.
    more: (get) => {
      const sourced = sourcedStartupFiles(files, get, home);
      const loops = [...files, ...sourced].flatMap((need) => sourcedLoops(get(need.path)?.content, home));
      const matched = loops.flatMap((listing) => (get(listing.path)?.matches ?? []).slice(0, MAX_SOURCED_STARTUP_FILES));
      return [...sourced, ...loops, ...matched.map((path): FileNeed => ({ path, role: "startup", optional: true }))];
    },
    read: (get) =>
      knownTexts(
        [
          ...files.map((need) => need.path),
          // What a loop sources runs at the same start as the file that loops (a file it names itself is judged there).
          ...files.flatMap((need) => sourcedLoops(get(need.path)?.content, home)).flatMap((listing) => (get(listing.path)?.matches ?? []).slice(0, MAX_SOURCED_STARTUP_FILES)),
        ],
        get,
      ).map((file) => {
        const via = `${shell} start-up file ${file.path} (${file.label})`;
        // Tagged as a written start-up file's commands are: what it starts in the background or makes an alias runs
        // at this start too (a beacon under nohup, `alias sudo='…; sudo'`), whoever put it there.
        return { kind: "shell" as const, text: file.content, via, tags: [START_UP_CODE], ...(file.fromHome ? { fromHome: true as const } : {}) };
      }),
  };
}

// ─── Nomad jobs ───────────────────────────────────────────────────────────

/** `nomad job run` options that take a value. */
const NOMAD_VALUE_OPTIONS = new Set([
  "-var",
  "-var-file",
  "-check-index",
  "-consul-token",
  "-vault-token",
  "-vault-namespace",
  "-namespace",
  "-region",
  "-address",
  "-token",
  "-eval-priority",
]);
/** The drivers whose tasks are commands run on the client machine itself (`exec` only chroots them). */
const HOST_DRIVERS = /\bdriver\s*=\s*"(?:raw_exec|exec|rawexec)"/;

/**
 * `nomad job run job.nomad.hcl` (or `nomad run`): each task of the job that the raw_exec or exec driver runs is its
 * `command` with its `args`, run on a client machine with the agent's rights — judged as that command line.
 */
function nomadJobRun(command: SimpleCommand): ProjectRun | undefined {
  const words = operandsOf(command.args, NOMAD_VALUE_OPTIONS);
  const file = words[0] === "job" && words[1] === "run" ? words[2] : words[0] === "run" ? words[1] : undefined;
  if (file === undefined || file === "-" || /^[a-z][\w+.-]*:\/\//i.test(file)) return undefined;
  const what = words[0] === "job" ? "nomad job run" : "nomad run";
  return {
    what,
    candidates: [],
    extra: [{ path: file, role: "manifest", optional: true }],
    read: (get) => {
      const known = knownText(file, get);
      return known ? nomadHostCommands(known.content).map((text) => ({ kind: "shell" as const, text, via: `${what} (${file}, ${known.label})` })) : [];
    },
  };
}

/** The command lines of a job file's host-driver tasks: each `task "x" { driver = "raw_exec" config { command args } }`. */
function nomadHostCommands(text: string): string[] {
  const tasks = text.split(/\btask\s+"[^"]*"\s*\{/).slice(1);
  const lines: string[] = [];
  for (const task of tasks) {
    if (!HOST_DRIVERS.test(task)) continue;
    const program = /\bcommand\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(task)?.[1];
    if (program === undefined) continue;
    const list = /\bargs\s*=\s*\[([\s\S]*?)\]/.exec(task)?.[1] ?? "";
    const args = [...list.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]!);
    lines.push([program, ...args].map((word) => shellWord(word.replace(/\\(["\\])/g, "$1"))).join(" "));
  }
  return lines;
}
