// Which policy is active, and keeping it current: load at start (fail closed
// when the file is broken), watch the file's directory (editors replace files
// by rename), and swap in a new policy only when the file has been quiet long
// enough to be complete and it parses, validates and passes its inline tests.
// This is the I/O shell around the pure loader.
import { existsSync, statSync, watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";
import { RELOAD_QUIET_MS } from "../limits.ts";
import type { CompiledPolicy, EngineDeps } from "../policy/compile.ts";
import { EMBEDDED_POLICY_NAME, loadPolicyFile, type PolicyLocation } from "../policy/load-file.ts";
import type { OnError } from "../policy/schema.ts";

export type PolicyState =
  | { kind: "active"; policy: CompiledPolicy; loadedAt: Date; lastReloadError?: string }
  /** The policy file was broken at start: tool calls get on_error, with the reason. */
  | { kind: "failed"; file: string; problems: string[]; onError: OnError; loadedAt: Date };

export type ReloadListener = (event: { ok: boolean; file: string; hash?: string; problems?: string[] }) => void;

export class PolicyStore {
  readonly location: PolicyLocation;
  readonly #home: string;
  readonly #deps: EngineDeps;
  #state: PolicyState | undefined;
  #watcher: FSWatcher | undefined;
  #debounce: ReturnType<typeof setTimeout> | undefined;
  #listeners: ReloadListener[] = [];
  #lastReloadAt: Date | undefined;
  #loadedVersion = "absent";

  constructor(location: PolicyLocation, home: string, deps: EngineDeps) {
    this.location = location;
    this.#home = home;
    this.#deps = deps;
  }

  get file(): string | undefined {
    return this.location.file;
  }

  /** The state, loading the policy first if that has not happened yet. */
  get state(): PolicyState {
    this.#state ??= this.#load();
    return this.#state;
  }

  /** Whether the first load has happened (status pages say "still loading" before). */
  get started(): boolean {
    return this.#state !== undefined;
  }

  get lastReloadAt(): Date | undefined {
    return this.#lastReloadAt;
  }

  onReload(listener: ReloadListener) {
    this.#listeners.push(listener);
  }

  #load(): PolicyState {
    this.#loadedVersion = this.#fileVersion();
    const loaded = loadPolicyFile(this.location, this.#home, this.#deps);
    const now = new Date();
    if (loaded.ok) return { kind: "active", policy: loaded.policy, loadedAt: now };
    return { kind: "failed", file: this.location.file ?? EMBEDDED_POLICY_NAME, problems: loaded.problems, onError: loaded.onError, loadedAt: now };
  }

  /** Watch the policy file's directory and reload on change. */
  watch() {
    const file = this.location.file;
    if (file === undefined || this.#watcher) return;
    const directory = dirname(file);
    const name = basename(file);
    if (!existsSync(directory)) return;
    try {
      this.#watcher = watch(directory, { persistent: false }, (_event, changed) => {
        if (changed !== null && changed !== name) return;
        this.#scheduleReload();
      });
      this.#watcher.on("error", () => this.#stopWatching());
    } catch {
      this.#watcher = undefined;
    }
    // A change between the first load and the watch would otherwise go unseen.
    if (this.#fileVersion() !== this.#loadedVersion) this.#scheduleReload();
  }

  /** The file's modification time and size, or "absent". */
  #fileVersion(): string {
    const file = this.location.file;
    if (file === undefined) return "absent";
    try {
      const stat = statSync(file);
      return `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return "absent";
    }
  }

  #stopWatching() {
    this.#watcher?.close();
    this.#watcher = undefined;
  }

  close() {
    this.#stopWatching();
    if (this.#debounce) clearTimeout(this.#debounce);
  }

  #scheduleReload() {
    if (this.#debounce) clearTimeout(this.#debounce);
    // A writer may pause mid-file (a prefix such as `version = 1` alone is a valid, empty
    // policy): wait until the file has been quiet longer than such pauses.
    this.#debounce = setTimeout(() => {
      this.#debounce = undefined;
      if (this.#fileVersion() !== this.#loadedVersion) this.reload();
    }, RELOAD_QUIET_MS);
  }

  /** Load the file again; swap only if it is good, else keep the last good policy. */
  reload(): { ok: boolean; problems?: string[] } {
    const previous = this.state;
    this.#loadedVersion = this.#fileVersion();
    const loaded = loadPolicyFile(this.location, this.#home, this.#deps);
    this.#lastReloadAt = new Date();
    const file = this.location.file ?? EMBEDDED_POLICY_NAME;
    if (loaded.ok) {
      this.#state = { kind: "active", policy: loaded.policy, loadedAt: new Date() };
      for (const listener of this.#listeners) listener({ ok: true, file, hash: loaded.policy.hash });
      return { ok: true };
    }
    // A broken edit keeps the last good policy; if there never was one, it stays closed with the new reasons.
    if (previous.kind === "active") this.#state = { ...previous, lastReloadError: loaded.problems.join("; ") };
    else this.#state = { kind: "failed", file, problems: loaded.problems, onError: loaded.onError, loadedAt: new Date() };
    for (const listener of this.#listeners) listener({ ok: false, file, problems: loaded.problems });
    return { ok: false, problems: loaded.problems };
  }
}
