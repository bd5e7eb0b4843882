// Cheap looks at the characters around one literal of a detector, made before
// any RE2 run (Detector.literalCheck). A literal alone is no secret: `ghp_`,
// `--secret`, `-----BEGIN RSA PRIVATE KEY-----` or `mongodb://` repeated over
// 256 KiB used to open thousands of RE2 windows, spend the redaction budget
// and get the output withheld (issue 26). Each check reads what the detector's
// pattern must find right next to its literal (a run of token characters, an
// operator, a value, `-----BEGIN` before a key's label) and refuses the
// literal when it is not there, so such a flood opens no window at all.
//
// The promise each check keeps (test/unit/match/secrets/literal-checks.test.ts
// compares findings with and without the checks on the secrets corpus and on
// generated floods): every match the detector would keep holds an occurrence of
// one of its literals that the check accepts. A check may accept too much (RE2
// then decides), never too little. Checks read only a few characters, or scan
// forward to a character that every literal of the detector contains, so a
// flood of literals is read about once.

import { isRealPassword } from "./second-look.ts";

/** Whether one occurrence of a detector's literal, from `start` to `end` in `text`, may belong to a match. */
export type LiteralCheck = (text: string, start: number, end: number) => boolean;

/** A set of ASCII characters written as in a regex class body: `A-Za-z0-9_-`. */
type Chars = { has(code: number): boolean };

function chars(spec: string): Chars {
  const table = new Uint8Array(128);
  for (let index = 0; index < spec.length; index++) {
    const from = spec.charCodeAt(index);
    if (spec[index + 1] === "-" && index + 2 < spec.length) {
      const to = spec.charCodeAt(index + 2);
      for (let code = from; code <= to; code++) table[code] = 1;
      index += 2;
    } else table[from] = 1;
  }
  return { has: (code) => code < 128 && table[code] === 1 };
}

/** RE2's `\s` (without (?u)): tab, newline, form feed, carriage return, space. */
const SPACE = chars("\t\n\f\r ");
const BLANK = chars("\t ");
const WORD = chars("A-Za-z0-9_");

function runOf(text: string, from: number, step: 1 | -1, set: Chars, wanted: number): boolean {
  for (let count = 0, at = step === 1 ? from : from - 1; count < wanted; count++, at += step) {
    if (at < 0 || at >= text.length || !set.has(text.charCodeAt(at))) return false;
  }
  return true;
}

/** At least `min` characters of `set` right after the literal: a token's body (`ghp_` then 36 of `[A-Za-z0-9_]`). */
export function runAfter(set: string, min: number): LiteralCheck {
  const allowed = chars(set);
  return (text, _start, end) => runOf(text, end, 1, allowed, min);
}

/** A literal inside a token (`T3BlbkFJ`, `.eyJ`): `before` characters of `set` before it and `after` after it. */
export function runAround(set: string, before: number, after: number): LiteralCheck {
  const allowed = chars(set);
  return (text, start, end) => runOf(text, start, -1, allowed, before) && runOf(text, end, 1, allowed, after);
}

/** `-----BEGIN` before a key's label: back over the label's words (`RSA `, `OPENSSH `) to the dashes. */
export const beginBefore: LiteralCheck = (text, start) => {
  const label = chars("A-Z0-9 ");
  let at = start;
  while (at > 0 && label.has(text.charCodeAt(at - 1))) at--;
  return text.startsWith("BEGIN", at) && text.endsWith("-----", at);
};

/** The AWS secret key's name: `secret`, `_?`, the literal, `_?key`, an optional quote, blanks, then `:`, `=>` or `=`. */
export const accessKeyAssigned: LiteralCheck = (text, start, end) => {
  const before = text[start] !== "_" && text[start - 1] === "_" ? start - 1 : start;
  if (text.slice(Math.max(0, before - 6), before).toLowerCase() !== "secret") return false;
  let at = end;
  if (text[at] === "_") at++;
  if (text.slice(at, at + 3).toLowerCase() !== "key") return false;
  at += 3;
  if (text[at] === '"' || text[at] === "'") at++;
  while (SPACE.has(text.charCodeAt(at))) at++;
  return text[at] === ":" || text[at] === "=";
};

/**
 * `user:password@` right after a URL scheme (the part the detector's secret is in): at least `userMin`
 * characters up to a `:`, then at least one character and an `@` before any `/` or blank. The user stops
 * at `/` and blanks, the password's run at `/` and blanks (an `@` may be in it), and every scheme literal
 * holds a `/`, so a flood of schemes is read once.
 */
