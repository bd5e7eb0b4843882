// What a command prints, when the input shows it: echo and printf of known
// words, cat of a heredoc or of a file the input wrote, pwd, the repository's
// top level. A pipeline stage
// that prints known text gives the next stage known stdin (`echo 'rm -rf ~' |
// sh` is judged as `rm -rf ~`).
import type { Field } from "../expand/field.ts";
import type { ArgvReading } from "../programs/read-argv.ts";
import type { Analysis } from "./analysis.ts";
import type { RunContext } from "./run-context.ts";
import { cwdText, type State } from "./state.ts";

export function recordOutput(index: number, name: string, reading: ArgvReading, args: readonly Field[], context: RunContext, analysis: Analysis, state: State) {
  const printed = printedBy(name, reading, args, context, analysis, state);
  if (printed !== undefined) analysis.outputs.set(index, printed);
}

function printedBy(name: string, reading: ArgvReading, args: readonly Field[], context: RunContext, analysis: Analysis, state: State): string | undefined {
  const words = knownWords(args);
  switch (name) {
    case "echo":
      return words && echo(words);
    case "printf":
      // `printf -v NAME …` prints nothing: it sets NAME (builtins.ts). `--` ends the options (a format may start with -).
      return words && words[0] !== "-v" ? printf(words[0] === "--" ? words.slice(1) : words) : undefined;
    case "pwd":
      return cwdText(state.cwd)?.concat("\n");
    case "true":
    case "false":
    case ":":
      return "";
    case "cd":
      // Silent, but for `cd -` (and a $CDPATH match, which the guard's own `cd DIR` never takes) which print the place.
      return words && !words.includes("-") ? "" : undefined;
    case "git":
      return topLevel(reading, state);
    case "dirname":
      return words && pathParts(words, posixDirname);
    case "basename":
      return words && words.length === 1 ? pathParts(words, posixBasename) : undefined;
    case "cat":
      return cat(reading, context, analysis, state);
    default:
      return undefined;
  }
}

/** `git rev-parse --show-toplevel` inside the project: the project root (the guard's project is the repository's top). */
function topLevel(reading: ArgvReading, state: State): string | undefined {
  if (reading.subcommand.join(" ") !== "rev-parse" || state.cwd.kind !== "project") return undefined;
  if (reading.flags.length !== 1 || reading.flags[0] !== "--show-toplevel" || reading.operands.length !== 1) return undefined;
  return ".\n";
}

/**
 * `dirname "$0"`, `basename "$f"`: the part of each path as coreutils prints it, one a line (`cd "$(dirname "$0")/.."`
 * in a script whose place is known goes where the script lies). Options and a suffix to strip are not followed.
 */
function pathParts(words: string[], part: (path: string) => string): string | undefined {
  if (words.length === 0 || words.some((word) => word.startsWith("-"))) return undefined;
  return words.map((word) => `${part(word)}\n`).join("");
}

function posixDirname(path: string): string {
  const trimmed = path.replace(/(.)\/+$/, "$1");
  const slash = trimmed.lastIndexOf("/");
  if (slash < 0) return ".";
  return trimmed.slice(0, slash).replace(/(.)\/+$/, "$1") || "/";
}

function posixBasename(path: string): string {
  const trimmed = path.replace(/(.)\/+$/, "$1");
  return trimmed === "/" ? "/" : trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

function knownWords(args: readonly Field[]): string[] | undefined {
  if (args.some((field) => !field.known || field.values.length !== 1)) return undefined;
  return args.map((field) => field.values[0]!);
}

function echo(words: string[]): string {
  let newline = true;
  let escapes = false;
  let index = 0;
  for (; index < words.length && /^-[neE]+$/.test(words[index]!); index++) {
    if (words[index]!.includes("n")) newline = false;
    if (words[index]!.includes("e")) escapes = true;
  }
  const text = words.slice(index).join(" ");
  if (!escapes) return text + (newline ? "\n" : "");
  const decoded = decodeEscapes(text, "echo");
  // `\c` ends the output there, newline included.
  return decoded.stopped ? decoded.text : decoded.text + (newline ? "\n" : "");
}

/** printf with a format of plain text and %s/%b only; anything cleverer is not followed. */
export function printf(words: string[]): string | undefined {
  const [format, ...values] = words;
  if (format === undefined || /%[^sb%]/.test(format)) return undefined;
  const slots = (format.match(/%[sb]/g) ?? []).length;
  const decodedFormat = decodeEscapes(format, "printf").text;
  if (slots === 0) return decodedFormat.replaceAll("%%", "%");
  let out = "";
  for (let start = 0; start < Math.max(values.length, 1); start += slots) {
    let slot = start;
    out += decodedFormat.replace(/%([sb%])/g, (_whole, kind: string) => {
      if (kind === "%") return "%";
      const value = values[slot++] ?? "";
      return kind === "b" ? decodeEscapes(value, "echo").text : value;
    });
    if (values.length === 0) break;
  }
  return out;
}

function cat(reading: ArgvReading, context: RunContext, analysis: Analysis, state: State): string | undefined {
  const files = reading.roled.filter((arg) => arg.option === undefined);
  if (files.length === 0) return context.stdin.kind === "text" ? context.stdin.text : undefined;
  let text = "";
  for (const file of files) {
    const value = file.field.known && file.field.values.length === 1 ? file.field.values[0]! : undefined;
    const path = value === undefined ? undefined : analysis.resolvePath(value, state.cwd);
    const content = path === undefined ? undefined : analysis.files.get(path)?.content;
    if (content === undefined) return undefined;
    text += content;
  }
  return text;
}

const SIMPLE_ESCAPES: Record<string, string> = { a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\\": "\\" };

/**
 * Backslash escapes as `echo -e` / `printf %b` (octal as `\0NNN`) and a printf
 * format (octal as `\NNN`) decode them: `\x20`, `\040` and `\u0020` are all a
 * space, so `echo -e 'rm\x20-rf ~' | sh` runs rm. `\c` stops the output.
 */
function decodeEscapes(text: string, flavour: "echo" | "printf"): { text: string; stopped: boolean } {
  const octal = flavour === "echo" ? "0([0-7]{0,3})" : "([0-7]{1,3})";
  const pattern = new RegExp(`\\\\(?:([abeEfnrtv\\\\])|${octal}|x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8})|(c))`, "g");
  let stopped = false;
  let out = "";
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    out += text.slice(last, match.index);
    last = match.index + match[0].length;
    const [, simple, octalDigits, hex, short, long, stop] = match;
    if (stop) {
      stopped = true;
      return { text: out, stopped };
    }
    if (simple) out += SIMPLE_ESCAPES[simple];
    else out += codePoint(octalDigits !== undefined ? Number.parseInt(octalDigits || "0", 8) : Number.parseInt((hex ?? short ?? long)!, 16), match[0]);
  }
  return { text: out + text.slice(last), stopped };
}

/** A code point as text; beyond Unicode (`\U7fffffff`) the escape stays as written. */
function codePoint(value: number, written: string): string {
  return value <= 0x10ffff ? String.fromCodePoint(value) : written;
}
