// zsh scripts as bash reads them. zsh shares most of its grammar with bash, and
// adds forms bash's grammar rejects or reads otherwise: short loops
// (`for x (a b) cmd`, `repeat 3 do …; done`), blocks in braces (`for x (a b) {`,
// `if [[ … ]] {`, `while … {`), anonymous functions (`() { … }`), `{ … } always
// { … }`, `=(cmd)` (a temp file holding cmd's output), `&!` (background and
// disown), a `}` that closes a group without a `;` before it, and parameter
// flags and nesting (`${(f)"$(cmd)"}`, `${${x%y}#z}`), whose commands bash's
// reading would not see. Each is rewritten here into the bash that runs the same
// commands, one line for one line, so that a line bash still cannot read can be
// named by its number (../interpret/zsh-script.ts leaves such lines out as
// unread code). What bash reads the same — glob qualifiers (`*(.om[1,3])`),
// `setopt`, `print -P`, `typeset -A` — is kept as written.

/** The shells that read a script with zsh's grammar. */
export function readsZsh(shell: string): boolean {
  return /^zsh(?:-[\d.]+)?$/.test(shell.slice(shell.lastIndexOf("/") + 1));
}

/** A `#!` line that hands the file to zsh. */
export function zshShebang(content: string): boolean {
  return /^#!\s*(?:\/usr)?(?:\/local)?\/bin\/(?:env\s+)?(?:-S\s+)?zsh(?:\s|$)/.test(content);
}

/** A value only the run knows, as the other readers write it (code.ts's UNKNOWN). */
const RUN_TIME_VALUE = "${__synaps_value}";

const NAMES = "[A-Za-z_]\\w*(?:\\s+[A-Za-z_]\\w*)*";

