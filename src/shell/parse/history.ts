// An interactive bash expands history references before it reads a line:
// `!!` is the previous line, `!rm` the last one starting with rm, `!?x?` the
// last holding x, `!-2` the one before the previous, `!#` the line typed so
// far, `!$` the previous line's last word; word designators (`:2`, `:1-3`,
// `:2*`, `:%`) pick words, modifiers (`:h :t :r :e :q :x :p :s/a/b/ :gs/a/b/
// :Gs/a/b/ :&`) change them, and a line starting `^old^new` is the previous
// one with old replaced. shell_send lines are judged as bash runs them,
// against the lines the session ran before (checked against bash 5.2, see
// test/unit/shell/parse/history.test.ts). A line bash refuses (a failed
// substitution, a missing word) is not run and not kept. A reference the
// guard cannot resolve (a line from the saved history, a line number, whose
// numbering starts after the saved history's lines) is a problem.

export type ExpandedLines = { lines: string[]; problems: string[] };

/** What history expansion carries from one line to the next. */
type HistoryState = {
  /** `set +H` turns expansion off, `set -H` on again. */
  enabled: boolean;
  /** The last `:s/old/new/`, which `:&` and an empty old repeat. */
  lastOld?: string;
  lastNew?: string;
  /** The last `!?string?`, which an empty old and `%` use. */
  lastSearch?: string;
  /** Whether the earlier lines are all the guard knows of: then a substitution made before them is not a mystery. */
  fresh: boolean;
};

/** The lines as bash runs them, each expanded against the ones before it (`earlier` oldest first). */
export function expandHistory(lines: readonly string[], earlier: readonly string[]): ExpandedLines {
  const history = [...earlier];
  const state: HistoryState = { enabled: earlier.reduce(expansionAfter, true), fresh: earlier.length === 0 };
  const result: ExpandedLines = { lines: [], problems: [] };
  for (const line of lines) {
    const expanded: Expansion = state.enabled ? expandLine(line, history, state) : { kind: "line", line, printOnly: false };
    if (expanded.kind === "problem") {
      result.problems.push(expanded.problem);
      result.lines.push(line);
    } else if (expanded.kind === "refused") {
      // bash prints an error and drops the line: nothing of it runs, and it is not kept in the history.
      result.lines.push("");
    } else {
      history.push(expanded.line);
      result.lines.push(expanded.printOnly ? "" : expanded.line);
    }
    state.enabled = expansionAfter(state.enabled, expanded.kind === "line" ? expanded.line : line);
  }
  return result;
}

/** `set +H` / `set +o histexpand` turn history expansion off for the lines after; `-H` / `-o` turn it on. */
function expansionAfter(enabled: boolean, line: string): boolean {
  let now = enabled;
  for (const match of line.matchAll(/(?:^|[\s;&|(])set\s+(?:([-+])[A-Za-z]*H[A-Za-z]*|([-+])o\s+histexpand)\b/g)) now = (match[1] ?? match[2]) === "-";
  return now;
}

type Expansion = { kind: "line"; line: string; printOnly: boolean } | { kind: "problem"; problem: string } | { kind: "refused"; why: string };

const problem = (text: string): { kind: "problem"; problem: string } => ({ kind: "problem", problem: text });
const refused = (why: string): { kind: "refused"; why: string } => ({ kind: "refused", why });

function expandLine(line: string, history: readonly string[], state: HistoryState): Expansion {
  if (line.startsWith("^")) return quickSubstitution(line, history, state);
  if (!line.includes("!")) return { kind: "line", line, printOnly: false };
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
    const reference = readReference(line, index, history, out, state);
    if (reference.kind !== "text") return reference;
    out += reference.text;
    printOnly ||= reference.printOnly;
    index = reference.end - 1;
  }
  return { kind: "line", line: out, printOnly };
}

