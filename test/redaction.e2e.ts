// No secret leaves the binary unredacted: the shipped default's redaction
// cases (test/support/redaction-cases.ts, run in process by
// test/redaction.test.ts) through one extension process, and a policy error
// that quotes a secret, redacted in the answer, the audit record and on
// stderr (the host's debug log).
import { expect, test } from "bun:test";
import { bashCall, pluginFolder, readAudit, startLoadedExtension } from "./harness.ts";
import { describeShippedDefaultRedaction, GH_TOKEN } from "./support/redaction-cases.ts";

describeShippedDefaultRedaction("the shipped default policy, through the binary", async (folder) => {
  const ext = await startLoadedExtension(folder);
  return { hook: async (event) => (await ext.request("hook.handle", event)).result, stop: () => ext.stop() };
});

test("a mistyped policy value holding a secret is redacted in the block reason and on stderr", async () => {
  const folder = pluginFolder(`version = 1\n[defaults]\ndecision = "${GH_TOKEN}"\n`);
  const ext = await startLoadedExtension(folder);
  try {
    const result = (await ext.request("hook.handle", bashCall("ls"))).result;
    expect(result.action).toBe("block");
    expect(result.reason).not.toContain(GH_TOKEN);
    expect(JSON.stringify(readAudit(folder))).not.toContain(GH_TOKEN);
  } finally {
    await ext.stop();
  }
  // The policy error on stderr (the host's debug log) quotes the value, redacted.
  const stderr = await ext.stderr();
  expect(stderr).toContain("[REDACTED:github]");
  expect(stderr).not.toContain(GH_TOKEN);
});
