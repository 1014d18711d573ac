import { callKernel } from '../core/wasm-call.js';
import { align16, BufferArena, MAX_MEMORY_BYTES, WasmArena } from '../core/wasm-memory.js';
import { DECODE_RESERVED_BYTES, PACKED_NAME_BYTES } from '../core/wasm-layout.js';
import {
  fastDecodeViews,
  isAnp,
  scanArgs,
  scanCounts,
  scanLayout,
  scannedPackages,
  type FastDecode,
  type ScanCounts,
  type ScanLayout,
} from './scan-wasm.js';
import { ROW_FIELDS } from './track-table.js';

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
 * An IFPDecoder's memory (see WasmArena): well-formed ANP3/ANP2 files decode straight into it, with
 * no copy out; everything else allocates its output from it.
 */
export class IFPWasmArena extends WasmArena<'decode'> {
  constructor(module: WebAssembly.Module, initialBytes: number) {
    super('decode', module, initialBytes);
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
    return callKernel(this, 'scanAnp', needed, (at) => {
      const { outputAt, scan: layout } = arenaLayout(length, at);
      // In place only if the input is in the current memory (reserving may have moved to a new one).
      const inPlace = input.buffer === this.instance.memory.buffer;
      const inputAt = inPlace ? input.byteOffset : layout.inputAt;
      return {
        inputs: inPlace ? [] : [{ at: inputAt, data: input }],
        args: scanArgs(layout, inputAt, length, outputAt),
        output: (memory, status) => {
          const counts = scanCounts(memory, layout, input, status);
          return counts && this.#keep(memory, layout, outputAt, counts, input);
        },
      };
    });
  }

  /** Moves rows and names up next to the floats, and keeps all three: the reader views them where they lie. */
  #keep(memory: ArrayBuffer, layout: ScanLayout, outputAt: number, counts: ScanCounts, input: Uint8Array): FastDecode {
    const { trackCount, outputFloats } = counts;
    const heap = new Uint8Array(memory);
    const rowsAt = align16(outputAt + outputFloats * 4);
    const rowBytes = trackCount * ROW_FIELDS * 4;
    const namesAt = rowsAt + rowBytes;
    heap.copyWithin(rowsAt, layout.rowsAt, layout.rowsAt + rowBytes);
    heap.copyWithin(namesAt, layout.namesAt, layout.namesAt + trackCount * PACKED_NAME_BYTES);
    this.used = align16(namesAt + trackCount * PACKED_NAME_BYTES);
    const views = fastDecodeViews(memory, { output: outputAt, rows: rowsAt, names: namesAt }, counts);
    return {
      packages: scannedPackages(memory, layout, counts, input),
      ...views,
      stopAt: counts.stopAt,
      nonFiniteTimes: counts.nonFiniteTimes,
    };
  }
}

/** A BufferArena that declines the in-place fast path: the reader takes the copying one. */
export class IFPBufferArena extends BufferArena {
  decodeAnp(): undefined {
    return undefined;
  }
}
