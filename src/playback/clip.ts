// The clip contract every format implements lives in core; playback adds what the samplers make of it.
import type { SkeletalClip, SkeletalTrack } from '../core/clip.js';
export type { SkeletalClip, SkeletalTrack } from '../core/clip.js';

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
    const sampled = clip.tracks.map((track, index) => withWrapKeys(track, clip.extras?.wrapTracks?.[index]));
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
    translationTimes: track.extras?.translationTimes ?? null,
    inTangents: track.extras?.inTangents ?? null,
    outTangents: track.extras?.outTangents ?? null,
  };
  if (!wrap || (wrap.times.length === 0 && !wrap.extras?.translationTimes?.length)) return own;
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
    translationTimes: join(own.translationTimes, wrap.extras?.translationTimes),
    inTangents: join(own.inTangents, wrap.extras?.inTangents),
    outTangents: join(own.outTangents, wrap.extras?.outTangents),
  };
}
