// GNU screen's start-up file (~/.screenrc) as the shell lines it runs when
// screen starts. Most lines are settings (`startup_message off`,
// `defscrollback 5000`, key bindings) and run nothing. What runs: `screen
// [-t title] [n] CMD…` opens a window running CMD, `exec [fdpat] CMD…` runs
// CMD in the current window, `backtick id lifespan autorefresh CMD…` runs CMD
// for the status line, and `shell PROG` is the program every new window
// starts. `source FILE` reads another screenrc nobody has seen: unread.

/** Options of the `screen` command that take a value. */
const WINDOW_VALUE_OPTIONS = new Set(["-t", "-T", "-h", "-fn", "-O"]);

export function screenrcAsShell(text: string): { text: string; unread: string[] } {
  const lines: string[] = [];
  const unread: string[] = [];
  for (const raw of text.replace(/\\\r?\n/g, " ").split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const words = line.split(/\s+/);
    const command = screenCommand(words, line);
    if (command === "unread") unread.push(`screenrc line not read: ${line.slice(0, 80)}`);
    else if (command !== undefined && command !== "") lines.push(command);
  }
  return { text: lines.length === 0 ? ":" : lines.join("\n"), unread };
}

/** The shell text one screenrc command runs; undefined for a setting; "unread" for a file it reads. */
function screenCommand(words: readonly string[], line: string): string | undefined {
  const rest = (skip: number) => line.split(/\s+/).slice(skip).join(" ");
  switch (words[0]) {
    case "screen": {
      let index = 1;
      while (index < words.length && words[index]!.startsWith("-")) index += WINDOW_VALUE_OPTIONS.has(words[index]!) ? 2 : 1;
      if (/^\d+$/.test(words[index] ?? "")) index++;
      return rest(index);
    }
    case "exec":
      // An optional pattern saying where the command's descriptors go (`.`, `!`, `|`, `:` and `!..|` mixes).
      return rest(/^[.!|:]+$/.test(words[1] ?? "") ? 2 : 1);
    case "backtick":
      return words.length > 4 ? rest(4) : undefined;
    case "shell":
    case "defshell": {
      // `shell -$SHELL` (the user's own, as a login shell) names nothing new.
      const program = (words[1] ?? "").replace(/^-/, "");
      return program === "" || program.includes("$") ? undefined : program;
    }
    case "source":
      return "unread";
    default:
      return undefined;
  }
}
