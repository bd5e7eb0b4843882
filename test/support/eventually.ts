// For what happens in its own time (a watched file reloaded, a record written
// by another process): ask again until it holds, or fail after the time given.
// A limit on waiting, never a measure of speed.

/** Poll until the condition holds; throws after `timeoutMs`. */
export async function eventually(condition: () => Promise<boolean> | boolean, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await Bun.sleep(25);
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}
