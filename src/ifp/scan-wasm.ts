import { callKernel } from '../core/wasm-call.js';
import { fourCC, readLatin1 } from '../core/names.js';
import {
  ANIMATION_RECORD_FIELDS as ANIMATION_RECORD,
  DECODE_RESERVED_BYTES,
  OVERREAD_BYTES,
  PACKAGE_RECORD_FIELDS as PACKAGE_RECORD,
  PACKED_NAME_BYTES,
  SCAN_RESULT_BYTES as RESULT_BYTES,
} from '../core/wasm-layout.js';
import type { KernelArgs } from '../core/wasm-signatures.js';
import { align16, MAX_MEMORY_BYTES, newBuffer, workHeap, type Allocate } from '../core/wasm-memory.js';
import { PackedTable } from './packed-table.js';
import type { ScannedPackage } from './scan.js';
import { ROW_FIELDS } from './track-table.js';

/** What the wasm fast path produced: floats, track rows and names in one buffer the caller owns. */
export interface FastDecode {
  packages: ScannedPackage[];
  table: PackedTable;
  output: Float32Array;
  /** Where the data stopped looking like a package: trailing bytes start here. */
  stopAt: number;
  /** Float key times that are infinite or NaN, as the kernel counted them. */
  nonFiniteTimes: number;
}

/**
 * Where one scan puts its parts in work memory, from `at` on, for an input of `length` bytes: [input
 * copy | overread padding | rows | names | animation, package records | results]. Capacities are
 * upper bounds from the input size: every track has a 36-byte header, every animation at least 28,
 * every package 36.
 */
export function scanLayout(length: number, at: number) {
  const rowCapacity = Math.floor(length / 36) + 1;
  const animationCapacity = Math.floor(length / 28) + 1;
  const packageCapacity = rowCapacity;
  const inputAt = align16(at);
  const rowsAt = align16(inputAt + length + OVERREAD_BYTES);
  const namesAt = rowsAt + rowCapacity * ROW_FIELDS * 4;
  const animationsAt = align16(namesAt + rowCapacity * PACKED_NAME_BYTES);
  const packagesAt = align16(animationsAt + animationCapacity * ANIMATION_RECORD * 4);
  const resultsAt = align16(packagesAt + packageCapacity * PACKAGE_RECORD * 4);
  return {
    rowCapacity,
    animationCapacity,
    packageCapacity,
    inputAt,
    rowsAt,
    namesAt,
    animationsAt,
    packagesAt,
    resultsAt,
    end: resultsAt + RESULT_BYTES,
  };
}
export type ScanLayout = ReturnType<typeof scanLayout>;

/** What the scan kernel found: counts, and where the packages stopped. */
export interface ScanCounts {
  trackCount: number;
  animationCount: number;
  packageCount: number;
  outputFloats: number;
  stopAt: number;
  /** Float key times that are infinite or NaN, when the scan decoded as it went (else 0). */
  nonFiniteTimes: number;
}

/** Only "ANP3"/"ANP2" files can be taken: the others are declined before their bytes are copied anywhere. */
export const isAnp = (input: Uint8Array): boolean => {
  const magic = fourCC(input);
  return magic === 'ANP3' || magic === 'ANP2';
};

/**
 * The header walk's arguments (assembly/scan-anp.ts) over the input at `inputAt`, decoding every track
 * into `outputAt` as it goes when that is given (the caller has made room for twice the input's bytes).
 */
export function scanArgs(layout: ScanLayout, inputAt: number, length: number, outputAt = 0): KernelArgs<'decode', 'scanAnp'> {
  const { rowsAt, namesAt, rowCapacity, animationsAt, animationCapacity, packagesAt, packageCapacity, resultsAt } = layout;
  return {
    input: inputAt,
    length,
    rows: rowsAt,
    names: namesAt,
    rowCapacity,
    animations: animationsAt,
    animationCapacity,
    packages: packagesAt,
    packageCapacity,
    results: resultsAt,
    output: outputAt,
  };
}

/**
 * What the walk found, read from its results. Undefined when the file is not one the fast path takes:
 * the TypeScript scan reports it, and whatever was decoded is garbage.
 */
export function scanCounts(memory: ArrayBuffer, layout: ScanLayout, input: Uint8Array, status: number): ScanCounts | undefined {
  const [trackCount, animationCount, packageCount, outputFloats, stopAt, nonFiniteTimes] = new Uint32Array(
    memory,
    layout.resultsAt,
    6,
  ) as unknown as number[];
  if (status !== 0 || packageCount === 0 || fourCC(input, stopAt!) === 'ANPK') return undefined;
  return {
    trackCount: trackCount!,
    animationCount: animationCount!,
    packageCount: packageCount!,
    outputFloats: outputFloats!,
    stopAt: stopAt!,
    nonFiniteTimes: nonFiniteTimes!,
  };
}

