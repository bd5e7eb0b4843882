// Document processors that run code a file gives them: pandoc's Lua filters
// (`-L`, `--lua-filter`) are Lua run inside pandoc; groff in unsafe mode
// (`-U`) runs the shell commands of a document's `.sy`, `.pso` and `.pi`
// requests. Without -U groff refuses those requests, so a document is only
// read for them when -U is given.
import type { SimpleCommand } from "../view/view.ts";
import { type Loaded, relative, type Row, shellLines } from "./file-rows.ts";

/** Every value of an option: `-L f`, `-Lf`, `--lua-filter f`, `--lua-filter=f`. */
function optionValues(args: readonly string[], short: string, long: string): string[] {
  const values: string[] = [];
  args.forEach((arg, index) => {
    if ((arg === short || arg === long) && args[index + 1] !== undefined) values.push(args[index + 1]!);
    else if (arg.startsWith(`${long}=`)) values.push(arg.slice(long.length + 1));
    else if (arg.startsWith(short) && arg.length > short.length && !arg.startsWith("--")) values.push(arg.slice(short.length));
  });
  return values;
}

function luaFilters(command: SimpleCommand): Loaded[] {
  return optionValues(command.args, "-L", "--lua-filter")
    .filter((path) => !/[$`]/.test(path))
    .map((path) => ({ path: relative(path), reading: { kind: "code", language: "lua" } }));
}

/** groff's flags that take no value, any of which may be bundled before -U (`-tU`). */
const GROFF_UNSAFE = /^-[abcCeEgGijklNpRsStVXzZ]*U/;

/** The requests a document makes (`.sy CMD`, `.pso CMD`, `.pi CMD`, the control character `.` or `'`): the commands they run. */
function groffCommands(content: string): string[] {
  return [...content.matchAll(/^[.'][ \t]*(?:sy|pso|pi)[ \t]+(.+)$/gm)].map((match) => match[1]!.replace(/\\(["\\])/g, "$1").trim());
}

export const DOCUMENT_ROWS: readonly Row[] = [
  { what: "pandoc Lua filters", programs: ["pandoc"], when: (command) => luaFilters(command).length > 0, files: luaFilters },
  {
    what: "groff -U (unsafe requests)",
    programs: ["groff", "troff", "nroff"],
    when: (command) => command.args.some((arg) => GROFF_UNSAFE.test(arg)),
    files: (_command, words) => words.filter((word) => !/[$`]/.test(word)).map((word) => ({ path: relative(word), reading: shellLines(groffCommands) })),
  },
];
