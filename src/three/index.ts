// gameanim/three: skeletons as three.js bones and clips as AnimationClips. `three` is an optional
// peer dependency, so this adapter is only reachable through its own subpath, never from the package
// root.
import { AnimationClip, QuaternionKeyframeTrack, VectorKeyframeTrack, type KeyframeTrack } from 'three';
import { nextFloat32 } from '../core/float32.js';
import type { BoundClip } from '../playback/bind.js';
import { clipTracks, type SkeletalClip } from '../playback/clip.js';
import { threeBoneName } from './skeleton.js';

export interface ToAnimationClipOptions {
  /** The clip's name. Default: the animation's name, or 'anm2'. */
  name?: string;
  /**
   * The name of the three.js bone (Object3D) a track drives. Default: the bone name without its
   * leading and trailing spaces (" Pelvis" -> "Pelvis"), or `bone<index>` for ANM2 clips; for a bound
   * clip, the name `toSkeleton` gave the skeleton bone.
   */
  boneName?: (track: { boneName: string; boneId: number; index: number }) => string;
}

/**
 * Key times three.js plays as the games do. At a time several keys share, the games seek to the first
 * of them and play on from the last; three.js interpolates from the last at once. Moving the later
 * keys of each run one f32 step later gives both the games' value at that time and after it. The
 * decoded array is reused when no time repeats.
 */
export function gameKeyTimes(times: Float32Array): Float32Array {
  let copy: Float32Array | undefined;
  for (let k = 1; k < times.length; k++) {
    if (times[k] !== times[k - 1] || !Number.isFinite(times[k]!)) continue;
    copy ??= Float32Array.from(times);
    let run = k;
    while (run + 1 < times.length && times[run + 1] === times[k]) run++;
    copy.fill(nextFloat32(times[k]!), k, run + 1);
    k = run;
  }
  return copy ?? times;
}

/**
 * A `THREE.AnimationClip`. For a bare clip: a QuaternionKeyframeTrack (`<bone>.quaternion`) per
 * track and a VectorKeyframeTrack (`<bone>.position`) where the track has translations; three keeps
 * typed arrays as they are, so times and values are the decoded `Float32Array`s themselves. For a
 * bound clip (`bindClip`): tracks for the skeleton bones a track drives, named as `toSkeleton` names
 * them, with the bound clip's unit rotations; bones without a track keep their rest pose in three.js
 * as they do in `sampleClip`. Tracks without keys are left out (three needs at least one). three.js
 * interpolates rotations with slerp: IGI 2's squad tangents are not used there.
 */
export function toAnimationClip(clip: SkeletalClip | BoundClip, options: ToAnimationClipOptions = {}): AnimationClip {
  if (clip.kind === 'bound') return boundAnimationClip(clip, options);
  const { tracks, boneIds, boneNames, duration } = clipTracks(clip);
  const nameOf = options.boneName ?? (({ boneName }) => boneName.trim());
  const keyframeTracks: KeyframeTrack[] = [];
  tracks.forEach((track, index) => {
    if (track.times.length === 0) return;
    const bone = nameOf({ boneName: boneNames[index]!, boneId: boneIds[index]!, index });
    keyframeTracks.push(new QuaternionKeyframeTrack(`${bone}.quaternion`, gameKeyTimes(track.times) as unknown as number[], track.rotations as unknown as number[]));
    const positionTimes = track.translationTimes ?? track.times;
    if (track.translations && positionTimes.length)
      keyframeTracks.push(new VectorKeyframeTrack(`${bone}.position`, gameKeyTimes(positionTimes) as unknown as number[], track.translations as unknown as number[]));
  });
  return new AnimationClip(options.name ?? (clip.name || 'anm2'), duration, keyframeTracks);
}

function boundAnimationClip(bound: BoundClip, options: ToAnimationClipOptions): AnimationClip {
  const { skeleton, clip, trackOfBone, sampled } = bound;
  const keyframeTracks: KeyframeTrack[] = [];
  trackOfBone.forEach((trackIndex, bone) => {
    if (trackIndex < 0) return;
    const source = clip.tracks[trackIndex]!;
    if (source.times.length === 0) return;
    const name = options.boneName?.({ boneName: skeleton.names[bone]!, boneId: skeleton.ids[bone]!, index: bone }) ?? (threeBoneName(skeleton.names[bone]!) || `bone${bone}`);
    const track = sampled.tracks[bone]!;
    keyframeTracks.push(new QuaternionKeyframeTrack(`${name}.quaternion`, gameKeyTimes(track.times) as unknown as number[], track.rotations as unknown as number[]));
    const positionTimes = track.translationTimes ?? track.times;
    if (source.translations && positionTimes.length)
      keyframeTracks.push(new VectorKeyframeTrack(`${name}.position`, gameKeyTimes(positionTimes) as unknown as number[], track.translations as unknown as number[]));
  });
  return new AnimationClip(options.name ?? (clip.name || 'anm2'), sampled.duration, keyframeTracks);
}
export { threeBoneName, toSkeleton, type ThreeSkeletonParts } from './skeleton.js';
export { toThreeTexture, type ToThreeTextureOptions } from './texture.js';
export { toBufferGeometry, toThreeMaterial, toThreeMaterials, type ToThreeMaterialsOptions } from './mesh-parts.js';
export { toFrameModel, type FrameModelSource, type ThreeFrameModel } from './frame-model.js';
export { poseThreeBones, toThreeSkinnedMesh, type ThreeSkinnedModel, type ToThreeSkinnedMeshOptions } from './skinned-mesh.js';
