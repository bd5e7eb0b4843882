// Keeping memory flat. JavaScriptCore collects lazily, and each parse leaves
// short-lived garbage that is not on the JS heap's books (wasm-side node
// views), so RSS would climb to hundreds of MB under a busy session. A full
// collection runs when the pipe goes quiet, and every so many requests under
// sustained load — never on the path of a waiting answer. Measured (issue 27):
// without it peak RSS over 4,000 mixed calls was 145 MB against 126 MB with
// it, and it costs nothing measurable before the first hook; so it stays.
// Large requests (64 KiB writes) each leave several copies of their text
// behind: every LIGHT_EVERY_BYTES of them an asynchronous collection is
// started, which does not hold up the next answer. Measured (issue 25,
// `bun run bench --memory`): peak RSS +45 MB over 2,000 such writes without
// it, +25 MB with it; a full collection as often (1 MiB) gave +18 MB but put
// a ~20 ms pause in the p99 of the writes.
// Small requests leave garbage too (a shell analysis, an audit record), and
// JavaScriptCore sizes its young generation by the machine's RAM (tens of MB
// on a 24 GB box) before it collects on its own: the same asynchronous
// collection is also started every LIGHT_EVERY_REQUESTS answers. Measured (issue
// 27, 5,000 new typical commands, compiled binary, two runs each): peak RSS
// 117–124 MB without it, 94–98 MB every 20 (10: the same; 50: 100–106), hook
// p50 unchanged within the machine's noise.
// Neither count sees how much garbage a request makes: a 1,900-character
// compound command is ~25 ms of analysis and megabytes of garbage, and 20 of
// them between light collections took RSS to 185 MB (issue 27). The time spent
// answering stands in for what was allocated: a light collection also every
// LIGHT_EVERY_WORK_MS of it, a full one every EVERY_WORK_MS. Measured (600
// such commands, compiled binary): peak 185 -> 113 MB, p50 not slower; the
// mixed load's peak and p50 unchanged within the machine's noise.
const IDLE_MS = 100;
const EVERY_REQUESTS = 1_000;
/** Large frames (a 256 KiB tool output) leave large garbage: collect after this much input too. */
const EVERY_BYTES = 8 * 1024 * 1024;
const LIGHT_EVERY_BYTES = 1024 * 1024;
const LIGHT_EVERY_REQUESTS = 20;
/** Milliseconds spent answering (wall time from frame to answer), light and full: see the header. */
const LIGHT_EVERY_WORK_MS = 20;
const EVERY_WORK_MS = 1_000;
/**
 * What one answer counts towards the full collection: a 64 KiB script written is judged as the run it will be
 * (~50–100 ms of analysis and megabytes of garbage, much of it promoted before the call ends, which only a full
 * collection frees). Counted at 20 ms like any answer, 50 such writes passed between full collections and RSS
 * rose ~100 MB (issue 27); at most this much, one answer still never brings a full collection alone.
 */
const FULL_WORK_PER_ANSWER_MS = 200;
/**
 * Answers that took at least LIGHT_EVERY_WORK_MS each are heavy: a full collection also runs once they add up to
 * this much (each counted up to FULL_WORK_PER_ANSWER_MS), about every four such writes. Everyday hooks (well under
 * a millisecond of work) never count here.
 */
const FULL_EVERY_HEAVY_WORK_MS = 250;

/** When and how a collection runs; tests give their own clock and collector. */
export type CollectorOptions = {
  /** True while a request waits for its answer: a collection then would sit on that answer's path. */
  busy: () => boolean;
  /** Calls wake once ms have passed (no earlier). */
  after?: (ms: number, wake: () => void) => void;
  /** Milliseconds on a clock that only moves forward. */
  now?: () => number;
  /** Runs a collection: full (synchronous) or light (started, not waited for). */
  collect?: (full: boolean) => void;
};

const realAfter = (ms: number, wake: () => void) => {
  setTimeout(wake, ms).unref?.();
};

