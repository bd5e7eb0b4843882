// What a migration command runs of each migration file: the part for its
// direction. A migration holds both ways — `up` and `down`, `upgrade` and
// `downgrade`, `-- migrate:up` and `-- migrate:down`, `x.up.sql` beside
// `x.down.sql` — and the command runs one of them: `knex migrate:latest` runs
// the ups, `migrate:rollback` the downs. A down that drops the table its up
// creates is the ordinary undo of that migration, not what `migrate:latest`
// does, so only the running part is judged. A command that runs neither
// (`knex migrate:status`, `alembic stamp`) still loads the file: its
// top-level code runs, its migration functions do not.
//
// The other direction's function bodies are cut out of the text (their lines
// left empty, so line numbers hold); the reader never sees them. What cannot
// be told apart (Rails' `change`, Ecto's `change`, Django's RunPython with
// its reverse function) runs either way and stays.

/** Which of its functions a migration command runs: the forward ones, the backward ones, both (`redo`), or none. */
export type Direction = "up" | "down" | "both" | "none";

/** The names a language's migrations give their two directions. */
type Names = { up: readonly string[]; down: readonly string[] };

const NAMES: Readonly<Record<string, Names>> = {
  node: { up: ["up"], down: ["down"] },
  php: { up: ["up"], down: ["down"] },
  python: { up: ["upgrade", "upgrade_\\w+", "up", "step_up"], down: ["downgrade", "downgrade_\\w+", "down", "step_down"] },
  ruby: { up: ["up", "self\\.up"], down: ["down", "self\\.down"] },
  elixir: { up: ["up"], down: ["down"] },
  // EF Core: `protected override void Up(MigrationBuilder migrationBuilder)`.
  csharp: { up: ["Up"], down: ["Down"] },
};

/** The names of the functions `direction` does not run. */
function cutNames(names: Names, direction: Direction): readonly string[] {
  if (direction === "both") return [];
  if (direction === "up") return names.down;
  if (direction === "down") return names.up;
  return [...names.up, ...names.down];
}

/** The migration's text as the command runs it: the bodies of the functions of the other direction blanked. */
export function runningPart(language: string, content: string, direction: Direction): string {
  const names = NAMES[language];
  if (names === undefined) return content;
  const cut = cutNames(names, direction);
  if (cut.length === 0) return content;
  const part = blankedPart(language, content, direction, cut.join("|"));
  // What runs calls, names or aliases the other direction (`this.down()`, `up: down`, `downgrade()`): it runs too.
  return reachesCut(language, part, cut) ? content : part;
}

function blankedPart(language: string, content: string, direction: Direction, alternatives: string): string {
  switch (language) {
    case "python":
      return blankIndented(direction === "up" ? withoutDjangoReverse(content) : content, new RegExp(`^([ \\t]*)def\\s+(?:${alternatives})\\s*\\(`, "gm"));
    case "ruby":
    case "elixir":
      return blankToEnd(content, new RegExp(`^([ \\t]*)def\\s+(?:${alternatives})\\b`, "gm"));
    default:
      return blankBraced(content, braceStarts(alternatives));
  }
}

