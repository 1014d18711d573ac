/**
 * Memory a decoder owns and hands out front to back, taken back whole by `reset()`: what IFPDecoder
 * and IGI2Decoder decode into. See IFPDecoder for the ownership rule both follow.
 */
export interface Arena {
  /** `size` bytes, 16-byte aligned, valid until the next reset. */
  allocate(size: number): Uint8Array;
  reset(): void;
  readonly usedBytes: number;
  readonly capacityBytes: number;
}

const align16 = (n: number): number => (n + 15) & ~15;

/** Where a decode's output goes: `bytes` bytes, 16-byte aligned, that the reader will view. */
export type Allocate = (bytes: number) => Uint8Array;
/** The default: a new buffer per reader, which the reader then owns. */
export const newBuffer: Allocate = (bytes) => new Uint8Array(bytes);

/** @internal How a decoder lends a reader its memory: where output goes, and a check that it is still lent. */
export interface ArenaLoan {
  allocate: Allocate;
  /** Throws once the decoder has been reset. */
  check: () => void;
}

/**
 * An arena of plain ArrayBuffers. A full buffer is replaced by a larger one; what was handed out
 * from the old one keeps it alive. After a reset the largest buffer is reused.
 */
export class BufferArena implements Arena {
  #buffer: ArrayBuffer;
  #used = 0;

  constructor(initialBytes: number) {
    this.#buffer = new ArrayBuffer(initialBytes);
  }

  get usedBytes(): number {
    return this.#used;
  }

  get capacityBytes(): number {
    return this.#buffer.byteLength;
  }

  reset(): void {
    this.#used = 0;
  }

  allocate(size: number): Uint8Array {
    if (this.#used + size > this.#buffer.byteLength) {
      this.#buffer = new ArrayBuffer(Math.max(2 * this.#buffer.byteLength, align16(size)));
      this.#used = 0;
    }
    const at = this.#used;
    this.#used += align16(size);
    return new Uint8Array(this.#buffer, at, size);
  }
}

/** Checks that readers call on use: they throw once the decoder that made them has been reset. */
export class ResetGuard {
  #generation = 0;

  constructor(private readonly decoder: string) {}

  /** A check for something decoded now. */
  check(): () => void {
    const generation = this.#generation;
    return () => {
      if (generation !== this.#generation) throw new Error(`${this.decoder}: this reader was decoded before decoder.reset(), which took its memory back; decode the file again`);
    };
  }

  reset(): void {
    this.#generation++;
  }
}

/** Validates a decoder's `initialBytes` option. */
export function initialArenaBytes(decoder: string, initialBytes = 1 << 20): number {
  if (!(Number.isSafeInteger(initialBytes) && initialBytes >= 0)) throw new RangeError(`${decoder}: initialBytes must be a whole number of bytes, got ${initialBytes}`);
  return initialBytes;
}

/**
 * What IFPDecoder and IGI2Decoder share: the arena their readers live in, the guard those readers
 * check, a reset that takes everything back at once, and the sizes.
 */
export abstract class ArenaDecoder<A extends Arena> {
  protected readonly guard: ResetGuard;

  protected constructor(
    protected readonly arena: A,
    name: string,
  ) {
    this.guard = new ResetGuard(name);
  }

  /** Frees everything decoded so far, at once; the memory (its largest size) is kept for the next decodes. */
  reset(): void {
    this.guard.reset();
    this.arena.reset();
  }

  /** Bytes in use since the last reset. */
  get usedBytes(): number {
    return this.arena.usedBytes;
  }

  /** The size of the memory decodes go into now. */
  get capacityBytes(): number {
    return this.arena.capacityBytes;
  }
}
