// From a program's argument reading and its redirects to the SimpleCommand
// rules match: paths, reads and writes by role, patterns marked, network
// destinations from URLs, hosts and `/dev/tcp` redirects.
import { posix } from "node:path";
import type { Field } from "../expand/field.ts";
import { fieldText, knownTree, literalField, singleValue } from "../expand/field.ts";
import { inCategory } from "../programs/categories.ts";
import { homeFileUnder, hookUnder } from "../programs/code-files.ts";
import { FILE_COPIERS } from "../programs/files.ts";
import type { ArgvReading, RoledArg } from "../programs/read-argv.ts";
import type { CarriedCode, NetworkDestination, SimpleCommand } from "../view/view.ts";
import type { Analysis } from "./analysis.ts";
import { destinationOfHost, destinationOfLocation, destinationOfSocatAddress, destinationOfUrl } from "./destinations.ts";
import type { RedirectTarget } from "./run-context.ts";
import type { Cwd } from "./state.ts";

/** A file a redirect names, or a network connection (`/dev/tcp/host/port`); `stdout` when the command's output goes there. */
export type CommandParts = {
  program: Field | undefined;
  args: readonly Field[];
  reading: ArgvReading;
  redirects: readonly RedirectTarget[];
  via: readonly string[];
  cwd: Cwd;
  /** The command also receives arguments nobody can see (xargs input, find's {}). */
  unseenArgs: boolean;
  code: CarriedCode[];
  remoteCode: boolean;
  network: NetworkDestination[];
};

export function buildCommand(parts: CommandParts, analysis: Analysis): SimpleCommand {
  const program = parts.program ? fieldText(parts.program) : "";
  const valuesOnly = onlyValuesDynamic(parts);
  const command: SimpleCommand = {
    program,
    name: programNameOf(program),
    args: parts.args.map(fieldText),
    flags: parts.reading.flags,
    operands: parts.reading.operands,
    subcommand: parts.reading.subcommand,
    paths: [],
    reads: [],
    treeReads: [],
    writes: [],
    patterns: [],
    dynamicArgs: !valuesOnly && (parts.unseenArgs || parts.args.some((field) => !field.known && !namesKnownTree(field, parts.reading))),
    variables: environmentVariables(parts.args),
    // Captured or piped output is settled when the command is emitted and when a pipe leaves it.
    outputShown: !parts.redirects.some((redirect) => redirect.stdout),
    via: [...parts.via],
    code: parts.code,
    network: [...parts.network],
    remoteCode: parts.remoteCode,
    tags: parts.reading.tags,
  };
  // A program (or a subcommand of one) the knowledge tables do not describe may read any file it is given.
  const unknownProgram = parts.reading.spec === undefined;
  const trees = readsTrees(parts.reading);
  for (const arg of inDirectoryOptions(parts.reading, parts.args)) {
    const tree = arg.tree === true || (trees && arg.option === undefined);
    addRoled(command, unknownProgram && arg.role === "path" ? { ...arg, role: "read" } : arg, parts.cwd, analysis, tree);
  }
  addCopiedNames(command, parts.reading, parts.cwd, analysis);
  addPatternAlternatives(command, parts.reading);
  addResponseFiles(command, parts.reading, parts.cwd, analysis);
  addPrefixedFiles(command, parts.reading, parts.cwd, analysis);
  for (const redirect of parts.redirects) addRedirect(command, redirect, parts.cwd, analysis);
  addInstalledPrograms(command, parts.reading, parts.cwd, analysis);
  for (const file of parts.reading.spec?.workingFiles ?? []) addFiles(command, literalField(file), parts.cwd, analysis, ["paths", "writes"]);
  addSavedUrls(command, parts.reading, parts.cwd, analysis);
  if (appendsOnly(command, parts.redirects, parts.cwd, analysis)) command.tags = [...command.tags, APPENDS_TAG];
  if (parts.cwd.kind === "project" && parts.cwd.relative !== "" && !parts.cwd.relative.split("/").includes("..")) command.dir = parts.cwd.relative;
  if (valuesOnly && !command.dynamicArgs) command.dynamicValuesOnly = true;
  command.dynamicArgs ||= valuesOnly;
  return command;
}

