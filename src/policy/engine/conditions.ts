// Conditions compiled once, matched on every call. Command keys hold for one
// simple command; paths are existential in `when` (some path matches) and
// universal in `unless` (every path matches, there is at least one, and none
// is unknown — an exception must cover the whole call). A path the command
// names as a shell pattern is matched as the set of paths it can mean.
import { compileAlternatives, compileAnyGlob, compileGlob, type NameMatcher } from "../../match/glob.ts";
import { globIncluded, globsIntersect, type WorkMeter } from "../../match/glob-sets.ts";
import { ALIKE_COMMANDS_FROM, ALIKE_KINDS_PER_SPELLING, MATCH_TEXT_CHARS_PER_UNIT } from "../../limits.ts";
import { expandHome } from "../../match/path.ts";
import { NO_PLACES, type Places, withoutDotSlash } from "./places.ts";
import { compileRegex } from "../../match/regex.ts";
import type { StatementKind } from "../../shell/view/statements.ts";
import type { Flow, FlowChannel, ShellView, SimpleCommand } from "../../shell/view/view.ts";
import type { CommandCondition, FieldMatcher, SingleCondition, TextMatcher } from "../format/schema.ts";
import { COMMAND_KEYS } from "../format/rule-shape.ts";
import { withCategoriesExpanded } from "../../shell/programs/categories.ts";

export type TextTest = (text: string) => boolean;
export type FieldTest = { path: string[]; test: (value: unknown) => boolean };

/**
 * Path globs with their exclusions (`!glob`), kept as text too for matching shell patterns. `literal` is an include
 * glob's leading directories without wildcards (`/home/ada/.ssh` of `~/.ssh/**`, "" for `**​/.env`): a directory
 * read with everything under it reads what the glob names when it contains that part.
 */
export type PathSet = {
  include: Array<{ glob: string; matches: NameMatcher; literal: string }>;
  exclude: Array<{ glob: string; matches: NameMatcher }>;
  /** Some include glob matches the path; some exclude glob does (one matcher each: see compileAnyGlob). */
  anyInclude: NameMatcher;
  anyExclude: NameMatcher;
};

export type CompiledCommandCondition = {
  command?: NameMatcher;
  subcommand?: NameMatcher;
  args?: NameMatcher[];
  flags?: NameMatcher[];
  paths?: PathSet;
  reads?: PathSet;
  writes?: PathSet;
  code?: { language?: NameMatcher; text?: TextTest };
  remoteCode?: boolean;
  dynamicArgs?: boolean;
  network?: boolean;
  outputShown?: boolean;
  variables?: NameSet;
  hosts?: NameMatcher[];
  ports?: ReadonlySet<number>;
  tags?: string[];
  sql?: ReadonlySet<StatementKind>;
};

export type CompiledFlow = { from?: CompiledCommandCondition; to?: CompiledCommandCondition; through?: ReadonlySet<FlowChannel>; between?: CompiledCommandCondition };

/** Name globs with their exclusions (`!glob`), compared in lower case. */
export type NameSet = { include: NameMatcher[]; exclude: NameMatcher[] };

export type CompiledCondition = CompiledCommandCondition & {
  /** True when some key must hold on a simple command. */
  onCommand: boolean;
  flow?: CompiledFlow;
  input?: FieldTest[];
  message?: TextTest;
  output?: TextTest;
};

export function compileCondition(condition: SingleCondition, home: string): CompiledCondition {
  return {
    ...compileCommandCondition(condition, home),
    onCommand: COMMAND_KEYS.some((key) => condition[key] !== undefined) || condition.flow !== undefined,
    ...(condition.flow ? { flow: compileFlow(condition.flow, home) } : {}),
    ...(condition.input ? { input: Object.entries(condition.input).map(([field, matcher]) => compileFieldMatcher(field, matcher)) } : {}),
    ...(condition.message ? { message: compileTextMatcher(condition.message) } : {}),
    ...(condition.output ? { output: compileTextMatcher(condition.output) } : {}),
  };
}

