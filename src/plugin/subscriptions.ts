import type { HookKind } from "../policy/engine/index.ts";

/** The hooks this extension asks for in the handshake; the shipped manifest subscribes the same. */
export const SUBSCRIBED_HOOKS: HookKind[] = ["before_tool_call", "after_tool_call", "on_session_start", "on_session_end"];

/** The manifest permission the host requires for each hook (PROTOCOL.md). */
export const PERMISSION_OF_HOOK: Record<HookKind, string> = {
  before_tool_call: "tools.intercept",
  after_tool_call: "tools.intercept",
  before_message: "privacy.llm_content",
  on_message_complete: "privacy.llm_content",
  on_compaction: "privacy.llm_content",
  on_session_start: "session.lifecycle",
  on_session_end: "session.lifecycle",
};