/**
 * The arguments only known at run time are all operands or option values a described program reads as plain
 * values (`chown $(whoami) f`: an owner), none a file, a code or a command: the adding of files then says whether
 * anything else is dynamic.
 */
function onlyValuesDynamic(parts: CommandParts): boolean {
  if (parts.unseenArgs || parts.reading.spec === undefined || parts.reading.carried !== undefined) return false;
  const dynamic = parts.args.filter((field) => !field.known && !namesKnownTree(field, parts.reading));
  return dynamic.length > 0 && dynamic.every((field) => parts.reading.roled.some((arg) => arg.field === field && arg.role === "value"));
}

/** `wget https://x/install.sh` writes ./install.sh (`-P dir`: dir/install.sh); `curl -O URL` the same. */
function addSavedUrls(command: SimpleCommand, reading: ArgvReading, cwd: Cwd, analysis: Analysis) {
  const saves = reading.spec?.savesUrls;
  if (!saves) return;
  const given = (names: readonly string[] | undefined) => names?.some((name) => reading.flags.includes(name)) ?? false;
  if (given(saves.unlessOptions) || (saves.withOptions && !given(saves.withOptions))) return;
  const directory = reading.roled.find((arg) => arg.option !== undefined && saves.directoryOptions?.includes(arg.option))?.field;
  const prefix = directory ? `${fieldText(directory).replace(/\/+$/, "")}/` : "";
  for (const arg of reading.roled) {
    if (arg.role !== "url" || arg.option !== undefined) continue;
    for (const url of arg.field.values) {
      const name = savedName(url);
      if (name !== undefined) addFiles(command, literalField(`${prefix}${name}`), cwd, analysis, ["paths", "writes"]);
    }
  }
}

/** The file a URL is saved as: its last path segment (query and fragment dropped), `index.html` for a directory. */
function savedName(url: string): string | undefined {
  const path = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url)?.[1];
  if (path === undefined) return undefined;
  const last = path.split("/").at(-1) ?? "";
  const name = last === "" ? "index.html" : decodeURIComponentSafe(last);
  return name === "." || name === ".." || name.includes("/") ? undefined : name;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function isUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
}

/** `deno install -g -n tool URL`: the program it puts on PATH is a file it writes. */
function addInstalledPrograms(command: SimpleCommand, reading: ArgvReading, cwd: Cwd, analysis: Analysis) {
  const installs = reading.spec?.installs;
  if (!installs || (installs.withFlags && !installs.withFlags.some((flag) => reading.flags.includes(flag)))) return;
  const option = (names: readonly string[] | undefined) => reading.roled.find((arg) => arg.option !== undefined && names?.includes(arg.option))?.field;
  const root = option(installs.rootOptions);
  const directory = root ? `${fieldText(root).replace(/\/$/, "")}/bin` : installs.directory;
  const named = option(installs.nameOptions);
  for (const script of reading.roled.filter((arg) => arg.role === "script" && arg.option === undefined)) {
    const name = named ? fieldText(named) : programName(fieldText(script.field));
    addFiles(command, literalField(`${directory}/${name}`), cwd, analysis, ["paths", "writes"]);
  }
}

/** `gcc @FILE`, `readelf @FILE`: a program that takes response files reads each `@FILE` word (and echoes it back in errors). */
function addResponseFiles(command: SimpleCommand, reading: ArgvReading, cwd: Cwd, analysis: Analysis) {
  if (!reading.spec?.responseFiles) return;
  for (const arg of reading.roled) {
    const files = arg.field.values.filter((value) => value.length > 1 && value.startsWith("@")).map((value) => value.slice(1));
    if (files.length > 0) addFiles(command, { ...arg.field, values: files }, cwd, analysis, ["paths", "reads"]);
  }
}

