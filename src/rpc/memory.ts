// Keeping memory flat. JavaScriptCore collects lazily, and each parse leaves
// short-lived garbage that is not on the JS heap's books (wasm-side node
// views), so RSS would climb to hundreds of MB under a busy session. A full
// collection runs when the pipe goes quiet, and every so many requests under
// sustained load — never on the path of a waiting answer.
const IDLE_MS = 100;
const EVERY_REQUESTS = 200;

export class CollectWhenIdle {
  #sinceCollection = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** Call after each answer has been written. */
  answered() {
    this.#sinceCollection++;
    if (this.#sinceCollection >= EVERY_REQUESTS) {
      this.#collect();
      return;
    }
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#collect(), IDLE_MS);
    this.#timer.unref?.();
  }

  #collect() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#sinceCollection = 0;
    Bun.gc(true);
  }
}
