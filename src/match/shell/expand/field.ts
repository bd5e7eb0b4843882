// A field: one word after expansion, as far as it is known before the command
// runs. One representation covers a plain word (one known value), a word that
// may take one of several values (a loop variable, `${X:-a}`), and a word that
// is only known at run time (`$(…)`, an unset variable) — with whatever
// possible values the input still shows.

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

/** The text to show for a field: its value when certain, else its source. */
export function fieldText(field: Field): string {
  return singleValue(field) ?? field.text;
}

export function mergeSources(...lists: ReadonlyArray<readonly number[]>): number[] {
  const merged: number[] = [];
  for (const list of lists) for (const source of list) if (!merged.includes(source)) merged.push(source);
  return merged;
}
