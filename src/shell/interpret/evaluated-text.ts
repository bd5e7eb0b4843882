// Strings bash evaluates a second time, taken as code rather than data:
// builtins that read a word as an arithmetic expression (`let`, test's `-eq`,
// printf's `%d`) or as a variable name whose subscript is evaluated
// (`test -v`, `printf -v`, `read`, `declare`, `unset`, `getopts`), variables
// that hold code (PROMPT_COMMAND; PS0, PS1, PS2 and PS4 are prompt strings
// whose `$(…)` runs; an integer variable's assignments are arithmetic), and
// what a later line takes from earlier ones (`hash -p`, `history -s` with `fc -s`).
// `x='a[$(rm -rf ~)]'; (( x ))` runs the rm: every such string is judged as
// the code it is.
import { type Field, literalField, singleValue } from "../expand/field.ts";
import { evaluateNameText, evaluateOperandText, type Value, type WordEnvironment } from "../expand/words.ts";
import type { ArgvReading } from "../programs/read-argv.ts";
import { excerpt, type Analysis } from "./analysis.ts";
import { nestedIn, type State } from "./state.ts";

/** The operators of `[[ … ]]` (and test) whose operands are arithmetic expressions. */
export const ARITHMETIC_TESTS = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);

/** Variables whose value bash expands as a prompt string when it prints the prompt (PS4: under `set -x`). */
const PROMPT_VARIABLES = new Set(["PS0", "PS1", "PS2", "PS3", "PS4"]);

/** Variables whose value bash runs as commands (before each prompt). */
const COMMAND_VARIABLES = new Set(["PROMPT_COMMAND"]);

function textsOf(field: Field | undefined): readonly string[] {
  return field?.known ? field.values : [];
}

/** What the builtin `name` evaluates of its arguments, judged before it runs. */
export function judgeEvaluatedArguments(name: string, reading: ArgvReading, args: readonly Field[], env: WordEnvironment, analysis: Analysis, state: State) {
  switch (name) {
    case "let":
      for (const field of args) for (const text of textsOf(field)) evaluateOperandText(text, env);
      return;
    case "test":
    case "[":
      return testArguments(args, env);
    case "printf":
      return printfArguments(args, env);
    case "read":
    case "mapfile":
    case "readarray":
    case "unset":
    case "getopts":
    case "wait":
      for (const field of args) for (const text of textsOf(field)) evaluateNameText(text, env);
      return;
    case "export":
    case "declare":
    case "typeset":
    case "local":
    case "readonly":
      return declaredNames(reading, args, env, analysis, state);
    case "hash":
      return rememberHashed(args, state);
    case "history":
      return rememberHistory(args, state);
    case "fc":
      return rerunHistory(reading, args, analysis, state);
    case "bind":
      return judgeBindings(args, analysis, state);
  }
}

/**
 * `bind -x '"\C-t": CMD'` runs CMD when the key is pressed; `bind '"\C-t": "TEXT"'` types TEXT (and runs it when
 * it holds a newline). Both are judged when they are bound: a later key press only shows as a control byte.
 */
function judgeBindings(args: readonly Field[], analysis: Analysis, state: State) {
  args.forEach((field, index) => {
    if (singleValue(args[index - 1] ?? literalField("")) === "-x") judgeKeyCommand(field, singleValue(field), analysis, state);
    else judgeKeyMacro(field, singleValue(field), analysis, state);
  });
}

