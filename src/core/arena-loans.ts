// Arena decoders and their loans: how IFPDecoder and IGI2Decoder lend the memory they own
// (src/core/wasm-memory.ts decides what memory that is and how it grows) to the readers they make,
// and how those readers learn that a reset took it back.
import { ArgumentError, StateError } from './errors.js';
import type { Allocate, Arena } from './wasm-memory.js';

/** @internal How a decoder lends a reader its memory: where output goes, and a check that it is still lent. */
export interface ArenaLoan {
  allocate: Allocate;
  /** Throws once the decoder has been reset. */
  check: () => void;
}

/** Checks that readers call on use: they throw once the decoder that made them has been reset. */
export class ResetGuard {
  #generation = 0;

  constructor(private readonly decoder: string) {}

  /** A check for something decoded now. */
  check(): () => void {
    const generation = this.#generation;
    return () => {
      if (generation !== this.#generation)
        throw new StateError(
          'released',
          `${this.decoder}: this reader was decoded before decoder.reset(), which took its memory back; decode the file again`,
        );
    };
  }

  reset(): void {
    this.#generation++;
  }
}

/** Validates a decoder's `initialBytes` option. */
export function initialArenaBytes(decoder: string, initialBytes = 1 << 20): number {
  if (!(Number.isSafeInteger(initialBytes) && initialBytes >= 0))
    throw new ArgumentError('bad-argument', `${decoder}: initialBytes must be a whole number of bytes, got ${initialBytes}`);
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

let pendingLoan: ArenaLoan | undefined;

/**
 * @internal Runs `make` (a reader's constructor) with `loan` on offer: the reader takes it with `takeLoan()`.
 * So decoders lend memory without a public constructor taking an internal parameter.
 */
export function withLoan<Loan extends ArenaLoan, T>(loan: Loan, make: () => T): T {
  const outer = pendingLoan;
  pendingLoan = loan;
  try {
    return make();
  } finally {
    pendingLoan = outer;
  }
}

/** @internal The loan on offer to the reader being constructed (see `withLoan`), taken once; undefined when none. */
export function takeLoan<Loan extends ArenaLoan = ArenaLoan>(): Loan | undefined {
  const loan = pendingLoan;
  pendingLoan = undefined;
  return loan as Loan | undefined;
}
