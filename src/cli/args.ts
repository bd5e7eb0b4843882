// A small argument reader for the subcommands: flags anywhere, the rest positional.
import { closest } from "../policy/did-you-mean.ts";

export type ParsedArgs = { positional: string[]; flags: Set<string>; values: Map<string, string> };

export class UsageError extends Error {}

/** `valued` names the options that take a value (`--policy FILE` or `--policy=FILE`). */
export function parseArgs(argv: string[], valued: readonly string[], known: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === "--") {
      positional.push(...argv.slice(index + 1));
      break;
    }
    if (!arg.startsWith("--") || arg === "-") {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (valued.includes(name)) {
      const value = inline ?? argv[++index];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      values.set(name, value);
      continue;
    }
    if (!known.includes(name)) throw new UsageError(`unknown option ${name}`);
    flags.add(name);
  }
  return { positional, flags, values };
}

/**
 * A comma-separated option whose every item must be one of `allowed`
 * (`--decision block,confirm`): a misspelt item is an error with a
 * suggestion, never a filter that silently matches nothing.
 */
export function listOption<T extends string>(text: string | undefined, option: string, allowed: readonly T[]): T[] {
  if (text === undefined) return [];
  const items = text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  if (items.length === 0) throw new UsageError(`${option} needs at least one of ${allowed.join(", ")}`);
  for (const item of items) {
    if ((allowed as readonly string[]).includes(item)) continue;
    const suggestion = closest(item, allowed);
    throw new UsageError(`${option} ${JSON.stringify(item)}: expected one of ${allowed.join(", ")}${suggestion ? ` (did you mean "${suggestion}"?)` : ""}`);
  }
  return items as T[];
}

/** One value of an enumerated option (`--hook on_session_start`), checked the same way. */
export function oneOfOption<T extends string>(text: string, option: string, allowed: readonly T[]): T {
  const [item, ...more] = listOption(text, option, allowed);
  if (more.length > 0) throw new UsageError(`${option} takes one of ${allowed.join(", ")}, not a list`);
  return item!;
}
