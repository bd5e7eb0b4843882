// A seeded source of randomness: the same seed gives the same cases, so any
// finding replays with `bun run fuzz --seed N --target NAME --cases K`.

export class Random {
  readonly seed: number;
  #state: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    this.#state = this.seed;
  }

  /** A float in [0, 1) (mulberry32). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  /** A size in [0, max] that is usually small and now and then huge (log-uniform). */
  size(max: number): number {
    return Math.min(max, Math.floor(Math.exp(this.next() * Math.log(max + 1))) - 1);
  }

  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) out[i] = this.int(0, 255);
    return out;
  }

  /** A child source for one part of a run, independent of how much the others draw. */
  fork(label: string): Random {
    return new Random(deriveSeed(this.seed, label));
  }
}

/** FNV-1a over the seed and a label. */
export function deriveSeed(seed: number, label: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${seed >>> 0}:${label}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function freshSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}
