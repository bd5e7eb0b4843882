// A command that prints only the names of a KEY=value file's lines — what
// lies left of the first `=` — shows the agent which settings a .env file
// has, never their values: `cut -d= -f1 .env`, `grep -o '^[A-Z_]*' .env`,
// `sed 's/=.*//' .env`, `awk -F= '{print $1}' .env`, the way an agent
// compares a .env with its template. Such a command is tagged `env-names`,
// and so is a reader whose output goes through pipes only into such a
// command (`grep -v '^#' .env | cut -d= -f1`), through plain line filters.
// Any other form (another field, a pattern that can cross the `=`, a sed
// command that prints whole lines) stays untagged. As with `cut`, a line
// without any `=` (inside a quoted multi-line value) comes out whole.
import type { SimpleCommand } from "../view/view.ts";
import type { Analysis } from "./analysis.ts";

export const ENV_NAMES_TAG = "env-names";

/** Programs that pass lines on (filtered, sorted, cut short) without adding any: a reader may pipe through them. */
const LINE_FILTERS = new Set(["cat", "grep", "egrep", "rg", "sort", "uniq", "head", "tail", "tac"]);

/** Tag each command that prints only the names of KEY=value lines, and each reader piping only into one. */
export function tagEnvNames(analysis: Pick<Analysis, "commands" | "flows">) {
  const tagged = analysis.commands.map((command) => !command.dynamicArgs && printsNamesOnly(command));
  // Pipes run forward, so a pass from the last command back settles a chain (`cat .env | grep -v '#' | cut …`).
  for (let index = analysis.commands.length - 1; index >= 0; index--) {
    if (!tagged[index] && feedsOnlyNamePrinters(analysis, index, tagged)) tagged[index] = true;
  }
  tagged.forEach((isTagged, index) => {
    if (isTagged) analysis.commands[index]!.tags.push(ENV_NAMES_TAG);
  });
}

function feedsOnlyNamePrinters(analysis: Pick<Analysis, "commands" | "flows">, index: number, tagged: readonly boolean[]): boolean {
  const command = analysis.commands[index]!;
  if (command.outputShown || command.writes.length > 0 || !LINE_FILTERS.has(command.name)) return false;
  const out = analysis.flows.filter((flow) => flow.from === index);
  return out.length > 0 && out.every((flow) => flow.channel === "pipe" && tagged[flow.to] === true);
}

function printsNamesOnly(command: SimpleCommand): boolean {
  switch (command.name) {
    case "cut":
      return cutsFirstField(command.args);
    case "grep":
    case "egrep":
    case "rg":
      return matchesOnlyNames(command.args);
    case "sed":
      return deletesValues(command.args);
    case "awk":
    case "gawk":
    case "mawk":
      return printsFirstField(command.args);
    default:
      return false;
  }
}

/** An option's value: attached (`-d=`, `--delimiter==`) or the next word; undefined when the word is not that option. */
type Option = { name: string; value?: string; width: number };

/** Reads `args[at]` as one of the given value-taking short or long options. */
function valueOption(args: readonly string[], at: number, short: string, long: string): Option | undefined {
  const word = args[at]!;
  if (word === short || word === long) return { name: short, value: args[at + 1], width: 2 };
  if (word.startsWith(`${long}=`)) return { name: short, value: word.slice(long.length + 1), width: 1 };
  if (word.startsWith(short) && !word.startsWith("--")) return { name: short, value: word.slice(short.length), width: 1 };
  return undefined;
}

/** `cut -d= -f1`: the first `=`-separated field; no --complement, no bytes or characters. */
function cutsFirstField(args: readonly string[]): boolean {
  let delimiter: string | undefined;
  let fields: string | undefined;
  for (let at = 0; at < args.length; ) {
    const word = args[at]!;
    const option = valueOption(args, at, "-d", "--delimiter") ?? valueOption(args, at, "-f", "--fields");
    if (option) {
      if (option.name === "-d") delimiter = option.value;
      else fields = option.value;
      at += option.width;
    } else if (word.startsWith("-") && word !== "-" && !["-s", "--only-delimited", "--"].includes(word)) return false;
    else at += 1;
  }
  return delimiter === "=" && fields === "1";
}

/** grep's flags that change neither which text a match prints nor where patterns come from. */
const GREP_LETTERS = new Set([..."oEGPihHnIsrRwx"]);
const GREP_LONG = new Set([
  "--only-matching",
  "--extended-regexp",
  "--basic-regexp",
  "--perl-regexp",
  "--ignore-case",
  "--no-filename",
  "--with-filename",
  "--line-number",
  "--no-messages",
  "--recursive",
  "--word-regexp",
  "--line-regexp",
]);

