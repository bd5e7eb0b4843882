// Calls the person confirmed, per session. A confirm is only an answer to a
// question; the host never tells us the answer — but when it ran the call,
// that call's after_tool_call arrives. So a call asked about and then seen
// running was confirmed. With `[defaults] confirmed = "session"` exactly the
// same call (same tool, same input) goes through without asking again until
// the session ends; the last confirmed call is what `/policy allow-last`
// turns into a narrow exception in the user's own file.
//
// Keyed by the event's session_id (a default session for null), bounded
// (the oldest session, and the oldest call of a session, are forgotten
// first), reset at on_session_end.
import { CONFIRMATION_KEY_MAX_DEPTH, MAX_CONFIRMATION_SESSIONS, MAX_CONFIRMED_CALLS } from "../limits.ts";
import type { JsonObject } from "../policy/engine/index.ts";

/** A call that was confirmed: what it was, which rule asked, when. */
export type ConfirmedCall = { tool: string; input: JsonObject; rule: string | undefined; message: string; at: Date };

type Asked = Omit<ConfirmedCall, "at">;

type Session = { asked: Map<string, Asked>; confirmed: Set<string>; last?: ConfirmedCall };

const DEFAULT_SESSION = "(no session id)";

export class Confirmations {
  readonly #sessions = new Map<string, Session>();

  /** A before_tool_call got confirm: remember the question until the call runs (or never does). */
  asked(sessionId: string | null, call: Asked) {
    const session = this.#session(sessionId);
    const key = callKey(call.tool, call.input);
    session.asked.delete(key);
    session.asked.set(key, call);
    trim(session.asked);
  }

  /** An after_tool_call arrived: if the call had been asked about, the person confirmed it. */
  ran(sessionId: string | null, tool: string, input: JsonObject, now: Date) {
    const session = this.#sessions.get(sessionId ?? DEFAULT_SESSION);
    if (!session) return;
    const key = callKey(tool, input);
    const asked = session.asked.get(key);
    if (!asked) return;
    session.asked.delete(key);
    session.confirmed.delete(key);
    session.confirmed.add(key);
    trim(session.confirmed);
    session.last = { ...asked, at: now };
  }

  /** Whether exactly this call was confirmed earlier in the session. */
  wasConfirmed(sessionId: string | null, tool: string, input: JsonObject): boolean {
    return this.#sessions.get(sessionId ?? DEFAULT_SESSION)?.confirmed.has(callKey(tool, input)) ?? false;
  }

  /** The last call confirmed in a session; without a session id, the last one in any session. */
  last(sessionId?: string | null): ConfirmedCall | undefined {
    if (sessionId !== undefined) return this.#sessions.get(sessionId ?? DEFAULT_SESSION)?.last;
    let latest: ConfirmedCall | undefined;
    for (const session of this.#sessions.values()) if (session.last && (!latest || session.last.at >= latest.at)) latest = session.last;
    return latest;
  }

  /** on_session_end: the session's confirmations end with it. */
  endSession(sessionId: string | null) {
    this.#sessions.delete(sessionId ?? DEFAULT_SESSION);
  }

  #session(sessionId: string | null): Session {
    const id = sessionId ?? DEFAULT_SESSION;
    let session = this.#sessions.get(id);
    if (!session) {
      session = { asked: new Map(), confirmed: new Set() };
      this.#sessions.set(id, session);
      if (this.#sessions.size > MAX_CONFIRMATION_SESSIONS) this.#sessions.delete(this.#sessions.keys().next().value!);
    }
    return session;
  }
}

/** The same call: the same tool and the same input (keys in any order). */
function callKey(tool: string, input: JsonObject): string {
  return `${tool}\0${stableJson(input, 0)}`;
}

function stableJson(value: unknown, depth: number): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  // Too deep: a key no other call has, so nothing is remembered for it.
  if (depth > CONFIRMATION_KEY_MAX_DEPTH) return `\0deep${Math.random()}`;
  if (Array.isArray(value)) return `[${value.map((item) => stableJson(item, depth + 1)).join(",")}]`;
  const entries = Object.keys(value as JsonObject)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${stableJson((value as JsonObject)[key], depth + 1)}`);
  return `{${entries.join(",")}}`;
}

function trim(collection: Map<string, unknown> | Set<string>) {
  while (collection.size > MAX_CONFIRMED_CALLS) collection.delete(collection.keys().next().value!);
}
