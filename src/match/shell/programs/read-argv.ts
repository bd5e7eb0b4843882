// Reads an argument vector through a program's spec: which words are flags
// (bundles split, abbreviations spelt out), which are option values and
// operands and what each means, which are subcommands, and where a carried
// command starts. A program without a spec is read the careful way: every
// bundle split into letters, every operand a path.
import { type Field, fieldText, literalField, singleValue } from "../expand/field.ts";
import type { ArgRole, OptionRole, ProgramSpec } from "./spec.ts";

/** One argument and what it means: an operand (`last` when it is the last of several), or the value of `option`. */
export type RoledArg = { field: Field; role: ArgRole; option?: string; last?: true };

export type ArgvReading = {
  /** Flags as the program understands them: bundles split, abbreviations spelt out. */
  flags: string[];
  /** Operands, option values and subcommand words, as text. */
  operands: string[];
  /** Every operand and option value with its role. */
  roled: RoledArg[];
  /** Subcommand words, outermost first. */
  subcommand: string[];
  tags: string[];
  /** Where the words of a carried command start (an `argv` operand), with the words; or code given as words. */
  carried?: { kind: "argv" | "shell-words"; words: Field[] } | { kind: "code-words"; language: string; words: Field[] };
  /** `NAME=value` settings before the operands (env, make). */
  assignments: Field[];
  /** The program only describes its operands (`command -v`). */
  inert: boolean;
  /** The innermost spec that applied (the subcommand's), if any. */
  spec?: ProgramSpec;
};

type Reader = {
  reading: ArgvReading;
  level: ProgramSpec | undefined;
  positional: Field[];
  /** An option stood in for the first operand. */
  firstReplaced: boolean;
  optionsEnded: boolean;
};

export function readArgv(spec: ProgramSpec | undefined, args: readonly Field[]): ArgvReading {
  const reader: Reader = {
    reading: { flags: [], operands: [], roled: [], subcommand: [], tags: [...(spec?.tags ?? [])], assignments: [], inert: false, ...(spec ? { spec } : {}) },
    level: spec,
    positional: [],
    firstReplaced: false,
    optionsEnded: false,
  };
  let index = 0;
  while (index < args.length) {
    const field = args[index]!;
    const word = singleValue(field);
    if (word !== undefined && !reader.optionsEnded && word === "--") {
      reader.optionsEnded = true;
      index++;
      continue;
    }
    if (word !== undefined && !reader.optionsEnded && isOption(word)) {
      index = readOption(reader, args, index, word);
      continue;
    }
    if (word !== undefined && enterSubcommand(reader, word)) {
      index++;
      continue;
    }
    if (word !== undefined && reader.level?.assignments && reader.positional.length === 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      reader.reading.assignments.push(field);
      index++;
      continue;
    }
    const role = operandRole(reader, reader.positional.length);
    if (role === "argv" || role === "shell-words" || role.startsWith("code-words:")) {
      // The carried command's words are its own, not this program's operands.
      if (!reader.reading.inert) reader.reading.carried = carriedWords(role, args.slice(index));
      else for (const rest of args.slice(index)) reader.reading.operands.push(fieldText(rest));
      break;
    }
    reader.positional.push(field);
    index++;
  }
  assignOperandRoles(reader);
  return reader.reading;
}

function carriedWords(role: ArgRole, words: Field[]): NonNullable<ArgvReading["carried"]> {
  if (role === "argv" || role === "shell-words") return { kind: role, words };
  return { kind: "code-words", language: role.slice("code-words:".length), words };
}

function isOption(word: string): boolean {
  return word.length > 1 && (word.startsWith("-") || (word.startsWith("+") && /^\+[oO]$/.test(word)));
}

/** A subcommand word in first-operand position descends into its spec; an unknown one is still recorded. */
function enterSubcommand(reader: Reader, word: string): boolean {
  const level = reader.level;
  if (!level?.subcommands || reader.positional.length > 0 || reader.optionsEnded) return false;
  // `yarn prisma migrate reset`: a program that runs other programs by name takes an unknown word as the program.
  if (level.subcommands[word] === undefined && level.operands?.[0] === "argv") return false;
  reader.reading.subcommand.push(word);
  reader.reading.operands.push(word);
  const next = level.subcommands[word];
  reader.level = next;
  reader.firstReplaced = false;
  if (next) {
    reader.reading.spec = next;
    if (next.tags) reader.reading.tags.push(...next.tags);
  } else delete reader.reading.spec;
  return true;
}