function compileFlow(flow: NonNullable<SingleCondition["flow"]>, home: string): CompiledFlow {
  return {
    ...(flow.from ? { from: compileCommandCondition(flow.from, home) } : {}),
    ...(flow.to ? { to: compileCommandCondition(flow.to, home) } : {}),
    ...(flow.through ? { through: new Set(flow.through) } : {}),
    ...(flow.between ? { between: compileCommandCondition(flow.between, home) } : {}),
  };
}

/**
 * Each key's matcher is built the first time a call gets that far (issue 27: the first hook pays only for what it
 * touches). Keys are tested cheapest first (commandHolds), so a rule that a first command reaches by its program
 * often stops at its subcommand or flags, and its argument and path globs are never built. Every pattern was
 * checked when the policy was validated, so building one later cannot fail where building it sooner would not have.
 */
function compileCommandCondition(condition: CommandCondition, home: string): CompiledCommandCondition {
  const joined = (value: string | string[]) => (Array.isArray(value) ? value.join("|") : value);
  const compiled: CompiledCommandCondition = {};
  const { command, subcommand, args, flags, paths, reads, writes, code, hosts, variables } = condition;
  if (command !== undefined) compiled.command = onFirstCall(() => compileAlternatives(withCategoriesExpanded(joined(command)).toLowerCase()));
  if (subcommand !== undefined) compiled.subcommand = onFirstCall(() => compileAlternatives(joined(subcommand)));
  if (args) compiled.args = args.map((arg) => onFirstCall(() => compileAlternatives(arg)));
  if (flags) compiled.flags = flags.map((flag) => onFirstCall(() => compileAlternatives(flag)));
  if (paths) compiled.paths = new LazyPathSet(paths, home);
  if (reads) compiled.reads = new LazyPathSet(reads, home);
  if (writes) compiled.writes = new LazyPathSet(writes, home);
  if (code) compiled.code = compileCodeMatcher(code);
  if (condition.remote_code !== undefined) compiled.remoteCode = condition.remote_code;
  if (condition.dynamic_args !== undefined) compiled.dynamicArgs = condition.dynamic_args;
  if (condition.network !== undefined) compiled.network = condition.network;
  if (condition.output_shown !== undefined) compiled.outputShown = condition.output_shown;
  if (variables) compiled.variables = compileNameSet(variables);
  if (hosts) compiled.hosts = hosts.map((host) => onFirstCall(() => compileAlternatives(host.toLowerCase())));
  if (condition.ports) compiled.ports = new Set(condition.ports);
  if (condition.tags) compiled.tags = condition.tags;
  if (condition.sql) compiled.sql = new Set(condition.sql);
  return compiled;
}

/** A matcher built when it is first asked. */
function onFirstCall(build: () => NameMatcher): NameMatcher {
  let built: NameMatcher | undefined;
  return (candidate) => {
    built ??= build();
    return built(candidate);
  };
}

/** A path set whose globs are spelled out and compiled when the set is first read. */
class LazyPathSet implements PathSet {
  readonly #globs: readonly string[];
  readonly #home: string;
  #built: PathSet | undefined;

  constructor(globs: readonly string[], home: string) {
    this.#globs = globs;
    this.#home = home;
  }

  get include(): PathSet["include"] {
    return this.#set().include;
  }

  get exclude(): PathSet["exclude"] {
    return this.#set().exclude;
  }

  get anyInclude(): PathSet["anyInclude"] {
    return this.#set().anyInclude;
  }

  get anyExclude(): PathSet["anyExclude"] {
    return this.#set().anyExclude;
  }

  #set(): PathSet {
    this.#built ??= compilePathSet(this.#globs, this.#home);
    return this.#built;
  }
}

function compilePathSet(globs: readonly string[], home: string): PathSet {
  const compile = (glob: string) => {
    const spelled = withoutDotSlash(glob);
    return { glob: spelled, matches: compileGlob(spelled) };
  };
  const expand = (glob: string) => anyHome(glob, home);
  const include = globs
    .filter((glob) => !glob.startsWith("!"))
    .flatMap(expand)
    .map((glob) => {
      const compiled = compile(glob);
      return { ...compiled, literal: literalPart(compiled.glob) };
    });
  const exclude = globs
    .filter((glob) => glob.startsWith("!"))
    .flatMap((glob) => [...expand(glob.slice(1)), ...(glob === "!~" ? foldersHolding(home) : [])])
    .map(compile);
  return { include, exclude, anyInclude: compileAnyGlob(include), anyExclude: compileAnyGlob(exclude) };
}

