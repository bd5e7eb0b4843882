// The serving loop: bytes from stdin become requests, answers become frames
// on stdout. Answers are written synchronously with fs.writeSync so that an
// exit right after can never lose one (Bun's process.stdout.write can).
//
// Ending is one path whatever asks for it (a `shutdown` request, a signal,
// stdin closing): stop reading, let the answers in flight finish within a
// grace period, send the last answer, write the exit line, exit 0.
import { writeSync } from "node:fs";
import { type DecodedItem, encodeFrameText, FrameDecoder } from "./framing.ts";
import { ErrorCode, errorText, NULL_ID, readMessage, resultText, type IdJson, type Incoming, type Message } from "./jsonrpc.ts";
import { EXIT_GRACE_MS, type ExitGrace, MAX_REQUESTS_IN_FLIGHT } from "../limits.ts";
import { type CollectorOptions, CollectWhenIdle } from "./memory.ts";
import { flushLog, logLine } from "./stderr.ts";

/**
 * `startUp`: the answer's time was the start's (the first hook waits for the first policy load, whose data is kept,
 * not garbage): it counts as no work for the collector (memory.ts), so the start is not followed at once by a
 * collection — what it leaves is collected when the pipe first goes quiet.
 */
export type MethodOutcome = { result: unknown; afterwards: "serve" | "exit"; startUp?: true };

/**
 * Answers one method call. Ordinary failures are results, never thrown. A
 * method that ends the process should say so synchronously, so that frames
 * behind it in the same write are not served.
 */
export type Dispatch = (method: string, params: unknown) => Promise<MethodOutcome> | MethodOutcome;

export type ServeOptions = {
  dispatch: Dispatch;
  input?: AsyncIterable<Uint8Array>;
  /** Writes one whole frame; "closed" when nobody reads any more. Default: stdout, synchronously. */
  output?: (frame: Uint8Array) => "written" | "closed";
  /** Runs once before the process exits, whatever the reason (flush logs, close files). */
  beforeExit?: () => void;
  /** Ends the process; tests pass their own. */
  exit?: (code: number) => void;
  grace?: ExitGrace;
  /** When and how collections run; tests give their own clock and collector (the busy test is the connection's). */
  memory?: Omit<CollectorOptions, "busy">;
  /** Requests answered at once at most; the reading of input waits for one to finish beyond it (limits.ts). */
  maxInFlight?: number;
};

/** Signals that end the process cleanly: answers in flight finish, the exit line is written, exit code 0. */
const ENDING_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2"] as const;

export async function serve(options: ServeOptions): Promise<void> {
  const connection = new Connection(options);
  for (const signal of ENDING_SIGNALS) {
    try {
      process.on(signal, () => connection.signalled(signal));
    } catch {
      // this platform cannot deliver that signal
    }
  }
  // A bug outside any request must not take the guard down with it: the host
  // would fail open while it restarts us.
  process.on("uncaughtException", (error) => logLine(`unexpected error outside any request; serving on: ${describeError(error)}`));
  process.on("unhandledRejection", (error) => logLine(`unexpected error outside any request; serving on: ${describeError(error)}`));
  await connection.run(options.input ?? Bun.stdin.stream());
}

/** What one frame asks us to send (undefined: nothing, e.g. notifications), and whether the process ends after it. */
type Reply = Answer & { size: number; began: number };
type Answer = { text: string | undefined; exit: boolean; startUp?: true };

export class Connection {
  readonly #decoder = new FrameDecoder();
  readonly #inFlight = new Set<Promise<Reply>>();
  readonly #dispatch: Dispatch;
  readonly #output: (frame: Uint8Array) => "written" | "closed";
  readonly #beforeExit: (() => void) | undefined;
  readonly #exit: (code: number) => void;
  readonly #grace: ExitGrace;
  readonly #memory: CollectWhenIdle;
  readonly #maxInFlight: number;
  /** Wakes the reading of input when an answer frees a place (set while it waits for one). */
  #placeFreed: (() => void) | undefined;
  /** Set once the process is to end: no further frame is served. */
  #closing = false;
  #ending: Promise<void> | undefined;
  /** Answers that go out after everything in flight, just before the exit (the answer to shutdown). */
  readonly #lastAnswers: string[] = [];
  #ended = false;
  #saidOdd = false;

