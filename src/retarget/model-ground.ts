// The one ground a retarget stands the result's feet on, and where it came from: a game clip given
// (the idle of the user's own ped.ifp), else SA's standing idle leg pose on the skin (idle-pose.ts),
// else, for a skeleton that pose does not fit, the skin's straight-legged rest, said so.
import type { Skeleton } from '../core/skeleton.js';
import type { Matrix } from '../core/transforms.js';
import type { SkeletalClip } from '../playback/clip.js';
import { groundOfClip, lowestFoot } from './ground.js';
import { groundOfIdlePose } from './idle-pose.js';

/** Where the result's ground is, and what set it. */
export interface ModelGround {
  /** The height (the game's up, model space, metres) the source's floor is put on. */
  height: number;
  /**
   * What set it: `idle pose` (SA's standing idle leg pose on the skin, the default), `rest` (the
   * skin's straight-legged rest, when the idle pose does not fit the skeleton), or the name given for
   * the clip (`RetargetOptions.groundLabel`: the command says `--ground-from` or `ped.ifp idle_stance`).
   */
  from: string;
  /** The standing rest's lowest foot joint, for comparison (metres). */
  rest: number;
  /** Why the rest was taken (only for `rest`). */
  note?: string;
}

/** The ground for a skeleton: from `clip` (named `label`) when given, else the idle pose, else the rest. */
export function modelGround(
  skeleton: Skeleton,
  gameRest: ReadonlyArray<Matrix>,
  clip?: SkeletalClip,
  label = 'the given clip',
): ModelGround {
  const rest = lowestFoot(skeleton, gameRest);
  if (clip) {
    const height = groundOfClip(skeleton, clip);
    if (Number.isFinite(height)) return { height, from: label, rest };
  }
  const idle = groundOfIdlePose(skeleton);
  if (idle.height !== undefined) return { height: idle.height, from: 'idle pose', rest };
  return { height: rest, from: 'rest', rest, note: `no idle pose: ${idle.reason}` };
}
