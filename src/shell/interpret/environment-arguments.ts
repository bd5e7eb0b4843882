// Arguments a program takes from its environment: `TF_CLI_ARGS=-auto-approve
// terraform apply` is `terraform apply -auto-approve`, `npm_config_yes=true
// npx pkg` is `npx --yes pkg` (ProgramSpec.environmentArguments). The words
// are added where the program reads them, so rules see one command line
// whichever way its options were given. Both the command's own assignments
// and variables its shell set earlier count (the guard does not follow which
// were exported).
import { type Field, literalField } from "../expand/field.ts";
import type { Value } from "../expand/words.ts";
import type { ProgramSpec } from "../programs/spec.ts";

const TRUE_VALUE = /^(?:1|true|yes|on)$/i;
const FALSE_VALUE = /^(?:0|false|no|off|)$/i;

/** The arguments with the ones the environment adds; the same array when it adds none. */
export function withEnvironmentArguments(
  spec: ProgramSpec | undefined,
  args: readonly Field[],
  env: ReadonlyMap<string, Value>,
  vars: ReadonlyMap<string, Value>,
): readonly Field[] {
  const from = spec?.environmentArguments;
  if (!from) return args;
  const set = (name: string) => env.get(name) ?? vars.get(name);
  const options = from.optionPrefix ? prefixedOptions(from.optionPrefix, env, vars) : [];
  const at = subcommandEnd(args);
  const subcommand = at > 0 ? args[at - 1]!.values[0] : undefined;
  const words = (from.words ?? []).flatMap((name) => {
    const value = set(name.endsWith("_*") ? `${name.slice(0, -1)}${subcommand ?? ""}` : name);
    return value?.known && value.values.length === 1 ? value.values[0]!.split(/\s+/).filter((word) => word !== "") : [];
  });
  if (options.length === 0 && words.length === 0) return args;
  const text = (word: string) => literalField(word, word);
  return [...options.map(text), ...args.slice(0, at), ...words.map(text), ...args.slice(at)];
}

/** `npm_config_yes=true` → `--yes`, `NPM_CONFIG_REGISTRY=U` → `--registry=U` (the prefix in any letter case); a false value adds nothing. */
function prefixedOptions(prefix: string, env: ReadonlyMap<string, Value>, vars: ReadonlyMap<string, Value>): string[] {
  const options: string[] = [];
  const lower = prefix.toLowerCase();
  for (const [name, value] of [...vars, ...env]) {
    if (!name.toLowerCase().startsWith(lower) || name.length === prefix.length || !value.known || value.values.length !== 1) continue;
    const option = `--${name.slice(prefix.length).toLowerCase().replaceAll("_", "-")}`;
    const text = value.values[0]!;
    if (FALSE_VALUE.test(text)) continue;
    options.push(TRUE_VALUE.test(text) ? option : `${option}=${text}`);
  }
  return [...new Set(options)];
}

/** The index after the first word that is not an option (the subcommand), or the end. */
function subcommandEnd(args: readonly Field[]): number {
  const index = args.findIndex((arg) => arg.values.length === 1 && !arg.values[0]!.startsWith("-"));
  return index < 0 ? args.length : index + 1;
}