  constructor(options: ServeOptions) {
    this.#dispatch = options.dispatch;
    this.#output = options.output ?? ((frame) => writeFully(1, frame));
    this.#beforeExit = options.beforeExit;
    this.#exit = options.exit ?? ((code) => process.exit(code));
    this.#grace = options.grace ?? EXIT_GRACE_MS;
    this.#memory = new CollectWhenIdle({ ...options.memory, busy: () => this.#inFlight.size > 0 });
    this.#maxInFlight = options.maxInFlight ?? MAX_REQUESTS_IN_FLIGHT;
  }

  /** Requests being answered now (for tests of the bound on reading ahead). */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  async run(input: AsyncIterable<Uint8Array>) {
    for await (const chunk of input) {
      if (this.#closing) break;
      this.#receive(chunk);
      // Read ahead no further than the bound: the host waits for answers anyway, and every frame started at once
      // held its request, its event and its analysis alive until answered (a pipe of 30,000 hooks: 340 MB, most of
      // the CPU in collections). Not reading leaves the rest in the pipe, where it costs us nothing.
      while (this.#decoder.paused && !this.#closing) {
        if (this.#inFlight.size >= this.#maxInFlight) await new Promise<void>((wake) => (this.#placeFreed = wake));
        this.#decoder.resume(this.#take);
      }
    }
    if (!this.#closing && this.#decoder.hasPartialFrame) logLine("framing: stdin closed in the middle of a frame; dropped it");
    await this.end("stdin closed", this.#grace.stdinClosed);
  }

  /** A signal asked us to stop; a second one does not wait any more. */
  signalled(signal: string) {
    if (this.#ending) return void this.#exitNow(`${signal} received again; not waiting for answers in flight`);
    void this.end(`${signal} received`, this.#grace.signal);
  }

  /**
   * Finish what is in flight (for up to graceMs), send `last`, write the exit
   * line and exit. The first call sets the reason and the grace; a `last`
   * answer from a later call (a shutdown answered while stdin already closed)
   * still goes out before the exit.
   */
  end(why: string, graceMs: number, last?: string): Promise<void> {
    this.#closing = true;
    if (last !== undefined) this.#lastAnswers.push(last);
    this.#ending ??= this.#finish(why, graceMs);
    return this.#ending;
  }

  async #finish(why: string, graceMs: number) {
    const unanswered = await this.#settle(graceMs);
    if (unanswered > 0)
      logLine(
        `${unanswered} request${unanswered === 1 ? " was" : "s were"} still unanswered after ${graceMs} ms; ending without ${unanswered === 1 ? "its answer" : "their answers"}`,
      );
    for (const text of this.#lastAnswers) this.#send(text);
    await this.#exitNow(why);
  }

  /** Wait for the answers in flight, at most graceMs; how many are still missing. */
  async #settle(graceMs: number): Promise<number> {
    if (this.#inFlight.size === 0) return 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.allSettled([...this.#inFlight]), timeout]);
    clearTimeout(timer);
    return this.#inFlight.size;
  }

  async #exitNow(why: string) {
    if (this.#ended) return;
    this.#ended = true;
    this.#closing = true;
    logLine(`exiting: ${why}`);
    try {
      this.#beforeExit?.();
    } catch (error) {
      logLine(`cleanup before exit failed: ${describeError(error)}`);
    }
    await flushLog();
    this.#exit(0);
  }

  #receive(chunk: Uint8Array) {
    this.#refused = false;
    this.#decoder.feed(chunk, this.#take);
  }

  #refused = false;

  /** One decoded item; false (no more for now) once the answers in flight reach the bound. */
  readonly #take = (item: DecodedItem): boolean => {
    if (this.#refused) return true;
    if (this.#closing) {
      this.#refused = true;
      logLine("ending: frames that arrive now are not served");
      return true;
    }
    // A body is a view into the decoder's buffer: #reply reads it before its first await, so it is never copied.
    if (item.kind === "problem") logLine(`framing: ${item.message}`);
    else this.#start(this.#reply(item.body));
    return this.#inFlight.size < this.#maxInFlight;
  };

  #start(work: Promise<Reply>) {
    this.#inFlight.add(work);
    void work.then(
      (reply) => {
        this.#settled(work);
        this.#deliver(reply);
      },
      (error: unknown) => {
        // #reply catches everything; this is the last line of defence against a frame that is never let go.
        this.#settled(work);
        internalError("reading a frame", error);
      },
    );
  }

  #settled(work: Promise<Reply>) {
    this.#inFlight.delete(work);
    const wake = this.#placeFreed;
    this.#placeFreed = undefined;
    wake?.();
  }

  #deliver(reply: Reply) {
    if (reply.exit) {
      void this.end("shutdown requested", this.#grace.shutdown, reply.text);
      return;
    }
    if (reply.text !== undefined) this.#send(reply.text);
    const work = this.#memory.workOf(reply.began);
    this.#memory.answered(reply.size, reply.startUp ? 0 : work);
  }

  // No await may come before the dispatch in #reply and #answer: a method
  // that ends the process must be seen before the next frame is read.
  // The body is only lent (see #receive): it is read here, at once, and not
  // kept past this call.
  #reply(body: Uint8Array): Promise<Reply> {
    const size = body.length;
    const began = this.#memory.now();
    let message: Message;
    try {
      message = readMessage(body);
    } catch (error) {
      internalError("reading a request", error);
      return Promise.resolve({ text: errorText(NULL_ID, ErrorCode.internalError, "Internal error reading the request"), exit: false, size, began });
    }
    return this.#answerAll(message, size, began);
  }

  async #answerAll(message: Message, size: number, began: number): Promise<Reply> {
    if (message.kind !== "batch") return { ...(await this.#answer(message)), size, began };
    const answers = await Promise.all(message.items.map((item) => this.#answer(item)));
    const texts = answers.flatMap((answer) => (answer.text === undefined ? [] : [answer.text]));
    const startUp = answers.some((answer) => answer.startUp) ? { startUp: true as const } : {};
    return { text: texts.length > 0 ? `[${texts.join(",")}]` : undefined, exit: answers.some((answer) => answer.exit), ...startUp, size, began };
  }

  async #answer(incoming: Incoming): Promise<Answer> {
    switch (incoming.kind) {
      case "ignored":
        logLine(`ignored ${incoming.why}`);
        return { text: undefined, exit: false };
      case "invalid":
        logLine(incoming.message);
        return { text: errorText(incoming.id, incoming.code, incoming.message), exit: false };
      case "notification": {
        const outcome = await this.#call(incoming.method, incoming.params);
        return { text: undefined, exit: !(outcome instanceof Error) && outcome.afterwards === "exit" };
      }
      case "request": {
        if (incoming.odd && !this.#saidOdd) {
          this.#saidOdd = true;
          logLine(`serving requests whose ${incoming.odd}; said once`);
        }
        const outcome = await this.#call(incoming.method, incoming.params);
        if (outcome instanceof Error) return { text: errorText(incoming.id, ErrorCode.internalError, `Internal error in ${incoming.method}`), exit: false };
        const text = this.#resultText(incoming.id, incoming.method, outcome.result);
        return { text, exit: outcome.afterwards === "exit", ...(outcome.startUp ? { startUp: true } : {}) };
      }
    }
  }

  /** Dispatch, noting at once (before any await) a method that ends the process. A thrown error is returned. */
  #call(method: string, params: unknown): MethodOutcome | Error | Promise<MethodOutcome | Error> {
    let outcome: MethodOutcome | Promise<MethodOutcome>;
    try {
      outcome = this.#dispatch(method, params);
    } catch (error) {
      return internalError(method, error);
    }
    if (!(outcome instanceof Promise)) {
      if (outcome.afterwards === "exit") this.#closing = true;
      return outcome;
    }
    return outcome.catch((error: unknown) => internalError(method, error));
  }

  #resultText(id: IdJson, method: string, result: unknown): string {
    try {
      return resultText(id, result);
    } catch (error) {
      internalError(method, error);
      return errorText(id, ErrorCode.internalError, `Internal error in ${method}: the result could not be written as JSON`);
    }
  }

  #send(text: string) {
    if (this.#ended) return;
    if (this.#output(encodeFrameText(text)) === "closed") void this.#exitNow("stdout was closed by the reader");
  }
}

/**
 * A bug of ours. The host restarts us on an error answer, which is the right
 * thing when we are in a state we do not understand.
 */
function internalError(method: string, error: unknown): Error {
  logLine(`internal error in ${method}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return error instanceof Error ? error : new Error(String(error));
}

function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** Write every byte, waiting out a full pipe; "closed" when nobody reads any more. */
function writeFully(fd: number, bytes: Uint8Array): "written" | "closed" {
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
      logLine(`writing an answer failed: ${(error as Error).message}`);
      return "closed";
    }
  }
  return "written";
}
