// Options that make a program load a shared library named on its command
// line (`curl --engine ./x.so`, `ssh-keygen -D lib.so`, bash's `enable -f`):
// the library's code runs inside the program, with its rights. They are
// tagged `loads-library` for the rule that asks about it
// (builtin:remote-code); an engine or plugin given by name is not a file
// and is not tagged.

/** The tag a program gets when an option makes it load a shared library from a file. */
export const LOADS_LIBRARY = ["loads-library"] as const;

/** `tagsWith` entries for options whose value, when it names a file (a path, or a `.so`/`.dylib`), is a library the program loads. */
export function libraryOptions(...options: readonly string[]): Record<string, readonly string[]> {
  return Object.fromEntries(options.flatMap((option) => [`${option}=*/*`, `${option}=*.so`, `${option}=*.so.*`, `${option}=*.dylib`].map((key) => [key, LOADS_LIBRARY])));
}