/** grep -o with every pattern anchored at the line's start and unable to reach past its first `=`. */
function matchesOnlyNames(args: readonly string[]): boolean {
  const patterns: string[] = [];
  const operands: string[] = [];
  let onlyMatching = false;
  for (let at = 0; at < args.length; at++) {
    const word = args[at]!;
    if (word === "--") {
      operands.push(...args.slice(at + 1));
      break;
    }
    if (word.startsWith("--regexp=")) patterns.push(word.slice("--regexp=".length));
    else if (word === "--regexp") patterns.push(args[++at] ?? "");
    else if (word.startsWith("--")) {
      if (!GREP_LONG.has(word)) return false;
      onlyMatching ||= word === "--only-matching";
    } else if (word.startsWith("-") && word.length > 1) {
      const pattern = letterBundle(word, args[at + 1]);
      if (pattern === null) return false;
      onlyMatching ||= word.slice(1).split("e")[0]!.includes("o");
      if (pattern.value !== undefined) {
        patterns.push(pattern.value);
        at += pattern.width - 1;
      }
    } else operands.push(word);
  }
  if (patterns.length === 0 && operands[0] !== undefined) patterns.push(operands[0]);
  return onlyMatching && patterns.length > 0 && patterns.every(isNamePattern);
}

/** A bundle of grep's letters (`-oE`, `-oe PATTERN`, `-e^X`): null when a letter is not a known harmless one. */
function letterBundle(word: string, next: string | undefined): { value?: string; width: number } | null {
  for (let index = 1; index < word.length; index++) {
    const letter = word[index]!;
    if (letter === "e") return index + 1 < word.length ? { value: word.slice(index + 1), width: 1 } : { value: next ?? "", width: 2 };
    if (!GREP_LETTERS.has(letter)) return null;
  }
  return { width: 1 };
}

/** POSIX classes that hold no `=`. */
const NAME_CLASSES = new Set(["[:alpha:]", "[:alnum:]", "[:upper:]", "[:lower:]", "[:digit:]", "[:blank:]", "[:space:]"]);

/**
 * `^` then atoms none of which can match `=` (letters, digits, `_`, a class without `=`, a negated class
 * that excludes it, `\w`), each with an optional quantifier, and at most a literal `=` at the end.
 */
export function isNamePattern(pattern: string): boolean {
  if (!pattern.startsWith("^")) return false;
  let at = 1;
  let atoms = 0;
  while (at < pattern.length) {
    if (pattern[at] === "=" && at === pattern.length - 1) return atoms > 0;
    const end = atomEnd(pattern, at);
    if (end < 0) return false;
    at = quantifierEnd(pattern, end);
    atoms++;
  }
  return atoms > 0;
}

function atomEnd(pattern: string, at: number): number {
  const char = pattern[at]!;
  if (char === "[") return classEnd(pattern, at);
  if (pattern.startsWith("\\w", at)) return at + 2;
  return /[A-Za-z0-9_ -]/.test(char) ? at + 1 : -1;
}

/** The end of a bracket class that cannot match `=`, or -1. */
function classEnd(pattern: string, at: number): number {
  const negated = pattern[at + 1] === "^";
  let index = negated ? at + 2 : at + 1;
  let plain = "";
  let namedClean = true;
  while (index < pattern.length && pattern[index] !== "]") {
    const named = /^\[:[a-z]+:\]/.exec(pattern.slice(index, index + 12))?.[0];
    if (named) {
      namedClean &&= NAME_CLASSES.has(named);
      index += named.length;
    } else plain += pattern[index++];
  }
  if (index >= pattern.length || index === (negated ? at + 2 : at + 1)) return -1;
  if (negated) return plain.includes("=") ? index + 1 : -1;
  return namedClean && holdsNoEquals(plain) ? index + 1 : -1;
}

/**
 * A class's plain text of letters, digits, `_`, space and ranges within one of a-z, A-Z or 0-9. A range across
 * them (`[0-z]`, `[ -_]`) spans the punctuation between, `=` among it; a `-` at either end is a literal.
 */
function holdsNoEquals(plain: string): boolean {
  const rest = plain.replace(/[a-z]-[a-z]|[A-Z]-[A-Z]|[0-9]-[0-9]/g, (range) => (range[0]! <= range[2]! ? "" : "="));
  return /^-?[A-Za-z0-9_ ]*-?$/.test(rest);
}

function quantifierEnd(pattern: string, at: number): number {
  const char = pattern[at];
  if (char === "*" || char === "+" || char === "?") return at + 1;
  if (pattern.startsWith("\\+", at) || pattern.startsWith("\\?", at)) return at + 2;
  const brace = /^\\?\{\d*(?:,\d*)?\\?\}/.exec(pattern.slice(at, at + 16));
  return brace ? at + brace[0].length : at;
}

