// shell_send keeps typing into the same interactive shell: text sent without
// a newline waits in the line editor and runs when a later send completes
// it. This remembers each shell's partial line (by the tool input's
// session_id, within the host's session) so the two halves are judged
// together; a host session's shells are forgotten at on_session_end.
import { MAX_SHELL_SESSIONS } from "../limits.ts";
import type { PolicyEvent, Verdict } from "../policy/engine/index.ts";

export class ShellSessions {
  readonly #pending = new Map<string, string>();

  /** The event with the session's partial line attached, for shell_send. */
  withPendingLine(event: PolicyEvent, hostSession: string | null = null): PolicyEvent {
    const session = sessionOf(event, hostSession);
    if (session === undefined || event.hook !== "before_tool_call") return event;
    const pendingLine = this.#pending.get(session);
    return pendingLine === undefined ? event : { ...event, pendingLine };
  }

  /** After a verdict: what the shell now holds, unless the input never reaches it. */
  remember(event: PolicyEvent, verdict: Verdict, hostSession: string | null = null) {
    const session = sessionOf(event, hostSession);
    if (session === undefined || verdict.pendingLine === undefined) return;
    if (verdict.decision.kind === "block") return;
    this.#pending.delete(session);
    if (verdict.pendingLine !== "") this.#pending.set(session, verdict.pendingLine);
    if (this.#pending.size > MAX_SHELL_SESSIONS) this.#pending.delete(this.#pending.keys().next().value!);
  }

  /** The host session ended: its shells' partial lines go. */
  forget(hostSession: string | null) {
    const prefix = `${hostSession ?? ""}\0`;
    for (const key of [...this.#pending.keys()]) if (key.startsWith(prefix)) this.#pending.delete(key);
  }
}

function sessionOf(event: PolicyEvent, hostSession: string | null): string | undefined {
  if (event.hook !== "before_tool_call" || !event.tool.includes("shell_send")) return undefined;
  const session = event.input.session_id;
  return `${hostSession ?? ""}\0${typeof session === "string" ? session : "default"}`;
}
