// Word expansion inside the interpreter: variables from the state (and the
// few the guard knows without being told), substitutions walked as nested
// commands whose output feeds the word.
import type { ParsedScript } from "unbash";
import { evaluateOperandText, expandToValue, type Substituted, type Value, walkArithmetic, type WordEnvironment } from "../expand/words.ts";
import { parseScript } from "../parse/parse.ts";
import { CREDENTIAL_FILE_VARIABLES } from "../programs/credentials.ts";
import { HOME_FOLDER_VARIABLES } from "../programs/home-variables.ts";
import { excerpt, type Analysis } from "./analysis.ts";
import { cwdText, nestedIn, type State } from "./state.ts";
import { MAX_NESTED_EVALUATION_DEPTH } from "../../limits.ts";

/** What $SHELL holds on nearly every machine: bash on Linux, zsh on macOS. */
const LOGIN_SHELLS = ["/bin/bash", "/bin/zsh"] as const;

/**
 * Variables the guard knows without the input setting them. The extension
 * runs with little more than PATH and HOME: $HOME is its HOME, $PWD the
 * project (relative) or where `cd` went, $TMPDIR "a temp directory", $USER the
 * last part of HOME, $SHELL a usual login shell; a variable naming a credential file or a tool's folder, its usual place.
 */
function wellKnown(name: string, analysis: Analysis, state: State): Value | undefined {
  const known = (value: string | undefined): Value | undefined => (value === undefined ? undefined : { values: [value], known: true, sources: [] });
  switch (name) {
    case "HOME":
      return known(analysis.home);
    case "PWD":
      return known(cwdText(state.cwd));
    case "OLDPWD":
      return state.previousCwd ? known(cwdText(state.previousCwd)) : undefined;
    case "TMPDIR":
    case "TMP":
    case "TEMP":
      return known("/tmp");
    case "USER":
    case "LOGNAME":
      return known(analysis.home.slice(analysis.home.lastIndexOf("/") + 1));
    case "IFS":
      return known(" \t\n");
    // The user's login shell (`$SHELL --version`, `$SHELL -c '…'`): one of the usual ones, each judged as itself.
    case "SHELL":
      return { values: [...LOGIN_SHELLS], known: true, sources: [] };
    default:
      return credentialFile(name, analysis.home);
  }
}

/**
 * A variable that names a credential file (`$KUBECONFIG`) or a tool's folder (`$ZDOTDIR`) stands for its usual
 * place — but not only for it: it may be unset (empty) or set elsewhere, so the value stays not known, and what
 * needs a known value (`rm -rf $GOPATH/*`, which is `rm -rf /*` when it is unset) is judged as before.
 */
function credentialFile(name: string, home: string): Value | undefined {
  const file = Object.hasOwn(CREDENTIAL_FILE_VARIABLES, name)
    ? CREDENTIAL_FILE_VARIABLES[name]
    : Object.hasOwn(HOME_FOLDER_VARIABLES, name)
      ? HOME_FOLDER_VARIABLES[name]
      : undefined;
  return file === undefined ? undefined : { values: [home + file.slice(1)], known: false, sources: [] };
}

export function wordEnvironment(analysis: Analysis, state: State): WordEnvironment {
  const env: WordEnvironment = {
    home: analysis.home,
    maxAlternatives: analysis.limits.maxAlternatives,
    variable: (name) => state.vars.get(name) ?? wellKnown(name, analysis, state),
    assign: (name, value) => void state.vars.set(name, value),
    positional: () => state.positional,
    substitute: (script, kind, text) => substitute(script, kind, text, analysis, state),
    evaluate: (text, as) => evaluateText(text, as, env, analysis, state),
    charge: () => analysis.charge(),
  };
  return env;
}

/**
 * Text bash reads again: as an arithmetic expression (a variable's value, a subscript) or as a prompt string.
 * Text without `$` or a backquote runs nothing itself, but the variables it names are evaluated in turn.
 */
