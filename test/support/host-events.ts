// What the host sends and where a plugin lives, for tests that drive the
// extension in process and for those that drive the binary (test/harness.ts
// re-exports these): hook events as SynapsCLI builds them, a plugin folder of
// its own, the audit records written there. Nothing here starts a process.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A before_tool_call event as the host sends it: every key present, null when not applicable. */
export function hookEvent(kind: string, fields: Record<string, unknown> = {}) {
  return {
    kind,
    tool_name: null,
    tool_runtime_name: null,
    tool_input: null,
    tool_output: null,
    message: null,
    session_id: "test-session",
    transcript: null,
    data: null,
    ...fields,
  };
}

export function bashCall(command: string) {
  return hookEvent("before_tool_call", { tool_name: "bash", tool_runtime_name: "bash", tool_input: { command } });
}

export function toolCall(tool: string, input: unknown) {
  return hookEvent("before_tool_call", { tool_name: tool, tool_runtime_name: tool, tool_input: input });
}

export type PluginFolder = { root: string; policyFile: string; auditLog: string };

/** A plugin folder of its own with the given policy text (or none), like the host lays it out. */
export function pluginFolder(policy?: string, fileName = "policy.toml"): PluginFolder {
  const root = mkdtempSync(join(tmpdir(), "synaps-policy-plugin-"));
  const policyFile = join(root, fileName);
  if (policy !== undefined) writeFileSync(policyFile, policy);
  return { root, policyFile, auditLog: join(root, "logs", "audit.jsonl") };
}

export function readAudit(folder: PluginFolder): Array<Record<string, any>> {
  if (!existsSync(folder.auditLog)) return [];
  return readFileSync(folder.auditLog, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}
