// Where the game stands a skin's feet: the ground the result's feet are put on. The game's own idle
// clip, played on the skin, puts the lowest foot joint there (SA's idles bend the knees a little, so
// their feet stand 2-6 cm higher than the straight-legged rest's); without one, the skin's standing
// rest is the ground.
import type { Skeleton } from '../core/skeleton.js';
import type { SkeletalClip } from '../playback/clip.js';
import { bindClip } from '../playback/bind.js';
import { poseToMatrices } from '../playback/matrices.js';
import { createPose } from '../playback/pose.js';
import { sampleClip } from '../playback/sample.js';

/** Foot and toe bones (HAnim ids): the lowest of them is where a foot meets the ground. */
export const FOOT_IDS = [43, 44, 53, 54];

/** At most this many instants of the clip are posed (it stands still; the median settles at once). */
const POSED = 120;

/**
 * The height (the game's up, model space) of the lowest foot joint when `clip` plays on `skeleton`: the
 * median over the clip's 60 Hz ticks, so that a shift of weight does not move it. NaN when the skeleton
 * has no foot bones.
 */
export function groundOfClip(skeleton: Skeleton, clip: SkeletalClip): number {
  const feet = FOOT_IDS.map((id) => skeleton.indexOf(id)).filter((bone) => bone >= 0);
  if (!feet.length) return Number.NaN;
  const bound = bindClip(clip, skeleton);
  const pose = createPose(skeleton);
  const ticks = Math.max(1, Math.round(clip.duration * 60));
  const step = Math.max(1, Math.ceil((ticks + 1) / POSED));
  const heights: number[] = [];
  for (let k = 0; k <= ticks; k += step) {
    sampleClip(bound, Math.min(clip.duration, k / 60), pose);
    const worlds = poseToMatrices(pose, skeleton);
    heights.push(Math.min(...feet.map((bone) => worlds[16 * bone + 14]!)));
  }
  heights.sort((a, b) => a - b);
  return heights[heights.length >> 1]!;
}

/** The lowest foot or toe joint's height in world matrices (16 numbers a bone, column-major), NaN without feet. */
export function lowestFoot(skeleton: Skeleton, worlds: ReadonlyArray<ArrayLike<number>>): number {
  const heights = FOOT_IDS.map((id) => skeleton.indexOf(id))
    .filter((bone) => bone >= 0)
    .map((bone) => worlds[bone]![14]!);
  return heights.length ? Math.min(...heights) : Number.NaN;
}

/** The clip a game's package stands its peds with: `idle_stance` (SA's and VC's ped.ifp), else the first whose name holds "idle". */
export function idleClipName(names: readonly string[]): string | undefined {
  return names.find((name) => name.toLowerCase() === 'idle_stance') ?? names.find((name) => /idle/i.test(name));
}