export function userPasswordAfter(userMin: 0 | 1): LiteralCheck {
  return (text, _start, end) => {
    let at = end;
    while (at < text.length && text[at] !== ":" && text[at] !== "/" && !SPACE.has(text.charCodeAt(at))) at++;
    if (at - end < userMin || text[at] !== ":") return false;
    const passwordStart = ++at;
    for (; at < text.length && text[at] !== "/" && !SPACE.has(text.charCodeAt(at)); at++) {
      if (text[at] === "@" && at > passwordStart) return true;
    }
    return false;
  };
}

/** An option's value follows: `=` or blanks, then a quote with something in it, or a word not starting with `-`. */
export const optionValueAfter: LiteralCheck = (text, _start, end) => {
  let at = end;
  if (text[at] === "=") at++;
  else {
    if (!BLANK.has(text.charCodeAt(at))) return false;
    while (BLANK.has(text.charCodeAt(at))) at++;
  }
  const first = text[at];
  if (first === undefined) return false;
  if (first === '"' || first === "'") return at + 1 < text.length && text[at + 1] !== first;
  return first !== "-" && !SPACE.has(text.charCodeAt(at));
};

/** The literal starts an option word: at a line's start or after a blank or quote (`(?:^|[ \t'"])`). */
const optionStart: LiteralCheck = (text, start) => {
  const before = text[start - 1];
  return before === undefined || before === "\n" || before === " " || before === "\t" || before === "'" || before === '"';
};

export const optionWithValue: LiteralCheck = (text, start, end) => optionStart(text, start, end) && optionValueAfter(text, start, end);

/**
 * `-p"…"` or `-p'…'` at a word's start: the value up to the closing quote (on the same line) is one the
 * detector's second look keeps (a real password). Every literal holds a quote, so a flood of them is read once.
 */
export const gluedQuotedValue: LiteralCheck = (text, start, end) => {
  const before = text[start - 1];
  if (before !== undefined && before !== "\n" && before !== " " && before !== "\t") return false;
  const closing = text.indexOf(text[end - 1]!, end);
  if (closing <= end) return false;
  const value = text.slice(end, closing);
  return !value.includes("\n") && isRealPassword(value);
};

/** What the words after `config`/`configure` must hold: one naming a secret (`aws_secret_access_key`, `_password`). */
const SECRET_WORD = /passw|pass|pwd|secret|token|api_?key|access_?key|private_?key/i;
const WORD_STOPS = chars("\t\n\f\r =\"'");

/**
 * `config [set] [options] <setting naming a secret> <value>`: after blanks, the words up to and including the
 * first that is not `set` or an option; one of them must name a secret and be followed by a blank. (RE2 may
 * read an option-looking word as the setting itself, so every such word is looked at.) Each word is short
 * text and the scan ends at the first plain word, so a flood of `config` reads each word once.
 */
export const configSetsSecret: LiteralCheck = (text, _start, end) => {
  let at = end;
  if (!BLANK.has(text.charCodeAt(at))) return false;
  for (let index = 0; ; index++) {
    while (BLANK.has(text.charCodeAt(at))) at++;
    const wordStart = at;
    while (at < text.length && !WORD_STOPS.has(text.charCodeAt(at))) at++;
    if (at === wordStart) return false;
    const word = text.slice(wordStart, at);
    if (SECRET_WORD.test(word) && BLANK.has(text.charCodeAt(at))) return true;
    const skippable = word.startsWith("-") || (index === 0 && word.toLowerCase() === "set");
    if (!skippable || !BLANK.has(text.charCodeAt(at))) return false;
  }
};

/**
 * A program name (`curl`, `mysql`) that is a whole word and is followed later on its line by one of `options`
 * (`-u`, `-p`) after a blank. The position of the next option is remembered per text, so a line of a thousand
 * `curl`s is read once, not a thousand times.
 */
export function programWithOptionLater(options: readonly string[], blankBefore: boolean): LiteralCheck {
  let memo: { text: string; from: number; at: number } | undefined;
  const nextOption = (text: string, from: number): number => {
    if (memo && memo.text === text && memo.from <= from && (memo.at < 0 || memo.at >= from)) return memo.at;
    let at = -1;
    for (const option of options) {
      const found = text.indexOf(option, from);
      if (found >= 0 && (at < 0 || found < at)) at = found;
    }
    memo = { text, from, at };
    return at;
  };
  return (text, start, end) => {
    if (WORD.has(text.charCodeAt(end)) || WORD.has(text.charCodeAt(start - 1))) return false;
    if (blankBefore && !BLANK.has(text.charCodeAt(start - 1))) return false;
    const newline = text.indexOf("\n", end);
    const lineEnd = newline < 0 ? text.length : newline;
    for (let at = nextOption(text, end); at >= 0 && at < lineEnd; at = nextOption(text, at + 1)) {
      if (BLANK.has(text.charCodeAt(at - 1))) return true;
    }
    return false;
  };
}

