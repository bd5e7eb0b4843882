// shell_send keeps typing into the same interactive shell: text sent without
// a newline waits in the line editor and runs when a later send completes
// it. This remembers each shell's partial line (by the tool input's
// session_id, within the host's session) so the two halves are judged
// together — and the lines the shell ran, since it keeps their directory,
// variables, functions, aliases and history for the next line. A shell
// starts where shell_start's working_directory and env put it: a send to a
// shell id not seen before takes the oldest start not yet sent to (the host
// names a shell only in its answer to shell_start). A host session's shells
// are forgotten at on_session_end.
import { MAX_SHELL_MEMORY_BYTES, MAX_SHELL_MEMORY_TOTAL_BYTES, MAX_SHELL_SESSIONS } from "../limits.ts";
import { type PolicyEvent, startedShellLines, type Verdict } from "../policy/engine/index.ts";

type EnteredLines = { lines: string[]; bytes: number; dropped: boolean };

export class ShellSessions {
  readonly #pending = new Map<string, string>();
  /** The lines each shell ran: its directory, variables, functions, aliases and history come from them. */
  readonly #entered = new Map<string, EnteredLines>();
  /** Bytes of lines kept across every shell. */
  #enteredBytes = 0;
  /** By host session, the shells started and not yet sent to, oldest first: the lines their start amounts to. */
  readonly #starting = new Map<string, string[][]>();

  /** The event with the shell's partial line and earlier lines attached, for shell_send. */
  withPendingLine(event: PolicyEvent, hostSession: string | null = null): PolicyEvent {
    const session = sessionOf(event, hostSession);
    if (session === undefined || event.hook !== "before_tool_call") return event;
    if (!this.#entered.has(session) && !this.#pending.has(session)) this.#adoptStart(session, hostSession);
    const pendingLine = this.#pending.get(session);
    const entered = this.#entered.get(session);
    return {
      ...event,
      ...(pendingLine !== undefined ? { pendingLine } : {}),
      ...(entered ? { shellLines: { lines: [...entered.lines], dropped: entered.dropped } } : {}),
    };
  }

  /** After a verdict: what the shell now holds, unless the input never reaches it. */
  remember(event: PolicyEvent, verdict: Verdict, hostSession: string | null = null) {
    if (startsShell(event) && verdict.decision.kind !== "block") this.#started(event, hostSession);
    const session = sessionOf(event, hostSession);
    if (session === undefined || verdict.pendingLine === undefined) return;
    if (verdict.decision.kind === "block") return;
    this.#pending.delete(session);
    if (verdict.pendingLine !== "") this.#pending.set(session, verdict.pendingLine);
    if (this.#pending.size > MAX_SHELL_SESSIONS) this.#pending.delete(this.#pending.keys().next().value!);
    this.#rememberLines(session, verdict.enteredLines ?? []);
  }

  /**
   * Bounded: past MAX_SHELL_MEMORY_BYTES the oldest lines go, and the analysis says so; past
   * MAX_SHELL_MEMORY_TOTAL_BYTES across shells, the least recently used shells' lines go, and they too are marked
   * dropped (a shell forgotten outright would be judged as a fresh one: its aliases and functions unseen).
   */
  #rememberLines(session: string, lines: readonly string[]) {
    const entered = this.#entered.get(session) ?? { lines: [], bytes: 0, dropped: false };
    this.#entered.delete(session);
    this.#enteredBytes -= entered.bytes;
    for (const line of lines) {
      if (line.trim() === "") continue;
      entered.lines.push(line);
      entered.bytes += line.length + 1;
    }
    while (entered.bytes > MAX_SHELL_MEMORY_BYTES && entered.lines.length > 0) {
      entered.bytes -= entered.lines.shift()!.length + 1;
      entered.dropped = true;
    }
    this.#entered.set(session, entered);
    this.#enteredBytes += entered.bytes;
    if (this.#entered.size > MAX_SHELL_SESSIONS) this.#forgetShell(this.#entered.keys().next().value!);
    for (const [key, shell] of this.#entered) {
      if (this.#enteredBytes <= MAX_SHELL_MEMORY_TOTAL_BYTES || key === session) break;
      this.#enteredBytes -= shell.bytes;
      this.#entered.set(key, { lines: [], bytes: 0, dropped: shell.dropped || shell.lines.length > 0 });
    }
  }

  /** shell_start ran: its directory and variables wait for the first send to a new shell. */
  #started(event: PolicyEvent & { hook: "before_tool_call" }, hostSession: string | null) {
    const key = hostSession ?? "";
    const queue = this.#starting.get(key) ?? [];
    queue.push(startedShellLines(event.input));
    if (queue.length > MAX_SHELL_SESSIONS) queue.shift();
    this.#starting.delete(key);
    this.#starting.set(key, queue);
    if (this.#starting.size > MAX_SHELL_SESSIONS) this.#starting.delete(this.#starting.keys().next().value!);
  }

  /** A shell id first seen: the oldest start not yet sent to is this shell. */
  #adoptStart(session: string, hostSession: string | null) {
    this.#rememberLines(session, this.#starting.get(hostSession ?? "")?.shift() ?? []);
  }

  #forgetShell(key: string) {
    this.#enteredBytes -= this.#entered.get(key)?.bytes ?? 0;
    this.#entered.delete(key);
  }

  /** The host session ended: its shells' partial lines and the lines they ran go. */
  forget(hostSession: string | null) {
    const prefix = `${hostSession ?? ""}\0`;
    for (const key of [...this.#pending.keys()]) if (key.startsWith(prefix)) this.#pending.delete(key);
    for (const key of [...this.#entered.keys()]) if (key.startsWith(prefix)) this.#forgetShell(key);
    this.#starting.delete(hostSession ?? "");
  }
}

function startsShell(event: PolicyEvent): event is PolicyEvent & { hook: "before_tool_call" } {
  return event.hook === "before_tool_call" && event.tool.includes("shell_start");
}

function sessionOf(event: PolicyEvent, hostSession: string | null): string | undefined {
  if (event.hook !== "before_tool_call" || !event.tool.includes("shell_send")) return undefined;
  const session = event.input.session_id;
  return `${hostSession ?? ""}\0${typeof session === "string" ? session : "default"}`;
}
