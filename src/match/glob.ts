// Name and path globs (Bun.Glob: `*`, `**`, `?`, `[…]`, `{a,b}`), and the
// policy's `a|b|c` alternatives over them.

import { GLOB_MATCHERS_KEPT } from "../limits.ts";

export type NameMatcher = (candidate: string) => boolean;

const GLOB_CHARS = /[*?[{]/;

/** One pattern: exact text unless it holds glob characters. `dir/**` matches dir itself too. */
export function compileGlob(pattern: string): NameMatcher {
  if (!GLOB_CHARS.test(pattern)) return (candidate) => candidate === pattern;
  if (pattern.endsWith("/**") && pattern.length > 3) {
    const below = compileGlobOnly(pattern);
    // Only the last `/**` is optional: `a/**/**` needs something below a, as Bun.Glob and glob-sets say.
    const itself = compileGlobOnly(pattern.slice(0, -3));
    return (candidate) => below(candidate) || itself(candidate);
  }
  return compileGlobOnly(pattern);
}

/**
 * Built on first use: the packs name ~550 path globs and a first command reaches a few dozen of them, so
 * building every one when its rule compiles was a fifth of the CPU before the first hook. The pattern was
 * checked when the policy was validated (isValidGlob), so building it later cannot fail where building it
 * sooner would not have.
 */
function compileGlobOnly(pattern: string): NameMatcher {
  let built: NameMatcher | undefined;
  return (candidate) => {
    built ??= buildGlob(pattern);
    return built(candidate);
  };
}

function buildGlob(pattern: string): NameMatcher {
  const glob = new Bun.Glob(pattern);
  // The text before the first wildcard must start any match: a cheap test
  // that spares most calls into the native matcher (`/data/12/**` vs `src/x`).
  const literal = pattern.slice(0, pattern.search(GLOB_CHARS));
  // An escaped character (`\!`) is not itself in the text it matches.
  const prefix = literal.includes("\\") ? "" : literal;
  if (prefix !== "") {
    // `/home/*/.cache/*`: the start is shared by dozens of globs of a path set (every home's), the text after it is not.
    const after = pattern.includes("{") ? "" : longestLiteralRun(pattern.slice(literal.length));
    if (after.length >= 3) return (candidate) => candidate.startsWith(prefix) && candidate.includes(after, prefix.length) && glob.match(candidate);
    return (candidate) => candidate.startsWith(prefix) && glob.match(candidate);
  }
  // `**/.ssh/authorized_keys`, `**/*.pem`: no prefix, but a run of plain text every match contains.
  const inner = longestLiteralRun(pattern);
  if (inner.length >= 3) return (candidate) => candidate.includes(inner) && glob.match(candidate);
  return (candidate) => glob.match(candidate);
}

/** The longest text outside wildcards, `[…]` classes and `{…}` alternatives; "" when the pattern escapes anything. */
function longestLiteralRun(pattern: string): string {
  if (pattern.includes("\\")) return "";
  // A slash next to `**` may stand for nothing (`**/x` matches `x`), so runs are taken without their end slashes.
  const runs = pattern
    .replace(/\[[^\]]*\]|\{[^}]*\}|[*?]/g, "\0")
    .split("\0")
    .map((run) => run.replace(/^\/+|\/+$/g, ""));
  return runs.reduce((longest, run) => (run.length > longest.length ? run : longest), "");
}

/**
 * Whether any of the globs (each with its compileGlob matcher) matches. A rule names up to ~120 path globs and a path starts with the literal text
 * of only a few, so the globs are kept in a tree of their literal starts: walking it along the path meets exactly
 * the globs whose start the path has, and only those are tried. Built on first use, as single globs are.
 */
export function compileAnyGlob(globs: ReadonlyArray<{ glob: string; matches: NameMatcher }>): NameMatcher {
  let tree: PrefixNode | undefined;
  return (candidate) => {
    tree ??= prefixTree(globs);
    let node: PrefixNode | undefined = tree;
    let at = 0;
    while (node !== undefined) {
      if (node.globs) for (const matches of node.globs) if (matches(candidate)) return true;
      if (at === candidate.length) return false;
      node = node.next?.get(candidate[at]!);
      if (node === undefined || !candidate.startsWith(node.edge, at)) return false;
      at += node.edge.length;
    }
    return false;
  };
}

