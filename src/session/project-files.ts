// Reading the files a command runs, for the engine (which reads none): only
// under the project root, only up to MAX_PROJECT_FILE_BYTES, text only (a
// compiled program is a program like any other), and listings (pytest's
// test files, *.tf) bounded in entries and files. Every answer is a
// KnownFile: its text, absent, binary, or unreadable (no text: unseen code).
import { lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { compileGlob } from "../match/glob.ts";
import { MAX_LISTED_FILES, MAX_LISTING_ENTRIES, MAX_PROJECT_FILE_BYTES } from "../limits.ts";
import type { KnownFile } from "../policy/engine/index.ts";
import { readBoundedBytes } from "../policy/load/bounded-read.ts";
import { archiveText } from "./archive-text.ts";

/** Directories a listing never enters: dependencies, build output, version control. */
const SKIPPED_DIRS = new Set([".git", "node_modules", ".venv", "venv", "__pycache__", "target", "dist", "build", ".tox", ".nox", "vendor", ".terraform"]);

/** `path` (absolute) as the disk has it, when it is under `root`. */
export function readProjectFile(path: string, root: string, archives = false): KnownFile | undefined {
  if (!inside(path, root)) return undefined;
  // Most files asked for are not there (.git/config outside a repository, hooks): said without an exception thrown.
  if (statOf(path) === null) return { absent: true, label: "not on disk" };
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? { absent: true, label: "not on disk" } : { label: "unreadable" };
  }
  if (!inside(real, realRoot(root))) return { label: "outside the project" };
  try {
    const stat = lstatSync(real);
    if (!stat.isFile()) return stat.isDirectory() ? { absent: true, label: "a directory" } : { label: "not a regular file" };
    if (stat.size > MAX_PROJECT_FILE_BYTES) return { label: `over ${MAX_PROJECT_FILE_BYTES / 1024} KiB` };
    // Judged again by what is opened: swapped for a FIFO since the look, a plain read would block every hook.
    const bytes = readBoundedBytes(real, MAX_PROJECT_FILE_BYTES);
    if (bytes === undefined) return { label: "changed while it was read (no longer a regular file within the limit)" };
    // A file sent elsewhere that is a tar archive sends its members: their names and text are what goes.
    const archived = archives ? archiveText(bytes) : undefined;
    if (archived !== undefined) return { content: archived, label: "on disk (a tar archive, its members read)" };
    if (bytes.subarray(0, 8192).includes(0)) return { binary: true, label: "a compiled program" };
    return { content: bytes.toString("utf8"), label: "on disk" };
  } catch {
    return { label: "unreadable" };
  }
}

/** A symbolic link under the project root, as the path it names (`build` → the home directory). */
export function linkOnDisk(path: string, root: string): KnownFile | undefined {
  if (!inside(path, root)) return undefined;
  try {
    if (!lstatSync(path).isSymbolicLink()) return undefined;
    // What it names, whether or not that exists (a dangling link to a home directory is still one).
    const target = resolve(dirname(path), readlinkSync(path));
    const real = realRoot(root);
    // A link inside the project names a project path, as the analysis writes them (relative).
    return { link: target.startsWith(`${real}/`) ? relative(real, target) : target, label: "a link on disk" };
  } catch {
    return undefined;
  }
}

/** Told of each directory a listing reads, just before it reads it, with its modification time then (undefined: none). */
export type ListedDirectory = (dir: string, stats: import("node:fs").Stats | null | undefined) => void;

/**
 * The project files a glob matches (`**\/test_*.py`, `infra/*.tf`), relative to the root, bounded. `listed`, when
 * given, is told of each directory read (ProjectListings keeps the answer while none of them changed).
 */
export function listProjectFiles(glob: string, root: string, listed?: ListedDirectory): string[] {
  const matches = compileGlob(glob);
  const found: string[] = [];
  let visited = 0;
  // A glob without `**` names files a fixed number of directories down: nothing deeper is entered (a virtual
  // environment's site-packages holds thousands of files below the few `*.pth` asked for).
  const named = /^((?:[^*?[{/]+\/)+)/.exec(glob)?.[1]?.replace(/\/+$/, "");
  const literal = named && !named.split("/").includes("..") ? named : undefined;
  const below = literal ? glob.slice(literal.length + 1) : glob;
  const deepest = below.includes("**") ? 8 : below.split("/").length - 1;
  const walk = (dir: string, depth: number) => {
    if (depth > deepest || found.length >= MAX_LISTED_FILES) return;
    let entries: import("node:fs").Dirent[];
    if (listed) listed(dir, statOf(dir));
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (++visited > MAX_LISTING_ENTRIES || found.length >= MAX_LISTED_FILES) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path, depth + 1);
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        // A link is listed as the file it is (asked for, it says what it names: a tree read through it reads there).
        const rel = relative(root, path);
        if (matches(rel)) found.push(rel);
      }
    }
  };
  // A glob that names its directory (`build/*.targets`) is listed from there: the skipped names only apply below it.
  walk(literal ? join(root, literal) : root, 0);
  return found.sort();
}

/**
 * The file's stat without throwing for a missing one: null when there is none (also below a file: `.git/config`
 * where `.git` is a file, as in a git worktree), undefined when the stat itself failed otherwise (no permission).
 */
export function statOf(path: string): import("node:fs").Stats | null | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch (error) {
    // A file below something that is not a directory cannot exist.
    return (error as NodeJS.ErrnoException).code === "ENOTDIR" ? null : undefined;
  }
}

/**
 * What a read of `path` would find, in a few numbers from the file system and no read: the entry itself (lstat:
 * a file replaced by a link, an editor's rename over it) and what it names (stat: a link retargeted, a directory
 * above it swapped); identity, size and both change times (ctime moves on a rename, a chmod, a new link). Absent
 * and unreadable are stamps too: a file that appears changes them.
 */
export function stampOf(path: string): string {
  try {
    const entry = lstatSync(path, { throwIfNoEntry: false });
    if (!entry) return "absent";
    const own = `${entry.dev}:${entry.ino}:${entry.size}:${entry.mtimeMs}:${entry.ctimeMs}`;
    if (!entry.isSymbolicLink()) return own;
    const named = statSync(path, { throwIfNoEntry: false });
    return named ? `${own}>${named.dev}:${named.ino}:${named.size}:${named.mtimeMs}:${named.ctimeMs}` : `${own}>absent`;
  } catch (error) {
    return `unreadable:${(error as NodeJS.ErrnoException).code ?? "?"}`;
  }
}

function inside(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}

const realRoots = new Map<string, string>();
function realRoot(root: string): string {
  let real = realRoots.get(root);
  if (real === undefined) {
    try {
      real = realpathSync(root);
    } catch {
      real = root;
    }
    realRoots.set(root, real);
  }
  return real;
}
