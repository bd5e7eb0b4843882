// Quoting a value as one shell word, so that a line built from interpreter
// code is parsed back into exactly the words it was built from. A leading
// `~/` stays unquoted: the code most likely expands it (os.path.expanduser),
// and judging the home directory is the careful reading.
export function shellQuote(value: string): string {
  if (value === "") return "''";
  if (value === "~") return "~";
  if (value.startsWith("~/")) return `~/${value.length > 2 ? shellQuote(value.slice(2)) : ""}`;
  if (/^[A-Za-z0-9_./:=@%+,-]+$/.test(value)) return value;
  return `'${value.replaceAll("'", "'\\''")}'`;
}
