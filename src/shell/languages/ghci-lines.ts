// GHCi's start-up files (~/.ghci, the project's .ghci, ghci.conf) as the
// shell input that runs them. Each line is a GHCi command or Haskell: `:!CMD`
// runs CMD in a shell; `:set`, `:module`, `:def` (a macro, run only when used)
// and the other colon commands set something up; `:cmd` and `:script` run
// GHCi commands only known at run time, or from a file nobody has seen
// (unread). The Haskell lines (imports, `let`, IO actions) are handed to ghci
// on its standard input, where the Haskell reader reads them.

/** Colon commands that run GHCi commands the text does not show. */
const UNSEEN = /^:(?:cmd|script)\b/;

/** Settings that name a program GHC or GHCi runs later: a preprocessor or phase (`-pgmF`, `-pgmL`), the editor of `:edit`. */
const RUNS_PROGRAMS = /^:set\s.*(?:-pgm\w*|\beditor\b|-F\b)/;

export function ghciAsShell(text: string): { text: string; unread: string[] } {
  const shell: string[] = [];
  const haskell: string[] = [];
  const unread: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("--")) continue;
    const bang = /^:!\s*(.+)$/.exec(line);
    // A macro's body (`:def name expr`) is Haskell that runs each time the macro (or the command it replaces, `:def!`) is used.
    const macro = /^:def!?\s+\S+\s+(.+)$/.exec(line);
    if (bang) shell.push(bang[1]!);
    else if (macro) haskell.push(macro[1]!);
    else if (UNSEEN.test(line) || RUNS_PROGRAMS.test(line)) unread.push(`ghci line not read: ${line.slice(0, 80)}`);
    else if (!line.startsWith(":")) haskell.push(line);
  }
  const marker = "SYNAPS_GHCI_TEXT";
  if (haskell.length > 0 && !haskell.some((line) => line.includes(marker))) shell.push(`ghci <<'${marker}'\n${haskell.join("\n")}\n${marker}`);
  return { text: shell.length === 0 ? ":" : shell.join("\n"), unread };
}
