// Which subcommand a word names: an exact name, else the first name pattern
// it fits (`delete-*`, `*:destroy`), else `*` (any other name). A `*` stands
// for letters, digits, `_` and `-` only, so a path, URL, host or `key=value`
// word is never taken for a subcommand by a pattern. Last comes `**`: any
// word at all, for programs whose first operand, whatever it is, is itself a
// verb (`pass github.com` shows that entry).
import type { ProgramSpec } from "./spec.ts";

type Subcommands = Readonly<Record<string, ProgramSpec>>;
type Pattern = { test: RegExp; spec: ProgramSpec };

const NAME_RUN = "[A-Za-z0-9_-]*";
const compiled = new WeakMap<Subcommands, Pattern[]>();

function patternsOf(subcommands: Subcommands): Pattern[] {
  const known = compiled.get(subcommands);
  if (known) return known;
  // The bare `*` (any other name) comes last, wherever it is written, and `**` (any word) after it.
  const named = Object.entries(subcommands).filter(([name]) => name.includes("*"));
  const ordered = [...named.filter(([name]) => name !== "*" && name !== "**"), ...named.filter(([name]) => name === "*"), ...named.filter(([name]) => name === "**")];
  const patterns = ordered.map(([name, spec]) => ({ test: name === "**" ? /^[\s\S]+$/ : new RegExp(`^${name.split("*").map(escapeRegex).join(NAME_RUN)}$`), spec }));
  compiled.set(subcommands, patterns);
  return patterns;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The subcommand's spec; undefined for a word no name fits. */
export function findSubcommand(subcommands: Subcommands, word: string): ProgramSpec | undefined {
  if (Object.hasOwn(subcommands, word)) return subcommands[word];
  for (const pattern of patternsOf(subcommands)) if (pattern.test.test(word)) return pattern.spec;
  return undefined;
}

/** Whether the level names its subcommands by patterns too (then a word that fits none is an operand). */
export function hasNamePatterns(subcommands: Subcommands): boolean {
  return patternsOf(subcommands).length > 0;
}
