// Policy text → plain data, by file extension (TOML, JSON or YAML), and a way
// back from a place in the data (rule[3].decision) to a line in the file, so
// every message can say file:line:column.
import { parse as parseToml, TomlError } from "smol-toml";
import { runSteps, type Steps } from "../steps.ts";
import type { DataPath, ParsedSource, Position } from "./problem.ts";
import { parseTomlInPieces } from "./toml-pieces.ts";

/** Defined in problem.ts (source-yaml.ts needs them too); the loaders take them from here, with the parser. */
export { type DataPath, formatProblem, type PolicyProblem, type Position } from "./problem.ts";

export type SourceFormat = "toml" | "json" | "yaml";

export function formatOf(path: string): SourceFormat {
  if (/\.json$/i.test(path)) return "json";
  if (/\.ya?ml$/i.test(path)) return "yaml";
  return "toml";
}

export function parseSource(file: string, text: string, format: SourceFormat = formatOf(file)): ParsedSource {
  return runSteps(parseSourceSteps(file, text, format));
}

/** parseSource in steps: a big TOML file is parsed a piece at a time (see toml-pieces.ts). */
export function* parseSourceSteps(file: string, text: string, format: SourceFormat = formatOf(file)): Steps<ParsedSource> {
  if (format !== "toml") return parseYamlSource(file, text, format);
  const data = yield* parseTomlInPieces(text);
  if (data !== undefined) return { ok: true, data, locate: tomlLocator(text) };
  return parseTomlSource(file, text);
}

function parseTomlSource(file: string, text: string): ParsedSource {
  try {
    const data = parseToml(text);
    return { ok: true, data, locate: tomlLocator(text) };
  } catch (error) {
    if (error instanceof TomlError) {
      const firstLine = error.message.split("\n")[0]!.replace(/^Invalid TOML document: /, "");
      return { ok: false, problem: { file, position: { line: error.line, column: error.column }, message: `TOML syntax error: ${firstLine}` } };
    }
    return { ok: false, problem: { file, message: `TOML syntax error: ${(error as Error).message}` } };
  }
}

/**
 * YAML and JSON are read by the yaml library, loaded on first use: most
 * policies are TOML, and the library's start-up would otherwise be paid by
 * every first hook.
 */
function parseYamlSource(file: string, text: string, format: "json" | "yaml"): ParsedSource {
  const yaml: typeof import("./source-yaml.ts") = require("./source-yaml.ts");
  return yaml.parseYamlSource(file, text, format);
}

/**
 * Where a data path lives in TOML text. smol-toml keeps no positions, so this
 * reads the lines: the n-th `[[rule]]` header, then the key inside its block.
 * The lines and headers are indexed once per text, so locating every rule of
 * a 10,000-rule file stays linear. Good for the files people write by hand;
 * undefined when it cannot tell.
 */
function tomlLocator(text: string): (path: DataPath) => Position | undefined {
  let index: TomlIndex | undefined;
  return (path) => {
    index ??= indexToml(text);
    return locateInToml(index, path);
  };
}

type TomlIndex = {
  lines: string[];
  /** `[[name]]` header lines by name, in order. */
  arrayHeaders: Map<string, number[]>;
  /** `[name]` header lines by name (the first). */
  tableHeaders: Map<string, number>;
  /** For each line, the next header line after it (lines.length when none). */
  nextHeader: Int32Array;
};

const ARRAY_HEADER = /^\s*\[\[\s*([^\]\s]+)\s*\]\]/;
const TABLE_HEADER = /^\s*\[\s*([^\]\s]+)\s*\]/;

function indexToml(text: string): TomlIndex {
  const lines = text.split("\n");
  const arrayHeaders = new Map<string, number[]>();
  const tableHeaders = new Map<string, number>();
  const nextHeader = new Int32Array(lines.length + 1);
  let next = lines.length;
  nextHeader[lines.length] = next;
  for (let line = lines.length - 1; line >= 0; line--) {
    nextHeader[line] = next;
    const text = lines[line]!;
    if (!/^\s*\[/.test(text)) continue;
    next = line;
    const array = ARRAY_HEADER.exec(text);
    if (array) {
      const list = arrayHeaders.get(array[1]!) ?? [];
      list.push(line);
      arrayHeaders.set(array[1]!, list);
      continue;
    }
    const table = TABLE_HEADER.exec(text);
    if (table) tableHeaders.set(table[1]!, line);
  }
  for (const list of arrayHeaders.values()) list.reverse();
  return { lines, arrayHeaders, tableHeaders, nextHeader };
}

function locateInToml(index: TomlIndex, path: DataPath): Position | undefined {
  const { lines } = index;
  let blockStart = 0;
  let blockEnd = firstHeader(index);
  let keys = path;
  const [first, second] = path;
  const header = typeof first === "string" && typeof second === "number" ? index.arrayHeaders.get(first)?.[second] : undefined;
  if (header !== undefined) {
    blockStart = header;
    blockEnd = index.nextHeader[header]!;
    keys = path.slice(2);
    if (keys.length === 0) return { line: header + 1, column: 1 };
  } else if (typeof first === "string" && typeof second === "string") {
    const table = index.tableHeaders.get(first);
    if (table !== undefined) {
      blockStart = table;
      blockEnd = index.nextHeader[table]!;
      keys = path.slice(1);
    } else blockEnd = lines.length;
  }
  const key = keys.find((part): part is string => typeof part === "string");
  if (key === undefined) return { line: blockStart + 1, column: 1 };
  const keyPattern = new RegExp(`^(\\s*)(?:"${escapeRegExp(key)}"|${escapeRegExp(key)})\\s*[=.]`);
  for (let line = blockStart; line < blockEnd; line++) {
    const match = keyPattern.exec(lines[line]!);
    if (match) return { line: line + 1, column: match[1]!.length + 1 };
  }
  return { line: blockStart + 1, column: 1 };
}

/** The first header line: keys before it belong to the top level. */
function firstHeader(index: TomlIndex): number {
  return /^\s*\[/.test(index.lines[0] ?? "") ? 0 : index.nextHeader[0]!;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
