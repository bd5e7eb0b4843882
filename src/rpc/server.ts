// The serving loop: bytes from stdin become requests, answers become frames
// on stdout. Answers are written synchronously with fs.writeSync so that an
// exit right after can never lose one (Bun's process.stdout.write can).
import { writeSync } from "node:fs";
import { FrameDecoder } from "./framing.ts";
import { encodeFrame } from "./framing.ts";
import { ErrorCode, failure, readMessage, success, type Outgoing, type RequestId } from "./jsonrpc.ts";
import { CollectWhenIdle } from "./memory.ts";
import { logLine } from "./stderr.ts";

export type MethodOutcome = { result: unknown; then: "serve" | "exit" };

/** Answers one method call. Ordinary failures are results, never thrown. */
export type Dispatch = (method: string, params: unknown) => Promise<MethodOutcome> | MethodOutcome;

export type ServeOptions = {
  dispatch: Dispatch;
  input?: AsyncIterable<Uint8Array>;
  outputFd?: number;
  /** Runs once before the process exits, whatever the reason (flush logs, close files). */
  beforeExit?: () => void;
};

export async function serve(options: ServeOptions): Promise<never> {
  const connection = new Connection(options);
  process.on("SIGTERM", () => connection.exit(0, "SIGTERM received"));
  process.on("SIGINT", () => connection.exit(0, "SIGINT received"));
  await connection.run(options.input ?? Bun.stdin.stream());
  return connection.exit(0);
}

class Connection {
  readonly #decoder = new FrameDecoder();
  readonly #inFlight = new Set<Promise<void>>();
  readonly #dispatch: Dispatch;
  readonly #outputFd: number;
  readonly #beforeExit: (() => void) | undefined;
  readonly #memory = new CollectWhenIdle();
  #exiting = false;

  constructor(options: ServeOptions) {
    this.#dispatch = options.dispatch;
    this.#outputFd = options.outputFd ?? 1;
    this.#beforeExit = options.beforeExit;
  }

  async run(input: AsyncIterable<Uint8Array>) {
    for await (const chunk of input) {
      for (const item of this.#decoder.push(chunk)) {
        if (item.kind === "problem") logLine(`framing: ${item.message}`);
        else this.#receive(item.body);
      }
    }
    if (this.#decoder.hasPartialFrame) logLine("framing: stdin closed in the middle of a frame; dropped it");
    // Answer what is already being worked on before leaving.
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  exit(code: number, why?: string): never {
    if (why) logLine(`exiting: ${why}`);
    if (!this.#exiting) {
      this.#exiting = true;
      try {
        this.#beforeExit?.();
      } catch (error) {
        logLine(`cleanup before exit failed: ${(error as Error).message}`);
      }
    }
    process.exit(code);
  }

  #receive(body: Uint8Array) {
    const message = readMessage(body);
    const size = body.length;
    switch (message.kind) {
      case "ignored":
        logLine(`ignored ${message.why}`);
        return;
      case "invalid":
        logLine(message.message);
        this.#send(failure(message.id, message.code, message.message));
        return;
      case "notification":
        this.#track(this.#call(undefined, message.method, message.params, size));
        return;
      case "request":
        this.#track(this.#call(message.id, message.method, message.params, size));
        return;
    }
  }

  #track(work: Promise<void>) {
    this.#inFlight.add(work);
    void work.finally(() => this.#inFlight.delete(work));
  }

  async #call(id: RequestId | undefined, method: string, params: unknown, size: number) {
    let outcome: MethodOutcome;
    try {
      outcome = await this.#dispatch(method, params);
    } catch (error) {
      // A bug of ours. The host restarts us on an error answer, which is the
      // right thing when we are in a state we do not understand.
      logLine(`internal error in ${method}: ${(error as Error).stack ?? error}`);
      if (id !== undefined) this.#send(failure(id, ErrorCode.internalError, `Internal error in ${method}`));
      return;
    }
    if (id !== undefined) this.#send(success(id, outcome.result));
    if (outcome.then === "exit") this.exit(0);
    this.#memory.answered(size);
  }

  #send(message: Outgoing) {
    writeFully(this.#outputFd, encodeFrame(message), () => this.exit(0, "stdout was closed by the reader"));
  }
}

/** Write every byte, waiting out a full pipe; call onClosed when nobody reads any more. */
function writeFully(fd: number, bytes: Uint8Array, onClosed: () => void) {
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") {
        Bun.sleepSync(1);
        continue;
      }
      if (code === "EPIPE" || code === "EBADF") return onClosed();
      throw error;
    }
  }
}
