// Word expansion, as bash does it before running a command: braces, tilde,
// parameters (with their defaults and assignments, arrays and the positional
// parameters), command and process substitutions, quote removal, field
// splitting on $IFS, and globs kept as patterns. What depends on run time
// stays an unknown field, with the possible values the input still shows
// (`${X:-/}` may be `/`).
import type {
  ArithmeticExpression,
  ParameterExpansionPart,
  ParameterRemoveOperation,
  ParameterReplaceOperation,
  ParameterSliceOperation,
  ParsedScript,
  Word,
  WordPart,
} from "unbash";
import { expandBraces } from "../../match/braces.ts";
import { type Field, mergeSources } from "./field.ts";
import { MAX_PATTERN_OPERATION_CHARS, MAX_VALUE_CHARS } from "../../limits.ts";
import { type ArithmeticScope, evaluateArithmetic } from "./arithmetic.ts";
import { type PatternSearch, patternSearch } from "./pattern.ts";
import type { Value } from "./value.ts";

/** Values are defined in value.ts (field.ts needs the type too); most readers take it from here, with the expansion. */
export type { Value };

/**
 * What a substitution printed, as far as the input shows: its text (echo, printf), a pattern for the path it
 * names (`$(mktemp -d)`, `$(which rm)`), shell set-up code that only sets variables and defines functions
 * (`$(ssh-agent -s)`), or one word with no slash or blank, as patterns (`$(date +%s)`); nothing when it is
 * only known at run time.
 */
/** `word`: what a printed word may be; `name` when that word is a user or group name (`$(whoami)`). */
export type Substituted = { sources: number[]; output?: string; patterns?: readonly string[]; setup?: boolean; word?: readonly string[]; name?: boolean };

/** What expansion needs from the interpreter: variables, the directory, and a way to run substitutions. */
export interface WordEnvironment {
  readonly home: string;
  readonly maxAlternatives: number;
  /** A variable's value; undefined when the input never set it and it is not a well-known one. */
  variable(name: string): Value | undefined;
  assign(name: string, value: Value): void;
  /** $1 … $9, $@: the positional parameters, or undefined when unknown. */
  positional(): readonly Field[] | undefined;
  /** Run the commands of a substitution; returns the commands whose output it yields, and what they print. */
  substitute(script: ParsedScript | undefined, kind: "command" | "process", text: string): Substituted;
  /**
   * Text bash reads again as code: a value evaluated as arithmetic (`x='a[$(…)]'; (( x ))`), the subscript of a
   * name (`test -v 'a[$(…)]'`), a prompt string (`${x@P}`, PS4 under `set -x`). What it runs is judged.
   */
  evaluate(text: string, as: "arithmetic" | "prompt"): void;
  charge(): void;
}

/** A piece of a word: its possible texts, whether it may also be something else, and how it was quoted. */
type Segment = {
  values: string[];
  open: boolean;
  quoted: boolean;
  /** Unquoted glob syntax: the result is a pattern. */
  glob: boolean;
  sources: readonly number[];
  /** An unquoted expansion: its value is split into fields and globbed. */
  splittable?: boolean;
  piped?: boolean;
  /** The value is a pattern for paths by what it means (`$(mktemp -d)`), quoted or not. */
  pattern?: boolean;
  /** For an open segment: the text its value certainly ends with. */
  suffix?: string;
  /** For an open segment: the text its value certainly starts with (a variable assigned `build/$T`). */
  prefix?: string;
  /** For an open segment: shell set-up code (only variables and functions). */
  setup?: boolean;
  /** A user or group name printed by a substitution (`$(whoami)`): see namesInPaths. */
  name?: boolean;
  /** One word a program prints (`$(date +%s)`, `$(id -u)`): no slash, no blank, its text only the run knows. */
  printedWord?: true;
  /** `"${A[@]}"`, `"$@"`: a list, each element a field of its own (the first and last join the text around them). */
  elements?: readonly Value[];
};

/** The fields a word expands to: none (an unquoted empty expansion), one, or several. */
export function expandWord(word: Word, env: WordEnvironment): Field[] {
  env.charge();
  if (!word.parts) return plainWord(word, env);
  const separators = fieldSeparators(env);
  const fields: Field[] = [];
  for (const parts of braceVariants(word, env)) {
    const segments = parts.flatMap((part, index) => segmentsOf(part, env, false, index === 0));
    for (const group of splitIntoFields(segments, separators)) fields.push(field(word.text, namesInPaths(group), env));
  }
  return fields;
}

/** The value of a word that must be one text (an assignment, a heredoc delimiter, a redirect target). */
export function expandToValue(word: Word, env: WordEnvironment, { tildeAfterColons = false } = {}): Value {
  const segments = word.parts
    ? word.parts.flatMap((part, index) => segmentsOf(part, env, false, index === 0)).map((segment) => joinedList(segment, " "))
    : [plainSegment(word, env)];
  if (tildeAfterColons) expandTildesAfterColons(segments, env.home);
  const combined = combine(segments, env.maxAlternatives);
  const suffix = combined.open ? suffixOf(segments) : undefined;
  // One text, never split: its known start holds whatever the run-time parts turn out to be.
  const prefix = combined.open ? knownStart(segments) : undefined;
  return {
    values: combined.values,
    known: !combined.open,
    sources: combined.sources,
    ...(segments.some((segment) => segment.pattern) ? { pattern: true } : {}),
    ...(suffix ? { suffix } : {}),
    ...(prefix ? { prefix } : {}),
  };
}

