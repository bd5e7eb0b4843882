// Builtins that change what later commands see: the working directory (cd,
// pushd, popd), variables (export, declare, local, readonly, unset, read,
// mapfile; arrays; a function's locals), positional parameters (set, shift),
// aliases, functions (unset -f).
import { type Field, literalField, singleValue, unknownField } from "../expand/field.ts";
import type { Value } from "../expand/words.ts";
import type { ArgvReading } from "../programs/read-argv.ts";
import type { Analysis } from "./analysis.ts";
import { printf } from "./output.ts";
import { type Cwd, nestedIn, type State, type Stdin } from "./state.ts";

const DECLARATIONS = new Set(["export", "declare", "typeset", "local", "readonly"]);

export function applyBuiltin(
  name: string,
  reading: ArgvReading,
  args: readonly Field[],
  analysis: Analysis,
  state: State,
  stdin: Stdin = state.stdin,
  env: ReadonlyMap<string, Value> = new Map(),
) {
  if (name === "cd" && searchesCdpath(operandsOf(reading)[0], state, env)) return changeDirectory(unknownField("$CDPATH"), analysis, state, "cd");
  if (name === "cd") return changeDirectory(operandsOf(reading)[0], analysis, state, "cd");
  if (name === "pushd") return pushDirectory(operandsOf(reading)[0], analysis, state);
  if (name === "popd") return popDirectory(state);
  if (DECLARATIONS.has(name)) return declare(name, reading, args, state);
  if (name === "unset") return unset(reading, state);
  if (name === "read" || name === "mapfile" || name === "readarray") return readIntoVariables(name, reading, state, stdin);
  if (name === "printf") return printIntoVariable(args, state);
  if (name === "set") return setPositional(args, state);
  if (name === "shift") return shift(operandsOf(reading)[0], state);
  if (name === "alias") return defineAliases(args, analysis, state);
  if (name === "unalias") for (const field of args) state.aliases.delete(singleValue(field) ?? "");
}

function operandsOf(reading: ArgvReading): Field[] {
  return reading.roled.filter((arg) => arg.option === undefined).map((arg) => arg.field);
}

/**
 * `CDPATH=~ cd Documents`: with CDPATH set, a name that does not start with `/`, `.` or `..` is looked for in each of
 * its directories first, so where cd goes depends on what exists there.
 */
function searchesCdpath(target: Field | undefined, state: State, env: ReadonlyMap<string, Value>): boolean {
  const cdpath = env.get("CDPATH") ?? state.vars.get("CDPATH");
  if (cdpath === undefined || (cdpath.known && cdpath.values.every((value) => value === "" || value === "."))) return false;
  const value = target === undefined ? undefined : singleValue(target);
  return target !== undefined && (value === undefined || !/^(?:\/|\.|~|-$)/.test(value));
}

/** `cd` alone goes home, `cd -` back, `cd "$X"` somewhere unknown. */
function changeDirectory(target: Field | undefined, analysis: Analysis, state: State, _via: string) {
  const next = directoryAfter(target, analysis, state);
  state.previousCwd = state.cwd;
  state.cwd = next;
}

function directoryAfter(target: Field | undefined, analysis: Analysis, state: State): Cwd {
  if (!target) return { kind: "absolute", path: analysis.home };
  return directoryAt(target, analysis, state);
}

