import { describe, expect, test } from "bun:test";
import manifest from "../../../.synaps-plugin/plugin.json" with { type: "json" };
import { DEFAULT_AUDIT_LOG, DEFAULT_POLICY_FILE } from "../../../src/plugin/defaults.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

describe("plugin folder defaults", () => {
  test("the manifest's config defaults are the names the extension and the command line use", () => {
    const text = JSON.stringify(manifest);
    expect(text).toContain(JSON.stringify(DEFAULT_POLICY_FILE));
    expect(text).toContain(JSON.stringify(DEFAULT_AUDIT_LOG));
  });
});