/** zsh's one-line forms, each rewritten into the bash that runs the same commands. */
const REWRITES: readonly (readonly [RegExp, string | ((...parts: string[]) => string)])[] = [
  // `for x (a b) cmd`, `for x ({1..3}) print $x`: the short loop, its one command the body.
  [
    new RegExp(`^(\\s*)for\\s+(${NAMES})\\s+\\(([^()]*)\\)\\s+(?!do\\b|\\{\\s*$)(\\S.*)$`),
    (_all, indent, names, words, body) => `${indent}for ${names} in ${words}; do ${body.replace(/[;\s]+$/, "")}; done`,
  ],
  // `for x (a b); do`, `for x (a b) do`: the long form with zsh's parenthesised list.
  [new RegExp(`^(\\s*)for\\s+(${NAMES})\\s+\\(([^()]*)\\)\\s*;?\\s*(?=do\\b)`), "$1for $2 in $3; "],
  // `repeat N do … done`: a loop, walked once as every loop is; `repeat N cmd`, `repeat N {`: the command, the block.
  [/^(\s*)repeat\s+\S+\s+(?=do\b)/, "$1for __zsh_repeat in 1; "],
  [/^(\s*)repeat\s+\S+\s+(?!do\b)/, "$1"],
  // `} always {`: the second block runs after the first, whatever the first did.
  [/^(\s*)\}\s*always\s*\{/, "$1}; {"],
  // `cmd &!`, `cmd &|`: in the background, disowned.
  [/&[!|]\s*$/, "&"],
  // `[[ $x == (a|b) ]]`: a pattern group, which bash writes `@(a|b)`.
  [/(\[\[.*?\s(?:==?|!=)\s+)\((?=[^()]*\|)/g, "$1@("],
  // `<->`, `<1-10>`: a glob matching numbers, which bash's `*` covers.
  [/<\d*-\d*>/g, "*"],
  // `noglob rm *`, `nocorrect mv a b`: precommand modifiers that run the command as written.
  [/^(\s*)(?:noglob|nocorrect)\s+/, "$1"],
];

/** A block opened by a line ending in `{`, and what its closing `}` becomes in bash. */
type OpenBlock = { indent: string; close: "}; done" | "}; fi" | "}" | "anonymous" };

/** `for x (a b) {`, `while COND {`, `if COND {`, `() {`: zsh's openers of a block in braces, as bash's. */
const OPENERS: readonly (readonly [RegExp, string, OpenBlock["close"]])[] = [
  [new RegExp(`^(\\s*)for\\s+(${NAMES})\\s+\\(([^()]*)\\)\\s*\\{\\s*$`), "$1for $2 in $3; do {", "}; done"],
  [new RegExp(`^(\\s*)for\\s+(${NAMES})\\s+in\\s+([^;]*?)\\s*;?\\s*\\{\\s*$`), "$1for $2 in $3; do {", "}; done"],
  [/^(\s*)((?:while|until)\s+.*?)\s*\{\s*$/, "$1$2; do {", "}; done"],
  [/^(\s*)if\s+(.*?)\s*\{\s*$/, "$1if $2; then {", "}; fi"],
  [/^(\s*)\(\s*\)\s*\{\s*$/, "$1{", "anonymous"],
];

export function zshAsBash(text: string): string {
  const open: OpenBlock[] = [];
  return text
    .split("\n")
    .map((line) => (/^\s*#/.test(line) ? line : blockLine(oneLine(line), open)))
    .join("\n");
}

function oneLine(line: string): string {
  // `() { echo $1 } a b`: an anonymous function on one line runs as a group; its arguments run nothing.
  let out = line.replace(/^(\s*)\(\s*\)\s*\{(.*\})[^}]*$/, "$1{$2");
  for (const [pattern, replacement] of REWRITES) out = typeof replacement === "string" ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  return parameterExpansions(closedBraces(out)).replace(/(^|[\s;|&(])=\(/g, "$1<(");
}

/** A line that opens or closes a zsh block in braces, in bash's words; the open blocks kept in `open`. */
function blockLine(line: string, open: OpenBlock[]): string {
  for (const [pattern, replacement, close] of OPENERS) {
    const match = pattern.exec(line);
    if (!match || /\b(?:then|do)\s*\{\s*$/.test(line)) continue;
    open.push({ indent: match[1]!, close });
    return line.replace(pattern, replacement);
  }
  const top = open.at(-1);
  const closing = top === undefined ? null : new RegExp(`^${top.indent}\\}(.*)$`).exec(line);
  if (!top || !closing) return line;
  const rest = closing[1]!.trim();
  if (top.close === "}; fi") {
    // `} elif COND {`, `} else {`: the `if` goes on, its next block in braces.
    const elif = /^elif\s+(.*?)\s*\{$/.exec(rest);
    if (elif) return `${top.indent}}; elif ${elif[1]}; then {`;
    if (/^else\s*\{$/.test(rest)) return `${top.indent}}; else {`;
  }
  open.pop();
  // `} a b` after an anonymous function: its arguments, which run nothing.
  if (top.close === "anonymous") return `${top.indent}}`;
  return `${top.indent}${top.close}${rest === "" ? "" : ` ${rest}`}`;
}

/** `f() { echo hi }`, `{ make } > log`: zsh closes a group on one line without a `;` before the `}`; bash needs it. */
function closedBraces(line: string): string {
  return line.replace(/(\{\s[^{}]*?[^;&\s{])\s+\}(\s*(?:[;&|<>]|$))/, "$1; }$2");
}

/**
 * zsh's parameter forms bash reads otherwise: flags (`${(f)x}`, `${(j:,:)arr}`) and `${=x}`, `${~x}`, `${^x}` are the
 * value of x; a nested expansion (`${"$(cmd)"}`, `${${x%y}#z}`, `${$(cmd):t}`) runs what it holds and gives a value
 * only the run knows.
 */
function parameterExpansions(line: string): string {
  let out = "";
  let index = 0;
  for (let at = line.indexOf("${"); at >= 0; at = line.indexOf("${", index)) {
    out += line.slice(index, at);
    let inner = at + 2;
    if (line[inner] === "(") inner = line.indexOf(")", inner) < 0 ? inner : line.indexOf(")", inner) + 1;
    while (/[=~^]/.test(line[inner] ?? "")) inner++;
    const nested = line[inner] === '"' || line[inner] === "$";
    const end = nested ? closingBrace(line, inner) : -1;
    if (end < 0) {
      out += `\${`;
      index = inner;
      continue;
    }
    out += `$(: ${parameterExpansions(line.slice(inner, end))})${RUN_TIME_VALUE}`;
    index = end + 1;
  }
  return out + line.slice(index);
}

/** The `}` that closes a parameter expansion whose body starts at `from`, over nested braces, parentheses and quotes; -1 when it does not close on the line. */
function closingBrace(line: string, from: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let index = from; index < line.length; index++) {
    const char = line[index]!;
    if (char === "\\") index++;
    else if (quote === "'") {
      if (char === "'") quote = undefined;
    } else if (char === "'" && depth === 0 && quote === undefined) quote = "'";
    else if (char === "{" || char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "}" && depth-- === 0) return index;
  }
  return -1;
}
