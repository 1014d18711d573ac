// Rules that need the model the animations are for: which tracks bind to its bones. The binding is
// the player's own (bindClip): by bone id on SA skinned peds, by name (case ignored) on frame-bound
// models, as docs/binding.md describes.
import type { Skeleton } from '../../core/skeleton.js';
import type { SkeletalClip } from '../../core/clip.js';
import { bindClip } from '../../playback/bind.js';
import type { AddFinding } from './findings.js';

export function lintBinding(clip: SkeletalClip, skeleton: Skeleton, offset: number, add: AddFinding): void {
  const bound = bindClip(clip, skeleton);
  const unbound = bound.unmatchedTracks.map((name) => JSON.stringify(name)).join(', ');
  if (bound.restBones.length === skeleton.boneCount) {
    add(
      'no-bone-matches',
      clip.name,
      null,
      offset,
      `no track drives a bone of the skeleton (${bound.refused ?? `unbound tracks ${unbound}`})`,
    );
  } else if (bound.unmatchedTracks.length) {
    add(
      'unbound-tracks',
      clip.name,
      null,
      offset,
      `${bound.unmatchedTracks.length} of ${clip.tracks.length} tracks drive no bone of the skeleton: ${unbound}`,
    );
  }
}
