// The one duration a test may assert (DESIGN, "Budgets are deterministic in
// tests"): that an answer arrives within the host's own hook timeout. A
// reader that is quadratic on a crafted file of the size limit takes seconds
// to minutes and is charged to no work budget, so the host would give up and
// run the call; a linear one takes milliseconds, far inside the limit even on
// a loaded machine.
import { expect } from "bun:test";
import { HOST_HOOK_TIMEOUT_MS } from "../../src/limits.ts";

/** Runs `work` and expects it to end within the host's hook timeout; returns what it returned. */
export function withinHostHookLimit<T>(work: () => T): T {
  const started = performance.now();
  const result = work();
  const elapsed = performance.now() - started;
  expect(elapsed).toBeLessThan(HOST_HOOK_TIMEOUT_MS);
  return result;
}
