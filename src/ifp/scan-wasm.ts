import { readLatin1 } from '../core/names.js';
import {
  ANIMATION_RECORD_FIELDS as ANIMATION_RECORD, DECODE_RESERVED_BYTES, OVERREAD_BYTES, PACKAGE_RECORD_FIELDS as PACKAGE_RECORD, PACKED_NAME_BYTES,
  SCAN_RESULT_BYTES as RESULT_BYTES,
} from '../core/wasm-layout.js';
import { align16, MAX_MEMORY_BYTES, newBuffer, releaseIfHuge, workFor, type Allocate } from './decode-wasm.js';
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
}


/**
 * Scans and decodes a file of well-formed ANP3/ANP2 packages entirely in wasm: the header walk
 * (assembly/scan-anp.ts), then the kernel, then one copy out of floats, track rows and name bytes.
 * Returns undefined for anything else (ANPK, errors, anything worth a warning but trailing bytes),
 * and the caller takes the TypeScript scan, which is the reference for all of those.
 */
export function decodeAnpWasm(module: WebAssembly.Module, input: Uint8Array, allocate: Allocate = newBuffer): FastDecode | undefined {
  // Only "ANP3"/"ANP2" files can be taken: decline others before copying their bytes anywhere.
  const magic = readLatin1(input, 0, 4);
  if (magic !== 'ANP3' && magic !== 'ANP2') return undefined;
  const length = input.length;
  // Capacities are upper bounds from the input size: every track has a 36-byte header, every
  // animation at least 28, every package 36.
  const rowCapacity = Math.floor(length / 36) + 1;
  const animationCapacity = Math.floor(length / 28) + 1;
  const packageCapacity = rowCapacity;
  const inputAt = DECODE_RESERVED_BYTES;
  const rowsAt = align16(inputAt + length + OVERREAD_BYTES);
  const namesAt = rowsAt + rowCapacity * ROW_FIELDS * 4;
  const animationsAt = align16(namesAt + rowCapacity * PACKED_NAME_BYTES);
  const packagesAt = align16(animationsAt + animationCapacity * ANIMATION_RECORD * 4);
  const resultsAt = align16(packagesAt + packageCapacity * PACKAGE_RECORD * 4);
  const outputAt = resultsAt + RESULT_BYTES;
  // Output floats take at most twice the input's bytes (10-byte frames become 5 floats).
  if (outputAt + 2 * length > MAX_MEMORY_BYTES) return undefined;

  const work = workFor(module, outputAt);
  if (!work) return undefined;
  new Uint8Array(work.memory.buffer, inputAt, length).set(input);
  const status = work.scanAnp(inputAt, length, rowsAt, namesAt, rowCapacity, animationsAt, animationCapacity, packagesAt, packageCapacity, resultsAt);
  const [trackCount, animationCount, packageCount, outputFloats, stopAt] = new Uint32Array(work.memory.buffer, resultsAt, 5) as unknown as number[];
  if (status !== 0 || packageCount === 0 || readLatin1(input, stopAt!, 4) === 'ANPK') {
    releaseIfHuge(module, work); // a declined huge file must not pin its work memory either
    return undefined;
  }

  if (!workFor(module, outputAt + outputFloats! * 4)) return undefined; // grows the same work memory
  work.decodeTracks(rowsAt, trackCount!, inputAt, outputAt);

  // One buffer for the reader: [floats | rows | names].
  const floatBytes = outputFloats! * 4;
  const rowBytes = trackCount! * ROW_FIELDS * 4;
  const target = allocate(floatBytes + rowBytes + trackCount! * PACKED_NAME_BYTES);
  const owned = target.buffer;
  const base = target.byteOffset;
  const heap = new Uint8Array(work.memory.buffer);
  target.set(heap.subarray(outputAt, outputAt + floatBytes));
  target.set(heap.subarray(rowsAt, rowsAt + rowBytes), floatBytes);
  target.set(heap.subarray(namesAt, namesAt + trackCount! * PACKED_NAME_BYTES), floatBytes + rowBytes);

  const animations = new Uint32Array(work.memory.buffer, animationsAt, animationCount! * ANIMATION_RECORD);
  const packageRecords = new Uint32Array(work.memory.buffer, packagesAt, packageCount! * PACKAGE_RECORD);
  const packages: ScannedPackage[] = [];
  for (let p = 0; p < packageCount!; p++) {
    const [byteOffset, byteLength, firstAnimation, count] = packageRecords.subarray(p * PACKAGE_RECORD, p * PACKAGE_RECORD + PACKAGE_RECORD) as unknown as number[];
    packages.push({
      name: readLatin1(input, byteOffset! + 8, 24),
      format: input[byteOffset! + 3] === 0x33 ? 'ANP3' : 'ANP2',
      byteOffset: byteOffset!,
      byteLength: byteLength!,
      animations: Array.from({ length: count! }, (_, i) => {
        const at = (firstAnimation! + i) * ANIMATION_RECORD;
        return { name: readLatin1(input, animations[at]!, 24), firstRow: animations[at + 1]!, trackCount: animations[at + 2]! };
      }),
    });
  }
  releaseIfHuge(module, work);
  return {
    packages,
    table: new PackedTable(new Int32Array(owned, base + floatBytes, trackCount! * ROW_FIELDS), new Uint8Array(owned, base + floatBytes + rowBytes, trackCount! * PACKED_NAME_BYTES)),
    output: new Float32Array(owned, base, outputFloats!),
    stopAt: stopAt!,
  };
}