/** `bind '"\C-t": "TEXT"'`: TEXT is typed when the key is pressed (a `\n` in it enters the line). */
function judgeKeyMacro(field: Field, binding: string | undefined, analysis: Analysis, state: State) {
  if (binding === undefined) return analysis.problem(state, `bind is given a key binding only known at run time (${excerpt(field.text)})`);
  const macro = /^\s*(?:"(?:[^"\\]|\\.)*"|[^\s:"]+)\s*:\s*(["'])((?:[^\\]|\\.)*?)\1\s*$/.exec(binding);
  if (!macro) return;
  const text = macro[2]!.replace(/\\C-[mj]|\\[nr]/gi, "\n").replace(/\\(.)/g, "$1");
  if (analysis.canNest(state)) analysis.walker.walkSource(text, analysis, nestedIn(state, "bind (a key that types a command)"));
}

/** `bind -x '"\C-t": CMD'`: CMD (quoted or not) runs when the key is pressed. */
function judgeKeyCommand(field: Field, binding: string | undefined, analysis: Analysis, state: State) {
  if (binding === undefined) return analysis.problem(state, `bind -x is given a command only known at run time (${excerpt(field.text)})`);
  const command = /^\s*(?:"(?:[^"\\]|\\.)*"|[^\s:"]+)\s*:\s*([\s\S]*)$/.exec(binding)?.[1];
  if (command === undefined) return analysis.problem(state, `bind -x is given a binding it cannot read (${excerpt(binding)})`);
  const text = /^(["'])([\s\S]*)\1$/.exec(command.trim())?.[2] ?? command;
  if (analysis.canNest(state)) analysis.walker.walkSource(text, analysis, nestedIn(state, "bind -x"));
}

/** `test "$x" -eq 1`, `[ -v 'a[…]' ]`. */
function testArguments(args: readonly Field[], env: WordEnvironment) {
  args.forEach((field, index) => {
    const word = singleValue(field);
    if (word !== undefined && ARITHMETIC_TESTS.has(word)) {
      for (const text of textsOf(args[index - 1])) evaluateOperandText(text, env);
      for (const text of textsOf(args[index + 1])) evaluateOperandText(text, env);
    }
    if (word === "-v") for (const text of textsOf(args[index + 1])) evaluateNameText(text, env);
  });
}

/** `printf -v NAME`, and the arguments of an integer conversion (`%d`), which are arithmetic expressions. */
function printfArguments(args: readonly Field[], env: WordEnvironment) {
  let rest = args;
  if (singleValue(rest[0] ?? literalField("")) === "-v") {
    for (const text of textsOf(rest[1])) evaluateNameText(text, env);
    rest = rest.slice(2);
  }
  if (singleValue(rest[0] ?? literalField("")) === "--") rest = rest.slice(1);
  const [format, ...values] = rest;
  if (!format) return;
  const numeric = !format.known || format.values.some((text) => /%[-+ #0-9.*]*(?:hh|h|ll|l|j|z|t)?[diouxX]/.test(text));
  if (!numeric) return;
  for (const field of values) for (const text of textsOf(field)) evaluateOperandText(text, env);
}

/** `declare "$x=1"`, `export 'a[…]'`, `declare -n r='a[…]'`, `declare -i n='…'`. */
function declaredNames(reading: ArgvReading, args: readonly Field[], env: WordEnvironment, analysis: Analysis, state: State) {
  const reference = reading.flags.includes("-n");
  const integer = reading.flags.includes("-i");
  for (const field of args) {
    if (field.assigned) {
      const { name, value } = field.assigned;
      if (integer) state.integers.add(name);
      for (const text of value.known ? value.values : []) {
        if (reference) evaluateNameText(text, env);
        else if (integer) evaluateOperandText(text, env);
      }
      judgeAssignedValue(name, value, analysis, state, env);
      continue;
    }
    for (const text of textsOf(field)) {
      if (text.startsWith("-") || text.startsWith("+")) continue;
      judgeExportedFunction(text, analysis, state);
      const name = text.split("=")[0]!;
      evaluateNameText(name, env);
      if (integer && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) state.integers.add(name);
    }
  }
}

/**
 * A variable set to a value bash will read as code: PROMPT_COMMAND runs, a prompt string's `$(…)` runs, an
 * integer variable's value is an arithmetic expression.
 */
export function judgeAssignedValue(name: string, value: Value, analysis: Analysis, state: State, env?: WordEnvironment) {
  const texts = [...value.values, ...(value.elements ?? []).flatMap((element) => element.values)];
  if (COMMAND_VARIABLES.has(name)) {
    if (!value.known) analysis.problem(state, `${name} is set to commands only known at run time`);
    for (const text of texts) if (analysis.canNest(state)) analysis.walker.walkSource(text, analysis, nestedIn(state, name));
    return;
  }
  if (PROMPT_VARIABLES.has(name) && env) for (const text of texts) env.evaluate(text, "prompt");
  if (state.integers.has(name) && env) for (const text of value.known ? texts : []) evaluateOperandText(text, env);
}

/**
 * `env 'BASH_FUNC_ls%%=() { …; }' bash -c ls`: a bash started with this in its environment defines the function
 * `ls` from it (bash's exported functions). Its body is judged as the code it is.
 */
export function judgeExportedFunction(assignment: string, analysis: Analysis, state: State) {
  const exported = /^BASH_FUNC_([^=]+?)(?:%%|\(\))=([\s\S]*)$/.exec(assignment);
  if (!exported) return;
  const [, name, body] = exported;
  if (!body!.trimStart().startsWith("(")) return;
  if (analysis.canNest(state)) analysis.walker.walkSource(`${name} ${body}`, analysis, nestedIn(state, `exported function ${name}`));
}

/** `hash -p /bin/rm ls`: from here on `ls` runs /bin/rm. */
function rememberHashed(args: readonly Field[], state: State) {
  const words = args.map(singleValue);
  const at = words.indexOf("-p");
  if (at < 0) return;
  const path = words[at + 1];
  const names = words.slice(at + 2).filter((word) => word !== "--");
  for (const name of names) {
    if (name === undefined) continue;
    if (path === undefined) state.hashed.set(name, undefined);
    else state.hashed.set(name, path);
  }
}

/** `history -s CMD`: the line is now the last in the history (which `fc -s` and `!!` run again). */
function rememberHistory(args: readonly Field[], state: State) {
  if (singleValue(args[0] ?? literalField("")) !== "-s") return;
  const words = args.slice(1);
  const texts = words.map(singleValue);
  state.history.push(texts.every((text) => text !== undefined) ? texts.join(" ") : undefined);
}

/**
 * `fc -s [old=new] [prefix]` (and `fc -e - …`) runs a line from the history again, with old replaced by new;
 * `fc` alone opens an editor on it and runs what is saved, which only the run knows. `fc -l` only lists.
 */
function rerunHistory(reading: ArgvReading, args: readonly Field[], analysis: Analysis, state: State) {
  const words = args.map(singleValue);
  if (words.some((word) => word === "-l" || word === "-ln" || word === "-nl")) return;
  const again = words[0] === "-s" || (words[0] === "-e" && words[1] === "-");
  if (!again) {
    analysis.problem(state, "fc edits a line from the history and runs what is saved, which is only known at run time");
    return;
  }
  void reading;
  const rest = words.slice(words[0] === "-s" ? 1 : 2);
  if (rest.some((word) => word === undefined)) return analysis.problem(state, `fc -s runs a history line only known at run time`);
  const replacements = (rest as string[]).filter((word) => word.includes("="));
  const prefix = (rest as string[]).find((word) => !word.includes("="));
  const line = historyLine(state, prefix);
  if (line === undefined) {
    if (state.history.length > 0 || state.historyUnknown)
      analysis.problem(state, `fc -s runs a line from the history that the guard cannot see${prefix ? ` (${excerpt(prefix)})` : ""}`);
    return;
  }
  let text = line;
  for (const replacement of replacements) {
    const [old, ...rest] = replacement.split("=");
    text = text.replace(old!, rest.join("="));
  }
  if (analysis.canNest(state)) analysis.walker.walkSource(text, analysis, nestedIn(state, "fc -s"));
}

/** The last history line (starting with `prefix`, or the one `prefix` numbers); undefined when it cannot be seen. */
function historyLine(state: State, prefix: string | undefined): string | undefined {
  const lines = state.history;
  if (prefix === undefined) return lines.at(-1) ?? undefined;
  if (/^-?\d+$/.test(prefix)) return undefined;
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index];
    if (line === undefined) return undefined;
    if (line.startsWith(prefix)) return line;
  }
  return undefined;
}
