// What a command prints when the input cannot show the text but can show its
// kind: the program knowledge's `output` (the path of a program, a new temp
// path, shell set-up code), the paths find finds, and filters that pass such
// paths on (`find … | sort | xargs rm`). A substitution or a pipe that
// receives it gets paths to judge instead of nothing at all.
import { posix } from "node:path";
import { type Field, singleValue } from "../expand/field.ts";
import { type PrintedWord, WORD_PRINTERS } from "../programs/outputs.ts";
import type { ArgvReading } from "../programs/read-argv.ts";
import type { OutputKind, ProgramSpec } from "../programs/spec.ts";
import type { Analysis, PrintedKind } from "./analysis.ts";
import { findExpression, foundPaths } from "./find.ts";
import type { Plan } from "./plan.ts";
import type { RunContext } from "./run-context.ts";
import { SHELL_BUILTINS } from "../programs/builtins.ts";
import type { State } from "./state.ts";

export function recordPrintedKind(index: number, name: string, plan: Plan, args: readonly Field[], context: RunContext, analysis: Analysis, state: State) {
  if (analysis.outputs.has(index)) return;
  // `PATH=./bin:$PATH; … $(whoami)`: the program found by that name may be one the input put there.
  if (!SHELL_BUILTINS.has(name) && (context.env.has("PATH") || state.vars.has("PATH"))) return;
  const kind = printedKind(name, plan, args, context, analysis, state);
  if (kind) analysis.printedKinds.set(index, kind);
}

function printedKind(name: string, plan: Plan, args: readonly Field[], context: RunContext, analysis: Analysis, state: State): PrintedKind | undefined {
  if (name === "find") return findPrints(args, analysis, state);
  if (name === "ls") return listedDirectories(plan.reading, analysis, state);
  const word = printedWord(name, args);
  if (word) return { kind: "word", patterns: word.patterns, ...(word.name ? { name: true as const } : {}) };
  if (PATH_FILTERS.has(name)) return filtered(name, plan.reading, args, context, analysis, state);
  const output = outputOf(plan.reading);
  // A program that runs a command of its own prints what that command prints (`ssh-agent bash -c …`).
  if (output === undefined || plan.launches.some((launch) => launch.kind !== "unresolved")) return undefined;
  switch (output) {
    case "program-path":
      return programPath(plan.reading, args);
    case "temp-path":
      return temporaryPath(plan.reading, context, analysis, state);
    case "located-paths":
      return locatedPaths(plan.reading);
    case "tree-paths":
      return treePaths(plan.reading, analysis, state);
    case "shell-setup":
      return { kind: "setup" };
  }
}

/** The `output` of the level the words led to: always, or with one of the options its table names. */
function outputOf(reading: ArgvReading): OutputKind | undefined {
  const output: ProgramSpec["output"] = reading.spec?.output;
  if (output === undefined || typeof output === "string") return output;
  for (const [option, kind] of Object.entries(output)) if (reading.flags.includes(option)) return kind;
  return undefined;
}

/**
 * `which rm`, `command -v node`: a path ending in that name, in a directory only the run knows — one of the
 * visible ones, or under a hidden one (`~/.local/bin`, a plugin folder).
 */
