import type { HookKind } from "./wire.ts";

/** The hooks this extension asks for in the handshake; the shipped manifest subscribes the same. */
export const SUBSCRIBED_HOOKS: HookKind[] = ["before_tool_call", "after_tool_call", "on_session_start", "on_session_end"];
