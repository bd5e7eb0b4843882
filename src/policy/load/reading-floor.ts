// Under a managed policy, how calls are read is bounded by it too. The
// user's files may teach the guard about what it does not know — an MCP tool
// that takes a shell command, a wrapper program of their own — but not
// change how a call the managed rules look at is read:
//
// - `[shell] wrappers` and `[programs]` may not redefine a program the
//   built-in registry knows, the managed file describes, or a managed rule
//   names (`rm` declared a wrapper would hide every `rm` from the managed
//   rules);
// - `[shell] tools` may not name a built-in tool, a tool the managed file
//   declares, or one a managed tool-call rule applies to (declaring `write` a
//   shell tool would hide its path from them);
// - `[defaults] project_roots` may name only directories inside the managed
//   file's own project_roots, or — when it sets none — directories below a
//   directory of the home folder (`~/code/*`, not `~/*`, `/*` or `/srv/*`):
//   a root makes what lies in it "inside the project", which the managed
//   "outside the project" rules then do not stop;
// - when a managed rule judges the paths of every program (paths, reads or
//   writes without a command), `[programs]` may not describe any program's
//   words as anything but files: an entry saying a program nobody else knows
//   takes a value, a pattern or a command where the guard would otherwise see
//   a path would hide `mytool /etc/shadow` from that rule.
//
// Each refused entry is dropped with a warning naming it; the rest applies.
import { compileAlternatives, compileGlob } from "../../match/glob.ts";
import { expandHome } from "../../match/path.ts";
import { builtinProgramNames } from "../../shell/programs/table.ts";
import { withCategoriesExpanded } from "../../shell/programs/categories.ts";
import { BUILTIN_TOOL_NAMES } from "../checks/tools.ts";
import type { PolicyFile } from "../format/schema.ts";
import { conditionList } from "../format/rule-shape.ts";
import type { PolicyProblem } from "../format/source.ts";
import type { PolicyNode } from "./includes.ts";
import type { ProgramSpec } from "../../shell/programs/spec.ts";

