// Names in code that can only hold an entry of a directory the code lists
// (`for d in os.listdir("tmpdata")`, `fs.readdirSync("out").forEach((f) => …)`,
// `Dir.children("tmp").each { |f| … }`): a bare name, never `.`, `..`, a
// path with a slash, or an absolute one. A literal directory joined with
// such a name (`os.path.join("tmpdata", d)`) is a child of that directory,
// so `shutil.rmtree(os.path.join("tmpdata", d))` clears tmpdata's entries,
// the shell's `rm -r -- tmpdata/"$x"`, not a delete of a path nobody can see.
//
// Sound by refusal: a name counts only when every loop that binds it lists a
// directory this way and it is never assigned, a parameter or bound by
// anything else. Listings that yield `.` and `..` (PHP's scandir, Ruby's
// Dir.entries) or full paths (glob) are not such listings.

import { MAX_TEMP_DIR_NAMES } from "../../limits.ts";

const NAME = String.raw`([A-Za-z_$][\w$]*)`;
const LITERAL = String.raw`(?:"[^"\\\n]*"|'[^'\\\n]*')`;

/** Loops over a listing of entry names, by language: group 1 is the variable. */
const LISTING_LOOPS: Readonly<Record<string, readonly RegExp[]>> = {
  python: [new RegExp(String.raw`\bfor\s+${NAME}\s+in\s+(?:os\.)?listdir\s*\(\s*${LITERAL}\s*\)`, "g")],
  node: [
    new RegExp(String.raw`\bfor\s*\(\s*(?:const|let|var)\s+${NAME}\s+of\s+(?:await\s+)?(?:[\w$]+\.)?readdir(?:Sync)?\s*\(\s*${LITERAL}\s*\)\s*\)`, "g"),
    new RegExp(String.raw`(?:[\w$]+\.)?readdirSync\s*\(\s*${LITERAL}\s*\)\s*\.\s*(?:forEach|map|filter)\s*\(\s*\(?\s*${NAME}\s*\)?\s*=>`, "g"),
  ],
  ruby: [new RegExp(String.raw`\bDir\.(?:children\s*\(\s*${LITERAL}\s*\)\s*\.each|each_child\s*\(\s*${LITERAL}\s*\))\s*(?:do|\{)\s*\|\s*${NAME}\s*\|`, "g")],
};

/** Calls joining path parts, by language. */
const JOINERS: Readonly<Record<string, string>> = {
  python: String.raw`(?:os\.path\.join|posixpath\.join|path\.join|join)`,
  node: String.raw`(?:path\.join|path\.posix\.join|join)`,
  ruby: String.raw`File\.join`,
};

/** The names bound only to a listed directory's entries. */
export function entryNames(language: string, code: string): ReadonlySet<string> {
  const loops = LISTING_LOOPS[language];
  if (!loops) return new Set();
  const names = new Set<string>();
  for (const loop of loops)
    for (const match of code.matchAll(loop)) {
      if (names.size < MAX_TEMP_DIR_NAMES) names.add(match[1]!);
    }
  for (const name of names) if (!onlyListed(code, name, loops)) names.delete(name);
  return names;
}

/** Every binding of the name is one of the listing loops: no assignment, parameter or other loop binds it. */
function onlyListed(code: string, name: string, loops: readonly RegExp[]): boolean {
  const n = name.replaceAll("$", "\\$");
  const word = String.raw`(?<![\w$.])${n}(?![\w$])`;
  const assigned = String.raw`${word}\s*(?:[-+*/%|&^]?=(?![=>])|:=)|${word}\s*,[^\n=]{0,300}=(?![=>])`;
  if (new RegExp(String.raw`${assigned}|\b(?:def|function|lambda|as|catch)\b[^\n]{0,300}${word}`).test(code)) return false;
  const listed = loops.reduce((count, loop) => count + [...code.matchAll(loop)].filter((match) => match[1] === name).length, 0);
  const bound = [...code.matchAll(new RegExp(String.raw`\bfor\b[^\n]{0,300}?${word}|${word}\s*\)?\s*=>|\|\s*${n}\s*\|`, "g"))].length;
  return bound === listed;
}

/**
 * A literal directory joined with an entry name (`os.path.join("tmpdata", d)`, `path.join("out", f)`,
 * `File.join("tmp", f)`): the directory's path with the unknown name below it, or undefined.
 */
export function entryBelow(expression: string, language: string, names: ReadonlySet<string>, unknown: string): string | undefined {
  const joiner = JOINERS[language];
  if (names.size === 0 || joiner === undefined) return undefined;
  const joined = new RegExp(String.raw`^${joiner}\s*\(\s*(${LITERAL})\s*,\s*${NAME}\s*\)$`).exec(expression.trim());
  if (!joined || !names.has(joined[2]!)) return undefined;
  const directory = joined[1]!.slice(1, -1).replace(/\/+$/, "");
  // A parent or an empty directory is no place of its own.
  if (directory === "" || directory.split("/").includes("..")) return undefined;
  return `${directory}/${unknown}`;
}
