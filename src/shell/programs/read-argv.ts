// Reads an argument vector through a program's spec: which words are flags
// (bundles split, abbreviations spelt out), which are option values and
// operands and what each means, which are subcommands, and where a carried
// command starts. A program without a spec is read the careful way: every
// bundle split into letters, every operand a path.
import { type Field, fieldText, literalField, singleValue } from "../expand/field.ts";
import { RUNS_UNKNOWN_PACKAGE, runsUnknownPackage } from "./package-runs.ts";
import { type ArgRole, DYNAMIC_SUBCOMMAND, type OptionRole, type ProgramSpec, UNDESCRIBED_SUBCOMMAND } from "./spec.ts";
import { findSubcommand, hasNamePatterns } from "./subcommand-lookup.ts";

/** One argument and what it means: an operand (`last` when it is the last of several), or the value of `option`. */
export type RoledArg = {
  field: Field;
  role: ArgRole;
  option?: string;
  last?: true;
  /** For an option's value: how many subcommand words had been read when the option came (`git -c` 0, `git rebase --exec` 1). */
  depth?: number;
  /** The argument is a directory read with everything under it (find's starting points when -exec reads what it finds). */
  tree?: true;
};

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
  carried?: { kind: "argv" | "shell-words"; words: Field[]; option?: string } | { kind: "code-words"; language: string; words: Field[]; option?: string };
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
  /** Every level read so far, the program's own first: their `tagsWith` apply at the end. */
  levels: ProgramSpec[];
  positional: Field[];
  /** An option stood in for the first operand. */
  firstReplaced: boolean;
  optionsEnded: boolean;
};

