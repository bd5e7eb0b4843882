// Where a path lies with respect to the user's projects. One file can be
// spelled several ways: `build`, `./build`, `~/code/webapp/build` and, after
// `cd ~/code/webapp`, `/home/ada/code/webapp/build` all name the same thing
// when the project is ~/code/webapp. The rules compare every spelling: a
// relative pattern (what the built-in packs mean by "inside the project")
// sees the path relative to its project, an absolute one the absolute path.
//
// The project of a path is the event's project root (the host's working
// directory, found by the extension) or a directory that a `project_roots`
// glob of the policy names (`~/code/*`), the nearest one; a project root
// itself is ".", never one of its own subdirectories.
import { posix } from "node:path";
import { compileGlob, type NameMatcher } from "../../match/glob.ts";
import { expandHome } from "../../match/path.ts";

/** The project roots of a policy, compiled once. */
export type ProjectRoots = readonly NameMatcher[];

export function compileProjectRoots(globs: readonly string[] | undefined, home: string): ProjectRoots {
  return (globs ?? []).map((glob) => compileGlob(rootGlob(glob, home)));
}

/** A project_roots entry as matched: `~` expanded, no trailing slash. */
function rootGlob(glob: string, home: string): string {
  return expandHome(glob, home).replace(/(.)\/+$/, "$1");
}

/** A pattern written relative (`./infra/**`) means the same as without `./`. */
export function withoutDotSlash(glob: string): string {
  let rest = glob;
  while (rest.startsWith("./") && rest.length > 2) rest = rest.slice(2).replace(/^\/+/, "");
  return rest;
}

/** The spellings of one path, memoised for one call. */
export type Places = { spell(path: string): readonly string[] };

/** Paths keep the one spelling they have: no project is known. */
export const NO_PLACES: Places = { spell: (path) => [path] };

const GLOB_CHARS = /[*?[{]|[@!+]\(/;

/**
 * The spellings of paths for one call: `projectRoot` is the project the call
 * runs in (absolute), `roots` the policy's project_roots.
 */
export function placesFor(roots: ProjectRoots, projectRoot: string | undefined): Places {
  const root = projectRoot?.startsWith("/") ? posix.normalize(projectRoot).replace(/(.)\/$/, "$1") : undefined;
  if (roots.length === 0 && root === undefined) return NO_PLACES;
  const known = new Map<string, readonly string[]>();
  return {
    spell(path) {
      let spellings = known.get(path);
      if (!spellings) {
        spellings = spellingsOf(path, roots, root);
        known.set(path, spellings);
      }
      return spellings;
    },
  };
}

function spellingsOf(path: string, roots: ProjectRoots, root: string | undefined): readonly string[] {
  if (!path.startsWith("/")) {
    // A relative path is inside the project the call runs in; its absolute spelling needs that project known.
    if (root === undefined) return [path];
    // Working in the system's own directories (`cd /etc`): a relative name there is the system file, not a project's.
    return systemPlace(root) ? [joined(root, path)] : [path, joined(root, path)];
  }
  const project = projectOf(path, roots, root);
  if (project === undefined) return [path];
  return [project === path ? "." : path.slice(project.length + 1), path];
}

/**
 * The system's own directories (and a top-level directory itself: `/srv`, `/opt`), which are never a project however
 * the host got there. Below `/srv`, `/opt` or `/var/www` a project is everyday (a server's checkout, a container's
 * /opt/app): there the project's own files are the project's, whatever rule guards the directories around them.
 */
const SYSTEM_TREES = /^\/(?:etc|usr|bin|sbin|lib(?:32|64|x32)?|boot|dev|proc|sys|run|System|Library|private\/etc)(?:\/|$)/;

function systemPlace(directory: string): boolean {
  return directory.lastIndexOf("/") === 0 || SYSTEM_TREES.test(directory);
}

function joined(root: string, path: string): string {
  if (path === ".") return root;
  const joinedPath = posix.normalize(posix.join(root, path));
  return joinedPath.length > 1 ? joinedPath.replace(/\/$/, "") : joinedPath;
}

/** The nearest directory holding `path` (itself included) that is a project root; only literal names count. */
function projectOf(path: string, roots: ProjectRoots, root: string | undefined): string | undefined {
  const names = path.split("/");
  let literal = names.length;
  const wildcard = names.findIndex((name) => GLOB_CHARS.test(name));
  if (wildcard >= 0) literal = wildcard;
  for (let end = literal; end > 1; end--) {
    const directory = names.slice(0, end).join("/");
    if (systemPlace(directory)) continue;
    if (directory === root) return directory;
    for (const matches of roots) if (matches(directory)) return directory;
  }
  return undefined;
}