function plainWord(word: Word, env: WordEnvironment): Field[] {
  const segment = plainSegment(word, env);
  return [{ text: word.text, values: segment.values, known: true, pattern: false, sources: [] }];
}

function plainSegment(word: Word, env: WordEnvironment): Segment {
  const value = word.text.startsWith("~") ? expandTilde(word.value, env) : word.value;
  return { values: [value], open: false, quoted: false, glob: false, sources: [] };
}

/** Brace expansion first: each alternative is expanded as a word of its own. */
function braceVariants(word: Word, env: WordEnvironment): Array<readonly WordPart[]> {
  const parts = word.parts!;
  const index = parts.findIndex((part) => part.type === "BraceExpansion");
  if (index < 0) return [parts];
  const brace = parts[index]!;
  // `{a,$(…)}`: the substitutions inside still run (the braces are then kept as written).
  const expansions = (brace.type === "BraceExpansion" ? (brace.parts ?? []) : []).filter((child) => child.type !== "Literal");
  if (expansions.length > 0) {
    for (const child of expansions) segmentsOf(child, env, false, false);
    return [parts];
  }
  const alternatives = expandBraces(brace.text, env.maxAlternatives);
  if (!alternatives) return [parts]; // too many to follow: kept literal, still matched as text
  return alternatives.map((text) => [...parts.slice(0, index), { type: "Literal", pos: brace.pos, end: brace.end, text, value: text } as WordPart, ...parts.slice(index + 1)]);
}

function segmentsOf(part: WordPart, env: WordEnvironment, quoted: boolean, first: boolean): Segment[] {
  switch (part.type) {
    case "Literal": {
      const value = !quoted && first && part.text.startsWith("~") ? expandTilde(part.value, env) : part.value;
      return [known(value, quoted)];
    }
    case "SingleQuoted":
    case "AnsiCQuoted":
      return [known(part.value, true)];
    case "DoubleQuoted":
    case "LocaleString": {
      const inner = part.parts.flatMap((child) => segmentsOf(child, env, true, false));
      return inner.length > 0 ? inner : [known("", true)];
    }
    case "Glob":
    case "ExtendedGlob":
      return [globSegment(part, env, quoted)];
    case "BraceExpansion":
      return [known(part.text, quoted)];
    case "SimpleExpansion":
      return [parameterSegment(part.text.slice(1), undefined, env, quoted)];
    case "ParameterExpansion":
      return [parameterSegment(part.parameter, part, env, quoted)];
    case "CommandExpansion": {
      const run = env.substitute(part.script, "command", part.text);
      const segment: Segment = { values: [], open: true, quoted, glob: false, sources: run.sources, splittable: !quoted };
      if (run.output !== undefined) return [{ ...segment, values: [run.output.replace(/\n+$/, "")], open: false }];
      if (run.patterns !== undefined) return [{ ...segment, values: [...run.patterns], open: false, pattern: true }];
      // A printed word is one of its patterns, or nothing when the program failed (`x/$(…)/../y` is then `x/../y`).
      if (run.word !== undefined) return [{ ...segment, values: ["", ...run.word], open: false, pattern: true, printedWord: true, ...(run.name ? { name: true } : {}) }];
      return [run.setup ? { ...segment, setup: true } : segment];
    }
    case "ProcessSubstitution": {
      const run = env.substitute(part.script, "process", part.text);
      return [{ values: [], open: true, quoted: true, glob: false, sources: run.sources, piped: true, ...(run.setup ? { setup: true } : {}) }];
    }
    case "ArithmeticExpansion": {
      // A $(…) inside still runs; the number is known when every operand is.
      walkArithmetic(part.expression, env);
      const number = evaluateArithmetic(part.expression, arithmeticScope(env));
      return [number === undefined ? { values: [], open: true, quoted: true, glob: false, sources: [] } : known(String(number), true)];
    }
  }
}

/**
 * `a[$(…)]`, `@(x|$(…))`: a glob's text is a pattern, and the substitutions inside it still run; what they print
 * makes the pattern unknown.
 */
function globSegment(part: Extract<WordPart, { type: "Glob" | "ExtendedGlob" }>, env: WordEnvironment, quoted: boolean): Segment {
  const inner = (part.parts ?? []).filter((child) => child.type !== "Literal" && child.type !== "Glob");
  const segments = inner.flatMap((child) => segmentsOf(child, env, quoted, false));
  if (segments.some((segment) => segment.open)) return { ...openSegment(quoted, mergeSources(...segments.map((segment) => segment.sources))), glob: !quoted };
  return { ...known(part.text, quoted), glob: !quoted, sources: mergeSources(...segments.map((segment) => segment.sources)) };
}

