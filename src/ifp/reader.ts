import { type DecodeWarning } from '../core/errors.js';
import { indexByName, nameKey } from '../core/names.js';
import { kernelModule, resolveBackend, type Backend, type BackendOption } from '../core/wasm-kernel.js';
import { decodeTracksJs } from './decode-js.js';
import { decodeTracksWasm, fitsWasm } from './decode-wasm.js';
import { scanIFP, type ScannedTrack } from './scan.js';
import { Animation, Track } from './track.js';
import { KIND_INFO, type TrackKind } from './track-kinds.js';
import { Field, type TrackTable } from './track-table.js';
import type { IFPFormat } from './types.js';

export interface IFPReaderOptions {
  /** Force a decoder. `auto` (default) takes SIMD wasm, then scalar wasm, then TypeScript. */
  backend?: BackendOption;
  /** Throw on the first problem instead of keeping what was decoded before it. Default false. */
  strict?: boolean;
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
 * Ownership: all typed arrays on the tracks are views into memory that this reader's decode owns: a
 * WebAssembly memory created at a fixed size that can never grow (small files share one such slab,
 * each writing only its own region, once), or an ArrayBuffer on the TypeScript path. Nothing ever
 * grows, moves or rewrites that memory, so the views stay valid and unchanged for as long as you hold
 * them, whatever other readers do later. They never alias the input: changing the input afterwards
 * changes nothing here. A shared slab stays in memory while any view into it is reachable.
 */
export class IFPReader {
  readonly packages: IFPPackage[];
  /** The animations of every package, in file order. */
  readonly animations: Animation[];
  readonly warnings: DecodeWarning[];
  /** The decoder that ran. */
  readonly backend: Backend;
  #byName: Map<string, Animation>;

  constructor(bytes: Uint8Array | ArrayBuffer, options: IFPReaderOptions = {}) {
    const input = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    const scan = scanIFP(input, options.strict ?? false);
    const { table } = scan;
    let backend = resolveBackend(options.backend);
    if (backend !== 'js' && !fitsWasm(table)) backend = 'js';
    const output = backend === 'js' ? decodeJs(input, table) : decodeTracksWasm(kernelModule(backend)!, input, table);

    const toTrack = (scanned: ScannedTrack): Track => makeTrack(scanned, table, output);
    this.packages = scan.packages.map((pkg) => ({
      name: pkg.name,
      format: pkg.format,
      animations: pkg.animations.map((animation) => new Animation(animation.name, animation.tracks.map(toTrack))),
      byteOffset: pkg.byteOffset,
      byteLength: pkg.byteLength,
    }));
    this.animations = this.packages.flatMap((pkg) => pkg.animations);
    this.warnings = scan.warnings;
    this.backend = backend;
    this.#byName = indexByName(this.animations, (animation) => animation.name);
  }

  /** The first package's name ('' when the file has none). */
  get packageName(): string {
    return this.packages[0]?.name ?? '';
  }

  /** Looks an animation up the way the games do: ignoring ASCII case. The first match wins. */
  getAnimation(name: string): Animation | undefined {
    return this.#byName.get(nameKey(name));
  }

  get trackCount(): number {
    return this.animations.reduce((sum, animation) => sum + animation.bones.length, 0);
  }

  get keyframeCount(): number {
    return this.animations.reduce((sum, a) => a.bones.reduce((n, bone) => n + bone.frameCount, sum), 0);
  }
}

function decodeJs(input: Uint8Array, table: TrackTable): Float32Array {
  const output = new Float32Array(table.outputFloats);
  decodeTracksJs(input, table, output);
  return output;
}

function makeTrack({ boneName, boneId, row }: ScannedTrack, table: TrackTable, output: Float32Array): Track {
  const frameCount = table.get(row, Field.FrameCount);
  const { keyframeType, compressed } = KIND_INFO[table.get(row, Field.Kind) as TrackKind];
  const view = (field: Field, width: number): Float32Array | null => {
    const at = table.get(row, field);
    return at < 0 ? null : output.subarray(at, at + width * frameCount);
  };
  return new Track(
    boneName,
    boneId,
    keyframeType,
    compressed,
    view(Field.Times, 1)!,
    view(Field.Rotations, 4)!,
    view(Field.Translations, 3),
    view(Field.Scales, 3),
  );
}
