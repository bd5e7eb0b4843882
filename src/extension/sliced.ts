// Running work given as steps (see policy/steps.ts) without starving the
// event loop: a slice of steps, then a turn of the loop so that frames are
// read and answered, then the next slice. A 10,000-rule policy loads while
// hooks, tool calls and shutdown go on being answered.
import { LOAD_SLICE_MS } from "../limits.ts";
import type { Steps } from "../policy/steps.ts";

export async function runSliced<T>(steps: Steps<T>, sliceMs: number = LOAD_SLICE_MS): Promise<T> {
  for (;;) {
    const started = performance.now();
    do {
      const next = steps.next();
      if (next.done) return next.value;
    } while (performance.now() - started < sliceMs);
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
}
