// A policy store whose first load has finished, for tests of what the
// extension does with a policy (hooks, sessions). Awaiting the load, rather
// than letting the first hook wait for it, keeps a busy machine from turning
// a hook into the "policy still loading" case (hooks-loading.test.ts tests that
// case, on a clock the test moves). One store per policy text and home, shared
// by the tests of a run: a store that is never watched only answers `current`.
// The extension's engine dependencies (its memoised analyzer), with a clock
// that never moves: the step budgets decide, not how busy the machine is.
import { extensionEngineDeps } from "../../src/extension/engine-deps.ts";
import { PolicyStore } from "../../src/extension/policy-store.ts";
import { pluginFolder, type PluginFolder } from "./host-events.ts";

export type LoadedStore = { store: PolicyStore; folder: PluginFolder };

const stores = new Map<string, Promise<LoadedStore>>();

/** The store for a policy (the default one when undefined), its first load done. */
export function loadedStore(policy: string | undefined, home = "/home/ada"): Promise<LoadedStore> {
  const key = `${home}\0${policy ?? "\0default"}`;
  let known = stores.get(key);
  if (!known) {
    known = load(policy, home);
    stores.set(key, known);
  }
  return known;
}

async function load(policy: string | undefined, home: string): Promise<LoadedStore> {
  const folder = pluginFolder(policy);
  const deps = { ...extensionEngineDeps(), clock: { now: () => 0 } };
  const store = new PolicyStore({ file: folder.policyFile, explicit: policy !== undefined }, home, deps);
  await store.start();
  return { store, folder };
}
