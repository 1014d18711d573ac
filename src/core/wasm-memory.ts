// The one owner of WebAssembly memory for every kernel, as meshoptimizer's decoder owns its heap:
// instances and their memories, growth, the process-wide work memory each kernel reuses, and the
// arenas and loans through which a decoder lends memory to the readers it makes. Nothing else in
// the library creates or grows a WebAssembly.Memory.
import { kernelImports } from './wasm-kernel.js';

export const PAGE_BYTES = 65536;
/** Addresses travel as i32 in the kernels' tables: stay clear of the sign bit. */
export const MAX_MEMORY_BYTES = 0x7fff0000;
/**
 * A shared work memory larger than this is dropped after the call that needed it, so one huge file
 * does not pin its size for the rest of the process.
 */
const KEEP_WORK_BYTES = 64 << 20;

export const align16 = (n: number): number => (n + 15) & ~15;
export const align8 = (n: number): number => (n + 7) & ~7;

/** A kernel instance over a memory of its own. */
export interface KernelInstance<Exports> {
  readonly memory: WebAssembly.Memory;
  readonly exports: Exports;
}

/** A new instance of `module` over a fresh memory of at least `bytes`. Throws a RangeError when the host refuses the memory. */
export function newInstance<Exports>(module: WebAssembly.Module, bytes: number): KernelInstance<Exports> {
  const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / PAGE_BYTES)) });
  const instance = new WebAssembly.Instance(module, kernelImports(memory));
  return { memory, exports: instance.exports as unknown as Exports };
}

/**
 * Grows `memory` to at least `bytes`. Growing detaches every view of the old buffer: call it only on
 * memory no handed-out view points into. Throws a RangeError when the host refuses.
 */
export function growTo(memory: WebAssembly.Memory, bytes: number): void {
  const missing = bytes - memory.buffer.byteLength;
  if (missing > 0) memory.grow(Math.ceil(missing / PAGE_BYTES));
}

const sharedWork = new Map<WebAssembly.Module, KernelInstance<unknown>>();

/**
 * The process-wide work instance of `module`, its memory grown to at least `bytes`: for kernels whose
 * results are copied out, so no view ever points into it and it may grow freely. Undefined when the
 * host refuses that much memory (callers then take the TypeScript path instead of failing).
 */
export function workInstance<Exports>(module: WebAssembly.Module, bytes: number): KernelInstance<Exports> | undefined {
  if (bytes > MAX_MEMORY_BYTES) return undefined;
  try {
    let work = sharedWork.get(module);
    if (!work) sharedWork.set(module, (work = newInstance(module, bytes)));
    growTo(work.memory, bytes);
    return work as KernelInstance<Exports>;
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** Drops the work instance of `module` once a call has grown it past KEEP_WORK_BYTES. */
export function releaseIfHuge(module: WebAssembly.Module): void {
  const work = sharedWork.get(module);
  if (work && work.memory.buffer.byteLength > KEEP_WORK_BYTES) sharedWork.delete(module);
}

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

/**
 * A decoder's wasm memory with its own kernel instance, handed out front to back after the kernel's
 * reserved bytes, and taken back whole by `reset()`.
 *
 * It never grows while something handed out since the last reset may be in use, because growing a
 * wasm memory detaches every view of it. A request that does not fit gets a new, larger memory
 * instead, and the old one lives on in the readers that view it.
 */
export class WasmArena<Exports> implements Arena {
  protected work: KernelInstance<Exports>;
  protected used: number;

  /** Throws a RangeError when the host refuses the memory. */
  constructor(
    private readonly module: WebAssembly.Module,
    initialBytes: number,
    private readonly reservedBytes: number,
  ) {
    this.work = newInstance(module, Math.max(initialBytes, 1) + reservedBytes);
    this.used = reservedBytes;
  }

  get usedBytes(): number {
    return this.used - this.reservedBytes;
  }

  get capacityBytes(): number {
    return this.work.memory.buffer.byteLength - this.reservedBytes;
  }

  reset(): void {
    this.used = this.reservedBytes;
  }

  /** `size` bytes of this memory, 16-byte aligned; a plain new buffer if the host refuses the memory. */
  allocate(size: number): Uint8Array {
    try {
      this.reserve(align16(size));
    } catch (error) {
      if (error instanceof RangeError) return newBuffer(size);
      throw error;
    }
    const at = this.used;
    this.used += align16(size);
    return new Uint8Array(this.work.memory.buffer, at, size);
  }

  /** Makes `bytes` bytes free at the end of use: grows when nothing is handed out, else a new memory. RangeError when refused. */
  protected reserve(bytes: number): void {
    const memory = this.work.memory;
    if (this.used + bytes <= memory.buffer.byteLength) return;
    if (this.used === this.reservedBytes) {
      // Nothing handed out since the last reset: views from before it may detach (they are invalid).
      growTo(memory, this.used + bytes);
      return;
    }
    const size = Math.min(MAX_MEMORY_BYTES, Math.max(2 * memory.buffer.byteLength, bytes + this.reservedBytes));
    if (bytes + this.reservedBytes > size) throw new RangeError('a decode larger than a wasm memory');
    this.work = newInstance(this.module, size);
    this.used = this.reservedBytes;
  }
}
