import { afterEach, describe, expect, test } from "bun:test";
import { homedir } from "node:os";
import { join } from "node:path";
import { locatePolicy, pluginRootOfExecutable } from "../../../src/cli/policy-file.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const OVERRIDE = "SYNAPS_EXTENSION_SYNAPS_POLICY_POLICY_FILE";
const saved = process.env[OVERRIDE];
afterEach(() => {
  if (saved === undefined) delete process.env[OVERRIDE];
  else process.env[OVERRIDE] = saved;
});

describe("locatePolicy", () => {
  test("--policy FILE is explicit, with ~ expanded", () => {
    expect(locatePolicy("~/p.toml")).toEqual({ file: join(homedir(), "p.toml"), explicit: true });
  });

  test("the host's override is explicit, relative to the plugin folder", () => {
    process.env[OVERRIDE] = "team.toml";
    expect(locatePolicy(undefined)).toEqual({ file: join(pluginRootOfExecutable(), "team.toml"), explicit: true });
  });

  test("otherwise policy.toml in the user folder outside the plugin folder, which may be absent (then the embedded default applies)", () => {
    delete process.env[OVERRIDE];
    expect(locatePolicy(undefined)).toEqual({ file: join(homedir(), ".synaps-cli", "synaps-policy", "policy.toml"), explicit: false });
  });
});
