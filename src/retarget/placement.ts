// Where a source's joints stand in the game's model space: the source's world turned into the game's,
// scaled by the legs' ratio, its hips in the reference pose put where the skin's pelvis stands in the
// same pose. One mapping, for drawing the source beside the ped (the viewer) and for tests that compare
// the two; the quality measurement keeps its own arithmetic (quality.ts).
import { apply, positionOf, subtract, type Matrix, type Vector } from '../core/transforms.js';

/** How the source rig was placed on the game's: the turn between their worlds, the scale between their units, and where its hips stand. */
export interface SourcePlacement {
  /** The rotation from the source's world to the game's (4x4, column-major). */
  turn: Float64Array;
  /** Game metres per source unit: the ratio of the legs' lengths. */
  scale: number;
  /** The source joint standing for the pelvis, or -1 when none maps to it. */
  hips: number;
  /** That joint's position in the reference pose, in source units (the origin when there is none). */
  origin: Vector;
  /** Where it lands in the game's model space, metres: the skin's pelvis posed like the reference, standing on the source's floor. */
  at: Vector;
}

/** Each joint's position in the game's model space (x y z per joint), from its world matrices (`RigSampler.worlds`). */
export function placeJoints(worlds: readonly Matrix[], placement: SourcePlacement): Float64Array {
  const out = new Float64Array(3 * worlds.length);
  worlds.forEach((world, joint) => {
    const p = apply(placement.turn, subtract(positionOf(world), placement.origin));
    for (let c = 0; c < 3; c++) out[3 * joint + c] = placement.at[c]! + placement.scale * p[c]!;
  });
  return out;
}
