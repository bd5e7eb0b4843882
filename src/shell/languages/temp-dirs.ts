// Names in code that can only hold a directory the code itself just made
// as a fresh temporary one (`const dir = mkdtempSync(…)`, `d = tempfile.mkdtemp()`,
// `dir := t.TempDir()`, pytest's `tmp_path`), or a literal path below one
// (`join(dir, "out")`, `tmp_path / "out"`). Deleting such a directory
// deletes only what the code put there, so `rmSync(dir, { recursive: true })`
// is a delete in a temp directory, not of a path nobody can see.
//
// Sound by refusal: a name counts only when EVERY assignment to it in the
// file is such a creation or derivation, and it is never a parameter, a loop
// or `with … as` / `catch` variable, destructured, or imported — anything
// else could bind it to another path, and then it stays unknown.

import { MAX_TEMP_DIR_NAMES } from "../../limits.ts";

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
const BARE = new RegExp(`^${IDENT}$`);

/** The JVM's own: a fresh temporary directory or file (`java.nio.file.Files.createTempDirectory("x")`). */
const JVM_TEMP = String.raw`(?:new\s+)?(?:java\.nio\.file\.)?Files\.createTemp(?:Directory|File)\s*\(|(?:java\.io\.)?File\.createTempFile\s*\(`;

/** Calls that make a fresh temporary directory and return its path, by language. */
const CREATORS: Readonly<Record<string, string>> = {
  // Any module prefix: imports are resolved before (`mkdtemp` from node:fs/promises reads `fs/promises.mkdtemp`).
  node: String.raw`(?:await\s+)?(?:[\w$/.]+\.)?mkdtemp(?:Sync)?\s*\(`,
  python: String.raw`(?:[\w.]+\.)?mkdtemp\s*\(|tempfile\.TemporaryDirectory\s*\(\s*\)\.name\b`,
  ruby: String.raw`Dir\.mktmpdir\b`,
  go: String.raw`(?:t|b|tb|f|s\.T\(\))\.TempDir\s*\(\s*\)|os\.MkdirTemp\s*\(|ioutil\.TempDir\s*\(`,
  rust: String.raw`(?:tempfile::)?(?:tempdir|tempdir_in)\s*\(|(?:tempfile::)?TempDir::(?:new|with_prefix)\s*\(|(?:tempfile::)?Builder::new\(\s*\)[\s\S]{0,200}?\.tempdir\s*\(`,
  java: JVM_TEMP,
  kotlin: String.raw`${JVM_TEMP}|(?:kotlin\.io\.path\.)?createTempDirectory\s*\(|createTempDir\s*\(`,
  groovy: String.raw`${JVM_TEMP}|File\.createTempDir\s*\(`,
  scala: JVM_TEMP,
  csharp: String.raw`Directory\.CreateTempSubdirectory\s*\(|Path\.GetTempFileName\s*\(\s*\)`,
  dart: String.raw`(?:await\s+)?Directory\.systemTemp\.createTemp(?:Sync)?\s*\(`,
};

/** A path joined below another name with literal parts only (no `..`). */
const JOINS = String.raw`(?:path\.join|join|os\.path\.join|filepath\.Join|File\.join|Path)\s*\(\s*(${IDENT})\s*((?:,\s*(?:"[^"\\.]*(?:\.(?!\.)[^"\\.]*)*"|'[^'\\.]*(?:\.(?!\.)[^'\\.]*)*'))*)\s*\)`;
const SLASH = String.raw`(${IDENT})((?:\s*/\s*(?:"[^"\\.]*(?:\.(?!\.)[^"\\.]*)*"|'[^'\\.]*(?:\.(?!\.)[^'\\.]*)*'))+)`;

/** Fixture parameters a test runner fills with a fresh temporary directory. */
const FIXTURES: Readonly<Record<string, readonly string[]>> = { python: ["tmp_path", "tmpdir"] };

/** Each such name, with the literal path below the temp directory it holds ("" for the directory itself). */
export function tempDirNames(language: string, code: string): ReadonlyMap<string, string> {
  const creator = CREATORS[language];
  if (!creator) return new Map();
  const names = new Map<string, string>();
  for (const fixture of FIXTURES[language] ?? []) if (usedAsFixture(code, fixture)) names.set(fixture, "");
  // Most code makes no temp directory: one scan says so, and nothing else is read.
  const creates = new RegExp(creator);
  if (names.size === 0 && !creates.test(code)) return names;
  const byName = new Map<string, string[]>();
  for (const assignment of allAssignments(code)) byName.set(assignment.name, [...(byName.get(assignment.name) ?? []), assignment.value]);
  const startsWithCreator = new RegExp(`^(?:${creator})`);
  // Derivations may chain (`out = join(dir, "out")`): a few rounds reach a fixed point.
  for (let round = 0; round < 4; round++) {
    let grew = false;
    for (const [name, values] of byName) {
      if (names.has(name)) continue;
      const below = values.map((value) => holds(value, startsWithCreator, names));
      if (below.some((sub) => sub === undefined) || names.size >= MAX_TEMP_DIR_NAMES || !neverRebound(code, name)) continue;
      names.set(name, below[0]!);
      grew = true;
    }
    if (!grew) break;
  }
  return names;
}

type Assignment = { name: string; value: string };

