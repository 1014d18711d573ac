import { IFFReader } from '../iff/reader.js';
import type { Animation } from '../ifp/track.js';

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
  /** Per track: the IFP bone id, or the IFF bone index. */
  boneIds: Int32Array;
  boneNames: string[];
}

/** Something `sampleClip` can play: an IFP animation, or an IGI 2 FORM/ANM2 clip. */
export type Clip = Animation | IFFReader;

const cache = new WeakMap<Clip, ClipTracks>();

/**
 * IFP: one track per bone, with its own key times; bone ids and names as stored. IFF: one track per
 * bone, all sharing the key times; bone indices as ids, names `bone<index>`; the root motion (TRAN)
 * becomes the translation of bone 0's track.
 */
export function clipTracks(clip: Clip): ClipTracks {
  let tracks = cache.get(clip);
  if (!tracks) {
    tracks = clip instanceof IFFReader ? iffTracks(clip) : ifpTracks(clip);
    cache.set(clip, tracks);
  }
  return tracks;
}

function ifpTracks(animation: Animation): ClipTracks {
  const bones = animation.bones;
  return {
    tracks: bones.map(({ times, rotations, translations }) => ({ times, rotations, translations })),
    duration: Math.fround(animation.duration),
    boneIds: Int32Array.from(bones, (bone) => bone.boneId),
    boneNames: bones.map((bone) => bone.boneName),
  };
}

function iffTracks(reader: IFFReader): ClipTracks {
  return {
    tracks: reader.tracks.map(({ times, rotations, boneIndex }) => ({ times, rotations, translations: boneIndex === 0 ? reader.rootMotion : null })),
    duration: Math.fround(reader.duration),
    boneIds: Int32Array.from(reader.tracks, (track) => track.boneIndex),
    boneNames: reader.tracks.map((track) => `bone${track.boneIndex}`),
  };
}
