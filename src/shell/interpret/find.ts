// What find finds, as paths the policy can judge: everything under its
// starting points (the points themselves included), narrowed to a name when
// the expression says so. `find . -name __pycache__ -exec rm -rf {} +` removes
// `**/__pycache__` inside the project; `find ~ -name x -exec rm -rf {} +` works
// under the home directory. The paths are shell patterns, `**` as bash's
// globstar reads it (any number of directories, none hidden).
//
// find also enters hidden directories, and its `*` matches a leading dot.
// From the home directory (or above it) that is where the things worth
// protecting live (`find ~ -name credentials` reaches ~/.aws/credentials), so
// there a second pattern covers a hidden directory on the way
// (`~/**/.*/**/credentials`; one hidden level, which is where tools keep their
// files) and a name test's wildcard matches dotfiles. Elsewhere — the project,
// a build or temp directory — hidden entries hold tools' own state (.git,
// .venv, .cache): a name test there is aimed at the files, and the view reads
// it as bash would, hidden entries left out.
import { type Field, literalField, singleValue } from "../expand/field.ts";
import { textPattern } from "../expand/pattern.ts";
import { FILE_PROGRAMS } from "../programs/files.ts";
import type { Analysis } from "./analysis.ts";
import type { State } from "./state.ts";

const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

export type FindExec = { option: string; words: Field[] };

/**
 * find's words: the starting points (the words before the first option, `(` or `!`; `.` when there are none),
 * the expression without the commands of -exec and its kin, and those commands.
 */
export function findExpression(args: readonly Field[]): { points: Field[]; expression: Field[]; execs: FindExec[] } {
  let start = 0;
  while (start < args.length) {
    const word = singleValue(args[start]!);
    if (word !== undefined && /^[-(!),]/.test(word) && word !== "-") break;
    start++;
  }
  const points = start > 0 ? args.slice(0, start) : [literalField(".")];
  const expression: Field[] = [];
  const execs: FindExec[] = [];
  for (let index = start; index < args.length; index++) {
    const word = singleValue(args[index]!);
    if (word === undefined || !FIND_EXEC.has(word)) {
      expression.push(args[index]!);
      continue;
    }
    const words: Field[] = [];
    let end = index + 1;
    for (; end < args.length; end++) {
      const next = singleValue(args[end]!);
      if (next === ";" || next === "+") break;
      words.push(args[end]!);
    }
    execs.push({ option: word, words });
    index = end;
  }
  return { points, expression, execs };
}

/** Words that join tests with "or": a name test then no longer narrows what is found. */
const ALTERNATIVES = new Set(["-o", "-or", ","]);
const NEGATIONS = new Set(["!", "-not"]);

/**
 * The paths find acts on (what `{}` stands for, what it prints), as resolved path patterns; undefined when a
 * starting point is only known at run time.
 */
export function foundPaths(points: readonly Field[], expression: readonly Field[], analysis: Analysis, state: State): string[] | undefined {
  const test = nameTest(expression);
  const paths: string[] = [];
  for (const point of points) {
    const root = singleValue(point);
    if (root === undefined || root === "") return undefined;
    const base = root.replace(/\/+$/, "") || "/";
    const resolved = analysis.resolvePath(base, state.cwd);
    if (resolved === undefined) return undefined;
    // `-maxdepth 0`: find tests only the starting points themselves, and descends nowhere.
    if (maxDepth(expression) === 0) {
      if ((test === undefined || test.matches(lastName(resolved))) && !paths.includes(resolved)) paths.push(resolved);
      continue;
    }
    const exposed = holdsHome(resolved, analysis.home);
    const name = test && (exposed ? test.withDotfiles : test.pattern);
    const below = maxDepth(expression) === 1 ? entriesOf(name, exposed) : [name === undefined ? "**" : `**/${name}`];
    if (exposed && maxDepth(expression) !== 1) below.push(name === undefined ? "**/.*/**" : `**/.*/**/${name}`);
    // `dir/**` is dir too; with a name test, the starting point counts only when its own name passes it.
    // The starting point is found too (depth 0): `dir/**` holds it, a depth-1 `dir/*` does not.
    const includesStart = test === undefined ? maxDepth(expression) === 1 : test.matches(lastName(resolved));
    const patterns = [...below.map((tail) => `${resolved === "/" ? "" : resolved}/${tail}`), ...(includesStart ? [resolved] : [])];
    for (const pattern of patterns) {
      const path = analysis.resolvePath(pattern, state.cwd);
      if (path === undefined) return undefined;
      if (!paths.includes(path)) paths.push(path);
    }
  }
  return paths;
}

