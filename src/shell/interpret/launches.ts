// What a command runs besides itself, planned before the command is recorded
// and run after: a wrapped command (sudo, xargs, find -exec), a command line
// for a shell (bash -c, ssh host CMD, tar --checkpoint-action), code for an
// interpreter (python -c, a heredoc, stdin), a script the input wrote, git
// aliases and `ext::` URLs — each reached "via" its carrier.
import { posix } from "node:path";
import { MAX_CARRIED_LINES, MAX_FILE_REENTRIES, MAX_FOLLOWED_IMPORTS, MAX_IMPORT_CANDIDATES_ASKED, SHELL_LIMITS } from "../../limits.ts";
import type { WorkBudget } from "../budget.ts";
import { type Field, literalField, runTimePattern, shellTextsOf, singleValue, unknownField } from "../expand/field.ts";
import { languageOfScript, loadsDatabaseStatements, readLanguage, readsTemplates } from "../languages/index.ts";
import { withScriptDirectory } from "../languages/script-directory.ts";
import { psqlSettings } from "../languages/sql.ts";
import { vimSettings } from "../languages/vim.ts";
import { readsZsh, zshShebang } from "../languages/zsh-lines.ts";
import { readGitSetting } from "../languages/git-config.ts";
import { inCategory } from "../programs/categories.ts";
import { INTERPRETERS, programFamily } from "../programs/interpreters.ts";
import { argvReaderFor } from "../programs/argv-readers.ts";
import { languageOfFileName } from "../programs/file-languages.ts";
import { scriptProgram } from "../programs/script-programs.ts";
import { type ArgvReading, readArgv, type RoledArg, scriptExtension } from "../programs/read-argv.ts";
import type { ArgRole, ProgramSpec } from "../programs/spec.ts";
import { STARTUP_VARIABLES, type StartupReaders, startupFiles } from "../programs/startup-variables.ts";
import { excerpt, type Analysis } from "./analysis.ts";
import { basename, isUrl, programNameOf } from "./build-command.ts";
import { findExpression, foundPaths, maxDepth } from "./find.ts";
import { importCandidates, relativeImports } from "./local-imports.ts";
import { pythonImportCandidates, pythonModuleFiles } from "./python-imports.ts";
import type { Plan, ShellDialect } from "./plan.ts";
import type { Value } from "../expand/value.ts";
import { pathsPrintedBy } from "./printed-kind.ts";
import type { RedirectTarget, RunContext } from "./run-context.ts";
import { directoryAt } from "./builtins.ts";
import { type Cwd, nestedIn, returnDirectory, type State, type Stdin } from "./state.ts";
import { readZsh } from "./zsh-script.ts";

type Planner = {
  name: string;
  spec: ProgramSpec | undefined;
  /** The spec of the subcommand that applies (`cockroach sql`), else the program's: what it does with stdin and scripts. */
  level: ProgramSpec | undefined;
  args: readonly Field[];
  context: RunContext;
  analysis: Analysis;
  state: State;
  plan: Plan;
  /**
   * What the texts so far left set, which the next ones see (one session runs them all in order): psql's `\\set`
   * lines of its `-c` and `-f` texts; vim's `:set` of the programs it runs (`-c 'set shell=X' -c shell`).
   */
  sessionSettings: string;
};

export function planLaunches(name: string, spec: ProgramSpec | undefined, program: Field, args: readonly Field[], context: RunContext, analysis: Analysis, state: State): Plan {
  const reader = argvReaderFor(name);
  const reading = name === "find" ? readFind(spec, args) : reader ? reader(name, args, spec, analysis.budget) : readArgv(spec, args);
  const planner: Planner = {
    name,
    spec,
    level: reading.spec ?? spec,
    args,
    context,
    analysis,
    state,
    plan: { reading, launches: [], code: [], remoteCode: false, executes: [] },
    sessionSettings: "",
  };
  planProgramFile(planner, singleValue(program));
  if (inCategory(name, "shell")) planShell(planner);
  else if (name === "find") planFind(planner);
  else if (name === "fd" || name === "fdfind") planFd(planner);
  else if (name === "xargs") planXargs(planner);
  else if (name === "parallel") planParallel(planner);
  else if (name === "watch") planWatch(planner);
  else planCarried(planner);
  planModuleProgram(planner);
  if (name === "git") planGit(planner);
  if (name === "compgen" || name === "complete") planCompletion(planner);
  for (const arg of reading.roled) planRoled(planner, arg);
  if (startsShellOnStdin(planner)) planShellInput(planner);
  planStdinProgram(planner);
  planFileList(planner);
  planEnvironment(planner);
  planStartup(planner);
  planFetchedArguments(planner);
  const cwd = launchDirectory(planner);
  if (cwd) planner.plan.cwd = cwd;
  return planner.plan;
}

/**
 * `env -C ~ rm -rf x`, `sudo -D / …`, `parallel --wd DIR`: what the command runs starts in the option's directory;
 * `su - -c …`, `sudo -i …`: in a user's home, whose the input does not say (`startsIn` of the program's knowledge).
 */
function launchDirectory({ level, spec, plan, args, analysis, state }: Planner): Cwd | undefined {
  const where = level?.startsIn ?? spec?.startsIn;
  if (!where) return undefined;
  const option = plan.reading.roled.findLast((arg) => arg.option !== undefined && (where.options ?? []).includes(arg.option));
  const login = where.loginFlags ?? [];
  if (plan.reading.flags.some((flag) => login.includes(flag)) || (login.includes("-") && args.some((arg) => singleValue(arg) === "-"))) return { kind: "unknown" };
  return option ? directoryAt(option.field, analysis, state) : undefined;
}

export function runLaunches(plan: Plan, _index: number, analysis: Analysis, state: State, inherited: readonly RedirectTarget[] = []) {
  for (const launch of plan.launches) {
    if (launch.kind === "unresolved") {
      analysis.problem(state, launch.reason);
      continue;
    }
    if (launch.kind === "shell" && launch.atExit) {
      analysis.atExit.push({ text: launch.text, via: launch.via, state });
      continue;
    }
    if (!analysis.canNest(state)) return;
    const hooked = state.hooked || launch.hook === true;
    const fromCode = state.fromCode || (launch.kind === "shell" && launch.fromCode === true);
    if (launch.kind === "shell") {
      // Files that source each other (`. ./env.sh` in a file env.sh sources) loop at run time, most often stopped by
      // a guard variable: each text is judged again a bounded number of times, never nested until the analysis gives up.
      const running = launch.file === undefined ? state.running : [...(state.running ?? []), launch.file];
      if (launch.file !== undefined && (running ?? []).filter((file) => file === launch.file).length > MAX_FILE_REENTRIES) continue;
      const inner = nestedIn(state, launch.via, {
        ...(plan.cwd ? { cwd: plan.cwd } : {}),
        stdin: launch.stdin ?? { kind: "none" },
        hooked,
        fromCode,
        ...(launch.positional ? { positional: launch.positional } : {}),
        ...(running ? { running } : {}),
      });
      // What a helper prints is read by the program, as a substitution's output is by the shell.
      if (launch.outputRead) inner.captured = state.captured + 1;
      if (launch.sourced) shareDefinitions(inner, state);
      // A script run by its path: bash's $BASH_SOURCE names it as $0 does (`cd "$(dirname "${BASH_SOURCE[0]}")"`).
      const scriptName = launch.file !== undefined ? launch.positional?.[0] : undefined;
      if (scriptName) inner.vars.set("BASH_SOURCE", { values: scriptName.values, known: scriptName.known, sources: [] });
      const walked = analysis.walker.walkSource(launch.dialect === "zsh" ? zshText(launch.text, analysis, inner) : launch.text, analysis, inner);
      if (launch.sourced) returnDirectory(walked, state);
      continue;
    }
    const cwd = launch.cwd ?? plan.cwd;
    const inner = nestedIn(state, launch.via, { stdin: launch.stdin, hooked, fromCode, ...(cwd ? { cwd } : {}) });
    // A wrapped command shares the directory and variables of its wrapper's statement.
    inner.vars = state.vars;
    if (launch.sameShell) shareDefinitions(inner, state);
    analysis.walker.runCommand(launch.words, { redirects: inherited, env: launch.env ?? new Map(), stdin: launch.stdin, unseenArgs: launch.unseenArgs }, analysis, inner);
    if (launch.sameShell) returnDirectory(inner, state);
  }
}

/** A zsh text as bash reads it; the lines bash's grammar cannot read are unseen code, a text with too many of them unresolved. */
function zshText(text: string, analysis: Analysis, state: State): string {
  const reading = readZsh(text, analysis.budget);
  for (const part of reading.unread) analysis.unseen(state, part);
  if (reading.problem !== undefined) analysis.problem(state, reading.problem);
  return reading.text;
}

