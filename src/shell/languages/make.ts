// Makefile text (`make --eval TEXT`, `-E TEXT`): recipe lines (after a tab,
// or after `;` on a rule line) run in a shell; `$(shell CMD)` runs CMD when
// the text is read; `$(file >F,…)` writes F and `$(file <F)` reads it;
// `include F` reads F; `SHELL = PROG` makes PROG run every recipe. Make
// variables in a recipe are only known at run time: they become unknown
// words, so `rm -rf $(DIR)` is judged as rm on a path nobody can see.
import { type CodeReading, UNKNOWN } from "./code.ts";
import { emptyReading, readLine, writeLine } from "./file-lines.ts";
import { closingIndexes } from "./groups.ts";
import { MAX_MAKE_EVAL_DEPTH, MAX_MAKE_REFERENCE_DEPTH } from "../../limits.ts";

export function readMake(text: string, depth = 0): CodeReading {
  const reading = emptyReading();
  for (const line of logicalLines(text)) readMakeLine(line, reading, depth);
  return reading;
}

/**
 * Makefile text with every recipe line led by a tab: GNU make lets a makefile choose another character to start its
 * recipes (`.RECIPEPREFIX = >`, back to the tab when set empty), and a reader that knows only the tab would miss
 * every recipe after it. The setting's own line is dropped.
 */
export function withTabRecipes(text: string): string {
  if (!text.includes(".RECIPEPREFIX")) return text;
  let prefix = "\t";
  return text
    .split("\n")
    .map((line) => {
      const setting = /^\s*(?:override\s+)?\.RECIPEPREFIX\s*[:+?!]*=[ \t]*(.*)$/.exec(line);
      if (setting) {
        prefix = setting[1]!.trim()[0] ?? "\t";
        return "";
      }
      return prefix !== "\t" && line.startsWith(prefix) ? `\t${line.slice(prefix.length)}` : line;
    })
    .join("\n");
}

/** Lines with `\`-newline continuations joined; comments removed (outside recipes). */
function logicalLines(text: string): string[] {
  return withTabRecipes(text)
    .replace(/\\\r?\n[ \t]*/g, " ")
    .split(/\r?\n/)
    .map((line) => (line.startsWith("\t") ? line : line.replace(/(?<!\\)#.*$/, "")));
}

function readMakeLine(line: string, reading: CodeReading, depth: number) {
  if (line.trim() === "") return;
  if (line.startsWith("\t")) return addRecipe(line.slice(1), reading, depth);
  const include = /^\s*-?(?:s?include)\s+(.+)$/.exec(line);
  if (include) {
    for (const file of include[1]!.trim().split(/\s+/)) reading.lines.push({ line: readLine(file), label: "include" });
    return;
  }
  const shellSetting = /^\s*(?:override\s+|export\s+)?SHELL\s*[:?+!]*=\s*(.+)$/.exec(line);
  if (shellSetting) {
    reading.lines.push({ line: expand(shellSetting[1]!.trim(), reading, depth), label: "SHELL" });
    return;
  }
  const rule = /^([^=\t]*?[^:=])::?(?!=)([^;=]*)(?:;(.*))?$/.exec(line);
  if (rule && !/^\s*(?:ifeq|ifneq|ifdef|ifndef|else|endif|define|endef|export|unexport|override|vpath)\b/.test(line)) {
    expand(rule[1]! + rule[2]!, reading, depth);
    if (rule[3] !== undefined) addRecipe(rule[3], reading, depth);
    return;
  }
  // Assignments and directives: only the functions they call matter here.
  expand(line, reading, depth);
}

/** A recipe line: `@`, `-` and `+` prefixes dropped, make's expansions done, the rest run by the shell. */
function addRecipe(recipe: string, reading: CodeReading, depth: number) {
  const command = expand(recipe.replace(/^[\s@+-]*/, ""), reading, depth);
  if (command.trim() !== "") reading.lines.push({ line: command, label: "recipe" });
}

/**
 * Make's expansion of `text`: `$$` is `$`, functions with effects are recorded
 * (`shell`, `file`, `eval`), and every other reference becomes an unknown word.
 */
function expand(text: string, reading: CodeReading, depth: number, nesting = 0): string {
  if (nesting > MAX_MAKE_REFERENCE_DEPTH) {
    reading.unresolved.push("make references nest too deeply to follow");
    return UNKNOWN;
  }
  const parens = closingIndexes(text, "(", ")");
  const braces = closingIndexes(text, "{", "}");
  let result = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char !== "$") {
      result += char;
      continue;
    }
    const next = text[index + 1];
    if (next === "$") {
      result += "$";
      index++;
    } else if (next === "(" || next === "{") {
      const end = (next === "(" ? parens : braces).get(index + 1) ?? text.length;
      result += reference(text.slice(index + 2, end), reading, depth, nesting);
      index = end;
    } else if (next !== undefined) {
      result += UNKNOWN;
      index++;
    }
  }
  return result;
}

/** `$(NAME)` or `$(function args)`. */
function reference(inner: string, reading: CodeReading, depth: number, nesting: number): string {
  const call = /^([a-z-]+)\s+([\s\S]*)$/.exec(inner);
  if (!call) return UNKNOWN;
  const [, name, args] = call as unknown as [string, string, string];
  switch (name) {
    case "shell": {
      const command = expand(args, reading, depth, nesting + 1);
      if (command.trim() !== "") reading.lines.push({ line: command, label: "$(shell)" });
      return UNKNOWN;
    }
    case "file":
      return fileFunction(args, reading, depth, nesting + 1);
    case "eval":
      if (depth >= MAX_MAKE_EVAL_DEPTH) reading.unresolved.push("make $(eval) nests too deeply to follow");
      else {
        const nested = readMake(expand(args, reading, depth, nesting + 1), depth + 1);
        reading.lines.push(...nested.lines);
        reading.unresolved.push(...nested.unresolved);
      }
      return "";
    case "guile":
      reading.code = [...(reading.code ?? []), { language: "scheme", text: args, label: "$(guile)" }];
      return UNKNOWN;
    default:
      // Other functions still expand their arguments, and a $(shell) inside them runs.
      expand(args, reading, depth, nesting + 1);
      return UNKNOWN;
  }
}

/** `$(file >F,TEXT)`, `$(file >>F)`, `$(file <F)`. */
function fileFunction(args: string, reading: CodeReading, depth: number, nesting: number): string {
  const match = /^\s*(>>|>|<)\s*([^,]*)/.exec(expand(args, reading, depth, nesting));
  if (!match) return UNKNOWN;
  const file = match[2]!.trim();
  reading.lines.push({ line: match[1] === "<" ? readLine(file) : writeLine(file), label: "$(file)" });
  return UNKNOWN;
}
