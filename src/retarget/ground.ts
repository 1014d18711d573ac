// Where the game stands a skin's feet: the ground the result's feet are put on. The game's own idle
// clip, played on the skin, puts the lowest foot joint there (SA's idles bend the knees a little, so
// their feet stand 2-6 cm higher than the straight-legged rest's); without one, the skin's standing
// rest is the ground. Also how far to raise a result so its feet follow the source's over the ground (groundShift).
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

/**
 * Shifts smaller than this (metres) are left alone: within it the reference already stands the feet
 * near enough, and a small shift down only makes the lock lift more feet (a run's calf bent 2 degrees for 0.9 cm).
 */
const SHIFT_AT_LEAST = 0.015;

/**
 * How far to raise the result (metres; 0 when under SHIFT_AT_LEAST) so that its lowest foot joint's
 * height above the ground follows the source's above its floor at the median over the clip. Per key:
 * `sourceLowest[k][leg]`, the source's lowest foot joint (game metres, its floor `sourceFloor`);
 * `result[k][leg]`, the result's ankle, and `below[k][leg]` how far its lowest foot joint is under it.
 */
export function groundShift(
  sourceLowest: number[][],
  sourceFloor: number,
  result: ReadonlyArray<ReadonlyArray<ArrayLike<number>>>,
  below: number[][],
  ground: number,
): number {
  const differences = sourceLowest
    .map((lows, k) => Math.min(...result[k]!.map((ankle, leg) => ankle[2]! - below[k]![leg]!)) - ground - (Math.min(...lows) - sourceFloor))
    .sort((a, b) => a - b);
  if (!differences.length) return 0;
  const shift = -differences[differences.length >> 1]!;
  return Math.abs(shift) >= SHIFT_AT_LEAST ? shift : 0;
}
