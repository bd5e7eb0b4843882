// Names in code that can only hold a path a glob of one directory found
// (`foreach (glob($dir . '/*') as $f)` in PHP, `for f in glob.glob("out/*.log")`
// in Python): each is that directory's path with one entry's name after it,
// never `..` or a path elsewhere. So `unlink($f)` in such a loop deletes
// entries of that directory — the shell's `rm -- dir/"$x"` — not files nobody
// can place. The glob's text must be literals joined (`__DIR__` is one, once
// the script's own directory is put in its place), or a variable the code
// assigns once from such literals; its last part alone holds the wildcards.
//
// Sound by refusal, as dir-entries.ts is: a name counts only when this loop is
// its one binding and nothing else assigns it.

import { posix } from "node:path";
import { MAX_TEMP_DIR_NAMES } from "../../limits.ts";

type GlobLanguage = { loop: RegExp; join: string; name: string };

/** Per language: the loop (group 1 the glob's text, group 2 the name), how literals are joined, how a variable is spelt. */
const GLOB_LOOPS: Readonly<Record<string, GlobLanguage>> = {
  php: { loop: /\bforeach\s*\(\s*glob\s*\(\s*([^()]*?)\s*\)\s+as\s+(\$[A-Za-z_]\w*)\s*\)/g, join: ".", name: String.raw`\$[A-Za-z_]\w*` },
  python: { loop: /\bfor\s+([A-Za-z_]\w*)\s+in\s+(?:glob\.)?glob\s*\(\s*([^()]*?)\s*\)\s*:/g, join: "+", name: String.raw`[A-Za-z_]\w*` },
};

/** The names bound only to the entries a one-directory glob finds, each with that directory. */
export function globbedNames(language: string, code: string): ReadonlyMap<string, string> {
  const spec = GLOB_LOOPS[language];
  const found = new Map<string, string>();
  if (!spec) return found;
  for (const match of code.matchAll(spec.loop)) {
    if (found.size >= MAX_TEMP_DIR_NAMES) break;
    const [text, name] = language === "python" ? [match[2]!, match[1]!] : [match[1]!, match[2]!];
    const directory = globDirectory(evaluate(text, spec, code, 1));
    if (directory !== undefined && boundOnce(code, name)) found.set(name, directory);
  }
  return found;
}

/** The directory of a glob whose last part alone holds wildcards (`var/cache/*` → var/cache); undefined otherwise. */
function globDirectory(pattern: string | undefined): string | undefined {
  if (pattern === undefined) return undefined;
  const slash = pattern.lastIndexOf("/");
  if (slash <= 0) return undefined;
  const directory = pattern.slice(0, slash);
  // `bin/../var/cache` is var/cache; a directory above the project keeps its `..` (`../shared`).
  return /[*?[\]{}]/.test(directory) || !/[*?[]/.test(pattern.slice(slash + 1)) ? undefined : posix.normalize(directory);
}

/** Literals joined by the language's operator, or a variable assigned once from such a text; undefined for anything else. */
function evaluate(text: string, spec: GlobLanguage, code: string, depth: number): string | undefined {
  const parts = text.split(spec.join === "." ? /\s*\.\s*(?=['"$])|(?<=['"])\s*\.\s*/ : /\s*\+\s*/);
  let value = "";
  for (const part of parts.map((piece) => piece.trim())) {
    const literal = /^'([^'\\]*)'$/.exec(part)?.[1] ?? /^"([^"\\$]*)"$/.exec(part)?.[1];
    if (literal !== undefined) value += literal;
    else if (depth > 0 && new RegExp(`^${spec.name}$`).test(part)) {
      const assigned = singleAssignment(code, part);
      const inner = assigned === undefined ? undefined : evaluate(assigned, spec, code, depth - 1);
      if (inner === undefined) return undefined;
      value += inner;
    } else return undefined;
  }
  return value;
}

/** The text a name is assigned from, when the code assigns it exactly once, in a statement of its own. */
function singleAssignment(code: string, name: string): string | undefined {
  const assignments = [...code.matchAll(new RegExp(`(?:^|[;{}\\n])\\s*${escaped(name)}\\s*=(?![=>])\\s*([^;\\n]*)`, "g"))];
  return assignments.length === 1 ? assignments[0]![1]!.trim() : undefined;
}

/** The loop is the name's one binding: no assignment, parameter or other loop binds it. */
function boundOnce(code: string, name: string): boolean {
  const word = String.raw`(?<![\w$.])${escaped(name)}(?![\w$])`;
  if (new RegExp(String.raw`${word}\s*(?:[-+*/%|&^.]?=(?![=>])|:=)|\b(?:def|function|lambda|catch|fn)\b[^\n]{0,300}${word}`).test(code)) return false;
  return [...code.matchAll(new RegExp(String.raw`\b(?:for|foreach)\b[^\n]{0,300}?${word}|\bas\s+${word}`, "g"))].length === 1;
}

function escaped(name: string): string {
  return name.replace(/[$]/g, "\\$&");
}