function evaluateText(text: string, as: "arithmetic" | "prompt", env: WordEnvironment, analysis: Analysis, state: State) {
  analysis.charge(1 + (text.length >> 10));
  const runs = /[$`]/.test(text);
  if (as === "prompt" && !runs) return;
  if (analysis.evaluating >= MAX_NESTED_EVALUATION_DEPTH) {
    analysis.problem(state, `values are evaluated one inside another more than ${MAX_NESTED_EVALUATION_DEPTH} deep: ${excerpt(text)}`);
    return;
  }
  analysis.evaluating++;
  try {
    if (as === "prompt") return promptExpanded(text, env, analysis, state);
    if (!runs) {
      for (const name of text.match(/[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?/g) ?? []) evaluateOperandText(name, env);
      return;
    }
    const script = parseScript(`((${text}\n))`);
    const command = script.commands[0]?.command;
    if (script.errors?.length || script.commands.length !== 1 || command?.type !== "ArithmeticCommand") {
      analysis.problem(state, `bash evaluates this text as arithmetic, and it cannot be read as an expression: ${excerpt(text)}`);
      return;
    }
    walkArithmetic(command.expression, env);
  } finally {
    analysis.evaluating--;
  }
}

const PROMPT_END = "SYNAPS_POLICY_PROMPT_END";

/** A prompt string's expansions (`$(…)`, `${…}`, `$((…))`) run as a here-document's do. */
function promptExpanded(text: string, env: WordEnvironment, analysis: Analysis, state: State) {
  const script = parseScript(`: <<${PROMPT_END}\n${text}\n${PROMPT_END}\n`);
  const command = script.commands[0]?.command;
  const heredoc = command?.type === "Command" ? command.redirects[0] : undefined;
  if (script.errors?.length || text.includes(PROMPT_END) || heredoc?.type !== "HereDoc") {
    analysis.problem(state, `bash expands this prompt string, and it cannot be read: ${excerpt(text)}`);
    return;
  }
  const body = heredoc.body;
  if (body.parts) expandToValue({ type: "Word", text: body.text, value: body.text, pos: body.pos, end: body.end, parts: body.parts }, env);
}

/**
 * The commands whose output reaches the substitution: all of them but the pipeline stages that print into the
 * next stage (`$(git ls-files -o | grep '^tmp/')` captures what grep prints, not what git does).
 */
function printingStages(sources: readonly number[], analysis: Analysis): readonly number[] {
  if (sources.length < 2) return sources;
  const piped = new Set<number>();
  for (const flow of analysis.flows) if (flow.channel === "pipe" && sources.includes(flow.to)) piped.add(flow.from);
  return sources.filter((source) => !piped.has(source));
}

/**
 * Run a `$(…)` or `<(…)`: its commands are judged; its output is captured into the word — the text when the
 * input shows it, else what kind of text it is (paths, set-up code) when the program knowledge says.
 */
function substitute(script: ParsedScript | undefined, kind: "command" | "process", text: string, analysis: Analysis, state: State): Substituted {
  if (!script || !analysis.canNest(state)) return { sources: [] };
  const label = kind === "process" ? (text.startsWith(">") ? ">(…)" : "<(…)") : text.startsWith("`") ? "`…`" : "$(…)";
  const captured = state.captured + 1;
  const before = analysis.commands.length;
  analysis.walker.walkScript(script, analysis, nestedIn(state, label, { stdin: { kind: "none" }, captured }));
  const sources: number[] = [];
  let output: string | undefined = "";
  for (let index = before; index < analysis.commands.length; index++) {
    if (analysis.capturedAt[index] !== captured) continue;
    sources.push(index);
    const printed = analysis.outputs.get(index);
    output = printed === undefined || output === undefined ? undefined : output + printed;
  }
  if (kind === "command" && sources.length > 0 && output !== undefined) return { sources, output };
  const kinds = sources.map((source) => analysis.printedKinds.get(source));
  if (sources.length > 0 && kinds.every((printed) => printed?.kind === "setup")) return { sources, setup: true };
  const last = printingStages(sources, analysis);
  const only = last.length === 1 ? analysis.printedKinds.get(last[0]!) : undefined;
  if (kind === "command" && only?.kind === "paths") return { sources, patterns: only.patterns };
  if (kind === "command" && only?.kind === "word") return { sources, word: only.patterns, ...(only.name ? { name: true } : {}) };
  return { sources };
}
