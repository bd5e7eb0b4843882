// Archivers' small languages. tar's `--checkpoint-action=exec=CMD` runs CMD
// through the shell at every checkpoint. A name transform (`tar --transform`,
// `--xform`, `pax -s`, `bsdtar -s`) is a sed-like `s/REGEX/NEW/FLAGS`: where
// NEW is an absolute path or climbs out with `..`, extraction writes there.
import type { CodeReading } from "./code.ts";
import { emptyReading, writeLine } from "./file-lines.ts";

export function readCheckpointAction(action: string): CodeReading {
  const reading = emptyReading();
  const exec = /^exec=([\s\S]*)$/.exec(action.trim());
  if (exec && exec[1]!.trim() !== "") reading.lines.push({ line: exec[1]!, label: "exec=" });
  return reading;
}

export function readNameTransform(expressions: string): CodeReading {
  const reading = emptyReading();
  for (const expression of splitExpressions(expressions)) {
    const parts = substitution(expression);
    if (!parts) continue;
    const target = parts.replacement;
    if (!/^(?:\/|~)|(?:^|\/)\.\.(?:\/|$)/.test(target)) continue;
    if (/\\\d|(?<!\\)&/.test(target)) reading.unresolved.push(`the name transform ${expression} writes outside the extraction directory, to names only known at run time`);
    else reading.lines.push({ line: writeLine(target.replace(/\\(.)/g, "$1")), label: "name transform" });
  }
  return reading;
}

/** `s/a/b/;s,c,d,` → the expressions, split at `;` between them. */
function splitExpressions(text: string): string[] {
  const found: string[] = [];
  // bsdtar and pax write `/old/new/` without the `s`.
  let rest = /^[^A-Za-z0-9\s]/.test(text.trim()) ? `s${text.trim()}` : text.trim();
  while (rest.startsWith("s") && rest.length > 1) {
    const delimiter = rest[1]!;
    let index = 2;
    for (let part = 0; part < 2; part++) {
      while (index < rest.length && rest[index] !== delimiter) index += rest[index] === "\\" ? 2 : 1;
      index++;
    }
    while (index < rest.length && /[a-zA-Z0-9]/.test(rest[index]!)) index++;
    found.push(rest.slice(0, index));
    rest = rest.slice(index).replace(/^[;\s]+/, "");
  }
  return found;
}

function substitution(expression: string): { pattern: string; replacement: string } | undefined {
  const delimiter = expression[1];
  if (!delimiter) return undefined;
  const pieces: string[] = [];
  let current = "";
  for (let index = 2; index < expression.length && pieces.length < 2; index++) {
    const char = expression[index]!;
    if (char === "\\" && index + 1 < expression.length) {
      current += expression[index + 1] === delimiter ? delimiter : `\\${expression[index + 1]}`;
      index++;
    } else if (char === delimiter) {
      pieces.push(current);
      current = "";
    } else current += char;
  }
  if (pieces.length < 2) return undefined;
  return { pattern: pieces[0]!, replacement: pieces[1]! };
}
