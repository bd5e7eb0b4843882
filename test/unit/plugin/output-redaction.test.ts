// Whether a manifest lets synaps-policy redact tool output: the one answer
// install, /policy status and doctor give.
import { describe, expect, test } from "bun:test";
import manifest from "../../../.synaps-plugin/plugin.json" with { type: "json" };
import { manifestFor } from "../../../src/cli/manifest.ts";
import { outputRedaction } from "../../../src/plugin/output-redaction.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const withExtension = (extension: Record<string, unknown>) => ({ ...manifest, extension: { ...manifest.extension, ...extension } });

describe("outputRedaction", () => {
  test("the shipped manifest redacts", () => {
    expect(outputRedaction(manifest)).toEqual({ kind: "on" });
    expect(outputRedaction(manifestFor("windows", "9.9.9"))).toEqual({ kind: "on" });
  });

  test("off without tools.transform_output, and says so", () => {
    expect(outputRedaction(manifestFor("linux", "9.9.9", { transformOutput: false }))).toEqual({ kind: "off", why: "the manifest does not ask for tools.transform_output" });
  });

  test("off without the after_tool_call hook", () => {
    const hooks = manifest.extension.hooks.filter((entry) => entry.hook !== "after_tool_call");
    expect(outputRedaction(withExtension({ hooks }))).toEqual({ kind: "off", why: "the manifest does not subscribe the after_tool_call hook" });
  });

  test.each([null, "text", {}, { extension: { permissions: "tools.transform_output", hooks: [] } }])("off for a manifest it cannot read: %p", (value) => {
    expect(outputRedaction(value).kind).toBe("off");
  });
});
