import { inputBytes } from '../core/input.js';
import { warning, type DecodeWarning } from '../core/errors.js';
import { indexByName, nameKey } from '../core/names.js';
import { kernelModule, resolveBackend, type Backend, type BackendOption } from '../core/wasm-kernel.js';
import { decodeTracksJs } from './decode-js.js';
import { newBuffer, type Allocate, type ArenaLoan } from '../core/arena.js';
import { decodeTracksWasm } from './decode-wasm.js';
import { reportTrailingBytes, scanIFP, type ScannedPackage } from './scan.js';
import { decodeAnpWasm, type FastDecode } from './scan-wasm.js';
import { Animation } from './track.js';
import { Field, type TrackRows, type TrackTable } from './track-table.js';
import { KIND_INFO, type TrackKind } from './track-kinds.js';
import type { IFPFormat } from './types.js';

export interface IFPReaderOptions {
  /** Force a decoder. `auto` (default) takes SIMD wasm, then scalar wasm, then TypeScript. */
  backend?: BackendOption;
  /** Throw on the first problem instead of keeping what was decoded before it. Default false. */
  strict?: boolean;
}

/** @internal An IFPDecoder's loan: also decodes well-formed ANP3/ANP2 in place in its memory (as decodeAnpWasm does). */
export interface IFPArenaLoan extends ArenaLoan {
  decodeAnp: (input: Uint8Array) => FastDecode | undefined;
}

export interface IFPPackage {
  name: string;
  format: IFPFormat;
  animations: Animation[];
  /** Byte range of the package in the input (its complete animations, when decoding stopped early). */
  byteOffset: number;
  byteLength: number;
}

/**
 * Reads a whole IFP file eagerly: every package (ANP3, ANP2, ANPK, back to back), every track.
 *
 * Ownership: all typed arrays on the tracks are views into one ArrayBuffer that this reader owns
 * alone. Nothing else ever writes, grows or detaches it, so the views stay valid and unchanged for as
 * long as you hold them, whatever other readers do later. They never alias the input: changing the
 * input afterwards changes nothing here.
 */
export class IFPReader {
  readonly #packages: IFPPackage[];
  readonly #animations: Animation[];
  readonly #check: (() => void) | undefined;
  readonly warnings: DecodeWarning[];
  /** The decoder that ran. */
  readonly backend: Backend;
  #byName: Map<string, Animation> | undefined;

  /** @param loan internal: set by `IFPDecoder`, whose memory the reader's arrays then live in. */
  constructor(bytes: Uint8Array | ArrayBuffer, options: IFPReaderOptions = {}, loan?: IFPArenaLoan) {
    const input = inputBytes(bytes);
    const allocate = loan?.allocate ?? newBuffer;
    let backend = resolveBackend(options.backend);
    let packages: ScannedPackage[];
    let table: TrackRows;
    let output: Float32Array;
    let warnings: DecodeWarning[] = [];
    // Fast path: well-formed ANP3/ANP2 files are scanned and decoded in wasm. Everything else, and
    // every file with a problem to report, goes through the TypeScript scan.
    const fast = backend === 'js' ? undefined : loan ? loan.decodeAnp(input) : decodeAnpWasm(kernelModule(backend)!, input, allocate);
    if (fast) {
      ({ packages, table, output } = fast);
      if (fast.stopAt < input.length) reportTrailingBytes(input, fast.stopAt, warnings);
    } else {
      const scan = scanIFP(input, options.strict ?? false);
      const wasm = backend === 'js' ? undefined : decodeTracksWasm(kernelModule(backend)!, input, scan.table, allocate);
      if (!wasm) backend = 'js'; // asked for js, or too large for (or refused by) wasm memory
      output = wasm ?? decodeJs(input, scan.table, allocate);
      ({ packages, table, warnings } = scan);
    }

    this.#check = loan?.check;
    this.#packages = packages.map((pkg) => ({
      name: pkg.name,
      format: pkg.format,
      animations: pkg.animations.map((a) => new Animation(a.name, table, output, a.firstRow, a.trackCount, loan?.check)),
      byteOffset: pkg.byteOffset,
      byteLength: pkg.byteLength,
    }));
    this.#animations = this.#packages.flatMap((pkg) => pkg.animations);
    // The fast path's kernel has counted them; the other paths are walked.
    if (fast?.nonFiniteTimes !== 0) reportNonFiniteTimes(packages, table, output, warnings);
    this.warnings = warnings;
    this.backend = backend;
  }

  get packages(): IFPPackage[] {
    this.#check?.();
    return this.#packages;
  }

  /** The animations of every package, in file order. */
  get animations(): Animation[] {
    this.#check?.();
    return this.#animations;
  }

  /** The first package's name ('' when the file has none). */
  get packageName(): string {
    return this.packages[0]?.name ?? '';
  }

  /** Looks an animation up the way the games do: ignoring ASCII case. The first match wins. */
  getAnimation(name: string): Animation | undefined {
    this.#byName ??= indexByName(this.animations, (animation) => animation.name);
    return this.#byName.get(nameKey(name));
  }

  get trackCount(): number {
    return this.animations.reduce((sum, animation) => sum + animation.trackCount, 0);
  }

  get keyframeCount(): number {
    return this.animations.reduce((sum, animation) => sum + animation.keyframeCount, 0);
  }
}

/**
 * Float key times (types 1 and 2, ANPK) may be infinite or NaN, which no sampler can place: one
 * `non-finite-time` warning counts them and names the first. Sampling is still defined: a segment
 * with a non-finite end holds its earlier key, and an infinite duration does not loop. int16 times
 * are always finite and are not walked.
 */
function reportNonFiniteTimes(packages: readonly ScannedPackage[], table: TrackRows, output: Float32Array, warnings: DecodeWarning[]): void {
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
    warnings.push(warning('IFP', 'non-finite-time', firstAt, `${count} key times are infinite or NaN (first: ${first}); sampling holds the key before such a time`));
  }
}

function decodeJs(input: Uint8Array, table: TrackTable, allocate: Allocate): Float32Array {
  const target = allocate(table.outputFloats * 4);
  const output = new Float32Array(target.buffer, target.byteOffset, table.outputFloats);
  decodeTracksJs(input, table, output);
  return output;
}
