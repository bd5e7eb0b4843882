// shell_send keeps typing into the same interactive shell: text sent without
// a newline waits in the line editor and runs when a later send completes
// it. This remembers each session's partial line (by the tool input's
// session_id) so the two halves are judged together.
import { MAX_SHELL_SESSIONS } from "../limits.ts";
import type { PolicyEvent, Verdict } from "../policy/engine/index.ts";

export class ShellSessions {
  readonly #pending = new Map<string, string>();

  /** The event with the session's partial line attached, for shell_send. */
  withPendingLine(event: PolicyEvent): PolicyEvent {
    const session = sessionOf(event);
    if (session === undefined || event.hook !== "before_tool_call") return event;
    const pendingLine = this.#pending.get(session);
    return pendingLine === undefined ? event : { ...event, pendingLine };
  }

  /** After a verdict: what the shell now holds, unless the input never reaches it. */
  remember(event: PolicyEvent, verdict: Verdict) {
    const session = sessionOf(event);
    if (session === undefined || verdict.pendingLine === undefined) return;
    if (verdict.decision.kind === "block") return;
    this.#pending.delete(session);
    if (verdict.pendingLine !== "") this.#pending.set(session, verdict.pendingLine);
    if (this.#pending.size > MAX_SHELL_SESSIONS) this.#pending.delete(this.#pending.keys().next().value!);
  }
}

function sessionOf(event: PolicyEvent): string | undefined {
  if (event.hook !== "before_tool_call" || !event.tool.includes("shell_send")) return undefined;
  const session = event.input.session_id;
  return typeof session === "string" ? session : "default";
}