/** The directory a word names, from the current one (`env -C DIR`); `-` is the previous one, as for cd. */
export function directoryAt(target: Field, analysis: Analysis, state: State): Cwd {
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

/**
 * `export X=1 Y`, `local x=$(…)`, `declare -a A=(…)`: assignments among the words. Inside a function, `local`
 * and `declare`/`typeset` (without -g) make the variable local: the caller's value comes back when the function
 * returns, and a name declared without a value starts unset (`local IFS` splits on blanks again).
 */
function declare(name: string, reading: ArgvReading, args: readonly Field[], state: State) {
  const local = state.locals !== undefined && (name === "local" || ((name === "declare" || name === "typeset") && !reading.flags.includes("-g")));
  const array = reading.flags.includes("-a") || reading.flags.includes("-A");
  // `declare -n ref=A`: a name for another variable, which the guard does not follow.
  const reference = reading.flags.includes("-n");
  const integer = reading.flags.includes("-i");
  for (const field of args) {
    const declared = field.assigned?.name ?? declaredName(field);
    if (declared === undefined) continue;
    if (local && !state.locals!.has(declared)) state.locals!.set(declared, state.vars.get(declared));
    const value = field.assigned?.value;
    if (value === undefined) {
      if (local) startUnset(declared, array, state);
      continue;
    }
    const opaque = reference || (integer && !value.values.every((text) => /^-?\d+$/.test(text)));
    state.vars.set(declared, opaque ? { values: [], known: false, sources: value.sources } : value);
  }
}

/** A name alone (`local x`, `export PATH`), not an option. */
function declaredName(field: Field): string | undefined {
  const word = singleValue(field);
  return word !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(word) ? word : undefined;
}

/** A variable declared without a value inside a function: unset ($IFS unset splits on blanks), an array empty. */
function startUnset(name: string, array: boolean, state: State) {
  if (name === "IFS") state.vars.delete(name);
  else state.vars.set(name, array ? { values: [""], known: true, sources: [], elements: [] } : { values: [""], known: true, sources: [] });
}

/** `unset X`, `unset 'A[1]'`, `unset -f fn`. */
function unset(reading: ArgvReading, state: State) {
  const functions = reading.flags.includes("-f");
  for (const field of operandsOf(reading)) {
    const word = singleValue(field);
    if (word === undefined) continue;
    if (functions) {
      state.functions.delete(word);
      continue;
    }
    const element = /^([A-Za-z_][A-Za-z0-9_]*)\[(\d{1,9})\]$/.exec(word);
    if (element) unsetElement(element[1]!, Number(element[2]), state);
    // IFS unset splits on blanks, as if it held its default; any other variable expands to nothing.
    else if (word === "IFS") state.vars.delete(word);
    else state.vars.set(word, { values: [""], known: true, sources: [] });
  }
}

/** `unset 'A[1]'`: the element is gone from "${A[@]}" (the indices after it are not followed). */
function unsetElement(name: string, index: number, state: State) {
  const value = state.vars.get(name);
  if (!value?.elements) return;
  const elements = value.elements.filter((_element, at) => at !== index);
  const first = elements[0] ?? { values: [""], known: true, sources: [] };
  state.vars.set(name, { ...value, values: first.values, known: first.known, elements });
}

/** `read x`, `read -a A`, `mapfile A`: the variables now hold whatever came on stdin, which carries its sources along. */
function readIntoVariables(name: string, reading: ArgvReading, state: State, stdin: Stdin) {
  const sources = stdin.kind === "pipe" || stdin.kind === "text" ? stdin.sources : [];
  const array = reading.roled.find((arg) => arg.option === "-a");
  const named = name === "read" ? [...(array ? [array.field] : []), ...operandsOf(reading)] : operandsOf(reading);
  const names = named.map(singleValue).filter((variable): variable is string => variable !== undefined);
  if (names.length === 0) names.push(name === "read" ? "REPLY" : "MAPFILE");
  const unknown: Value = { values: [], known: false, sources };
  const line = name === "read" && !array && names.length === 1 ? lineRead(reading, stdin) : undefined;
  for (const variable of names) state.vars.set(variable, line === undefined ? unknown : { values: [line], known: true, sources });
}

/** `read x <<< 'text'`: the first line of known stdin, trimmed (backslashes are kept with -r; without it, not followed). */
function lineRead(reading: ArgvReading, stdin: Stdin): string | undefined {
  if (stdin.kind !== "text" || reading.roled.some((arg) => arg.option !== undefined && arg.option !== "-r")) return undefined;
  const line = stdin.text.split("\n")[0]!;
  if (!reading.flags.includes("-r") && line.includes("\\")) return undefined;
  return line.trim();
}

/** `printf -v NAME FORMAT …`: NAME holds what printf would print (known for plain %s/%b formats). */
function printIntoVariable(args: readonly Field[], state: State) {
  const words = args.map(singleValue);
  if (words[0] !== "-v" || words[1] === undefined) return;
  const rest = words.slice(2);
  const text = rest.every((word) => word !== undefined) ? printf(rest as string[]) : undefined;
  const sources = args.flatMap((field) => field.sources);
  state.vars.set(words[1], text === undefined ? { values: [], known: false, sources } : { values: [text], known: true, sources });
}

/**
 * `set -- a b c` and `set a b` set $1 $2 $3 (`set --` alone clears them); `set -e`, `set -o pipefail` only change
 * options. The first word that is not an option starts the parameters.
 */
function setPositional(args: readonly Field[], state: State) {
  for (let index = 0; index < args.length; index++) {
    const word = singleValue(args[index]!);
    if (word === "--" || word === "-") return replacePositional(args.slice(index + 1), state);
    if (word === undefined || !/^[-+]/.test(word)) return replacePositional(args.slice(index), state);
    if (/^[-+][a-zA-Z]*o$/.test(word)) index++; // `-o name`
  }
}

function replacePositional(parameters: readonly Field[], state: State) {
  state.positional = [state.positional?.[0] ?? literalField("bash"), ...parameters];
}

/** `shift`, `shift 2`: $1 … go; by an amount only the run knows, the parameters are unknown. */
function shift(amount: Field | undefined, state: State) {
  if (!state.positional) return;
  const count = amount === undefined ? 1 : Number(singleValue(amount) ?? Number.NaN);
  if (!Number.isInteger(count) || count < 0) {
    state.positional = undefined;
    return;
  }
  // Shifting past the end fails and changes nothing.
  if (count > state.positional.length - 1) return;
  state.positional = [state.positional[0]!, ...state.positional.slice(1 + count)];
}

/**
 * `alias ls='rm -rf ~'`: the alias is kept for later lines, and its text is judged now, as a function's body
 * is when it is defined — an alias written into a start-up file runs whenever its name is typed.
 */
function defineAliases(args: readonly Field[], analysis: Analysis, state: State) {
  for (const field of args) {
    const value = singleValue(field);
    const equals = value?.indexOf("=") ?? -1;
    if (value === undefined || equals <= 0) continue;
    const name = value.slice(0, equals);
    const text = value.slice(equals + 1);
    state.aliases.set(name, text);
    if (!analysis.canNest(state)) continue;
    const inner = nestedIn(state, `alias ${name}`);
    inner.aliases.delete(name);
    analysis.walker.walkSource(text, analysis, inner);
  }
}
