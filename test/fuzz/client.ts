// A client for the compiled binary that keeps what the fuzz oracle needs: the
// raw text of every answer (ids above 2^53 survive), when each answer arrived,
// and any byte on stdout that is not a strict Content-Length frame. Its frame
// reader is independent of src/rpc, and as strict as the host.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOST_BINARY } from "../../build.ts";
import { Changes } from "../support/changes.ts";
import { frame, StrictFrameReader } from "../support/strict-frames.ts";

export type Answer = {
  /** The frame body as text, exactly as written. */
  raw: string;
  /** The body parsed (an object, or an array for a batch). */
  message: any;
  /** performance.now() when the frame was complete. */
  at: number;
  /** The id of each answer in the frame (one, or one per batch element), as the text filed under. */
  ids: string[];
};

export type ClientOptions = {
  cwd?: string;
  args?: string[];
  env?: Record<string, string>;
  /** "pipe" (read and kept) or a file descriptor, e.g. the write end of a FIFO nobody drains. */
  stderr?: "pipe" | number;
};

/** The key an answer is filed under: the JSON text of its id (string ids quoted; numbers as written, see #file). */
export function idKey(id: unknown): string {
  return JSON.stringify(id ?? null);
}

type Reviver = (this: any, key: string, value: unknown, context?: { source?: string }) => unknown;

export class Client {
  readonly proc: Bun.Subprocess<"pipe", "pipe", "pipe" | number>;
  readonly cwd: string;
  readonly answers: Answer[] = [];
  /** What was wrong with a frame's body, if anything (the reader keeps what was wrong with the framing). */
  #bodyViolation: string | undefined;
  stderrText = "";
  readonly #byId = new Map<string, Answer>();
  readonly #changes = new Changes();
  readonly #reader = new StrictFrameReader();
  #nextId = 1;
  readonly #stdoutDone: Promise<void>;

  constructor(options: ClientOptions = {}) {
    this.cwd = options.cwd ?? mkdtempSync(join(tmpdir(), "synaps-policy-fuzz-"));
    this.proc = Bun.spawn([HOST_BINARY, ...(options.args ?? [])], {
      cwd: this.cwd,
      // A HOME of its own inside the fresh folder: the default audit log lives under HOME, never the real one's.
      env: options.env ?? { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: join(this.cwd, "home"), LANG: "C.UTF-8", TERM: "dumb" },
      stdin: "pipe",
      stdout: "pipe",
      stderr: options.stderr ?? "pipe",
    }) as Bun.Subprocess<"pipe", "pipe", "pipe" | number>;
    this.#stdoutDone = this.#pumpStdout();
    if (options.stderr === undefined || options.stderr === "pipe") void this.#pumpStderr();
  }

  /** What was wrong with stdout, if anything: the host would kill its reader here. */
  get violation(): string | undefined {
    return this.#reader.violation ?? this.#bodyViolation;
  }

  get alive(): boolean {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  write(bytes: Uint8Array | string): boolean {
    try {
      this.proc.stdin.write(bytes);
      this.proc.stdin.flush();
      return true;
    } catch {
      return false; // the process is gone; the oracle reports it
    }
  }

  /** A fresh numeric id, as the host numbers its requests. */
  nextId(): number {
    return this.#nextId++;
  }

  /** Send a request and wait for its answer; `ms` is how long the answer took. */
  async request(method: string, params: unknown, timeoutMs: number): Promise<{ id: number; answer: Answer | undefined; ms: number }> {
    const id = this.nextId();
    const sent = performance.now();
    this.write(frame({ jsonrpc: "2.0", id, method, params }));
    const answer = await this.answerTo(idKey(id), timeoutMs);
    return { id, answer, ms: (answer?.at ?? performance.now()) - sent };
  }

  /** The answer filed under this id key, waiting for it up to `timeoutMs`; undefined when none came. */
  async answerTo(key: string, timeoutMs: number): Promise<Answer | undefined> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.#byId.get(key);
      if (found) return found;
      const left = deadline - performance.now();
      if (left <= 0 || this.violation || (!this.alive && this.#stdoutClosed)) return undefined;
      await this.#changes.next(left);
    }
  }

  /** Wait until the process exits; the exit code, or undefined when it is still running after `timeoutMs`. */
  async exited(timeoutMs: number): Promise<number | undefined> {
    const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, timeoutMs));
    const code = await Promise.race([this.proc.exited, timeout]);
    if (code !== undefined) await this.#stdoutDone;
    return code;
  }

  async close() {
    if (this.alive) {
      try {
        this.proc.stdin.end();
      } catch {
        // already closed
      }
      if ((await this.exited(5_000)) === undefined) this.proc.kill("SIGKILL");
    }
    await this.proc.exited;
  }

  #stdoutClosed = false;

  async #pumpStdout() {
    for await (const chunk of this.proc.stdout) {
      for (const body of this.#reader.push(chunk)) this.#file(body);
      this.#changes.happened();
    }
    this.#reader.end();
    this.#stdoutClosed = true;
    this.#changes.happened();
  }

  async #pumpStderr() {
    const decoder = new TextDecoder();
    for await (const chunk of this.proc.stderr as ReadableStream<Uint8Array>) {
      this.stderrText += decoder.decode(chunk, { stream: true });
      // Keep the tail only: a long fuzz run logs a lot.
      if (this.stderrText.length > 1_000_000) this.stderrText = this.stderrText.slice(-500_000);
    }
  }

  #file(body: Uint8Array) {
    let raw: string;
    let message: any;
    // Numeric ids are filed by the digits on the wire (JSON.parse would round 9007199254740993).
    const keys: string[] = [];
    const fileIds: Reviver = function (key, value, context) {
      if (key === "id" && this && typeof this === "object" && !Array.isArray(this) && "jsonrpc" in this) {
        keys.push(typeof value === "number" && context?.source ? context.source : idKey(value));
      }
      return value;
    };
    try {
      raw = new TextDecoder("utf-8", { fatal: true }).decode(body);
      message = JSON.parse(raw, fileIds as Parameters<typeof JSON.parse>[1]);
    } catch (error) {
      this.#bodyViolation ??= `a frame body is not UTF-8 JSON: ${(error as Error).message}`;
      return;
    }
    const answer: Answer = { raw, message, at: performance.now(), ids: keys };
    this.answers.push(answer);
    for (const key of keys) this.#byId.set(key, answer);
  }
}
