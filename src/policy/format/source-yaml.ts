// Policy text in YAML or JSON → data, with a way back from a place in the
// data to a line in the file. Loaded on first use (see source.ts).
import { isMap, isNode, isScalar, LineCounter, parseDocument, type Document } from "yaml";
import { MAX_YAML_ALIASES } from "../../limits.ts";
import type { DataPath, ParsedSource } from "./problem.ts";

/** @public loaded with require() by source.ts, only for a YAML or JSON policy. */
export function parseYamlSource(file: string, text: string, format: "json" | "yaml"): ParsedSource {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const [error] = document.errors;
  if (error) {
    const position = error.linePos?.[0] ?? lineCounter.linePos(error.pos[0]);
    const label = format === "json" ? "JSON" : "YAML";
    return {
      ok: false,
      problem: {
        file,
        position: { line: position.line, column: position.col },
        message: `${label} syntax error: ${error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "")}`,
      },
    };
  }
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    // yaml refuses an alias bomb (aliases that expand without bound) with a ReferenceError.
    const label = format === "json" ? "JSON" : "YAML";
    return {
      ok: false,
      problem: { file, message: `${label} refused: ${(error as Error).message.replace(/\.$/, "")} (at most ${MAX_YAML_ALIASES} alias expansions are allowed in a policy)` },
    };
  }
  return {
    ok: true,
    data,
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
