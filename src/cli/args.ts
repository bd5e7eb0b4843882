// A small argument reader for the subcommands: flags anywhere, the rest positional.
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
