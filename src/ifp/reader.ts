import { inputBytes } from '../core/input.js';
import type { DecodeWarning } from '../core/errors.js';
import { indexByName, nameKey } from '../core/names.js';
import type { Backend } from '../core/wasm-kernel.js';
import { takeLoan } from '../core/arena-loans.js';
import { decodeIFP, type IFPArenaLoan } from './decode-plan.js';
import { Animation } from './track.js';
import type { IFPFormat, IFPReaderOptions } from './types.js';

export type { IFPReaderOptions } from './types.js';

/** One package of an IFP file: its name, the layout it was stored in, its animations, and where it lies in the file. */
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

  constructor(bytes: Uint8Array | ArrayBuffer, options: IFPReaderOptions = {}) {
    // An IFPDecoder offers its memory through withLoan (src/core/arena-loans.ts); alone, the reader owns new buffers.
    const loan = takeLoan<IFPArenaLoan>();
    const { packages, table, output, warnings, backend } = decodeIFP(inputBytes(bytes), options, loan);
    this.#check = loan?.check;
    this.#packages = packages.map((pkg) => ({
      name: pkg.name,
      format: pkg.format,
      animations: pkg.animations.map((a) => new Animation(a.name, table, output, a.firstRow, a.trackCount, loan?.check)),
      byteOffset: pkg.byteOffset,
      byteLength: pkg.byteLength,
    }));
    this.#animations = this.#packages.flatMap((pkg) => pkg.animations);
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
