// The last way to find the project: the directory the agent's written
// paths share (the agent writes where it works).
import { dirname, isAbsolute, normalize, sep } from "node:path";

/** The deepest directory the absolute paths share (at least two paths, never `/` or the home directory itself). */
export function sharedDirectory(paths: readonly string[], home: string): string | undefined {
  const absolute = paths.filter(isAbsolute).map((path) => dirname(normalize(path)));
  if (absolute.length < 2) return undefined;
  let shared = absolute[0]!;
  for (const dir of absolute.slice(1)) while (shared !== sep && dir !== shared && !dir.startsWith(`${shared}/`)) shared = dirname(shared);
  return shared === sep || shared === home || !shared.startsWith("/") ? undefined : shared;
}
