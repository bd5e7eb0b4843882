// The project's own modules a JavaScript or TypeScript file loads by a
// relative name (a require of ./db, an import of ../lib/db.js, a bare import
// of ./commands, a dynamic import, a re-export): their code
// runs when the file runs, so a script, a test file or a cypress support file
// is judged with the helpers it pulls in. Only relative names are followed; a
// package name is someone else's code, judged where it is installed.
import { posix } from "node:path";
import { MAX_FOLLOWED_IMPORTS, MAX_IMPORT_CANDIDATES_ASKED } from "../../limits.ts";

/** Relative module names in an import, a require, a dynamic import or a re-export (a literal string only). */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bimport\s+)(['"`])(\.{1,2}\/[^'"`\s]+)\1/g;

/** What Node and the bundlers try for a name without an extension, in order. */
const EXTENSIONS = ["", ".js", ".ts", ".mjs", ".cjs", ".jsx", ".tsx", ".mts", ".cts", "/index.js", "/index.ts"];

/** The relative module names `content` loads, each once, in order of appearance. */
export function relativeImports(content: string): string[] {
  return [...new Set([...content.matchAll(RELATIVE_IMPORT)].map((match) => match[2]!))];
}

/**
 * The paths a relative name may be, beside the importing file: without an extension, as written and with each
 * extension; with one, as written, and TypeScript's `./db.js` names `db.ts` too (its compiler maps the emitted name
 * back), so a `.js` name also tries `.ts`.
 */
export function importCandidates(importer: string, name: string): string[] {
  const base = posix.normalize(posix.join(posix.dirname(importer), name));
  if (!/\.[cm]?[jt]sx?$/.test(base)) return EXTENSIONS.map((extension) => base + extension);
  const emitted = /\.([mc]?)js(x?)$/.exec(base);
  return emitted ? [base, `${base.slice(0, -emitted[0].length)}.${emitted[1]}ts${emitted[2]}`] : [base];
}

/**
 * The modules the `starts` files import, and theirs in turn (breadth first, at most MAX_FOLLOWED_IMPORTS): for each
 * import the spelling whose text is known, else the likeliest spellings to ask for. None above the project (`../`
 * past its top).
 */
export function importedModules(starts: readonly string[], textOf: (path: string) => string | undefined): string[] {
  const seen = new Set(starts);
  const found: string[] = [];
  const queue = [...starts];
  while (queue.length > 0 && found.length < MAX_FOLLOWED_IMPORTS) {
    const file = queue.shift()!;
    const text = textOf(file);
    if (text === undefined) continue;
    for (const name of relativeImports(text)) {
      const candidates = importCandidates(file, name).filter((path) => !path.startsWith("../"));
      const known = candidates.find((path) => textOf(path) !== undefined);
      for (const path of known !== undefined ? [known] : candidates.slice(0, MAX_IMPORT_CANDIDATES_ASKED)) {
        if (seen.has(path)) continue;
        seen.add(path);
        found.push(path);
        if (known !== undefined) queue.push(path);
      }
    }
  }
  return found;
}
