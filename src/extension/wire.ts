// The SynapsCLI extension protocol as valibot schemas: the shapes the host
// sends and the shapes it honours (see shared/PROTOCOL.md). Parsing is
// lenient where the host may omit things and strict where a wrong answer
// would make the host fail open.
import * as v from "valibot";

export const PROTOCOL_VERSION = 1;

export const HOOK_KINDS = [
  "before_tool_call",
  "after_tool_call",
  "before_message",
  "on_message_complete",
  "on_compaction",
  "on_session_start",
  "on_session_end",
] as const;
export const HookKind = v.picklist(HOOK_KINDS);
export type HookKind = v.InferOutput<typeof HookKind>;

const JsonObject = v.record(v.string(), v.unknown());

export const InitializeParams = v.object({
  synaps_version: v.optional(v.nullable(v.string())),
  extension_protocol_version: v.optional(v.nullable(v.number())),
  plugin_id: v.optional(v.nullable(v.string())),
  plugin_root: v.optional(v.nullable(v.string())),
  /** Resolved `extension.config` values; env and settings overrides arrive as strings. */
  config: v.optional(v.nullable(JsonObject)),
});
export type InitializeParams = v.InferOutput<typeof InitializeParams>;

/** The host always sends every key, null when not applicable; we also accept them missing. */
export const HookEvent = v.object({
  kind: v.string(),
  tool_name: v.optional(v.nullable(v.string()), null),
  tool_runtime_name: v.optional(v.nullable(v.string()), null),
  tool_input: v.optional(v.unknown(), null),
  tool_output: v.optional(v.nullable(v.string()), null),
  message: v.optional(v.nullable(v.string()), null),
  session_id: v.optional(v.nullable(v.string()), null),
  transcript: v.optional(v.unknown(), null),
  data: v.optional(v.unknown(), null),
});
export type HookEvent = v.InferOutput<typeof HookEvent>;

/** Every action the host honours, each only on the hooks PROTOCOL.md lists for it. */
export type HookResult =
  | { action: "continue" }
  | { action: "block"; reason: string }
  | { action: "confirm"; message: string }
  | { action: "modify"; input: Record<string, unknown> }
  | { action: "replace"; output: string }
  | { action: "inject"; content: string };

export const ToolCallParams = v.object({
  name: v.string(),
  input: v.optional(v.unknown(), null),
});

/** A slash command from the TUI: `/policy check bash ls` → {command: "policy", args: "check bash ls"}. */
export const CommandInvokeParams = v.object({
  command: v.string(),
  args: v.optional(v.unknown(), null),
  request_id: v.optional(v.unknown(), null),
});

export type ToolSpec = {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
};

/** A tool answer: the host reads `content`, the short guide's hosts read `output`. */
export type ToolResult = { content: string; output: string; is_error?: true };

export function toolText(text: string): ToolResult {
  return { content: text, output: text };
}

export function toolError(text: string): ToolResult {
  return { content: `error: ${text}`, output: `error: ${text}`, is_error: true };
}