/** A sourced file runs in its caller's shell: the variables, functions and aliases it defines are the caller's. */
function shareDefinitions(inner: State, caller: State) {
  inner.vars = caller.vars;
  inner.functions = caller.functions;
  inner.aliases = caller.aliases;
}

/**
 * `sudo -s`, `sudo -i`, `doas -s`, `su` with no command: a shell starts, and reads its commands from stdin
 * (`curl … | sudo -s` runs the download).
 */
function startsShellOnStdin({ name, plan }: Planner): boolean {
  const reading = plan.reading;
  if ((reading.carried?.words.length ?? 0) > 0) return false;
  if (name === "sudo" || name === "doas") return reading.flags.some((flag) => flag === "-s" || flag === "-i" || flag === "--shell" || flag === "--login");
  if (name === "su" || name === "sudo-su") return !reading.roled.some((arg) => arg.role === "shell");
  // `ssh host` with no command starts the remote login shell, which reads its commands from stdin.
  if (name === "ssh") return reading.roled.some((arg) => arg.role === "host");
  return false;
}

// ---------------------------------------------------------------------------
// Carried commands, by role

function planCarried(planner: Planner) {
  const { plan, name, context, analysis } = planner;
  const carried = plan.reading.carried;
  const entrypoint = entrypointOf(plan.reading);
  if (!carried && !entrypoint) return;
  const option = entrypoint?.option ?? carried?.option;
  const via = [name, ...plan.reading.subcommand, ...(option ? [option] : [])].join(" ");
  if (!carried || carried.kind === "argv") {
    const prefix = entrypoint ? [entrypoint.field] : (plan.reading.spec?.carriedPrefix ?? []).map((word) => literalField(word));
    const words = [...prefix, ...scriptInterpreter(plan.reading.spec, carried?.words[0]), ...(carried?.words ?? [])];
    const sameShell = plan.reading.spec?.sameShell ?? planner.spec?.sameShell;
    plan.launches.push({
      kind: "argv",
      words,
      via,
      unseenArgs: context.unseenArgs,
      stdin: context.stdin,
      env: withAssignments(context.env, plan.reading.assignments),
      ...(sameShell ? { sameShell } : {}),
    });
    return;
  }
  if (carried.kind === "code-words") return addCodeWords(plan, analysis.budget, carried.language, carried.words, via);
  // `eval cd ~` runs in the calling shell: its directory, variables and functions stay as the text leaves them.
  addShellWords(plan, carried.words, via, context.stdin, name === "eval");
}

/** `python -m awscli s3 rb s3://x --force`: the module is a CLI's entry point, which runs with the words after it. */
function planModuleProgram(planner: Planner) {
  const { spec, args, plan, name, context } = planner;
  const programs = spec?.modulePrograms;
  if (!programs) return;
  const at = args.findIndex((arg) => singleValue(arg) === "-m");
  const module = at < 0 || at + 1 >= args.length ? undefined : singleValue(args[at + 1]!);
  const program = module !== undefined && Object.hasOwn(programs, module) ? programs[module] : undefined;
  if (program === undefined) return module === undefined ? undefined : planProjectModule(planner, module);
  plan.launches.push({ kind: "argv", words: [literalField(program), ...args.slice(at + 2)], via: `${name} -m ${module}`, unseenArgs: context.unseenArgs, stdin: context.stdin });
}

/** `python -m tools.gen`: a module of the project runs as its file would (tools/gen.py, or a package's __main__.py). */
function planProjectModule(planner: Planner, module: string) {
  const files = pythonModuleFiles(module);
  const known = files.find((path) => planner.analysis.files.get(path)?.content !== undefined);
  if (known !== undefined) return planFileRun(planner, known, `${planner.name} -m ${module} (written above)`, "python", planner.name);
  for (const path of files) if (!planner.analysis.files.has(path)) planner.analysis.need({ path, role: "script", optional: true });
}

/** `uv run fix.py`: the interpreter a carried script file runs under, as a word before it (none for a program). */
function scriptInterpreter(spec: ProgramSpec | undefined, first: Field | undefined): Field[] {
  const word = first ? singleValue(first) : undefined;
  if (!spec?.carriedScripts || word === undefined) return [];
  const dot = word.lastIndexOf(".");
  const interpreter = dot > 0 && !word.slice(dot).includes("/") ? spec.carriedScripts[word.slice(dot + 1).toLowerCase()] : undefined;
  return interpreter ? [literalField(interpreter)] : [];
}

/** `env BASH_ENV=x.sh bash …`, `sudo VAR=… cmd`: the wrapper's own assignments are the carried command's environment too. */
function withAssignments(env: ReadonlyMap<string, Value>, assignments: readonly Field[]): Map<string, Value> {
  const merged = new Map(env);
  for (const assignment of assignments) {
    const name = /^([A-Za-z_]\w*)=/.exec(assignment.values[0] ?? "")?.[1];
    if (name === undefined) continue;
    merged.set(name, { values: assignment.values.map((value) => value.slice(name.length + 1)), known: assignment.known, sources: assignment.sources });
  }
  return merged;
}

/** `docker run --entrypoint sh IMAGE -c CMD`: the option naming the program the carried words are handed to. */
function entrypointOf(reading: ArgvReading): RoledArg | undefined {
  const options = reading.spec?.entrypointOptions;
  if (!options) return undefined;
  return reading.roled.findLast((arg) => arg.option !== undefined && options.includes(arg.option));
}

/** `redis-cli DEL key`: the words joined by spaces are one text in the language. */
function addCodeWords(plan: Plan, budget: WorkBudget, language: string, words: readonly Field[], via: string) {
  if (words.length === 0) return;
  const unknown = words.find((word) => singleValue(word) === undefined);
  if (unknown && !readsTemplates(language)) {
    plan.launches.push({ kind: "unresolved", reason: `the ${language} code given to ${via} is only known at run time (${excerpt(unknown.text)})` });
    return;
  }
  addCodeText(plan, budget, language, words.map((word) => singleValue(word) ?? templateText(word)).join(" "), via, via);
}

/**
 * `ssh host rm -rf x`, `eval rm -rf x`: the words joined by spaces are one command line. Set-up code in them
 * (`eval "$(ssh-agent -s)"`) only sets variables and defines functions: the rest of the line is judged.
 */
function addShellWords(plan: Plan, words: readonly Field[], via: string, stdin?: Stdin, sourced = false) {
  if (words.length === 0) return;
  const texts = words.map(shellTextsOf);
  const unknown = words.find((_word, index) => texts[index] === undefined);
  const lines = unknown ? undefined : commandLines(texts as (readonly string[])[]);
  if (lines === undefined) {
    plan.launches.push({ kind: "unresolved", reason: `the command given to ${via} is only known at run time (${excerpt((unknown ?? words[0]!).text)})` });
    return;
  }
  // The command line reads the program's stdin (`ssh host bash -s <<< …`).
  for (const text of lines) plan.launches.push({ kind: "shell", text, via, ...(stdin ? { stdin } : {}), ...(sourced ? { sourced } : {}) });
}

/** Every command line the words may make (each word one of its texts), while they stay few; undefined past that. */
function commandLines(texts: readonly (readonly string[])[]): string[] | undefined {
  let lines = [""];
  for (const [index, options] of texts.entries()) {
    lines = lines.flatMap((line) => options.map((option) => (index === 0 ? option : `${line} ${option}`)));
    if (lines.length > SHELL_LIMITS.maxAlternatives) return undefined;
  }
  return lines;
}

function planRoled(planner: Planner, arg: RoledArg) {
  const from = planner.plan.launches.length;
  planRoledLaunches(planner, arg);
  if (isHookArgument(planner.name, arg)) markHooks(planner.plan, from);
}

/**
 * An option's command, program or script (`tcpdump -z PROG`, `mysql --pager CMD`, `bash --rcfile FILE`), or code in a
 * tool's own language that can escape to the shell (vim's `:!`, psql's `\!`, git settings, sed's `e`): a hook. A
 * language interpreter's code (python, node, awk, R, julia, …) or a shell's is the command it was given, not a hook,
 * and so are a wrapper's operands.
 */
function isHookArgument(name: string, arg: RoledArg): boolean {
  if (Object.hasOwn(INTERPRETERS, programFamily(name))) return false;
  if (arg.role.startsWith("code:") || arg.role.startsWith("code-words:")) return true;
  return arg.option !== undefined && (arg.role === "shell" || arg.role === "shell-helper" || arg.role === "argv" || arg.role === "script");
}

function markHooks(plan: Plan, from: number) {
  for (let index = from; index < plan.launches.length; index++) {
    const launch = plan.launches[index]!;
    if (launch.kind !== "unresolved") plan.launches[index] = { ...launch, hook: true };
  }
}

