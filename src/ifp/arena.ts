import { BufferArena, newBuffer, type Arena } from '../core/arena.js';
import { kernelImports } from '../core/wasm-kernel.js';
import { DECODE_RESERVED_BYTES, PACKED_NAME_BYTES } from '../core/wasm-layout.js';
import { align16, MAX_MEMORY_BYTES, type Work } from './decode-wasm.js';
import { fastDecodeViews, isAnp, scanAnp, scanLayout, scannedPackages, type FastDecode } from './scan-wasm.js';
import { ROW_FIELDS } from './track-table.js';

const PAGE_BYTES = 65536;

/**
 * Where one in-place decode puts its parts, from `at` on: the floats first, with room for the most
 * they can take (twice the input's bytes), then room for the rows and names they are moved to, then
 * the scan's scratch (its own rows, names, records and, unless read in place, the input copy).
 * `end` is how far the decode may write. bench/profile.ts lays out its corpus with this too.
 */
export function arenaLayout(length: number, at: number) {
  const capacities = scanLayout(length, 0);
  const mostKept = align16(2 * length) + align16(capacities.rowCapacity * (ROW_FIELDS * 4 + PACKED_NAME_BYTES)) + 16;
  const scan = scanLayout(length, at + mostKept);
  return { outputAt: at, scan, end: scan.end + 16 };
}

/**
 * An IFPDecoder's memory: one wasm memory with its own kernel instance, handed out front to back and
 * taken back whole by `reset()`. Well-formed ANP3/ANP2 files decode straight into it, with no copy
 * out; everything else allocates its output from it.
 *
 * It never grows while something handed out since the last reset may be in use, because growing a
 * wasm memory detaches every view of it. A decode that does not fit gets a new, larger memory
 * instead, and the old one lives on in the readers that view it.
 */
export class WasmArena implements Arena {
  readonly #module: WebAssembly.Module;
  #work: Work;
  #used = DECODE_RESERVED_BYTES;

  /** Throws a RangeError when the host refuses the memory. */
  constructor(module: WebAssembly.Module, initialBytes: number) {
    this.#module = module;
    this.#work = this.#instantiate(Math.max(initialBytes, 1) + DECODE_RESERVED_BYTES);
  }

  get usedBytes(): number {
    return this.#used - DECODE_RESERVED_BYTES;
  }

  get capacityBytes(): number {
    return this.#work.memory.buffer.byteLength - DECODE_RESERVED_BYTES;
  }

  reset(): void {
    this.#used = DECODE_RESERVED_BYTES;
  }

  /** `size` bytes of this memory, 16-byte aligned; a plain new buffer if the host refuses the memory. */
  allocate(size: number): Uint8Array {
    try {
      this.#reserve(align16(size));
    } catch (error) {
      if (error instanceof RangeError) return newBuffer(size);
      throw error;
    }
    const at = this.#used;
    this.#used += align16(size);
    return new Uint8Array(this.#work.memory.buffer, at, size);
  }

  /**
   * Scans and decodes an ANP3/ANP2 file in this memory and leaves [floats | rows | names] where the
   * reader views them. Undefined for the files the TypeScript scan must report on (as decodeAnpWasm).
   * Input already in this memory (from `allocate`) is read where it is.
   */
  decodeAnp(input: Uint8Array): FastDecode | undefined {
    if (!isAnp(input)) return undefined;
    const length = input.length;
    // What stays is [floats | rows | names] from the current end of use: the scan decodes the floats
    // there as it goes, and rows and names move up next to them from its scratch (arenaLayout).
    const needed = arenaLayout(length, 0).end;
    if (needed + DECODE_RESERVED_BYTES > MAX_MEMORY_BYTES) return undefined;
    try {
      this.#reserve(needed);
    } catch (error) {
      if (error instanceof RangeError) return undefined;
      throw error;
    }
    const work = this.#work;
    const { outputAt, scan: layout } = arenaLayout(length, this.#used);
    // In place only if the input is in the current memory (a decode above may have moved to a new one).
    const inPlace = input.buffer === work.memory.buffer;
    const inputAt = inPlace ? input.byteOffset : layout.inputAt;
    if (!inPlace) new Uint8Array(work.memory.buffer, inputAt, length).set(input);
    const counts = scanAnp(work, layout, input, inputAt, outputAt);
    if (!counts) return undefined;
    const { trackCount, outputFloats } = counts;
    const heap = new Uint8Array(work.memory.buffer);
    const rowsAt = align16(outputAt + outputFloats * 4);
    const rowBytes = trackCount * ROW_FIELDS * 4;
    const namesAt = rowsAt + rowBytes;
    heap.copyWithin(rowsAt, layout.rowsAt, layout.rowsAt + rowBytes);
    heap.copyWithin(namesAt, layout.namesAt, layout.namesAt + trackCount * PACKED_NAME_BYTES);
    this.#used = align16(namesAt + trackCount * PACKED_NAME_BYTES);
    const views = fastDecodeViews(work.memory.buffer, { output: outputAt, rows: rowsAt, names: namesAt }, counts);
    return { packages: scannedPackages(work, layout, counts, input), ...views, stopAt: counts.stopAt, nonFiniteTimes: counts.nonFiniteTimes };
  }

  /** Makes `bytes` bytes free at the end of use: grows when nothing is handed out, else a new memory. */
  #reserve(bytes: number): void {
    const memory = this.#work.memory;
    const missing = this.#used + bytes - memory.buffer.byteLength;
    if (missing <= 0) return;
    if (this.#used === DECODE_RESERVED_BYTES) {
      // Nothing handed out since the last reset: views from before it may detach (they are invalid).
      memory.grow(Math.ceil(missing / PAGE_BYTES));
      return;
    }
    const size = Math.min(MAX_MEMORY_BYTES, Math.max(2 * memory.buffer.byteLength, bytes + DECODE_RESERVED_BYTES));
    if (bytes + DECODE_RESERVED_BYTES > size) throw new RangeError('IFPDecoder: a decode larger than a wasm memory');
    this.#work = this.#instantiate(size);
    this.#used = DECODE_RESERVED_BYTES;
  }

  #instantiate(bytes: number): Work {
    const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / PAGE_BYTES) });
    const instance = new WebAssembly.Instance(this.#module, kernelImports(memory));
    const { decodeTracks, scanAnp } = instance.exports as unknown as Work;
    return { memory, decodeTracks, scanAnp };
  }
}

/** A BufferArena that declines the in-place fast path: the reader takes the copying one. */
export class IFPBufferArena extends BufferArena {
  decodeAnp(): undefined {
    return undefined;
  }
}
