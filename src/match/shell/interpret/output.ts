// What a command prints, when the input shows it: echo and printf of known
// words, cat of a heredoc or of a file the input wrote, pwd. A pipeline stage
// that prints known text gives the next stage known stdin (`echo 'rm -rf ~' |
// sh` is judged as `rm -rf ~`).
import type { Field } from "../expand/field.ts";
import type { ArgvReading } from "../programs/read-argv.ts";
import type { Analysis } from "./analysis.ts";
import type { RunContext } from "./run.ts";
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
      return words && printf(words);
    case "pwd":
      return cwdText(state.cwd)?.concat("\n");
    case "cat":
      return cat(reading, context, analysis, state);
    default:
      return undefined;
  }
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
  return (escapes ? decodeEscapes(text) : text) + (newline ? "\n" : "");
}

/** printf with a format of plain text and %s/%b only; anything cleverer is not followed. */
function printf(words: string[]): string | undefined {
  const [format, ...values] = words;
  if (format === undefined || /%[^sb%]/.test(format)) return undefined;
  const slots = (format.match(/%[sb]/g) ?? []).length;
  if (slots === 0) return decodeEscapes(format).replaceAll("%%", "%");
  let out = "";
  for (let start = 0; start < Math.max(values.length, 1); start += slots) {
    let slot = start;
    out += decodeEscapes(format).replace(/%([sb%])/g, (_whole, kind: string) => (kind === "%" ? "%" : (values[slot++] ?? "")));
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

function decodeEscapes(text: string): string {
  return text.replace(/\\([nrt\\a])/g, (_whole, char: string) => ({ n: "\n", r: "\r", t: "\t", "\\": "\\", a: "\x07" })[char] ?? char);
}
