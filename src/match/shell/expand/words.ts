// Word expansion, as bash does it before running a command: braces, tilde,
// parameters (with their defaults and assignments), command and process
// substitutions, quote removal, field splitting, and globs kept as patterns.
// What depends on run time stays an unknown field, with the possible values
// the input still shows (`${X:-/}` may be `/`).
import type { ParsedScript, ParameterExpansionPart, Word, WordPart } from "unbash";
import { expandBraces } from "./braces.ts";
import { type Field, mergeSources } from "./field.ts";
import { MAX_VALUE_CHARS } from "../../../limits.ts";

/** What a variable holds, as far as the input shows. */
export type Value = {
  readonly values: readonly string[];
  readonly known: boolean;
  readonly sources: readonly number[];
  /** For arrays (`A=(x y)`): the elements. */
  readonly elements?: readonly string[];
};

/** What expansion needs from the interpreter: variables, the directory, and a way to run substitutions. */
export interface WordEnvironment {
  readonly home: string;
  readonly maxAlternatives: number;
  /** A variable's value; undefined when the input never set it and it is not a well-known one. */
  variable(name: string): Value | undefined;
  assign(name: string, value: Value): void;
  /** $1 … $9, $@: the positional parameters, or undefined when unknown. */
  positional(): readonly Field[] | undefined;
  /** Run the commands of a substitution; returns the commands whose output it yields. */
  substitute(script: ParsedScript | undefined, kind: "command" | "process", text: string): { sources: number[]; output?: string };
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
};

/** The fields a word expands to: none (an unquoted empty expansion), one, or several. */
export function expandWord(word: Word, env: WordEnvironment): Field[] {
  env.charge();
  if (!word.parts) return plainWord(word, env);
  const variants = braceVariants(word, env);
  const fields: Field[] = [];
  for (const parts of variants) fields.push(...expandParts(word.text, parts, env));
  return fields;
}

/** The value of a word that must be one text (an assignment, a heredoc delimiter, a redirect target). */
export function expandToValue(word: Word, env: WordEnvironment, { tildeAfterColons = false } = {}): Value {
  const segments = word.parts ? word.parts.flatMap((part, index) => segmentsOf(part, env, false, index === 0)) : [plainSegment(word, env)];
  if (tildeAfterColons) expandTildesAfterColons(segments, env.home);
  const combined = combine(segments, env.maxAlternatives);
  return { values: combined.values, known: !combined.open, sources: combined.sources };
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
  const alternatives = expandBraces(brace.text, env.maxAlternatives);
  if (!alternatives) return [parts]; // too many to follow: kept literal, still matched as text
  return alternatives.map((text) => [...parts.slice(0, index), { type: "Literal", pos: brace.pos, end: brace.end, text, value: text } as WordPart, ...parts.slice(index + 1)]);
}

function expandParts(text: string, parts: readonly WordPart[], env: WordEnvironment): Field[] {
  const segments = parts.flatMap((part, index) => segmentsOf(part, env, false, index === 0));
  if (segments.length === 0) return [];
  // An unquoted expansion that is empty makes no field at all (`rm $UNSET` runs `rm`).
  if (segments.every((segment) => !segment.quoted && !segment.open && segment.values.every((value) => value === ""))) {
    return segments.some((segment) => segment.quoted) ? [field(text, segments, env)] : [];
  }
  return splitFields(text, segments, env);
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
      return [{ ...known(part.text, quoted), glob: !quoted }];
    case "ExtendedGlob":
      return [{ ...known(part.text, quoted), glob: !quoted }];
    case "BraceExpansion":
      return [known(part.text, quoted)];
    case "SimpleExpansion":
      return [parameterSegment(part.text.slice(1), undefined, env, quoted)];
    case "ParameterExpansion":
      return [parameterSegment(part.parameter, part, env, quoted)];
    case "CommandExpansion": {
      const run = env.substitute(part.script, "command", part.text);
      if (run.output !== undefined) return [{ values: [run.output.replace(/\n+$/, "")], open: false, quoted, glob: false, sources: run.sources, splittable: !quoted }];
      return [{ values: [], open: true, quoted, glob: false, sources: run.sources, splittable: !quoted }];
    }
    case "ProcessSubstitution": {
      const run = env.substitute(part.script, "process", part.text);
      return [{ values: [], open: true, quoted: true, glob: false, sources: run.sources, piped: true }];
    }
    case "ArithmeticExpansion":
      // The number is unknown, but a $(…) inside still runs.
      walkArithmetic(part.expression, env);
      return [{ values: [], open: true, quoted: true, glob: false, sources: [] }];
  }
}