/** `NAME = value`, `const NAME = value`, `NAME := value`, `NAME, err := value` (the first name), `NAME += …` (as a value nobody knows). */
function allAssignments(code: string): Assignment[] {
  const out: Assignment[] = [];
  const pattern = new RegExp(String.raw`(?<![\w$.])(${IDENT})(?:\s*,\s*${IDENT})?\s*([-+*/%|&^]?=|:=)(?![=>])([^\n;]*)`, "g");
  for (const match of code.matchAll(pattern)) out.push({ name: match[1]!, value: match[2] === "=" || match[2] === ":=" ? match[3]!.trim() : "\0" });
  return out;
}

/** What is below the temp directory a value holds: "" for a creation, "/a/b" for a literal join; undefined when it may be anything. */
const JOINED = new RegExp(`^${JOINS}\\s*$`);
const SLASHED = new RegExp(`^${SLASH}\\s*$`);

function holds(value: string, creator: RegExp, names: ReadonlyMap<string, string>): string | undefined {
  if (creator.test(value)) return "";
  if (names.size === 0) return undefined;
  const joined = JOINED.exec(value) ?? SLASHED.exec(value);
  if (!joined) return undefined;
  const base = names.get(joined[1]!);
  if (base === undefined) return undefined;
  const parts = [...joined[2]!.matchAll(/"([^"]*)"|'([^']*)'/g)].map((part) => part[1] ?? part[2] ?? "");
  return `${base}${parts.map((part) => `/${part}`).join("")}`;
}

/** Never bound otherwise: no parameter, loop, `as`, `catch`, destructuring, import or declaration without a value. */
function neverRebound(code: string, name: string): boolean {
  const n = name.replaceAll("$", "\\$");
  const word = String.raw`(?<![\w$.])${n}(?![\w$])`;
  // Each scan is bounded to a stretch of one line, so a long line of brackets costs it linear time.
  const binders = [
    String.raw`\b(?:function|def|func|lambda|fn)\b[^\n{:]{0,300}${word}`,
    String.raw`${word}\s*=>`,
    String.raw`\([^()\n]{0,300}${word}[^()\n]{0,300}\)\s*(?::[^=\n]{0,100})?=>`,
    String.raw`\bfor\b[^\n]{0,300}${word}`,
    String.raw`\bas\s+${n}(?![\w$])`,
    String.raw`\bcatch\s*\(\s*${n}(?![\w$])`,
    String.raw`\bimport\b[^\n]{0,300}${word}`,
    String.raw`\brequire\b[^\n]{0,300}${word}`,
    String.raw`[[{][^\]}=\n]{0,300}${word}[^\]}=\n]{0,300}[\]}]\s*=(?!=)`,
    String.raw`\b(?:let|var|global|nonlocal)\s+(?:${IDENT}\s*,\s*){0,20}${n}\s*(?:[,;\n]|$)`,
    String.raw`\|[^|\n]{0,300}${word}[^|\n]{0,300}\|`,
  ];
  return !binders.some((binder) => new RegExp(binder, "m").test(code));
}

/** A fixture name used only as a test function's parameter: never assigned, defined or imported in the file. */
function usedAsFixture(code: string, fixture: string): boolean {
  if (!new RegExp(String.raw`\bdef\s+\w+\s*\([^)]{0,300}\b${fixture}\b`).test(code)) return false;
  if (
    new RegExp(String.raw`\bdef\s+${fixture}\b|\bimport\b[^\n]*\b${fixture}\b|(?<![\w.])${fixture}\s*(?:[-+*/]?=(?!=)|:=)|\bas\s+${fixture}\b|\bfor\b[^\n]*\b${fixture}\b`).test(
      code,
    )
  )
    return false;
  return true;
}

/** How a temp directory's object gives its path: Rust's `.path()`, the JVM's `.toFile()`, C#'s `.FullName`, Dart's `.path`. */
const ACCESSOR = /(?:\.(?:path|into_path|to_path_buf|toFile|toPath|toAbsolutePath|absolutePath|absolutePathString|pathString|FullName|toString)(?:\(\s*\))?)+$/;

/** The path below a temp directory an argument expression holds (`dir`, `join(dir, "a")`, `tmp_path / "a"`), or undefined. */
export function tempBelow(expression: string, names: ReadonlyMap<string, string>): string | undefined {
  if (names.size === 0) return undefined;
  // `dir.path()`, `&dir`, `dir.toFile()`, `dir.FullName`: the same directory, seen through its object.
  const text = expression.trim().replace(/^&\s*/, "").replace(ACCESSOR, "");
  if (BARE.test(text)) return names.get(text);
  const joined = JOINED.exec(text) ?? SLASHED.exec(text);
  const base = joined ? names.get(joined[1]!) : undefined;
  if (base === undefined) return undefined;
  const parts = [...joined![2]!.matchAll(/"([^"]*)"|'([^']*)'/g)].map((part) => part[1] ?? part[2] ?? "");
  return `${base}${parts.map((part) => `/${part}`).join("")}`;
}

/** A temp directory's path as a shell word: somewhere in the temp directory, which the analysis knows as such. */
export function tempWord(below: string): string {
  return `"$TMPDIR"/made-by-the-code${below.replace(/[^\w./-]/g, "_")}`;
}