/** `-maxdepth 1`: the starting point's own entries, no deeper (`find /tmp -maxdepth 1 -name 'jest_*'` is /tmp/jest_*). */
function entriesOf(name: string | undefined, exposed: boolean): string[] {
  if (name !== undefined) return [name];
  return exposed ? ["*", ".*"] : ["*"];
}

/** The depth `-maxdepth N` limits find to, when the expression gives it as a plain number. */
export function maxDepth(expression: readonly Field[]): number | undefined {
  const words = expression.map((field) => singleValue(field));
  const at = words.findIndex((word) => word === "-maxdepth");
  const value = at < 0 ? undefined : words[at + 1];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The directory is the home directory or holds it (`/`, `/home`). */
function holdsHome(path: string, home: string): boolean {
  return path === "/" || path === home || home.startsWith(`${path}/`);
}

/** A -name test: as bash reads the glob (`pattern`), as find does (`withDotfiles`: its wildcards match a leading dot), and find's own match. */
type NameTest = { pattern: string; withDotfiles: string; matches: (name: string) => boolean };

/** find's tests and actions that take the next word as their value (`-user NAME`, `-newer FILE`), from its table. */
const VALUE_TESTS: ReadonlySet<string> = new Set(Object.keys(FILE_PROGRAMS.find?.options ?? {}));

/**
 * A word only known at run time may be an operator (`-o`) that undoes the narrowing, unless it is the value of a
 * test (`-user "$(id -un)"`, `-newer "$(mktemp)"`): a value never joins tests.
 */
function mayBeOperator(words: readonly (string | undefined)[], index: number): boolean {
  const word = words[index];
  if (word !== undefined) return ALTERNATIVES.has(word);
  const before = index > 0 ? words[index - 1] : undefined;
  return before === undefined || !VALUE_TESTS.has(before);
}

/** The one `-name`/`-iname` test every found path passes (no -o in the expression, not negated); undefined otherwise. */
function nameTest(expression: readonly Field[]): NameTest | undefined {
  const words = expression.map(singleValue);
  if (words.some((_, index) => mayBeOperator(words, index))) return undefined;
  for (let index = 0; index + 1 < words.length; index++) {
    const word = words[index]!;
    if (word !== "-name" && word !== "-iname") continue;
    if (index > 0 && NEGATIONS.has(words[index - 1]!)) continue;
    const glob = words[index + 1]!;
    if (glob.includes("/") || glob === "") return undefined;
    const caseless = word === "-iname";
    const pattern = shellNamePattern(glob, caseless);
    return { pattern, withDotfiles: withDotfiles(pattern), matches: textPattern(glob, caseless) };
  }
  return undefined;
}

/** A -name glob as a shell pattern for the last name of a path; -iname's letters match either case. */
function shellNamePattern(glob: string, caseless: boolean): string {
  if (!caseless) return glob;
  let pattern = "";
  let inBracket = false;
  for (const char of glob) {
    if (char === "[") inBracket = true;
    else if (char === "]") inBracket = false;
    const letter = !inBracket && char.toLowerCase() !== char.toUpperCase();
    pattern += letter ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char;
  }
  return pattern;
}

/**
 * find's wildcards match a leading dot, a shell pattern's do not: a name pattern that starts with one starts with
 * `**` instead (a `*` that matches dots, see glob-sets; before `?` or `[` it allows more than find, the careful side).
 */
function withDotfiles(pattern: string): string {
  if (pattern.startsWith("*")) return `*${pattern}`;
  return /^[?[]/.test(pattern) ? `**${pattern}` : pattern;
}

function lastName(path: string): string {
  if (path === "/") return "/";
  return path.slice(path.lastIndexOf("/") + 1);
}
