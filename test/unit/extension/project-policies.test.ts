// One policy per project root: a project with `.synaps/policy.toml` gets a
// store of its own (the user's policy with the project's layer), a project
// without one shares the user's, and only a few are kept.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extensionEngineDeps } from "../../../src/extension/engine-deps.ts";
import { PolicyStore } from "../../../src/extension/policy-store.ts";
import { ProjectPolicies, type WatchDirectory } from "../../../src/extension/project-policies.ts";
import { MAX_PROJECT_POLICIES } from "../../../src/limits.ts";
import { evaluate } from "../../../src/policy/engine/index.ts";
import { eventOf } from "../../../src/policy/engine/event-of.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const dir = mkdtempSync(join(tmpdir(), "synaps-policy-projects-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const userFile = join(dir, "policy.toml");
writeFileSync(userFile, 'version = 1\ninclude = ["builtin:git"]\n');
const deps = { ...extensionEngineDeps(), clock: { now: () => 0 } };
const managedFile = join(dir, "no-managed.toml");
const never = { after: () => () => {} };

function projects(watchDir?: WatchDirectory) {
  const base = new PolicyStore({ file: userFile, explicit: true }, "/home/ada", deps, { managedFile, timer: never });
  const made: string[] = [];
  const make = (root: string) => {
    made.push(root);
    return new PolicyStore(base.location, "/home/ada", deps, { managedFile, timer: never, projectRoot: root });
  };
  const policies = watchDir ? new ProjectPolicies(base, make, watchDir) : new ProjectPolicies(base, make);
  return { base, policies, made };
}

/** Directory watches the test fires by hand: `fire(dir, name)` tells every open watch of `dir`. */
function handWatches(canWatch = true) {
  const open = new Map<string, Set<(name: string | undefined) => void>>();
  const watchDir: WatchDirectory = (directory, changed) => {
    if (!canWatch || !existsSync(directory)) return undefined;
    const set = open.get(directory) ?? new Set();
    set.add(changed);
    open.set(directory, set);
    return () => set.delete(changed);
  };
  const fire = (directory: string, name: string | undefined) => {
    for (const changed of [...(open.get(directory) ?? [])]) changed(name);
  };
  const watching = () => [...open.values()].reduce((count, set) => count + set.size, 0);
  return { watchDir, fire, watching };
}

function project(name: string, policy?: string): string {
  const root = join(dir, name);
  mkdirSync(join(root, ".synaps"), { recursive: true });
  if (policy !== undefined) writeFileSync(join(root, ".synaps", "policy.toml"), policy);
  return root;
}

const NO_DOCKER = 'version = 1\n[[rule]]\nid = "no-docker"\nwhen = { command = "docker" }\ndecision = "block"\n';
const decision = (state: Awaited<ReturnType<ProjectPolicies["stateFor"]>>["state"], command: string) =>
  state?.kind === "active" ? evaluate(state.policy, eventOf(state.policy, { hook: "before_tool_call", tool: "bash", input: { command } })).decision.kind : state?.kind;