export class CollectWhenIdle {
  #sinceCollection = 0;
  #sinceLight = 0;
  #bytesSinceCollection = 0;
  #bytesSinceLight = 0;
  #workSinceCollection = 0;
  #workSinceLight = 0;
  /** Work of heavy answers (FULL_EVERY_HEAVY_WORK_MS) since the last full collection. */
  #heavyWorkSinceCollection = 0;
  /**
   * One timer at most, re-armed lazily: setting and clearing a timer at every answer was a measurable part of a
   * repeated hook (issue 27). An answer only notes its time; the timer, when it fires, looks whether the pipe has
   * really been quiet for IDLE_MS since the last answer, and waits the rest if not.
   */
  #armed = false;
  /** Whether a collection is owed once the pipe goes quiet: something was answered since the last full one. */
  #owed = false;
  #lastAnswer = 0;
  /** When the work counted so far ended (workOf): requests answered at once count their overlap once. */
  #workCountedTo = 0;
  readonly #busy: () => boolean;
  readonly #after: (ms: number, wake: () => void) => void;
  readonly #now: () => number;
  readonly #gc: (full: boolean) => void;

  constructor({ busy, after = realAfter, now = () => performance.now(), collect = (full) => Bun.gc(full) }: CollectorOptions) {
    this.#busy = busy;
    this.#after = after;
    this.#now = now;
    this.#gc = collect;
  }

  /** Milliseconds on the collector's clock (the server times its requests by it). */
  now(): number {
    return this.#now();
  }

  /**
   * The work an answer to a request begun at `began` adds: the time since the later of its start and the previous
   * answer. Requests answered at once (a host sending several before reading answers) overlap, and each one's wall
   * time counted whole added their waits for each other: 32 in flight made every answer count a light collection's
   * worth, and collections took ~30 % of the CPU of a pipelined run (issue 27). Counted this way, the work of a
   * busy stretch is its length, however many requests share it.
   */
  workOf(began: number): number {
    const now = this.#now();
    const work = Math.max(0, now - Math.max(began, this.#workCountedTo));
    this.#workCountedTo = now;
    return work;
  }

  /** Call after each answer has been written, with the size of the request it answered and the milliseconds of work it added (workOf). */
  answered(requestBytes: number, workMs = 0) {
    // A long answer may have been waiting rather than working (the first hook waits for the policy): one answer
    // counts at most a light collection's worth towards the next light one, and at most FULL_WORK_PER_ANSWER_MS
    // towards the full one, so a slow start is never followed by a full collection at once.
    const work = Math.min(workMs, LIGHT_EVERY_WORK_MS);
    this.#sinceCollection++;
    this.#bytesSinceCollection += requestBytes;
    this.#workSinceCollection += Math.min(workMs, FULL_WORK_PER_ANSWER_MS);
    if (workMs >= LIGHT_EVERY_WORK_MS) this.#heavyWorkSinceCollection += Math.min(workMs, FULL_WORK_PER_ANSWER_MS);
    if (
      this.#sinceCollection >= EVERY_REQUESTS ||
      this.#bytesSinceCollection >= EVERY_BYTES ||
      this.#workSinceCollection >= EVERY_WORK_MS ||
      this.#heavyWorkSinceCollection >= FULL_EVERY_HEAVY_WORK_MS
    ) {
      this.#collect();
      return;
    }
    this.#bytesSinceLight += requestBytes;
    this.#sinceLight++;
    this.#workSinceLight += work;
    if (this.#bytesSinceLight >= LIGHT_EVERY_BYTES || this.#sinceLight >= LIGHT_EVERY_REQUESTS || this.#workSinceLight >= LIGHT_EVERY_WORK_MS) {
      this.#bytesSinceLight = 0;
      this.#sinceLight = 0;
      this.#workSinceLight = 0;
      this.#gc(false);
    }
    this.#owed = true;
    this.#lastAnswer = this.#now();
    if (this.#armed) return;
    this.#arm(IDLE_MS);
  }

  #arm(ms: number) {
    this.#armed = true;
    this.#after(ms, () => this.#wake());
  }

  /**
   * The timer fired. Quiet for IDLE_MS since the last answer — unless a request is still waiting (the first hook
   * waits for the policy while it loads, issue 27): then no collection, and its answer arms the next one.
   */
  #wake() {
    this.#armed = false;
    if (!this.#owed || this.#busy()) return;
    const quietFor = this.#now() - this.#lastAnswer;
    if (quietFor < IDLE_MS) {
      this.#arm(IDLE_MS - quietFor);
      return;
    }
    this.#collect();
  }

  #collect() {
    this.#owed = false;
    this.#sinceCollection = 0;
    this.#bytesSinceCollection = 0;
    this.#bytesSinceLight = 0;
    this.#sinceLight = 0;
    this.#workSinceCollection = 0;
    this.#heavyWorkSinceCollection = 0;
    this.#workSinceLight = 0;
    this.#gc(true);
  }
}