const GLOB_CHARS = /[*?[{]/;
const SHELL_TOOLS = ["bash", "shell_start", "shell_send"];

/** What the managed layer reads calls with: the names a user's file may not redefine, and its project roots. */
export type ManagedReading = {
  programs: ReadonlySet<string>;
  tools: (name: string) => boolean;
  roots: readonly string[] | undefined;
  file: string;
  /** A managed rule judges the paths of any program: no [programs] entry may read a word as other than a file. */
  pathsOfEveryProgram: boolean;
};

export function managedReading(managed: readonly PolicyNode[], file: string): ManagedReading {
  const programs = new Set(builtinProgramNames());
  const toolNames = new Set([...BUILTIN_TOOL_NAMES, ...SHELL_TOOLS]);
  const toolMatchers: Array<(name: string) => boolean> = [];
  let pathsOfEveryProgram = false;
  for (const node of managed) {
    const written = node.part.file;
    for (const name of [...Object.keys(written.shell?.wrappers ?? {}), ...Object.keys(written.programs ?? {})]) programs.add(name);
    for (const name of Object.keys(written.shell?.tools ?? {})) toolNames.add(name);
    for (const rule of written.rule) {
      for (const condition of conditionList(rule.when)) {
        const command = condition.command ?? condition.flow?.to?.command;
        if (condition.command === undefined && (condition.paths ?? condition.reads ?? condition.writes) !== undefined) pathsOfEveryProgram = true;
        const names = command === undefined ? [] : Array.isArray(command) ? command : [command];
        for (const name of names.flatMap((entry) => withCategoriesExpanded(entry).split("|"))) programs.add(name.trim().toLowerCase());
      }
      if (rule.hook !== "before_tool_call") continue;
      const tools = rule.tool === undefined ? ["*"] : Array.isArray(rule.tool) ? rule.tool : [rule.tool];
      toolMatchers.push(...tools.map(compileAlternatives));
    }
  }
  const roots = managed[0]?.raw.defaults !== undefined ? managed[0].part.file.defaults.project_roots : undefined;
  return { programs, tools: (name) => toolNames.has(name) || toolMatchers.some((matches) => matches(name)), roots, file, pathsOfEveryProgram };
}

/** The user's files with what would make the managed rules see less removed, and a warning for each removal. */
export function boundReading(nodes: readonly PolicyNode[], reading: ManagedReading, home: string): { nodes: PolicyNode[]; warnings: PolicyProblem[] } {
  const warnings: PolicyProblem[] = [];
  const bounded = nodes.map((node, index) => {
    const refuse = (path: Array<string | number>, where: string, message: string) =>
      warnings.push({
        file: node.part.source,
        position: node.locate(path),
        where,
        message: `${message}; the managed policy ${reading.file} reads calls this way, and your files may not change that (ignored)`,
        ...(node.part.includedFrom ? { includedFrom: node.part.includedFrom } : {}),
      });
    const written = node.part.file;
    const shell = written.shell;
    const keep = <T>(table: Record<string, T> | undefined, refused: (name: string) => boolean, path: string[], what: string) => {
      if (table === undefined) return undefined;
      const kept: Record<string, T> = {};
      for (const [name, value] of Object.entries(table)) {
        if (refused(name)) refuse([...path, name], `${path.join(".")}.${name}`, what.replace("NAME", JSON.stringify(name)));
        else kept[name] = value;
      }
      return kept;
    };
    const knownProgram = (name: string) => reading.programs.has(name.toLowerCase());
    const wrappers = keep(shell?.wrappers, knownProgram, ["shell", "wrappers"], "NAME is a program the guard already knows how to read");
    const tools = keep(shell?.tools, reading.tools, ["shell", "tools"], "NAME is a tool the managed rules look at; declaring it a shell tool changes how its input is read");
    const programs = keep(
      keep(written.programs, knownProgram, ["programs"], "NAME is a program the guard already knows how to read"),
      (name) => reading.pathsOfEveryProgram && hidesWords(written.programs![name]!),
      ["programs"],
      "NAME would read some of its words as other than files (a value, a pattern, a command…), and a managed rule judges the paths every program works on",
    );
    const file: PolicyFile = {
      ...written,
      ...(shell ? { shell: { ...shell, ...(wrappers ? { wrappers } : {}), ...(tools ? { tools } : {}) } } : {}),
      ...(programs ? { programs } : {}),
    };
    // Only the user's own file's [defaults] apply to calls.
    if (index === 0 && written.defaults.project_roots !== undefined) {
      const roots = written.defaults.project_roots.filter((root, at) => {
        const why = rootRefusal(root, reading.roots, home);
        if (why) refuse(["defaults", "project_roots", at], `defaults.project_roots[${at + 1}]`, `project root ${JSON.stringify(root)} ${why}`);
        return why === undefined;
      });
      file.defaults = { ...written.defaults, project_roots: roots };
    }
    return { ...node, part: { ...node.part, file } };
  });
  return { nodes: bounded, warnings };
}

/** Why a user's project root reaches further than the managed policy allows, or undefined when it does not. */
function rootRefusal(root: string, managedRoots: readonly string[] | undefined, home: string): string | undefined {
  const path = trimmed(expandHome(root, home));
  if (managedRoots !== undefined && managedRoots.length > 0) {
    const inside = managedRoots.some((managed) => within(path, trimmed(expandHome(managed, home))));
    return inside ? undefined : "is not inside the managed policy's project_roots";
  }
  const base = literalBase(path);
  const inside = base.startsWith(`${home}/`) && base.length > home.length + 1;
  return inside ? undefined : "would make directories outside a folder of your home directory projects";
}

/** Every directory `path` (a glob) can name lies in one `managed` (a glob) names: segment by segment, the same or matched literally. */
function within(path: string, managed: string): boolean {
  const mine = path.split("/");
  const theirs = managed.split("/");
  if (theirs.includes("**") || mine.length < theirs.length) return false;
  return theirs.every((segment, index) => {
    const own = mine[index]!;
    return own === segment || (!GLOB_CHARS.test(own) && compileGlob(segment)(own));
  });
}

function trimmed(path: string): string {
  return path.replace(/(.)\/+$/, "$1");
}

/** The directory a glob's fixed part names (`~/code/*` → ~/code); the whole path when it has no wildcard. */
function literalBase(path: string): string {
  const fixed: string[] = [];
  for (const segment of path.split("/")) {
    if (GLOB_CHARS.test(segment)) break;
    fixed.push(segment);
  }
  return fixed.join("/") || "/";
}

/** Roles under which a word is still a file the path conditions see. */
const FILE_ROLES: ReadonlySet<string> = new Set(["path", "read", "write", "edit"]);

/**
 * Keys that leave every word a file (or add what is read and written); any other key — subcommands, inert
 * options, assignments, a carried command, output kinds — changes what some word is, so it is refused.
 */
const KEEPS_WORDS: ReadonlySet<string> = new Set([
  "options",
  "operands",
  "lastOperand",
  "keyedOperands",
  "rolesWith",
  "stdin",
  "env",
  "abbreviations",
  "singleDashWords",
  "signalWords",
  "responseFiles",
  "scriptLanguage",
  "writesOperandsWith",
  "readsTrees",
  "savesUrls",
  "urlScripts",
  "tags",
  "tagsWith",
  "tagsAlone",
]);

/** Whether a program description reads some word as other than a file, where the guard sees an unknown program's words as files. */
function hidesWords(spec: ProgramSpec): boolean {
  if (Object.keys(spec).some((key) => !KEEPS_WORDS.has(key))) return true;
  const roles = [
    ...Object.values(spec.options ?? {}).filter((role) => role !== "flag"),
    ...(spec.operands ?? []),
    ...(spec.lastOperand !== undefined ? [spec.lastOperand] : []),
    ...Object.values(spec.keyedOperands ?? {}),
    ...Object.values(spec.rolesWith ?? {}).flatMap((options) => Object.values(options)),
  ];
  return roles.some((role) => !FILE_ROLES.has(role));
}
