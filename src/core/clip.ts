// The clip contract: what every clip format (IFP animations, ANM2 and IGI 2 clips, and any format
// added later) hands to binding, sampling and the adapters. Readers implement it; playback reads it.

/** One bone's keys, as every clip format hands them to playback. */
export interface SkeletalTrack {
  /** As stored; `bone<index>` for formats without names. */
  readonly boneName: string;
  /** HAnim node id; -1 where the format has none. */
  readonly boneId: number;
  /** Key times in seconds. */
  readonly times: Float32Array;
  /** x y z w per key. */
  readonly rotations: Float32Array;
  /** x y z per key, or null for a rotation-only track. */
  readonly translations: Float32Array | null;
  /** What some formats add to the keys above; absent where the format has nothing more (IFP, ANM2). */
  readonly extras?: TrackExtras;
}

/** Per-format additions to a track, each optional: playback uses what is there. */
export interface TrackExtras {
  /** When translations have key times of their own (IGI 2): seconds, one per translation key. */
  readonly translationTimes?: Float32Array | null;
  /** Squad control points, x y z w per rotation key (IGI 2): sampling uses them unless asked for slerp. */
  readonly inTangents?: Float32Array | null;
  readonly outTangents?: Float32Array | null;
}

/** Per-format additions to a clip. */
export interface ClipExtras {
  /**
   * Keys after the clip's end, per track (IGI 2's entries after the separator): appended to each
   * track for sampling, so a looping clip interpolates from its last key into them.
   */
  readonly wrapTracks?: readonly SkeletalTrack[];
}

/**
 * What playback needs from a clip, whatever its format: IFP `Animation`, ANM2 `IFFReader`, and any
 * format added later. Sampling, binding and the three.js adapter see only this.
 */
export interface SkeletalClip {
  /** Tells a clip from a skeleton or a bound clip where an API takes any of them. */
  readonly kind: 'clip';
  readonly name: string;
  /** Seconds: the loop period. */
  readonly duration: number;
  readonly tracks: readonly SkeletalTrack[];
  /**
   * How `bindClip` matches tracks to skeleton bones. 'id-or-name': by HAnim id where the track has
   * one, else by name (IFP). 'index': track k drives bone k (ANM2, IGI 2).
   */
  readonly bindBy: 'id-or-name' | 'index';
  /** The rig family the clip was made for ('gta', 'igi2', 'anm2'): `bindClip` refuses a skeleton of another. */
  readonly rig?: string;
  /**
   * True when the arrays are views of memory the caller may still change (a zero-copy ANM2 clip):
   * the wasm sampler then copies them on every call instead of once.
   */
  readonly zeroCopy?: boolean;
  readonly extras?: ClipExtras;
  /**
   * Throws when the clip's memory was taken back (a clip an IFPDecoder or IGI2Decoder made, after
   * `decoder.reset()`): sampling checks it on every call, so a kept clip never plays another file's keys.
   */
  assertUsable?(): void;
}
