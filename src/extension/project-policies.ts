// One policy per project root: the user's (and the managed) policy with the
// project's own `.synaps/policy.toml` as its lowest layer. A project without
// that file is judged by the user's policy itself, compiled once; a project
// with one gets a store of its own, loaded and watched like the user's file
// (it reloads when the project's file, the user's or the managed one
// changes). Only a few are kept: the host works in one project at a time.
// That a project has no such file is kept too, while watches on the project
// root and its `.synaps` say nothing there changed: a stat at every hook was
// a measurable part of a repeated one (issue 27). The file appearing is then
// seen as a change of the user's own policy file is, by its watch.
import { watch } from "node:fs";
import { basename, dirname } from "node:path";
import { MAX_PROJECT_POLICIES } from "../limits.ts";
import { fileKind } from "../policy/load/load-file.ts";
import { projectPolicyFile } from "../policy/load/project-layer.ts";
import type { PolicyState, PolicyStore } from "./policy-store.ts";

/**
 * Watches a directory: `changed` is told the name of each entry that changed in it (undefined: not known, or the
 * watch ended). Gives the function that ends the watch, or undefined when the directory cannot be watched.
 */
export type WatchDirectory = (directory: string, changed: (name: string | undefined) => void) => (() => void) | undefined;

const watchDirectory: WatchDirectory = (directory, changed) => {
  try {
    const watcher = watch(directory, { persistent: false }, (_event, name) => changed(typeof name === "string" ? name : undefined));
    watcher.on("error", () => changed(undefined));
    return () => watcher.close();
  } catch {
    return undefined;
  }
};

export class ProjectPolicies {
  readonly #base: PolicyStore;
  readonly #make: (root: string) => PolicyStore;
  readonly #watch: WatchDirectory;
  /** By project root, oldest use first. */
  readonly #stores = new Map<string, PolicyStore>();
  /** Project roots known to have no policy file, each with what ends its watches; oldest first. */
  readonly #absent = new Map<string, () => void>();

  /** `make`: a store like the base one, for a project root; `watchDir`: how a directory is watched (tests give their own). */
  constructor(base: PolicyStore, make: (root: string) => PolicyStore, watchDir: WatchDirectory = watchDirectory) {
    this.#base = base;
    this.#make = make;
    this.#watch = watchDir;
  }

  get base(): PolicyStore {
    return this.#base;
  }

  /** The store for calls in `root`: the user's own when no root is known or the project has no policy file. */
  storeFor(root: string | undefined): PolicyStore {
    if (root === undefined || this.#base.stopped) return this.#base;
    if (this.#absent.has(root)) return this.#base;
    const known = this.#stores.get(root);
    // A known store watches its file already, but its removal must be seen at once: stat'ed at every call.
    const unwatch = known ? undefined : this.#watchForPolicy(root);
    if (fileKind(projectPolicyFile(root)).kind === "absent") {
      if (known) this.#drop(root, known);
      if (unwatch) this.#keepAbsent(root, unwatch);
      return this.#base;
    }
    unwatch?.();
    if (known) {
      // Most recently used last: the first entry is the one dropped when there are too many.
      this.#stores.delete(root);
      this.#stores.set(root, known);
      return known;
    }
    const store = this.#make(root);
    this.#stores.set(root, store);
    for (const [oldRoot, oldStore] of this.#stores) {
      if (this.#stores.size <= MAX_PROJECT_POLICIES) break;
      this.#drop(oldRoot, oldStore);
    }
    void store.start();
    store.watch();
    return store;
  }

  /**
   * The state calls in `root` are judged by, waiting at most `waitMs` for a project's first load. A
   * project's policy still loading then leaves the user's own in force: the project's layer only adds
   * protection, and a slow load must not stop calls the user's policy lets through.
   */
  async stateFor(root: string | undefined, waitMs: number): Promise<{ store: PolicyStore; state: PolicyState | undefined }> {
    const store = this.storeFor(root);
    const state = store.current ?? (await store.ready(waitMs));
    if (state !== undefined || store === this.#base) return { store, state };
    return { store: this.#base, state: this.#base.current ?? (await this.#base.ready(waitMs)) };
  }

  /** The process is ending: every store stops loading. */
  stop() {
    this.#base.stop();
    for (const store of this.#stores.values()) store.stop();
  }

  close() {
    this.#base.close();
    for (const store of this.#stores.values()) store.close();
    for (const unwatch of this.#absent.values()) unwatch();
    this.#absent.clear();
  }

  /**
   * Watches, set up BEFORE the stat that finds the file absent (a file made in between is then still seen): the
   * root, for `.synaps` made, renamed or removed (and the root itself moved away), and `.synaps`, for the policy
   * file. Undefined when a watch cannot be had: the file is then looked for at every call, as without them.
   */
  #watchForPolicy(root: string): (() => void) | undefined {
    const file = projectPolicyFile(root);
    const folder = dirname(file);
    const forget = () => {
      const unwatch = this.#absent.get(root);
      if (!unwatch) return;
      this.#absent.delete(root);
      unwatch();
    };
    const closes: (() => void)[] = [];
    const unwatchAll = () => {
      for (const close of closes) close();
    };
    const inRoot = this.#watch(root, (name) => {
      if (name === undefined || name === basename(folder) || name === basename(root)) forget();
    });
    if (!inRoot) return undefined;
    closes.push(inRoot);
    // `.synaps` missing (or not a directory) is seen by the root's watch; when it is one, its own watch sees the file.
    const inFolder = this.#watch(folder, (name) => {
      if (name === undefined || name === basename(file)) forget();
    });
    if (inFolder) closes.push(inFolder);
    return unwatchAll;
  }

  #keepAbsent(root: string, unwatch: () => void) {
    this.#absent.set(root, unwatch);
    for (const [oldRoot, oldUnwatch] of this.#absent) {
      if (this.#absent.size <= MAX_PROJECT_POLICIES) break;
      this.#absent.delete(oldRoot);
      oldUnwatch();
    }
  }

  #drop(root: string, store: PolicyStore) {
    store.stop();
    store.close();
    this.#stores.delete(root);
  }
}
