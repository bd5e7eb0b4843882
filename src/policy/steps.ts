// Work that yields between units, so that a caller can interleave it with
// other work: the extension loads a 10,000-rule policy in slices and answers
// requests in between; the command line simply runs the steps to the end.
// A generator keeps the loader pure: yielding is not I/O.

/** Work done in steps; each `yield` is a point where the caller may pause. */
export type Steps<T> = Generator<void, T, void>;

/** Run every step now and return the result. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