function programPath(reading: ArgvReading, args: readonly Field[]): PrintedKind | undefined {
  const operands = args.filter((field) => !singleValue(field)?.startsWith("-"));
  const operand = operands.length === 1 ? singleValue(operands[0]!) : undefined;
  // `which -a x` prints every match, one per line.
  if (operand === undefined || reading.flags.includes("-a")) return undefined;
  const name = posix.basename(operand);
  if (name === "" || name === "." || name === ".." || /[*?[]/.test(name)) return undefined;
  return { kind: "paths", patterns: [`/**/${name}`, `/**/.*/**/${name}`] };
}

/** Anywhere on the system, hidden directories on the way included (a file-name database lists them all). */
const ANYWHERE = ["/**", "/**/.*/**"];

/**
 * locate PATTERN: the paths that hold the pattern — a plain word anywhere in the path (`*PATTERN*`, a leading
 * dot included), in the last name with -b — and what lies below a directory that does. A glob, a regex or a
 * pattern only known at run time may match any path; a count (-c) prints no path.
 */
function locatedPaths(reading: ArgvReading): PrintedKind | undefined {
  if (reading.flags.includes("-c") || reading.flags.includes("--count")) return undefined;
  const regex = reading.roled.some((arg) => arg.option === "-r" || arg.option === "--regexp") || reading.flags.includes("--regex");
  if (regex) return { kind: "paths", patterns: ANYWHERE };
  const words = reading.roled.filter((arg) => arg.option === undefined).map((arg) => singleValue(arg.field));
  if (words.length === 0) return undefined;
  if (words.some((word) => word === undefined || word === "" || /[*?[\]\\/]/.test(word))) return { kind: "paths", patterns: ANYWHERE };
  const patterns = (words as string[]).flatMap((word) => {
    const name = `**${word}*`;
    return [`/**/${name}`, `/**/.*/**/${name}`, `/**/${name}/**`, `/**/.*/**/${name}/**`];
  });
  return { kind: "paths", patterns };
}

/**
 * `git ls-files`, `git diff --name-only`: paths of the working tree, relative to where git runs — any entry,
 * hidden ones included (`.env` among the ignored ones with `-oi`), never `.git`'s own files. Only when each line
 * is a bare path (no stage, tag or format option) and no operand or option reaches outside the tree (`..`, an
 * absolute path, pathspec magic such as `:/`, another work tree or `--no-index` files).
 */
function treePaths(reading: ArgvReading, analysis: Analysis, state: State): PrintedKind | undefined {
  if (reading.flags.some((flag) => !TREE_NAME_ONLY.has(flag))) return undefined;
  const operands = reading.roled.filter((arg) => arg.option === undefined).map((arg) => singleValue(arg.field));
  if (operands.some((operand) => operand === undefined || !/^[A-Za-z0-9_*?[]/.test(operand) || /(^|\/)\.\.(\/|$)/.test(operand))) return undefined;
  if (reading.roled.some((arg) => arg.option !== undefined && !TREE_VALUE_OPTIONS.has(arg.option))) return undefined;
  // Like find's, its listing of the project is read as bash reads `**`; the hidden entries count too when ignored
  // files are listed (`-i`, or `-o` without the standard excludes), as .env files are.
  const ignored =
    reading.flags.some((flag) => flag === "-i" || flag === "--ignored") ||
    (reading.flags.some((flag) => flag === "-o" || flag === "--others") && !reading.flags.includes("--exclude-standard"));
  const patterns: string[] = [];
  for (const tail of ignored ? ["**", "**/.*", "**/.*/**"] : ["**"]) {
    const path = analysis.resolvePath(tail, state.cwd);
    if (path === undefined) return undefined;
    patterns.push(path);
  }
  return { kind: "paths", patterns, tidy: true };
}

/** Options of git ls-files and git diff that leave each line a bare path (which files, not how they are shown). */
const TREE_NAME_ONLY = new Set([
  "--",
  "--name-only",
  "-c",
  "--cached",
  "-d",
  "--deleted",
  "-m",
  "--modified",
  "-o",
  "--others",
  "-i",
  "--ignored",
  "--exclude-standard",
  "--directory",
  "--no-empty-directory",
  "--full-name",
  "--recurse-submodules",
  "--error-unmatch",
  "--deduplicate",
  "-k",
  "--killed",
  "--staged",
  "--no-renames",
  "--diff-filter",
]);
/** Options whose value only selects which paths are listed (exclude patterns, a diff filter). */
const TREE_VALUE_OPTIONS = new Set(["-x", "--exclude", "-X", "--exclude-from", "--exclude-per-directory", "--diff-filter"]);

/**
 * mktemp: a new name in $TMPDIR (/tmp when unset) — with `-t`, `--tmpdir`, `-p DIR`, or no template — or where
 * the template says. The template's trailing X's become letters and digits. The default name is `tmp.` and ten
 * of them, and BSD's `-t` takes a prefix and adds a dot and more: both written with ten (BSD uses eight, but a
 * name of eight random letters after a dot would count as a `.keystore` file; ten cannot).
 */
function temporaryPath(reading: ArgvReading, context: RunContext, analysis: Analysis, state: State): PrintedKind | undefined {
  const optionValue = (...options: string[]) => {
    const found = reading.roled.find((arg) => arg.option !== undefined && options.includes(arg.option));
    return found && singleValue(found.field);
  };
  const directory = optionValue("-p", "--tmpdir");
  const templateArg = reading.roled.find((arg) => arg.option === undefined);
  const template = templateArg ? singleValue(templateArg.field) : undefined;
  const suffix = optionValue("--suffix") ?? "";
  const directoryGiven = reading.roled.some((arg) => arg.option === "-p" || arg.option === "--tmpdir");
  if ((templateArg && template === undefined) || /[*?[\]]/.test((template ?? "") + suffix) || (directoryGiven && directory === undefined)) return undefined;
  const prefixed = reading.flags.includes("-t");
  const inTemporary = prefixed || reading.flags.includes("--tmpdir") || directoryGiven || template === undefined;
  const base = directory ?? (inTemporary ? temporaryDirectory(context, state) : undefined);
  if (inTemporary && base === undefined) return undefined;
  const names = template === undefined ? [`tmp.${RANDOM.repeat(10)}`] : [randomized(template)];
  if (template !== undefined && prefixed) names.push(`${template}.${RANDOM.repeat(10)}`);
  const patterns: string[] = [];
  for (const name of names) {
    const path = analysis.resolvePath(base === undefined ? `${name}${suffix}` : `${base}/${name}${suffix}`, state.cwd);
    if (path === undefined) return undefined;
    if (!patterns.includes(path)) patterns.push(path);
  }
  return { kind: "paths", patterns };
}

/**
 * For a call in WORD_PRINTERS, the word it prints as extended globs, one of which it matches: exact
 * alphabets, so a number in a path (`logs/$(date +%F)`) is never taken for a key file's name.
 */
function printedWord(name: string, args: readonly Field[]): { patterns: readonly string[]; name: boolean } | undefined {
  // Every command comes through here: most are no word printer and cost one lookup.
  const shapes = WORD_PRINTERS_BY_NAME.get(name);
  if (!shapes) return undefined;
  const words = args.map(singleValue);
  if (words.some((word) => word === undefined)) return undefined;
  for (const { shape, prints } of shapes) {
    if (shape.length !== words.length || !shape.every((part, index) => fills(part, words[index]!))) continue;
    const patterns = wordPatterns(prints, words as string[]);
    return patterns && { patterns, name: prints === "name" };
  }
  return undefined;
}

const WORD_PRINTERS_BY_NAME = new Map<string, Array<{ shape: readonly string[]; prints: PrintedWord }>>();
for (const { argv, prints } of WORD_PRINTERS) {
  const [program, ...shape] = argv;
  const shapes = WORD_PRINTERS_BY_NAME.get(program) ?? [];
  shapes.push({ shape, prints });
  WORD_PRINTERS_BY_NAME.set(program, shapes);
}

const DIGITS = "+([0-9])";

function wordPatterns(prints: PrintedWord, words: readonly string[]): readonly string[] | undefined {
  switch (prints) {
    case "digits":
      return [DIGITS];
    case "name":
      return ["[A-Za-z_]*([A-Za-z0-9._-])"];
    case "machine":
      return ["+([A-Za-z0-9_])"];
    case "revision":
      // Without --verify, a word that names no revision is printed back as it is.
      return ["+([0-9a-f])", ...(words.includes("--verify") ? [] : [words[words.length - 1]!])];
    case "date": {
      const format = words[words.length - 1]!.slice(1);
      const pattern = dateFormatPattern(format);
      return pattern === undefined ? undefined : [pattern];
    }
  }
}

const PLAIN_USER = /^[A-Za-z_][A-Za-z0-9._-]*$/;
const PLAIN_REVISION = /^[A-Za-z0-9_][A-Za-z0-9._@^~-]*$/;

function fills(part: string, word: string): boolean {
  if (part === "USER") return PLAIN_USER.test(word);
  if (part === "REF") return PLAIN_REVISION.test(word);
  if (part === "+FORMAT") return word.startsWith("+");
  return part === word;
}

/**
 * What date prints for each conversion it may be given here: digits, and `-` `:` `+` where the conversion
 * holds them. Not %D (m/d/y), %e %k %l (padded with a blank), %c %x %X (blanks), nor names that depend on
 * the locale or on TZ (%a %b %Z).
 */
const DATE_CONVERSIONS: Readonly<Record<string, string>> = {
  ...Object.fromEntries([..."sYymdHMSjuwVGgNICq"].map((conversion) => [conversion, DIGITS])),
  F: `${DIGITS}-${DIGITS}-${DIGITS}`,
  T: `${DIGITS}:${DIGITS}:${DIGITS}`,
  R: `${DIGITS}:${DIGITS}`,
  z: `[+-]${DIGITS}`,
};

/**
 * A date format as the pattern of what it prints: its literal characters (letters, digits, `._:+-`) and its
 * conversions (with `-` or `0` for padding). Undefined for any other format, and for one whose output could
 * start with something but a letter, a digit or `_` (a leading `-` would be read as an option).
 */
function dateFormatPattern(format: string): string | undefined {
  let pattern = "";
  for (let index = 0; index < format.length; index++) {
    const char = format[index]!;
    if (char !== "%") {
      if (!/[A-Za-z0-9._:+-]/.test(char)) return undefined;
      pattern += char;
      continue;
    }
    let conversion = format[++index];
    if (conversion === "-" || conversion === "0") conversion = format[++index];
    const printed = conversion === undefined ? undefined : DATE_CONVERSIONS[conversion];
    if (printed === undefined) return undefined;
    pattern += printed;
  }
  return /^(?:[A-Za-z0-9_]|\+\(\[0-9\]\))/.test(pattern) ? pattern : undefined;
}

/** One of the characters mktemp puts in place of an X. */
const RANDOM = "[A-Za-z0-9]";

function randomized(template: string): string {
  const prefix = template.replace(/X+$/, "");
  return prefix + RANDOM.repeat(template.length - prefix.length);
}

/** $TMPDIR as the command sees it: set on its line, set earlier, or the temp directory the guard assumes. */
function temporaryDirectory(context: RunContext, state: State): string | undefined {
  const value = context.env.get("TMPDIR") ?? state.vars.get("TMPDIR");
  if (value === undefined) return "/tmp";
  return value.known && value.values.length === 1 && value.values[0] !== "" ? value.values[0] : value.known ? "/tmp" : undefined;
}

/**
 * `ls -d out-* build`: with -d, ls prints the names it is given (their globs expanded), one a line with -1 or
 * into a pipe or a substitution; options that add anything to a name (-l, -F, -i, -s, …) print more than paths.
 */
function listedDirectories(reading: ArgvReading, analysis: Analysis, state: State): PrintedKind | undefined {
  if (!reading.flags.includes("-d") && !reading.flags.includes("--directory")) return undefined;
  // A bundle (`-1d`) is listed with each of its letters, which are what is checked.
  if (reading.flags.some((flag) => !LS_NAME_ONLY.has(flag) && !/^-[^-]{2,}$/.test(flag))) return undefined;
  const operands = reading.roled.filter((arg) => arg.option === undefined);
  if (operands.length === 0 || operands.some((arg) => !arg.field.known)) return undefined;
  const patterns: string[] = [];
  for (const value of operands.flatMap((arg) => arg.field.values)) {
    const path = analysis.resolvePath(value, state.cwd);
    if (path === undefined) return undefined;
    if (!patterns.includes(path)) patterns.push(path);
  }
  return { kind: "paths", patterns };
}

/** ls options that leave each printed line a bare name (and sort or filter them). */
const LS_NAME_ONLY = new Set(["-d", "--directory", "-1", "-a", "-A", "--all", "--almost-all", "-r", "--reverse", "-t", "-S", "-U", "-X", "-v", "-c", "-u"]);

/** find prints the paths it finds: with no action (or -print/-print0 among its actions). */
function findPrints(args: readonly Field[], analysis: Analysis, state: State): PrintedKind | undefined {
  const { points, expression, execs } = findExpression(args);
  const words = expression.map(singleValue);
  const prints = words.some((word) => word === "-print" || word === "-print0") || (execs.length === 0 && !words.some((word) => word !== undefined && FIND_ACTIONS.has(word)));
  if (!prints) return undefined;
  const patterns = foundPaths(points, expression, analysis, state);
  return patterns ? { kind: "paths", patterns } : undefined;
}

const FIND_ACTIONS = new Set(["-delete", "-printf", "-fprint", "-fprint0", "-fprintf", "-ls", "-fls", "-quit"]);

/** Programs that pass on some of the lines they read, unchanged: what they print are paths when what they read were. */
const PATH_FILTERS = new Set(["grep", "egrep", "fgrep", "sort", "uniq", "head", "tail", "cat", "tee", "shuf", "tac"]);
/** grep options that print something other than whole lines. */
const GREP_REWRITES = ["-o", "--only-matching", "-c", "--count", "-l", "-L", "-n", "--line-number", "-b", "-H", "--with-filename", "-Z", "-z"];

function filtered(name: string, reading: ArgvReading, args: readonly Field[], context: RunContext, analysis: Analysis, state: State): PrintedKind | undefined {
  const stdin = context.stdin;
  if (stdin.kind !== "pipe" || stdin.sources.length === 0) return undefined;
  if (name === "cat" && args.length > 0) return undefined;
  if (name.endsWith("grep") && GREP_REWRITES.some((option) => reading.flags.includes(option))) return undefined;
  if (name === "uniq" && reading.flags.includes("-c")) return undefined;
  const paths = pathsPrintedBy(stdin.sources, analysis);
  if (paths?.kind !== "paths" || !name.endsWith("grep")) return paths;
  const prefix = anchoredPrefix(reading);
  const under = prefix === undefined || !paths.tidy ? undefined : analysis.resolvePath(prefix, state.cwd);
  return under === undefined ? paths : narrowed(paths.patterns, under, paths);
}

/**
 * The directory a grep keeps lines under: its one pattern anchored at the start and naming a relative directory
 * as plain text (`grep '^tmp/'`, `grep -E '^build/'`), not inverted, not caseless, with no file operand.
 */
function anchoredPrefix(reading: ArgvReading): string | undefined {
  if (reading.flags.some((flag) => !GREP_KEEPS_LINES.has(flag))) return undefined;
  const words = reading.roled.map((arg) => (arg.option === undefined || arg.option === "-e" || arg.option === "--regexp" ? singleValue(arg.field) : undefined));
  if (words.length !== 1 || words[0] === undefined) return undefined;
  return /^\^((?:[A-Za-z0-9_][A-Za-z0-9_-]*\/)+)$/.exec(words[0])?.[1];
}

/** grep options that change neither which lines are kept (as -v, -i, -F would) nor what is printed of them. */
const GREP_KEEPS_LINES = new Set(["-E", "--extended-regexp", "-G", "--basic-regexp", "-e", "--regexp", "--color", "--colour", "-s", "--no-messages", "--line-buffered"]);

/**
 * Tidy paths kept by a grep for lines under the directory `under` (resolved as the lines are): each pattern
 * narrowed to that directory — one already under it as it is, one that reaches it through `**` continued below it.
 * When a pattern is neither, the paths stay as they were.
 */
function narrowed(patterns: readonly string[], under: string, paths: PrintedKind): PrintedKind {
  const kept: string[] = [];
  const top = under === "" || under === "." ? "" : `${under}/`;
  for (const pattern of patterns) {
    const glob = pattern.search(/[*?[]/);
    const literal = glob < 0 ? pattern : pattern.slice(0, glob);
    if (pattern.startsWith(top)) kept.push(pattern);
    else if (top.startsWith(literal) && pattern.slice(literal.length).startsWith("**")) kept.push(top + pattern.slice(literal.length));
    else return paths;
  }
  return { kind: "paths", patterns: kept, tidy: true };
}

/** The paths the commands print, when every one of them prints paths. */
export function pathsPrintedBy(sources: readonly number[], analysis: Analysis): PrintedKind | undefined {
  const patterns: string[] = [];
  let tidy = true;
  for (const source of sources) {
    const kind = analysis.printedKinds.get(source);
    if (kind?.kind !== "paths") return undefined;
    tidy &&= kind.tidy === true;
    for (const pattern of kind.patterns) if (!patterns.includes(pattern)) patterns.push(pattern);
  }
  if (patterns.length === 0) return undefined;
  return tidy ? { kind: "paths", patterns, tidy } : { kind: "paths", patterns };
}
