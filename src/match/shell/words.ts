// Static evaluation of bash words: quotes and escapes removed, known variables
// expanded, unquoted expansions split into fields. What depends on run time
// ($(…), unknown variables, arithmetic) becomes a dynamic Arg; command
// substitutions inside a word are handed back to the walker so the commands
// they run are judged too.
import type { Node } from "web-tree-sitter";
import type { Arg } from "./types.ts";

export type Variables = Map<string, string | null>;

export type WordScope = {
  vars: Variables;
  /** Walk the commands inside a $(…), `…` or <(…) found in a word. */
  walkSubstitution(node: Node, label: string): void;
};

type Piece =
  | { kind: "text"; text: string; splits: boolean }
  | { kind: "dynamic" };

/** The fields a word node expands to (one, except when an unquoted expansion splits). */
export function evaluateWord(node: Node, scope: WordScope): Arg[] {
  const pieces: Piece[] = [];
  collectPieces(node, scope, pieces, false);
  if (pieces.some((piece) => piece.kind === "dynamic")) return [{ kind: "dynamic", source: node.text }];
  return splitFields(pieces as Extract<Piece, { kind: "text" }>[]).map((value) => ({ kind: "static", value }));
}

/** A word that must be a single static string (a variable value, a heredoc delimiter), or undefined. */
export function evaluateSingleWord(node: Node, scope: WordScope): string | undefined {
  const fields = evaluateWord(node, scope);
  if (fields.length !== 1 || fields[0]!.kind !== "static") return undefined;
  return fields[0]!.value;
}

function collectPieces(node: Node, scope: WordScope, pieces: Piece[], quoted: boolean) {
  switch (node.type) {
    case "word":
    case "number":
    case "brace_expression":
    case "special_variable_name":
      pieces.push({ kind: "text", text: quoted ? node.text : unescapeUnquoted(node.text), splits: false });
      return;
    case "command_name":
    case "concatenation":
      for (const child of node.namedChildren) if (child) collectPieces(child, scope, pieces, quoted);
      return;
    case "raw_string":
      pieces.push({ kind: "text", text: node.text.slice(1, -1), splits: false });
      return;
    case "ansi_c_string":
      pieces.push({ kind: "text", text: decodeAnsiC(node.text.slice(2, -1)), splits: false });
      return;
    case "string":
    case "translated_string":
      collectStringPieces(node, scope, pieces);
      return;
    case "string_content":
      pieces.push({ kind: "text", text: unescapeDoubleQuoted(node.text), splits: false });
      return;
    case "simple_expansion":
    case "expansion":
      pieces.push(expandVariable(node, scope, quoted));
      return;
    case "command_substitution":
      scope.walkSubstitution(node, node.text.startsWith("`") ? "`…`" : "$(…)");
      pieces.push({ kind: "dynamic" });
      return;
    case "process_substitution":
      scope.walkSubstitution(node, node.text.startsWith(">") ? ">(…)" : "<(…)");
      pieces.push({ kind: "dynamic" });
      return;
    default:
      // Arithmetic and anything else we do not evaluate: unknown until run
      // time, but any command substitution inside still runs.
      walkNestedSubstitutions(node, scope);
      pieces.push({ kind: "dynamic" });
  }
}

function collectStringPieces(node: Node, scope: WordScope, pieces: Piece[]) {
  const before = pieces.length;
  for (const child of node.namedChildren) if (child) collectPieces(child, scope, pieces, true);
  // "" still makes an (empty) field.
  if (pieces.length === before) pieces.push({ kind: "text", text: "", splits: false });
}

function walkNestedSubstitutions(node: Node, scope: WordScope) {
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === "command_substitution") scope.walkSubstitution(child, "$(…)");
    else if (child.type === "process_substitution") scope.walkSubstitution(child, "<(…)");
    else walkNestedSubstitutions(child, scope);
  }
}

function expandVariable(node: Node, scope: WordScope, quoted: boolean): Piece {
  const name = variableName(node);
  if (name === undefined) {
    walkNestedSubstitutions(node, scope);
    return { kind: "dynamic" };
  }
  const value = scope.vars.get(name);
  if (value === undefined || value === null) return { kind: "dynamic" };
  return { kind: "text", text: value, splits: !quoted };
}

/** `$NAME` or a plain `${NAME}`; undefined for `${X:-y}`, `${#X}`, `$1`, `$@`… */
function variableName(node: Node): string | undefined {
  const named = node.namedChildren.filter((child) => child !== null);
  if (named.length !== 1 || named[0]!.type !== "variable_name") return undefined;
  if (node.type === "expansion" && node.text !== `\${${named[0]!.text}}`) return undefined;
  return named[0]!.text;
}

/** Join pieces into fields, splitting unquoted expansions on IFS whitespace. */
function splitFields(pieces: Extract<Piece, { kind: "text" }>[]): string[] {
  const fields: string[] = [];
  let current = "";
  let hasCurrent = false;
  for (const piece of pieces) {
    if (!piece.splits) {
      current += piece.text;
      hasCurrent = true;
      continue;
    }
    const parts = piece.text.split(/[ \t\n]+/);
    parts.forEach((part, index) => {
      if (index > 0) {
        if (hasCurrent) fields.push(current);
        current = "";
        hasCurrent = false;
      }
      if (part !== "") {
        current += part;
        hasCurrent = true;
      }
    });
  }
  if (hasCurrent) fields.push(current);
  return fields;
}

function unescapeUnquoted(text: string): string {
  return text.replace(/\\\n/g, "").replace(/\\(.)/gs, "$1");
}

function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\\n/g, "").replace(/\\([$`"\\])/g, "$1");
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\\": "\\", "'": "'", '"': '"', "?": "?",
};

/** The body of $'…': C escapes such as \x72, \162, \u0072, \n. */
export function decodeAnsiC(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs, (whole, escape: string) => {
    const kind = escape[0]!;
    if (kind === "x" || kind === "u" || kind === "U") return String.fromCodePoint(Number.parseInt(escape.slice(1), 16));
    if (/[0-7]/.test(kind)) return String.fromCharCode(Number.parseInt(escape, 8) & 0xff);
    if (kind === "c") return String.fromCharCode(escape.charCodeAt(1) & 0x1f);
    return SIMPLE_ESCAPES[kind] ?? whole;
  });
}
