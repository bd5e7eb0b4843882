// What a variable holds, as far as the input shows: the type alone, because
// fields (field.ts) remember the value an assignment word gave and words.ts
// computes values from fields; neither file imports the other for it.

/** What a variable holds, as far as the input shows. */
export type Value = {
  readonly values: readonly string[];
  readonly known: boolean;
  readonly sources: readonly number[];
  /** For an array whose elements the input shows (`A=(x y)`): each element; `values` are element 0's (`$A` is `${A[0]}`). */
  readonly elements?: readonly Value[];
  /** The values are patterns for paths, however quoted: `$(mktemp -d)` is some `/tmp/tmp.??????????`. */
  readonly pattern?: boolean;
  /** For a value only known at run time: the text it certainly ends with (`$(brew --prefix)/bin/x`). */
  readonly suffix?: string;
  /** For a value only known at run time: the text it certainly starts with (`build/$T` starts with `build/`). */
  readonly prefix?: string;
};
