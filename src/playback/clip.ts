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
}

/**
 * What playback needs from a clip, whatever its format: IFP `Animation`, ANM2 `IFFReader`, and any
 * format added later. Sampling, binding and the three.js adapter see only this.
 */
export interface SkeletalClip {
  readonly name: string;
  /** Seconds: the loop period. */
  readonly duration: number;
  readonly tracks: readonly SkeletalTrack[];
  /**
   * How `bindClip` matches tracks to skeleton bones. 'id-or-name': by HAnim id where the track has
   * one, else by name (IFP). 'index': track k drives bone k (ANM2, IGI 2).
   */
  readonly bindBy: 'id-or-name' | 'index';
  /**
   * True when the arrays are views of memory the caller may still change (a zero-copy ANM2 clip):
   * the wasm sampler then copies them on every call instead of once.
   */
  readonly zeroCopy?: boolean;
}

/** One track as the samplers see it. */
export interface SampledTrack {
  times: Float32Array;
  rotations: Float32Array;
  translations: Float32Array | null;
}

/** A clip reduced to what sampling needs; built once per clip and cached. */
export interface ClipTracks {
  tracks: SampledTrack[];
  /** Loop period in seconds (as f32, so both samplers wrap identically). */
  duration: number;
  /** Per track: the bone id (-1 for none). */
  boneIds: Int32Array;
  boneNames: string[];
  /** Copy on every wasm call: see `SkeletalClip.zeroCopy`. */
  volatile: boolean;
}

/** @deprecated the name of `SkeletalClip` before every format implemented it. */
export type Clip = SkeletalClip;

const cache = new WeakMap<SkeletalClip, ClipTracks>();

export function clipTracks(clip: SkeletalClip): ClipTracks {
  let tracks = cache.get(clip);
  if (!tracks) {
    tracks = {
      tracks: clip.tracks.map(({ times, rotations, translations }) => ({ times, rotations, translations })),
      duration: Math.fround(clip.duration),
      boneIds: Int32Array.from(clip.tracks, (track, index) => (clip.bindBy === 'index' ? index : track.boneId)),
      boneNames: clip.tracks.map((track) => track.boneName),
      volatile: clip.zeroCopy === true,
    };
    cache.set(clip, tracks);
  }
  return tracks;
}
