// Builtins that change what later commands see: the working directory (cd,
// pushd, popd), variables (export, declare, local, readonly, unset, read),
// positional parameters (set --, shift), aliases.
import { type Field, singleValue } from "../expand/field.ts";
import type { ArgvReading } from "../programs/read-argv.ts";
import type { Analysis } from "./analysis.ts";
import type { Cwd, State } from "./state.ts";

const DECLARATIONS = new Set(["export", "declare", "typeset", "local", "readonly"]);

export function applyBuiltin(name: string, reading: ArgvReading, args: readonly Field[], analysis: Analysis, state: State) {
  if (name === "cd") return changeDirectory(operandsOf(reading)[0], analysis, state, "cd");
  if (name === "pushd") return pushDirectory(operandsOf(reading)[0], analysis, state);
  if (name === "popd") return popDirectory(state);
  if (DECLARATIONS.has(name)) return declare(args, state);
  if (name === "unset") return unset(operandsOf(reading), state);
  if (name === "read" || name === "mapfile" || name === "readarray") return readIntoVariables(name, operandsOf(reading), state);
  if (name === "set") return setPositional(args, state);
  if (name === "shift") {
    state.positional = state.positional?.slice(1);
    return;
  }
  if (name === "alias") return defineAliases(args, state);
  if (name === "unalias") for (const field of args) state.aliases.delete(singleValue(field) ?? "");
}

function operandsOf(reading: ArgvReading): Field[] {
  return reading.roled.filter((arg) => arg.option === undefined).map((arg) => arg.field);
}

/** `cd` alone goes home, `cd -` back, `cd "$X"` somewhere unknown. */
function changeDirectory(target: Field | undefined, analysis: Analysis, state: State, _via: string) {
  const next = directoryAfter(target, analysis, state);
  state.previousCwd = state.cwd;
  state.cwd = next;
}

function directoryAfter(target: Field | undefined, analysis: Analysis, state: State): Cwd {
  if (!target) return { kind: "absolute", path: analysis.home };
  const value = singleValue(target);
  if (value === undefined) return { kind: "unknown" };
  if (value === "-") return state.previousCwd ?? { kind: "unknown" };
  const path = analysis.resolvePath(value, state.cwd);
  if (path === undefined) return { kind: "unknown" };
  if (path.startsWith("/")) return { kind: "absolute", path };
  return { kind: "project", relative: path === "." ? "" : path };
}

function pushDirectory(target: Field | undefined, analysis: Analysis, state: State) {
  state.dirStack.push(state.cwd);
  if (target && singleValue(target)?.startsWith("+")) {
    state.cwd = { kind: "unknown" };
    return;
  }
  changeDirectory(target, analysis, state, "pushd");
}

function popDirectory(state: State) {
  const top = state.dirStack.pop();
  state.previousCwd = state.cwd;
  state.cwd = top ?? { kind: "unknown" };
}

/** `export X=1 Y`, `local x=$(…)`: assignments among the words. */
function declare(args: readonly Field[], state: State) {
  for (const field of args) {
    const first = field.values[0];
    const equals = first?.indexOf("=") ?? -1;
    if (first === undefined || equals <= 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(first.slice(0, equals))) continue;
    const name = first.slice(0, equals);
    state.vars.set(name, { values: field.values.map((value) => value.slice(name.length + 1)), known: field.known, sources: field.sources });
  }
}

function unset(operands: readonly Field[], state: State) {
  for (const field of operands) {
    const name = singleValue(field);
    if (name !== undefined) state.vars.set(name, { values: [""], known: true, sources: [] });
  }
}

/** `read x`: x now holds whatever came on stdin, which carries its sources along. */
function readIntoVariables(name: string, operands: readonly Field[], state: State) {
  const sources = state.stdin.kind === "pipe" || state.stdin.kind === "text" ? state.stdin.sources : [];
  const names = operands.map(singleValue).filter((variable): variable is string => variable !== undefined);
  if (names.length === 0) names.push(name === "read" ? "REPLY" : "MAPFILE");
  for (const variable of names) state.vars.set(variable, { values: [], known: false, sources });
}

/** `set -- a b c` sets $1 $2 $3; other uses of set change options. */
function setPositional(args: readonly Field[], state: State) {
  const separator = args.findIndex((field) => singleValue(field) === "--");
  if (separator >= 0) state.positional = [args[0]!, ...args.slice(separator + 1)].slice(0);
}

function defineAliases(args: readonly Field[], state: State) {
  for (const field of args) {
    const value = singleValue(field);
    const equals = value?.indexOf("=") ?? -1;
    if (value === undefined || equals <= 0) continue;
    state.aliases.set(value.slice(0, equals), value.slice(equals + 1));
  }
}
