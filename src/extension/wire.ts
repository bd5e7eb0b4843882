// The SynapsCLI extension protocol as valibot schemas: the shapes the host
// sends and the shapes it honours (see shared/PROTOCOL.md). Parsing is
// lenient where the host may omit things and strict where a wrong answer
// would make the host fail open.
import * as v from "valibot";
import { EXCERPT_CHARS } from "../limits.ts";
import { redactThenTruncate } from "../match/secrets/for-log.ts";
import { isHookKind, type JsonObject as EventObject, type PolicyEvent, type Decision } from "../policy/engine/index.ts";

export const PROTOCOL_VERSION = 1;

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

/** The one action the host honours for a decision (allow is continue on the wire; redact and withhold replace the output). */
export function toHookResult(decision: Decision): HookResult {
  switch (decision.kind) {
    case "continue":
    case "allow":
      return { action: "continue" };
    case "block":
      return { action: "block", reason: decision.reason };
    case "confirm":
      return { action: "confirm", message: decision.message };
    case "modify":
      return { action: "modify", input: decision.input };
    case "redact":
    case "withhold":
      return { action: "replace", output: decision.output };
    case "inject":
      return { action: "inject", content: decision.content };
  }
}

/** A HookEvent as the engine's event, and the session it belongs to (for the audit log). */
export type MappedEvent = { event: PolicyEvent; sessionId: string | null; toolName: string | null; input: unknown };

/**
 * The host's HookEvent → the engine's event. Every field is checked against
 * the type the protocol promises; a mistyped one (`session_id: 5`, a string
 * `tool_input`) makes the event malformed, which the engine answers with
 * on_error on a tool call — never a silent continue.
 */
export function toPolicyEvent(params: unknown): MappedEvent {
  const raw = isObject(params) ? params : undefined;
  const kind = raw?.kind;
  const intended = isHookKind(kind) ? kind : undefined;
  const sessionId = typeof raw?.session_id === "string" ? raw.session_id : null;
  const toolName = typeof raw?.tool_name === "string" ? raw.tool_name : null;
  const input = raw?.tool_input;
  const malformed = (reason: string): MappedEvent => ({ event: { hook: "malformed", intended, reason }, sessionId, toolName, input });
  if (!raw) return malformed("the event is not an object");
  if (!intended) return malformed(`unknown hook kind ${describeKind(kind)}`);
  const wrongType = mistypedField(raw);
  if (wrongType) return malformed(wrongType);
  const tool = [raw.tool_name, raw.tool_runtime_name].filter((name): name is string => typeof name === "string" && name !== "");
  switch (intended) {
    case "before_tool_call":
      if (tool.length === 0) return malformed("a tool call without a tool name");
      if (!isObject(input)) return malformed("the tool input is not an object");
      return { event: { hook: intended, tool, input }, sessionId, toolName, input };
    case "after_tool_call":
      // No output (null) is nothing to redact.
      return {
        event: { hook: intended, tool, input: isObject(input) ? input : {}, output: typeof raw.tool_output === "string" ? raw.tool_output : "" },
        sessionId,
        toolName,
        input,
      };
    case "before_message":
      return { event: { hook: intended, message: typeof raw.message === "string" ? raw.message : "" }, sessionId, toolName, input };
    default:
      return { event: { hook: intended }, sessionId, toolName, input };
  }
}

/** Fields the protocol says are a string or null; anything else is a sign the event cannot be trusted. */
const TEXT_FIELDS = ["tool_name", "tool_runtime_name", "tool_output", "message", "session_id"] as const;

function mistypedField(raw: Record<string, unknown>): string | undefined {
  for (const field of TEXT_FIELDS) {
    const value = raw[field];
    if (value !== undefined && value !== null && typeof value !== "string") return `${field} is ${Array.isArray(value) ? "an array" : typeof value}, not a string`;
  }
  return undefined;
}

function isObject(value: unknown): value is EventObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A kind that is not a hook's name, for the reason: quoted when it is text, else its type (it may be nested too deep to print). */
function describeKind(kind: unknown): string {
  if (typeof kind === "string") return redactThenTruncate(JSON.stringify(kind.slice(0, EXCERPT_CHARS * 2)), EXCERPT_CHARS);
  if (kind === undefined || kind === null) return String(kind);
  if (Array.isArray(kind)) return "(an array)";
  return typeof kind === "object" ? "(an object)" : `(${typeof kind} ${redactThenTruncate(String(kind), EXCERPT_CHARS)})`;
}
