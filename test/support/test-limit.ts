// The per-test limit for bare `bun test`. Bun 1.4.5 gives every test 5 s
// unless --timeout is passed, ignores bunfig's `[test] timeout`, and
// setDefaultTimeout acts only on the file that calls it (a preload's call, or
// one in a module every file imports, reaches the first file only; checked).
// So every test file calls setTestLimit() at its top, and
// test/test-limit.test.ts checks that each does. The limit is a guard against
// a hung test, the same as `bun run test`'s --timeout: a loaded machine makes
// tests slower, never wrong, and no test may fail from load alone.
import { setDefaultTimeout } from "bun:test";

export const TEST_LIMIT_MS = 60_000;

/** Give every test of the calling file TEST_LIMIT_MS (call it once, before the file's tests). */
export function setTestLimit(): void {
  setDefaultTimeout(TEST_LIMIT_MS);
}
