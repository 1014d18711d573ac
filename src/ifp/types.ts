import type { BackendOption } from '../core/wasm-kernel.js';
import type { KeyframeType } from './track-kinds.js';

export type { KeyframeType };
/** The three IFP layouts: ANP3 (San Andreas), ANP2 and ANPK (III and Vice City). */
export type IFPFormat = 'ANP3' | 'ANP2' | 'ANPK';

/** One key in the per-frame shape of the library this one replaces. */
export interface Keyframe {
  time: number;
  quaternion: [number, number, number, number];
  translation?: [number, number, number];
}

/**
 * A bone track as plain data: what the writer takes, and what a reader's `Track` provides.
 * Arrays are structure-of-arrays: `rotations` holds x, y, z, w per key, `translations` and `scales`
 * x, y, z per key.
 */
export interface TrackData {
  boneName: string;
  /** HAnim node id; -1 where the file has none (match by name then). */
  boneId: number;
  keyframeType: KeyframeType;
  /** True for ANP3/ANP2 int16 frames (types 3 and 4). The writer quantises such tracks. */
  compressed: boolean;
  times: Float32Array;
  rotations: Float32Array;
  translations: Float32Array | null;
  scales: Float32Array | null;
}

/** One animation to write: its name, one track per bone, and (when read from a file) its stored bytes. */
export interface AnimationData {
  name: string;
  bones: TrackData[];
  /**
   * The animation's bytes as stored in a file of `format` (an editor keeps them for the animations
   * it did not change): the writer copies them as they are when it writes that format.
   */
  stored?: { readonly format: IFPFormat; readonly bytes: Uint8Array };
}

/** One package to write: its name and its animations. */
export interface PackageData {
  name: string;
  animations: AnimationData[];
  /** ANP3/ANP2: the 24-byte name field as stored (bytes after the NUL kept), written while it still reads as `name`. */
  nameField?: Uint8Array;
}

/** How to read an IFP file (`new IFPReader(bytes, options)`). */
export interface IFPReaderOptions {
  /** Force a decoder. `auto` (default) takes SIMD wasm, then scalar wasm, then TypeScript. */
  backend?: BackendOption;
  /** Throw on the first problem instead of keeping what was decoded before it. Default false. */
  strict?: boolean;
}
