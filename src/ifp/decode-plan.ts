// Which path decodes an IFP file, decided in one place: in the decoder's wasm memory (an IFPDecoder's
// loan), the wasm scan and decode, the TypeScript scan with the wasm decode, or TypeScript alone.
// Every path gives the same packages, rows and floats, bit for bit (test/ifp/backends.test.ts).
import { warning, type DecodeWarning } from '../core/errors.js';
import { kernelModule, resolveBackend, type Backend } from '../core/wasm-kernel.js';
import type { ArenaLoan } from '../core/arena-loans.js';
import { newBuffer, type Allocate } from '../core/wasm-memory.js';
import { decodeTracksJs } from './decode-js.js';
import { decodeTracksWasm } from './decode-wasm.js';
import { reportTrailingBytes, scanIFP, type ScannedPackage } from './scan.js';
import { decodeAnpWasm, type FastDecode } from './scan-wasm.js';
import { Field, type TrackRows, type TrackTable } from './track-table.js';
import { KIND_INFO, type TrackKind } from './track-kinds.js';
import type { IFPReaderOptions } from './types.js';

/** @internal An IFPDecoder's loan: also decodes well-formed ANP3/ANP2 in place in its memory (as decodeAnpWasm does). */
export interface IFPArenaLoan extends ArenaLoan {
  decodeAnp: (input: Uint8Array) => FastDecode | undefined;
}

export interface DecodedIFP {
  packages: ScannedPackage[];
  table: TrackRows;
  output: Float32Array;
  warnings: DecodeWarning[];
  /** The decoder that ran. */
  backend: Backend;
}

/** @internal */
export function decodeIFP(input: Uint8Array, options: IFPReaderOptions, loan: IFPArenaLoan | undefined): DecodedIFP {
  const allocate = loan?.allocate ?? newBuffer;
  let backend = resolveBackend(options.backend);
  // Well-formed ANP3/ANP2 files are scanned and decoded in wasm. Everything else, and every file with
  // a problem to report, goes through the TypeScript scan, the reference for all of those.
  const fast = backend === 'js' ? undefined : loan ? loan.decodeAnp(input) : decodeAnpWasm(kernelModule(backend)!, input, allocate);
  if (fast) {
    const warnings: DecodeWarning[] = [];
    if (fast.stopAt < input.length) reportTrailingBytes(input, fast.stopAt, warnings);
    // The kernel has counted non-finite times: walk only when there are some.
    if (fast.nonFiniteTimes !== 0) reportNonFiniteTimes(fast.packages, fast.table, fast.output, warnings);
    return { packages: fast.packages, table: fast.table, output: fast.output, warnings, backend };
  }
  const scan = scanIFP(input, options.strict ?? false);
  const wasm = backend === 'js' ? undefined : decodeTracksWasm(kernelModule(backend)!, input, scan.table, allocate);
  if (!wasm) backend = 'js'; // asked for js, or too large for (or refused by) wasm memory
  const output = wasm ?? decodeJs(input, scan.table, allocate);
  reportNonFiniteTimes(scan.packages, scan.table, output, scan.warnings);
  return { packages: scan.packages, table: scan.table, output, warnings: scan.warnings, backend };
}

/**
 * Float key times (types 1 and 2, ANPK) may be infinite or NaN, which no sampler can place: one
 * `non-finite-time` warning counts them and names the first. Sampling is still defined: a segment
 * with a non-finite end holds its earlier key, and an infinite duration does not loop. int16 times
 * are always finite and are not walked.
 */
function reportNonFiniteTimes(
  packages: readonly ScannedPackage[],
  table: TrackRows,
  output: Float32Array,
  warnings: DecodeWarning[],
): void {
  let count = 0;
  let first = '';
  let firstAt = 0;
  for (const pkg of packages) {
    for (const animation of pkg.animations) {
      for (let row = animation.firstRow; row < animation.firstRow + animation.trackCount; row++) {
        const kind = table.get(row, Field.Kind) as TrackKind;
        if (KIND_INFO[kind].compressed) continue;
        const times = table.get(row, Field.Times);
        const frames = table.get(row, Field.FrameCount);
        for (let k = 0; k < frames; k++) {
          if (Number.isFinite(output[times + k]!)) continue;
          if (count++ === 0) {
            first = `animation "${animation.name}", bone "${table.boneName(row)}", key ${k}: ${output[times + k]}`;
            firstAt = table.get(row, Field.Source) + k * KIND_INFO[kind].frameBytes;
          }
        }
      }
    }
  }
  if (count > 0) {
    warnings.push(
      warning(
        'IFP',
        'non-finite-time',
        firstAt,
        `${count} key times are infinite or NaN (first: ${first}); sampling holds the key before such a time`,
      ),
    );
  }
}

function decodeJs(input: Uint8Array, table: TrackTable, allocate: Allocate): Float32Array {
  const target = allocate(table.outputFloats * 4);
  const output = new Float32Array(target.buffer, target.byteOffset, table.outputFloats);
  decodeTracksJs(input, table, output);
  return output;
}
