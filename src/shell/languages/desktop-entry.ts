// A desktop entry (`*.desktop`, the freedesktop.org Desktop Entry format) as
// the command it starts. An autostart entry (~/.config/autostart/) runs its
// `Exec=` line at every graphical login, and `dex -a` runs them all now. The
// line is no shell text: its words are split on spaces, a word may be
// double-quoted (with `\"`, `` \` ``, `\$`, `\\` escaped), and field codes
// (`%f`, `%U`, …) stand for files and URLs the launcher passes (none at
// login). Only the main `[Desktop Entry]` group starts anything (an action's
// Exec runs when someone picks it), and `Hidden=true` turns the entry off.
import { shellQuote } from "./quote.ts";

/** Field codes: `%%` is a `%`; the others are replaced by what the launcher passes, at login nothing. */
const FIELD_CODE = /%[fFuUdDnNickvm%]/g;

export function desktopEntryAsShell(text: string): { text: string; unread: string[] } {
  const entry = mainGroup(text);
  if (/^Hidden\s*=\s*true\s*$/im.test(entry.join("\n"))) return { text: ":", unread: [] };
  const exec = entry.map((line) => /^Exec\s*=\s*(.*)$/.exec(line)?.[1]).find((value) => value !== undefined);
  if (exec === undefined || exec.trim() === "") return { text: ":", unread: [] };
  const words = execWords(exec);
  if (words === undefined) return { text: ":", unread: [`desktop entry Exec line not read: ${exec.slice(0, 80)}`] };
  return { text: words.length === 0 ? ":" : words.map(shellQuote).join(" "), unread: [] };
}

/** The lines of the `[Desktop Entry]` group (comments left out). */
function mainGroup(text: string): string[] {
  const lines: string[] = [];
  let inMain = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("[")) inMain = line === "[Desktop Entry]";
    else if (inMain && line !== "" && !line.startsWith("#")) lines.push(line);
  }
  return lines;
}

/** The Exec value's words, field codes dropped; undefined when a quote is left open. */
function execWords(value: string): string[] | undefined {
  const words: string[] = [];
  let word = "";
  let started = false;
  let quoted = false;
  for (let index = 0; index < value.length; index++) {
    const char = value[index]!;
    if (quoted) {
      if (char === "\\" && index + 1 < value.length) word += value[++index];
      else if (char === '"') quoted = false;
      else word += char;
      continue;
    }
    if (char === '"') {
      quoted = true;
      started = true;
    } else if (char === " " || char === "\t") {
      if (started) words.push(word);
      word = "";
      started = false;
    } else {
      word += char;
      started = true;
    }
  }
  if (quoted) return undefined;
  if (started) words.push(word);
  return words.map((each) => each.replace(FIELD_CODE, (code) => (code === "%%" ? "%" : ""))).filter((each) => each !== "");
}
