// The parse stage: bash source in, unbash's syntax tree out. Kept behind one
// function so the rest of the pipeline depends on the tree's types, not on
// where the parser comes from, and so every parse is charged the same way.
import { type ParsedScript, parse } from "unbash";

/** The syntax tree of `source`; syntax errors are in the tree (`errors`), never thrown. */
export function parseScript(source: string): ParsedScript {
  return parse(source);
}
