// Parsing a big TOML policy a piece at a time. smol-toml parses a whole text
// in one call, which for a 10,000-rule file is long enough to keep the
// extension from answering. A policy is mostly `[[rule]]` tables, each
// standing on its own, so the text is cut before every top-level table
// header, each piece parsed alone (with a yield between), and the pieces put
// together. The cut is safe only when every piece parses and no key is given
// by two pieces: a header-like line inside a multi-line string leaves a piece
// with an unterminated string, which fails. Whenever anything is not plainly
// right, the whole text is parsed at once, which also gives the error its
// true position.
import { parse as parseToml } from "smol-toml";
import type { Steps } from "../steps.ts";

/** Below this many pieces one call is quick enough. */
const PIECES_WORTH_CUTTING = 64;
/** Pieces parsed between yields. */
const PIECES_PER_STEP = 16;

const TOP_LEVEL_HEADER = /^[ \t]*(\[\[?)[ \t]*([A-Za-z0-9_-]+)[ \t]*\]\]?[ \t]*(?:#.*)?$/;

type Piece = { kind: "top" | "array" | "table"; name: string; text: string };

/** The parsed document, or undefined when it must be parsed whole. Throws nothing. */
export function* parseTomlInPieces(text: string): Steps<Record<string, unknown> | undefined> {
  const pieces = cut(text);
  if (pieces.length < PIECES_WORTH_CUTTING) return undefined;
  const result: Record<string, unknown> = {};
  const fromHeaders = new Set<string>();
  for (let index = 0; index < pieces.length; index++) {
    const piece = pieces[index]!;
    let parsed: Record<string, unknown>;
    try {
      parsed = parseToml(piece.text) as Record<string, unknown>;
    } catch {
      return undefined;
    }
    if (!merge(result, fromHeaders, piece, parsed)) return undefined;
    if (index % PIECES_PER_STEP === PIECES_PER_STEP - 1) yield;
  }
  return result;
}

/** The text cut before each top-level `[name]` or `[[name]]` header; lines keep their numbers' order. */
function cut(text: string): Piece[] {
  const pieces: Piece[] = [];
  let current: Piece = { kind: "top", name: "", text: "" };
  let start = 0;
  const lines = text.split("\n");
  let offset = 0;
  for (const line of lines) {
    const header = line.startsWith("[") || line.startsWith(" ") || line.startsWith("\t") ? TOP_LEVEL_HEADER.exec(line) : null;
    if (header) {
      current.text = text.slice(start, offset);
      pieces.push(current);
      current = { kind: header[1] === "[[" ? "array" : "table", name: header[2]!, text: "" };
      start = offset;
    }
    offset += line.length + 1;
  }
  current.text = text.slice(start);
  pieces.push(current);
  return pieces;
}

/** Add a piece's keys; false when the pieces overlap in a way only a whole parse can judge. */
function merge(result: Record<string, unknown>, fromHeaders: Set<string>, piece: Piece, parsed: Record<string, unknown>): boolean {
  for (const [key, value] of Object.entries(parsed)) {
    if (piece.kind === "array" && key === piece.name) {
      if (!Array.isArray(value) || value.length !== 1) return false;
      if (result[key] === undefined) {
        result[key] = [];
        fromHeaders.add(key);
      } else if (!fromHeaders.has(key)) return false;
      (result[key] as unknown[]).push(value[0]);
      continue;
    }
    if (Object.hasOwn(result, key)) return false;
    Object.defineProperty(result, key, { value, writable: true, enumerable: true, configurable: true });
  }
  return true;
}