/** Line comments by language: a name there is prose, not a call. */
const LINE_COMMENT: Readonly<Record<string, RegExp>> = {
  python: /#.*$/gm,
  ruby: /#.*$/gm,
  elixir: /#.*$/gm,
  php: /(?:\/\/|#).*$|\/\*[\s\S]*?\*\//gm,
};

/**
 * Whether the part left still names a blanked function outside comments. An export list naming each function as
 * itself (`{ up, down }`, `down: down`) is no call; `up: down`, `exports.down(…)` or a bare Ruby `down` is.
 */
function reachesCut(language: string, part: string, cut: readonly string[]): boolean {
  const code = part.replace(LINE_COMMENT[language] ?? /\/\/.*$|\/\*[\s\S]*?\*\//gm, "");
  const name = `(?:${cut.join("|")})`;
  const mention = new RegExp(`(?<![\\w$])${name}(?![\\w$])`, "g");
  for (const match of code.matchAll(mention)) {
    // A short window either side: enough for `exports.`, `up: ` or `{ up, `, and linear over a long file.
    const before = code.slice(Math.max(0, match.index - 64), match.index);
    const after = code.slice(match.index + match[0].length, match.index + match[0].length + 64);
    const shorthand = /[{,]\s*$/.test(before) && /^\s*[,}]/.test(after);
    const key = /^\s*:(?!:)/.test(after) && !/[:=]\s*$/.test(before);
    const sameKey = new RegExp(`(?<![\\w$])${match[0].replace(/[.\\]/g, "\\$&")}\\s*:\\s*$`).test(before);
    if (!shorthand && !key && !sameKey) return true;
  }
  return false;
}

/**
 * A Django migration run forwards: the reverse parts of its operations do not run — RunSQL's `reverse_sql` and the
 * function RunPython names second.
 */
function withoutDjangoReverse(content: string): string {
  const literal = String.raw`(?:[rbuRBU]{0,2}(?:"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'))`;
  const reverseSql = [...content.matchAll(new RegExp(String.raw`reverse_sql\s*=\s*${literal}`, "g"))].map((match): [number, number] => [
    match.index,
    match.index + match[0].length,
  ]);
  const text = blankRanges(content, reverseSql);
  const reverse = [...content.matchAll(/RunPython\(\s*[\w.]+\s*,\s*(?:reverse_code\s*=\s*)?([A-Za-z_]\w*)\s*[,)]/g)].map((match) => match[1]!);
  return reverse.length === 0 ? text : blankIndented(text, new RegExp(String.raw`^([ \t]*)def\s+(?:${reverse.join("|")})\s*\(`, "gm"));
}

/** Where a JavaScript/TypeScript or PHP migration function starts: `exports.down =`, `export async function down(`, `async down(`, `down: …`, `public function down()`. */
function braceStarts(alternatives: string): RegExp {
  const name = `(?:${alternatives})`;
  return new RegExp(
    [
      `(?:module\\.)?exports\\.${name}\\s*=`,
      `export\\s+(?:async\\s+)?function\\s+${name}\\s*\\(`,
      `export\\s+(?:const|let)\\s+${name}\\s*=`,
      `(?:public\\s+|protected\\s+|private\\s+)?(?:static\\s+)?(?:async\\s+)?function\\s+${name}\\s*\\(`,
      `(?:public\\s+|protected\\s+)?override\\s+void\\s+${name}\\s*\\(`,
      `(?:^|[\\s,{])(?:public\\s+)?(?:async\\s+)?${name}\\s*(?:\\(|:\\s*(?:async\\s+)?(?:function\\b|\\())`,
    ].join("|"),
    "gm",
  );
}

/** Python: the def line and every line below it indented deeper (or empty), up to the first line back at its indent. */
function blankIndented(content: string, start: RegExp): string {
  const ranges: [number, number][] = [];
  for (const match of content.matchAll(start)) {
    if (match.index < (ranges.at(-1)?.[1] ?? 0)) continue;
    const indent = match[1]!.length;
    let end = lineEnd(content, match.index);
    while (end < content.length) {
      const next = lineEnd(content, end + 1);
      const line = content.slice(end + 1, next);
      if (line.trim() !== "" && line.length - line.trimStart().length <= indent) break;
      end = next;
    }
    ranges.push([match.index, end]);
  }
  return blankRanges(content, ranges);
}

/** Ruby and Elixir: the def line up to the `end` at its own indent. */
function blankToEnd(content: string, start: RegExp): string {
  const ranges: [number, number][] = [];
  for (const match of content.matchAll(start)) {
    if (match.index < (ranges.at(-1)?.[1] ?? 0)) continue;
    const firstEnd = lineEnd(content, match.index);
    // A one-line def (`def down, do: drop table(:x)`) ends on its line.
    const end = /,\s*do:/.test(content.slice(match.index, firstEnd)) ? firstEnd : endOfBlock(content, match.index, match[1]!);
    ranges.push([match.index, end]);
  }
  return blankRanges(content, ranges);
}

/** The offset of the line break ending the line at `at`, or the text's end. */
function lineEnd(text: string, at: number): number {
  const found = text.indexOf("\n", at);
  return found < 0 ? text.length : found;
}

/** The offset just past the `end` line at `indent` after `from` (where the def starts), or the text's end. */
function endOfBlock(text: string, from: number, indent: string): number {
  const close = new RegExp(`\\n${indent}end\\b[^\\n]*`, "g");
  close.lastIndex = from;
  const found = close.exec(text);
  return found ? found.index + found[0].length : text.length;
}

/** The text with each range's characters but line breaks made spaces; the ranges are in order and do not overlap. */
function blankRanges(content: string, ranges: readonly (readonly [number, number])[]): string {
  const pieces: string[] = [];
  let at = 0;
  for (const [from, to] of ranges) {
    pieces.push(content.slice(at, from), content.slice(from, to).replace(/[^\n]/g, " "));
    at = to;
  }
  return pieces.join("") + content.slice(at);
}

/**
 * JavaScript, TypeScript and PHP: from the start to the end of the function — its braced body, or an arrow's
 * expression up to the `;`, `,` or line end where the brackets are balanced.
 */
function blankBraced(content: string, start: RegExp): string {
  const ranges: [number, number][] = [];
  let blankedTo = 0;
  // In order, skipping starts inside a function already cut (its calls, nested ones): each character is scanned
  // about once, where cutting from every start (every `down(` call) would rescan the rest of the file each time.
  for (const match of content.matchAll(start)) {
    const from = match.index + (/^[\s,{]/.test(match[0]) ? 1 : 0);
    if (from < blankedTo) continue;
    // `exports.up = exports.down = …`: the function is the running direction's too.
    if (/=\s*$/.test(content.slice(Math.max(0, from - 64), from))) continue;
    // Scanned from the parameter list's `(` when the start took it, so the brackets balance.
    const end = match.index + match[0].length - (match[0].endsWith("(") ? 1 : 0);
    blankedTo = endOfFunction(content, end);
    ranges.push([from, blankedTo]);
  }
  return blankRanges(content, ranges);
}

function endOfFunction(text: string, from: number): number {
  let depth = 0;
  let closedBody = false;
  let arrowAt = -1;
  for (let index = from; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"' || char === "'" || char === "`") {
      index = endOfString(text, index);
      continue;
    }
    if (depth === 0 && char === "=" && text[index + 1] === ">") arrowAt = index + 2;
    if (char === "(" || char === "[" || char === "{") depth++;
    else if (char === ")" || char === "]" || char === "}") {
      depth--;
      if (depth < 0) return index;
      if (depth === 0 && char === "}") closedBody = true;
    } else if (depth === 0 && (char === ";" || char === ",")) return index + 1;
    else if (depth === 0 && char === "\n" && (closedBody || arrowEnds(text.slice(arrowAt, index), arrowAt))) return index;
  }
  return text.length;
}

/** Whether an arrow's expression body so far is whole: something after the `=>`, not ending in an operator that continues it. */
function arrowEnds(body: string, arrowAt: number): boolean {
  const trimmed = body.trim();
  return arrowAt >= 0 && trimmed !== "" && !/(?:[.(,+\-*/?:&|=]|=>)$/.test(trimmed);
}

/** The index of the quote that closes the string opening at `at`. */
function endOfString(text: string, at: number): number {
  const quote = text[at];
  for (let index = at + 1; index < text.length; index++) {
    if (text[index] === "\\") index++;
    else if (text[index] === quote) return index;
  }
  return text.length;
}

// ─── SQL migrations ───────────────────────────────────────────────────────

/** How a SQL migration tool marks the two directions inside one file. */
export type SqlMarkers = { up: RegExp; down: RegExp };

/** dbmate's `-- migrate:up` / `-- migrate:down`. */
export const DBMATE_MARKERS: SqlMarkers = { up: /^--\s*migrate:up\b.*$/im, down: /^--\s*migrate:down\b.*$/im };
/** goose's `-- +goose Up` / `-- +goose Down`. */
export const GOOSE_MARKERS: SqlMarkers = { up: /^--\s*\+goose\s+up\b.*$/im, down: /^--\s*\+goose\s+down\b.*$/im };

/** The SQL of a file with both directions in it that `direction` runs (the text before any marker runs with the up part). */
export function sqlSection(content: string, markers: SqlMarkers, direction: Direction): string {
  const up = markers.up.exec(content);
  const down = markers.down.exec(content);
  if (!up && !down) return direction === "none" ? "" : content;
  const upEnd = down && (!up || down.index > up.index) ? down.index : content.length;
  const upText = up ? content.slice(up.index + up[0].length, up.index < upEnd ? upEnd : content.length) : content.slice(0, down!.index);
  const downText = down ? content.slice(down.index + down[0].length, up && up.index > down.index ? up.index : content.length) : "";
  if (direction === "up") return upText;
  if (direction === "down") return downText;
  return direction === "both" ? `${downText}\n${upText}` : "";
}

/**
 * A down section's statements that undo what the same file's up section made (`DROP INDEX idx_x` after `CREATE
 * INDEX idx_x`, `DROP COLUMN nickname` after `ADD COLUMN nickname`): the ordinary undo, left out of what is judged.
 */
export function withoutOwnUndo(down: string, up: string): string {
  const made = new Set(
    [
      ...up.matchAll(
        /\b(?:create\s+(?:(?:unique|or\s+replace|temp|temporary|materialized)\s+)*(?:table|index|view|type|sequence|function|trigger|extension|schema)\s+(?:if\s+not\s+exists\s+)?|add\s+(?:column\s+)?(?:if\s+not\s+exists\s+)?|add\s+constraint\s+)([\w."`]+)/gi,
      ),
    ]
      // `CREATE SCHEMA IF NOT EXISTS public` may have found it there: its drop is not this migration's own undo.
      .filter((match) => !/\bif\s+not\s+exists\s+$/i.test(match[0].slice(0, -match[1]!.length)))
      .map((match) => unquoted(match[1]!)),
  );
  if (made.size === 0) return down;
  return down
    .split(";")
    .filter((statement) => {
      const dropped =
        /\bdrop\s+(?:(?:column|constraint|table|index|view|materialized\s+view|type|sequence|function|trigger|extension|schema)\s+)?(?:if\s+exists\s+)?([\w."`]+)/i.exec(statement);
      // One name and nothing after it but CASCADE or MySQL's `ON table`: a list (`users, accounts`) drops others too.
      const rest = dropped ? statement.slice(dropped.index + dropped[0].length) : "";
      return !dropped || !made.has(unquoted(dropped[1]!)) || !/^\s*(?:cascade|restrict|on\s+[\w."`]+)?\s*$/i.test(rest);
    })
    .join(";");
}

function unquoted(name: string): string {
  return name.replace(/["`]/g, "").toLowerCase().split(".").pop()!;
}
