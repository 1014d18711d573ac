// Buffers that only live during one decode (which entries start where, which links to check, keys
// written so far per bone), reused across readers: allocating and zeroing them per clip cost more than
// the walk itself. Each decode runs to completion before another can start, and nothing outside it
// keeps them. A huge clip gets buffers of its own, so it does not pin their size for the process.
const KEEP_SCRATCH_BYTES = 1 << 20;

class Scratch<T extends Uint8Array | Uint32Array> {
  #buffer: T;

  constructor(private readonly make: (length: number) => T) {
    this.#buffer = make(1024);
  }

  /** `length` elements; zeroed unless the caller writes each one before reading it. */
  take(length: number, zeroed = true): T {
    if (length * this.#buffer.BYTES_PER_ELEMENT > KEEP_SCRATCH_BYTES) return this.make(length);
    if (this.#buffer.length < length) this.#buffer = this.make(Math.max(length, 2 * this.#buffer.length));
    const part = this.#buffer.subarray(0, length) as T;
    if (zeroed) part.fill(0);
    return part;
  }
}

/** Per payload word: 1 where an entry starts. */
export const entryStarts = new Scratch((length) => new Uint8Array(length));
/** Pairs of (link, where it is stored), written before they are read. */
export const entryLinks = new Scratch((length) => new Uint32Array(length));
/** Keys written so far per bone and section. */
export const keyFill = new Scratch((length) => new Uint32Array(length));