/**
 * A node of the tree: the text from its parent (a whole run of literal text, not one character: a tree with a
 * node and a Map per character held ~15,000 of them for the default policy's path sets, 5 MB of the live heap
 * after a few glob-heavy commands — issue 27), the globs whose literal start ends here, and the nodes further on
 * by the next character.
 */
type PrefixNode = { edge: string; globs: NameMatcher[] | undefined; next: Map<string, PrefixNode> | undefined };

function prefixTree(globs: ReadonlyArray<{ glob: string; matches: NameMatcher }>): PrefixNode {
  const root: PrefixNode = { edge: "", globs: undefined, next: undefined };
  for (const { glob, matches } of globs) {
    const node = nodeFor(root, literalStart(glob));
    node.globs ??= [];
    node.globs.push(matches);
  }
  return root;
}

/** The node where `text` ends, made (and an edge split in two) where the tree has none yet. */
function nodeFor(root: PrefixNode, text: string): PrefixNode {
  let node = root;
  let at = 0;
  while (at < text.length) {
    node.next ??= new Map();
    const child = node.next.get(text[at]!);
    if (child === undefined) {
      const leaf: PrefixNode = { edge: text.slice(at), globs: undefined, next: undefined };
      node.next.set(text[at]!, leaf);
      return leaf;
    }
    const shared = sharedLength(child.edge, text, at);
    if (shared < child.edge.length) {
      // The new text leaves the edge part way: a node where they part, holding the rest of the old edge.
      const middle: PrefixNode = { edge: child.edge.slice(0, shared), globs: undefined, next: new Map() };
      child.edge = child.edge.slice(shared);
      middle.next!.set(child.edge[0]!, child);
      node.next.set(text[at]!, middle);
      node = middle;
    } else node = child;
    at += shared;
  }
  return node;
}

/** How many characters of `edge` the text has from `at` on. */
function sharedLength(edge: string, text: string, at: number): number {
  let length = 0;
  while (length < edge.length && at + length < text.length && edge[length] === text[at + length]) length++;
  return length;
}

/** Text every match of the pattern starts with: what comes before any wildcard or escape; `dir/**` also matches `dir`. */
function literalStart(pattern: string): string {
  const cut = pattern.search(/[*?[{\\]/);
  const start = cut < 0 ? pattern : pattern.slice(0, cut);
  return pattern.endsWith("/**") && start.endsWith("/") ? start.slice(0, -1) : start;
}

/** Matchers by pattern: a policy names `bash` or `-r|-R|--recursive` in hundreds of rules, and a matcher is pure. */
const compiled = new Map<string, NameMatcher>();

/** `-r|-R|--recursive`: any of the alternatives, each exact or a glob (one matcher per pattern text, shared). */
export function compileAlternatives(pattern: string): NameMatcher {
  const known = compiled.get(pattern);
  if (known) return known;
  const matcher = buildAlternatives(pattern);
  if (compiled.size >= GLOB_MATCHERS_KEPT) compiled.delete(compiled.keys().next().value!);
  compiled.set(pattern, matcher);
  return matcher;
}

/** How a policy writes the empty argument: two double quotes, as a shell would. */
const EMPTY_WORD = '""';

function buildAlternatives(pattern: string): NameMatcher {
  // `""` stands for the empty word (`mysqladmin password ''`): an empty alternative is a typo (`a||b`), not a match.
  const alternatives = pattern
    .split("|")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => (part === EMPTY_WORD ? "" : part));
  const exact = new Set(alternatives.filter((part) => !GLOB_CHARS.test(part)));
  const globs = alternatives.filter((part) => GLOB_CHARS.test(part)).map(compileGlob);
  if (globs.length === 0) return (candidate) => exact.has(candidate);
  return (candidate) => {
    if (exact.has(candidate)) return true;
    for (const glob of globs) if (glob(candidate)) return true;
    return false;
  };
}

export function isValidGlob(pattern: string): boolean {
  try {
    new Bun.Glob(pattern).match("x");
    return true;
  } catch {
    return false;
  }
}
