// Policy text → plain data, by file extension (TOML, JSON or YAML), and a way
// back from a place in the data (rule[3].decision) to a line in the file, so
// every message can say file:line:column.
import { parse as parseToml, TomlError } from "smol-toml";
import { isMap, isNode, isScalar, LineCounter, parseDocument, type Document } from "yaml";

export type SourceFormat = "toml" | "json" | "yaml";
export type DataPath = Array<string | number>;
export type Position = { line: number; column: number };

export type PolicyProblem = {
  file: string;
  position?: Position;
  /** rule[2] "force-push": decision */
  where?: string;
  message: string;
};

export function formatProblem(problem: PolicyProblem): string {
  const place = problem.position ? `${problem.file}:${problem.position.line}:${problem.position.column}` : problem.file;
  return problem.where ? `${place}: ${problem.where}: ${problem.message}` : `${place}: ${problem.message}`;
}

export function formatOf(path: string): SourceFormat {
  if (/\.json$/i.test(path)) return "json";
  if (/\.ya?ml$/i.test(path)) return "yaml";
  return "toml";
}

export type ParsedSource =
  | { ok: true; data: unknown; locate: (path: DataPath) => Position | undefined }
  | { ok: false; problem: PolicyProblem };

export function parseSource(file: string, text: string, format: SourceFormat = formatOf(file)): ParsedSource {
  return format === "toml" ? parseTomlSource(file, text) : parseYamlSource(file, text, format);
}

function parseTomlSource(file: string, text: string): ParsedSource {
  try {
    const data = parseToml(text);
    return { ok: true, data, locate: (path) => locateInToml(text, path) };
  } catch (error) {
    if (error instanceof TomlError) {
      const firstLine = error.message.split("\n")[0]!.replace(/^Invalid TOML document: /, "");
      return { ok: false, problem: { file, position: { line: error.line, column: error.column }, message: `TOML syntax error: ${firstLine}` } };
    }
    return { ok: false, problem: { file, message: `TOML syntax error: ${(error as Error).message}` } };
  }
}

function parseYamlSource(file: string, text: string, format: "json" | "yaml"): ParsedSource {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const [error] = document.errors;
  if (error) {
    const position = error.linePos?.[0] ?? lineCounter.linePos(error.pos[0]);
    const label = format === "json" ? "JSON" : "YAML";
    return { ok: false, problem: { file, position: { line: position.line, column: position.col }, message: `${label} syntax error: ${error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "")}` } };
  }
  return {
    ok: true,
    data: document.toJS(),
    locate: (path) => {
      for (let length = path.length; length > 0; length--) {
        const offset = offsetOf(document, path.slice(0, length));
        if (offset !== undefined) {
          const position = lineCounter.linePos(offset);
          return { line: position.line, column: position.col };
        }
      }
      return undefined;
    },
  };
}

/** The offset of a path's key (for a mapping entry) or of its value (for a list item). */
function offsetOf(document: Document, path: DataPath): number | undefined {
  const last = path.at(-1);
  const parent = path.length > 1 ? document.getIn(path.slice(0, -1), true) : document.contents;
  if (isMap(parent) && typeof last === "string") {
    const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === last);
    if (pair && isNode(pair.key) && pair.key.range) return pair.key.range[0];
  }
  const node = document.getIn(path, true);
  return isNode(node) && node.range ? node.range[0] : undefined;
}

/**
 * Where a data path lives in TOML text. smol-toml keeps no positions, so this
 * reads the lines: the n-th `[[rule]]` header, then the key inside its block.
 * Good for the files people write by hand; undefined when it cannot tell.
 */
function locateInToml(text: string, path: DataPath): Position | undefined {
  const lines = text.split("\n");
  let blockStart = 0;
  let blockEnd = lines.length;
  let keys = path;
  const [first, second] = path;
  const header = typeof first === "string" && typeof second === "number" ? findArrayTableHeader(lines, first, second) : undefined;
  if (header !== undefined) {
    blockStart = header;
    blockEnd = nextHeader(lines, header + 1);
    keys = path.slice(2);
    if (keys.length === 0) return { line: header + 1, column: 1 };
  } else if (typeof first === "string" && typeof second === "string") {
    const header = lines.findIndex((line) => new RegExp(`^\\s*\\[\\s*${escapeRegExp(first)}\\s*\\]`).test(line));
    if (header >= 0) {
      blockStart = header;
      blockEnd = nextHeader(lines, header + 1);
      keys = path.slice(1);
    }
  } else {
    blockEnd = nextHeader(lines, 0);
  }
  const key = keys.find((part): part is string => typeof part === "string");
  if (key === undefined) return { line: blockStart + 1, column: 1 };
  const keyPattern = new RegExp(`^(\\s*)(?:"${escapeRegExp(key)}"|${escapeRegExp(key)})\\s*[=.]`);
  for (let index = blockStart; index < blockEnd; index++) {
    const match = keyPattern.exec(lines[index]!);
    if (match) return { line: index + 1, column: match[1]!.length + 1 };
  }
  return { line: blockStart + 1, column: 1 };
}

function findArrayTableHeader(lines: string[], name: string, index: number): number | undefined {
  const pattern = new RegExp(`^\\s*\\[\\[\\s*${escapeRegExp(name)}\\s*\\]\\]`);
  let seen = -1;
  for (let line = 0; line < lines.length; line++) {
    if (!pattern.test(lines[line]!)) continue;
    seen++;
    if (seen === index) return line;
  }
  return undefined;
}

function nextHeader(lines: string[], from: number): number {
  for (let line = from; line < lines.length; line++) if (/^\s*\[/.test(lines[line]!)) return line;
  return lines.length;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
