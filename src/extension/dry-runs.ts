// The model's dry runs (the `policy` tool with {tool, input}) are an oracle:
// a model steered by a prompt injection could try variant after variant of a
// dangerous command until one comes back `continue`. So they are off unless
// the person turns them on (config key model_dry_run), every one is audited,
// and after MAX_STOPPED_DRY_RUNS answers that would be stopped, further dry
// runs are refused. Tool calls carry no session id: the count is per
// extension process and starts again at on_session_start, and records take
// the session of the last hook seen.
import { MAX_STOPPED_DRY_RUNS } from "../limits.ts";

export class DryRuns {
  readonly enabled: boolean;
  #stopped = 0;
  #refused = 0;
  #session: string | null = null;

  constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  /** The host session ended: if it is the one counted, its count goes. */
  endSession(sessionId: string | null) {
    if (sessionId !== null && sessionId !== this.#session) return;
    this.#stopped = 0;
    this.#refused = 0;
  }

  /** A hook event arrived: remember its session; a new session starts the count again. */
  sawHook(kind: string, sessionId: string | null) {
    if (sessionId !== null) this.#session = sessionId;
    if (kind === "on_session_start") {
      this.#stopped = 0;
      this.#refused = 0;
    }
  }

  get session(): string | null {
    return this.#session;
  }

  /** Dry runs that would be stopped, so far in this session. */
  get stopped(): number {
    return this.#stopped;
  }

  get refused(): number {
    return this.#refused;
  }

  /** No more dry runs are answered in this session. */
  get exhausted(): boolean {
    return this.#stopped >= MAX_STOPPED_DRY_RUNS;
  }

  /** Count an answered dry run by the decision it reported. */
  answered(decision: string) {
    if (decision === "block" || decision === "confirm") this.#stopped++;
  }

  refusedOne() {
    this.#refused++;
  }
}
