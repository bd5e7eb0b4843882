// xonsh's run-control files (~/.xonshrc, ~/.config/xonsh/rc.xsh, rc.d/*.xsh)
// as the code they run. xonsh reads each line as Python when it parses as
// Python, else as a shell command (subprocess mode). This reader sorts the
// lines the same way by their first word: Python statements (imports,
// definitions, blocks, assignments, calls of a name with a dot or a bracket)
// go to a Python reader as one program, the rest are shell lines. xonsh's
// environment assignments (`$EDITOR = 'vim'`, `$PATH.append(…)`) set
// something and run nothing. `$(cmd)`, `!(cmd)` and `$[cmd]` inside a Python
// line run cmd: they are kept as shell lines too.
import { shellQuote } from "./quote.ts";

/** First words that make a line Python. */
const PYTHON_START = /^(?:import|from|def|class|if|elif|else|for|while|try|except|finally|with|return|pass|raise|assert|del|global|nonlocal|lambda|async|await|print|@)\b/;
/** `name = …`, `name.attr(…)`, `name[…] = …`, `name(…)`: Python rather than a command name followed by words. */
const PYTHON_EXPRESSION = /^[A-Za-z_][\w.]*(?:\s*(?:\[[^\]]*\])?\s*[+\-*/|&]?=(?!=)|\.\w+\s*\(|\s*\(|\[)/;
/** `$NAME = …`, `$NAME.append(…)`, `${…}`: xonsh's environment, set in Python. */
const ENVIRONMENT = /^\$\{?\w+\}?\s*(?:[+-]?=|\.\w+\s*\(|\[)/;
/** Commands run from inside a Python line: `$(cmd)`, `!(cmd)`, `$[cmd]`, `![cmd]`. */
const CAPTURED = /[$!][([]([^()[\]]*)[)\]]/g;

export function xonshAsShell(text: string): { text: string; unread: string[] } {
  const python: string[] = [];
  const shell: string[] = [];
  let inPython = false;
  for (const raw of text.replace(/\\\r?\n/g, " ").split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const pythonLike = PYTHON_START.test(line) || PYTHON_EXPRESSION.test(line) || ENVIRONMENT.test(line);
    // An indented line continues the block above it: Python, or a command that block runs (`if x:\n    rm …`).
    if (pythonLike || (/^\s/.test(raw) && inPython)) {
      inPython = true;
      for (const match of line.matchAll(CAPTURED)) if (match[1]!.trim() !== "") shell.push(match[1]!.trim());
      if (pythonLike && ENVIRONMENT.test(line)) continue;
      if (pythonLike) python.push(raw.replace(CAPTURED, "None"));
      else {
        shell.push(line);
        python.push(`${/^\s*/.exec(raw)![0]}pass`);
      }
      continue;
    }
    inPython = false;
    shell.push(line);
  }
  const parts = [...shell];
  if (python.length > 0) parts.push(`python3 -c ${shellQuote(dedented(python).join("\n"))}`);
  return { text: parts.length === 0 ? ":" : parts.join("\n"), unread: [] };
}

/** The lines with the indentation they all share removed (a block kept, its first line at the margin). */
function dedented(lines: readonly string[]): string[] {
  const indents = lines.map((line) => /^\s*/.exec(line)![0].length);
  const least = Math.min(...indents);
  return lines.map((line) => line.slice(least));
}