/** The packages and animations the scan recorded, with their names read from the input. */
export function scannedPackages(memory: ArrayBuffer, layout: ScanLayout, counts: ScanCounts, input: Uint8Array): ScannedPackage[] {
  // One view over the records (animation records first, package records after): indexing it is
  // cheaper than a subarray per record, which this runs for thousands of animations per corpus.
  const words = new Uint32Array(memory);
  const animationBase = layout.animationsAt >> 2;
  const packages: ScannedPackage[] = new Array(counts.packageCount);
  for (let p = 0; p < counts.packageCount; p++) {
    const record = (layout.packagesAt >> 2) + p * PACKAGE_RECORD;
    const byteOffset = words[record]!;
    const firstAnimation = words[record + 2]!;
    const animations: ScannedPackage['animations'] = new Array(words[record + 3]!);
    for (let i = 0; i < animations.length; i++) {
      const at = animationBase + (firstAnimation + i) * ANIMATION_RECORD;
      animations[i] = { name: readLatin1(input, words[at]!, 24), firstRow: words[at + 1]!, trackCount: words[at + 2]! };
    }
    packages[p] = {
      name: readLatin1(input, byteOffset + 8, 24),
      format: input[byteOffset + 3] === 0x33 ? 'ANP3' : 'ANP2',
      byteOffset,
      byteLength: words[record + 1]!,
      animations,
    };
  }
  return packages;
}

/**
 * Scans and decodes a file of well-formed ANP3/ANP2 packages entirely in wasm, in the process-wide
 * work memory: the header walk, then the kernel, then one copy out of floats, track rows and name
 * bytes into memory from `allocate`. Returns undefined for anything else (ANPK, errors, anything
 * worth a warning but trailing bytes), and the caller takes the TypeScript scan, which is the
 * reference for all of those. (An IFPDecoder decodes in its own memory instead: src/ifp/arena.ts.)
 */
export function decodeAnpWasm(module: WebAssembly.Module, input: Uint8Array, allocate: Allocate = newBuffer): FastDecode | undefined {
  if (!isAnp(input)) return undefined;
  const length = input.length;
  // Output floats take at most twice the input's bytes (10-byte frames become 5 floats).
  const bytes = scanLayout(length, 0).end + 2 * length;
  if (bytes + DECODE_RESERVED_BYTES > MAX_MEMORY_BYTES) return undefined;
  return callKernel(workHeap('decode', module), 'scanAnp', bytes, (at) => {
    const layout = scanLayout(length, at);
    const outputAt = layout.end;
    return {
      inputs: [{ at: layout.inputAt, data: input }],
      args: scanArgs(layout, layout.inputAt, length, outputAt),
      output: (memory, status) => {
        const counts = scanCounts(memory, layout, input, status);
        return counts && copyOut(memory, layout, outputAt, counts, input, allocate);
      },
    };
  });
}

/** One buffer for the reader, [floats | rows | names], copied out of work memory. */
function copyOut(
  memory: ArrayBuffer,
  layout: ScanLayout,
  outputAt: number,
  counts: ScanCounts,
  input: Uint8Array,
  allocate: Allocate,
): FastDecode {
  const { trackCount, outputFloats } = counts;
  const floatBytes = outputFloats * 4;
  const rowBytes = trackCount * ROW_FIELDS * 4;
  const target = allocate(floatBytes + rowBytes + trackCount * PACKED_NAME_BYTES);
  const heap = new Uint8Array(memory);
  target.set(heap.subarray(outputAt, outputAt + floatBytes));
  target.set(heap.subarray(layout.rowsAt, layout.rowsAt + rowBytes), floatBytes);
  target.set(heap.subarray(layout.namesAt, layout.namesAt + trackCount * PACKED_NAME_BYTES), floatBytes + rowBytes);
  const base = target.byteOffset;
  const views = fastDecodeViews(target.buffer, { output: base, rows: base + floatBytes, names: base + floatBytes + rowBytes }, counts);
  return {
    packages: scannedPackages(memory, layout, counts, input),
    ...views,
    stopAt: counts.stopAt,
    nonFiniteTimes: counts.nonFiniteTimes,
  };
}

/** The reader's views of the decoded floats, the track rows and the name bytes, where they lie in `buffer`. */
export function fastDecodeViews(
  buffer: ArrayBufferLike,
  at: { output: number; rows: number; names: number },
  { trackCount, outputFloats }: ScanCounts,
): { table: PackedTable; output: Float32Array } {
  return {
    table: new PackedTable(
      new Int32Array(buffer, at.rows, trackCount * ROW_FIELDS),
      new Uint8Array(buffer, at.names, trackCount * PACKED_NAME_BYTES),
    ),
    output: new Float32Array(buffer, at.output, outputFloats),
  };
}
