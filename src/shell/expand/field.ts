// A field: one word after expansion, as far as it is known before the command
// runs. One representation covers a plain word (one known value), a word that
// may take one of several values (a loop variable, `${X:-a}`), and a word that
// is only known at run time (`$(…)`, an unset variable) — with whatever
// possible values the input still shows.

import type { Value } from "./value.ts";

export type Field = {
  /** The source text, for messages. */
  readonly text: string;
  /** Known values: exactly one of them when `known`, some of the possibilities otherwise. */
  readonly values: readonly string[];
  /** True when the field is certainly one of `values`. */
  readonly known: boolean;
  /** Unquoted glob characters: the value is a pattern bash matches against file names. */
  readonly pattern: boolean;
  /** Indices of commands whose output reaches this field ($(…), a variable assigned from one). */
  readonly sources: readonly number[];
  /** The field names a process substitution (`<(…)`): a pipe, not a file. */
  readonly piped?: boolean;
  /** For a field only known at run time: the text it certainly ends with (`"$(brew --prefix)/bin/x"` ends with `/bin/x`). */
  readonly suffix?: string;
  /** For a field only known at run time whose run-time parts are all quoted: the text it certainly starts with. */
  readonly prefix?: string;
  /**
   * For a field only known at run time because of shell set-up code (`"$(ssh-agent -s)"`, `$(pyenv init -)`): its
   * text as a shell runs it, with that code — which only sets variables and defines functions — left out.
   */
  readonly shellText?: readonly string[];
  /**
   * For a field holding a word a program prints (`"dist/$(date +%s)/post.sh"`): the word with each printed word as
   * `*` (`dist/` + `*` + `/post.sh`), the run-time name a file written there is kept under.
   */
  readonly wildcard?: string;
  /** An assignment word given to a declaration builtin (`local x=…`, `declare -a A=(…)`): the variable and the value it gets. */
  readonly assigned?: { readonly name: string; readonly value: Value };
};

export function literalField(value: string, text = value): Field {
  return { text, values: [value], known: true, pattern: false, sources: [] };
}

export function unknownField(text: string, sources: readonly number[] = [], values: readonly string[] = []): Field {
  return { text, values, known: false, pattern: false, sources };
}

/** The one value of a field that is certainly one thing, else undefined. */
export function singleValue(field: Field): string | undefined {
  return field.known && field.values.length === 1 ? field.values[0] : undefined;
}

/** The text a shell runs when handed the field (eval): its one value, or its text without set-up code; else undefined. */
function shellTextOf(field: Field): string | undefined {
  return singleValue(field) ?? (field.shellText?.length === 1 ? field.shellText[0] : undefined);
}

/**
 * The texts a shell may run when handed the field: its one text, or each value it may take when all are known (a
 * loop over literal words: `for v in A B; do eval "x=\$$v"; done` runs `x=$A`, then `x=$B`); else undefined.
 */
export function shellTextsOf(field: Field): readonly string[] | undefined {
  const text = shellTextOf(field);
  if (text !== undefined) return [text];
  return field.known && field.values.length > 0 ? field.values : undefined;
}

/** For a field only known at run time: the last name of the path it holds, when its known ending says (`"$(brew --prefix)/bin/x"` → `x`). */
export function knownBasename(field: Field): string | undefined {
  const ending = field.known ? undefined : field.suffix;
  const slash = ending?.lastIndexOf("/") ?? -1;
  if (ending === undefined || slash < 0) return undefined;
  const name = ending.slice(slash + 1);
  return name === "" || /[*?[]/.test(name) ? undefined : name;
}

/**
 * `"build/$TARGET"`, `"./dist/${MODE:-debug}"`, `"target/$P/deps"`: a field only known at run time whose known start
 * is a directory inside the project names something in that directory's tree (at worst the directory itself, when
 * the run-time part is empty); as a pattern, `build/**`. None for a start that is the project itself (`"./$X"`), that
 * may leave it (`/`, `~`, `..` anywhere in the word), or that is an option (`-`); none for a word with glob syntax.
 */
export function knownTree(field: Field): string | undefined {
  if (field.known || field.prefix === undefined || field.pattern || field.piped) return undefined;
  if (field.text.includes("..") || field.values.some((value) => value.split("/").includes(".."))) return undefined;
  const slash = field.prefix.lastIndexOf("/");
  if (slash < 0) return undefined;
  const directory = field.prefix
    .slice(0, slash)
    .split("/")
    .filter((name) => name !== "" && name !== ".")
    .join("/");
  if (field.prefix.startsWith("/") || directory === "" || directory.startsWith("-") || directory.split("/").includes("..")) return undefined;
  // Plain names only: no glob or tilde syntax in the directory the pattern is built on.
  if (!/^[\w.,+=@%: -]+(?:\/[\w.,+=@%: -]+)*$/.test(directory)) return undefined;
  return `${directory}/**`;
}

/**
 * A file word only known at run time, as a pattern of the paths it may name: its certain start, `**` for the
 * run-time part, its certain end (`"build/$T/run.sh"` is build, `**`, then /run.sh). A file
 * written to such a word is kept under this pattern, so a later run of a path it matches is judged by what was
 * written rather than as a file nobody wrote.
 */
export function runTimePattern(field: Field): string | undefined {
  if (field.wildcard !== undefined && !field.piped) return field.wildcard.split("/").includes("..") ? undefined : field.wildcard;
  if (field.known || field.pattern || field.piped) return undefined;
  const prefix = field.prefix ?? "";
  const suffix = field.suffix ?? "";
  if (prefix === "" && suffix === "") return undefined;
  if (/[*?[\]]/.test(prefix + suffix) || `${prefix}/${suffix}`.split("/").includes("..")) return undefined;
  return `${prefix}**${suffix}`;
}

/** The text to show for a field: its value when certain, else its source. */
export function fieldText(field: Field): string {
  return singleValue(field) ?? field.text;
}

export function mergeSources(...lists: ReadonlyArray<readonly number[]>): number[] {
  const merged: number[] = [];
  for (const list of lists) for (const source of list) if (!merged.includes(source)) merged.push(source);
  return merged;
}