export function readArgv(spec: ProgramSpec | undefined, given: readonly Field[]): ArgvReading {
  const args = spec?.firstWordBundle ? unbundleFirstWord(spec, given) : given;
  const reader: Reader = {
    reading: { flags: [], operands: [], roled: [], subcommand: [], tags: [...(spec?.tags ?? [])], assignments: [], inert: false, ...(spec ? { spec } : {}) },
    level: spec,
    levels: spec ? [spec] : [],
    positional: [],
    firstReplaced: false,
    optionsEnded: false,
  };
  let index = 0;
  while (index < args.length) {
    const field = args[index]!;
    const word = singleValue(field);
    if (word !== undefined && !reader.optionsEnded && word === "--") {
      // Kept among the flags: `git checkout -- file` means something `git checkout file` may not.
      reader.optionsEnded = true;
      reader.reading.flags.push("--");
      index++;
      // `mise exec node@20 -- CMD`: what follows `--` is the command.
      if (reader.level?.afterDoubleDash && !reader.reading.inert) {
        reader.reading.carried = { kind: reader.level.afterDoubleDash, words: args.slice(index) };
        break;
      }
      continue;
    }
    if (word !== undefined && !reader.optionsEnded && word.length > 1 && word.startsWith("+") && reader.level?.options?.["+"] !== undefined) {
      index = takeOption(reader, args, index, "+", word.slice(1));
      continue;
    }
    const dynamic = word === undefined && !reader.optionsEnded ? optionWithDynamicValue(reader, field) : undefined;
    if (dynamic) {
      index = takeOption(reader, args, index, dynamic.name, dynamic.value);
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
    if (word === undefined) markDynamicSubcommand(reader);
    if (word !== undefined && reader.level?.assignments && reader.positional.length === 0 && /^[A-Za-z_][^=/\s]*=/.test(word)) {
      reader.reading.assignments.push(field);
      index++;
      continue;
    }
    const role = operandRole(reader, reader.positional.length);
    if (role === "argv" || role === "shell-words" || role.startsWith("code-words:")) {
      // The carried command's words are its own, not this program's operands.
      if (!reader.reading.inert) reader.reading.carried = carriedWords(role, carriedAfterOwnOptions(reader, args, index));
      else for (const rest of args.slice(index)) reader.reading.operands.push(fieldText(rest));
      break;
    }
    reader.positional.push(field);
    // `docker run IMAGE -c 512`: after the image every word is the command's, options included.
    if (reader.level?.operandsEndOptions) reader.optionsEnded = true;
    index++;
  }
  assignOperandRoles(reader);
  applyRolesWith(reader);
  addOptionTags(reader);
  addAloneTags(reader);
  if (runsUnknownPackage(reader.reading)) reader.reading.tags.push(RUNS_UNKNOWN_PACKAGE);
  return reader.reading;
}

const CARRYING_ROLES = new Set<ArgRole>(["shell", "shell-helper", "shell-words", "argv", "command", "script"]);

/** `tagsAlone`: labels for the program run with no operand and no carried command (`env`, `printenv`). */
function addAloneTags(reader: Reader) {
  const { reading } = reader;
  const alone = reader.level?.tagsAlone;
  if (!alone || reading.carried || reader.positional.length > 0) return;
  // `env -S 'CMD'`: an option that carries a command runs it instead.
  if (reading.roled.some((arg) => CARRYING_ROLES.has(arg.role) || arg.role.startsWith("code"))) return;
  for (const tag of alone) if (!reading.tags.includes(tag)) reading.tags.push(tag);
}

const FILE_ROLES = new Set<ArgRole>(["path", "read", "write", "edit"]);

/** `--checkpoint-action=exec="$CMD"`: a known option whose value is only known at run time is still that option. */
function optionWithDynamicValue(reader: Reader, field: Field): { name: string; value: Field } | undefined {
  const level = reader.level;
  const text = field.text.replace(/^["']/, "");
  if (level?.options?.["+"] !== undefined && /^\+./.test(text))
    return { name: "+", value: { ...field, text: text.slice(1), values: field.values.map((value) => value.replace(/^\+/, "")), known: false } };
  const written = /^(--?[A-Za-z0-9][\w.-]*)=([\s\S]*)$/.exec(text);
  if (!written || !level) return undefined;
  const name = resolveOption(level, written[1]!);
  const role = name === undefined ? undefined : level.options?.[name];
  if (name === undefined || role === undefined || role === "flag") return undefined;
  const prefix = `${written[1]}=`;
  const values = field.values.filter((value) => value.startsWith(prefix)).map((value) => value.slice(prefix.length));
  return { name, value: { text: written[2]!, values, known: false, pattern: field.pattern, sources: field.sources } };
}

/** `tar czf out.tgz dir` → `tar -c -z -f out.tgz dir`: the letters' values follow the bundle in order. */
function unbundleFirstWord(spec: ProgramSpec, args: readonly Field[]): readonly Field[] {
  const first = args[0] === undefined ? undefined : singleValue(args[0]);
  if (first === undefined || !/^[A-Za-z]+$/.test(first) || spec.subcommands?.[first]) return args;
  const values = args.slice(1);
  const words: Field[] = [];
  for (const letter of first) {
    words.push(literalField(`-${letter}`));
    const role = spec.options?.[`-${letter}`];
    if (role !== undefined && role !== "flag" && values.length > 0) words.push(values.shift()!);
  }
  return [...words, ...values];
}

/** `tar -c -f out.tar`: a flag that changes what an option's value is, wherever the flag stands. */
function applyRolesWith({ reading, level }: Reader) {
  const changes = level?.rolesWith;
  if (!changes) return;
  for (const flag of reading.flags) {
    const roles = changes[flag];
    if (!roles) continue;
    const operandRole = roles.operands;
    reading.roled = reading.roled.map((arg) => {
      if (arg.option !== undefined) return roles[arg.option] ? { ...arg, role: roles[arg.option]! } : arg;
      return operandRole && FILE_ROLES.has(arg.role) ? { ...arg, role: operandRole } : arg;
    });
  }
}

/** The carried words without the options the program reads among them (`heroku run printenv -a APP`), which it takes as its own. */
function carriedAfterOwnOptions(reader: Reader, args: readonly Field[], start: number): Field[] {
  const own = reader.level?.ownOptionsAmongCarried;
  if (!own || reader.optionsEnded) return args.slice(start);
  const kept: Field[] = [];
  let index = start;
  while (index < args.length) {
    const word = singleValue(args[index]!);
    if (word === "--") return [...kept, ...args.slice(index + 1)];
    if (word !== undefined && own.includes(word.split("=", 1)[0]!)) {
      index = readOption(reader, args, index, word);
      continue;
    }
    kept.push(args[index]!);
    index++;
  }
  return kept;
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
  const next = findSubcommand(level.subcommands, word);
  // `yarn prisma migrate reset`: a program that runs other programs by name takes an unknown word as the program.
  const unknownIsOperand = level.optionalSubcommands || hasNamePatterns(level.subcommands) || level.operands?.[0] === "argv";
  if (!next && unknownIsOperand) return false;
  reader.reading.subcommand.push(word);
  reader.reading.operands.push(word);
  reader.level = next;
  reader.firstReplaced = false;
  if (next) {
    reader.reading.spec = next;
    reader.levels.push(next);
    if (next.tags) reader.reading.tags.push(...next.tags);
  } else {
    delete reader.reading.spec;
    // Only the words can say what it does (unknown-programs.ts reads them).
    if (!reader.reading.tags.includes(UNDESCRIBED_SUBCOMMAND)) reader.reading.tags.push(UNDESCRIBED_SUBCOMMAND);
  }
  return true;
}

/** `kubectl $VERB ns prod`: where a subcommand is expected, a word known only at run time. */
function markDynamicSubcommand(reader: Reader) {
  const level = reader.level;
  if (!level?.subcommands || level.optionalSubcommands || reader.positional.length > 0 || reader.optionsEnded) return;
  if (!reader.reading.tags.includes(DYNAMIC_SUBCOMMAND)) reader.reading.tags.push(DYNAMIC_SUBCOMMAND);
}

/** `tagsWith`: labels an option adds when given (`-f`), or given a value (`-X=DELETE`, case ignored). */
function addOptionTags(reader: Reader) {
  const { reading } = reader;
  for (const level of reader.levels) {
    for (const [key, tags] of Object.entries(level.tagsWith ?? {})) {
      if (!optionGiven(reading, key)) continue;
      for (const tag of tags) if (!reading.tags.includes(tag)) reading.tags.push(tag);
    }
  }
}

function optionGiven(reading: ArgvReading, key: string): boolean {
  const equals = key.indexOf("=", 1);
  if (equals < 0) return reading.flags.includes(key);
  const option = key.slice(0, equals);
  const fits = valueTest(key.slice(equals + 1).toLowerCase());
  return reading.roled.some((arg) => {
    if (arg.option !== option) return false;
    // `-o=json`: Go's flag packages read a short option's `=VALUE` as VALUE; a lone `=` is the value itself (`cut -d=`).
    const value = singleValue(arg.field)?.replace(/^=(?=.)/s, "");
    return value !== undefined && fits(value.toLowerCase());
  });
}

/** `DELETE` is that value; `jsonpath*` any value starting so (a `*` stands for any text). */
function valueTest(wanted: string): (value: string) => boolean {
  if (!wanted.includes("*")) return (value) => value === wanted;
  const [first = "", ...rest] = wanted.split("*");
  const last = rest.pop() ?? "";
  return (value) => {
    if (!value.startsWith(first) || value.length < first.length + last.length || !value.endsWith(last)) return false;
    let at = first.length;
    for (const part of rest) {
      const found = value.indexOf(part, at);
      if (found < 0 || found + part.length > value.length - last.length) return false;
      at = found + part.length;
    }
    return true;
  };
}

/** `-HUP`, `-SIGKILL`, `-USR1`, `-RTMIN+2`: two or more capitals (pkill's own capitals, -U -G -P -F, stand alone). */
const SIGNAL_WORD = /^-[A-Z][A-Z0-9]+(?:[+-]\d+)?$/;

/** Options that make a program only show what it would do (pflag, nopt and yargs take `=false` on them; nopt and yargs `false` after them). */
const DRY_RUN_SWITCHES = new Set(["--dry-run", "--dryrun", "-dry-run", "--simulate"]);
const SWITCHED_OFF = /^(?:false|no|off|0|none)$/i;

/** Reads the option at args[index]; returns the index after it and its value. */
function readOption(reader: Reader, args: readonly Field[], index: number, word: string): number {
  const options = reader.level?.options;
  const whole = options ? resolveOption(reader.level!, word.split("=")[0]!) : undefined;
  // `-oG=FILE` (nmap): a known option of several letters takes what follows `=`; `-o=x` stays a bundle, as getopt reads it.
  const wordOption = whole !== undefined && options?.[whole] !== undefined && (!word.includes("=") || whole.length > 2);
  if (word.startsWith("--") || reader.level?.singleDashWords || wordOption) {
    const equals = word.indexOf("=");
    const name = whole ?? (equals < 0 ? word : word.slice(0, equals));
    // `-chdir=dir` (Go-style single-dash words) carries its value inline, like `--x=v`.
    const inline = equals < 0 ? undefined : word.slice(equals + 1);
    return takeOption(reader, args, index, name, inline);
  }
  if (/^-\d+$/.test(word) || (reader.level?.signalWords && SIGNAL_WORD.test(word))) {
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

function takeOption(reader: Reader, args: readonly Field[], index: number, name: string, inline: string | Field | undefined): number {
  const reading = reader.reading;
  // A dry run switched off (`--dry-run=false`, `--dry-run=none`) is a real run: it must not read as the flag that
  // exempts a dry run from asking. Its value stays an operand, so a rule can still name the switch-off itself.
  if (typeof inline === "string" && DRY_RUN_SWITCHES.has(name) && SWITCHED_OFF.test(inline)) {
    addValue(reading, literalField(inline), "value", name);
    return index + 1;
  }
  // nopt (npm) and yargs also take `--dry-run false` as two words; elsewhere `false` would be an odd operand to give,
  // so the pair is read as a switch-off for every program.
  const following = inline === undefined && DRY_RUN_SWITCHES.has(name) ? args[index + 1] : undefined;
  const followingWord = following === undefined ? undefined : singleValue(following);
  if (following !== undefined && followingWord !== undefined && SWITCHED_OFF.test(followingWord)) {
    addValue(reading, following, "value", name);
    return index + 2;
  }
  if (!reading.flags.includes(name)) reading.flags.push(name);
  const level = reader.level;
  if (level?.inertWith?.includes(name)) reading.inert = true;
  const role: OptionRole | undefined = level?.options?.[name];
  if (role === undefined || role === "flag") {
    // `--color=auto` on a flag, or any value of an option we know nothing of: kept as an operand.
    if (inline !== undefined) addValue(reading, typeof inline === "string" ? literalField(inline) : inline, role === "flag" ? "value" : "path", name);
    return index + 1;
  }
  let value: Field | undefined = typeof inline === "string" ? literalField(inline) : inline;
  let next = index + 1;
  if (value === undefined && next < args.length) value = args[next++]!;
  if (value === undefined) return next;
  if (role === "command") {
    // `cmake -E rm -rf x`: the value and everything after it are the command, not this program's arguments.
    const words = singleValue(value) === "--" ? args.slice(next) : [value, ...args.slice(next)];
    if (!reading.inert) reading.carried = { kind: "argv", words, option: name };
    return args.length;
  }
  if (role.startsWith("code-words:")) {
    // `tftp HOST -c put FILE`: the value and every word after it are one text in the option's language.
    const words = [value, ...args.slice(next)];
    if (!reading.inert) reading.carried = { kind: "code-words", language: role.slice("code-words:".length), words, option: name };
    return args.length;
  }
  addValue(reading, value, role, name);
  if (replacesFirst(level!, name, role)) reader.firstReplaced = true;
  return next;
}

function addValue(reading: ArgvReading, field: Field, role: ArgRole, option: string) {
  reading.roled.push({ field, role, option, depth: reading.subcommand.length });
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
    if (position === 0 && scriptExtension(level, field) !== undefined) role = "script";
    if ((role === "path" || role === "read") && level?.writesOperandsWith?.some((option) => reading.flags.includes(option))) role = "write";
    const keyed = keyedRole(level, field) ?? atScript(level, field);
    if (keyed) {
      reading.roled.push(keyed);
      reading.operands.push(fieldText(field));
      return;
    }
    reading.roled.push(isLast ? { field, role, last: true } : { field, role });
    reading.operands.push(fieldText(field));
  });
}

/** The language of a first operand named with one of the program's script extensions (`Tool.java` → java). */
export function scriptExtension(level: ProgramSpec | undefined, field: Field): string | undefined {
  const word = singleValue(field);
  const extensions = level?.scriptOperandExtensions;
  if (!extensions || word === undefined) return undefined;
  const dot = word.lastIndexOf(".");
  return dot > 0 && !word.slice(dot).includes("/") ? extensions[word.slice(dot + 1)] : undefined;
}

/** `sqlplus LOGON @purge.sql`: an operand `@FILE` is a script the program runs in its own language. */
function atScript(level: ProgramSpec | undefined, field: Field): RoledArg | undefined {
  const word = singleValue(field);
  if (!level?.atScripts || word === undefined || !word.startsWith("@") || word.length === 1) return undefined;
  return { field: literalField(word.slice(1), field.text), role: "script" };
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
