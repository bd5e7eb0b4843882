// Package runners that fetch a package and run it in one step (`bunx NAME`,
// `uvx NAME`, `pnpm dlx NAME`, `pipx run NAME`): which package they fetch,
// and whether it is one of the well-known developer tools people run this
// way every day. Anything else is whatever the registry serves under that
// name today, run with the user's rights.
import { type Field, singleValue } from "../expand/field.ts";
import { inCategory } from "./categories.ts";
import type { ProgramSpec } from "./spec.ts";

/** What this module needs of an argument reading (read-argv.ts), kept structural so neither imports the other. */
type Reading = {
  spec?: ProgramSpec;
  roled: readonly { field: Field; option?: string; role: string }[];
  carried?: { kind: string; words: readonly Field[] };
};

/** The tag a runner gets when what it fetches is not a well-known tool. */
export const RUNS_UNKNOWN_PACKAGE = "runs-unknown-package";

/**
 * The package's name without its version or extras: `@scope/name@1.2` → `@scope/name`, `ruff==0.6` → `ruff`,
 * `black[jupyter]` → `black`, `ruff@latest` → `ruff`; undefined when it is no plain registry name (a URL, a path,
 * `git+…`, a value known only at run time).
 */
function packageName(field: Field): string | undefined {
  const word = singleValue(field);
  if (word === undefined) return undefined;
  const match = /^((?:@[\w.-]+\/)?[\w.-]+)(?:\[[\w.,-]*\])?(?:(?:==|>=|<=|~=|@)\S*)?$/.exec(word);
  return match ? match[1]!.toLowerCase() : undefined;
}

// A scaffolder (`create-vite`: what `npm init vite` runs) passes when the registry lists it among the well-known
// tools; the `create-` prefix alone is anyone's to publish under, so an unlisted one is judged as any package.
function isKnownTool(field: Field): boolean {
  const name = packageName(field);
  return name !== undefined && (inCategory(name, "known-package-tool") || name.startsWith(STANDARD_LIBRARY_SCOPE));
}

/** Deno's standard library on JSR (`jsr:@std/http/file-server`): published by the runtime's own authors. */
const STANDARD_LIBRARY_SCOPE = "@std/";

/**
 * A script written as a registry specifier (`npm:cowsay@1.5`, `jsr:@std/http/file-server`): the package it
 * names, its version and the module path inside it left out; undefined for any other script (a file, a URL).
 */
function specifiedPackage(field: Field, specifiers: readonly string[]): Field | undefined {
  const word = singleValue(field);
  const specifier = word === undefined ? undefined : specifiers.find((prefix) => word.startsWith(prefix));
  if (word === undefined || specifier === undefined) return undefined;
  const match = /^((?:@[\w.-]+\/)?[\w.-]+)(?:@[^/]*)?(?:\/.*)?$/.exec(word.slice(specifier.length));
  // A specifier that names no plain package still fetches one: judged as an unknown name.
  return { ...field, values: [match ? match[1]! : word], known: true };
}

/** The packages a runner fetches: its package options' values when given, else the carried program. */
function fetchedPackages(reading: Reading, packageOptions: readonly string[], specifiers: readonly string[]): Field[] {
  const fromOptions = reading.roled.filter((arg) => arg.option !== undefined && packageOptions.includes(arg.option)).map((arg) => arg.field);
  if (fromOptions.length > 0) return fromOptions;
  const specified = reading.roled.filter((arg) => arg.option === undefined && arg.role === "script").map((arg) => specifiedPackage(arg.field, specifiers));
  if (specified.some((field) => field !== undefined)) return specified.filter((field) => field !== undefined);
  const carried = reading.carried;
  const first = carried?.kind === "argv" ? carried.words[0] : undefined;
  return first ? [first] : [];
}

/** Whether this reading runs a package fetched from a registry that is not a well-known tool. */
export function runsUnknownPackage(reading: Reading): boolean {
  const runsPackage = reading.spec?.runsPackage;
  if (!runsPackage) return false;
  const packages = fetchedPackages(reading, runsPackage.packageOptions, runsPackage.specifiers ?? []);
  return packages.length > 0 && !packages.every(isKnownTool);
}
