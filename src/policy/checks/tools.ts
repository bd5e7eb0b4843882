// The tools a SynapsCLI host has built in, by API name, and the input fields
// each takes (read from the host's tool definitions). What `validate` checks
// tool names and modify fields against; extension tools (`<plugin>_<tool>`)
// and MCP tools (`mcp_*`) have names and inputs of their own.

/** Input fields by tool; undefined where the host's definition is not known field by field. */
export const BUILTIN_TOOLS: Record<string, readonly string[] | undefined> = {
  bash: ["command", "timeout"],
  read: ["path", "offset", "limit"],
  write: ["path", "content"],
  edit: ["path", "old_string", "new_string"],
  grep: ["pattern", "path", "include", "context"],
  find: ["pattern", "path", "type"],
  ls: ["path"],
  shell_start: ["command", "working_directory", "env", "rows", "cols", "readiness_timeout_ms", "idle_timeout"],
  shell_send: ["session_id", "input", "timeout_ms"],
  shell_end: ["session_id"],
  subagent: ["agent", "system_prompt", "task", "model", "timeout"],
  subagent_start: undefined,
  subagent_status: undefined,
  subagent_steer: undefined,
  subagent_collect: undefined,
  subagent_resume: undefined,
  respond: ["event_id", "text"],
  send_channel: ["channel_type", "channel_id", "text"],
  watcher_exit: undefined,
};

export const BUILTIN_TOOL_NAMES = Object.keys(BUILTIN_TOOLS);

/**
 * A name that can be a tool: a built-in one, one the policy declares as a
 * shell tool, an MCP tool (`mcp_…`), another extension's tool (`<plugin>_<tool>`)
 * or a runtime name (`<plugin>:<tool>`). Names are case-sensitive.
 */
export function isPossibleToolName(name: string, declared: Readonly<Record<string, unknown>>): boolean {
  return Object.hasOwn(BUILTIN_TOOLS, name) || Object.hasOwn(declared, name) || name.startsWith("mcp_") || /^[^_\s]+_\S+$/.test(name) || name.includes(":");
}
