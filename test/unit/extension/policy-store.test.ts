import { describe, expect, test } from "bun:test";
import { unlinkSync, writeFileSync } from "node:fs";
import { extensionEngineDeps } from "../../../src/extension/engine-deps.ts";
import { PolicyStore } from "../../../src/extension/policy-store.ts";
import { pluginFolder } from "../../harness.ts";

const blocks = (command: string) => `version = 1\n[[rule]]\nid = "no-${command}"\nwhen = { command = "${command}" }\ndecision = "block"\n`;
const storeFor = (text: string | undefined, explicit = false) => {
  const folder = pluginFolder(text);
  return { store: new PolicyStore({ file: folder.policyFile, explicit }, "/home/ada", extensionEngineDeps()), file: folder.policyFile };
};
const ruleIds = (store: PolicyStore) => (store.state.kind === "active" ? store.state.policy.rules.map((rule) => rule.ref.id) : store.state.kind);

describe("PolicyStore", () => {
  test("loads on first use, not before", () => {
    const { store } = storeFor(blocks("alpha"));
    expect(store.started).toBe(false);
    expect(ruleIds(store)).toEqual(["no-alpha"]);
    expect(store.started).toBe(true);
  });

  test("a broken file at start is a failed state that keeps the file's on_error", () => {
    const { store } = storeFor('version = 1\n[defaults]\non_error = "confirm"\n[[rule]]\nid = "x"\n');
    expect(store.state).toMatchObject({ kind: "failed", onError: "confirm" });
  });

  test("a reload swaps in a good edit and tells the listeners", () => {
    const { store, file } = storeFor(blocks("alpha"));
    const heard: boolean[] = [];
    store.onReload((event) => heard.push(event.ok));
    void store.state;
    writeFileSync(file, blocks("beta"));
    expect(store.reload()).toEqual({ ok: true });
    expect(ruleIds(store)).toEqual(["no-beta"]);
    expect(heard).toEqual([true]);
  });

  test("a broken edit keeps the last good policy and says why", () => {
    const { store, file } = storeFor(blocks("alpha"));
    void store.state;
    writeFileSync(file, "version = 'x'");
    expect(store.reload().ok).toBe(false);
    expect(ruleIds(store)).toEqual(["no-alpha"]);
    expect(store.state.kind === "active" && store.state.lastReloadError).toContain("version");
  });

  test("fixing a file that was broken at start opens it up", () => {
    const { store, file } = storeFor("version = 'x'");
    expect(store.state.kind).toBe("failed");
    writeFileSync(file, blocks("alpha"));
    store.reload();
    expect(ruleIds(store)).toEqual(["no-alpha"]);
  });

  test("deleting the default-named file falls back to the embedded default", () => {
    const { store, file } = storeFor(blocks("alpha"));
    void store.state;
    unlinkSync(file);
    store.reload();
    expect(store.state.kind === "active" && store.state.policy.source).toBe("embedded default policy");
  });
});