/** Roles whose values are already read as what they name (a URL's `file:` is a local read there). */
const NOT_PREFIXED: ReadonlySet<RoledArg["role"]> = new Set(["url", "data", "request-item", "attachment", "script", "location"]);

/**
 * Files a program opens from an argument written with a prefix it strips: `file://PATH` and `fileb://PATH` (the
 * AWS CLI loads any parameter written so, `~` included; viewers and browsers open `file:` URLs), a `man:/PATH`
 * page (yelp, khelpcenter), and, for a program the tables do not describe, an `@/PATH` or `@~/PATH` response
 * file (compilers, assemblers, linkers and many other tools take their arguments from one).
 */
function addPrefixedFiles(command: SimpleCommand, reading: ArgvReading, cwd: Cwd, analysis: Analysis) {
  const unknownProgram = reading.spec === undefined;
  for (const arg of reading.roled) {
    if (NOT_PREFIXED.has(arg.role)) continue;
    const files = arg.field.values.flatMap((value) => prefixedFile(value, unknownProgram) ?? []);
    if (files.length > 0) addFiles(command, { ...arg.field, values: files }, cwd, analysis, ["paths", "reads"]);
  }
}

/** The file a prefixed argument names (`~/` is resolved as every path is), or undefined. */
function prefixedFile(value: string, unknownProgram: boolean): string | undefined {
  const url = /^(?:file|fileb):\/\/(?:localhost(?=\/))?([^?#]+)/i.exec(value);
  if (url) return decodeFileUrl(url[1]!);
  const page = /^man:(\/.+)$/.exec(value);
  if (page) return page[1];
  return unknownProgram ? /^@((?:\/|~\/).+)$/.exec(value)?.[1] : undefined;
}

/**
 * `cp evil.pth ~/.local/lib/python3.12/site-packages/`, `mv a.plist b.plist
 * ~/Library/LaunchAgents`: a copy into a directory writes each source under
 * its own name there, which is the file a rule about that place names. The
 * destination is a directory when it ends in `/` or there are several sources.
 */
function addCopiedNames(command: SimpleCommand, reading: ArgvReading, cwd: Cwd, analysis: Analysis) {
  if (!FILE_COPIERS.has(command.name)) return;
  const target = reading.roled.find((arg) => arg.last === true && arg.role === "write");
  const destination = target ? singleValue(target.field) : undefined;
  if (destination === undefined) return;
  const sources = reading.roled.filter((arg) => arg !== target && arg.option === undefined && (arg.role === "read" || arg.role === "path")).flatMap((arg) => arg.field.values);
  if (sources.length === 0 || (!destination.endsWith("/") && sources.length < 2)) return;
  const names = sources.map((source) => source.replace(/\/+$/, "").split("/").at(-1) ?? "").filter((name) => name !== "" && name !== "." && name !== "..");
  const values = names.map((name) => `${destination.replace(/\/+$/, "")}/${name}`);
  addFiles(command, { ...target!.field, values }, cwd, analysis, ["paths", "writes"]);
}

/**
 * `pgrep -f 'claude|codex' | xargs kill`: a PID lister's pattern is a regular expression, and each of its
 * top-level alternatives names processes on its own; they join the operands, so a rule naming one of them
 * (`args = ["claude"]`) sees it. Anchors around an alternative are dropped (`^sshd$` names sshd).
 */
function addPatternAlternatives(command: SimpleCommand, reading: ArgvReading) {
  if (!inCategory(command.name, "pid-lister")) return;
  for (const arg of reading.roled) {
    if (arg.role !== "pattern" || arg.option !== undefined) continue;
    for (const value of arg.field.values) {
      const alternatives = topLevelAlternatives(value);
      if (alternatives.length < 2) continue;
      for (const alternative of alternatives) if (alternative !== "" && !command.operands.includes(alternative)) command.operands.push(alternative);
    }
  }
}

/** `a|(b|c)|d\|e` → `a`, `(b|c)`, `d\|e` (a bracket or group keeps its bars; a backslash escapes one), anchors trimmed. */
function topLevelAlternatives(pattern: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === "\\") index++;
    else if (char === "(" || char === "[") depth++;
    else if ((char === ")" || char === "]") && depth > 0) depth--;
    else if (char === "|" && depth === 0) {
      parts.push(pattern.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(pattern.slice(start));
  return parts.map((part) => part.replace(/^\^/, "").replace(/\$$/, ""));
}

/** `https://x/cli/main.ts?v=1` → `main`: the file name without its query and extension. */
function programName(script: string): string {
  const file =
    script
      .replace(/[?#].*$/, "")
      .replace(/\/+$/, "")
      .split("/")
      .at(-1) ?? "";
  return file.replace(/\.[^.]*$/, "") || "program";
}

/** The arguments, each operand after a directory option (`tar -c -C DIR`) found in that directory; `args` give the order. */
function inDirectoryOptions(reading: ArgvReading, args: readonly Field[]): readonly RoledArg[] {
  const within = reading.spec?.operandsIn;
  if (!within?.withFlags.some((flag) => reading.flags.includes(flag))) return reading.roled;
  const bases = reading.roled
    .filter((arg) => arg.option !== undefined && within.options.includes(arg.option))
    // A glued value (`--directory=/etc`) is its own word: found by its option's name.
    .map((arg) => ({
      at: args.includes(arg.field) ? args.indexOf(arg.field) : args.findIndex((word) => fieldText(word).startsWith(`${arg.option}=`)),
      dir: singleValue(arg.field),
    }))
    .filter((base) => base.at >= 0)
    .sort((one, other) => one.at - other.at);
  if (bases.length === 0) return reading.roled;
  return reading.roled.map((arg) => {
    if (arg.option !== undefined || (arg.role !== "read" && arg.role !== "path")) return arg;
    const at = args.indexOf(arg.field);
    const base = bases.findLast((candidate) => candidate.at < at);
    // Before any -C, or after one whose directory nobody can see: as the working directory has it.
    if (at < 0 || base === undefined) return arg;
    const dir = base.dir;
    if (dir === undefined) return arg;
    return { ...arg, field: { ...arg.field, values: arg.field.values.map((value) => (value.startsWith("/") ? value : posix.join(dir, value))) } };
  });
}

/** `cp -r`, `tar -c`, `grep -r`: the program's operands are read as whole trees. */
function readsTrees(reading: ArgvReading): boolean {
  const trees = reading.spec?.readsTrees;
  if (!trees) return false;
  const given = (flags: readonly string[] | undefined) => flags?.some((flag) => reading.flags.includes(flag)) ?? false;
  if (given(trees.unlessFlags)) return false;
  return trees.withFlags === undefined || given(trees.withFlags);
}

/** `tree`: a read of this argument reads the directory with everything under it. */
function addRoled(command: SimpleCommand, { field, role, last }: RoledArg, cwd: Cwd, analysis: Analysis, tree: boolean) {
  switch (role) {
    case "path":
      return addFiles(command, field, cwd, analysis, ["paths"]);
    case "read":
      return addFiles(command, field, cwd, analysis, tree ? ["paths", "reads", "treeReads"] : ["paths", "reads"]);
    case "write":
      return addFiles(command, field, cwd, analysis, ["paths", "writes"]);
    case "edit":
      // An editor opens the file to change it: it reads it and writes it back.
      return addFiles(command, field, cwd, analysis, ["paths", "reads", "writes"]);
    case "script":
      // `deno run https://…`: a script given as a URL is fetched from there.
      if (field.values.some(isUrl)) return addNetwork(command, field, destinationOfUrl);
      return addFiles(command, field, cwd, analysis, ["paths", "reads"]);
    case "data":
      return addUploads(command, field, cwd, analysis, CURL_UPLOAD);
    case "request-item":
      return addUploads(command, field, cwd, analysis, REQUEST_ITEM_UPLOAD);
    case "attachment":
      return addUploads(command, field, cwd, analysis, ATTACHMENT_UPLOAD);
    case "url":
      // `curl file:///x` and its kin read a local file.
      for (const value of field.values) {
        const local = /^file:\/\/(?:localhost)?(\/[^?#]*)/i.exec(value);
        if (local) addFiles(command, { ...field, values: [decodeFileUrl(local[1]!)] }, cwd, analysis, ["paths", "reads"]);
      }
      return addNetwork(command, field, destinationOfUrl);
    case "host":
      return addNetwork(command, field, destinationOfHost);
    case "location":
      // scp/rsync: the last of several locations is where copies go; the others are read.
      return addLocation(command, field, cwd, analysis, last === true, tree);
    case "port":
      return addPort(command, field);
    case "code:socat-address":
      // Its code (EXEC:, a file address) is read elsewhere; a connecting address is also where the command sends.
      return addNetwork(command, field, destinationOfSocatAddress);
    case "variable":
      for (const name of field.values) if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !command.variables.includes(name)) command.variables.push(name);
      return;
    default:
      return;
  }
}

type FileList = "paths" | "reads" | "treeReads" | "writes";

const FILE_ROLES: ReadonlySet<RoledArg["role"]> = new Set(["path", "read", "write", "edit"]);

/** A run-time word the program takes as a file in a known project directory's tree (`rm -rf "build/$T"`): judged as that tree. */
function namesKnownTree(field: Field, reading: ArgvReading): boolean {
  return knownTree(field) !== undefined && reading.roled.some((arg) => arg.field === field && arg.option === undefined && FILE_ROLES.has(arg.role));
}

/**
 * The values a file word may take. A start-up or trust file under a directory the input does not show
 * (`>> "$DIR/.bashrc"`, `$T/.ssh/authorized_keys`) is taken as the user's own: its directory may well be home, and
 * the shell runs (sshd trusts) what is written there either way. A hook under an unknown repository is judged as
 * the project's hook would be.
 */
export function knownValues(field: Field, analysis: Analysis): readonly string[] {
  if (field.values.length > 0 || field.known) return field.values;
  const inHome = homeFileUnder(field.text);
  if (inHome !== undefined) return [`${analysis.home}/${inHome}`];
  const underRoot = throughUnknownProcess(field.text);
  if (underRoot !== undefined) return [underRoot];
  const hook = hookUnder(field.text);
  return hook === undefined ? field.values : [hook];
}

/**
 * `/proc/$$/root/etc/shadow`, `"/proc/$(pgrep sshd)/task/$t/root$HOME/.aws/x"` written as `…/root/…` with only the process
 * (and thread) left to the run: whichever process it is, the file is the one after `root` (some process's root is /).
 */
function throughUnknownProcess(text: string): string | undefined {
  const match = /^\/proc\/[^/]+(?:\/task\/[^/]+)?\/root(\/[^$`*?[\]{}~]*)?$/.exec(text.replaceAll('"', ""));
  return match ? match[1] || "/" : undefined;
}

function addFiles(command: SimpleCommand, field: Field, cwd: Cwd, analysis: Analysis, lists: readonly FileList[]) {
  if (field.piped) return; // <(…) names a pipe, not a file
  const tree = knownTree(field);
  if (tree !== undefined) return addTree(command, tree, cwd, analysis, lists);
  if (!field.known) command.dynamicArgs = true;
  for (const value of knownValues(field, analysis)) {
    const path = analysis.resolvePath(value, cwd);
    if (path === undefined) {
      if (!value.includes("://") && value !== "") command.dynamicArgs = true;
      continue;
    }
    for (const list of lists) if (!command[list].includes(path)) command[list].push(path);
    if (field.pattern && /[*?[]|[@!+]\(/.test(value) && !command.patterns.includes(path)) command.patterns.push(path);
  }
}

function addTree(command: SimpleCommand, tree: string, cwd: Cwd, analysis: Analysis, lists: readonly FileList[]) {
  const path = analysis.resolvePath(tree, cwd);
  if (path === undefined) {
    command.dynamicArgs = true;
    return;
  }
  for (const list of lists) if (!command[list].includes(path)) command[list].push(path);
  if (!command.patterns.includes(path)) command.patterns.push(path);
}

/** curl -d @file, -F name=@file, --json @file: the file is read and sent. */
const CURL_UPLOAD = /^(?:[^=@<]*=)?[@<](.+)$/;
/** HTTPie's items: `@file` (the body), `name@file` (a file field), `name=@file`, `name:=@file` (a field from the file). */
const REQUEST_ITEM_UPLOAD = /^(?:[^=@:\\]*(?:=|:=)?)?@(.+)$/;
/** An attachment: the file's path, plain or after `@`. */
const ATTACHMENT_UPLOAD = /^@?(.+)$/;

function addUploads(command: SimpleCommand, field: Field, cwd: Cwd, analysis: Analysis, shape: RegExp) {
  for (const value of field.values) {
    const upload = shape.exec(value);
    if (!upload || upload[1] === "-") continue;
    const file = upload[1]!.replace(/;(?:type|filename|headers)=.*$/, "");
    addFiles(command, { ...field, values: [file] }, cwd, analysis, ["paths", "reads"]);
  }
}

function addNetwork(command: SimpleCommand, field: Field, parse: (value: string) => NetworkDestination | undefined) {
  for (const value of field.values.length > 0 ? field.values : fixedUrlPrefix(field.text)) {
    const destination = parse(value);
    if (destination) addDestination(command, destination);
  }
}

/**
 * `http://169.254.170.2$URI`, `"https://api.example.com/$PATH"`: a URL whose
 * scheme and host the input fixes before a run-time value. The host counts
 * only when something follows it (a path, a port) or it is an IP address, so
 * `https://github.com$X` (which may be github.com.evil.net) names no host.
 */
function fixedUrlPrefix(text: string): string[] {
  const unquoted = text.replace(/^["']/, "");
  const cut = unquoted.search(/[$`"'\\]/);
  if (cut <= 0) return [];
  const prefix = unquoted.slice(0, cut);
  const hostEnds =
    /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*[/?#]/i.test(prefix) || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+:\d+$/i.test(prefix) || /^[a-z][a-z0-9+.-]*:\/\/\d{1,3}(?:\.\d{1,3}){3}$/i.test(prefix);
  return hostEnds ? [prefix] : [];
}

function addLocation(command: SimpleCommand, field: Field, cwd: Cwd, analysis: Analysis, target: boolean, tree: boolean) {
  for (const value of field.values) {
    const remote = destinationOfLocation(value);
    if (remote) addDestination(command, remote);
    else
      addFiles(command, { ...field, values: [value] }, cwd, analysis, [
        "paths",
        ...(target ? (["writes"] as const) : tree ? (["reads", "treeReads"] as const) : (["reads"] as const)),
      ]);
  }
}

/** `nc host 4444`: the port belongs to the destination named before it. */
function addPort(command: SimpleCommand, field: Field) {
  const port = Number(field.values[0]);
  const last = command.network.at(-1);
  if (last && last.port === undefined && Number.isInteger(port) && port > 0) last.port = port;
}

function addDestination(command: SimpleCommand, destination: NetworkDestination) {
  if (command.network.some((known) => known.host === destination.host && known.port === destination.port)) return;
  command.network.push(destination);
}

/** On a command whose every write adds to the end of its file (`>> F`, `tee -a F`): it replaces nothing there. */
const APPENDS_TAG = "appends";

function appendsOnly(command: SimpleCommand, redirects: readonly RedirectTarget[], cwd: Cwd, analysis: Analysis): boolean {
  if (command.writes.length === 0) return false;
  const redirected = (append: boolean) =>
    new Set(
      redirects
        .filter((target) => target.direction === "write" && (target.append === true) === append)
        .flatMap((target) => knownValues(target.field, analysis).map((value) => analysis.resolvePath(value, cwd))),
    );
  const appended = redirected(true);
  const replaced = redirected(false);
  // tee -a (and moreutils' sponge -a) add to every file they are given; a `>` on the same line still replaces.
  const teeAppends = (command.name === "tee" || command.name === "sponge") && (command.flags.includes("-a") || command.flags.includes("--append"));
  return command.writes.every((path) => appended.has(path) || (teeAppends && !replaced.has(path)));
}

function addRedirect(command: SimpleCommand, { direction, field }: RedirectTarget, cwd: Cwd, analysis: Analysis) {
  for (const value of knownValues(field, analysis)) {
    const socket = /^\/dev\/(tcp|udp)\/([^/]+)\/(\d+)$/.exec(value);
    if (socket) {
      addDestination(command, { host: socket[2]!, port: Number(socket[3]), scheme: socket[1]! });
      continue;
    }
    const path = analysis.resolvePath(value, cwd);
    if (path === undefined) {
      command.dynamicArgs = true;
      continue;
    }
    const list = direction === "write" ? command.writes : command.reads;
    if (!list.includes(path)) list.push(path);
  }
  if (!field.known) command.dynamicArgs = true;
}

/**
 * `echo "$GITHUB_TOKEN"`, `${API_KEY:0:4}`: the variables an argument expands whose value the input does not
 * show. A length (`${#X}`) and an alternative (`${X:+set}`, which is the given word or nothing) show nothing
 * of the value.
 */
function environmentVariables(args: readonly Field[]): string[] {
  const names: string[] = [];
  for (const field of args) {
    if (field.known) continue;
    for (const match of field.text.matchAll(/\$(?:\{(#?)([A-Za-z_][A-Za-z0-9_]*)(:?\+)?|([A-Za-z_][A-Za-z0-9_]*))/g)) {
      const name = match[2] ?? match[4]!;
      if (match[1] !== "#" && match[3] === undefined && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** `%20` and friends in a file URL's path; a malformed escape stays as written. */
function decodeFileUrl(path: string): string {
  return path.replace(/%([0-9a-fA-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The name a program word runs, as the knowledge tables and rules know it: its basename in lower case, without
 * Windows' `.exe` (Git Bash and MSYS run `rm.exe` as `rm`; a suffix must not make a known program unknown).
 */
export function programNameOf(program: string): string {
  const name = windowsBasename(basename(program)).toLowerCase();
  return name.length > 4 && name.endsWith(".exe") ? name.slice(0, -4) : name;
}

/** `"C:\\Windows\\System32\\certutil.exe"`, `\\\\host\\share\\x.exe`: a quoted Windows path runs the program its last part names. */
function windowsBasename(name: string): string {
  return /^(?:[A-Za-z]:\\|\\\\)/.test(name) ? name.slice(name.lastIndexOf("\\") + 1) : name;
}

/** A word ending in `.exe` as a shell line writes it (before a blank, an operator, a quote or the end). */
const EXE_WORD = /(?<![\w.+-])([\w+-][\w.+-]*)\.exe(?=$|[\s;&|()<>`'"])/gi;

/**
 * A command line's text with every `NAME.exe` word written `NAME`, as programNameOf names it: rules that read the
 * raw text (`\buv\s+run\s+https://`) then see `uv.exe run https://…` as the program they know.
 */
export function textWithoutExeNames(text: string): string {
  return text.replace(EXE_WORD, (_word, name: string) => name.toLowerCase());
}

export function basename(program: string): string {
  const slash = program.lastIndexOf("/");
  return slash < 0 ? program : program.slice(slash + 1);
}
