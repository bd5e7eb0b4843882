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
  if (prefix !== "") return (candidate) => candidate.startsWith(prefix) && glob.match(candidate);
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
    for (let at = 0; node !== undefined; at++) {
      for (const matches of node.globs) if (matches(candidate)) return true;
      if (at === candidate.length) return false;
      node = node.next?.get(candidate[at]!);
    }
    return false;
  };
}

/** A node of the tree: the globs whose literal start ends here, and the nodes one character further. */
type PrefixNode = { globs: NameMatcher[]; next: Map<string, PrefixNode> | undefined };

function prefixTree(globs: ReadonlyArray<{ glob: string; matches: NameMatcher }>): PrefixNode {
  const root: PrefixNode = { globs: [], next: undefined };
  for (const { glob, matches } of globs) {
    let node = root;
    for (const char of literalStart(glob)) {
      node.next ??= new Map();
      let child = node.next.get(char);
      if (!child) {
        child = { globs: [], next: undefined };
        node.next.set(char, child);
      }
      node = child;
    }
    node.globs.push(matches);
  }
  return root;
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

function buildAlternatives(pattern: string): NameMatcher {
  const alternatives = pattern
    .split("|")
    .map((part) => part.trim())
    .filter((part) => part !== "");
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
