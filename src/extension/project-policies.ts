// One policy per project root: the user's (and the managed) policy with the
// project's own `.synaps/policy.toml` as its lowest layer. A project without
// that file is judged by the user's policy itself, compiled once; a project
// with one gets a store of its own, loaded and watched like the user's file
// (it reloads when the project's file, the user's or the managed one
// changes). Only a few are kept: the host works in one project at a time.
import { MAX_PROJECT_POLICIES } from "../limits.ts";
import { fileKind } from "../policy/load/load-file.ts";
import { projectPolicyFile } from "../policy/load/project-layer.ts";
import type { PolicyState, PolicyStore } from "./policy-store.ts";

export class ProjectPolicies {
  readonly #base: PolicyStore;
  readonly #make: (root: string) => PolicyStore;
  /** By project root, oldest use first. */
  readonly #stores = new Map<string, PolicyStore>();

  /** `make`: a store like the base one, for a project root. */
  constructor(base: PolicyStore, make: (root: string) => PolicyStore) {
    this.#base = base;
    this.#make = make;
  }

  get base(): PolicyStore {
    return this.#base;
  }

  /** The store for calls in `root`: the user's own when no root is known or the project has no policy file. */
  storeFor(root: string | undefined): PolicyStore {
    if (root === undefined || this.#base.stopped) return this.#base;
    const known = this.#stores.get(root);
    if (fileKind(projectPolicyFile(root)).kind === "absent") {
      if (known) this.#drop(root, known);
      return this.#base;
    }
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
  }

  #drop(root: string, store: PolicyStore) {
    store.stop();
    store.close();
    this.#stores.delete(root);
  }
}