/** Any one of several checks, chosen by which literal was found. */
export function byLiteral(checks: ReadonlyArray<[prefix: string, check: LiteralCheck]>, otherwise: LiteralCheck): LiteralCheck {
  return (text, start, end) => {
    const literal = text.slice(start, end);
    for (const [prefix, check] of checks) if (literal.startsWith(prefix)) return check(text, start, end);
    return otherwise(text, start, end);
  };
}

/** Blanks, then at least `min` characters of `set` (`Bearer <token>`). */
export function blanksThenRun(set: string, min: number): LiteralCheck {
  const allowed = chars(set);
  return (text, _start, end) => {
    let at = end;
    if (!BLANK.has(text.charCodeAt(at))) return false;
    while (BLANK.has(text.charCodeAt(at))) at++;
    return runOf(text, at, 1, allowed, min);
  };
}

/** A key's value (`client-key-data: …`): any blanks, an optional quote, then at least `min` characters of `set`. */
export function valueAfterKey(set: string, min: number): LiteralCheck {
  const allowed = chars(set);
  return (text, _start, end) => {
    let at = end;
    while (BLANK.has(text.charCodeAt(at))) at++;
    if (text[at] === '"' || text[at] === "'") at++;
    return runOf(text, at, 1, allowed, min);
  };
}

/** `Authorization: Basic …`: an optional quote, blanks, `:` or `=`, blanks, an optional quote, then `basic`. */
export const basicAuthorization: LiteralCheck = (text, _start, end) => {
  let at = end;
  if (text[at] === '"' || text[at] === "'") at++;
  while (BLANK.has(text.charCodeAt(at))) at++;
  if (text[at] !== ":" && text[at] !== "=") return false;
  at++;
  while (BLANK.has(text.charCodeAt(at))) at++;
  if (text[at] === '"' || text[at] === "'") at++;
  return text.slice(at, at + 5).toLowerCase() === "basic";
};

/** A run of `set` of `min` to `max` characters right after the literal, then `next` (`T…/B` of a Slack hook, `tskey-<kind>-`). */
export function boundedRunThen(set: string, min: number, max: number, next: string, caseless: boolean): LiteralCheck {
  const allowed = chars(set);
  const wanted = caseless ? next.toLowerCase() : next;
  return (text, _start, end) => {
    let at = end;
    while (at - end <= max && allowed.has(text.charCodeAt(at))) at++;
    const length = at - end;
    if (length < min || length > max) return false;
    const found = text.slice(at, at + next.length);
    return (caseless ? found.toLowerCase() : found) === wanted;
  };
}

/** Both checks hold. */
export function allOf(...checks: LiteralCheck[]): LiteralCheck {
  return (text, start, end) => checks.every((check) => check(text, start, end));
}

/**
 * The run of `set` that ends at the literal holds `needle` (`sk-` somewhere before an OpenAI key's
 * `T3BlbkFJ`, with only key characters between). Literals come in order, so the run and the last needle
 * seen in it are carried from one literal to the next: a flood inside one long run reads it once.
 */
export function runBeforeHolds(set: string, needle: string): LiteralCheck {
  const allowed = chars(set);
  let memo: { text: string; at: number; runStart: number; found: boolean } | undefined;
  return (text, start) => {
    if (!memo || memo.text !== text || memo.at > start) {
      let runStart = start;
      while (runStart > 0 && allowed.has(text.charCodeAt(runStart - 1))) runStart--;
      memo = { text, at: runStart, runStart, found: false };
    }
    for (let at = memo.at; at < start; at++) {
      if (!allowed.has(text.charCodeAt(at))) {
        memo.runStart = at + 1;
        memo.found = false;
      } else if (at + 1 - memo.runStart >= needle.length && text.startsWith(needle, at + 1 - needle.length)) memo.found = true;
    }
    memo.at = start;
    return memo.found;
  };
}

/** `tskey-<kind>-<8 or more word characters>`: the key's kind (2 to 20 letters), a dash, then its id. */
export const tailscaleKind: LiteralCheck = (text, _start, end) => {
  const lower = chars("a-z");
  let at = end;
  while (at - end <= 20 && lower.has(text.charCodeAt(at))) at++;
  return at - end >= 2 && at - end <= 20 && text[at] === "-" && runOf(text, at + 1, 1, WORD, 8);
};
