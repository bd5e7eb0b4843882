// `synaps-policy programs NAME…`: what the guard knows about a program, printed
// as the `[programs.NAME]` table a policy would write to teach it the same (a
// starting point for changing it), with the categories the program is in and
// whether code beyond its table reads it. `--categories`: each category, what
// it means, and its programs (the names a rule's `@category` stands for).
import { stringify } from "smol-toml";
import { argvReaderFor } from "../shell/programs/argv-readers.ts";
import { CATEGORY_NAMES, categoriesOf, PROGRAM_CATEGORIES } from "../shell/programs/categories.ts";
import { programFamily } from "../shell/programs/interpreters.ts";
import type { ProgramSpec } from "../shell/programs/spec.ts";
import { programTable } from "../shell/programs/table.ts";
import { parseArgs, UsageError } from "./args.ts";
import type { CliIo } from "./io.ts";

export function runPrograms(argv: string[], io: CliIo): number {
  const { text, code } = describePrograms(argv);
  if (code === 0) io.out(text);
  else io.err(text);
  return code;
}

/** The text `programs` prints and its exit code: 1 when some name is unknown. */
export function describePrograms(argv: string[]): { text: string; code: number } {
  const args = parseArgs(argv, [], ["--categories"]);
  if (args.flags.has("--categories")) {
    if (args.positional.length > 0) throw new UsageError("give program names or --categories, not both");
    return { text: categoriesText(), code: 0 };
  }
  if (args.positional.length === 0) throw new UsageError("programs needs a program name (or --categories)");
  const table = programTable();
  const unknown = args.positional.filter((name) => table.spec(name) === undefined && categoriesOf(name).length === 0);
  if (unknown.length > 0) {
    return {
      text: unknown
        .map((name) => `synaps-policy: no built-in knowledge of ${JSON.stringify(name)} (a policy can add it with [programs.${tomlKey(name.toLowerCase())}])\n`)
        .join(""),
      code: 1,
    };
  }
  return { text: args.positional.map((name) => entryText(name, table)).join("\n"), code: 0 };
}

function entryText(name: string, table: ReturnType<typeof programTable>): string {
  const lower = name.toLowerCase();
  const family = programFamily(lower);
  const notes = [
    ...(family !== lower ? [`# ${name} is read as ${family}`] : []),
    `# categories: ${categoriesOf(lower).join(", ") || "none"}`,
    ...(argvReaderFor(lower) || argvReaderFor(family)
      ? ["# its arguments are read by code of its own (src/shell/programs/argv-readers.ts); the table below is what that code starts from"]
      : []),
  ];
  const found = table.spec(name);
  const { spec, cut } = found ? withoutCycles(found) : { spec: {}, cut: false };
  if (cut) notes.push("# its grammar refers back to itself (a chain of any nouns), which a table cannot write: each repeat is shown as {}");
  const body = Object.keys(spec).length > 0 ? stringify({ programs: { [lower]: spec } }) : `[programs.${tomlKey(lower)}]\n`;
  return `${notes.join("\n")}\n${body.trimEnd()}\n`;
}

/** A copy of a spec in which a subcommand that is one of its own ancestors becomes `{}` (TOML has no references). */
function withoutCycles(spec: ProgramSpec, path: ReadonlySet<ProgramSpec> = new Set()): { spec: ProgramSpec; cut: boolean } {
  if (!spec.subcommands) return { spec, cut: false };
  const inner = new Set(path).add(spec);
  let cut = false;
  const subcommands: Record<string, ProgramSpec> = {};
  for (const [word, below] of Object.entries(spec.subcommands)) {
    if (inner.has(below)) {
      subcommands[word] = {};
      cut = true;
      continue;
    }
    const copied = withoutCycles(below, inner);
    subcommands[word] = copied.spec;
    cut ||= copied.cut;
  }
  return { spec: { ...spec, subcommands }, cut };
}

function categoriesText(): string {
  return CATEGORY_NAMES.map((category) => {
    const { description, programs } = PROGRAM_CATEGORIES[category];
    return `@${category}: ${description}\n  ${programs.join(" ")}\n`;
  }).join("\n");
}

function tomlKey(name: string): string {
  return /^[A-Za-z0-9_-]+$/.test(name) ? name : JSON.stringify(name);
}
