// What every answer must satisfy whatever the input: the protocol as the host
// reads it (shared/PROTOCOL.md). A problem is a sentence; no problems, no finding.
import type { Answer } from "./client.ts";

/** The host's timeout per method. An answer later than this is, for the host, no answer. */
export const HOST_TIMEOUT_MS = {
  initialize: 10_000,
  "info.get": 5_000,
  "tool.call": 120_000,
  "hook.handle": 5_000,
  "command.invoke": 30_000,
  shutdown: 500,
} as const;

export type HostMethod = keyof typeof HOST_TIMEOUT_MS;
const HOST_METHODS = Object.keys(HOST_TIMEOUT_MS) as HostMethod[];

/** The fuzzer waits no longer than this for any answer; past it a case counts as a hang (stricter than the host for tool.call and command.invoke). */
const LONGEST_WAIT_MS = 10_000;

export function isHostMethod(method: unknown): method is HostMethod {
  return typeof method === "string" && (HOST_METHODS as string[]).includes(method);
}

export function waitFor(method: HostMethod): number {
  return Math.min(HOST_TIMEOUT_MS[method], LONGEST_WAIT_MS);
}

/** A host request we sent with a usable id: it must be answered, and well. */
export type Expectation = { key: string; method: HostMethod; params: unknown };

/** The actions each hook honours, and the member each needs (PROTOCOL.md "HookResult"). */
const HOOK_ACTIONS: Record<string, Record<string, { member: string; type: "text" | "object" } | null>> = {
  before_tool_call: { continue: null, block: { member: "reason", type: "text" }, confirm: { member: "message", type: "text" }, modify: { member: "input", type: "object" } },
  after_tool_call: { continue: null, replace: { member: "output", type: "text" } },
  before_message: { continue: null, inject: { member: "content", type: "text" } },
  on_session_start: { continue: null, inject: { member: "content", type: "text" } },
  on_message_complete: { continue: null },
  on_compaction: { continue: null },
  on_session_end: { continue: null },
};

export function checkAnswer(expected: Expectation, answer: Answer | undefined, ms: number): string[] {
  const what = `${expected.method} id ${expected.key}`;
  if (!answer) return [`${what}: no answer within ${waitFor(expected.method)} ms`];
  const item = findItem(answer, expected.key);
  if (!item) return [`${what}: answer frame holds no answer with that id`];
  if ("error" in item) return [`${what}: RPC error answer ${JSON.stringify(item.error)} (the host would restart the extension)`];
  const problems: string[] = [];
  if (ms > HOST_TIMEOUT_MS[expected.method]) problems.push(`${what}: answered after ${Math.round(ms)} ms, past the host's ${HOST_TIMEOUT_MS[expected.method]} ms`);
  return [...problems, ...checkResult(expected, item.result).map((problem) => `${what}: ${problem}`)];
}

/** The answer object with this id in a frame (a batch answer holds several). */
function findItem(answer: Answer, key: string): any {
  const items = Array.isArray(answer.message) ? answer.message : [answer.message];
  return items[answer.ids.indexOf(key)];
}

function checkResult(expected: Expectation, result: unknown): string[] {
  switch (expected.method) {
    case "hook.handle":
      return checkHookResult((expected.params as any)?.kind, result);
    case "tool.call":
      return typeof result === "string" || (isObject(result) && typeof result.content === "string") ? [] : [`tool result ${brief(result)} is neither text nor {content: text}`];
    case "command.invoke":
      return typeof result === "string" ? [] : [`command result ${brief(result)} is not text`];
    case "initialize":
      return isObject(result) && result.protocol_version === 1 && isObject(result.capabilities)
        ? []
        : [`initialize result ${brief(result)} lacks protocol_version 1 and capabilities`];
    case "info.get":
      return isObject(result) ? [] : [`info.get result ${brief(result)} is not an object`];
    case "shutdown":
      return result === null ? [] : [`shutdown result ${brief(result)} is not null`];
  }
}

/** The answer must be one the host honours for that hook, with the member it needs. */
export function checkHookResult(kind: unknown, result: unknown): string[] {
  if (!isObject(result) || typeof result.action !== "string") return [`hook result ${brief(result)} has no action`];
  const allowed = typeof kind === "string" ? HOOK_ACTIONS[kind] : undefined;
  if (!allowed) return []; // a kind the host never sends: any well-formed answer will do
  if (!(result.action in allowed)) return [`${kind} answered action "${result.action}", which the host does not honour there (it would fail open)`];
  const needs = allowed[result.action];
  if (!needs) return [];
  const value = result[needs.member];
  const ok = needs.type === "text" ? typeof value === "string" && value !== "" : isObject(value);
  return ok ? [] : [`${kind} answered "${result.action}" without a usable ${needs.member} (${brief(value)})`];
}

function isObject(value: unknown): value is Record<string, any> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function brief(value: unknown, max = 200): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
