// gameanim/three: decoded clips as three.js AnimationClips. `three` is an optional peer dependency,
// so this adapter is only reachable through its own subpath, never from the package root.
import { AnimationClip, QuaternionKeyframeTrack, VectorKeyframeTrack, type KeyframeTrack } from 'three';
import { clipTracks, type SkeletalClip } from '../playback/clip.js';

export interface ToAnimationClipOptions {
  /** The clip's name. Default: the animation's name, or 'anm2'. */
  name?: string;
  /**
   * The name of the three.js bone (Object3D) a track drives. Default: the IFP bone name without its
   * leading and trailing spaces (" Pelvis" -> "Pelvis"), or `bone<index>` for ANM2 clips.
   */
  boneName?: (track: { boneName: string; boneId: number; index: number }) => string;
}

/**
 * A `THREE.AnimationClip` with a QuaternionKeyframeTrack (`<bone>.quaternion`) per track and a
 * VectorKeyframeTrack (`<bone>.position`) where the track has translations. three keeps typed arrays
 * of the right type as they are, so the clip's times and values are the decoded `Float32Array`s
 * themselves: no copy, and they share the decoder's buffer. Tracks without keys are left out (three
 * needs at least one). Rotations are passed as decoded (the ANP3 convention for IFP).
 */
export function toAnimationClip(clip: SkeletalClip, options: ToAnimationClipOptions = {}): AnimationClip {
  const { tracks, boneIds, boneNames, duration } = clipTracks(clip);
  const nameOf = options.boneName ?? (({ boneName }) => boneName.trim());
  const keyframeTracks: KeyframeTrack[] = [];
  tracks.forEach((track, index) => {
    if (track.times.length === 0) return;
    const bone = nameOf({ boneName: boneNames[index]!, boneId: boneIds[index]!, index });
    keyframeTracks.push(new QuaternionKeyframeTrack(`${bone}.quaternion`, track.times as unknown as number[], track.rotations as unknown as number[]));
    if (track.translations) keyframeTracks.push(new VectorKeyframeTrack(`${bone}.position`, track.times as unknown as number[], track.translations as unknown as number[]));
  });
  const name = options.name ?? (clip.name || 'anm2');
  return new AnimationClip(name, duration, keyframeTracks);
}