function planRoledLaunches(planner: Planner, arg: RoledArg) {
  const { plan, name } = planner;
  const subcommand = plan.reading.subcommand.slice(0, arg.depth ?? plan.reading.subcommand.length);
  const via = [name, ...subcommand, ...(arg.option ? [arg.option === "+" ? "+cmd" : arg.option] : [])].join(" ");
  switch (arg.role) {
    case "shell":
      // `trap 'rm -rf "$tmp"' EXIT` runs at the end; `trap - EXIT` and `trap '' INT` run nothing.
      if (name === "trap") return singleValue(arg.field) === "-" || singleValue(arg.field) === "" ? undefined : addTrap(plan, arg.field, via);
      // The command line inherits the program's stdin (`curl … | su -c sh`).
      return addShell(plan, arg.field, via, false, planner.context.stdin);
    case "shell-helper":
      return addHelper(plan, arg.field, via);
    case "argv":
      // As an option's role: the value is a program (nc -e /bin/sh, scp -S prog).
      if (arg.option) plan.launches.push({ kind: "argv", words: [arg.field], via, unseenArgs: true, stdin: { kind: "none" } });
      return;
    case "script":
      if (!arg.option) planScriptProgram(planner, arg.field, via);
      return planScript(planner, arg.field, via, scriptExtension(planner.level, arg.field) ?? scriptLanguage(planner.level));
    default:
      if (arg.role.startsWith("code:")) return addCode(planner, arg.role.slice("code:".length), arg.field, via);
  }
}

/**
 * `php artisan tinker --execute …`, `python manage.py dbshell`: a script that is a program the registry describes runs
 * as that program with the words after it (as `./artisan …` would), so its own table reads them.
 */
function planScriptProgram(planner: Planner, field: Field, via: string) {
  const script = singleValue(field);
  const program = script === undefined ? undefined : scriptProgram(planner.name, script);
  const at = planner.args.indexOf(field);
  if (program === undefined || at < 0 || !planner.analysis.programs.spec(program)) return;
  const { context } = planner;
  planner.plan.launches.push({
    kind: "argv",
    words: [literalField(program, field.text), ...planner.args.slice(at + 1)],
    via,
    unseenArgs: context.unseenArgs,
    stdin: context.stdin,
    env: context.env,
  });
}

/** A password command and the like: run as shell, and what it prints is the program's (`restic --password-command 'pass show x'`). */
function addHelper(plan: Plan, field: Field, via: string) {
  const text = singleValue(field);
  if (text === undefined) {
    plan.launches.push({ kind: "unresolved", reason: `the command given to ${via} is only known at run time (${excerpt(field.text)})` });
    return;
  }
  plan.launches.push({ kind: "shell", text, via, outputRead: true });
}

/**
 * A trap's handler is judged when the input has run; a DEBUG, ERR or RETURN trap's also runs in this shell before
 * (or after) the next commands, so what it changes — `trap 'cd ~' DEBUG; rm -rf x` — is the next command's.
 */
function addTrap(plan: Plan, field: Field, via: string) {
  addShell(plan, field, via, true);
  const text = singleValue(field);
  const signals = plan.reading.roled.filter((arg) => arg.field !== field).map((arg) => singleValue(arg.field)?.toUpperCase());
  if (text !== undefined && signals.some((signal) => signal === "DEBUG" || signal === "ERR" || signal === "RETURN"))
    plan.launches.push({ kind: "shell", text, via, sourced: true });
}

function addShell(plan: Plan, field: Field, via: string, atExit = false, stdin?: Stdin) {
  // Each value a loop over literal words gives it (`for c in "make lint" "make test"; do bash -c "$c"; done`).
  const texts = field.known && field.values.length <= SHELL_LIMITS.maxAlternatives ? field.values : [];
  if (texts.length === 0) {
    plan.launches.push({ kind: "unresolved", reason: `the command given to ${via} is only known at run time (${excerpt(field.text)})` });
    return;
  }
  for (const text of texts) plan.launches.push(atExit ? { kind: "shell", text, via, atExit } : { kind: "shell", text, via, ...(stdin ? { stdin } : {}) });
}

/** Code in another language: recorded on the command, and what it amounts to in shell is judged too. */
function addCode(planner: Planner, language: string, field: Field, via: string) {
  const { plan, name, context } = planner;
  const text = singleValue(field) ?? (readsTemplates(language) ? templateText(field) : undefined);
  if (text === undefined) {
    plan.launches.push({ kind: "unresolved", reason: `the ${language} code given to ${via} is only known at run time (${excerpt(field.text)})` });
    return;
  }
  // A TeX engine's operand that is not TeX code names the file it typesets, whose TeX is judged as well when the
  // input wrote it (`\verbatiminput{…}`, `\write18{…}` inside it).
  if (language === "tex" && !/[\\&]/.test(text)) planScript(planner, field, via, "tex");
  addCodeText(plan, planner.analysis.budget, language, `${sessionSettings(planner, language, text, via)}${text}`, via, name, context.stdin);
}

/**
 * What psql has set when this text runs: `-v` options, then the `\\set` lines of the `-c`/`-f` texts before it;
 * the text's own settings are kept for the ones after it. Other clients: nothing.
 */
function sessionSettings(planner: Planner, language: string, text: string, via: string): string {
  if (language === "vim") {
    const before = planner.sessionSettings;
    planner.sessionSettings += vimSettings(text);
    return `${before}${vimCurrentFile(planner, via)}`;
  }
  if (planner.name !== "psql") return "";
  const before = `${clientVariables(planner.plan.reading, planner.name)}${planner.sessionSettings}`;
  planner.sessionSettings += psqlSettings(text);
  return before;
}

/**
 * vim runs `-c` and `+cmd` commands with its first file loaded: a `:file` line names it, for what `%` stands for
 * (`vim -c ':!python3 %' app.py`). `--cmd` runs before any file is loaded.
 */
function vimCurrentFile(planner: Planner, via: string): string {
  if (!via.endsWith(" -c") && !via.endsWith(" +cmd")) return "";
  const first = planner.plan.reading.roled.find((arg) => arg.option === undefined);
  const file = first && singleValue(first.field);
  return file === undefined || file.startsWith("-") ? "" : `file ${file.replace(/[\\\s|"]/g, "\\$&")}\n`;
}

/** `psql -v NAME=VALUE` (`--set`, `--variable`): as `\set` lines before the SQL, which puts the value where `:NAME` is. */
function clientVariables(reading: ArgvReading, name: string): string {
  if (name !== "psql") return "";
  const settings = reading.roled.filter((arg) => arg.option === "-v" || arg.option === "--set" || arg.option === "--variable").map((arg) => singleValue(arg.field));
  return settings
    .map((setting) => /^([A-Za-z_]\w*)=([\s\S]*)$/.exec(setting ?? ""))
    .filter((match) => match !== null)
    .map((match) => `\\set ${match[1]} '${match[2]!.replaceAll("'", "''")}'\n`)
    .join("");
}

