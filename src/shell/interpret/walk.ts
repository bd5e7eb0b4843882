// Interprets statements the way bash runs them: lists and pipelines, subshells
// and groups, conditionals, loops (once, with the loop variable taking every
// value it may take), case, functions (judged where they are called, and once
// more if never called), coprocesses. Simple commands go to run.ts.
import type { AndOr, Command, CommandNode, CompoundList, ParsedScript, Pipeline, PipelineNode, Statement, TestExpression, Word } from "unbash";
import { mergeSources } from "../expand/field.ts";
import { parseScript } from "../parse/parse.ts";
import { evaluateArithmeticWord, evaluateNameText, expandToValue, expandWord, type Value, walkArithmetic, type WordEnvironment } from "../expand/words.ts";
import { inCategory } from "../programs/categories.ts";
import { excerpt, type Analysis } from "./analysis.ts";
import { ARITHMETIC_TESTS } from "./evaluated-text.ts";
import { counterCount, forListCount, seqLines } from "./loop-counts.ts";
import { readRedirects } from "./redirects.ts";
import type { Walker } from "./analysis.ts";
import { emitBareRedirect, runCommand, stdoutWrites, walkCommand } from "./run.ts";
import { type FunctionDef, nestedIn, type State, type Stdin, subshellOf } from "./state.ts";
import { wordEnvironment } from "./word-environment.ts";

/**
 * Parse `source` and interpret it in `state` (a `bash -c` string, an eval, a script written above); returns the state
 * it left, for text the caller's own shell runs (`source x.sh`, `eval cd ~`): where it left the working directory.
 */
export function walkSource(source: string, analysis: Analysis, state: State): State {
  analysis.charge(1 + (source.length >> 10));
  const walked = { ...state, source };
  walkScript(parseScript(source), analysis, walked);
  return walked;
}

function walkScript(script: ParsedScript, analysis: Analysis, state: State) {
  const source = script.source ?? state.source;
  reportSyntaxErrors(script, source, analysis, state);
  const known = new Set(state.functions.values());
  if (state.depth === 0) walkTypedStatements(script.commands, source, analysis, state);
  else walkStatements(script.commands, analysis, state);
  if (state.depth === 0) walkExitTraps(analysis);
  // Only the functions this script defined: a `$(…)` does not judge its caller's functions (they would run inside it).
  walkUncalledFunctions(analysis, state, known);
}

/**
 * An interactive shell's new lines after the ones it ran before (shell_send): the earlier lines set up the state
 * — directory, variables, functions, aliases, `hash -p`, the history — and only what the new lines run is kept.
 * A statement the earlier lines opened and a new line closes counts as new. Returns the index of the first
 * command and of the first problem the new lines brought.
 */
export function walkAfterEarlierLines(earlier: string, input: string, analysis: Analysis, state: State): { commands: number; problems: number } {
  const source = `${earlier}\n${input}`;
  analysis.charge(1 + (source.length >> 10));
  const script = parseScript(source);
  const boundary = earlier.length + 1;
  const fromEarlier = (script.errors ?? []).some((error) => error.pos < boundary);
  if (fromEarlier) {
    // Earlier lines bash could not read change nothing here: judge the new ones alone.
    walkSource(input, analysis, { ...state, source: input });
    return { commands: 0, problems: 0 };
  }
  const inner = { ...state, source };
  const before = script.commands.filter((statement) => statement.end <= earlier.length);
  walkStatements(before, analysis, inner);
  const marks = { commands: analysis.commands.length, problems: analysis.unresolved.length };
  analysis.atExit.length = 0;
  reportSyntaxErrors(script, source, analysis, inner);
  const known = new Set(inner.functions.values());
  walkStatements(script.commands.slice(before.length), analysis, inner);
  walkExitTraps(analysis);
  walkUncalledFunctions(analysis, inner, known);
  return marks;
}

/** Trap handlers run when the input ends (or is interrupted): judged then, with the variables and functions of that moment. */
function walkExitTraps(analysis: Analysis) {
  for (let trap = analysis.atExit.shift(); trap; trap = analysis.atExit.shift()) {
    if (!analysis.canNest(trap.state)) return;
    walkSource(trap.text, analysis, nestedIn(trap.state, trap.via));
  }
}

