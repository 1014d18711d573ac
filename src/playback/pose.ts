import { clipTracks, type Clip } from './clip.js';

/** A sampled pose: one entry per track of the clip it was made for, in the clip's track order. */
export interface Pose {
  count: number;
  /** IFP bone ids (HAnim), or IFF bone indices. */
  boneIds: Int32Array;
  boneNames: string[];
  /** x, y, z, w per bone. */
  rotations: Float32Array;
  /** x, y, z per bone; 0 where the track has no translation (see `hasTranslation`). */
  translations: Float32Array;
  /** 1 where the clip's track carries a translation, 0 where the skeleton's rest translation applies. */
  hasTranslation: Uint8Array;
}

/** Allocates a pose for a clip, once, to be reused by every `sampleClip` call. */
export function createPose(clip: Clip): Pose {
  const { tracks, boneIds, boneNames } = clipTracks(clip);
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
  clips: readonly Clip[];
  offsets: Int32Array;
  boneCount: number;
  rotations: Float32Array;
  translations: Float32Array;
}

/** Allocates one batch for instances of these clips (one entry per instance; clips may repeat). */
export function createPoseBatch(clips: readonly Clip[]): PoseBatch {
  const offsets = new Int32Array(clips.length);
  let boneCount = 0;
  clips.forEach((clip, i) => {
    offsets[i] = boneCount;
    boneCount += clipTracks(clip).tracks.length;
  });
  return { clips, offsets, boneCount, rotations: new Float32Array(4 * boneCount), translations: new Float32Array(3 * boneCount) };
}
