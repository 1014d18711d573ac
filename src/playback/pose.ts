import type { Skeleton } from '../core/skeleton.js';
import type { BoundClip } from './bind.js';
import { clipTracks, type SkeletalClip } from './clip.js';

/**
 * A sampled pose. Made for a clip, it has one entry per track, in the clip's order. Made for a
 * skeleton (or a bound clip), one entry per skeleton bone, in the skeleton's order.
 */
export interface Pose {
  count: number;
  /** HAnim ids (IFP, DFF), or bone indices (ANM2 clips); -1 where there is none. */
  boneIds: Int32Array;
  boneNames: string[];
  /** x, y, z, w per bone. */
  rotations: Float32Array;
  /** x, y, z per bone; 0 where the track has no translation (see `hasTranslation`). */
  translations: Float32Array;
  /** 1 where the translation is set (a track's, or the rest pose's), 0 where a skeleton's rest translation applies. */
  hasTranslation: Uint8Array;
}

/**
 * Allocates a pose, once, to be reused by every `sampleClip` call: for a skeleton (or a clip bound
 * to one) one entry per bone, for a bare clip one per track.
 */
export function createPose(source: SkeletalClip | Skeleton | BoundClip): Pose {
  if (source.kind === 'bound') source = source.skeleton;
  if (source.kind === 'skeleton') {
    const count = source.boneCount;
    return {
      count,
      boneIds: Int32Array.from(source.ids),
      boneNames: [...source.names],
      // A pose never sampled is the rest pose, so its matrices are the rest matrices.
      rotations: Float32Array.from(source.restRotations),
      translations: Float32Array.from(source.restTranslations),
      hasTranslation: new Uint8Array(count).fill(1),
    };
  }
  const { tracks, boneIds, boneNames } = clipTracks(source);
  const count = tracks.length;
  return {
    count,
    boneIds: boneIds.slice(),
    boneNames: [...boneNames],
    rotations: new Float32Array(4 * count),
    translations: new Float32Array(3 * count),
    hasTranslation: Uint8Array.from(tracks, (track) => (track.translations ? 1 : 0)),
  };
}

/** Poses of many instances in one pair of buffers: instance i's bones start at bone `offsets[i]`. */
export interface PoseBatch {
  clips: readonly (SkeletalClip | BoundClip)[];
  offsets: Int32Array;
  boneCount: number;
  rotations: Float32Array;
  translations: Float32Array;
}

/** Allocates one batch for instances of these clips (one entry per instance; clips may repeat). */
export function createPoseBatch(clips: readonly (SkeletalClip | BoundClip)[]): PoseBatch {
  const offsets = new Int32Array(clips.length);
  let boneCount = 0;
  clips.forEach((clip, i) => {
    offsets[i] = boneCount;
    boneCount += sampledTracks(clip).tracks.length;
  });
  return { clips, offsets, boneCount, rotations: new Float32Array(4 * boneCount), translations: new Float32Array(3 * boneCount) };
}

/** What the samplers play for a clip or a bound clip. */
export function sampledTracks(clip: SkeletalClip | BoundClip) {
  if (clip.kind === 'bound') {
    clip.clip.assertUsable?.();
    return clip.sampled;
  }
  clip.assertUsable?.();
  return clipTracks(clip);
}
