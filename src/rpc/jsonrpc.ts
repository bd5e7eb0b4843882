// JSON-RPC 2.0 envelopes: what a frame body may be, and the answers we send.
// Nothing here knows about SynapsCLI.
import * as v from "valibot";

export const RequestId = v.union([v.number(), v.string()]);
export type RequestId = v.InferOutput<typeof RequestId>;

const Envelope = v.object({
  jsonrpc: v.optional(v.string()),
  id: v.optional(v.nullable(RequestId)),
  method: v.string(),
  params: v.optional(v.unknown()),
});

export const ErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export type Incoming =
  | { kind: "request"; id: RequestId; method: string; params: unknown }
  | { kind: "notification"; method: string; params: unknown }
  /** A message we answer with an error; id is null when we could not read one. */
  | { kind: "invalid"; id: RequestId | null; code: number; message: string }
  /** An answer to a request of ours, or something we have no reason to reply to. */
  | { kind: "ignored"; why: string };

export type Outgoing =
  | { jsonrpc: "2.0"; id: RequestId | null; result: unknown }
  | { jsonrpc: "2.0"; id: RequestId | null; error: { code: number; message: string } };

export function readMessage(body: Uint8Array): Incoming {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return { kind: "invalid", id: null, code: ErrorCode.parseError, message: "Parse error: frame body is not valid UTF-8" };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: "invalid", id: null, code: ErrorCode.parseError, message: `Parse error: ${(error as Error).message}` };
  }
  return classify(value);
}

function classify(value: unknown): Incoming {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { kind: "invalid", id: null, code: ErrorCode.invalidRequest, message: "Invalid Request: expected a JSON object" };
  }
  const parsed = v.safeParse(Envelope, value);
  if (parsed.success) {
    const { id, method, params } = parsed.output;
    if (id === undefined) return { kind: "notification", method, params: params ?? null };
    if (id === null) return { kind: "invalid", id: null, code: ErrorCode.invalidRequest, message: "Invalid Request: id must not be null" };
    return { kind: "request", id, method, params: params ?? null };
  }
  const record = value as Record<string, unknown>;
  if (!("method" in record) && ("result" in record || "error" in record)) {
    return { kind: "ignored", why: "a response to a request we never sent" };
  }
  const id = v.is(RequestId, record.id) ? record.id : null;
  if (!("id" in record) || record.id === undefined) return { kind: "ignored", why: "a notification without a method name" };
  return { kind: "invalid", id, code: ErrorCode.invalidRequest, message: `Invalid Request: ${v.summarize(parsed.issues)}` };
}

export function success(id: RequestId, result: unknown): Outgoing {
  return { jsonrpc: "2.0", id, result };
}

export function failure(id: RequestId | null, code: number, message: string): Outgoing {
  return { jsonrpc: "2.0", id, error: { code, message } };
}
