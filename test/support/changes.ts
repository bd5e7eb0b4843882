// "Something arrived": a reader of a child's output wakes whoever waits for
// the next frame or stderr line; each waiter looks again at what it wants.

export class Changes {
  #waiters: Array<() => void> = [];

  /** Resolves at the next change, or after `timeoutMs` without one. */
  next(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Wake every waiter. */
  happened(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}
