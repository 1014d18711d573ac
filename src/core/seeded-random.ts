/**
 * A small seeded generator (mulberry32: a 32-bit counter stepped by a Weyl constant, then mixed).
 * Runs are reproducible from the seed, which is the only promise made: this is not for security.
 * Kept in the library rather than taken from a package because the library has no runtime dependencies
 * and the exact sequence is part of what a seed means.
 */
export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) | 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer between `a` and `b` inclusive, in either order. */
  between(a: number, b: number): number {
    const low = Math.min(a, b);
    return low + Math.floor(this.next() * (Math.abs(b - a) + 1));
  }
}
