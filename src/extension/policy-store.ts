// Which policy is active, and keeping it current. The first load starts after
// the handshake and runs in slices (see sliced.ts): requests are answered
// meanwhile, and a hook that arrives first waits a bounded time for it. A
// reload builds the new policy beside the old one, which keeps answering, and
// swaps only a policy that parses, validates and passes its inline tests; a
// broken one keeps the last good policy and says why.
//
// Shutdown stops it (stop()): a load ends at its next step, and whoever waits
// for the first policy is answered now, as "still loading" — the host waits
// only 500 ms for the answer to shutdown, and the answers in flight go first.
//
// What is watched: the directory of the policy file and of every file it
// includes (editors replace files by rename, which a watch on the file itself
// would not survive), the directory of each symbolic link's target (editing
// the target of a linked policy.toml must apply too), and the directories glob
// includes list. A change is applied once the files have been quiet for
// RELOAD_QUIET_MS — longer than a writer's pause mid-file, since a prefix such
// as `version = 1` alone is a valid, empty policy.
import { readdirSync, realpathSync, statSync, watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";
import { RELOAD_QUIET_MS } from "../limits.ts";
import type { CompiledPolicy, EngineDeps } from "../policy/engine/index.ts";
import { EMBEDDED_POLICY_NAME, loadPolicyFileSteps, type FileLoad, type PolicyLocation } from "../policy/load/load-file.ts";
import type { WatchList } from "../policy/load/load.ts";
import { managedPolicyFile } from "../policy/load/managed-file.ts";
import { projectPolicyFile } from "../policy/load/project-layer.ts";
import type { OnError } from "../policy/format/schema.ts";
import type { Steps } from "../policy/steps.ts";
import { runSliced } from "./sliced.ts";

export type PolicyState =
  | { kind: "active"; policy: CompiledPolicy; loadedAt: Date; warnings: string[]; lastReloadError?: string }
  /** The policy was broken at start: tool calls get on_error, with the reason. */
  | { kind: "failed"; file: string; problems: string[]; onError: OnError; loadedAt: Date; warnings: string[] };

/** Waiting: `after(ms, wake)` calls wake once ms have passed, unless cancelled first. Tests give one that never moves. */
export type Timer = { after(ms: number, wake: () => void): () => void };

/** How a load's steps are run: in slices between requests (runSliced); a test may hold them. */
export type StepRunner = <T>(steps: Steps<T>) => Promise<T>;

/**
 * `managedFile`: where the managed policy is read from; the system place (managed-file.ts) but in a test.
 * `projectRoot`: the project whose own policy joins as the lowest layer (project-policies.ts keeps one store per root).
 */
export type StoreOptions = { timer?: Timer; run?: StepRunner; managedFile?: string; projectRoot?: string };

const realTimer: Timer = {
  after(ms, wake) {
    const timer = setTimeout(wake, ms);
    return () => clearTimeout(timer);
  },
};

export type ReloadEvent = { ok: boolean; file: string; hash?: string; problems?: string[]; warnings: string[] };
export type ReloadListener = (event: ReloadEvent) => void;
export type ReloadResult = { ok: boolean; problems?: string[]; warnings: string[] };

export class PolicyStore {
  readonly location: PolicyLocation;
  readonly #home: string;
  readonly #deps: EngineDeps;
  readonly #timer: Timer;
  readonly #run: StepRunner;
  readonly #managedFile: string;
  readonly #projectRoot: string | undefined;
  #state: PolicyState | undefined;
  #first: Promise<PolicyState> | undefined;
  #readyWaiters: Array<() => void> = [];
  #watchers = new Map<string, FSWatcher>();
  /** Per watched directory, the names in it that matter (undefined: any name, for glob includes). */
  #watchedNames = new Map<string, Set<string> | undefined>();
  #watchList: WatchList;
  #watching = false;
  #debounce: ReturnType<typeof setTimeout> | undefined;
  #listeners: ReloadListener[] = [];
  #lastReloadAt: Date | undefined;
  #loadedVersion = "";
  #queue: Promise<unknown> = Promise.resolve();
  #queued: Promise<ReloadResult> | undefined;
  #reloading = false;
  #stopped = false;

  /** The home directory the policy is judged with. */
  get home(): string {
    return this.#home;
  }

  constructor(location: PolicyLocation, home: string, deps: EngineDeps, { timer = realTimer, run = runSliced, managedFile = managedPolicyFile(), projectRoot }: StoreOptions = {}) {
    this.location = location;
    this.#managedFile = managedFile;
    this.#projectRoot = projectRoot;
    this.#home = home;
    this.#deps = deps;
    this.#timer = timer;
    this.#run = run;
    this.#watchList = this.#baseWatchList();
  }

  get file(): string | undefined {
    return this.location.file;
  }

  /** The state now; undefined until the first load has finished. */
  get current(): PolicyState | undefined {
    return this.#state;
  }

  /** Whether a reload is being built beside the policy in force. */
  get reloading(): boolean {
    return this.#reloading;
  }

  get lastReloadAt(): Date | undefined {
    return this.#lastReloadAt;
  }

  /** The files the policy in force was read from, and the directories glob includes list. */
  get watched(): WatchList {
    return this.#watchList;
  }

  onReload(listener: ReloadListener) {
    this.#listeners.push(listener);
  }

  /** Begin the first load (once). */
  start(): Promise<PolicyState> {
    this.#first ??= this.#firstLoad();
    return this.#first;
  }

  /** Whether the process is ending: no load runs any more (see stop()). */
  get stopped(): boolean {
    return this.#stopped;
  }

  /**
   * The process is ending: every load stops at its next step, and every wait
   * for the first policy ends now (the waiter sees what is in force, perhaps
   * nothing). Nothing then holds back the answers in flight, so shutdown's
   * own answer follows them at once.
   */
  stop() {
    if (this.#stopped) return;
    this.#stopped = true;
    for (const wake of this.#readyWaiters.splice(0)) wake();
  }

  /** The state once the first load is done, or undefined if that takes longer than `timeoutMs` (or the process is ending). */
  async ready(timeoutMs: number): Promise<PolicyState | undefined> {
    if (this.#state || this.#stopped) return this.#state;
    void this.start();
    await new Promise<void>((resolve) => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        cancel();
        resolve();
      };
      const cancel = this.#timer.after(timeoutMs, finish);
      this.#readyWaiters.push(finish);
    });
    return this.#state;
  }

  async #firstLoad(): Promise<PolicyState> {
    const before = this.#watchList;
    const version = this.#version(before);
    const loaded = await this.#load("after");
    if (loaded === STOPPED)
      return { kind: "failed", file: this.location.file ?? EMBEDDED_POLICY_NAME, problems: [STOPPED_PROBLEM], onError: "block", loadedAt: new Date(), warnings: [] };
    this.#adopt(loaded);
    this.#loadedVersion = sameList(before, this.#watchList) ? version : this.#version(this.#watchList);
    const now = new Date();
    const state: PolicyState = loaded.ok
      ? { kind: "active", policy: loaded.policy, loadedAt: now, warnings: loaded.warnings }
      : { kind: "failed", file: this.location.file ?? EMBEDDED_POLICY_NAME, problems: loaded.problems, onError: loaded.onError, loadedAt: now, warnings: loaded.warnings };
    this.#state = state;
    for (const wake of this.#readyWaiters.splice(0)) wake();
    if (loaded.ok && loaded.lateWarnings) await this.#lintLater(state, loaded.lateWarnings);
    return state;
  }

  /**
   * The first policy's lint, run once the hooks that waited for it have been answered (its findings are
   * warnings, and a user's 1,000 rules take tens of milliseconds to lint): they join the state's warnings
   * before start() resolves, so they are logged and listed as before, only later.
   */
  async #lintLater(state: PolicyState, steps: Steps<string[]>) {
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    try {
      state.warnings.push(...(await this.#run(untilStopped(steps, () => this.#stopped))));
    } catch (error) {
      if (!(error instanceof LoadStopped)) throw error;
    }
  }

  /** Load the files again (after any load already running) and swap only a good policy. */
  reload(): Promise<ReloadResult> {
    // Reloads asked for while one waits its turn are the same reload.
    if (this.#queued) return this.#queued;
    const queued = this.#queue.then(() => {
      this.#queued = undefined;
      return this.#reloadNow();
    });
    this.#queued = queued;
    this.#queue = queued.catch(() => undefined);
    return queued;
  }

  async #reloadNow(): Promise<ReloadResult> {
    await this.start();
    this.#reloading = true;
    const before = this.#watchList;
    const version = this.#version(before);
    let loaded: FileLoad | typeof STOPPED;
    try {
      loaded = await this.#load();
    } finally {
      this.#reloading = false;
    }
    if (loaded === STOPPED) return { ok: false, problems: [STOPPED_PROBLEM], warnings: [] };
    this.#adopt(loaded);
    this.#loadedVersion = sameList(before, this.#watchList) ? version : this.#version(this.#watchList);
    this.#lastReloadAt = new Date();
    const file = this.location.file ?? EMBEDDED_POLICY_NAME;
    const previous = this.#state!;
    if (loaded.ok) {
      this.#state = { kind: "active", policy: loaded.policy, loadedAt: new Date(), warnings: loaded.warnings };
      this.#emit({ ok: true, file, hash: loaded.policy.hash, warnings: loaded.warnings });
      return { ok: true, warnings: loaded.warnings };
    }
    // A broken edit keeps the last good policy; if there never was one, it stays closed with the new reasons.
    if (previous.kind === "active") this.#state = { ...previous, lastReloadError: loaded.problems.join("; ") };
    else this.#state = { kind: "failed", file, problems: loaded.problems, onError: loaded.onError, loadedAt: new Date(), warnings: loaded.warnings };
    this.#emit({ ok: false, file, problems: loaded.problems, warnings: loaded.warnings });
    return { ok: false, problems: loaded.problems, warnings: loaded.warnings };
  }

  /** Run one load of the files, unless (or until) the store is stopped. */
  async #load(lint: "now" | "after" = "now"): Promise<FileLoad | typeof STOPPED> {
    if (this.#stopped) return STOPPED;
    try {
      const steps = loadPolicyFileSteps(this.location, this.#home, this.#deps, this.#managedFile, this.#projectRoot, lint);
      return await this.#run(untilStopped(steps, () => this.#stopped));
    } catch (error) {
      if (error instanceof LoadStopped) return STOPPED;
      throw error;
    }
  }

  #emit(event: ReloadEvent) {
    for (const listener of this.#listeners) listener(event);
  }

  /** Watch the policy's files and directories, and reload on change. */
  watch() {
    if ((this.location.file === undefined && this.#projectRoot === undefined) || this.#watching) return;
    this.#watching = true;
    this.#rewatch();
    // A change between the first load and the watch would otherwise go unseen.
    void this.start().then(() => {
      if (this.#version(this.#watchList) !== this.#loadedVersion) this.#scheduleReload();
    });
  }

  close() {
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
    this.#watching = false;
    if (this.#debounce) clearTimeout(this.#debounce);
  }

  /** The main file alone: what is known before the first load says what it includes. */
  #baseWatchList(): WatchList {
    const project = this.#projectRoot === undefined ? [] : [projectPolicyFile(this.#projectRoot)];
    return { files: [...(this.location.file === undefined ? [] : [this.location.file]), this.#managedFile, ...project], directories: [] };
  }

  /** Take a load's list of files as the one to watch (includes may have changed). */
  #adopt(loaded: FileLoad) {
    this.#watchList = loaded.watch.files.length > 0 ? loaded.watch : this.#baseWatchList();
    if (this.#watching) this.#rewatch();
  }

  #rewatch() {
    const wanted = new Map<string, Set<string> | undefined>();
    const want = (directory: string, name: string | undefined) => {
      if (name === undefined) return void wanted.set(directory, undefined);
      const names = wanted.has(directory) ? wanted.get(directory) : new Set<string>();
      if (names === undefined) return;
      names.add(name);
      wanted.set(directory, names);
    };
    for (const file of this.#watchList.files) {
      want(dirname(file), basename(file));
      const target = realTarget(file);
      if (target && target !== file) want(dirname(target), basename(target));
    }
    for (const directory of this.#watchList.directories) want(directory, undefined);
    for (const [directory, watcher] of this.#watchers) {
      if (!wanted.has(directory)) {
        watcher.close();
        this.#watchers.delete(directory);
      }
    }
    this.#watchedNames = wanted;
    for (const directory of wanted.keys()) {
      if (this.#watchers.has(directory)) continue;
      try {
        const watcher = watch(directory, { persistent: false }, (_event, changed) => {
          const names = this.#watchedNames.get(directory);
          if (changed !== null && names !== undefined && !names.has(changed)) return;
          this.#scheduleReload();
        });
        watcher.on("error", () => {
          watcher.close();
          this.#watchers.delete(directory);
        });
        this.#watchers.set(directory, watcher);
      } catch {
        // A directory that does not exist (yet) cannot be watched; its file is absent and the policy says so.
      }
    }
  }

  /** Modification time and size of every file (a link's target's), and the listing of glob directories. */
  #version(list: WatchList): string {
    const parts: string[] = [];
    for (const file of list.files) {
      try {
        const stat = statSync(file);
        parts.push(`${file}:${stat.mtimeMs}:${stat.size}:${realTarget(file) ?? ""}`);
      } catch {
        parts.push(`${file}:absent`);
      }
    }
    for (const directory of list.directories) {
      try {
        parts.push(`${directory}/:${readdirSync(directory).sort().join("/")}`);
      } catch {
        parts.push(`${directory}/:absent`);
      }
    }
    return parts.join("\n");
  }

  #scheduleReload() {
    if (this.#debounce) clearTimeout(this.#debounce);
    this.#debounce = setTimeout(() => {
      this.#debounce = undefined;
      if (this.#version(this.#watchList) !== this.#loadedVersion) void this.reload();
    }, RELOAD_QUIET_MS);
  }
}

/** What a load stopped by shutdown gives instead of a policy. */
const STOPPED = Symbol("stopped");
const STOPPED_PROBLEM = "the extension is shutting down; the policy was not loaded";

class LoadStopped extends Error {}

/** The steps, ended at the first step after `stopped()` turns true (thrown, so the load's own code cannot go on). */
function* untilStopped<T>(steps: Steps<T>, stopped: () => boolean): Steps<T> {
  for (;;) {
    if (stopped()) throw new LoadStopped("the extension is shutting down");
    const next = steps.next();
    if (next.done) return next.value;
    yield;
  }
}

function realTarget(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

function sameList(a: WatchList, b: WatchList): boolean {
  return a.files.join("\n") === b.files.join("\n") && a.directories.join("\n") === b.directories.join("\n");
}
