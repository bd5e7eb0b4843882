// Inputs built to exhaust the guard (test/support/adversarial-inputs.ts),
// through the binary: every answer arrives within the host's hook timeout and
// serving goes on. What each is decided is tested in process
// (test/adversarial.test.ts).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bashCall, pluginFolder, startExtension, type ExtensionProcess, type PluginFolder } from "./harness.ts";
import { ADVERSARIAL_INPUTS } from "./support/adversarial-inputs.ts";

describe("adversarial inputs through the binary", () => {
  let folder: PluginFolder;
  let ext: ExtensionProcess;
  beforeAll(async () => {
    folder = pluginFolder();
    ext = await startExtension(folder);
  });
  afterAll(async () => {
    await ext.stop();
  });

  test("every one is answered within the host's 5 s hook timeout, and serving goes on", async () => {
    for (const [, command, decision] of ADVERSARIAL_INPUTS) {
      const answer = await ext.request("hook.handle", bashCall(command), 5_000);
      expect(answer.error).toBeUndefined();
      expect(answer.result.action).toBe(decision);
    }
    expect((await ext.request("hook.handle", bashCall("ls -la"))).result).toEqual({ action: "continue" });
  });
});
