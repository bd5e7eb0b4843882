// SWI-Prolog's init file (~/.config/swi-prolog/init.pl, the older ~/.swiplrc)
// as the shell input that runs it: `shell(Cmd)` and `shell(Cmd, Status)` hand
// Cmd to a shell; `process_create(path(Prog), [Arg, …], _)` starts Prog with
// those words. A command that is not a quoted atom or string is built at run
// time (unread); everything else (flags, `use_module`, `set_prolog_flag`)
// runs nothing.
import { shellQuote } from "./quote.ts";

/** A Prolog quoted atom ('…') or string ("…") with its escapes undone; undefined for anything else. */
function literal(text: string): string | undefined {
  const match = /^\s*(?:'((?:[^'\\]|\\.|'')*)'|"((?:[^"\\]|\\.)*)")\s*$/.exec(text);
  if (!match) return undefined;
  return (match[1] ?? match[2]!).replace(/''/g, "'").replace(/\\(.)/g, "$1");
}

/** The argument list of a call starting at `from` (just after its `(`), up to its matching `)`, split at top-level commas. */
function callArguments(text: string, from: number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = from;
  for (let index = from; index < text.length; index++) {
    const char = text[index]!;
    if (quote) {
      if (char === "\\") index++;
      else if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") {
      if (depth === 0) {
        parts.push(text.slice(start, index));
        return parts;
      }
      depth--;
    } else if (char === "," && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  return parts;
}

export function prologAsShell(text: string): { text: string; unread: string[] } {
  const code = text.replace(/%[^\n]*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "");
  const lines: string[] = [];
  const unread: string[] = [];
  for (const call of code.matchAll(/\b(shell|process_create)\s*\(/g)) {
    const args = callArguments(code, call.index + call[0].length);
    if (call[1] === "shell") {
      const command = args[0] === undefined ? undefined : literal(args[0]);
      if (command === undefined) unread.push(`prolog shell/1 not read: ${(args[0] ?? "").trim().slice(0, 80)}`);
      else lines.push(command);
      continue;
    }
    const program = /^\s*path\(\s*(\w+)\s*\)\s*$/.exec(args[0] ?? "")?.[1] ?? (args[0] === undefined ? undefined : literal(args[0]));
    const list = /^\s*\[([\s\S]*)\]\s*$/.exec(args[1] ?? "[]")?.[1];
    const words = list === undefined ? undefined : list.trim() === "" ? [] : callArguments(`${list})`, 0).map(literal);
    if (program === undefined || words === undefined || words.some((word) => word === undefined))
      unread.push(`prolog process_create not read: ${(args[0] ?? "").trim().slice(0, 80)}`);
    else lines.push([program, ...(words as string[])].map(shellQuote).join(" "));
  }
  return { text: lines.length === 0 ? ":" : lines.join("\n"), unread };
}
