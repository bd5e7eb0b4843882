// What a statement sees while the input is interpreted: variables, the
// working directory (and `cd -`, pushd/popd), functions and aliases, the
// positional parameters, how it was reached, and what arrives on stdin.
// Shared along a sequence, copied into subshells and pipeline stages.
import type { CompoundList, CommandNode } from "unbash";
import type { Field } from "../expand/field.ts";
import type { Value } from "../expand/words.ts";

/**
 * The working directory. The guard does not know the project's directory: it
 * is "project" with a path relative to it ("" at the root, ".." after `cd ..`)
 * until a `cd` to an absolute place, or "unknown" after `cd "$X"`.
 */
export type Cwd = { kind: "project"; relative: string } | { kind: "absolute"; path: string } | { kind: "unknown" };

/**
 * What arrives on a command's stdin, as far as the input shows: nothing in
 * particular, known text (a heredoc, `echo … |`), another command's output
 * (`sources`; `remote` when one of them downloads), or a file.
 */
export type Stdin =
  | { kind: "none" }
  | { kind: "text"; text: string; sources: readonly number[] }
  | { kind: "pipe"; sources: readonly number[]; remote: boolean }
  | { kind: "file"; path: string };

export type FunctionDef = { name: string; body: CommandNode | CompoundList; called: boolean };

export type State = {
  vars: Map<string, Value>;
  functions: Map<string, FunctionDef>;
  aliases: Map<string, string>;
  /** Variables declared `-i`: what is assigned to them is an arithmetic expression. */
  integers: Set<string>;
  /** `hash -p PATH NAME`: NAME runs PATH (undefined: a path only the run knows). */
  hashed: Map<string, string | undefined>;
  /** The history lines the input added or sent (undefined: a line only the run knows), oldest first. */
  history: (string | undefined)[];
  /** The history holds lines from before what the guard saw (an interactive shell's saved history). */
  historyUnknown: boolean;
  cwd: Cwd;
  previousCwd: Cwd | undefined;
  dirStack: Cwd[];
  positional: readonly Field[] | undefined;
  /** Inside a function call: the caller's values of the variables the function made local (undefined: unset), restored when it returns. */
  locals?: Map<string, Value | undefined>;
  via: readonly string[];
  /** Some step of `via` is a hook (see Launch): what runs here was started by an option, a variable or a setting. */
  hooked: boolean;
  /** Some step of `via` is a call in another language's code: what runs here was started by that code. */
  fromCode: boolean;
  depth: number;
  /** The files whose text runs on the way here, outermost first: a file that runs itself again is followed only so often. */
  running?: readonly string[];
  stdin: Stdin;
  /** Output goes into a substitution (not to the pipeline's next stage). */
  captured: number;
  /** The statement runs alongside its caller: in the background (`&`), as a pipeline stage, or as a coprocess. */
  concurrent: boolean;
  /** The times the loops around here run, when their headers spell it out (nested loops multiply); undefined outside a counted loop. */
  repeats?: number;
  /** The text of the script being interpreted (positions in syntax nodes index it). */
  source: string;
};

export function initialState(source: string): State {
  return {
    vars: new Map(),
    functions: new Map(),
    aliases: new Map(),
    integers: new Set(),
    hashed: new Map(),
    history: [],
    historyUnknown: false,
    cwd: { kind: "project", relative: "" },
    previousCwd: undefined,
    dirStack: [],
    positional: undefined,
    via: [],
    hooked: false,
    fromCode: false,
    depth: 0,
    stdin: { kind: "none" },
    captured: 0,
    concurrent: false,
    source,
  };
}

/** A subshell: changes inside do not reach the parent. */
export function subshellOf(state: State, changes: Partial<State> = {}): State {
  return {
    ...state,
    vars: new Map(state.vars),
    functions: new Map(state.functions),
    aliases: new Map(state.aliases),
    integers: new Set(state.integers),
    hashed: new Map(state.hashed),
    history: [...state.history],
    dirStack: [...state.dirStack],
    ...changes,
  };
}

/** Deeper, with one more step on the way: `via` grows, the depth is charged. */
export function nestedIn(state: State, via: string, changes: Partial<State> = {}): State {
  return { ...subshellOf(state, changes), via: [...state.via, via], depth: state.depth + 1 };
}

/** `. ./go.sh` whose text says `cd ~`, `eval cd ~`, `builtin cd ~`, an alias for `cd ~`: the caller's shell is where the run left it. */
export function returnDirectory(inner: State, caller: State) {
  caller.cwd = inner.cwd;
  caller.previousCwd = inner.previousCwd;
  caller.dirStack = inner.dirStack;
}

/** A function returns: the variables it made local get the caller's values back. */
export function restoreLocals(state: State) {
  for (const [name, value] of state.locals ?? []) {
    if (value === undefined) state.vars.delete(name);
    else state.vars.set(name, value);
  }
}

/** $PWD as text: "." at the project root, a relative path inside it, or the absolute path. */
export function cwdText(cwd: Cwd): string | undefined {
  if (cwd.kind === "absolute") return cwd.path;
  if (cwd.kind === "project") return cwd.relative === "" ? "." : cwd.relative;
  return undefined;
}
