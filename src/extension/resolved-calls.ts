// The files found for a repeated tool call, kept with what the finding looked
// at on disk. A session repeats its calls (`git status && git diff | head`),
// and finding the files one runs meant, at every repeat, reading them again
// (.git/config, ~/.gitconfig, a package.json) and analysing the command again
// with them — most of a repeated hook's time in the compiled binary (issue
// 27). A repeat is given the same event as before, files and all, while
// every path the finding looked at has the same stat and the session memory
// is unchanged; then the verdict memo knows that very event. A finding is
// kept from a call's second time on, and one that listed a directory not at
// all: no stat of a file re-checks a listing.
import { RESOLVED_CALL_CHARS, RESOLVED_CALL_ENTRIES, VERDICT_MEMO_EVENT_CHARS } from "../limits.ts";
import type { CompiledPolicy, PolicyEvent } from "../policy/engine/index.ts";
import type { CallFiles, DiskReads } from "../session/call-files.ts";
import { stampOf } from "../session/project-files.ts";
import { BoundedMemo } from "./bounded-memo.ts";
import { fitsIn, memoKeyOf } from "./verdict-memo.ts";

/** What a path on disk looks like now (project-files.ts stampOf); tests give their own. */
export type Stamp = (path: string) => string;

type Resolved = { generation: number; stamps: [path: string, stamp: string][]; event: PolicyEvent };

export class ResolvedCalls {
  readonly #files: CallFiles;
  readonly #stamp: Stamp;
  readonly #byPolicy = new WeakMap<CompiledPolicy, BoundedMemo<Resolved>>();
  /**
   * Calls seen once, by key alone: a finding is kept from a call's second time on. Most calls of a mixed session
   * never come again, and each kept finding holds its event and, through the verdict memo, its verdict (the weight
   * bench's peak over new commands was 1–4 MB above the build before, two runs, when every finding was kept).
   */
  readonly #seen = new WeakMap<CompiledPolicy, BoundedMemo<true>>();

  constructor(files: CallFiles, stamp: Stamp = stampOf) {
    this.#files = files;
    this.#stamp = stamp;
  }

  /** CallFiles.withFiles, or what it gave this very call before while nothing it depended on has changed. */
  withFiles(policy: CompiledPolicy, event: PolicyEvent, session: string | null): PolicyEvent {
    if (event.hook !== "before_tool_call" || !fitsIn(event, VERDICT_MEMO_EVENT_CHARS)) return this.#files.withFiles(policy, event, session);
    // The session as JSON: null and "" are different sessions; a root is a path, which holds no NUL.
    const key = `${JSON.stringify(session)}\u0000${this.#files.root(session)?.path ?? ""}\u0000${memoKeyOf(event)}`;
    let resolved = this.#byPolicy.get(policy);
    if (!resolved) {
      resolved = new BoundedMemo({ entries: RESOLVED_CALL_ENTRIES, chars: RESOLVED_CALL_CHARS });
      this.#byPolicy.set(policy, resolved);
    }
    const known = resolved.get(key);
    if (known && this.#stillSo(known)) return known.event;
    if (known) resolved.delete(key);
    // The memory's generation before the finding: a change it makes itself (none now) would make the entry stale, never wrong.
    const generation = this.#files.memory.generation;
    // Each path is stamped before it is read: a change during the read leaves a stamp that differs next time.
    const stamps = new Map<string, string>();
    const reads: DiskReads = { see: (path) => void (stamps.has(path) || stamps.set(path, this.#stamp(path))), listed: false };
    const found = this.#files.withFiles(policy, event, session, reads);
    if (reads.listed || key.length > VERDICT_MEMO_EVENT_CHARS) return found;
    if (!this.#seenBefore(policy, key)) return found;
    resolved.set(key, { generation, stamps: [...stamps], event: found }, textsOf(found));
    return found;
  }

  /** Whether `key` came before under `policy`; notes it for next time. */
  #seenBefore(policy: CompiledPolicy, key: string): boolean {
    let seen = this.#seen.get(policy);
    if (!seen) {
      seen = new BoundedMemo({ entries: RESOLVED_CALL_ENTRIES * 4, chars: RESOLVED_CALL_CHARS });
      this.#seen.set(policy, seen);
    }
    if (seen.get(key)) return true;
    seen.set(key, true);
    return false;
  }

  #stillSo(known: Resolved): boolean {
    if (known.generation !== this.#files.memory.generation) return false;
    for (const [path, stamp] of known.stamps) if (this.#stamp(path) !== stamp) return false;
    return true;
  }
}

/** The characters of the file texts an event holds (what keeping it keeps alive beyond its key). */
function textsOf(event: PolicyEvent): number {
  if (event.hook !== "before_tool_call" || !event.files) return 0;
  let chars = 0;
  for (const file of event.files.values()) chars += file.content?.length ?? 0;
  return chars;
}
