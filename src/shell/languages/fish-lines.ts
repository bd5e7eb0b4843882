// fish's start-up files (config.fish, conf.d/*.fish) as the shell lines they
// run. fish is not bash: its blocks end in `end`, a command substitution is
// `(…)`, `set` assigns. Only what reads the same in both is kept — simple
// commands, the condition of an `if`/`while`, commands after `and`/`or`/`not`,
// and what a `set` computes with a substitution. Settings (`set`, `abbr`,
// `alias`, `fish_add_path`, `bind`), block keywords and function headers run
// nothing. A line neither reader can read (fish-only quoting, indexing) is
// returned as unread: code nobody has seen, not a syntax error.

/** fish commands that only set something up: they run nothing of the line's words (a substitution in them still runs). */
const SETTINGS = new Set(["set", "abbr", "alias", "fish_add_path", "bind", "complete", "set_color", "functions", "status", "umask", "true", "false", "return", "exit"]);
/** Keywords that start or end a block and run nothing themselves. */
const BLOCK_WORDS = new Set(["end", "else", "begin", "break", "continue", "case", "switch", "for", "function"]);
/** Words a fish line may start with that bash reads as syntax of its own. */
const BASH_SYNTAX = /^(?:then|fi|do|done|esac|elif|in|select|until|\{|\}|\[\[|\(\()(?:\s|$)/;

export function fishAsShell(text: string): { text: string; unread: string[] } {
  const lines: string[] = [];
  const unread: string[] = [];
  for (const raw of text.replace(/\\\r?\n/g, " ").split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const command = commandOf(line);
    if (command === undefined) continue;
    // A setting runs nothing itself; what it computes with a substitution runs (`set -gx TOKEN (cat ~/.x | …)`).
    if (SETTINGS.has(command.split(/\s+/)[0]!)) {
      lines.push(...substitutions(command));
      continue;
    }
    const shell = asBash(command);
    if (shell === undefined) unread.push(`fish line not read: ${line.slice(0, 80)}`);
    else lines.push(shell);
  }
  return { text: lines.length === 0 ? ":" : lines.join("\n"), unread };
}

/** The command a line runs: after `if`, `else if`, `while`, `and`, `or`, `not`, `command`, `builtin`; none for a block word. */
function commandOf(line: string): string | undefined {
  let rest = line;
  for (;;) {
    const prefix = /^(?:else\s+if|if|while|and|or|not|!|command|builtin|exec)\s+/.exec(rest);
    if (!prefix) break;
    rest = rest.slice(prefix[0].length);
  }
  const first = rest.split(/\s+/)[0]!;
  return BLOCK_WORDS.has(first) ? undefined : rest;
}

/** The commands of a line's `(…)` and `$(…)` substitutions, outside quotes (nested ones left to the bash reader). */
function substitutions(line: string): string[] {
  const found: string[] = [];
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quote) {
      if (char === "\\" && quote === '"') index++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    else if (char === "\\") index++;
    else if (char === "(") {
      const end = closing(line, index);
      if (end < 0) return found;
      const inner = line.slice(index + 1, end).trim();
      if (inner !== "") found.push(inner);
      index = end;
    }
  }
  return found;
}

function closing(line: string, open: number): number {
  let depth = 0;
  for (let index = open; index < line.length; index++) {
    if (line[index] === "(") depth++;
    else if (line[index] === ")" && --depth === 0) return index;
  }
  return -1;
}

/**
 * The line as bash reads it the same way: balanced quotes with no fish-only escape in single quotes, no bash syntax
 * word first, a `(…)` substitution written `$(…)`; undefined when it cannot be.
 */
function asBash(line: string): string | undefined {
  if (BASH_SYNTAX.test(line) || /'[^']*\\'/.test(line) || /\$\w+\[/.test(line)) return undefined;
  let out = "";
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quote) {
      out += char;
      if (char === "\\" && quote === '"') out += line[++index] ?? "";
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    if (char === "(" && line[index - 1] !== "$") out += "$";
    out += char;
  }
  return quote === undefined ? out : undefined;
}
