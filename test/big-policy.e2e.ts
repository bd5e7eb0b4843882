// A big policy through the binary: it loads in slices while requests go on
// being answered — a hook during the first load, the old policy during a
// reload — and shutdown during a big reload is answered within the host's
// 0.5 s. Alone in its file, so no other test competes for the CPU.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { bashCall, pluginFolder, startExtension } from "./harness.ts";

function manyRules(count: number, blocked: string): string {
  let text = `version = 1\n[[rule]]\nid = "probe"\nwhen = { command = "${blocked}" }\ndecision = "block"\n`;
  for (let index = 0; index < count; index++)
    text += `\n[[rule]]\nid = "r${index}"\ntool = "bash"\nwhen = { command = "prog${index}", flags = ["-f|--force"] }\nunless = { paths = ["/tmp/**"] }\ndecision = "block"\nreason = "no ${index}"\n`;
  return text;
}

describe("a big policy", () => {
  test("loads while requests are answered: a hook during the first load, the old policy during a reload, shutdown within 0.5 s", async () => {
    const folder = pluginFolder(manyRules(2_000, "zeta"));
    const ext = await startExtension(folder);
    try {
      // Sent right after the handshake, while the policy is still loading.
      const first = await ext.request("hook.handle", bashCall("zeta now"), 5_000);
      expect(first.result.action).toBe("block");
      writeFileSync(folder.policyFile, manyRules(2_000, "omega"));
      const reload = ext.request("command.invoke", { command: "policy", args: "reload", request_id: "r" }, 30_000);
      const during = await ext.request("hook.handle", bashCall("zeta"), 5_000);
      expect(during.result.action).toBe("block");
      expect(ext.frames.some((frame) => typeof frame.result === "string" && frame.result.startsWith("reloaded"))).toBe(false);
      expect(String((await reload).result)).toStartWith("reloaded");
      expect((await ext.request("hook.handle", bashCall("omega"))).result.action).toBe("block");
      writeFileSync(folder.policyFile, manyRules(2_000, "sigma"));
      void ext.request("command.invoke", { command: "policy", args: "reload", request_id: "r2" }, 30_000).catch(() => undefined);
      await Bun.sleep(100);
      const shutdown = await ext.request("shutdown", null, 500);
      expect(shutdown.result).toBeNull();
    } finally {
      await ext.stop();
    }
  }, 30_000);
});
