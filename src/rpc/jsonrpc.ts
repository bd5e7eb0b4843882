// JSON-RPC 2.0 envelopes: what a frame body may be, and the answers we send.
// Nothing here knows about SynapsCLI.
//
// Ids are carried as the JSON text to echo, so an id is answered exactly as
// the peer wrote it (see raw-id.ts). Reading is lenient where leniency loses
// nothing: a request with a method and a usable id is served even when its
// "jsonrpc" member is missing or wrong, because an error answer makes the
// host kill and restart us.
import { BATCH_LIMITS } from "../limits.ts";
import { elementStarts, rawIdOf } from "./raw-id.ts";

/** The JSON text of a request id: `7`, `"abc"`, `9007199254740993`, or `null` when none could be read. */
export type IdJson = string;

export const NULL_ID: IdJson = "null";

export const ErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export type Incoming =
  | { kind: "request"; id: IdJson; method: string; params: unknown; odd?: string }
  | { kind: "notification"; method: string; params: unknown }
  /** A message we answer with an error; id is null when we could not read one. */
  | { kind: "invalid"; id: IdJson; code: number; message: string }
  /** An answer to a request of ours, or something we have no reason to reply to. */
  | { kind: "ignored"; why: string };

export type Message = Incoming | { kind: "batch"; items: Incoming[] };

export function readMessage(body: Uint8Array): Message {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return invalid(NULL_ID, ErrorCode.parseError, "Parse error: frame body is not valid UTF-8");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return invalid(NULL_ID, ErrorCode.parseError, `Parse error: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) return classify(value, (parsed) => rawIdOf(text, parsed));
  if (value.length === 0) return invalid(NULL_ID, ErrorCode.invalidRequest, "Invalid Request: an empty batch");
  if (value.length > BATCH_LIMITS.maxRequests) {
    return invalid(NULL_ID, ErrorCode.invalidRequest, `Invalid Request: a batch of ${value.length} requests; at most ${BATCH_LIMITS.maxRequests} are served in one`);
  }
  let starts: number[] | undefined;
  const items = value.map((item, index) =>
    classify(item, (parsed) => {
      starts ??= elementStarts(text);
      return rawIdOf(text, parsed, starts[index]);
    }),
  );
  return { kind: "batch", items };
}

/** One request object. `rawId` finds the source text of a numeric id. */
function classify(value: unknown, rawId: (parsed: number) => string | undefined): Incoming {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return invalid(NULL_ID, ErrorCode.invalidRequest, "Invalid Request: expected a JSON object");
  }
  const record = value as Record<string, unknown>;
  const hasId = "id" in record;
  const id = hasId ? idJson(record.id, rawId) : undefined;
  if (typeof record.method !== "string") {
    if ("result" in record || "error" in record) return { kind: "ignored", why: "a response to a request we never sent" };
    if (!hasId) return { kind: "ignored", why: "a notification without a method name" };
    return invalid(id ?? NULL_ID, ErrorCode.invalidRequest, `Invalid Request: "method" must be a string, not ${typeName(record.method)}`);
  }
  const params = record.params ?? null;
  if (!hasId) return { kind: "notification", method: record.method, params };
  if (id === undefined) return invalid(NULL_ID, ErrorCode.invalidRequest, `Invalid Request: "id" must be a number or a string, not ${typeName(record.id)}`);
  const odd = record.jsonrpc === "2.0" ? undefined : `"jsonrpc" is ${describeValue(record.jsonrpc)}, not "2.0"`;
  return { kind: "request", id, method: record.method, params, ...(odd ? { odd } : {}) };
}

function idJson(id: unknown, rawId: (parsed: number) => string | undefined): IdJson | undefined {
  if (typeof id === "string") return JSON.stringify(id);
  if (typeof id !== "number") return undefined;
  return rawId(id) ?? JSON.stringify(id);
}

function invalid(id: IdJson, code: number, message: string): Incoming {
  return { kind: "invalid", id, code, message };
}

/** A value for a message: short scalars as written, anything else by its type (never printed whole: it may be 100,000 levels deep). */
function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return typeName(value);
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "missing";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** The JSON text of a result answer. */
export function resultText(id: IdJson, result: unknown): string {
  return `{"jsonrpc":"2.0","id":${id},"result":${JSON.stringify(result) ?? "null"}}`;
}

/** The JSON text of an error answer. */
export function errorText(id: IdJson, code: number, message: string): string {
  return `{"jsonrpc":"2.0","id":${id},"error":${JSON.stringify({ code, message })}}`;
}
