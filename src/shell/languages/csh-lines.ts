// csh's and tcsh's start-up files (~/.tcshrc, ~/.cshrc, ~/.login) as the
// shell lines they run. csh is not bash: `set x = y` and `setenv X y` assign,
// `alias ll 'ls -la'` takes no `=`, blocks open with `if (…) then`,
// `foreach`, `while`, `switch` and close with `endif`, `end`, `endsw`. A
// simple command reads the same in both, and is kept; settings run nothing
// but their backquoted substitutions; an alias becomes bash's so that the
// rules about aliases see it. A line neither reader can read (a one-line
// `if (…) cmd`) is returned as unread: code nobody has seen, not an error.

/** Commands that only set something up: they run nothing of the line's words (a backquote in them still runs). */
const SETTINGS = new Set(["set", "unset", "unsetenv", "bindkey", "limit", "unlimit", "umask", "complete", "uncomplete", "unalias", "rehash", "history", "setenv"]);
/** Words that open, divide or close a block and run nothing themselves. */
const BLOCK_WORDS = /^(?:endif|end|endsw|breaksw|else|default:|case\s[^:]*:|foreach\b|while\b|switch\b|if\s*\(.*\)\s*then$|else\s+if\s*\(.*\)\s*then$)/;

export function cshAsShell(text: string): { text: string; unread: string[] } {
  const lines: string[] = [];
  const unread: string[] = [];
  for (const raw of text.replace(/\\\r?\n/g, " ").split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const first = line.split(/\s+/)[0]!;
    // `bindkey -c KEY CMD` runs CMD at a key press, `bindkey -s KEY TEXT` types TEXT (a command line) for it: not a setting.
    if (first === "bindkey" && /\s-[a-z]*[cs]\b/.test(line)) {
      unread.push(`csh line not read: ${line.slice(0, 80)}`);
      continue;
    }
    if (SETTINGS.has(first)) {
      lines.push(...backquoted(line));
      continue;
    }
    if (first === "alias") {
      const alias = /^alias\s+([\w.-]+)\s+(.+)$/.exec(line);
      if (alias) lines.push(`alias ${alias[1]}=${alias[2]!.startsWith("'") || alias[2]!.startsWith('"') ? alias[2] : `'${alias[2]!.replaceAll("'", "'\\''")}'`}`);
      continue;
    }
    if (BLOCK_WORDS.test(line)) continue;
    // `if (cond) cmd` on one line, and any csh-only syntax (`$?prompt`, `$var:h`): not read.
    if (first.startsWith("if") || /\$\?|\$\w+:[a-z]/.test(line)) unread.push(`csh line not read: ${line.slice(0, 80)}`);
    else lines.push(line);
  }
  return { text: lines.length === 0 ? ":" : lines.join("\n"), unread };
}

/** The commands of a line's backquoted substitutions. */
function backquoted(line: string): string[] {
  return [...line.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.trim()).filter((command) => command !== "");
}