function known(value: string, quoted: boolean): Segment {
  return { values: [value], open: false, quoted, glob: false, sources: [] };
}

function walkArithmetic(expression: unknown, env: WordEnvironment) {
  if (expression === null || typeof expression !== "object") return;
  const node = expression as { type?: string; script?: ParsedScript; text?: string };
  if (node.type === "ArithmeticCommandExpansion") {
    env.substitute(node.script, "command", node.text ?? "$(…)");
    return;
  }
  for (const value of Object.values(node)) if (typeof value === "object") walkArithmetic(value, env);
}

// ---------------------------------------------------------------------------
// Parameters

const SPECIAL = new Set(["?", "$", "!", "-", "#", "_"]);

function parameterSegment(name: string, part: ParameterExpansionPart | undefined, env: WordEnvironment, quoted: boolean): Segment {
  if (part?.prefix === "#") return { values: [], open: true, quoted: true, glob: false, sources: lookup(name, env)?.sources ?? [] };
  if (part?.prefix === "!" || SPECIAL.has(name)) return { values: [], open: true, quoted, glob: false, sources: [] };
  let value = part?.index ? element(name, part.index, env) : lookup(name, env);
  const operation = part?.operation;
  if (operation?.type === "Default") value = applyDefault(name, value, operation.operator, expandToValue(operation.operand, env), env);
  else if (operation?.type === "CaseModification") value = value && caseModified(value, operation.operator);
  else if (operation) value = { values: [], known: false, sources: value?.sources ?? [] };
  if (!value) return { values: [], open: true, quoted, glob: false, sources: [], splittable: !quoted };
  return { values: [...value.values], open: !value.known, quoted, glob: false, sources: value.sources, splittable: !quoted };
}

function lookup(name: string, env: WordEnvironment): Value | undefined {
  if (/^\d+$/.test(name) || name === "@" || name === "*") return positionalValue(name, env);
  return env.variable(name);
}

function positionalValue(name: string, env: WordEnvironment): Value | undefined {
  const fields = env.positional();
  if (!fields) return undefined;
  if (name === "@" || name === "*") {
    const sources = mergeSources(...fields.map((field) => field.sources));
    if (fields.some((field) => !field.known || field.values.length !== 1)) return { values: [], known: false, sources };
    return { values: [fields.map((field) => field.values[0]).join(" ")], known: true, sources };
  }
  const field = fields[Number(name)];
  if (!field) return { values: [""], known: true, sources: [] };
  return { values: field.values, known: field.known, sources: field.sources };
}

function element(name: string, index: Word, env: WordEnvironment): Value | undefined {
  const value = env.variable(name);
  if (!value?.elements) return value && { values: [], known: false, sources: value.sources };
  const at = index.value;
  if (at === "@" || at === "*") return { values: [value.elements.join(" ")], known: value.known, sources: value.sources };
  const position = /^\d+$/.test(at) ? Number(at) : undefined;
  if (position === undefined) return { values: [...value.elements], known: false, sources: value.sources };
  return { values: [value.elements[position] ?? ""], known: value.known, sources: value.sources };
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
  return { ...value, values: value.values.map(change) };
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

function field(text: string, segments: readonly Segment[], env: WordEnvironment): Field {
  const combined = combine(segments, env.maxAlternatives);
  const piped = segments.some((segment) => segment.piped);
  return {
    text,
    values: combined.values,
    known: !combined.open,
    pattern: segments.some((segment) => segment.glob || (segment.splittable === true && segment.values.some(hasGlobChars))),
    sources: combined.sources,
    ...(piped ? { piped } : {}),
  };
}

/** Unquoted expansions split on whitespace; quoted text and literals never do. */
function splitFields(text: string, segments: readonly Segment[], env: WordEnvironment): Field[] {
  const whole = field(text, segments, env);
  if (!segments.some((segment) => segment.splittable && segment.values.some((value) => /[ \t\n]/.test(value)))) return [whole];
  // Split each possible value; one value → its fields; several → the union, as one open field.
  const pieces = whole.values.map((value) => value.split(/[ \t\n]+/).filter((piece) => piece !== ""));
  if (pieces.length === 1 && whole.known) {
    return pieces[0]!.map((piece) => ({ ...whole, values: [piece], pattern: whole.pattern || hasGlobChars(piece) }));
  }
  return [{ ...whole, values: dedupe(pieces.flat()), known: false }];
}

function hasGlobChars(value: string): boolean {
  return /[*?[]/.test(value);
}

function dedupe(values: string[]): string[] {
  return values.length < 2 ? values : [...new Set(values)];
}
