// One extension process as the host runs it: a plugin folder of its own, the
// handshake, and the checks that hold between and after cases — it is alive,
// a plain request is answered correctly, stdout holds nothing but frames, and
// at the end a shutdown pipelined behind a hook answers both and exits 0.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, idKey } from "./client.ts";
import { frame } from "../support/strict-frames.ts";
import { checkAnswer, checkHookResult, type HOST_TIMEOUT_MS, waitFor } from "./oracle.ts";

export class Session {
  client: Client;
  readonly folder: string;
  readonly #config: Record<string, unknown>;
  /** The last probe went unanswered: the process is alive but no longer serves. */
  #stalled = false;
  /** Ids continue across restarts, as the host numbers them. */
  #ids: { next(): number };

  private constructor(folder: string, config: Record<string, unknown>, ids: { next(): number }) {
    this.folder = folder;
    this.#config = config;
    this.#ids = ids;
    this.client = this.#spawn();
  }

  /** Start in a fresh plugin folder (or the one given) and complete the handshake. */
  static async start(ids: { next(): number }, options: { folder?: string; config?: Record<string, unknown> } = {}): Promise<{ session: Session; problems: string[] }> {
    const folder = options.folder ?? mkdtempSync(join(tmpdir(), "synaps-policy-fuzz-"));
    const session = new Session(folder, options.config ?? {}, ids);
    return { session, problems: await session.#handshake() };
  }

  #spawn(): Client {
    return new Client({ cwd: this.folder });
  }

  async #handshake(): Promise<string[]> {
    const params = { synaps_version: "fuzz", extension_protocol_version: 1, plugin_id: "synaps-policy", plugin_root: this.folder, config: this.#config };
    return this.requestChecked("initialize", params);
  }

  /** Send one host request with a fresh id and check its answer. */
  async requestChecked(method: keyof typeof HOST_TIMEOUT_MS, params: unknown): Promise<string[]> {
    const id = this.#ids.next();
    const sent = performance.now();
    this.client.write(frame({ jsonrpc: "2.0", id, method, params }));
    const answer = await this.client.answerTo(idKey(id), waitFor(method));
    return checkAnswer({ key: idKey(id), method, params }, answer, (answer?.at ?? performance.now()) - sent);
  }

  /** The process is alive, serves a plain request correctly, and has written nothing but frames. */
  async probe(label: string): Promise<string[]> {
    const problems = this.health();
    if (problems.length > 0) return problems;
    const name = `probe ${label}`;
    const id = this.#ids.next();
    this.client.write(frame({ jsonrpc: "2.0", id, method: "tool.call", params: { name: "hello", input: { name } } }));
    const answer = await this.client.answerTo(idKey(id), waitFor("tool.call"));
    const content = answer?.message?.result?.content;
    this.#stalled = !answer;
    if (content !== `Hello, ${name}! (from synaps-policy)`)
      return [`the request after the case was not answered correctly: ${answer ? answer.raw.slice(0, 300) : "no answer"}`, ...this.health()];
    return [];
  }

  health(): string[] {
    const problems: string[] = [];
    if (this.client.violation) problems.push(`stdout broke the framing: ${this.client.violation}`);
    if (!this.client.alive)
      problems.push(`the process died (exit code ${this.client.proc.exitCode}, signal ${this.client.proc.signalCode}); stderr ends: ${this.client.stderrText.slice(-600)}`);
    return problems;
  }

  /** After a death, a broken stdout or a probe left unanswered, start again so later cases still run. */
  async restartIfBroken(): Promise<void> {
    if (this.client.alive && !this.client.violation && !this.#stalled) return;
    this.#stalled = false;
    if (this.client.alive) this.client.proc.kill("SIGKILL");
    await this.client.close();
    this.client = this.#spawn();
    await this.#handshake();
  }

  /** End as the host does: a hook and a shutdown in one write; both answered, in that order, then exit 0. */
  async finish(): Promise<string[]> {
    const problems = this.health();
    if (problems.length > 0) return problems;
    const hookId = this.#ids.next();
    const shutdownId = this.#ids.next();
    const event = {
      kind: "before_tool_call",
      tool_name: "bash",
      tool_runtime_name: "bash",
      tool_input: { command: "rm -rf ~" },
      tool_output: null,
      message: null,
      session_id: "fuzz",
      transcript: null,
      data: null,
    };
    const sent = performance.now();
    this.client.write(
      Buffer.concat([frame({ jsonrpc: "2.0", id: hookId, method: "hook.handle", params: event }), frame({ jsonrpc: "2.0", id: shutdownId, method: "shutdown", params: null })]),
    );
    const hook = await this.client.answerTo(idKey(hookId), waitFor("hook.handle"));
    const shutdown = await this.client.answerTo(idKey(shutdownId), waitFor("hook.handle"));
    problems.push(...checkAnswer({ key: idKey(hookId), method: "hook.handle", params: event }, hook, (hook?.at ?? performance.now()) - sent));
    if (hook) problems.push(...checkHookResult("before_tool_call", hook.message.result).map((problem) => `final hook: ${problem}`));
    if (shutdown?.message?.result !== null) problems.push(`shutdown answered ${shutdown ? shutdown.raw.slice(0, 200) : "nothing"}, not null`);
    if (hook && shutdown && this.client.answers.indexOf(shutdown) < this.client.answers.indexOf(hook)) problems.push("shutdown was answered before the hook in flight");
    const code = await this.client.exited(2_000);
    if (code !== 0) problems.push(`after shutdown the process ${code === undefined ? "was still running after 2 s" : `exited ${code}`}`);
    return problems;
  }

  async close(options: { keepFolder?: boolean } = {}) {
    await this.client.close();
    if (!options.keepFolder) rmSync(this.folder, { recursive: true, force: true });
  }
}
