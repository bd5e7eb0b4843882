// From an argument vector to a SimpleCommand: flags unbundled, operands and
// the paths they name picked out, writes recognised.
import { basename } from "node:path";
import { normalizePath } from "../path.ts";
import { SINGLE_DASH_LONG_OPTIONS } from "./programs.ts";
import type { Arg, Redirect, SimpleCommand, Via } from "./types.ts";

/** The working directory while walking: known, not known (`cd $X`), or the project's (relative paths stay relative). */
export type Cwd = { kind: "project" } | { kind: "known"; path: string } | { kind: "unknown" };

export type CommandParts = {
  argv: Arg[];
  redirects: Redirect[];
  via: Via;
  cwd: Cwd;
  home: string;
  code?: string;
  remoteCode?: boolean;
  /** The command also receives arguments nobody can see (xargs input, find's {}). */
  unseenArgs?: boolean;
};

export function argText(arg: Arg): string {
  return arg.kind === "static" ? arg.value : arg.source;
}

export function buildCommand(parts: CommandParts): SimpleCommand {
  const [programArg, ...rest] = parts.argv;
  const program = programArg ? argText(programArg) : "";
  const name = basename(program);
  const words = splitWords(name, rest);
  const extra = extraPaths(name, words.operands);
  const writes: string[] = [];
  const paths: string[] = [];
  let dynamicArgs = words.dynamic || parts.unseenArgs === true;

  const addPath = (text: string, isWrite: boolean) => {
    const path = resolvePath(text, parts);
    if (path === "dynamic") {
      dynamicArgs = true;
      return;
    }
    if (path === undefined) return;
    if (!paths.includes(path)) paths.push(path);
    if (isWrite && !writes.includes(path)) writes.push(path);
  };

  for (const operand of pathOperands(name, rest, words.operands)) addPath(operand, false);
  for (const path of extra.reads) addPath(path, false);
  for (const path of extra.writes) addPath(path, true);
  for (const redirect of parts.redirects) {
    if (redirect.target.kind === "dynamic") {
      dynamicArgs = true;
      continue;
    }
    addPath(redirect.target.value, redirect.direction === "write");
  }

  return {
    program,
    name,
    args: rest.map(argText),
    flags: words.flags,
    operands: words.operands,
    paths,
    writes,
    dynamicArgs,
    via: parts.via,
    ...(parts.code !== undefined ? { code: parts.code } : {}),
    remoteCode: parts.remoteCode === true,
  };
}

type Words = { flags: string[]; operands: string[]; dynamic: boolean };

function splitWords(name: string, args: Arg[]): Words {
  const flags: string[] = [];
  const operands: string[] = [];
  let dynamic = false;
  let optionsEnded = false;
  const wholeWordOptions = SINGLE_DASH_LONG_OPTIONS.has(name);
  for (const arg of args) {
    if (arg.kind === "dynamic") {
      dynamic = true;
      continue;
    }
    const word = arg.value;
    if (optionsEnded || word === "-" || !word.startsWith("-")) {
      operands.push(word);
      continue;
    }
    if (word === "--") {
      optionsEnded = true;
      continue;
    }
    if (word.startsWith("--")) {
      const equals = word.indexOf("=");
      if (equals < 0) flags.push(word);
      else {
        flags.push(word.slice(0, equals));
        operands.push(word.slice(equals + 1));
      }
      continue;
    }
    flags.push(word);
    if (wholeWordOptions || /^-\d+$/.test(word) || word.length === 2) continue;
    for (const letter of word.slice(1)) {
      if (letter === "-" || letter === "=") continue;
      const flag = `-${letter}`;
      if (!flags.includes(flag)) flags.push(flag);
    }
  }
  return { flags, operands, dynamic };
}

/** Operands that name files; for find, only the starting points (its expression holds patterns, not paths). */
function pathOperands(name: string, args: Arg[], operands: string[]): string[] {
  if (name === "dd") return [];
  if (name !== "find") return operands;
  const startingPoints: string[] = [];
  for (const arg of args) {
    if (arg.kind === "dynamic") break;
    if (/^[-(!,]/.test(arg.value)) break;
    startingPoints.push(arg.value);
  }
  // `find` with no starting point searches the current directory.
  return startingPoints.length > 0 ? startingPoints : ["."];
}

/** Paths hidden inside operands: `dd if=… of=…`, `tee FILE`, `curl -F x=@FILE`. */
function extraPaths(name: string, operands: string[]): { reads: string[]; writes: string[] } {
  const reads: string[] = [];
  const writes: string[] = [];
  for (const operand of operands) {
    if (name === "dd" && operand.startsWith("if=")) reads.push(operand.slice(3));
    if (name === "dd" && operand.startsWith("of=")) writes.push(operand.slice(3));
    if (name === "tee") writes.push(operand);
    const upload = /^(?:[^=@]*=)?[@<](.+)$/.exec(operand);
    if ((name === "curl" || name === "http" || name === "xh") && upload) reads.push(upload[1]!.replace(/;.*$/, ""));
  }
  if ((name === "cp" || name === "mv" || name === "install" || name === "rsync" || name === "ln") && operands.length >= 2) {
    writes.push(operands.at(-1)!);
  }
  return { reads, writes };
}

function resolvePath(text: string, parts: CommandParts): string | "dynamic" | undefined {
  const isRelative = !text.startsWith("/") && !text.startsWith("~");
  if (isRelative && parts.cwd.kind === "unknown") return "dynamic";
  const cwd = parts.cwd.kind === "known" ? parts.cwd.path : undefined;
  return normalizePath(text, parts.home, cwd);
}
