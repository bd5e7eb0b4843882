// Paths as the policy compares them: `~` and `$HOME` expanded, `.`, `..` and
// `//` folded, relative paths resolved against a known working directory and
// otherwise kept relative (the project directory is not known to the guard).
import { posix } from "node:path";

export function expandHome(path: string, home: string): string {
  if (path === "~") return home;
  if (path.startsWith("~/")) return `${home}${path.slice(1)}`;
  return path;
}

/**
 * The normalized form of a path an input names, or undefined when the text is
 * not a local path at all (a URL).
 */
export function normalizePath(path: string, home: string, cwd?: string): string | undefined {
  if (path === "" || path.includes("://")) return undefined;
  const expanded = expandHome(path, home);
  if (expanded.startsWith("/")) return posix.normalize(expanded).replace(/(.)\/$/, "$1");
  if (cwd !== undefined) return posix.normalize(posix.join(cwd, expanded)).replace(/(.)\/$/, "$1");
  const normalized = posix.normalize(expanded).replace(/(.)\/$/, "$1");
  return normalized;
}
