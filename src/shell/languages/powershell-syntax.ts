// PowerShell's surface syntax, as much as a guard needs: statements (`;`,
// newlines, `&&`, `||`), the elements of a pipeline (`|`), the words of an
// element (quotes, `(…)`, `$(…)`, `@(…)`, `{…}` kept whole), comments, and
// a word's value when it is literal. `$HOME`, `$env:HOME`, `$env:USERPROFILE`
// and `~` are the home directory; any other variable is only known at run time.

/** A word of a pipeline element, as written. */
export type PsWord = string;

/** A word's value: literal text (a leading `~` is the home directory), or unknown. */
export type PsValue = { known: true; text: string } | { known: false };

const OPENERS: Readonly<Record<string, string>> = { "(": ")", "{": "}", "[": "]" };

/** The statements of a script: its top-level text split at `;`, newlines, `&&` and `||`, comments dropped. */
export function psStatements(text: string): string[] {
  const source = withoutComments(text);
  const statements: string[] = [];
  let start = 0;
  scanTopLevel(source, (index, char) => {
    const pair = source.slice(index, index + 2);
    if (char === ";" || char === "\n" || char === "\r") {
      statements.push(source.slice(start, index));
      start = index + 1;
    } else if (pair === "&&" || pair === "||") {
      statements.push(source.slice(start, index));
      start = index + 2;
      return index + 1;
    }
    return index;
  });
  statements.push(source.slice(start));
  return statements.map((statement) => statement.trim()).filter((statement) => statement !== "");
}

/** The elements of a pipeline: split at a top-level `|` (not `||`). */
export function psPipeline(statement: string): string[] {
  const elements: string[] = [];
  let start = 0;
  scanTopLevel(statement, (index, char) => {
    if (char !== "|") return index;
    if (statement[index + 1] === "|") return index + 1;
    elements.push(statement.slice(start, index));
    start = index + 1;
    return index;
  });
  elements.push(statement.slice(start));
  return elements.map((element) => element.trim()).filter((element) => element !== "");
}

/** The words of a pipeline element, split at top-level blanks; a quoted string or a bracketed group is part of its word. */
export function psWords(element: string): PsWord[] {
  const words: PsWord[] = [];
  let start = -1;
  scanTopLevel(
    element,
    (index, char) => {
      if (/\s/.test(char)) {
        if (start >= 0) words.push(element.slice(start, index));
        start = -1;
      } else if (start < 0) start = index;
      return index;
    },
    (index) => {
      if (start < 0) start = index;
    },
  );
  if (start >= 0) words.push(element.slice(start));
  return words;
}

/** The text inside every top-level `{…}`, `(…)`, `$(…)` and `@(…)` group of an element: code of its own. */
export function psGroups(element: string): string[] {
  const groups: string[] = [];
  let index = 0;
  while (index < element.length) {
    const char = element[index]!;
    if (char === "'" || char === '"') {
      index = stringEnd(element, index) + 1;
      continue;
    }
    if (char === "(" || char === "{") {
      const end = groupEnd(element, index);
      groups.push(element.slice(index + 1, end));
      index = end + 1;
      continue;
    }
    index++;
  }
  return groups;
}

/** A word's literal value, or unknown when any part of it is a variable, a subexpression or a group. */
export function psValue(word: PsWord, home = true): PsValue {
  let text = "";
  let index = 0;
  const homePrefix = /^(?:\$HOME|\$\{HOME\}|\$env:(?:HOME|USERPROFILE)|\$\{env:(?:HOME|USERPROFILE)\})(?![\w:])/i;
  const leading = homePrefix.exec(word.replace(/^"/, ""));
  if (leading && home) {
    const quoted = word.startsWith('"');
    const rest = psValue(quoted ? `"${word.slice(1 + leading[0].length)}` : word.slice(leading[0].length), false);
    return rest.known ? { known: true, text: `~${rest.text}` } : rest;
  }
  while (index < word.length) {
    const char = word[index]!;
    if (char === "'") {
      const end = stringEnd(word, index);
      text += word.slice(index + 1, end).replaceAll("''", "'");
      index = end + 1;
    } else if (char === '"') {
      const end = stringEnd(word, index);
      const inner = doubleQuoted(word.slice(index + 1, end));
      if (inner === undefined) return { known: false };
      text += inner;
      index = end + 1;
    } else if (char === "`" && index + 1 < word.length) {
      text += escaped(word[index + 1]!);
      index += 2;
    } else if (char === "$" || char === "(" || char === "{" || char === "@") {
      return { known: false };
    } else {
      text += char;
      index++;
    }
  }
  return { known: true, text };
}

/** Backtick escapes of a double-quoted string; undefined when it interpolates a variable or a subexpression. */
function doubleQuoted(body: string): string | undefined {
  let text = "";
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char === "`" && index + 1 < body.length) text += escaped(body[++index]!);
    else if (char === '"' && body[index + 1] === '"') text += body[++index];
    else if (char === "$" && /[\w{(:?]/.test(body[index + 1] ?? "")) return undefined;
    else text += char;
  }
  return text;
}

function escaped(char: string): string {
  return ({ n: "\n", t: "\t", r: "\r", "0": "\0", a: "\x07" } as Record<string, string>)[char] ?? char;
}

/**
 * Calls `visit` on every character outside quotes and brackets (it may return
 * a later index to skip to); `opened` is told where a string or group starts.
 */
function scanTopLevel(text: string, visit: (index: number, char: string) => number, opened?: (index: number) => void) {
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "`") {
      opened?.(index);
      index++;
      continue;
    }
    if (char === "'" || char === '"') {
      opened?.(index);
      index = stringEnd(text, index);
      continue;
    }
    if (OPENERS[char]) {
      opened?.(index);
      index = groupEnd(text, index);
      continue;
    }
    index = visit(index, char);
  }
}

/** The index of the bracket that closes the one at `open` (strings inside skipped); the end of the text when none does. */
function groupEnd(text: string, open: number): number {
  const closers: string[] = [OPENERS[text[open]!]!];
  for (let index = open + 1; index < text.length; index++) {
    const char = text[index]!;
    if (char === "`") index++;
    else if (char === "'" || char === '"') index = stringEnd(text, index);
    else if (OPENERS[char]) closers.push(OPENERS[char]!);
    else if (char === closers.at(-1)) {
      closers.pop();
      if (closers.length === 0) return index;
    }
  }
  return text.length;
}

/** The index of the quote closing the string at `open` (`''` inside '…', `""` and backticks inside "…"). */
function stringEnd(text: string, open: number): number {
  const quote = text[open]!;
  for (let index = open + 1; index < text.length; index++) {
    const char = text[index]!;
    if (quote === '"' && char === "`") index++;
    else if (char === quote) {
      if (text[index + 1] === quote) index++;
      else return index;
    }
  }
  return text.length;
}

/** `# …` to the end of the line and `<# … #>` blocks, outside strings. */
function withoutComments(text: string): string {
  let out = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "'" || char === '"') {
      const end = stringEnd(text, index);
      out += text.slice(index, end + 1);
      index = end;
    } else if (char === "`") {
      out += text.slice(index, index + 2);
      index++;
    } else if (char === "<" && text[index + 1] === "#") {
      const end = text.indexOf("#>", index + 2);
      index = end < 0 ? text.length : end + 1;
      out += " ";
    } else if (char === "#" && (index === 0 || /\s|;/.test(text[index - 1]!))) {
      const end = text.indexOf("\n", index);
      index = end < 0 ? text.length : end - 1;
    } else out += char;
  }
  return out;
}
