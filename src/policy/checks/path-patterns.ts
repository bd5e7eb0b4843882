// Path patterns that can never match any path: the engine compares paths
// normalised (`~` and variables expanded, `.`/`..` and `//` folded, no
// trailing slash), so a glob written with `$HOME`, `a/../b`, `//` or a
// trailing `/` names nothing — and without a word from `validate` the rule
// would simply never fire. (`./x` is fine: it means `x`.)
import type { CommandCondition, Rule } from "../format/schema.ts";
import { conditionList } from "../format/rule-shape.ts";

const PATH_KEYS = ["paths", "reads", "writes"] as const;

/** Each pattern of the rule that can never match, with why: [key, message]. */
export function impossiblePathPatterns(rule: Rule): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const side of ["when", "unless"] as const) {
    for (const condition of conditionList(rule[side])) {
      for (const key of PATH_KEYS) {
        for (const glob of (condition as CommandCondition)[key] ?? []) {
          const why = whyNeverMatches(glob.startsWith("!") ? glob.slice(1) : glob);
          if (why) found.push([side, `${key} pattern ${JSON.stringify(glob)} can never match a path: ${why}`]);
        }
      }
    }
  }
  return found;
}

/** Why a path glob names no path as the engine compares them, or undefined. */
function whyNeverMatches(glob: string): string | undefined {
  if (glob === "") return "it is empty";
  if (/\$(?:\{|[A-Za-z_])/.test(glob)) return "variables are not expanded in a policy (paths arrive with them expanded); write ~/… for the home directory, or the path itself";
  if (/^~[^/]/.test(glob)) return "only ~ and ~/ mean the home directory; ~name is taken literally";
  const body = glob.replace(/^(?:\.\/)+/, "").replace(/^(?:\.\.\/)+/, "");
  if (body.includes("//")) return "paths are compared with // folded to /";
  if (/(?:^|\/)\.\.?(?:\/|$)/.test(body) && body !== "." && body !== "..") return "paths are compared normalised (a/./b is a/b, a/../b is b)";
  if (glob.length > 1 && glob.endsWith("/")) return "paths are compared without a trailing slash; write dir, or dir/** for what is under it";
  return undefined;
}

/** `[defaults] project_roots` entries that can name no directory. */
export function impossibleProjectRoots(roots: readonly string[] | undefined): string[] {
  return (roots ?? []).flatMap((root) => {
    if (!root.startsWith("/") && root !== "~" && !root.startsWith("~/"))
      return [`project_roots entry ${JSON.stringify(root)} is relative; a project root is an absolute directory or glob (~/code/*, /srv/*)`];
    const why = whyNeverMatches(root.replace(/(.)\/+$/, "$1"));
    return why ? [`project_roots entry ${JSON.stringify(root)} can never match a directory: ${why}`] : [];
  });
}
