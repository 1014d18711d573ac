// Clips as three.js AnimationClips, with key times three plays as the games do.
import { AnimationClip, QuaternionKeyframeTrack, VectorKeyframeTrack, type KeyframeTrack } from 'three';
import type { BoundClip } from '../playback/bind.js';
import { clipTracks, type SkeletalClip } from '../playback/clip.js';
import { gameKeyTimes } from '../playback/game-key-times.js';
import { threeBoneName } from './skeleton.js';

export { gameKeyTimes };

/** How `toAnimationClip` names the clip and its tracks. */
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
    pushBoneTracks(keyframeTracks, bone, track, track.translations);
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
    const name =
      options.boneName?.({ boneName: skeleton.names[bone]!, boneId: skeleton.ids[bone]!, index: bone }) ??
      (threeBoneName(skeleton.names[bone]!) || `bone${bone}`);
    const track = sampled.tracks[bone]!;
    pushBoneTracks(keyframeTracks, name, track, source.translations ? track.translations : null);
  });
  return new AnimationClip(options.name ?? (clip.name || 'anm2'), sampled.duration, keyframeTracks);
}

/** A bone's rotation track and, where it has `translations` with keys, its position track, on the game's key times. */
function pushBoneTracks(
  out: KeyframeTrack[],
  bone: string,
  track: { times: Float32Array; rotations: Float32Array; translationTimes?: Float32Array | null },
  translations: Float32Array | null | undefined,
): void {
  out.push(
    new QuaternionKeyframeTrack(
      `${bone}.quaternion`,
      gameKeyTimes(track.times) as unknown as number[],
      track.rotations as unknown as number[],
    ),
  );
  const positionTimes = track.translationTimes ?? track.times;
  if (translations && positionTimes.length)
    out.push(
      new VectorKeyframeTrack(`${bone}.position`, gameKeyTimes(positionTimes) as unknown as number[], translations as unknown as number[]),
    );
}