/** `!` followed by a blank, `=`, `(` or the end (or `"` inside double quotes) is a plain `!`. */
function startsReference(line: string, at: number, double: boolean): boolean {
  const next = line[at + 1];
  if (next === undefined || /[\s=(]/.test(next)) return false;
  return !(double && next === '"');
}

type Reference = { kind: "text"; text: string; end: number; printOnly: boolean } | Exclude<Expansion, { kind: "line" }>;

/** The event a reference names, how many characters name it, and any word designator written in its place (`!$`). */
type Event = { event: string | undefined; length: number; words: string; search?: string };

function readEvent(rest: string, history: readonly string[], typed: string, state: HistoryState): Event | Exclude<Expansion, { kind: "line" }> {
  if (rest.startsWith("!")) return { event: history.at(-1), length: 1, words: "" };
  // `!$`, `!^`, `!*`, `!%` are `!!:$` … written short.
  const shorthand = /^[$^*%]/.exec(rest);
  if (shorthand) return { event: history.at(-1), length: 0, words: `:${shorthand[0]}` };
  // `!#`: the line as typed so far (its references already expanded).
  if (rest.startsWith("#")) return { event: typed, length: 1, words: "" };
  const back = /^-(\d+)/.exec(rest);
  if (back) return { event: Number(back[1]) === 0 ? undefined : history.at(-Number(back[1])), length: back[0].length, words: "" };
  if (/^\d/.test(rest)) return problem(`history reference \`!${rest.slice(0, 8)}\` names a line by its number, which counts the saved history the guard cannot see`);
  if (rest.startsWith("?")) {
    const search = /^\?([^?\n]*)(\?)?/.exec(rest)!;
    const wanted = search[1] === "" ? state.lastSearch : search[1];
    if (wanted === undefined) return state.fresh ? refused("no previous search") : problem("`!??` repeats a search made in an earlier send");
    state.lastSearch = wanted;
    return { event: history.findLast((entry) => entry.includes(wanted)), length: search[0].length, words: "", search: wanted };
  }
  const prefix = /^[^\s:$^*%"'`;&|<>()]+/.exec(rest)?.[0] ?? "";
  return { event: history.findLast((entry) => entry.startsWith(prefix)), length: prefix.length, words: "" };
}

function readReference(line: string, at: number, history: readonly string[], typed: string, state: HistoryState): Reference {
  const rest = line.slice(at + 1);
  const named = readEvent(rest, history, typed, state);
  if ("kind" in named) return named;
  const { event, length, words } = named;
  if (event === undefined) return problem(`history reference \`!${rest.slice(0, Math.max(length, 1))}\` refers to a line from before what the guard saw`);
  const designators = words !== "" ? words + rest.slice(length + 1) : rest.slice(length);
  const applied = applyDesignators(event, designators, state, named.search ?? state.lastSearch);
  if (applied.kind !== "text") return applied;
  // `!$` is `!!:$` written short: the `:` was not in the line.
  const consumed = words !== "" ? applied.consumed - 1 : length + applied.consumed;
  return { kind: "text", text: applied.text, end: at + 1 + consumed, printOnly: applied.printOnly };
}

type Applied = { kind: "text"; text: string; consumed: number; printOnly: boolean } | Exclude<Expansion, { kind: "line" }>;

/** A word designator: `:N`, `:^`, `:$`, `:%`, `:*`, `:X-Y`, `:-Y`, `:X*`, `:X-`; the `:` may be left out before `^ $ * - %`. */
const DESIGNATOR = /^(?::(?=[\d^$*%-])|(?=[\^$*%-]))(\*|%|(?:\d+|\^|\$)?(?:-(?:\d+|\^|\$)?|\*)?)/;

function applyDesignators(event: string, text: string, state: HistoryState, search: string | undefined): Applied {
  let value = event;
  let consumed = 0;
  let printOnly = false;
  const selector = DESIGNATOR.exec(text);
  if (selector && selector[1] !== "") {
    const picked = pick(wordsOf(event), selector[1]!, search);
    if (picked === undefined) return refused(`bad word specifier ${selector[1]}`);
    value = picked;
    consumed = selector[0].length;
  }
  // `:q` and `:x` quote the result once, after every other modifier (the last of them says how).
  let quoting: "q" | "x" | undefined;
  for (;;) {
    const modifier = readModifier(text.slice(consumed));
    if (!modifier) break;
    consumed += modifier.length;
    if (modifier.name === "p") printOnly = true;
    else if (modifier.name === "q" || modifier.name === "x") quoting = modifier.name;
    else {
      const changed = modify(value, modifier, state);
      if (typeof changed !== "string") return changed;
      value = changed;
    }
  }
  // Any other `:` after a reference is a modifier bash does not know: it refuses the line.
  if (text[consumed] === ":") return refused("unrecognized history modifier");
  if (quoting === "q") value = quoted(value);
  if (quoting === "x") value = quotedWords(value);
  return { kind: "text", text: value, consumed, printOnly };
}

type Modifier =
  | { name: "h" | "t" | "r" | "e" | "p" | "q" | "x"; length: number }
  | { name: "s"; scope: Scope; old: string; replacement: string; length: number }
  | { name: "&"; scope: Scope; length: number };

/** `g`/`a`: every occurrence in the text; `G`: the first in each word; otherwise the first. */
type Scope = "first" | "all" | "each-word";

function readModifier(text: string): Modifier | undefined {
  const simple = /^:([htreqpx])/.exec(text);
  if (simple) return { name: simple[1] as "h", length: 2 };
  const scoped = /^:([gaG]?)([s&])/.exec(text);
  if (!scoped) return undefined;
  const scope: Scope = scoped[1] === "G" ? "each-word" : scoped[1] === "" ? "first" : "all";
  if (scoped[2] === "&") return { name: "&", scope, length: scoped[0].length };
  const delimiter = text[scoped[0].length];
  if (delimiter === undefined) return undefined;
  let at = scoped[0].length + 1;
  const old = readDelimited(text, at, delimiter, false);
  at = old.end;
  const replacement = at < text.length ? readDelimited(text, at, delimiter, true) : { value: "", end: at };
  return { name: "s", scope, old: old.value, replacement: replacement.value, length: replacement.end };
}

/**
 * One part of `s/old/new/`: up to the delimiter (consumed) or the end of the line; `\` quotes the delimiter
 * (and `&` in the replacement, where a bare `&` stands for old: kept as "\0&" to be filled in).
 */
function readDelimited(text: string, from: number, delimiter: string, replacement: boolean): { value: string; end: number } {
  let value = "";
  for (let at = from; at < text.length; at++) {
    const char = text[at]!;
    if (char === delimiter) return { value, end: at + 1 };
    if (char === "\\" && (text[at + 1] === delimiter || (replacement && text[at + 1] === "&"))) {
      value += text[at + 1] === "&" ? "\\&" : delimiter;
      at++;
      continue;
    }
    value += char;
  }
  return { value, end: text.length };
}

function modify(value: string, modifier: Modifier, state: HistoryState): string | Exclude<Expansion, { kind: "line" }> {
  switch (modifier.name) {
    case "h": {
      const slash = value.lastIndexOf("/");
      return slash < 0 ? value : value.slice(0, slash);
    }
    case "t":
      return value.slice(value.lastIndexOf("/") + 1);
    case "r": {
      const dot = value.lastIndexOf(".");
      return dot < 0 ? value : value.slice(0, dot);
    }
    case "e": {
      const dot = value.lastIndexOf(".");
      return dot < 0 ? value : value.slice(dot);
    }
    case "s":
    case "&":
      return substitute(value, modifier, state);
    default:
      return value;
  }
}

function quoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** `:x`: quoted word by word, the words split at blanks and newlines. */
function quotedWords(text: string): string {
  return text
    .split(/[ \t\n]+/)
    .filter((word) => word !== "")
    .map(quoted)
    .join(" ");
}

function substitute(value: string, modifier: Extract<Modifier, { name: "s" | "&" }>, state: HistoryState): string | Exclude<Expansion, { kind: "line" }> {
  let old: string | undefined;
  let replacement: string | undefined;
  if (modifier.name === "&") [old, replacement] = [state.lastOld, state.lastNew];
  else [old, replacement] = [modifier.old === "" ? (state.lastOld ?? state.lastSearch) : modifier.old, modifier.replacement];
  if (old === undefined || replacement === undefined) return state.fresh ? refused("no previous substitution") : problem("`:&` repeats a substitution made in an earlier send");
  state.lastOld = old;
  state.lastNew = replacement;
  // `&` in the replacement stands for old; `\&` is a plain `&`.
  const filled = replacement.replace(/\\&|&/g, (match) => (match === "&" ? old : "&"));
  let changed = false;
  const once = (text: string) => {
    const at = text.indexOf(old);
    if (at < 0) return text;
    changed = true;
    return text.slice(0, at) + filled + text.slice(at + old.length);
  };
  let result: string;
  if (modifier.scope === "each-word") result = wordsOf(value).map(once).join(" ");
  else if (modifier.scope === "first") result = once(value);
  else {
    result = value.split(old).join(filled);
    changed = result !== value || value.includes(old);
  }
  return changed ? result : refused("substitution failed");
}

function pick(words: readonly string[], selector: string, search: string | undefined): string | undefined {
  const last = words.length - 1;
  if (selector === "*") return words.slice(1).join(" ");
  if (selector === "%") return search === undefined ? undefined : (words.find((word) => word.includes(search)) ?? "");
  const index = (text: string) => (text === "^" ? 1 : text === "$" ? last : Number(text));
  const range = /^(\d+|\^|\$)?(?:(-)(\d+|\^|\$)?|(\*))?$/.exec(selector);
  if (!range) return undefined;
  const first = range[1] === undefined ? 0 : index(range[1]);
  // `X*` is X through the last word, `X-` through the one before it; `-Y` starts at word 0.
  const end = range[4] ? last : range[2] ? (range[3] === undefined ? last - 1 : index(range[3])) : first;
  if (first > last || end > last || end < first) return undefined;
  return words.slice(first, end + 1).join(" ");
}

/** A line's words as history sees them: blanks separate, quotes hold a word together, and `; & | < > ( )` are words of their own. */
function wordsOf(line: string): string[] {
  return [...line.matchAll(/&&|\|\||;;|>>|<<<?|[<>]&|&>|\|&|[;&|<>()]|(?:[^\s'";&|<>()]+|'[^']*'|"(?:[^"\\]|\\.)*")+/g)].map((match) => match[0]);
}

/** `^old^new[^]`: the previous line with the first old replaced by new; when old is not there, bash refuses the line. */
function quickSubstitution(line: string, history: readonly string[], state: HistoryState): Expansion {
  const previous = history.at(-1);
  if (previous === undefined) return problem("`^old^new` repeats a line from before what the guard saw");
  const modifier = readModifier(`:s${line}`);
  if (modifier?.name !== "s") return refused("bad substitution");
  const changed = substitute(previous, modifier, state);
  if (typeof changed !== "string") return changed;
  return { kind: "line", line: changed + line.slice(modifier.length - 2), printOnly: false };
}
