// Running work given as steps (see policy/steps.ts) without starving the
// event loop: a slice of steps, then a turn of the loop so that frames are
// read and answered, then the next slice. A 10,000-rule policy loads while
// hooks, tool calls and shutdown go on being answered.
//
// A slice ends at LOAD_SLICE_MS or after LOAD_SLICE_STEPS steps, whichever
// comes first: the step cap makes "a shutdown waits at most one slice"
// structural (each step is bounded work: a rule, a pack, a piece of a file),
// not something that rests on the clock being read often enough — a clock that
// never moves still gives the loop its turn (issue 26: shutdown within 500 ms).
import { LOAD_SLICE_MS, LOAD_SLICE_STEPS } from "../limits.ts";
import type { Steps } from "../policy/steps.ts";

export type SliceOptions = {
  /** The clock a slice's length is read on. */
  now?: () => number;
  sliceMs?: number;
  sliceSteps?: number;
  /** A turn of the event loop between slices. */
  pause?: () => Promise<void>;
};

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function runSliced<T>(steps: Steps<T>, options: SliceOptions = {}): Promise<T> {
  const { now = () => performance.now(), sliceMs = LOAD_SLICE_MS, sliceSteps = LOAD_SLICE_STEPS, pause = nextTurn } = options;
  for (;;) {
    const started = now();
    for (let taken = 0; taken < sliceSteps && (taken === 0 || now() - started < sliceMs); taken++) {
      const next = steps.next();
      if (next.done) return next.value;
    }
    await pause();
  }
}
