// A zsh script (run by `zsh FILE`, `zsh -c`, a `#!/bin/zsh` line) judged with
// bash's grammar: what both read the same is rewritten into bash
// (../languages/zsh-lines.ts), every command bash can then read is judged, and a
// line it still cannot read is left out and reported as unread code
// (defaults.unseen_code) — zsh runs it, bash's grammar only fails to say what it
// does. A bash or sh file keeps its syntax error: bash stops there.
import { MAX_ZSH_UNREAD_LINES } from "../../limits.ts";
import { textUnits, type WorkBudget } from "../budget.ts";
import { zshAsBash } from "../languages/zsh-lines.ts";
import { parseScript } from "../parse/parse.ts";

/** `text`: the script as bash reads it; `unread`: the lines left out; `problem`: why the script cannot be read at all. */
export type ZshReading = { text: string; unread: string[]; problem?: string };

/**
 * The script with each line bash's grammar rejects blanked, one at a time: the line the first error stands on, or —
 * when the error is at the end (a block never closed) — the line where the unclosed statement starts.
 */
export function readZsh(source: string, budget: WorkBudget): ZshReading {
  const original = source.split("\n");
  const lines = zshAsBash(source).split("\n");
  const unread: string[] = [];
  for (let round = 0; round <= MAX_ZSH_UNREAD_LINES; round++) {
    const text = lines.join("\n");
    budget.charge(textUnits(text));
    const script = parseScript(text);
    const error = script.errors?.[0];
    if (!error) return { text, unread };
    const line = unreadLine(text, lines, error.pos, script.commands.at(-1)?.pos);
    if (line === undefined || round === MAX_ZSH_UNREAD_LINES) break;
    unread.push(`zsh line ${line + 1} not read: ${original[line]!.trim().slice(0, 80)}`);
    lines[line] = readableParts(lines[line]!, budget);
  }
  return { text: ":", unread, problem: `more than ${MAX_ZSH_UNREAD_LINES} lines of the zsh script cannot be read with bash's grammar` };
}

/**
 * The commands of a line left out that bash reads alone (`rm -rf ~; foreach x (a b)` keeps `rm -rf ~`): its parts
 * between `;`, `&&` and `||` outside quotes, each kept when it parses by itself — so no unreadable line hides them.
 */
function readableParts(line: string, budget: WorkBudget): string {
  const parts = topLevelParts(line)
    .map((part) => part.trim())
    .filter((part) => {
      if (part === "") return false;
      budget.charge(textUnits(part));
      return !parseScript(part).errors?.length;
    });
  return parts.join("; ");
}

function topLevelParts(line: string): string[] {
  const parts: string[] = [];
  let quote: string | undefined;
  let start = 0;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (char === "\\") index++;
    else if (quote !== undefined) quote = char === quote ? undefined : quote;
    else if (char === "'" || char === '"') quote = char;
    else if (char === ";" || line.startsWith("&&", index) || line.startsWith("||", index)) {
      parts.push(line.slice(start, index));
      index += char === ";" ? 0 : 1;
      start = index + 1;
    }
  }
  parts.push(line.slice(start));
  return parts;
}

/** The line to leave out for an error at `pos`; undefined when only blank lines are left there. */
function unreadLine(text: string, lines: readonly string[], pos: number, statementStart: number | undefined): number | undefined {
  const at = lineOf(text, pos);
  const atEnd = text.slice(pos).trim() === "";
  if (!atEnd && lines[at]!.trim() !== "") return at;
  const opener = statementStart === undefined ? at : lineOf(text, statementStart);
  for (let line = Math.min(opener, lines.length - 1); line >= 0; line--) if (lines[line]!.trim() !== "") return line;
  return undefined;
}

function lineOf(text: string, pos: number): number {
  let line = 0;
  for (let index = text.indexOf("\n"); index >= 0 && index < pos; index = text.indexOf("\n", index + 1)) line++;
  return line;
}
