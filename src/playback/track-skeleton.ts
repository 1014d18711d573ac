// A skeleton made from clips alone, for showing or exporting clips without their model: an SA
// animated object's clip (one track named after the object's frame, bone id -1) has nothing else to
// play on.
import { boneNameKey, createSkeleton, type Skeleton } from '../core/skeleton.js';
import type { SkeletalClip } from './clip.js';

/**
 * One root bone per distinct track name of the clips (compared as bones are: case and surrounding
 * spaces ignored), in order of first appearance, at the origin with no rotation. Clips bound by index
 * (ANM2, IGI 2) get one bone per track position, named by the first clip that has it. The skeleton
 * has no rig, so it takes any clip; tracks bind to it by name.
 */
export function skeletonFromTracks(clips: readonly SkeletalClip[]): Skeleton {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const clip of clips) {
    clip.tracks.forEach((track, index) => {
      if (clip.bindBy === 'index') {
        if (index >= names.length) names.push(track.boneName || `bone${index}`);
        return;
      }
      const key = boneNameKey(track.boneName);
      if (seen.has(key)) return;
      seen.add(key);
      names.push(track.boneName);
    });
  }
  return createSkeleton({ names, parents: names.map(() => -1) });
}
