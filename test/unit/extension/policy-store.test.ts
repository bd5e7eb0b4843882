// The policy store: the first load, reloads that swap only a good policy in,
// a broken edit that keeps the last good one, the embedded default when the
// default-named file goes away. (Loading in slices and the bounded wait for
// the first policy are covered by test/policy-loading.e2e.ts.)
import { describe, expect, test } from "bun:test";
import { unlinkSync, writeFileSync } from "node:fs";
import { extensionEngineDeps } from "../../../src/extension/engine-deps.ts";
import { type PolicyState, PolicyStore } from "../../../src/extension/policy-store.ts";
import { pluginFolder } from "../../support/host-events.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const blocks = (command: string) => `version = 1\n[[rule]]\nid = "no-${command}"\nwhen = { command = "${command}" }\ndecision = "block"\n`;
const storeFor = (text: string | undefined, explicit = false) => {
  const folder = pluginFolder(text);
  return { store: new PolicyStore({ file: folder.policyFile, explicit }, "/home/ada", extensionEngineDeps()), file: folder.policyFile };
};
const ruleIds = (state: PolicyState | undefined) => (state?.kind === "active" ? state.policy.rules.map((rule) => rule.ref.id) : state?.kind);

describe("PolicyStore", () => {
  test("nothing is loaded before start; start loads once", async () => {
    const { store } = storeFor(blocks("alpha"));
    expect(store.current).toBeUndefined();
    expect(ruleIds(await store.start())).toEqual(["no-alpha"]);
    expect(ruleIds(store.current)).toEqual(["no-alpha"]);
  });

  test("the first policy is in use before its lint; the lint's warnings join it before start resolves", async () => {
    // A tool name no host has (names are case-sensitive) and a command with a space: valid, but warned about.
    const text = `version = 1\n[[rule]]\nid = "wrong-tool"\ntool = "Bash"\nwhen = { command = "rm" }\ndecision = "block"\n[[rule]]\nid = "spaced"\nwhen = { command = "git push" }\ndecision = "confirm"\n`;
    const { store } = storeFor(text);
    const ready = await store.ready(60_000);
    expect(ruleIds(ready)).toEqual(["wrong-tool", "spaced"]);
    expect(ready?.warnings).toEqual([]);
    const started = await store.start();
    expect(started).toBe(ready!);
    expect(started.warnings).toHaveLength(2);
    expect(started.warnings.join("\n")).toContain('"Bash"');
    expect(started.warnings.join("\n")).toContain("git push");
  });

  test("a broken file at start is a failed state that keeps the file's on_error", async () => {
    const { store } = storeFor('version = 1\n[defaults]\non_error = "confirm"\n[[rule]]\nid = "x"\n');
    expect(await store.start()).toMatchObject({ kind: "failed", onError: "confirm" });
  });

  test("a reload swaps in a good edit and tells the listeners", async () => {
    const { store, file } = storeFor(blocks("alpha"));
    const heard: boolean[] = [];
    store.onReload((event) => heard.push(event.ok));
    await store.start();
    writeFileSync(file, blocks("beta"));
    expect(await store.reload()).toMatchObject({ ok: true });
    expect(ruleIds(store.current)).toEqual(["no-beta"]);
    expect(heard).toEqual([true]);
  });

  test("a broken edit keeps the last good policy and says why", async () => {
    const { store, file } = storeFor(blocks("alpha"));
    await store.start();
    writeFileSync(file, "version = 'x'");
    expect((await store.reload()).ok).toBe(false);
    expect(ruleIds(store.current)).toEqual(["no-alpha"]);
    const state = store.current;
    expect(state?.kind === "active" && state.lastReloadError).toContain("version");
  });

  test("fixing a file that was broken at start opens it up", async () => {
    const { store, file } = storeFor("version = 'x'");
    expect((await store.start()).kind).toBe("failed");
    writeFileSync(file, blocks("alpha"));
    await store.reload();
    expect(ruleIds(store.current)).toEqual(["no-alpha"]);
  });

  test("deleting the default-named file falls back to the embedded default", async () => {
    const { store, file } = storeFor(blocks("alpha"));
    await store.start();
    unlinkSync(file);
    await store.reload();
    const state = store.current;
    expect(state?.kind === "active" && state.policy.source).toBe("embedded default policy");
  });
});
