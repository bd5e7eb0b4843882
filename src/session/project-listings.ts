// Listings of the project (and home) kept between calls. A glob's matches
// change only when a directory it read gains, loses or renames an entry, and
// each of those moves that directory's change time (ctime, which no one can
// set back, unlike the modification time `touch -d` rewrites) or, when the
// directory itself is swapped, its inode: a stat of every directory read
// answers again, where a new listing reads each directory
// and matches every entry (a project root that is a shared folder such as
// /tmp, thousands of entries, was listed anew on every call).
import { MAX_LISTINGS_KEPT } from "../limits.ts";
import type { Stats } from "node:fs";
import { listProjectFiles, statOf } from "./project-files.ts";

/**
 * A directory changed this recently (ms) is not trusted to show a later change: a file system's clock moves in
 * ticks, and an entry added in the tick the listing was made in leaves the same modification time.
 */
const SETTLE_MS = 1_000;

type Kept = { dirs: Array<[string, string]>; found: string[] };

/** What a directory's entries depend on: which directory it is, and when it last changed in any way. */
function stampOf(stats: Stats | null | undefined): string | undefined {
  return stats ? `${stats.dev}:${stats.ino}:${stats.mtimeMs}:${stats.ctimeMs}` : undefined;
}

export class ProjectListings {
  readonly #kept = new Map<string, Kept>();
  readonly #now: () => number;
  /** Directories read since this was made (how much a listing costs, for the tests). */
  dirsRead = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** listProjectFiles(glob, root), answered again while no directory it read has changed. */
  list(glob: string, root: string): string[] {
    const key = `${root}\n${glob}`;
    const kept = this.#kept.get(key);
    if (kept?.dirs.every(([dir, stamp]) => stampOf(statOf(dir)) === stamp)) return kept.found;
    this.#kept.delete(key);
    const startedAt = this.#now();
    const dirs: Kept["dirs"] = [];
    let settled = true;
    const found = listProjectFiles(glob, root, (dir, stats) => {
      this.dirsRead++;
      const stamp = stampOf(stats);
      if (!stats || stamp === undefined || Math.max(stats.mtimeMs, stats.ctimeMs) >= startedAt - SETTLE_MS) settled = false;
      else dirs.push([dir, stamp]);
    });
    if (settled) this.#keep(key, { dirs, found });
    return found;
  }

  #keep(key: string, kept: Kept) {
    // The oldest goes first: a session asks for a handful of globs again and again.
    if (this.#kept.size >= MAX_LISTINGS_KEPT) this.#kept.delete(this.#kept.keys().next().value!);
    this.#kept.set(key, kept);
  }
}