/** A double-quoted word with run-time values in it, as its text with the values left as written (`$ID`, `$(…)`). */
function templateText(field: Field): string {
  const quoted = /^"([\s\S]*)"$/.exec(field.text);
  return quoted ? quoted[1]!.replace(/\\(["\\`])/g, "$1") : field.text;
}

function addCodeText(plan: Plan, budget: WorkBudget, language: string, text: string, via: string, interpreter: string, stdin?: Stdin, nested = false) {
  const reading = readLanguage(language, text, interpreter, budget);
  plan.code.push(reading.statements ? { language, text, statements: reading.statements } : { language, text });
  if (reading.lines.length > MAX_CARRIED_LINES)
    plan.launches.push({ kind: "unresolved", reason: `${via}: the ${language} code amounts to more than ${MAX_CARRIED_LINES} commands` });
  for (const line of reading.lines.slice(0, MAX_CARRIED_LINES))
    plan.launches.push({
      kind: "shell",
      text: line.line,
      via: `${via} (${line.label})`,
      fromCode: true,
      ...(line.stdin && stdin ? { stdin } : {}),
      ...(line.outputRead ? { outputRead: true } : {}),
    });
  for (const reason of reading.unresolved) plan.launches.push({ kind: "unresolved", reason: `${via}: ${reason}` });
  // Code inside the code (vim's `:python …`) is read in its own language; it is always shorter, so this ends. A
  // console's input handed on whole to the language it runs (jshell's snippets are Java) may be as long, once.
  for (const inner of reading.code ?? [])
    if (inner.text.length < text.length || (!nested && inner.language !== language))
      addCodeText(plan, budget, inner.language, inner.text, `${via} (${inner.label})`, inner.language, undefined, true);
}

/**
 * The language of a program's script file: what it reads as code on stdin, else the language of its inline code
 * (`awk -f prog` is awk as `awk 'prog'` is, `sed -f` sed, `make -f` make), else shell.
 */
function scriptLanguage(spec: ProgramSpec | undefined): string {
  if (spec?.scriptLanguage) return spec.scriptLanguage;
  const stdin = spec?.stdin;
  if (stdin?.startsWith("code:")) return stdin.slice("code:".length);
  // The program's own code: an operand (`awk 'prog'`, `sed 's/…/'`) or an option for it (`-e`, `--eval`) — not
  // an option's own little language (tar's --checkpoint-action, whose -F script is still a shell script).
  const own = [...(spec?.operands ?? []), ...OWN_CODE_OPTIONS.map((option) => spec?.options?.[option])];
  const code = own.find((role): role is `code:${string}` => typeof role === "string" && role.startsWith("code:"));
  return code ? code.slice("code:".length) : "shell";
}

const OWN_CODE_OPTIONS = ["-e", "--expression", "--eval", "-E"];

/**
 * A script file: judged by its content when the input wrote it, remote code
 * when the input downloaded it (or pipes it in from `<(curl …)`), and not
 * visible otherwise — the guard never reads files.
 */
function planScript(planner: Planner, field: Field, via: string, language: string) {
  const { plan, analysis } = planner;
  if (field.piped) {
    if (field.sources.some((source) => inCategory(analysis.commands[source]?.name ?? "", "downloader"))) plan.remoteCode = true;
    // `source <(kubectl completion bash)`: set-up code, which only sets variables and defines functions.
    else if (field.sources.length > 0 && field.sources.every((source) => analysis.printedKinds.get(source)?.kind === "setup")) return;
    else if (field.sources.length > 0) plan.launches.push({ kind: "unresolved", reason: `${via} runs a script it reads from a pipe, only known at run time` });
    return;
  }
  // Read from stdin: planned with the standard input (`python3 -`), or — `source /dev/stdin` — read as shell here.
  if (namesStdin(field)) {
    if (planner.name === "source" || planner.name === ".") planShellInput(planner);
    // `awk -f - <<< 'BEGIN{system(…)}'`, `sed -f - x`, `make -f -`: the program's own code comes on stdin.
    else if (language !== "shell" || !programReadsStdinAlready(planner)) planStdinScript(planner, language);
    return;
  }
  // `bash /dev/fd/3` after `exec 3<<<…`: a descriptor the input opened earlier, whose content the guard does not follow.
  if (field.values.some((value) => /^\/(?:dev|proc\/self)\/fd\/(?:[3-9]|\d\d+)$/.test(value))) {
    plan.launches.push({ kind: "unresolved", reason: `${via} runs a script it reads from an open file descriptor, only known at run time` });
    return;
  }
  // `deno run https://…`: a program that fetches its script from a URL runs downloaded code.
  if (planner.level?.urlScripts && field.values.some(isUrl)) {
    plan.remoteCode = true;
    return;
  }
  for (const value of field.values) planFileRun(planner, value, `${via} ${value} (written above)`, language, planner.name, new Set(), scriptParameters(planner, field, value));
  // `bash "$OUT/run.sh"` after `> "$OUT/run.sh"`: the same run-time name, judged by what was written to it.
  const pattern = runTimePattern(field);
  const written = pattern === undefined ? undefined : analysis.resolvePath(pattern, planner.state.cwd);
  if (pattern === undefined || written === undefined) return;
  if (analysis.files.has(written)) planFileRun(planner, pattern, `${via} ${field.text} (written above)`, language, planner.name);
  // Written in an earlier call, the session keeps it under the same pattern; nothing there, nothing more is known.
  else analysis.need({ path: written, role: "script", optional: true });
}

/**
 * A file that runs (a script operand, or the program itself): recorded as
 * executed; remote code when the input downloaded it; judged by its content
 * when the input wrote it.
 */
function planFileRun(planner: Planner, file: string, via: string, language: string, interpreter: string, followed: Set<string> = new Set(), parameters?: readonly Field[]) {
  const { plan, analysis, state } = planner;
  const path = analysis.resolvePath(file, state.cwd);
  if (path === undefined) return;
  plan.executes.push(path);
  if (analysis.isDownloaded(path) && !loadsDatabaseStatements(language) && !confined(planner)) plan.remoteCode = true;
  const written = analysis.files.get(path);
  if (!written) return needFile(analysis, path, interpreter === file);
  // A file from an earlier call or the disk: the reason says where its text came from.
  if (written.given !== undefined) {
    analysis.usedGiven(path, written.given);
    via = via.replace("(written above)", `(${written.given})`);
  }
  if (written.content !== undefined) {
    // `ed FILE < script.ed`: the script's bare `w` writes FILE, as with a heredoc.
    const settings = language === "sql" ? sessionSettings(planner, language, written.content, "") : language === "ed" ? editedFile(plan.reading, "code:ed") : "";
    addScriptContent(plan, analysis.budget, `${settings}${written.content}`, via, language, interpreter, path, parameters);
    const actual = scriptLanguageOf(written.content, language, interpreter, path);
    if (actual === "node") planLocalImports(planner, path, written.content, interpreter, followed);
    if (actual === "python") planPythonImports(planner, path, written.content, interpreter, followed);
  }
  // `echo $B64 | base64 -d > x.sh; sh x.sh`: the input made this script from output only the run knows.
  // (A program a compiler wrote, `gcc -o app … && ./app`, is not printed into: it runs as any program does.)
  else if (written.printed && !written.downloaded) plan.launches.push({ kind: "unresolved", reason: `${via} runs a script the input wrote from output only known at run time` });
}

/**
 * The project modules a JavaScript file loads by a relative name run with it: each found among the files the analysis
 * knows (written above, in an earlier call, or on disk) is judged as part of the run. One that is not known is asked
 * for in its likeliest spellings (optional: a name may be a directory, a package or a generated file).
 */
function planLocalImports(planner: Planner, importer: string, content: string, interpreter: string, followed: Set<string>) {
  followed.add(importer);
  for (const name of relativeImports(content)) {
    if (followed.size >= MAX_FOLLOWED_IMPORTS) return;
    const candidates = importCandidates(importer, name);
    const known = candidates.find((candidate) => planner.analysis.files.has(candidate));
    if (known === undefined) {
      for (const candidate of candidates.slice(0, MAX_IMPORT_CANDIDATES_ASKED)) planner.analysis.need({ path: candidate, role: "script", optional: true });
      continue;
    }
    if (followed.has(known)) continue;
    planFileRun(planner, known, `${interpreter} ${importer} imports ${name} (written above)`, "node", interpreter, followed);
  }
}

/**
 * The project's Python modules a script imports run with it (python-imports.ts): each found among the files the
 * analysis knows is judged as part of the run; one not known is asked for, optional (most names are packages).
 */
function planPythonImports(planner: Planner, importer: string, content: string, interpreter: string, followed: Set<string>) {
  followed.add(importer);
  for (const candidates of pythonImportCandidates(importer, content)) {
    if (followed.size >= MAX_FOLLOWED_IMPORTS) return;
    const known = candidates.find((candidate) => planner.analysis.files.get(candidate)?.content !== undefined);
    if (known === undefined) {
      for (const candidate of candidates.slice(0, MAX_IMPORT_CANDIDATES_ASKED))
        if (!planner.analysis.files.has(candidate)) planner.analysis.need({ path: candidate, role: "script", optional: true });
      continue;
    }
    if (followed.has(known)) continue;
    planFileRun(planner, known, `${interpreter} ${importer} imports ${known} (written above)`, "python", interpreter, followed);
  }
}

/** A script or program file nobody has shown the input: an interpreter's script, or a program by a path (one outside the project is a program like any other). */
function needFile(analysis: Analysis, path: string, program: boolean) {
  if (program) analysis.need(path.startsWith("/") ? { path, role: "program", optional: true } : { path, role: "program" });
  else analysis.need({ path, role: "script" });
}

/** A script without a shebang given to a program that is not a shell (`bun run build.ts`) is in the language its name says. */
function scriptLanguageOf(content: string, language: string, interpreter: string, path: string | undefined): string {
  if (language !== "shell") return language;
  const named = languageOfScript(content);
  if (named !== "shell" || content.startsWith("#!") || path === undefined || inCategory(basename(interpreter), "shell")) return named;
  return languageOfFileName(path)?.language ?? named;
}

function addScriptContent(plan: Plan, budget: WorkBudget, content: string, via: string, language: string, interpreter: string, path?: string, parameters?: readonly Field[]) {
  const actual = scriptLanguageOf(content, language, interpreter, path);
  const sourced = interpreter === "source" || interpreter === ".";
  // `source x.sh` / `. x.sh` runs the file in the caller's shell: what it sets stays set after it.
  if (actual === "shell")
    plan.launches.push({
      kind: "shell",
      text: content,
      via,
      ...(sourced ? { sourced: true } : {}),
      ...(path !== undefined ? { file: path } : {}),
      ...(parameters && !sourced ? { positional: parameters } : {}),
      ...dialectOf(scriptShell(content, interpreter, path)),
    });
  else addCodeText(plan, budget, actual, path === undefined ? content : withScriptDirectory(actual, content, posix.dirname(path)), via, interpreter);
}

/** The shell a script file is read by: the one it is given to, or — run by its own path — the one its `#!` line names. */
function scriptShell(content: string, interpreter: string, path: string | undefined): string {
  const runByPath = path !== undefined && interpreter.includes("/");
  if (!runByPath) return interpreter;
  return zshShebang(content) ? "zsh" : "sh";
}

/** A shell text for zsh is read with zsh's grammar (zsh-script.ts); any other shell's with bash's. */
function dialectOf(shell: string): { dialect?: ShellDialect } {
  return readsZsh(shell) ? { dialect: "zsh" } : {};
}

/** `./install.sh`, `/tmp/x`: a program the input wrote or downloaded. */
function planProgramFile(planner: Planner, program: string | undefined) {
  if (program === undefined || !program.includes("/")) return;
  planFileRun(planner, program, `${program} (written above)`, "shell", program, new Set(), [literalField(program), ...planner.args]);
}

/**
 * `bash scripts/clean.sh a b`: the script's $0 is its path as typed and $1… the words after it, so
 * `cd "$(dirname "$0")/.."` goes where the script lies. Only for a shell given the script as its operand.
 */
function scriptParameters(planner: Planner, field: Field, value: string): readonly Field[] | undefined {
  if (!inCategory(planner.name, "shell") || field.values.length !== 1) return undefined;
  const at = planner.args.indexOf(field);
  return at < 0 ? undefined : [literalField(value, field.text), ...planner.args.slice(at + 1)];
}

/** An interpreter given no program reads it from stdin: a heredoc is judged, a download is remote code, a pipe is unknown. */
function planStdinProgram(planner: Planner) {
  const { level, plan, context, name } = planner;
  const language = level?.stdin;
  if (!language || inCategory(name, "shell") || programGiven(plan.reading)) return;
  if (language === "shell") return planShellInput(planner);
  if (!language.startsWith("code:")) return;
  const stdin = context.stdin;
  if (stdin.kind === "text")
    addCodeText(
      plan,
      planner.analysis.budget,
      language.slice("code:".length),
      `${clientVariables(plan.reading, name)}${editedFile(plan.reading, language)}${stdin.text}`,
      `${name} <<input`,
      name,
    );
  else planPipedProgram(planner);
}

/** `ed FILE`: the file its commands work on, named first as ed's `f FILE` would, so a bare `w` writes it. */
function editedFile(reading: ArgvReading, language: string): string {
  if (language !== "code:ed") return "";
  const operand = reading.roled.find((arg) => arg.option === undefined && arg.role === "read");
  const file = operand ? singleValue(operand.field) : undefined;
  return file === undefined || file.includes("\n") ? "" : `f ${file}\n`;
}

function programGiven(reading: ArgvReading): boolean {
  if (reading.carried) return true;
  // A script named `-` or /dev/stdin is the standard input (`python3 -`, `crontab -`, `psql -f /dev/stdin`).
  return reading.roled.some((arg) => (arg.role === "script" && !namesStdin(arg.field)) || arg.role.startsWith("code:") || arg.role === "shell" || arg.role === "shell-words");
}

/** The names of the standard input as a file: `-`, and the device paths that reach it (`psql -f /dev/stdin`). */
const STDIN_NAMES = new Set(["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]);

function namesStdin(field: Field): boolean {
  const value = singleValue(field);
  return value !== undefined && STDIN_NAMES.has(value);
}

/** `at now <<< 'cmd'`, `sh < script`, `cat x | bash`. */
/** Whether the stdin is already planned as this program's code (a shell or an interpreter given no program). */
function programReadsStdinAlready({ level, name }: Planner): boolean {
  return inCategory(name, "shell") || (level?.stdin?.startsWith("code:") ?? false) || level?.stdin === "shell";
}

/** A script read from stdin: the text of a heredoc or here-string as code, a download as remote code, a pipe as unknown. */
function planStdinScript(planner: Planner, language: string) {
  const { context, plan, name } = planner;
  if (context.stdin.kind !== "text") return planPipedProgram(planner);
  if (language === "shell") plan.launches.push({ kind: "shell", text: context.stdin.text, via: `${name} <<input` });
  else addCodeText(plan, planner.analysis.budget, language, context.stdin.text, `${name} <<input`, name);
}

function planShellInput(planner: Planner) {
  const { context, plan, name } = planner;
  const stdin = context.stdin;
  // `source /dev/stdin <<< 'cd ~'` runs the text in the calling shell.
  const sourced = name === "source" || name === ".";
  if (stdin.kind === "text") plan.launches.push({ kind: "shell", text: stdin.text, via: `${name} <<input`, ...(sourced ? { sourced } : {}), ...dialectOf(name) });
  else planPipedProgram(planner);
}

/** Run with a flag that keeps the code it reads from running anything on this machine (`sqlite3 -safe`). */
function confined({ spec, plan }: Planner): boolean {
  return spec?.confinedBy?.some((flag) => plan.reading.flags.includes(flag)) === true;
}

function planPipedProgram(planner: Planner) {
  const { context, plan, name, analysis } = planner;
  const stdin = context.stdin;
  if (stdin.kind === "file") {
    planScript(planner, literalField(stdin.path), `${name} <`, scriptLanguage(planner.level));
    return;
  }
  if (stdin.kind !== "pipe") return;
  if (stdin.remote) {
    // Confined (`curl … | sqlite3 -safe dev.db`), the download fills the database and runs nothing here.
    if (confined(planner)) return;
    plan.remoteCode = true;
    plan.launches.push({ kind: "unresolved", reason: `${name} runs commands downloaded from the network` });
    return;
  }
  // `cat snippet.py | python3 -`: the file cat prints is asked for; known, the pipe carries its text next time.
  for (const source of stdin.sources) {
    const printer = analysis.commands[source];
    if (printer?.name === "cat") for (const path of printer.reads) analysis.dataText(path);
  }
  plan.launches.push({ kind: "unresolved", reason: `${name} runs commands it reads from a pipe, only known at run time` });
}

/** GIT_SSH_COMMAND=… git fetch, LESSOPEN, PAGER: environment variables the program runs. */
function planEnvironment(planner: Planner) {
  const { spec, context, state, plan, name } = planner;
  if (!spec?.env) return;
  for (const [variable, role] of Object.entries(spec.env)) {
    const value = context.env.get(variable) ?? state.vars.get(variable);
    if (!value) continue;
    const field: Field = { text: `$${variable}`, values: value.values, known: value.known, pattern: false, sources: value.sources };
    planEnvironmentValue(planner, field, role, `${name} ${variable}`);
  }
  void plan;
}

/** A variable the program reads a command, a program or a script from (`GIT_SSH_COMMAND`, `LESSOPEN`, `BASH_ENV`): a hook. */
function planEnvironmentValue(planner: Planner, field: Field, role: ArgRole, via: string) {
  const from = planner.plan.launches.length;
  planEnvironmentLaunches(planner, field, role, via);
  markHooks(planner.plan, from);
}

function planEnvironmentLaunches(planner: Planner, field: Field, role: ArgRole, via: string) {
  const { plan } = planner;
  if (role === "shell") return addShell(plan, field, via);
  if (role === "shell-helper") return addHelper(plan, field, via);
  if (role === "script") return planScript(planner, field, via, "shell");
  if (role === "argv") return void plan.launches.push({ kind: "argv", words: [field], via, unseenArgs: true, stdin: { kind: "none" } });
  if (role.startsWith("code:")) return addCode(planner, role.slice("code:".length), field, via);
}

/** `bash -c "$(curl …)"`, `python -c "$(wget -O- …)"`: code fetched into the arguments of an interpreter. */
function planFetchedArguments({ spec, args, analysis, plan, name }: Planner) {
  if (!spec?.stdin && !inCategory(name, "shell") && name !== "eval" && name !== "source" && name !== ".") return;
  const fetched = args.some((field) => field.sources.some((source) => inCategory(analysis.commands[source]?.name ?? "", "downloader")));
  if (fetched) plan.remoteCode = true;
}

// ---------------------------------------------------------------------------
// Programs that need more than their table

/**
 * What a program runs before its own work because a variable names a file (issue 26, issue 28): BASH_ENV, ENV,
 * NODE_OPTIONS' --require, RUBYOPT's -r, PERL5OPT's modules, PYTHONSTARTUP (programs/startup-variables.ts). The
 * file runs as `INTERPRETER FILE` would, through a hook: a script written above is judged by its text, one kept in
 * a temporary directory asks as any hook's does.
 */
function planStartup(planner: Planner) {
  const { context, state, name } = planner;
  for (const [variable, startup] of Object.entries(STARTUP_VARIABLES)) {
    if (!readsStartup(planner, startup.readers)) continue;
    // The interpreter started for the file is not asked again for the same variable.
    if (state.via.at(-1)?.endsWith(` ${variable}`)) continue;
    // A shell variable that was not exported does not reach the program: judging it anyway errs on the safe side.
    const value = context.env.get(variable) ?? state.vars.get(variable);
    if (!value) continue;
    // Options added to what the environment already holds (`NODE_OPTIONS="$NODE_OPTIONS --max-old-space-size=4096"`):
    // the text after the unknown part is certain and read; the unknown part is taken for the options inherited.
    const texts = value.known ? value.values : startup.files.kind !== "file" && value.suffix !== undefined ? [value.suffix] : undefined;
    if (texts === undefined) {
      planner.plan.launches.push({ kind: "unresolved", reason: `${name} ${variable}: the start-up file is only known at run time` });
      continue;
    }
    if (value.sources.length > 0 && startup.files.kind === "file") {
      // `BASH_ENV=<(curl …)`: a file made by a command, planned as any script read from a pipe is.
      const field: Field = { text: `$${variable}`, values: value.values, known: value.known, pattern: false, sources: value.sources };
      planEnvironmentValue(planner, field, "script", `${name} ${variable}`);
      continue;
    }
    const perlLib = (context.env.get("PERL5LIB") ?? state.vars.get("PERL5LIB"))?.values[0];
    const files = texts.flatMap((text) => startupFiles(startup.files, text, perlLib));
    const from = planner.plan.launches.length;
    const env = new Map(context.env);
    env.delete(variable);
    for (const file of files) {
      planner.plan.launches.push({
        kind: "argv",
        words: [literalField(startup.interpreter), literalField(file)],
        via: `${name} ${variable}`,
        unseenArgs: false,
        stdin: { kind: "none" },
        env,
      });
    }
    markHooks(planner.plan, from);
  }
}

function readsStartup({ name, plan }: Planner, readers: StartupReaders): boolean {
  if (readers.kind === "any") return true;
  if (readers.kind === "shell") return inCategory(name, "shell");
  if (programFamily(name) !== readers.family) return false;
  return plan.reading.flags.includes("-i") || (plan.reading.operands.length === 0 && !plan.reading.roled.some((arg) => arg.option === "-c" || arg.option === "-m"));
}

/** `bash -c CMD a0 a1`, `bash script a1`, `bash` (stdin), `bash -s args` (stdin). */
function planShell(planner: Planner) {
  const { plan, name } = planner;
  const operands = plan.reading.roled.filter((arg) => arg.option === undefined);
  // The roles the table gave (a script) do not apply when -c takes the first operand.
  plan.reading.roled = plan.reading.roled.filter((arg) => arg.option !== undefined);
  if (plan.reading.flags.includes("-c")) {
    const [code] = operands;
    if (!code) return;
    // Each value a loop over literal words gives it (`for c in "make lint" "make test"; do bash -c "$c"; done`).
    const texts = code.field.known && code.field.values.length <= SHELL_LIMITS.maxAlternatives ? code.field.values : [];
    // Every word after the code is $0, $1, … as written (`bash -c '"$@"' _ rm -rf x`: -rf is not bash's option);
    // without them $0 is the shell's name and there are no parameters.
    const positional = planner.args.slice(planner.args.indexOf(code.field) + 1);
    if (texts.length === 0) plan.launches.push({ kind: "unresolved", reason: `the code given to ${name} -c is only known at run time (${excerpt(code.field.text)})` });
    for (const text of texts)
      plan.launches.push({
        kind: "shell",
        text,
        via: `${name} -c`,
        positional: positional.length > 0 ? positional : [literalField(name)],
        stdin: planner.context.stdin,
        ...dialectOf(name),
      });
    return;
  }
  const [script, ...rest] = operands;
  if (script && !plan.reading.flags.includes("-s") && !namesStdin(script.field)) {
    // Planned with the other roled arguments (planRoled → planScript), once.
    plan.reading.roled.push({ field: script.field, role: "script" }, ...rest.map((arg) => ({ field: arg.field, role: "path" as const })));
    return;
  }
  planShellInput(planner);
}

/** find's starting points are paths; its expression holds options, patterns and the commands of -exec. */
function readFind(spec: ProgramSpec | undefined, args: readonly Field[]): ArgvReading {
  const { points, expression, execs } = findExpression(args);
  const reading = readArgv(spec, expression);
  // With -exec, what find finds is handed to a command that most likely reads it (`find ~/.ssh -exec cat {} \;`);
  // a reader given everything find finds, by no name, reads the whole tree (`find ~ -type f -exec cat {} +`).
  const startRole = execs.length > 0 ? ("read" as const) : ("path" as const);
  // With -maxdepth 0 it hands over only the starting points, never what is below them.
  const tree =
    execs.some((exec) => FIND_TREE_READERS.has(basename(singleValue(exec.words[0] ?? literalField("")) ?? ""))) &&
    !reading.flags.some((flag) => FIND_NAME_TESTS.has(flag)) &&
    maxDepth(expression) !== 0;
  reading.roled = [...points.map((field) => ({ field, role: startRole, ...(tree ? { tree: true as const } : {}) })), ...reading.roled.filter((arg) => arg.option !== undefined)];
  reading.operands = [...points.map((field) => field.values[0] ?? field.text), ...reading.operands];
  for (const exec of execs) reading.flags.push(exec.option);
  return reading;
}

/** Programs that read or send the content of the files find hands them. */
const FIND_TREE_READERS = new Set([
  "cat",
  "tac",
  "head",
  "tail",
  "less",
  "more",
  "strings",
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "base64",
  "xxd",
  "od",
  "hexdump",
  "cp",
  "rsync",
  "scp",
  "tar",
  "zip",
  "curl",
  "sh",
  "bash",
  "zsh",
  "dash",
  "awk",
  "sed",
  "openssl",
  "gpg",
  "python",
  "python3",
  "perl",
  "ruby",
  "node",
]);

/** Tests that pick files by name: with one, find hands over those files, not the whole tree. */
const FIND_NAME_TESTS = new Set(["-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname"]);

/**
 * find -exec/-execdir/-ok CMD … {}: CMD runs on what find finds — `{}` stands for paths under the starting
 * points (see find.ts); -execdir runs it beside each one, still under them. When a starting point is only
 * known at run time, so are the paths.
 */
function planFind({ plan, args, analysis, state }: Planner) {
  const { points, expression, execs } = findExpression(args);
  const found = foundPaths(points, expression, analysis, state);
  for (const exec of execs) {
    if (exec.words.length === 0) continue;
    const words = exec.words.map((word) => foundPathWord(word, found));
    const cwd = exec.option.endsWith("dir") ? execdirDirectory(points, analysis, state) : undefined;
    plan.launches.push({ kind: "argv", words, via: `find ${exec.option}`, unseenArgs: found === undefined, stdin: { kind: "none" }, ...(cwd ? { cwd } : {}) });
  }
}

/**
 * `find ~ -execdir rm -rf Documents \;` runs in the directories of what it finds: below the starting point, taken
 * as the starting point itself. Inside the project the command's own directory stands for it (a relative path
 * stays inside either way, and the found paths are written from there); several starting points: unknown.
 */
function execdirDirectory(points: readonly Field[], analysis: Analysis, state: State): Cwd | undefined {
  if (points.length !== 1) return { kind: "unknown" };
  const start = directoryAt(points[0]!, analysis, state);
  if (start.kind === "project" && !start.relative.startsWith("..")) return undefined;
  return start;
}

/** fd's options that run a command on what it finds: the rest of the line, up to `;`, is the command. */
const FD_EXEC = new Set(["-x", "--exec", "-X", "--exec-batch"]);

/** fd's options that take a value (the rest of its words are the pattern and the folders to search). */
const FD_VALUE_OPTIONS = new Set([
  "-e",
  "--extension",
  "-t",
  "--type",
  "-d",
  "--max-depth",
  "--min-depth",
  "--exact-depth",
  "-E",
  "--exclude",
  "-S",
  "--size",
  "-j",
  "--threads",
  "-c",
  "--color",
  "--changed-within",
  "--changed-before",
  "-o",
  "--owner",
  "--base-directory",
  "--search-path",
  "--max-results",
  "--ignore-file",
  "--path-separator",
  "--format",
]);

/**
 * `fd PATTERN DIR -x CMD …` / `-X CMD …`: CMD runs on what fd finds under DIR (the current folder without one),
 * `{}` (and `{/}`, `{//}`, `{.}`, `{/.}`) standing for a found path; with no placeholder the path is appended.
 */
function planFd({ plan, args }: Planner) {
  const words = args.map(singleValue);
  const at = words.findIndex((word) => word !== undefined && FD_EXEC.has(word));
  if (at < 0) return;
  const end = words.indexOf(";", at + 1);
  const command = args.slice(at + 1, end < 0 ? undefined : end);
  const operands: Field[] = [];
  for (let index = 0; index < at; index++) {
    const word = words[index];
    if (word !== undefined && FD_VALUE_OPTIONS.has(word)) index++;
    else if (word === undefined || !word.startsWith("-")) operands.push(args[index]!);
  }
  const roots = operands.slice(1);
  const found = roots.length === 0 ? ["./**"] : roots.flatMap((root) => (root.known ? root.values.map((value) => `${value.replace(/\/$/, "")}/**`) : []));
  const unseen = roots.some((root) => !root.known);
  const paths: Field = { text: "(paths fd finds)", values: found, known: !unseen, pattern: true, sources: [] };
  const placeholder = command.some((word) => /\{[/.]*\}/.test(singleValue(word) ?? ""));
  const launched = placeholder ? command.map((word) => (/\{[/.]*\}/.test(singleValue(word) ?? "") ? paths : word)) : [...command, paths];
  if (launched.length > 0) plan.launches.push({ kind: "argv", words: launched, via: `fd ${words[at]}`, unseenArgs: unseen, stdin: { kind: "none" } });
}

/** A word of a command find runs, with `{}` as the paths found (`{}` inside a word too: `{}.bak`). */
function foundPathWord(word: Field, found: readonly string[] | undefined): Field {
  const text = singleValue(word);
  if (text === undefined || !text.includes("{}")) return word;
  if (found === undefined) return unknownField(text);
  return { text: word.text, values: found.map((path) => text.replaceAll("{}", path)), known: true, pattern: true, sources: word.sources };
}

/**
 * A program reading the files its stdin names (`find ~/.ssh | cpio -o`): the files are read as `cat` reads them —
 * their contents go out on its output too — when the pipe's paths or the text's lines show them, as xargs's are.
 */
function planFileList({ plan, context, analysis, level, name }: Planner) {
  const flags = level?.readsFileList?.withFlags;
  if (!flags?.some((flag) => plan.reading.flags.includes(flag))) return;
  const stdin = context.stdin;
  const via = `${name} (files named on stdin)`;
  const printed = stdin.kind === "pipe" ? pathsPrintedBy(stdin.sources, analysis) : undefined;
  const files: Field | undefined =
    printed?.kind === "paths"
      ? { text: "(paths from the pipe)", values: printed.patterns, known: true, pattern: true, sources: [] }
      : stdin.kind === "text"
        ? { text: "(paths from the input)", values: stdin.text.split("\n").filter((line) => line !== ""), known: true, pattern: false, sources: [] }
        : undefined;
  if (files === undefined || files.values.length === 0) return;
  plan.launches.push({ kind: "argv", words: [literalField("cat"), literalField("--"), files], via, unseenArgs: false, stdin: { kind: "none" } });
}

/** xargs runs its command with words from stdin: known when stdin is (echo … | xargs rm). */
function planXargs(planner: Planner) {
  const { plan, context, analysis } = planner;
  const command = plan.reading.carried?.words ?? [literalField("echo")];
  plan.reading.carried = undefined;
  const stdin = context.stdin;
  const replace = optionValue(plan.reading, ["-I", "--replace", "-i"]);
  const fromFile = plan.reading.roled.some((arg) => arg.option === "-a" || arg.option === "--arg-file");
  // `find … -print0 | xargs -0 rm`: the items are the paths find found.
  const printed = stdin.kind === "pipe" && !fromFile ? pathsPrintedBy(stdin.sources, analysis) : undefined;
  if (printed?.kind === "paths") {
    const paths: Field = { text: "(paths from the pipe)", values: printed.patterns, known: true, pattern: true, sources: [] };
    const words = replace === undefined ? [...command, paths] : command.map((word) => replacedWord(word, replace, printed.patterns));
    plan.launches.push({ kind: "argv", words, via: "xargs", unseenArgs: false, stdin: { kind: "none" } });
    return;
  }
  const listed = fromFile || stdin.kind === "file" ? listFileText(planner, fromFile) : stdin.kind === "text" ? stdin.text : undefined;
  if (listed === undefined) {
    // `curl … | xargs -I{} sh -c {}`: the downloaded text becomes the words of a shell or interpreter.
    if (stdin.kind === "pipe" && stdin.remote && !fromFile && runsCode(command, analysis)) plan.remoteCode = true;
    if (runsItemsAsCode(command, replace)) {
      plan.launches.push({ kind: "unresolved", reason: "xargs runs what its input holds as code, and the input is only known at run time" });
      return;
    }
    const words = stdin.kind === "pipe" && !fromFile ? fedByPipe(command, replace, stdin.sources) : command;
    plan.launches.push({ kind: "argv", words, via: "xargs", unseenArgs: true, stdin: { kind: "none" } });
    return;
  }
  const items = replace !== undefined || plan.reading.flags.includes("-L") ? listed.split("\n").filter((line) => line !== "") : splitXargsItems(listed);
  if (replace !== undefined) {
    // One command per item: past the limit an item would go unjudged.
    if (items.length > SHELL_LIMITS.maxAlternatives) {
      plan.launches.push({ kind: "unresolved", reason: `xargs is given more than ${SHELL_LIMITS.maxAlternatives} items, each a command of its own` });
      return;
    }
    for (const item of items) {
      const words = command.map((word) => (word.known && word.values.length === 1 ? literalField(word.values[0]!.replaceAll(replace, item), word.text) : word));
      plan.launches.push({ kind: "argv", words, via: "xargs", unseenArgs: false, stdin: { kind: "none" } });
    }
    return;
  }
  plan.launches.push({ kind: "argv", words: [...command, ...items.map((item) => literalField(item))], via: "xargs", unseenArgs: false, stdin: { kind: "none" } });
}

/**
 * `xargs CMD < list.txt`, `xargs -a list.txt CMD`: the list's text when the input wrote it or it was given (the
 * session's memory, the disk); asked for otherwise, so a list on disk is judged as the words it holds.
 */
function listFileText({ plan, context, analysis, state }: Planner, fromFile: boolean): string | undefined {
  const named = fromFile ? plan.reading.roled.find((arg) => arg.option === "-a" || arg.option === "--arg-file") : undefined;
  const text = named ? singleValue(named.field) : context.stdin.kind === "file" ? context.stdin.path : undefined;
  return text === undefined ? undefined : analysis.dataText(analysis.resolvePath(text, state.cwd));
}

/**
 * What xargs reads from a pipe becomes its command's arguments, so the data
 * flows on into that command (`env | xargs -I{} curl …?d={}` sends the
 * environment): the words holding the -I placeholder carry the pipe's
 * sources, or, without -I (the items go after the last word), the program word.
 */
function fedByPipe(command: readonly Field[], replace: string | undefined, sources: readonly number[]): Field[] {
  if (sources.length === 0) return [...command];
  const fed = (word: Field): Field => ({ ...word, sources: [...word.sources, ...sources] });
  if (replace === undefined) return command.map((word, index) => (index === 0 ? fed(word) : word));
  return command.map((word) => (word.text.includes(replace) ? fed(word) : word));
}

/** The command starts a shell or an interpreter (through wrappers too: `xargs sudo sh -c`). */
function runsCode(words: readonly Field[], analysis: Analysis): boolean {
  return words.some((word) => {
    const name = programNameOf(singleValue(word) ?? "");
    return inCategory(name, "shell") || name === "eval" || name === "source" || analysis.programs.spec(name)?.stdin?.startsWith("code:") === true;
  });
}

/**
 * The input's items are the code a shell or eval runs: the placeholder is the whole of `sh -c`'s or eval's code
 * (`xargs -I{} sh -c {}`), or, without one, the first item lands as `sh -c`'s code (`xargs sh -c`).
 */
function runsItemsAsCode(command: readonly Field[], replace: string | undefined): boolean {
  const texts = command.map((word) => singleValue(word));
  const program = programNameOf(texts[0] ?? "");
  if (program === "eval") return replace === undefined || texts.slice(1).some((text) => text === replace);
  const code = texts.findIndex((text) => text === "-c");
  if (!inCategory(program, "shell") || code < 0) return false;
  return replace === undefined ? code === texts.length - 1 : texts[code + 1] === replace;
}

/** A word of xargs' command with its -I placeholder standing for any of the paths. */
function replacedWord(word: Field, replace: string, patterns: readonly string[]): Field {
  const text = singleValue(word);
  if (text === undefined || !text.includes(replace)) return word;
  return { text: word.text, values: patterns.map((pattern) => text.replaceAll(replace, pattern)), known: true, pattern: true, sources: word.sources };
}

/** xargs reads blank-separated items, with quotes and backslashes as the shell has them. */
function splitXargsItems(text: string): string[] {
  const items: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|'([^']*)'|((?:\\.|[^\s"'\\])+)/g)) items.push(match[1] ?? match[2] ?? match[3]!.replace(/\\(.)/g, "$1"));
  return items;
}

