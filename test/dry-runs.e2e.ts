// The model's `policy` tool must not be a silent oracle for finding a variant
// of a command that gets through (issue 15): dry runs are off by default;
// when the person turns them on, each is audited, and after
// MAX_STOPPED_DRY_RUNS that would be stopped, further ones are refused —
// audited too — until the next session. Listing rules and `hello` are
// unaffected.
import { describe, expect, test } from "bun:test";
import { MAX_STOPPED_DRY_RUNS } from "../src/limits.ts";
import { hookEvent, pluginFolder, readAudit, startExtension, type ExtensionProcess } from "./harness.ts";

async function tool(ext: ExtensionProcess, name: string, input: unknown): Promise<string> {
  const answer = await ext.request("tool.call", { name, input });
  expect(answer.error).toBeUndefined();
  return answer.result.content;
}

const dryRun = (ext: ExtensionProcess, command: string) => tool(ext, "policy", { tool: "bash", input: command });

describe("dry runs", () => {
  test.concurrent("are off by default: the answer says so and how to turn them on; the attempt is audited", async () => {
    const folder = pluginFolder();
    const ext = await startExtension(folder);
    try {
      const answer = await dryRun(ext, "rm -rf ~");
      expect(answer).toStartWith("Dry runs are off");
      expect(answer).toContain("model_dry_run = true");
      expect(answer).not.toContain("block");
      expect(readAudit(folder).filter((record) => record.hook === "policy_tool")).toEqual([
        expect.objectContaining({ dry_run: "off", decision: null, tool: "bash", input: '{"command":"rm -rf ~"}' }),
      ]);
      expect(await tool(ext, "policy", { tool: "bash" })).toContain("[fs-recursive-delete]");
      expect(await tool(ext, "hello", { name: "Ada" })).toBe("Hello, Ada! (from synaps-policy)");
    } finally {
      await ext.stop();
    }
  }, 20_000);

  test.concurrent(`when on ("true" from the host's settings): each is audited, then refused after ${MAX_STOPPED_DRY_RUNS} stopped, until the next session`, async () => {
    const folder = pluginFolder();
    const ext = await startExtension(folder, { model_dry_run: "true" });
    try {
      await ext.request("hook.handle", hookEvent("on_session_start", { session_id: "s-1" }));
      expect(await dryRun(ext, "ls -la")).toStartWith('bash {"command":"ls -la"} → continue');
      for (let index = 0; index < MAX_STOPPED_DRY_RUNS; index++) expect(await dryRun(ext, `rm -rf ~/dir${index}`)).toContain("→ block");
      const refused = await dryRun(ext, "rm -rf ~/another");
      expect(refused).toStartWith(`Refused: ${MAX_STOPPED_DRY_RUNS} dry runs in this session would already have been stopped`);
      expect(await dryRun(ext, "ls")).toStartWith("Refused");
      expect(await tool(ext, "policy", { tool: "bash" })).toContain("[fs-recursive-delete]");
      expect(await tool(ext, "hello", {})).toBe("Hello, world! (from synaps-policy)");
      const records = readAudit(folder).filter((record) => record.hook === "policy_tool");
      expect(records.map((record) => `${record.dry_run}:${record.decision}`)).toEqual([
        "answered:continue",
        ...Array(MAX_STOPPED_DRY_RUNS).fill("answered:block"),
        "refused:null",
        "refused:null",
      ]);
      expect(records.every((record) => record.session_id === "s-1")).toBe(true);
      expect(records[1]).toMatchObject({ rule: "fs-recursive-delete", tool_input: { command: "rm -rf ~/dir0" } });
      await ext.request("hook.handle", hookEvent("on_session_start", { session_id: "s-2" }));
      expect(await dryRun(ext, "rm -rf ~/again")).toContain("→ block");
    } finally {
      await ext.stop();
    }
  }, 20_000);
});