describe("project policies", () => {
  test("a project whose .synaps is a file has no policy file; one whose policy path is a directory has a broken one", async () => {
    const { base, policies, made } = projects();
    try {
      const fileInTheWay = join(dir, "synaps-is-a-file");
      mkdirSync(fileInTheWay, { recursive: true });
      writeFileSync(join(fileInTheWay, ".synaps"), "not a directory\n");
      expect(policies.storeFor(fileInTheWay)).toBe(base);
      const directory = project("policy-is-a-directory");
      mkdirSync(join(directory, ".synaps", "policy.toml"));
      const store = policies.storeFor(directory);
      expect(store).not.toBe(base);
      expect(made).toEqual([directory]);
    } finally {
      policies.close();
    }
  });

  test("a project without a policy file, or no project, is judged by the user's policy", async () => {
    const { base, policies, made } = projects();
    try {
      const plain = project("plain");
      expect(policies.storeFor(undefined)).toBe(base);
      expect(policies.storeFor(plain)).toBe(base);
      expect(made).toEqual([]);
      expect(decision((await policies.stateFor(plain, 30_000)).state, "docker ps")).toBe("continue");
    } finally {
      policies.close();
    }
  });

  test("a project with one gets its own store, with the project's layer, reused for its later calls", async () => {
    const { base, policies, made } = projects();
    try {
      const shop = project("shop", NO_DOCKER);
      const { store, state } = await policies.stateFor(shop, 30_000);
      expect(store).not.toBe(base);
      expect(decision(state, "docker ps")).toBe("block");
      expect(decision(state, "git push --force")).toBe("confirm");
      expect(state?.kind === "active" && state.policy.layers.at(-1)).toMatchObject({ layer: "project", present: true });
      expect(policies.storeFor(shop)).toBe(store);
      expect(made).toEqual([shop]);
      // The user's own store knows nothing of it.
      expect(decision((await policies.stateFor(undefined, 30_000)).state, "docker ps")).toBe("continue");
    } finally {
      policies.close();
    }
  });

  test("a project whose file is removed goes back to the user's policy", async () => {
    const { base, policies } = projects();
    try {
      const gone = project("gone", NO_DOCKER);
      expect(policies.storeFor(gone)).not.toBe(base);
      rmSync(join(gone, ".synaps", "policy.toml"));
      expect(policies.storeFor(gone)).toBe(base);
    } finally {
      policies.close();
    }
  });

  test(`at most ${MAX_PROJECT_POLICIES} are kept: the one used longest ago is dropped`, () => {
    const { policies, made } = projects();
    try {
      const roots = Array.from({ length: MAX_PROJECT_POLICIES + 1 }, (_, index) => project(`many-${index}`, NO_DOCKER));
      for (const root of roots) policies.storeFor(root);
      expect(made).toHaveLength(roots.length);
      // The newest are still kept; the first was dropped and is made again.
      policies.storeFor(roots.at(-1)!);
      expect(made).toHaveLength(roots.length);
      policies.storeFor(roots[0]!);
      expect(made).toHaveLength(roots.length + 1);
    } finally {
      policies.stop();
      policies.close();
    }
  });
});

describe("a project known to have no policy file", () => {
  test("is not looked at again while its watches see no change; a change there is looked at", () => {
    const { watchDir, fire, watching } = handWatches();
    const { base, policies, made } = projects(watchDir);
    try {
      const root = project("watched-absent");
      expect(policies.storeFor(root)).toBe(base);
      expect(watching()).toBe(2);
      // Written behind the watches' backs: the absence kept is what answers (no look at the disk per call).
      writeFileSync(join(root, ".synaps", "policy.toml"), NO_DOCKER);
      expect(policies.storeFor(root)).toBe(base);
      // Other entries of the root changing say nothing about the policy file.
      fire(root, "README.md");
      expect(policies.storeFor(root)).toBe(base);
      fire(join(root, ".synaps"), "policy.toml");
      expect(watching()).toBe(0);
      const store = policies.storeFor(root);
      expect(store).not.toBe(base);
      expect(made).toEqual([root]);
    } finally {
      policies.close();
    }
  });

  test("a .synaps made later is seen by the root's watch, and a watch that says nothing specific counts as a change", () => {
    const { watchDir, fire } = handWatches();
    const { base, policies } = projects(watchDir);
    try {
      const root = join(dir, "no-synaps-yet");
      mkdirSync(root, { recursive: true });
      expect(policies.storeFor(root)).toBe(base);
      mkdirSync(join(root, ".synaps"));
      writeFileSync(join(root, ".synaps", "policy.toml"), NO_DOCKER);
      fire(root, ".synaps");
      expect(policies.storeFor(root)).not.toBe(base);

      const other = project("unknown-change");
      expect(policies.storeFor(other)).toBe(base);
      writeFileSync(join(other, ".synaps", "policy.toml"), NO_DOCKER);
      fire(other, undefined);
      expect(policies.storeFor(other)).not.toBe(base);
    } finally {
      policies.close();
    }
  });

  test("without a watch the file is looked for at every call, as before", () => {
    const { base, policies } = projects(handWatches(false).watchDir);
    try {
      const root = project("unwatchable");
      expect(policies.storeFor(root)).toBe(base);
      writeFileSync(join(root, ".synaps", "policy.toml"), NO_DOCKER);
      expect(policies.storeFor(root)).not.toBe(base);
    } finally {
      policies.close();
    }
  });

  test("with the file system's own watches, a policy file written later comes into force", async () => {
    const { base, policies } = projects();
    try {
      const root = join(dir, "real-watch");
      mkdirSync(root, { recursive: true });
      expect(policies.storeFor(root)).toBe(base);
      mkdirSync(join(root, ".synaps"));
      writeFileSync(join(root, ".synaps", "policy.toml"), NO_DOCKER);
      // No duration asserted: the watch's event arrives when it does, within the test's own limit.
      while (policies.storeFor(root) === base) await Bun.sleep(5);
      expect(decision((await policies.stateFor(root, 30_000)).state, "docker ps")).toBe("block");
    } finally {
      policies.close();
    }
  });
});