/** sed's flags that change neither what a script prints nor where it writes. */
const SED_FLAGS = new Set(["-n", "--quiet", "--silent", "-E", "-r", "--regexp-extended", "-s", "--separate", "-u", "--unbuffered", "--posix"]);

/** sed whose every command deletes lines or cuts a line from its first `=` on (`s/=.*$//`). */
function deletesValues(args: readonly string[]): boolean {
  const scripts: string[] = [];
  const operands: string[] = [];
  let quiet = false;
  for (let at = 0; at < args.length; at++) {
    const word = args[at]!;
    if (word === "-e" || word === "--expression") scripts.push(args[++at] ?? "");
    else if (word.startsWith("--expression=")) scripts.push(word.slice("--expression=".length));
    else if (word.startsWith("-") && word.length > 1) {
      const letters = word.startsWith("--") ? [word] : [...word.slice(1)].map((letter) => `-${letter}`);
      if (!letters.every((flag) => SED_FLAGS.has(flag))) return false;
      quiet ||= letters.some((flag) => flag === "-n" || flag === "--quiet" || flag === "--silent");
    } else operands.push(word);
  }
  if (scripts.length === 0 && operands[0] !== undefined) scripts.push(operands[0]);
  const commands = scripts
    .flatMap((script) => script.split(/[;\n]/))
    .map((text) => text.trim())
    .filter((text) => text.length > 0);
  return commands.length > 0 && commands.every((text) => SED_LINE_DELETE.test(text) || cutsValue(text, quiet));
}

/** `/^#/d`, `/^$/d`, `$d`, `1d`: a line deleted, nothing printed. */
const SED_LINE_DELETE = /^(?:\/[^/]*\/|\$|\d+)\s*d$/;
/** What `s` replaces: from the first `=` (spaces before it too) to the end of the line. */
const VALUE_REGEX = /^(?:\\s\*|\[\[:space:\]\]\*|\[\[:blank:\]\]\*| \*|\[ \\t\]\*)?=\.\*\$?$/;

/**
 * `s/=.*$//` with a literal replacement (none, or a mask) and only the g or p flags. With an address, lines it skips would print
 * whole: only under -n, where only what `p` prints comes out.
 */
function cutsValue(text: string, quiet: boolean): boolean {
  const addressed = /^\/[^/]*\/\s*s/.exec(text);
  const command = addressed ? text.slice(addressed[0].length - 1) : text;
  if (addressed && !quiet) return false;
  const delimiter = command[1];
  if (command[0] !== "s" || delimiter === undefined || delimiter === "\\" || delimiter === "\n") return false;
  const parts = command.slice(2).split(delimiter);
  // The replacement may be literal text (`s/=.*/=***/` masks the values); `&` or `\1` would put the value back.
  return parts.length === 3 && VALUE_REGEX.test(parts[0]!) && !/[&\\]/.test(parts[1]!) && /^[gp]*$/.test(parts[2]!);
}

/** awk with `=` as its field separator whose program prints only `$1`, for all lines or those a plain test picks. */
function printsFirstField(args: readonly string[]): boolean {
  let separator: string | undefined;
  let program: string | undefined;
  for (let at = 0; at < args.length && program === undefined; at++) {
    const option = valueOption(args, at, "-F", "--field-separator");
    if (option) {
      separator = option.value;
      at += option.width - 1;
    } else if (args[at] === "-v" && /^FS=/.test(args[at + 1] ?? "")) separator = args[++at]!.slice(3);
    else if (args[at]!.startsWith("-") && args[at] !== "--") return false;
    else if (args[at] !== "--") program = args[at];
  }
  // A `NAME=value` operand sets a variable (`FS=:`) before the files after it are read.
  if (program === undefined || args.slice(args.indexOf(program) + 1).some((word) => /^[A-Za-z_]\w*=/.test(word))) return false;
  const body = program.trim().replace(AWK_BEGIN_FS, () => {
    separator = "=";
    return "";
  });
  return separator === "=" && AWK_PRINT_FIRST.test(body.trim());
}

const AWK_BEGIN_FS = /^BEGIN\s*\{\s*FS\s*=\s*"="\s*;?\s*\}/;
/** `{print $1}` after an optional test that prints nothing: a regex, NF, $1, joined by &&. */
const AWK_TEST = String.raw`(?:!?\s*\/[^/]*\/|NF(?:\s*>\s*0)?|\$1)`;
const AWK_PRINT_FIRST = new RegExp(String.raw`^(?:${AWK_TEST}(?:\s*&&\s*${AWK_TEST})*)?\s*\{\s*print\s+\$1\s*;?\s*\}$`);
