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
  /** When translations have key times of their own (IGI 2): seconds, one per translation key. */
  readonly translationTimes?: Float32Array | null;
  /** Squad control points, x y z w per rotation key (IGI 2): sampling uses them unless asked for slerp. */
  readonly inTangents?: Float32Array | null;
  readonly outTangents?: Float32Array | null;
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
  /** The rig family the clip was made for ('gta', 'igi2', 'anm2'): `bindClip` refuses a skeleton of another. */
  readonly rig?: string;
  /**
   * True when the arrays are views of memory the caller may still change (a zero-copy ANM2 clip):
   * the wasm sampler then copies them on every call instead of once.
   */
  readonly zeroCopy?: boolean;
  /**
   * Keys after the clip's end, per track (IGI 2's entries after the separator): appended to each
   * track for sampling, so a looping clip interpolates from its last key into them.
   */
  readonly wrapTracks?: readonly SkeletalTrack[];
  /**
   * Throws when the clip's memory was taken back (a clip an IFPDecoder or IGI2Decoder made, after
   * `decoder.reset()`): sampling checks it on every call, so a kept clip never plays another file's keys.
   */
  assertUsable?(): void;
}

/** One track as the samplers see it. */
export interface SampledTrack {
  times: Float32Array;
  rotations: Float32Array;
  translations: Float32Array | null;
  /** Translation key times when they differ from `times`; null or absent when shared. */
  translationTimes?: Float32Array | null;
  inTangents?: Float32Array | null;
  outTangents?: Float32Array | null;
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
  /** Some track has squad tangents or translation times of its own: the TypeScript sampler plays it. */
  needsTypeScript: boolean;
}

/** @deprecated the name of `SkeletalClip` before every format implemented it. */
export type Clip = SkeletalClip;

const cache = new WeakMap<SkeletalClip, ClipTracks>();

export function clipTracks(clip: SkeletalClip): ClipTracks {
  let tracks = cache.get(clip);
  if (!tracks) {
    const sampled = clip.tracks.map((track, index) => withWrapKeys(track, clip.wrapTracks?.[index]));
    tracks = {
      tracks: sampled,
      duration: Math.fround(clip.duration),
      boneIds: Int32Array.from(clip.tracks, (track, index) => (clip.bindBy === 'index' ? index : track.boneId)),
      boneNames: clip.tracks.map((track) => track.boneName),
      volatile: clip.zeroCopy === true,
      needsTypeScript: sampled.some(needsTypeScript),
    };
    cache.set(clip, tracks);
  }
  return tracks;
}

export function needsTypeScript(track: SampledTrack): boolean {
  return Boolean(track.inTangents || track.outTangents || track.translationTimes);
}

/** The track's arrays, with the keys of its wrap track (if any) appended: one copy, made once per clip. */
function withWrapKeys(track: SkeletalTrack, wrap: SkeletalTrack | undefined): SampledTrack {
  const own: SampledTrack = {
    times: track.times,
    rotations: track.rotations,
    translations: track.translations,
    translationTimes: track.translationTimes ?? null,
    inTangents: track.inTangents ?? null,
    outTangents: track.outTangents ?? null,
  };
  if (!wrap || (wrap.times.length === 0 && !(wrap.translationTimes?.length))) return own;
  const join = (a: Float32Array | null | undefined, b: Float32Array | null | undefined): Float32Array | null => {
    if (!a && !b) return null;
    const out = new Float32Array((a?.length ?? 0) + (b?.length ?? 0));
    if (a) out.set(a);
    if (b) out.set(b, a?.length ?? 0);
    return out;
  };
  return {
    times: join(track.times, wrap.times)!,
    rotations: join(track.rotations, wrap.rotations)!,
    translations: join(track.translations, wrap.translations),
    translationTimes: join(track.translationTimes, wrap.translationTimes),
    inTangents: join(track.inTangents, wrap.inTangents),
    outTangents: join(track.outTangents, wrap.outTangents),
  };
}
