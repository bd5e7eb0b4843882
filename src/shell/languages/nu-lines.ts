// Nushell's start-up files (env.nu, config.nu, login.nu) as the shell lines
// they run. Nushell is not bash: `$env.X = …`, `let`, `def`, `alias`, `use`
// set something up, and blocks and records are written in braces. Only lines
// outside every brace are read: an external command (`^cmd`) or a simple
// command reads the same in both; what a `def` or a record holds runs
// nothing at start. `source FILE` reads a file nobody has seen (unread), as
// does a block opened by a line that is not a definition (`if … {`). A
// literal bound to a name is kept as the shell variable it amounts to, and
// `http get URL | save FILE` as the download it is.
import { shellQuote } from "./quote.ts";

/** `let|mut|const NAME = LITERAL` and `$env.NAME = LITERAL` (a quoted string, or a bare word). */
const BINDING = /^(?:(?:let|mut|const)\s+|(\$env\.))(\w+)\s*(?::\s*\w+\s*)?=\s*(?:'([^']*)'|"([^"\\$]*)"|([\w./~-]+))\s*$/;

/**
 * nushell's pipeline words that bash spells otherwise: `http get URL` prints what it fetches (`curl -s URL`), and
 * `save [-f] FILE` at a pipeline's end writes what comes in (`> FILE`).
 */
function asBash(line: string): string {
  return line.replace(/(^|\|\s*)http\s+get\s+/g, "$1curl -s ").replace(/\|\s*save\s+(?:(?:-f|--force|-a|--append|-r|--raw)\s+)*(\S+)\s*$/, (_, file: string) => `> ${file}`);
}

const SETTINGS = /^(?:\$env\.|let\s|let-env\s|mut\s|const\s|alias\s|export\s|def\s|def-env\s|use\s|module\s|hide\s|overlay\s|register\s|plugin\s|\}|\]|\))/;

export function nuAsShell(text: string): { text: string; unread: string[] } {
  const lines: string[] = [];
  const unread: string[] = [];
  let depth = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const outside = depth === 0;
    depth = Math.max(0, depth + balance(line));
    if (!outside || line === "" || line.startsWith("#")) continue;
    if (/^(?:source|source-env)\s/.test(line) || (depth > 0 && !SETTINGS.test(line))) unread.push(`nu line not read: ${line.slice(0, 80)}`);
    // A subexpression `(…)` or a closure is nushell's own syntax, which bash reads otherwise: not read.
    else if (!SETTINGS.test(line) && /[({]/.test(line.replace(/"[^"]*"|'[^']*'/g, ""))) unread.push(`nu line not read: ${line.slice(0, 80)}`);
    // `^cmd` and `run-external cmd` run the external program cmd, in any stage of a pipeline.
    else if (!SETTINGS.test(line)) lines.push(asBash(line.replace(/(^|\|\s*)(?:\^|run-external\s+)/g, "$1")));
    // A literal bound to a name (`let out = 'dist'`, `$env.OUT = "dist"`): what a later `$out` stands for.
    else {
      const bound = BINDING.exec(line);
      if (bound) lines.push(`${bound[1] ? "export " : ""}${bound[2]}=${shellQuote(bound[3] ?? bound[4] ?? bound[5]!)}`);
    }
  }
  return { text: lines.length === 0 ? ":" : lines.join("\n"), unread };
}

/** Braces, brackets and parentheses a line opens minus those it closes, outside quotes. */
function balance(line: string): number {
  let count = 0;
  let quote: string | undefined;
  for (const char of line) {
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'" || char === "`") quote = char;
    else if (char === "#") break;
    else if (char === "{" || char === "[" || char === "(") count++;
    else if (char === "}" || char === "]" || char === ")") count--;
  }
  return count;
}
