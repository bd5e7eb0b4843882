// The command-looking strings in a file of any format: what a tool nobody
// listed may run from it (a YAML `run:` value, a JSON hook, a TOML task, an XML
// element, a notebook's `!` line, a crontab entry, a string literal in code).
// The guard knows hundreds of such files one by one; this reads any of them the
// same cheap way, so that a harmful line planted in a file of a format it never
// heard of is still seen. Pure and bounded: no I/O, a shared work budget.
import { MAX_PLANTED_CANDIDATE_CHARS, MAX_PLANTED_CANDIDATES, MAX_PLANTED_LINES, PLANTED_SCAN_CHARS } from "../../limits.ts";

/** A string that reads as a shell command, and the line of the file it is on (1-based). */
export type PlantedCommand = { line: number; text: string };

/** What one call may still spend: characters scanned and candidates kept, every file of the call counted. */
export type PlantedBudget = { chars: number; candidates: number };

export function plantedBudget(): PlantedBudget {
  return { chars: PLANTED_SCAN_CHARS, candidates: MAX_PLANTED_CANDIDATES };
}

/** Whether a word names a program the guard knows (its basename, lower case). */
export type KnownProgram = (name: string) => boolean;

/** Words that only run the next word (and their plain options): the command is what follows. */
const RUNNERS = new Set(["sudo", "doas", "env", "nohup", "exec", "command", "builtin", "nice", "time", "then", "do", "else"]);
/** Leading words a line may carry before its command: a crontab's time fields, a list marker's number. */
const TIME_FIELD = /^(?:[\d*/,-]+|@[a-z]+)$/;
/** Words skipped at most before a line's command (a crontab's five fields; an anacrontab's period, delay and name). */
const MAX_LEADING_WORDS = 5;
/** `key:`, `key =`, `"key":`, `ExecStart=` — a settings line's key, whatever the format. */
const KEY_PREFIX = /^(?:"(?:[^"\\]|\\.)*"|'[^']*'|[\w.\-[\]@$]+)\s*[:=]\s*/;
const LIST_MARKER = /^(?:[-*+]|\d+[.)])\s+/;
/** An element with text and nothing else on the line: `<exec>…</exec>`, `<command><![CDATA[…]]></command>`. */
const ELEMENT_TEXT = /^<[\w:.-]+[^>]*>(?:<!\[CDATA\[)?(.*?)(?:\]\]>)?<\/[\w:.-]+>$/;
/** A macro or function call holding the whole command: `syscmd(…)dnl`, `system('…');`. */
const CALL_WRAPPED = /^[\w.$]+\s*\(\s*(.+?)\s*\)\s*(?:[;,]|dnl)?$/;
/** Comment lines in the formats that have them: no tool runs a comment. */
const COMMENT = /^(?:#|\/\/|\/\*|;|<!--|dnl\b|REM\b|::)/i;
/** A doc comment's middle line starts with `*`; a crontab entry's five time fields may too. */
const STAR_COMMENT = /^(?!(?:[\d*/,-]+\s+){5})\*/;

/**
 * The strings of `text` that read as a command a shell would run: each line stripped of what a format puts around
 * its value (list markers, keys, quotes, a trailing comma, an element's tags), and each quoted string of a line
 * (JSON escapes undone); in code (`literals`), only the quoted strings. Only strings whose first word (after variable assignments and `sudo`-like runners) is a
 * program the guard knows or a path are kept: prose and data are not commands. Duplicates are dropped; when the
 * budget runs out the rest of the text is not read (a write is not a run: the run is judged again).
 */
export function plantedCommands(text: string, known: KnownProgram, budget: PlantedBudget = plantedBudget(), strings: "lines" | "literals" = "lines"): PlantedCommand[] {
  const found: PlantedCommand[] = [];
  const seen = new Set<string>();
  const keep = (line: number, value: string) => {
    const command = commandOf(value, known);
    if (command === undefined || seen.has(command) || budget.candidates <= 0) return;
    seen.add(command);
    budget.candidates--;
    found.push({ line, text: command });
  };
  let start = 0;
  for (let line = 1; line <= MAX_PLANTED_LINES && start <= text.length && budget.candidates > 0; line++) {
    const end = text.indexOf("\n", start);
    const stop = end === -1 ? text.length : end;
    budget.chars -= stop - start + 1;
    if (budget.chars < 0) break;
    const raw = text.slice(start, stop).trim();
    start = stop + 1;
    if (raw === "" || raw.length > MAX_PLANTED_CANDIDATE_CHARS * 4 || (COMMENT.test(raw) && !raw.startsWith("#!")) || STAR_COMMENT.test(raw)) continue;
    for (const value of valuesOfLine(raw, strings)) keep(line, value);
  }
  return found;
}

/**
 * The values a line may hand a tool to run: the line as a value (not in code, where a line is a statement of its
 * language and a command is a string), then each quoted string in it (one level down too).
 */
function valuesOfLine(raw: string, strings: "lines" | "literals"): string[] {
  const values = strings === "lines" ? lineValue(raw) : [];
  for (const literal of quotedStrings(raw)) {
    values.push(...literal.split("\n"));
    // A string that quotes a call (`"os.system(\"rm …\")"` in a notebook's JSON): its own strings too.
    if (/["'`]/.test(literal)) for (const inner of quotedStrings(literal)) values.push(...inner.split("\n"));
  }
  return values;
}

/** The line as one value: what is left once the format's markers, key, quotes and trailing comma are taken off. */
function lineValue(raw: string): string[] {
  let value = raw.replace(LIST_MARKER, "");
  const element = ELEMENT_TEXT.exec(value);
  if (element) value = element[1]!;
  value = value.replace(KEY_PREFIX, "").replace(LIST_MARKER, "");
  value = value.replace(/,$/, "").trim();
  const unquoted = unquote(value);
  const values = unquoted.split("\n");
  const call = CALL_WRAPPED.exec(value);
  // m4 quotes with `…' ; other languages with matching quotes.
  if (call) values.push(call[1]!.replace(/^[`'"]/, "").replace(/['"`]$/, ""));
  return values;
}

/** A value in matching quotes, without them (a double-quoted one with its JSON escapes undone). */
function unquote(value: string): string {
  if (value.length < 2) return value;
  const quote = value[0]!;
  if ((quote !== '"' && quote !== "'" && quote !== "`") || value[value.length - 1] !== quote) return value;
  const inner = value.slice(1, -1);
  return quote === '"' ? unescaped(inner) : inner;
}

/** Each single-, double- or backtick-quoted string of a line (a backslash escapes the quote that closes it). */
export function quotedStrings(line: string): string[] {
  const out: string[] = [];
  for (let at = 0; at < line.length; at++) {
    const quote = line[at];
    if (quote !== '"' && quote !== "'" && quote !== "`") continue;
    // An apostrophe inside a word (`don't`) opens no string.
    if (quote === "'" && at > 0 && /\w/.test(line[at - 1]!)) continue;
    let end = at + 1;
    while (end < line.length && line[end] !== quote) end += line[end] === "\\" ? 2 : 1;
    if (end >= line.length) break;
    const inner = line.slice(at + 1, end);
    if (inner.length > 0 && inner.length <= MAX_PLANTED_CANDIDATE_CHARS) out.push(quote === "'" ? inner : unescaped(inner));
    at = end;
  }
  return out;
}

const ESCAPES: Record<string, string> = { n: "\n", t: " ", r: "", '"': '"', "'": "'", "\\": "\\", "/": "/", "`": "`", $: "$" };

/** JSON and most languages' escapes undone (`\n`, `\"`, `\u0041`); an unknown escape keeps its backslash. */
function unescaped(text: string): string {
  if (!text.includes("\\")) return text;
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (whole, code: string) => (code.length === 5 ? String.fromCharCode(Number.parseInt(code.slice(1), 16)) : (ESCAPES[code] ?? whole)));
}

/**
 * The value as a command, when it reads as one: its first word after variable assignments and runners is a
 * program the guard knows or a path. A line's leading time fields (a crontab entry) are passed over; so is a
 * notebook's `!` (IPython runs the rest in a shell) and a prompt's `$ `.
 */
function commandOf(value: string, known: KnownProgram): string | undefined {
  const text = value
    .trim()
    .replace(/^(?:!|\$\s+)/, "")
    .trim();
  if (text === "" || text.length > MAX_PLANTED_CANDIDATE_CHARS) return undefined;
  const words = text.split(/\s+/);
  let fields = 0;
  for (let at = 0; at < words.length && at <= MAX_LEADING_WORDS; at++) {
    const word = words[at]!;
    if (/^[A-Za-z_]\w*=/.test(word) || RUNNERS.has(word)) continue;
    // Assignments and runners are part of the command; time fields and a job's name are not.
    if (isProgramWord(word, known)) return fields === 0 ? text : words.slice(at).join(" ");
    // Only time fields (and, after them, one job name) stand before a command; anything else is not one.
    if (!TIME_FIELD.test(word) && !(at > 0 && TIME_FIELD.test(words[at - 1]!))) return undefined;
    fields++;
  }
  return undefined;
}

/** A path that reads as a program: relative or home-relative (`./x.sh`, `~/bin/x`), or under a `bin` directory; not a URL's path (`/api/v1`). */
const PROGRAM_PATH = /^(?:(?:\.\.?|~)\/[\w.\-/+]*[\w+]|\/(?:[\w.\-+]+\/)*s?bin\/[\w.\-+]+)$/;

function isProgramWord(word: string, known: KnownProgram): boolean {
  if (word.includes("/")) return PROGRAM_PATH.test(word);
  if (!/^[a-z][\w.+-]*$/i.test(word)) return false;
  return known(word.toLowerCase());
}