function known(value: string, quoted: boolean): Segment {
  return { values: [value], open: false, quoted, glob: false, sources: [] };
}

function arithmeticScope(env: WordEnvironment): ArithmeticScope {
  const one = (value: Value | undefined) => (value?.known && value.values.length === 1 ? value.values[0] : undefined);
  return {
    text: (name) => one(lookup(name, env)),
    forget: (name) => env.assign(name, { values: [], known: false, sources: [] }),
    // A word with a substitution in it was expanded by walkArithmetic already (running it twice would judge it twice).
    expand: (parts) =>
      parts.some((part) => /[`]|\$\(/.test(part.text))
        ? undefined
        : one(
            combineToValue(
              parts.flatMap((part, index) => segmentsOf(part, env, true, index === 0)),
              env,
            ),
          ),
  };
}

function combineToValue(segments: readonly Segment[], env: WordEnvironment): Value {
  const combined = combine(
    segments.map((segment) => joinedList(segment, " ")),
    env.maxAlternatives,
  );
  return { values: combined.values, known: !combined.open, sources: combined.sources };
}

/**
 * What an arithmetic expression runs, node by node (unbash builds some nodes lazily, so a generic walk over an
 * object's own values misses them): every `$(…)`, the substitutions in its words, and — because bash evaluates a
 * variable's value as an expression in turn — what the values of the variables it names run.
 */
export function walkArithmetic(node: ArithmeticExpression | undefined, env: WordEnvironment) {
  if (!node) return;
  env.charge();
  switch (node.type) {
    case "ArithmeticCommandExpansion":
      env.substitute(node.script, "command", node.text);
      return;
    case "ArithmeticWord": {
      if (!node.parts && node.value.startsWith("$")) return evaluateParameterOperand(node.value, env);
      const text = node.parts
        ? singleText(
            combineToValue(
              node.parts.flatMap((part, index) => segmentsOf(part, env, true, index === 0)),
              env,
            ),
          )
        : node.value;
      if (text !== undefined) evaluateOperandText(text, env);
      return;
    }
    case "ArithmeticGroup":
      return walkArithmetic(node.expression, env);
    case "ArithmeticUnary":
      return walkArithmetic(node.operand, env);
    case "ArithmeticBinary":
      walkArithmetic(node.left, env);
      return walkArithmetic(node.right, env);
    case "ArithmeticTernary":
      walkArithmetic(node.test, env);
      walkArithmetic(node.consequent, env);
      return walkArithmetic(node.alternate, env);
  }
}

/** `$x`, `$1` in an expression (unbash leaves them as text): the value it brings in is evaluated. */
function evaluateParameterOperand(text: string, env: WordEnvironment) {
  const name = /^\$([A-Za-z_][A-Za-z0-9_]*|[0-9])$/.exec(text)?.[1];
  const value = name === undefined ? undefined : lookup(name, env);
  for (const valueText of value?.known ? value.values : []) if (valueText !== text) evaluateOperandText(valueText, env);
}

function singleText(value: Value): string | undefined {
  return value.known && value.values.length === 1 ? value.values[0] : undefined;
}

const NUMBER = /^\s*[-+]?[0-9][0-9A-Za-z@_#]*\s*$/;
const NAME_WITH_SUBSCRIPT = /^\s*([A-Za-z_][A-Za-z0-9_]*)(?:\[([\s\S]*)\])?\s*$/;

/**
 * One operand's text as bash evaluates it: a number is a number; a name is its variable's value, evaluated as an
 * expression in turn; `a[sub]` evaluates `sub` (where a `$(…)` runs) and then the element; anything else (the
 * text a `$x` brought in) is an expression of its own.
 */
export function evaluateOperandText(text: string, env: WordEnvironment) {
  if (text.trim() === "" || NUMBER.test(text)) return;
  const name = NAME_WITH_SUBSCRIPT.exec(text);
  if (!name) return env.evaluate(text, "arithmetic");
  if (name[2] !== undefined) env.evaluate(name[2], "arithmetic");
  const value = lookup(name[1]!, env);
  if (!value) return;
  const held = [...value.values, ...(value.elements ?? []).flatMap((item) => item.values)];
  for (const valueText of new Set(held)) if (valueText.trim() !== "" && !NUMBER.test(valueText)) env.evaluate(valueText, "arithmetic");
}

/**
 * A variable's name as a builtin reads it (`test -v`, `printf -v`, `read`, `declare`, `${!x}`): a subscript in
 * it is expanded and evaluated (`'a[$(…)]'` runs the command).
 */
export function evaluateNameText(text: string, env: WordEnvironment) {
  const name = NAME_WITH_SUBSCRIPT.exec(text);
  if (name?.[2] !== undefined) env.evaluate(name[2], "arithmetic");
}

/** A word bash evaluates as an arithmetic expression once expanded (`let`, `[[ x -eq y ]]`, `${a[i]}`, `${x:i}`). */
export function evaluateArithmeticWord(word: Word, env: WordEnvironment): Value {
  const value = expandToValue(word, env);
  for (const text of value.known ? value.values : []) evaluateOperandText(text, env);
  return value;
}

// ---------------------------------------------------------------------------
// Parameters

const SPECIAL = new Set(["?", "$", "!", "-", "_"]);

function openSegment(quoted: boolean, sources: readonly number[] = []): Segment {
  return { values: [], open: true, quoted, glob: false, sources, splittable: !quoted };
}

function valueSegment(value: Value | undefined, quoted: boolean): Segment {
  if (!value) return openSegment(quoted);
  return {
    values: [...value.values],
    open: !value.known,
    quoted,
    glob: false,
    sources: value.sources,
    splittable: !quoted,
    ...(value.pattern ? { pattern: true } : {}),
    ...(value.suffix !== undefined ? { suffix: value.suffix } : {}),
    ...(value.prefix !== undefined ? { prefix: value.prefix } : {}),
  };
}

function parameterSegment(name: string, part: ParameterExpansionPart | undefined, env: WordEnvironment, quoted: boolean): Segment {
  if (part?.prefix === "#" || (name === "#" && !part)) return countSegment(name, part, env);
  if (part?.prefix === "!") {
    if (part.index && part.index.value !== "@" && part.index.value !== "*") evaluateArithmeticWord(part.index, env);
    return indirectSegment(name, part, env, quoted);
  }
  if (SPECIAL.has(name)) return openSegment(quoted);
  const index = part?.index?.value;
  if (name === "@" || name === "*" || index === "@" || index === "*") return listSegment(name, part, env, quoted);
  // A subscript is an arithmetic expression: what it runs runs whether or not the array is set.
  if (part?.index) evaluateArithmeticWord(part.index, env);
  let value = part?.index ? element(name, part.index, env) : lookup(name, env);
  const operation = part?.operation;
  if (operation?.type === "Default") value = applyDefault(name, value, operation.operator, expandToValue(operation.operand, env), env);
  else if (operation?.type === "CaseModification") value = value && caseModified(value, operation.operator);
  else if (operation?.type === "Slice") value = substring(value, sliceNumbers(operation, env));
  else if (operation?.type === "Remove" || operation?.type === "Replace") value = patternOperation(value, operation, env);
  else if (operation?.type === "Transform") value = transformed(value, operation.operand, env);
  else if (operation) value = { values: [], known: false, sources: value?.sources ?? [] };
  return valueSegment(value, quoted);
}

/** `${x@P}` expands the value as a prompt string (its `$(…)` runs); `${x@Q}` and the others only change how it looks. */
function transformed(value: Value | undefined, operand: Word, env: WordEnvironment): Value {
  if (operand.value === "P") for (const text of value?.known ? value.values : []) env.evaluate(text, "prompt");
  return { values: [], known: false, sources: value?.sources ?? [] };
}

/** `${!x}`: the variable x names — and a subscript in that name is evaluated (`x='a[$(…)]'` runs the command). */
function indirectSegment(name: string, part: ParameterExpansionPart, env: WordEnvironment, quoted: boolean): Segment {
  if (!part.index && part.operation?.type !== "Names") {
    const named = lookup(name, env);
    for (const text of named?.known ? named.values : []) evaluateNameText(text, env);
  }
  return openSegment(quoted);
}

function lookup(name: string, env: WordEnvironment): Value | undefined {
  if (/^\d+$/.test(name)) return positionalValue(Number(name), env);
  return env.variable(name);
}

function positionalValue(position: number, env: WordEnvironment): Value | undefined {
  const fields = env.positional();
  if (!fields) return undefined;
  const field = fields[position];
  if (!field) return { values: [""], known: true, sources: [] };
  return valueOfField(field);
}

function valueOfField(field: Field): Value {
  return { values: field.values, known: field.known, sources: field.sources, ...(field.pattern ? { pattern: true } : {}) };
}

/** `"$@"`, `"${A[@]}"`, `${A[*]}`, `"${@:2}"`: each element a field of its own, or — quoted `*` — one field joined by $IFS's first character. */
function listSegment(name: string, part: ParameterExpansionPart | undefined, env: WordEnvironment, quoted: boolean): Segment {
  const positional = name === "@" || name === "*";
  const star = name === "*" || part?.index?.value === "*";
  let elements = positional ? env.positional()?.map(valueOfField) : arrayElements(name, env);
  const operation = part?.operation;
  if (elements && operation?.type === "Slice") elements = sliced(elements, operation, env);
  else if (elements && operation?.type === "CaseModification") elements = elements.map((element) => caseModified(element, operation.operator));
  else if (operation) elements = undefined;
  else if (elements && positional) elements = elements.slice(1); // $0 is not among "$@"
  if (!elements) return openSegment(quoted);
  const sources = mergeSources(...elements.map((element) => element.sources));
  if (star && quoted) {
    const separator = fieldSeparators(env);
    if (separator === undefined) return openSegment(quoted, sources);
    return valueSegment(joinValues(elements, separator.slice(0, 1)), quoted);
  }
  return { values: [], open: false, quoted, glob: false, sources, splittable: !quoted, elements };
}

/** The elements of an array; a plain variable is an array of one; undefined when only the run knows them. */
function arrayElements(name: string, env: WordEnvironment): readonly Value[] | undefined {
  const value = env.variable(name);
  if (!value) return undefined;
  if (value.elements) return value.elements;
  return value.known ? [value] : undefined;
}

/** `${A[@]:1:2}`, `${@:2}` (which counts $0 as 0): a slice with a literal offset and length; undefined otherwise. */
function sliced(elements: readonly Value[], operation: ParameterSliceOperation, env: WordEnvironment): readonly Value[] | undefined {
  const bounds = sliceBounds(elements.length, sliceNumbers(operation, env));
  return bounds && elements.slice(bounds.start, bounds.end);
}

/** `${X%.txt}`, `${X#./}`, `${X/a/b}`, `${X//-/_}`: a known text with the part a pattern matches removed or replaced. */
function patternOperation(value: Value | undefined, operation: ParameterRemoveOperation | ParameterReplaceOperation, env: WordEnvironment): Value | undefined {
  // The operands are expanded (their substitutions run) even when the variable is unset.
  const pattern = patternOf(operation.type === "Remove" ? operation.operand : operation.pattern, env);
  const replacement = operation.type === "Replace" ? replacementOf(operation.replacement, env) : "";
  if (!value) return value;
  const unknownValue = { values: [], known: false, sources: value.sources };
  if (!value.known || pattern === undefined || replacement === undefined) return unknownValue;
  const search = patternSearch(pattern, () => env.charge());
  const results: string[] = [];
  for (const text of value.values) {
    if (text.length > MAX_PATTERN_OPERATION_CHARS) return unknownValue;
    results.push(operation.type === "Remove" ? removeMatch(text, search, operation.operator) : replaceMatch(text, search, operation.operator, replacement));
  }
  return { values: dedupe(results), known: true, sources: value.sources };
}

/** The pattern of `${X%…}`: known text; glob characters inside quotes would be literal, which the matcher does not model. */
function patternOf(word: Word | undefined, env: WordEnvironment): string | undefined {
  if (!word) return "";
  const value = expandToValue(word, env);
  if (!value.known || value.values.length !== 1) return undefined;
  const quotedGlob = (word.parts ?? []).some((part) => part.type !== "Literal" && part.type !== "Glob" && /[*?[\\]/.test(part.text));
  return quotedGlob ? undefined : value.values[0];
}

/** `${X/a/b}`'s b; with `&` in it bash (patsub_replacement) puts the match there, which is not followed. */
function replacementOf(word: Word | undefined, env: WordEnvironment): string | undefined {
  if (!word) return "";
  const value = expandToValue(word, env);
  return value.known && value.values.length === 1 && !value.values[0]!.includes("&") ? value.values[0] : undefined;
}

function removeMatch(text: string, search: PatternSearch, operator: ParameterRemoveOperation["operator"]): string {
  const chars = [...text];
  const longest = operator.length === 2;
  if (operator.startsWith("#")) {
    const ends = search.endsFrom(chars, 0);
    const cut = longest ? ends.at(-1) : ends[0];
    return cut === undefined ? text : chars.slice(cut).join("");
  }
  const lengths = search.suffixLengths(chars);
  const cut = longest ? lengths.at(-1) : lengths[0];
  return cut === undefined ? text : chars.slice(0, chars.length - cut).join("");
}

/** First (or every, `//`) longest match replaced; `/#` only at the start, `/%` only at the end. An empty match changes nothing. */
function replaceMatch(text: string, search: PatternSearch, operator: ParameterReplaceOperation["operator"], replacement: string): string {
  const chars = [...text];
  if (operator === "/%") {
    const longest = search.suffixLengths(chars).at(-1);
    return longest ? chars.slice(0, chars.length - longest).join("") + replacement : text;
  }
  let out = "";
  let at = 0;
  while (at < chars.length) {
    const end = search.endsFrom(chars, at).at(-1);
    if (end !== undefined && end > at) {
      out += replacement;
      at = end;
      if (operator !== "//") break;
      continue;
    }
    if (operator === "/#") break;
    out += chars[at];
    at++;
  }
  return out + chars.slice(at).join("");
}

/** `${X:2}`, `${X: -3:2}`: part of a known text. */
function substring(value: Value | undefined, numbers: SliceNumbers): Value | undefined {
  if (!value) return value;
  if (!value.known) return { values: [], known: false, sources: value.sources };
  const texts: string[] = [];
  for (const text of value.values) {
    const bounds = sliceBounds(text.length, numbers);
    if (!bounds) return { values: [], known: false, sources: value.sources };
    texts.push(text.slice(bounds.start, bounds.end));
  }
  return { values: texts, known: true, sources: value.sources };
}

/** A slice's offset and length, each an arithmetic expression (evaluated once, whether or not the variable is set). */
type SliceNumbers = { offset: number | undefined; length: number | undefined; hasLength: boolean };

function sliceNumbers(operation: ParameterSliceOperation, env: WordEnvironment): SliceNumbers {
  return { offset: integerOf(operation.offset, env), length: operation.length ? integerOf(operation.length, env) : undefined, hasLength: operation.length !== undefined };
}

function sliceBounds(size: number, { offset, length, hasLength }: SliceNumbers): { start: number; end: number } | undefined {
  if (offset === undefined || (hasLength && length === undefined)) return undefined;
  const start = offset < 0 ? Math.max(0, size + offset) : Math.min(offset, size);
  if (length === undefined) return { start, end: size };
  const end = length < 0 ? size + length : start + length;
  return end < start ? undefined : { start, end: Math.min(end, size) };
}

function integerOf(word: Word, env: WordEnvironment): number | undefined {
  const value = evaluateArithmeticWord(word, env);
  const text = value.known && value.values.length === 1 ? value.values[0]!.trim() : undefined;
  return text !== undefined && /^-?\d{1,9}$/.test(text) ? Number(text) : undefined;
}

/** `${#X}`, `${#A[@]}`, `$#`: a length or a count, when the input shows it. */
function countSegment(name: string, part: ParameterExpansionPart | undefined, env: WordEnvironment): Segment {
  const index = part?.index?.value;
  if (name === "#" || name === "@" || name === "*") {
    const fields = env.positional();
    return fields ? known(String(Math.max(fields.length - 1, 0)), true) : openSegment(true);
  }
  if (index === "@" || index === "*") {
    const elements = arrayElements(name, env);
    return elements ? known(String(elements.length), true) : openSegment(true);
  }
  const value = part?.index ? element(name, part.index, env) : lookup(name, env);
  if (!value?.known || value.values.length !== 1) return { ...openSegment(true), sources: value?.sources ?? [] };
  return known(String([...value.values[0]!].length), true);
}

function joinValues(elements: readonly Value[], separator: string): Value {
  const sources = mergeSources(...elements.map((element) => element.sources));
  if (elements.some((element) => !element.known || element.values.length !== 1)) return { values: [], known: false, sources };
  return { values: [elements.map((element) => element.values[0]).join(separator)], known: true, sources };
}

/** A list segment as one text (an assignment joins `"$@"` with spaces). */
function joinedList(segment: Segment, separator: string): Segment {
  if (!segment.elements) return segment;
  const { elements: _elements, ...rest } = segment;
  const joined = joinValues(segment.elements, separator);
  return { ...rest, values: [...joined.values], open: !joined.known, sources: joined.sources };
}

/** `${A[0]}`, `${A[-1]}`, `${A[$i]}` (any of them), `${X[0]}` (a plain variable is element 0). */
function element(name: string, index: Word, env: WordEnvironment): Value | undefined {
  const value = env.variable(name);
  if (!value) return undefined;
  const elements = value.elements ?? (value.known ? [value] : undefined);
  if (!elements) return { values: [], known: false, sources: value.sources };
  const position = index.parts ? undefined : /^-?\d{1,9}$/.test(index.value.trim()) ? Number(index.value.trim()) : undefined;
  if (position === undefined) return { values: [...new Set(elements.flatMap((item) => item.values))], known: false, sources: value.sources };
  const found = position < 0 ? elements[elements.length + position] : elements[position];
  return found ?? { values: [""], known: true, sources: [] };
}

/** `${X-v}`, `${X:-v}`, `${X=v}`, `${X:+v}`, `${X:?msg}`. */
function applyDefault(name: string, value: Value | undefined, operator: string, operand: Value, env: WordEnvironment): Value {
  const colon = operator.startsWith(":");
  const kind = operator.replace(":", "");
  const isSet = value?.known && (!colon || value.values.every((text) => text !== ""));
  const isUnset = value?.known && value.values.every((text) => (colon ? text === "" : false));
  if (kind === "+") {
    if (isSet) return operand;
    if (isUnset) return { values: [""], known: true, sources: [] };
    return { values: [...operand.values, ""], known: false, sources: operand.sources };
  }
  if (kind === "?") return value ?? { values: [], known: false, sources: [] };
  if (isSet) return value!;
  if (kind === "=" && (isUnset || value === undefined)) env.assign(name, operand);
  if (isUnset) return operand;
  // Unknown: the value from outside, or the default.
  return { values: [...(value?.values ?? []), ...operand.values], known: false, sources: mergeSources(value?.sources ?? [], operand.sources) };
}

function caseModified(value: Value, operator: string): Value {
  const upper = operator.startsWith("^");
  const all = operator.length === 2;
  const change = (text: string) => {
    if (all) return upper ? text.toUpperCase() : text.toLowerCase();
    return (upper ? text.charAt(0).toUpperCase() : text.charAt(0).toLowerCase()) + text.slice(1);
  };
  // What the value was known to start or end with is no longer its text.
  const { prefix: _prefix, suffix: _suffix, ...rest } = value;
  return { ...rest, values: value.values.map(change) };
}

// ---------------------------------------------------------------------------
// Tilde

function expandTilde(text: string, env: WordEnvironment): string {
  const slash = text.indexOf("/");
  const head = slash < 0 ? text : text.slice(0, slash);
  const rest = slash < 0 ? "" : text.slice(slash);
  if (head === "~") return env.home + rest;
  if (head === "~+") return (env.variable("PWD")?.values[0] ?? ".") + rest;
  if (head === "~-") return (env.variable("OLDPWD")?.values[0] ?? "~-") + rest;
  const user = head.slice(1);
  if (/^[a-z_][a-z0-9_.-]*$/i.test(user)) return (user === basename(env.home) ? env.home : `/home/${user}`) + rest;
  return text;
}

function expandTildesAfterColons(segments: Segment[], home: string) {
  for (const segment of segments) {
    if (segment.quoted) continue;
    segment.values = segment.values.map((value) => value.replace(/(^|:)~(?=\/|:|$)/g, `$1${home}`));
  }
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

// ---------------------------------------------------------------------------
// Combining segments into fields

type Combined = { values: string[]; open: boolean; sources: number[] };

/** Every concatenation of the segments' values, up to the cap; beyond it the result is open. */
function combine(segments: readonly Segment[], cap: number): Combined {
  let values = [""];
  let open = false;
  const sources: number[] = [];
  for (const segment of segments) {
    for (const source of segment.sources) if (!sources.includes(source)) sources.push(source);
    if (segment.open) open = true;
    if (segment.values.length === 0) {
      values = [];
      continue;
    }
    if (values.length === 0) continue;
    const next: string[] = [];
    for (const prefix of values) for (const value of segment.values) next.push(prefix + value);
    values = dedupe(next);
    if (values.some((value) => value.length > MAX_VALUE_CHARS)) {
      values = [];
      open = true;
      continue;
    }
    if (values.length > cap) {
      values = values.slice(0, cap);
      open = true;
    }
  }
  return { values, open, sources };
}

/**
 * A user name is a name, not a file: in a field with no `/` or `.` of its own (`-u $(whoami)`, `--owner=$(id -un)`)
 * it is read as any run-time value (`$USER`), so its letters never make a key file's name (`id_rsa`). Where the
 * field is a path or a file name (`~/.ssh/id_$(whoami)`, `/home/$(whoami)`, `$(whoami).pem`) the name stays one
 * part of that path.
 */
function namesInPaths(segments: Segment[]): Segment[] {
  if (!segments.some((segment) => segment.name)) return segments;
  if (segments.some((segment) => !segment.name && segment.values.some((value) => /[/.]/.test(value)))) return segments;
  return segments.map((segment) =>
    segment.name ? { values: [], open: true, quoted: segment.quoted, glob: false, sources: segment.sources, splittable: !segment.quoted } : segment,
  );
}

function field(text: string, segments: readonly Segment[], env: WordEnvironment): Field {
  const combined = combine(segments, env.maxAlternatives);
  const piped = segments.some((segment) => segment.piped);
  const suffix = combined.open ? suffixOf(segments) : undefined;
  const prefix = combined.open ? prefixOf(segments) : undefined;
  const shellText = combined.open ? withoutSetupCode(segments, env) : undefined;
  const wildcard = combined.open ? undefined : printedWordWildcard(segments);
  return {
    text,
    values: combined.values,
    known: !combined.open,
    pattern: segments.some((segment) => segment.glob || segment.pattern === true || (segment.splittable === true && segment.values.some(hasGlobChars))),
    sources: combined.sources,
    ...(piped ? { piped } : {}),
    ...(suffix !== undefined ? { suffix } : {}),
    ...(prefix !== undefined ? { prefix } : {}),
    ...(shellText ? { shellText } : {}),
    ...(wildcard !== undefined ? { wildcard } : {}),
  };
}

/**
 * `"dist/$(date +%s)/post.sh"`: the word with each printed word as `*` (`dist/` + `*` + `/post.sh`), when every other part is
 * one plain text. The printed word's own patterns (`+([0-9])`, or nothing when the program failed) say what it may
 * be; this says where a file written there is found again by a later call, whatever the run printed.
 */
function printedWordWildcard(segments: readonly Segment[]): string | undefined {
  if (!segments.some((segment) => segment.printedWord)) return undefined;
  let text = "";
  for (const segment of segments) {
    if (segment.printedWord) {
      text += "*";
      continue;
    }
    const value = segment.values.length === 1 ? segment.values[0]! : undefined;
    if (value === undefined || segment.open || segment.glob || segment.pattern || hasGlobChars(value)) return undefined;
    text += value;
  }
  return text;
}

/**
 * The known text at the start of an open word whose run-time parts are all quoted (`"build/$T"`): the literal text
 * before its first run-time part. An unquoted part may split into further words (`./build/$X` with `X="a /"`), so
 * such a word has no prefix that holds for all of it.
 */
function prefixOf(segments: readonly Segment[]): string | undefined {
  if (segments.some((segment) => segment.open && (segment.splittable === true || !segment.quoted || segment.elements !== undefined))) return undefined;
  return knownStart(segments);
}

/** The literal text before the first run-time part, with what that part is known to start with. */
function knownStart(segments: readonly Segment[]): string | undefined {
  let head = "";
  for (const segment of segments) {
    if (segment.open) {
      head += segment.prefix ?? "";
      break;
    }
    if (segment.values.length !== 1) break;
    head += segment.values[0];
  }
  return head === "" ? undefined : head;
}

/** The known text at the end of an open word: the literal text after its last run-time part, and what that part is known to end with. */
function suffixOf(segments: readonly Segment[]): string | undefined {
  let tail = "";
  for (let index = segments.length - 1; index >= 0; index--) {
    const segment = segments[index]!;
    if (!segment.open && segment.values.length === 1) {
      tail = segment.values[0] + tail;
      continue;
    }
    if (segment.open && segment.suffix !== undefined) tail = segment.suffix + tail;
    break;
  }
  return tail === "" ? undefined : tail;
}

/** When every run-time part of a word is set-up code: the word's text with that code left out (as an empty line). */
function withoutSetupCode(segments: readonly Segment[], env: WordEnvironment): string[] | undefined {
  if (!segments.some((segment) => segment.setup) || segments.some((segment) => segment.open && !segment.setup)) return undefined;
  const combined = combine(
    segments.map((segment) => (segment.setup ? known("\n", true) : segment)),
    env.maxAlternatives,
  );
  return combined.open ? undefined : combined.values;
}

// ---------------------------------------------------------------------------
// Field splitting

const IFS_WHITESPACE = " \t\n";

/** The characters unquoted expansions split on: $IFS (blank, tab and newline when unset); undefined when only the run knows it. */
function fieldSeparators(env: WordEnvironment): string | undefined {
  const value = env.variable("IFS");
  if (!value) return IFS_WHITESPACE;
  return value.known && value.values.length === 1 ? value.values[0] : undefined;
}

/**
 * The segments of a word grouped into fields, as bash splits them: quoted text never splits; an unquoted
 * expansion splits where $IFS says (runs of IFS whitespace are one break and make no empty field; each other
 * IFS character ends a field, empty or not); each element of `"${A[@]}"` / `"$@"` is a field of its own.
 */
function splitIntoFields(segments: readonly Segment[], separators: string | undefined): Segment[][] {
  const splitter = new FieldSplitter(separators);
  for (const segment of segments) {
    if (segment.elements) splitter.addList(segment, segment.elements);
    else if (segment.splittable) splitter.addExpansion(segment);
    else splitter.add(segment, segment.quoted || segment.open || segment.values.some((value) => value !== ""));
  }
  return splitter.finish();
}

class FieldSplitter {
  readonly #fields: Segment[][] = [];
  #current: Segment[] = [];
  /** The current field exists: it has text, or quotes, or a run-time part. */
  #started = false;

  constructor(readonly separators: string | undefined) {}

  add(segment: Segment, starts: boolean) {
    this.#current.push(segment);
    if (starts) this.#started = true;
  }

  /** End the current field, if there is one. */
  end() {
    if (this.#started) this.#fields.push(this.#current);
    this.#current = [];
    this.#started = false;
  }

  finish(): Segment[][] {
    this.end();
    return this.#fields;
  }

  addList(segment: Segment, elements: readonly Value[]) {
    elements.forEach((element, index) => {
      if (index > 0) this.end();
      const piece: Segment = { ...valueSegment(element, segment.quoted), glob: segment.glob };
      if (segment.quoted) this.add(piece, true);
      else this.addExpansion(piece);
    });
  }

  /** An unquoted expansion: split when its value and $IFS are known; one field that may be any of its pieces otherwise. */
  addExpansion(segment: Segment) {
    const separators = this.separators;
    // $IFS only known at run time: the value may split anywhere; it is at least whole, or split on blanks.
    if (separators === undefined)
      return this.add({ ...segment, values: dedupe(segment.values.flatMap((value) => [value, ...value.split(/[ \t\n]+/).filter((piece) => piece !== "")])), open: true }, true);
    if (!segment.open && segment.values.length === 1) return this.splitKnown(segment, segment.values[0]!, separators);
    const splits = (value: string) => [...value].some((char) => separators.includes(char));
    if (!segment.values.some(splits)) return this.add(segment, segment.open || segment.values.some((value) => value !== ""));
    const pieces = dedupe(segment.values.flatMap((value) => value.split(new RegExp(`[${escapeClass(separators)}]+`)).filter((piece) => piece !== "")));
    this.add({ ...segment, values: pieces, open: true }, true);
  }

  splitKnown(segment: Segment, value: string, separators: string) {
    let text = "";
    let afterWhitespace = false;
    const flush = () => {
      if (text === "") return;
      this.add({ ...segment, values: [text] }, true);
      text = "";
      afterWhitespace = false;
    };
    for (const char of value) {
      if (!separators.includes(char)) {
        text += char;
        continue;
      }
      flush();
      if (IFS_WHITESPACE.includes(char)) {
        if (this.#started) {
          this.end();
          afterWhitespace = true;
        }
      } else if (afterWhitespace)
        afterWhitespace = false; // `a , b`: the separator and the blanks around it are one break
      else {
        this.#started = true;
        this.end();
      }
    }
    flush();
  }
}

function escapeClass(text: string): string {
  return text.replace(/[\\\]^-]/g, "\\$&");
}

function hasGlobChars(value: string): boolean {
  return /[*?[]/.test(value);
}

function dedupe(values: string[]): string[] {
  return values.length < 2 ? values : [...new Set(values)];
}