function optionValue(reading: ArgvReading, options: readonly string[]): string | undefined {
  const found = reading.roled.find((arg) => arg.option !== undefined && options.includes(arg.option));
  if (found) return singleValue(found.field);
  return reading.flags.includes("-i") ? "{}" : undefined;
}

/** `parallel CMD ::: a b`, `parallel 'rm {}' ::: a b`, `parallel ::: 'cmd1' 'cmd2'`. */
function planParallel(planner: Planner) {
  const { plan } = planner;
  const words = plan.reading.carried?.words ?? [];
  plan.reading.carried = undefined;
  const separator = words.findIndex((word) => /^:::[+:]?$/.test(singleValue(word) ?? ""));
  const command = separator < 0 ? words : words.slice(0, separator);
  const inputs = separator < 0 ? [] : words.slice(separator + 1).filter((word) => !/^:::[+:]?$/.test(singleValue(word) ?? ""));
  // With no command, each line of an argument file (`-a FILE`, `:::: FILE`) is a command, as stdin's lines are.
  const fromFiles = separator >= 0 && singleValue(words[separator]!) === "::::" ? inputs : [];
  const argFiles = [...plan.reading.roled.filter((arg) => arg.option === "-a" || arg.option === "--arg-file").map((arg) => arg.field), ...fromFiles];
  if (command.length === 0 && argFiles.length > 0) {
    for (const file of argFiles) planScript(planner, file, "parallel -a", "shell");
    return;
  }
  // `parallel` alone runs each line of its stdin as a command (`curl … | parallel`).
  if (command.length === 0 && separator < 0) return planShellInput(planner);
  if (command.length === 0) {
    for (const input of inputs) addShell(plan, input, "parallel");
    return;
  }
  if (command.length === 1) {
    const template = singleValue(command[0]!);
    if (template === undefined) return addShell(plan, command[0]!, "parallel");
    const values = inputs.length > 0 ? inputs.map((input) => singleValue(input) ?? "$PARALLEL_ARG") : ["$PARALLEL_ARG"];
    // One command line per input: past the limit an input would go unjudged.
    if (values.length > SHELL_LIMITS.maxAlternatives) {
      plan.launches.push({ kind: "unresolved", reason: `parallel is given more than ${SHELL_LIMITS.maxAlternatives} inputs, each a command line of its own` });
      return;
    }
    for (const value of values) {
      const text = template.includes("{}") ? template.replaceAll("{}", value) : `${template} ${value}`;
      plan.launches.push({ kind: "shell", text, via: "parallel" });
    }
    return;
  }
  plan.launches.push({ kind: "argv", words: [...command, ...inputs], via: "parallel", unseenArgs: inputs.length === 0, stdin: { kind: "none" } });
}