/** Reads the option at args[index]; returns the index after it and its value. */
function readOption(reader: Reader, args: readonly Field[], index: number, word: string): number {
  const options = reader.level?.options;
  const whole = options ? resolveOption(reader.level!, word.split("=")[0]!) : undefined;
  if (word.startsWith("--") || reader.level?.singleDashWords || (whole && options?.[whole] !== undefined && !word.includes("="))) {
    const equals = word.indexOf("=");
    const name = whole ?? (equals < 0 ? word : word.slice(0, equals));
    const inline = equals < 0 || reader.level?.singleDashWords ? undefined : word.slice(equals + 1);
    return takeOption(reader, args, index, name, inline);
  }
  if (/^-\d+$/.test(word)) {
    reader.reading.flags.push(word);
    return index + 1;
  }
  // A bundle of short options: -rf, -xzf archive, -ofile, -C dir.
  if (word.length > 2) reader.reading.flags.push(word);
  for (let at = 1; at < word.length; at++) {
    const name = `${word[0]}${word[at]}`;
    const role = options?.[name];
    if (role === undefined || role === "flag") {
      if (!reader.reading.flags.includes(name)) reader.reading.flags.push(name);
      continue;
    }
    const rest = word.slice(at + 1);
    return takeOption(reader, args, index, name, rest === "" ? undefined : rest);
  }
  return index + 1;
}

function takeOption(reader: Reader, args: readonly Field[], index: number, name: string, inline: string | undefined): number {
  const reading = reader.reading;
  if (!reading.flags.includes(name)) reading.flags.push(name);
  const level = reader.level;
  if (level?.inertWith?.includes(name)) reading.inert = true;
  const role: OptionRole | undefined = level?.options?.[name];
  if (role === undefined || role === "flag") {
    // `--color=auto` on a flag, or any value of an option we know nothing of: kept as an operand.
    if (inline !== undefined) addValue(reading, literalField(inline), role === "flag" ? "value" : "path", name);
    return index + 1;
  }
  let value: Field | undefined = inline === undefined ? undefined : literalField(inline);
  let next = index + 1;
  if (value === undefined && next < args.length) value = args[next++]!;
  if (value === undefined) return next;
  addValue(reading, value, role, name);
  if (replacesFirst(level!, name, role)) reader.firstReplaced = true;
  return next;
}

function addValue(reading: ArgvReading, field: Field, role: ArgRole, option: string) {
  reading.roled.push({ field, role, option });
  reading.operands.push(fieldText(field));
}

/** grep -e PATTERN, python -c CODE, awk -f FILE: the option gives what the first operand would have. */
function replacesFirst(level: ProgramSpec, option: string, role: ArgRole): boolean {
  if (level.replacesFirstOperand?.includes(option)) return true;
  const first = level.operands?.[0];
  if (first === undefined) return false;
  const givesProgram = (candidate: ArgRole) => candidate === "script" || candidate.startsWith("code:");
  if (givesProgram(first) && givesProgram(role)) return true;
  return first === "pattern" && role === "pattern";
}

/** `--ha` → `--hard` where the spec allows unique abbreviations; the name itself otherwise. */
function resolveOption(level: ProgramSpec, name: string): string | undefined {
  const options = level.options;
  if (!options) return undefined;
  if (options[name] !== undefined) return name;
  if (!level.abbreviations || !name.startsWith("--") || name.length < 4) return undefined;
  const candidates = Object.keys(options).filter((option) => option.startsWith(name));
  return candidates.length === 1 ? candidates[0] : undefined;
}

function operandRole(reader: Reader, position: number): ArgRole {
  const roles = reader.level?.operands;
  if (!reader.level || !roles || roles.length === 0) return "path";
  const at = position + (reader.firstReplaced ? 1 : 0);
  return roles[Math.min(at, roles.length - 1)]!;
}

function assignOperandRoles(reader: Reader) {
  const { positional, reading, level } = reader;
  positional.forEach((field, position) => {
    const isLast = position === positional.length - 1 && positional.length >= 2;
    let role = isLast && level?.lastOperand ? level.lastOperand : operandRole(reader, position);
    if ((role === "path" || role === "read") && level?.writesOperandsWith?.some((option) => reading.flags.includes(option))) role = "write";
    const keyed = keyedRole(level, field);
    if (keyed) {
      reading.roled.push(keyed);
      reading.operands.push(fieldText(field));
      return;
    }
    reading.roled.push(isLast ? { field, role, last: true } : { field, role });
    reading.operands.push(fieldText(field));
  });
}

/** `of=/dev/sda` → the value /dev/sda as a write. */
function keyedRole(level: ProgramSpec | undefined, field: Field): RoledArg | undefined {
  const keyed = level?.keyedOperands;
  const word = singleValue(field);
  if (!keyed || word === undefined) return undefined;
  const equals = word.indexOf("=");
  if (equals < 0) return undefined;
  const role = keyed[word.slice(0, equals)];
  return role ? { field: literalField(word.slice(equals + 1), field.text), role } : { field, role: "value" };
}
