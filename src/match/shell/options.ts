// A small getopt: where a wrapper's own options end and the command it runs
// begins. Each wrapper names the options that take a value, so that
// `sudo -u root rm` runs `rm`, not `root`.
import type { Arg } from "./types.ts";

export type OptionSpec = {
  /** Options that consume the next word (`-u USER`, `--user USER`); `--user=x` and `-ux` forms are understood too. */
  valueOptions?: readonly string[];
  /** Operands the wrapper itself takes before the command (`timeout DURATION cmd`, `flock FILE cmd`). */
  leadingOperands?: number;
  /** `NAME=value` words before the command are the wrapper's (env). */
  assignments?: boolean;
};

export type SplitArgs = {
  /** The wrapper's own options, with their values. */
  options: Arg[];
  /** Index in the argument list where the wrapped command starts; equal to the length when there is none. */
  commandStart: number;
};

export function splitWrapperArgs(args: Arg[], spec: OptionSpec): SplitArgs {
  const valueOptions = new Set(spec.valueOptions ?? []);
  const shortValueOptions = [...valueOptions].filter((option) => /^-[^-]$/.test(option));
  let leading = spec.leadingOperands ?? 0;
  const options: Arg[] = [];
  let index = 0;
  while (index < args.length) {
    const arg = args[index]!;
    if (arg.kind === "dynamic") break;
    const word = arg.value;
    if (word === "--") {
      index++;
      break;
    }
    if (spec.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      options.push(arg);
      index++;
      continue;
    }
    if (word.startsWith("-") && word.length > 1) {
      options.push(arg);
      index++;
      if (takesSeparateValue(word, valueOptions, shortValueOptions) && index < args.length) options.push(args[index++]!);
      continue;
    }
    if (leading > 0) {
      leading--;
      options.push(arg);
      index++;
      continue;
    }
    break;
  }
  return { options, commandStart: index };
}

function takesSeparateValue(word: string, valueOptions: Set<string>, shortValueOptions: string[]): boolean {
  if (valueOptions.has(word)) return true;
  if (word.startsWith("--")) return false;
  // A bundle such as `-Eu root`: the last letter may take the value.
  const last = `-${word.at(-1)}`;
  return word.length > 2 && shortValueOptions.includes(last) && !shortValueOptions.some((option) => word.slice(1, -1).includes(option[1]!));
}