/** watch runs its words through `sh -c` unless -x/--exec asks for them as a command. */
function planWatch({ plan }: Planner) {
  const carried = plan.reading.carried;
  if (!carried) return;
  plan.reading.carried = undefined;
  if (plan.reading.flags.includes("-x") || plan.reading.flags.includes("--exec")) {
    plan.launches.push({ kind: "argv", words: carried.words, via: "watch -x", unseenArgs: false, stdin: { kind: "none" } });
  } else addShellWords(plan, carried.words, "watch");
}

/** git aliases given on the command line or in the environment, and `ext::` URLs that run a command. */
function planGit(planner: Planner) {
  const { plan, context, state, analysis } = planner;
  rememberConfiguredAlias(planner);
  // Set earlier by `git config alias.…` (kept in the repository's or the user's config), then by -c and the environment.
  const aliases = new Map<string, string>(analysis.gitAliases);
  for (const arg of plan.reading.roled) {
    if (arg.option === "-c") {
      const setting = singleValue(arg.field);
      const alias = setting === undefined ? undefined : readGitSetting(setting).alias;
      if (alias) aliases.set(alias.name, alias.value);
    }
    const url = singleValue(arg.field);
    if (arg.role === "url" && url?.startsWith("ext::"))
      plan.launches.push({ kind: "argv", words: extUrlWords(url.slice(5)).map((word) => literalField(word)), via: "git ext:: URL", unseenArgs: false, stdin: { kind: "none" } });
  }
  for (const setting of environmentSettings(context, state)) {
    const reading = readGitSetting(setting);
    if (reading.alias) aliases.set(reading.alias.name, reading.alias.value);
    for (const line of reading.lines)
      plan.launches.push({ kind: "shell", text: line.line, via: `git GIT_CONFIG_* (${line.label})`, hook: true, ...(line.outputRead ? { outputRead: true } : {}) });
    for (const reason of reading.unresolved) plan.launches.push({ kind: "unresolved", reason });
  }
  const [subcommand] = plan.reading.subcommand;
  if (subcommand === undefined) return;
  const alias = aliases.get(subcommand.toLowerCase()) ?? aliases.get(subcommand);
  if (alias === undefined || alias.trimStart().startsWith("!")) return; // a ! alias is judged as a shell command already
  const after = planner.args.slice(planner.args.findIndex((field) => singleValue(field) === subcommand) + 1);
  const words = alias
    .trim()
    .split(/\s+/)
    .map((word) => literalField(word));
  plan.launches.push({ kind: "argv", words: [literalField("git"), ...words, ...after], via: `git alias ${subcommand}`, unseenArgs: false, stdin: context.stdin });
}

