// What the engine judges: its own event type, one variant per hook, mapped
// from the host's HookEvent at the edge (extension/) and built directly by
// the command line and inline tests. A malformed wire event arrives as its
// own variant, so the engine — not each caller — decides what it gets.

export const HOOK_KINDS = ["before_tool_call", "after_tool_call", "before_message", "on_message_complete", "on_compaction", "on_session_start", "on_session_end"] as const;
export type HookKind = (typeof HOOK_KINDS)[number];

export type JsonObject = Record<string, unknown>;

export type { FileNeed, KnownFile } from "../../shell/view/files.ts";
import type { KnownFile } from "../../shell/view/files.ts";

/** A tool by the names the host gives it: the API name (`bash`, `mcp_x`) and the runtime name. */
export type ToolNames = readonly string[];

export type ToolCallEvent = {
  hook: "before_tool_call";
  tool: ToolNames;
  input: JsonObject;
  /** shell_send: the partial line this shell session holds from earlier sends (see terminal-input). */
  pendingLine?: string;
  /**
   * Files the call runs or reads as code, as the extension found them for it: from the session's memory
   * (what earlier calls wrote) or read from disk under the project root. Keyed by the path as the analysis
   * names it (relative paths are inside the project). The engine reads no file itself.
   */
  files?: ReadonlyMap<string, KnownFile>;
  /** The project's directory (absolute), when the extension found it. */
  projectRoot?: string;
  /** shell_send: the lines this shell session ran before, oldest first (what they set up carries over). */
  shellLines?: { lines: readonly string[]; dropped: boolean };
};

export type ToolOutputEvent = { hook: "after_tool_call"; tool: ToolNames; input: JsonObject; output: string };

export type MessageEvent = { hook: "before_message"; message: string };

export type LifecycleEvent = { hook: "on_session_start" | "on_session_end" | "on_message_complete" | "on_compaction" };

/** An event whose fields do not have the types the protocol promises; `intended` is its kind, when it named one. */
export type MalformedEvent = { hook: "malformed"; intended: HookKind | undefined; reason: string };

export type PolicyEvent = ToolCallEvent | ToolOutputEvent | MessageEvent | LifecycleEvent | MalformedEvent;

export function isHookKind(value: unknown): value is HookKind {
  return typeof value === "string" && (HOOK_KINDS as readonly string[]).includes(value);
}