/**
 * `!~` leaves home out of a set — and with it every folder that holds home: deleting `/tmp` or `/tmp/*` deletes a
 * home under /tmp (DESIGN: a path under HOME is never a temp path, even when HOME itself is under /tmp).
 * Folders whose names hold glob characters are left out (they cannot be written as a literal glob).
 */
function foldersHolding(home: string): string[] {
  const folders: string[] = [];
  for (let at = home.lastIndexOf("/"); at > 0; at = home.lastIndexOf("/", at - 1)) folders.push(home.slice(0, at));
  return folders.filter((folder) => !/[*?[\]{}!\\]/.test(folder));
}

/** Where other accounts keep their homes: a dotfile there is the same file as under this user's (`~/.aws` is `/home/bob/.aws` too). */
const OTHER_HOMES = ["/home/*", "/Users/*", "/root", "/var/root"];

/** `~/X` as this user's home and every other account's; any other glob as it is. */
function anyHome(glob: string, home: string): string[] {
  const expanded = expandHome(glob, home);
  if (!glob.startsWith("~/")) return [expanded];
  const rest = glob.slice(1);
  return [expanded, ...OTHER_HOMES.map((other) => `${other}${rest}`).filter((other) => other !== expanded)];
}

function compileNameSet(globs: readonly string[]): NameSet {
  const compile = (glob: string) => compileAlternatives(glob.toLowerCase());
  return {
    include: globs.filter((glob) => !glob.startsWith("!")).map(compile),
    exclude: globs.filter((glob) => glob.startsWith("!")).map((glob) => compile(glob.slice(1))),
  };
}

