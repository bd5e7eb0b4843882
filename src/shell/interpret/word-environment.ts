// Word expansion inside the interpreter: variables from the state (and the
// few the guard knows without being told), substitutions walked as nested
// commands whose output feeds the word.
import type { ParsedScript } from "unbash";
import type { Substituted, Value, WordEnvironment } from "../expand/words.ts";
import type { Analysis } from "./analysis.ts";
import { cwdText, nestedIn, type State } from "./state.ts";

/**
 * Variables the guard knows without the input setting them. The extension
 * runs with little more than PATH and HOME: $HOME is its HOME, $PWD the
 * project (relative) or where `cd` went, $TMPDIR "a temp directory", $USER the
 * last part of HOME.
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
    default:
      return undefined;
  }
}

export function wordEnvironment(analysis: Analysis, state: State): WordEnvironment {
  return {
    home: analysis.home,
    maxAlternatives: analysis.limits.maxAlternatives,
    variable: (name) => state.vars.get(name) ?? wellKnown(name, analysis, state),
    assign: (name, value) => void state.vars.set(name, value),
    positional: () => state.positional,
    substitute: (script, kind, text) => substitute(script, kind, text, analysis, state),
    charge: () => analysis.charge(),
  };
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
  const only = sources.length === 1 ? kinds[0] : undefined;
  if (kind === "command" && only?.kind === "paths") return { sources, patterns: only.patterns };
  if (kind === "command" && only?.kind === "word") return { sources, word: only.patterns };
  return { sources };
}
