// An interactive bash expands history references before it reads a line:
// `!!` is the previous line, `!rm` the last one starting with rm, `!?x?` the
// last holding x, `!-2` the one before the previous, `!$` the previous line's
// last word, and a line starting `^old^new` is the previous one with old
// replaced. shell_send lines are judged as bash runs them, against the lines
// the session ran before; a reference the guard cannot resolve (a line from
// the saved history, `!#`, a modifier it does not model) is a problem.

export type ExpandedLines = { lines: string[]; problems: string[] };

/** The lines as bash runs them, each expanded against the ones before it (`earlier` oldest first). */
export function expandHistory(lines: readonly string[], earlier: readonly string[]): ExpandedLines {
  const history = [...earlier];
  const result: ExpandedLines = { lines: [], problems: [] };
  for (const line of lines) {
    const expanded = expandLine(line, history);
    if ("problem" in expanded) {
      result.problems.push(expanded.problem);
      result.lines.push(line);
      continue;
    }
    history.push(expanded.line);
    result.lines.push(expanded.printOnly ? "" : expanded.line);
  }
  return result;
}

type Expansion = { line: string; printOnly: boolean } | { problem: string };

function expandLine(line: string, history: readonly string[]): Expansion {
  if (line.startsWith("^")) return quickSubstitution(line, history);
  if (!line.includes("!")) return { line, printOnly: false };
  let out = "";
  let printOnly = false;
  let single = false;
  let double = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (char === "\\" && !single) {
      out += line.slice(index, index + 2);
      index++;
      continue;
    }
    if (char === "'" && !double) single = !single;
    if (char === '"' && !single) double = !double;
    if (char !== "!" || single || !startsReference(line, index, double)) {
      out += char;
      continue;
    }
    const reference = readReference(line, index, history);
    if ("problem" in reference) return reference;
    out += reference.text;
    printOnly ||= reference.printOnly;
    index = reference.end - 1;
  }
  return { line: out, printOnly };
}

/** `!` followed by a blank, `=`, `(` or the end (or `"` inside double quotes) is a plain `!`. */
function startsReference(line: string, at: number, double: boolean): boolean {
  const next = line[at + 1];
  if (next === undefined || /[\s=(]/.test(next)) return false;
  return !(double && next === '"');
}

type Reference = { text: string; end: number; printOnly: boolean } | { problem: string };

function readReference(line: string, at: number, history: readonly string[]): Reference {
  const rest = line.slice(at + 1);
  let event: string | undefined;
  let length: number;
  let words = "";
  const shorthand = /^[$^*]/.exec(rest);
  if (rest.startsWith("!")) [event, length] = [history.at(-1), 1];
  else if (shorthand) [event, length, words] = [history.at(-1), 0, `:${shorthand[0]}`];
  else if (/^-\d+/.test(rest)) {
    const back = /^-(\d+)/.exec(rest)!;
    [event, length] = [history.at(-Number(back[1])), back[0].length];
  } else if (rest.startsWith("?")) {
    const search = /^\?([^?\n]*)\??/.exec(rest)!;
    [event, length] = [history.findLast((entry) => entry.includes(search[1]!)), search[0].length];
  } else if (/^\d/.test(rest) || rest.startsWith("#")) return { problem: `history reference \`!${rest.slice(0, 8)}\` names a line by its number, which the guard cannot see` };
  else {
    const prefix = /^[^\s:$^*%"'`;&|<>()]+/.exec(rest)?.[0] ?? "";
    [event, length] = [history.findLast((entry) => entry.startsWith(prefix)), prefix.length];
  }
  if (event === undefined) return { problem: `history reference \`!${rest.slice(0, Math.max(length, 1))}\` refers to a line from before what the guard saw` };
  const designators = words !== "" ? words + rest.slice(length + 1) : rest.slice(length);
  const applied = applyDesignators(event, designators);
  if ("problem" in applied) return applied;
  // `!$` is `!!:$` written short: the `:` was not in the line.
  const consumed = words !== "" ? applied.consumed - 1 : length + applied.consumed;
  return { text: applied.text, end: at + 1 + consumed, printOnly: applied.printOnly };
}

type Applied = { text: string; consumed: number; printOnly: boolean } | { problem: string };

/** `:2`, `:$`, `:^`, `:*`, `:1-3`, and the `:p` modifier; other modifiers are not modelled. */
function applyDesignators(event: string, text: string): Applied {
  let value = event;
  let consumed = 0;
  let printOnly = false;
  const words = wordsOf(event);
  const selector = /^:?(\$|\^|\*|\d+(?:-\d+|-\$)?)/.exec(text);
  if (selector && (text.startsWith(":") || /^[$^*]/.test(text))) {
    const picked = pick(words, selector[1]!);
    if (picked === undefined) return { problem: `history reference word ${selector[1]} is not in \`${event.slice(0, 40)}\`` };
    value = picked;
    consumed = selector[0].length;
  }
  for (let modifier = /^:([a-z&])/.exec(text.slice(consumed)); modifier; modifier = /^:([a-z&])/.exec(text.slice(consumed))) {
    if (modifier[1] !== "p") return { problem: `history modifier :${modifier[1]} is not followed by the guard` };
    printOnly = true;
    consumed += 2;
  }
  return { text: value, consumed, printOnly };
}

function pick(words: readonly string[], selector: string): string | undefined {
  if (selector === "$") return words.at(-1);
  if (selector === "^") return words[1];
  if (selector === "*") return words.slice(1).join(" ");
  const range = /^(\d+)(?:-(\d+|\$))?$/.exec(selector)!;
  const first = Number(range[1]);
  const last = range[2] === undefined ? first : range[2] === "$" ? words.length - 1 : Number(range[2]);
  if (first >= words.length || last >= words.length) return undefined;
  return words.slice(first, last + 1).join(" ");
}

/** A line's words as history sees them: blanks separate, quotes hold a word together. */
function wordsOf(line: string): string[] {
  return [...line.matchAll(/(?:[^\s'"]+|'[^']*'|"(?:[^"\\]|\\.)*")+/g)].map((match) => match[0]);
}

/** `^old^new[^]`: the previous line with the first old replaced by new. */
function quickSubstitution(line: string, history: readonly string[]): Expansion {
  const previous = history.at(-1);
  if (previous === undefined) return { problem: "`^old^new` repeats a line from before what the guard saw" };
  const [, old, replacement = "", tail = ""] = /^\^([^^]*)\^?([^^]*)\^?(.*)$/.exec(line) ?? [];
  if (old === undefined || !previous.includes(old)) return { line: "", printOnly: true };
  return { line: previous.replace(old, replacement) + tail, printOnly: false };
}