/** The leading names of a glob that hold no wildcard: `/home/ada/.ssh/**` → `/home/ada/.ssh`, `**​/.env` → "". */
function literalPart(glob: string): string {
  const names = glob.split("/");
  const fixed: string[] = [];
  for (const name of names) {
    if (/[*?[{]/.test(name)) break;
    fixed.push(name);
  }
  if (fixed.length === names.length) return glob;
  const literal = fixed.join("/");
  return literal === "" && glob.startsWith("/") ? "/" : literal;
}

function compileCodeMatcher(matcher: NonNullable<CommandCondition["code"]>): { language?: NameMatcher; text?: TextTest } {
  const { language, ...text } = matcher;
  return {
    ...(language !== undefined ? { language: compileAlternatives(Array.isArray(language) ? language.join("|") : language) } : {}),
    ...(Object.keys(text).length > 0 ? { text: compileTextMatcher(text as TextMatcher) } : {}),
  };
}

export function compileTextMatcher(matcher: TextMatcher): TextTest {
  const tests: TextTest[] = [];
  if (matcher.equals !== undefined) tests.push((text) => text === matcher.equals);
  if (matcher.contains !== undefined) tests.push((text) => text.includes(matcher.contains!));
  if (matcher.glob !== undefined) tests.push(compileGlob(matcher.glob));
  if (matcher.regex !== undefined) {
    const regex = compileRegex(matcher.regex);
    tests.push((text) => regex.test(text));
  }
  return (text) => {
    for (const test of tests) if (!test(text)) return false;
    return true;
  };
}

function compileFieldMatcher(field: string, matcher: FieldMatcher): FieldTest {
  const { exists, equals, ...textual } = matcher;
  const text = Object.keys(textual).length > 0 ? compileTextMatcher(textual) : undefined;
  const equalsJson = equals === undefined ? undefined : JSON.stringify(equals);
  return {
    path: field.split("."),
    test: (value) => {
      if (exists !== undefined && exists !== (value !== undefined)) return false;
      if (value === undefined) return exists === false;
      if (equalsJson !== undefined && JSON.stringify(value) !== equalsJson) return false;
      if (text && !text(typeof value === "string" ? value : JSON.stringify(value))) return false;
      return true;
    },
  };
}

// ---------------------------------------------------------------------------
// What a condition needs to find in a call at all (for a cheap skip)

/** Facts of a call: bits set when some command has paths, writes, code, … */
const FACTS = { paths: 1, reads: 2, writes: 4, code: 8, network: 16, tags: 32, remoteCode: 64, dynamicArgs: 128, flows: 256, variables: 512 } as const;

/**
 * The facts a call must have for this condition to hold on one of its commands (0: no command facts needed). Read
 * from the condition as written, so a rule can be skipped before its matchers are compiled.
 */
export function factsNeeded(condition: SingleCondition): number {
  let needed = 0;
  if (condition.paths) needed |= FACTS.paths;
  if (condition.reads) needed |= FACTS.reads;
  if (condition.writes) needed |= FACTS.writes;
  if (condition.code || condition.sql) needed |= FACTS.code;
  if (condition.network === true || condition.hosts || condition.ports) needed |= FACTS.network;
  if (condition.tags?.length) needed |= FACTS.tags;
  if (condition.remote_code === true) needed |= FACTS.remoteCode;
  if (condition.dynamic_args === true) needed |= FACTS.dynamicArgs;
  if (condition.flow) needed |= FACTS.flows;
  if (condition.variables) needed |= FACTS.variables;
  return needed;
}

/** The facts of a call's commands and flows. */
export function callFacts(commands: readonly SimpleCommand[], flows: number): number {
  let facts = flows > 0 ? FACTS.flows : 0;
  for (const command of commands) {
    if (command.paths.length > 0) facts |= FACTS.paths;
    if (command.reads.length > 0) facts |= FACTS.reads;
    if (command.writes.length > 0) facts |= FACTS.writes;
    if (command.code.length > 0) facts |= FACTS.code;
    if (command.network.length > 0) facts |= FACTS.network;
    if (command.tags.length > 0) facts |= FACTS.tags;
    if (command.remoteCode) facts |= FACTS.remoteCode;
    if (command.dynamicArgs) facts |= FACTS.dynamicArgs;
    if (command.variables.length > 0) facts |= FACTS.variables;
  }
  return facts;
}

// ---------------------------------------------------------------------------
// Matching

export type Quantifier = "some" | "every";

/** The command keys on one simple command; `places` gives each path's spellings (relative to its project, absolute). */
/** `meter`: the call's work budget, which glob-against-glob matching draws from (it throws when spent). */
export function commandHolds(condition: CompiledCommandCondition, command: SimpleCommand, quantifier: Quantifier, places: Places = NO_PLACES, meter?: WorkMeter): boolean {
  // Cheapest tests first (names, booleans, small lists); globs over every argument and path last.
  if (condition.command && !(condition.command(command.name) || (command.program.includes("/") && condition.command(command.program.toLowerCase())))) return false;
  if (condition.subcommand && !condition.subcommand(command.subcommand.join(" "))) return false;
  if (condition.remoteCode !== undefined && condition.remoteCode !== command.remoteCode) return false;
  if (condition.dynamicArgs !== undefined && condition.dynamicArgs !== command.dynamicArgs) return false;
  if (condition.network !== undefined && condition.network !== command.network.length > 0) return false;
  if (condition.outputShown !== undefined && condition.outputShown !== command.outputShown) return false;
  if (condition.variables && !namesHold(condition.variables, command.variables)) return false;
  if (condition.hosts && !command.network.some((destination) => condition.hosts!.some((host) => host(destination.host)))) return false;
  if (condition.ports && !command.network.some((destination) => destination.port !== undefined && condition.ports!.has(destination.port))) return false;
  if (condition.tags && !condition.tags.every((tag) => command.tags.includes(tag))) return false;
  if (condition.flags && !eachMatchesSome(condition.flags, command.flags)) return false;
  if (condition.args && !eachMatchesSome(condition.args, command.operands)) return false;
  if (condition.code && !codeHolds(condition.code, command, meter)) return false;
  if (condition.sql && !statementsHold(condition.sql, command, quantifier)) return false;
  if (condition.paths && !pathsHold(condition.paths, command.paths, command, quantifier, places, meter)) return false;
  if (
    condition.reads &&
    !(pathsHold(condition.reads, command.reads, command, quantifier, places, meter) || (quantifier === "some" && treeHolds(condition.reads, command.treeReads, places, meter)))
  )
    return false;
  if (condition.writes && !pathsHold(condition.writes, command.writes, command, quantifier, places, meter)) return false;
  return true;
}

/** Per list of commands (a memoised shell view keeps its list, so a repeated input is compared once). */
const alikeKnown = new WeakMap<readonly SimpleCommand[], Int32Array>();

/**
 * For each command, the index of the first command identical to it (itself when it is the first): a script that
 * repeats a line runs the same simple command hundreds of times, and a condition's answer on one holds for all.
 * Commands are plain data with no positions, so two equal field by field are the same to every condition.
 */
function firstAlikeOf(commands: readonly SimpleCommand[]): Int32Array {
  const known = alikeKnown.get(commands);
  if (known) return known;
  const first = new Int32Array(commands.length);
  // Candidates by program and arguments (cheap to join), then compared whole.
  const byWords = new Map<string, number[]>();
  for (let index = 0; index < commands.length; index++) {
    first[index] = index;
    if (commands.length < ALIKE_COMMANDS_FROM) continue;
    const command = commands[index]!;
    const words = `${command.program}\0${command.args.join("\0")}`;
    const candidates = byWords.get(words);
    const earlier = candidates?.find((candidate) => samePlainData(commands[candidate], command));
    if (earlier !== undefined) first[index] = earlier;
    // A few kinds per spelling (`cp a b` after different `cd`s): more are judged each on its own, which keeps
    // the comparing linear.
    else if (candidates && candidates.length < ALIKE_KINDS_PER_SPELLING) candidates.push(index);
    else if (!candidates) byWords.set(words, [index]);
  }
  alikeKnown.set(commands, first);
  return first;
}

/** Equal plain data (what JSON would write the same): primitives, arrays and objects, compared all the way down. */
function samePlainData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!samePlainData(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!(key in b) || !samePlainData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  return true;
}

/**
 * The indexes of the commands (of those `only` names, when given) a condition holds on, "some" quantifier. A command
 * like an earlier one gets the earlier one's answer, charged to `meter` what it cost, so the budget runs out where
 * judging each one would have run it out.
 */
export function commandsHolding(
  condition: CompiledCommandCondition,
  commands: readonly SimpleCommand[],
  places: Places,
  meter: WorkMeter | undefined,
  only?: ReadonlySet<number>,
): number[] {
  const alike = firstAlikeOf(commands);
  // holds[first]: 1 holds, 0 not, -1 not yet judged.
  const holds = new Int8Array(commands.length).fill(-1);
  const costs = new Float64Array(commands.length);
  const counted = {
    spent: 0,
    charge(units: number) {
      counted.spent += units;
      meter?.charge(units);
    },
  };
  const found: number[] = [];
  for (let index = 0; index < commands.length; index++) {
    if (only && !only.has(index)) continue;
    const first = alike[index]!;
    if (holds[first] === -1) {
      counted.spent = 0;
      holds[first] = commandHolds(condition, commands[first]!, "some", places, counted) ? 1 : 0;
      costs[first] = counted.spent;
    } else if (costs[first]! > 0) meter?.charge(costs[first]!);
    if (holds[first] === 1) found.push(index);
  }
  return found;
}

/** What a text test over `text` costs the call's work budget. */
export function textTestCost(text: string): number {
  return 1 + Math.floor(text.length / MATCH_TEXT_CHARS_PER_UNIT);
}

function codeHolds(matcher: { language?: NameMatcher; text?: TextTest }, command: SimpleCommand, meter: WorkMeter | undefined): boolean {
  for (const code of command.code) {
    if (matcher.language && !matcher.language(code.language)) continue;
    if (matcher.text) meter?.charge(textTestCost(code.text));
    if (matcher.text && !matcher.text(code.text)) continue;
    return true;
  }
  return false;
}

/** Some statement the command hands a database is of one of the kinds (`every`: all of them are, and there is one). */
function statementsHold(kinds: ReadonlySet<StatementKind>, command: SimpleCommand, quantifier: Quantifier): boolean {
  let seen = false;
  for (const code of command.code) {
    for (const statement of code.statements ?? []) {
      seen = true;
      const matched = kinds.has(statement.kind);
      if (quantifier === "some" && matched) return true;
      if (quantifier === "every" && !matched) return false;
    }
  }
  return quantifier === "every" && seen;
}

/** The statements of a command whose kind is one of `kinds`: what a rule's `sql` condition matched. */
export function matchedStatements(kinds: ReadonlySet<StatementKind>, command: SimpleCommand): string[] {
  return command.code.flatMap((code) => (code.statements ?? []).filter((statement) => kinds.has(statement.kind)).map((statement) => `${statement.kind}: ${statement.text}`));
}

/** Some name is in the set: it matches a glob and no exclusion. */
function namesHold(set: NameSet, names: readonly string[]): boolean {
  for (const name of names) {
    const lower = name.toLowerCase();
    if (set.include.some((matches) => matches(lower)) && !set.exclude.some((matches) => matches(lower))) return true;
  }
  return false;
}

/** Every matcher matches at least one of the values. */
function eachMatchesSome(matchers: readonly NameMatcher[], values: readonly string[]): boolean {
  for (const matches of matchers) {
    let found = false;
    for (const value of values) {
      if (matches(value)) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

function pathsHold(set: PathSet, paths: readonly string[], command: SimpleCommand, quantifier: Quantifier, places: Places, meter: WorkMeter | undefined): boolean {
  if (quantifier === "every" && (paths.length === 0 || (command.dynamicArgs && !command.dynamicValuesOnly))) return false;
  for (const path of paths) {
    const isPattern = command.patterns.includes(path);
    const matched = places === NO_PLACES ? pathMatches(set, path, isPattern, quantifier, meter) : someSpellingMatches(set, places.spell(path), isPattern, quantifier, meter);
    if (quantifier === "some" && matched) return true;
    if (quantifier === "every" && !matched) return false;
  }
  return quantifier === "every";
}

function pathMatches(set: PathSet, path: string, isPattern: boolean, quantifier: Quantifier, meter: WorkMeter | undefined): boolean {
  return isPattern ? patternMatches(set, path, quantifier, meter) : plainMatches(set, path);
}

/** The same file however it is spelled: some spelling is in the set, its exclusions judged on that same spelling. */
function someSpellingMatches(set: PathSet, spellings: readonly string[], isPattern: boolean, quantifier: Quantifier, meter: WorkMeter | undefined): boolean {
  for (const spelling of spellings) if (pathMatches(set, spelling, isPattern, quantifier, meter)) return true;
  return false;
}

/**
 * A directory read with everything under it (`tar czf x ~`, `grep -r P /`) reads what an include glob names when it
 * contains the glob's literal part; an exclusion takes it back only when it covers the whole glob. A glob with no
 * literal directory (`**​/.env`, `**​/*.pem`) names no place, so `grep -r TODO .` is not a read of every .env.
 */
function treeHolds(set: PathSet, trees: readonly string[], places: Places, meter: WorkMeter | undefined): boolean {
  for (const tree of trees.flatMap((path) => places.spell(path))) {
    for (const include of set.include) {
      if (include.literal === "" || !contains(tree, include.literal)) continue;
      if (!set.exclude.some((exclude) => globIncluded(include.glob, "policy", [exclude.glob], "policy", meter))) return true;
    }
  }
  return false;
}

/** `/home/ada` contains `/home/ada/.ssh`; `/` contains every absolute path; `.` every relative one inside the project. */
function contains(directory: string, path: string): boolean {
  if (directory === path) return true;
  if (directory === "/") return path.startsWith("/");
  if (directory === ".") return !path.startsWith("/") && !path.startsWith("..");
  return path.startsWith(`${directory}/`);
}

function plainMatches(set: PathSet, path: string): boolean {
  return set.anyInclude(path) && !set.anyExclude(path);
}

/**
 * A shell pattern: for `some`, the paths it may mean meet the set (and are
 * not all excluded); for `every`, all of them lie in the set and none in an
 * exclusion.
 */
function patternMatches(set: PathSet, pattern: string, quantifier: Quantifier, meter: WorkMeter | undefined): boolean {
  if (quantifier === "some") {
    // `cat ~/.ssh/*` is about ~/.ssh; `cat *` is about the directory, not about every protected name it might hit.
    const aimed = aimOf(pattern);
    if (!/[*?[]|[@!+]\(/.test(aimed)) return plainMatches(set, aimed);
    const meets = set.include.some((glob) => namesPlacesOf(aimed, glob.glob) && globsIntersect(aimed, "shell", glob.glob, "policy", meter));
    return meets && !set.exclude.some((glob) => globIncluded(aimed, "shell", [glob.glob], "policy", meter));
  }
  if (
    !globIncluded(
      pattern,
      "shell",
      set.include.map((glob) => glob.glob),
      "policy",
      meter,
    )
  )
    return false;
  return !set.exclude.some((glob) => globsIntersect(pattern, "shell", glob.glob, "policy", meter));
}

/**
 * A glob that starts anywhere but passes through named directories (`**​/site-packages/sitecustomize.py`,
 * `**​/.git/hooks/**`) is about those places: a pattern that roams every directory (`**​/*.py`, what
 * `find . -name '*.py'` hands its command) meets it only when the pattern names them too. Otherwise every
 * project-wide edit of Python files would be an edit of a virtualenv's start-up file somewhere below.
 */
function namesPlacesOf(pattern: string, glob: string): boolean {
  if (!glob.startsWith("**/") || !/(?:^|\/)\*\*\//.test(pattern)) return true;
  // A pattern that names the file itself (`**​/sitecustomize.py`) is aimed at it wherever it is.
  if (!/[*?[]/.test(pattern.slice(pattern.lastIndexOf("/") + 1))) return true;
  const places = glob
    .split("/")
    .slice(1, -1)
    .filter((name) => name !== "**" && !/[*?[{]/.test(name));
  const named = new Set(pattern.split("/"));
  return places.every((place) => named.has(place));
}

/**
 * What a pattern aims at: itself, or — when its last name is nothing but
 * wildcards (`*`, `?*`, `!(…)`) — the directory it lists, since such a
 * pattern picks no particular name.
 */
function aimOf(pattern: string): string {
  const slash = pattern.lastIndexOf("/");
  const last = pattern.slice(slash + 1);
  if (!/^(?:[*?]|[@!+*?]\([^)]*\))+$/.test(last)) return pattern;
  if (slash < 0) return ".";
  return slash === 0 ? "/" : pattern.slice(0, slash);
}

/** Commands that data reaches from a command matching `from`, through any number of flows (each one in between matching `between`). */
export function flowTargets(flow: CompiledFlow, view: ShellView, places: Places = NO_PLACES, meter?: WorkMeter): Set<number> {
  const reached = new Set<number>();
  const outgoing = new Map<number, Flow[]>();
  for (const edge of view.flows) {
    if (flow.through && !flow.through.has(edge.channel)) continue;
    const list = outgoing.get(edge.from);
    if (list) list.push(edge);
    else outgoing.set(edge.from, [edge]);
  }
  const stack: number[] = flow.from ? commandsHolding(flow.from, view.commands, places, meter) : view.commands.map((_, index) => index);
  const seen = new Set(stack);
  while (stack.length > 0) {
    const from = stack.pop()!;
    for (const edge of outgoing.get(from) ?? []) {
      if (!flow.to || commandHolds(flow.to, view.commands[edge.to]!, "some", places, meter)) reached.add(edge.to);
      if (seen.has(edge.to)) continue;
      seen.add(edge.to);
      // The data goes no further than a command that does not pass it on (`between`).
      if (flow.between && !commandHolds(flow.between, view.commands[edge.to]!, "some", places, meter)) continue;
      stack.push(edge.to);
    }
  }
  return reached;
}