function reportSyntaxErrors(script: ParsedScript, source: string, analysis: Analysis, state: State) {
  const [first] = script.errors ?? [];
  if (!first) return;
  const near = excerpt(source.slice(first.pos, first.pos + 30));
  analysis.problem(state, `bash syntax error: ${first.message}${near ? ` near \`${near}\`` : ""} (offset ${first.pos})`);
}

/**
 * The input's own lines. A program that reads commands typed at its prompt (ed, jshell, sqlite3, an interpreter;
 * the `typed-input` category) started on a line of its own with nothing given on its stdin reads the lines after
 * it when the input is typed into a shell rather than handed to `bash -c` — which of the two the host does, the
 * input does not show. So such a program is judged with those lines as its stdin (`ed FILE` then `a`, text, `.`,
 * `w` writes FILE), and the lines are judged as shell lines as well, as before.
 */
function walkTypedStatements(statements: readonly Statement[], source: string, analysis: Analysis, state: State) {
  for (const statement of statements) {
    const typed = typedInput(statement, source);
    if (typed === undefined) walkNode(statement.command, analysis, statement.background ? { ...state, concurrent: true } : state);
    else walkCommand(statement.command as Command, analysis, { ...state, stdin: typed });
  }
}

/** The lines after a prompt-reading program's own line, as its stdin; undefined when it is given its input otherwise. */
function typedInput(statement: Statement, source: string): Stdin | undefined {
  const node = statement.command;
  if (statement.background || node.type !== "Command" || !node.name || !inCategory(node.name.value, "typed-input")) return undefined;
  if (node.redirects.some((redirect) => redirect.type !== "Redirect" || redirect.operator === "<" || redirect.operator === "<>" || redirect.operator === "<&")) return undefined;
  const lineEnd = source.indexOf("\n", statement.end);
  if (lineEnd < 0) return undefined;
  const text = source.slice(lineEnd + 1);
  return text.trim() === "" ? undefined : { kind: "text", text: text.endsWith("\n") ? text : `${text}\n`, sources: [] };
}

function walkStatements(statements: readonly Statement[], analysis: Analysis, state: State) {
  for (const statement of statements) walkNode(statement.command, analysis, statement.background ? { ...state, concurrent: true } : state);
}

function walkNode(node: PipelineNode | AndOr, analysis: Analysis, state: State) {
  analysis.charge();
  switch (node.type) {
    case "AndOr":
      for (const part of node.commands) walkNode(part, analysis, state);
      return;
    case "Pipeline":
      return walkPipeline(node, analysis, state);
    default:
      return walkCommandNode(node, analysis, state);
  }
}

function walkCommandNode(node: CommandNode | CompoundList, analysis: Analysis, state: State) {
  switch (node.type) {
    case "Command":
      return walkCommand(node, analysis, state);
    case "CompoundList":
      return walkStatements(node.commands, analysis, state);
    case "BraceGroup":
      return walkStatements(node.body.commands, analysis, state);
    case "Subshell":
      if (!analysis.canNest(state)) return;
      return walkStatements(node.body.commands, analysis, nestedIn(state, "(…)"));
    case "If":
      walkStatements(node.clause.commands, analysis, state);
      walkStatements(node.then.commands, analysis, state);
      for (const branch of node.elif) {
        walkStatements(branch.clause.commands, analysis, state);
        walkStatements(branch.then.commands, analysis, state);
      }
      if (node.else) walkStatements(node.else.commands, analysis, state);
      return;
    case "While":
      walkStatements(node.clause.commands, analysis, state);
      return walkRepeated(node.body, counterCount(state.source.slice(node.clause.pos, node.clause.end)), analysis, state);
    case "For":
    case "Select":
      return walkFor(node.name, node.wordlist, node.body, analysis, state);
    case "ArithmeticFor": {
      const env = wordEnvironment(analysis, state);
      for (const expression of [node.initialize, node.test, node.update]) walkArithmetic(expression, env);
      return walkRepeated(node.body, counterCount(state.source.slice(node.pos, node.body.pos)), analysis, state);
    }
    case "Case":
      return walkCase(node, analysis, state);
    case "TestCommand":
      return walkTest(node.expression, wordEnvironment(analysis, state));
    case "ArithmeticCommand":
      return walkArithmetic(node.expression, wordEnvironment(analysis, state));
    case "Function":
      state.functions.set(node.name.value, { name: node.name.value, body: node.body, called: false });
      return;
    case "Coproc":
      if (!analysis.canNest(state)) return;
      return walkCommandNode(node.body, analysis, nestedIn(state, "coproc", { concurrent: true }));
    case "Redirected":
      return walkRedirected(node, analysis, state);
  }
}

/** Each stage reads what the stage before it prints; data further back arrives through that stage (flows chain). */
function walkPipeline(pipeline: Pipeline, analysis: Analysis, state: State) {
  let stdin = state.stdin;
  const concurrent = state.concurrent || pipeline.commands.length > 1;
  let lines: number | undefined;
  for (const stage of pipeline.commands) {
    const before = analysis.commands.length;
    const staged = subshellOf(state, { stdin, concurrent });
    // `seq 1 5000 | xargs -P 8 …`, `seq 1 5000 | while read i; do …; done`: the stage runs once a line.
    if (lines !== undefined && runsPerLine(stage)) staged.repeats = (state.repeats ?? 1) * lines;
    walkCommandNode(stage, analysis, staged);
    const producers = stageProducers(analysis, before, state.captured);
    const only = producers.length === 1 ? analysis.commands[producers[0]!] : undefined;
    lines = only?.name === "seq" ? seqLines(only.args) : undefined;
    const text = knownOutput(analysis, producers);
    // A download still arrives downstream through a pass-through stage (curl … | tee f | sh).
    const remote =
      producers.some((index) => inCategory(analysis.commands[index]!.name, "downloader")) ||
      (stdin.kind === "pipe" && stdin.remote && producers.every((index) => PASS_THROUGH.has(analysis.commands[index]!.name)));
    stdin = text !== undefined && !remote ? { kind: "text", text, sources: producers } : { kind: "pipe", sources: producers, remote };
  }
}

/** A pipeline stage that runs its body once for each line it reads: xargs, GNU parallel, a `while read` loop. */
function runsPerLine(stage: PipelineNode | CommandNode): boolean {
  if (stage.type === "While") return true;
  return stage.type === "Command" && stage.name !== undefined && ["xargs", "parallel"].includes(stage.name.value);
}

/** Programs that hand their input on unchanged (or nearly): a download piped through them is still a download. */
const PASS_THROUGH = new Set(["tee", "cat", "sudo", "doas", "env", "nice", "stdbuf", "pv", "buffer", "dd", "head", "tail"]);

/** The commands of a stage whose output goes down the pipe (not into a substitution). */
function stageProducers(analysis: Analysis, from: number, captured: number): number[] {
  const producers: number[] = [];
  for (let index = from; index < analysis.commands.length; index++) if (analysis.capturedAt[index] === captured) producers.push(index);
  return producers;
}

/** The text a stage prints, when every command of it prints something the input shows (echo, printf, cat <<EOF). */
function knownOutput(analysis: Analysis, producers: readonly number[]): string | undefined {
  if (producers.length === 0) return undefined;
  let text = "";
  for (const index of producers) {
    const output = analysis.outputs.get(index);
    if (output === undefined) return undefined;
    text += output;
  }
  return text;
}

/** `for x in a b c`: the body once, with x taking any of the values (a loop is judged in one pass, however long). */
function walkFor(name: Word, wordlist: readonly Word[] | undefined, body: CompoundList, analysis: Analysis, state: State) {
  const env = wordEnvironment(analysis, state);
  // `for x; do`: the positional parameters, $1 on ($0 is not among them).
  const fields = wordlist ? wordlist.flatMap((word) => expandWord(word, env)) : (state.positional?.slice(1) ?? []);
  const values = [...new Set(fields.flatMap((field) => field.values))];
  const known = wordlist !== undefined ? fields.every((field) => field.known) : state.positional !== undefined;
  const value: Value =
    values.length > 0 && values.length <= analysis.limits.maxAlternatives
      ? { values, known, sources: mergeSources(...fields.map((field) => field.sources)) }
      : { values: [], known: false, sources: mergeSources(...fields.map((field) => field.sources)) };
  state.vars.set(name.value, value);
  walkRepeated(body, wordlist ? forListCount(wordlist.map((word) => word.text)) : undefined, analysis, state);
}

/** A loop's body, walked once, its commands marked with the times the loops around them run (when spelt out). */
function walkRepeated(body: CompoundList, count: number | undefined, analysis: Analysis, state: State) {
  const outer = state.repeats;
  if (count !== undefined) state.repeats = (outer ?? 1) * count;
  walkStatements(body.commands, analysis, state);
  state.repeats = outer;
}

function walkCase(node: Extract<CommandNode, { type: "Case" }>, analysis: Analysis, state: State) {
  const env = wordEnvironment(analysis, state);
  expandWord(node.word, env);
  for (const item of node.items) {
    for (const pattern of item.pattern) expandWord(pattern, env);
    walkStatements(item.body.commands, analysis, state);
  }
}

/**
 * `[[ … ]]` runs nothing itself, but its words are expanded (substitutions run), the operands of `-eq` and the
 * like are evaluated as arithmetic, and the name `-v` tests has its subscript evaluated.
 */
function walkTest(node: TestExpression, env: WordEnvironment) {
  env.charge();
  switch (node.type) {
    case "TestUnary": {
      const value = expandToValue(node.operand, env);
      if (node.operator === "-v") for (const text of value.known ? value.values : []) evaluateNameText(text, env);
      return;
    }
    case "TestBinary":
      if (ARITHMETIC_TESTS.has(node.operator)) {
        evaluateArithmeticWord(node.left, env);
        evaluateArithmeticWord(node.right, env);
        return;
      }
      expandWord(node.left, env);
      expandWord(node.right, env);
      return;
    case "TestLogical":
      for (const operand of node.operands) walkTest(operand, env);
      return;
    case "TestNot":
      return walkTest(node.operand, env);
    case "TestGroup":
      return walkTest(node.expression, env);
  }
}

function walkRedirected(node: Extract<CommandNode, { type: "Redirected" }>, analysis: Analysis, state: State) {
  const env = wordEnvironment(analysis, state);
  const facts = readRedirects(node.redirects, env, analysis);
  const inner = facts.stdin ? { ...state, stdin: facts.stdin } : state;
  const before = analysis.commands.length;
  walkCommandNode(node.command, analysis, inner);
  // `{ …; } > file`: what the group prints goes into the file — each command in it writes there, as `cmd > file` does.
  const written = stdoutWrites(facts.targets, analysis, state);
  if (written.length > 0) {
    for (let index = before; index < analysis.commands.length; index++) {
      if (analysis.capturedAt[index] !== state.captured) continue;
      const command = analysis.commands[index]!;
      command.outputShown = false;
      for (const path of written) if (!command.writes.includes(path)) command.writes.push(path);
    }
  }
  // Redirects of a group or loop still read and write (`{ …; } > ~/.bashrc`).
  if (facts.targets.length > 0) emitBareRedirect(facts.targets, analysis, state);
}

/** A function nobody calls may still run (a trap, an export): judge its body once, with unknown arguments. */
function walkUncalledFunctions(analysis: Analysis, state: State, definedBefore: ReadonlySet<FunctionDef>) {
  for (const definition of state.functions.values()) {
    if (definition.called || definedBefore.has(definition)) continue;
    definition.called = true;
    if (!analysis.canNest(state)) return;
    walkCommandNode(definition.body, analysis, nestedIn(state, `function ${definition.name}`, { positional: undefined, concurrent: false, locals: new Map() }));
  }
}

/** The walker analyze.ts hands every Analysis: how run.ts, launches.ts and word-environment.ts reach back here. */
export const WALKER: Walker = { walkSource, walkScript, walkCommandNode, runCommand };
