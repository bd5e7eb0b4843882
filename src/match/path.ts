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
  if (expanded.startsWith("/")) return throughProcessRoot(posix.normalize(expanded).replace(/(.)\/$/, "$1"));
  if (cwd !== undefined) return throughProcessRoot(posix.normalize(posix.join(cwd, expanded)).replace(/(.)\/$/, "$1"));
  const normalized = posix.normalize(expanded).replace(/(.)\/$/, "$1");
  return normalized;
}

/** `/proc/PID/root/…` (or a thread's, `/proc/PID/task/TID/root/…`): the file as that process sees its root (PID 1's is the host's when a container shares its PIDs). */
const PROCESS_ROOT = /^\/proc\/(?:\d+|self|thread-self)(?:\/task\/\d+)?\/root(?=\/|$)/;

/** A path through a process's root link, read as the path it reaches: `/proc/1/root/etc/shadow` is /etc/shadow. */
export function throughProcessRoot(path: string): string {
  const match = PROCESS_ROOT.exec(path);
  if (match === null) return path;
  return path.slice(match[0].length) || "/";
}