/**
 * `compgen -W '$(…)' x`: the word list is expanded as the shell expands words, so what it substitutes runs
 * (judged as the words of `:`); `compgen -F f`: the function is called. `complete` keeps them for the next
 * completion: judged the same, as what they will run.
 */
function planCompletion({ plan, name }: Planner) {
  for (const arg of plan.reading.roled) {
    if (arg.option === "-W") addShell(plan, { ...arg.field, values: arg.field.values.map((words) => `: ${words}`) }, `${name} -W`);
    if (arg.option === "-F") plan.launches.push({ kind: "argv", words: [arg.field], via: `${name} -F`, unseenArgs: true, stdin: { kind: "none" } });
  }
}

/**
 * `git config [--global] alias.p 'push --force'` (or `git config set …`): the alias is written to a config file,
 * and a later `git p origin main` in the same input runs it (issue 26). Remembered for the git commands after it.
 */
function rememberConfiguredAlias({ plan, args, analysis }: Planner) {
  if (plan.reading.subcommand[0] !== "config") return;
  const values = args.map((field) => singleValue(field));
  const at = values.findIndex((value) => value !== undefined && /^alias\.[^.\s]+$/i.test(value));
  const value = values[at + 1];
  if (at < 0 || value === undefined || value.startsWith("-")) return;
  const name = values[at]!.slice("alias.".length).toLowerCase();
  analysis.gitAliases.set(name, value);
  // A `!` alias is shell code git will run: judged now, as a function's body is where it is defined, so the
  // setting itself is held to what it runs (`!rm -rf dist` passes, `!curl … | sh` does not) as a written config is.
  if (!value.startsWith("!")) return;
  plan.launches.push({ kind: "shell", text: value.slice(1), via: `git alias ${name} (defined)` });
  plan.reading.tags.push("code-judged");
}

/** GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0=…: settings as `key=value`. */
function environmentSettings(context: RunContext, state: State): string[] {
  const lookup = (name: string) => {
    const value = context.env.get(name) ?? state.vars.get(name);
    return value?.known ? value.values[0] : undefined;
  };
  const count = Number(lookup("GIT_CONFIG_COUNT") ?? 0);
  const settings: string[] = [];
  for (let index = 0; index < Math.min(Number.isFinite(count) ? count : 0, 64); index++) {
    const key = lookup(`GIT_CONFIG_KEY_${index}`);
    const value = lookup(`GIT_CONFIG_VALUE_${index}`);
    if (key !== undefined && value !== undefined) settings.push(`${key}=${value}`);
  }
  return settings;
}

/** `ext::sh -c touch% /tmp/x` runs the words split at spaces, where `% ` is a space inside a word and `%%` a percent sign. */
function extUrlWords(text: string): string[] {
  const words: string[] = [];
  let word = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "%" && index + 1 < text.length) {
      const next = text[++index]!;
      word += next === " " || next === "%" ? next : `%${next}`;
    } else if (char === " ") {
      if (word !== "") words.push(word);
      word = "";
    } else word += char;
  }
  if (word !== "") words.push(word);
  return words;
}
