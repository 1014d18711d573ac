// The game skeleton put in the source's reference pose, so that one transfer serves every kind of
// source: the pelvis turned to the body's frame, then each torso and limb segment turned (swing only,
// no twist) to point where the source's does, the bones below it turned with it. The game's own rest
// is the special case where every turn is nothing.
import type { Skeleton } from '../core/skeleton.js';
import {
  apply,
  multiply,
  normalised,
  positionOf,
  rotationOf,
  subtract,
  transposed,
  turnBetween,
  type Matrix,
  type Vector,
} from '../core/transforms.js';
import { bodyFrame, type BodyFrame } from './body.js';

/**
 * Each segment the skeleton is posed by: its bone (HAnim id), and the bones whose position gives its direction, the first the source has.
 */
const SEGMENTS: ReadonlyArray<[number, number[]]> = [
  [2, [3, 4]],
  [3, [4]],
  [4, [5]],
  [31, [32]],
  [32, [33]],
  [33, [34]],
  [34, [35]],
  [21, [22]],
  [22, [23]],
  [23, [24]],
  [24, [25]],
  [41, [42]],
  [42, [43]],
  [43, [44]],
  [51, [52]],
  [52, [53]],
  [53, [54]],
];

/** The feet: stood flat as at rest and only turned about the up axis, whatever pitch the source's foot segment has. */
const FEET = new Set([43, 53]);

/**
 * `rest` (world matrices, parents before children) posed like a source: `frame` is the source's pelvis
 * frame (up the spine, left across the hips) and `direction(from, to)` its segment directions, both already in the game's space (null where
 * the source lacks a joint: that segment keeps its place under its parent). With `feetFlat` (a standing
 * rest) the feet are stood flat and only turned to the source's heading (`standFlat`).
 */
export function poseLike(
  skeleton: Skeleton,
  rest: readonly Matrix[],
  frame: BodyFrame | null,
  direction: (from: number, to: number) => Vector | null,
  feetFlat = false,
): Matrix[] {
  const worlds = rest.map((m) => Float64Array.from(m));
  const at = (id: number) => (skeleton.indexOf(id) >= 0 ? positionOf(worlds[skeleton.indexOf(id)]!) : null);
  const pelvis = skeleton.indexOf(1);
  const own = bodyFrame(at, true);
  const bodyTurn = frame && own && pelvis >= 0 ? multiply(basis(frame), transposed(basis(own))) : null;
  if (bodyTurn) turnSubtree(skeleton, worlds, pelvis, bodyTurn);
  const segments = SEGMENTS.filter(([id]) => skeleton.indexOf(id) >= 0).sort((a, b) => skeleton.indexOf(a[0]) - skeleton.indexOf(b[0]));
  for (const [id, children] of segments) {
    const bone = skeleton.indexOf(id);
    if (feetFlat && FEET.has(id)) {
      const toe = skeleton.indexOf(children[0]!);
      if (toe >= 0)
        standFlat(skeleton, worlds, bone, toe, bodyTurn ? multiply(bodyTurn, rest[bone]!) : rest[bone]!, direction(id, children[0]!));
      continue;
    }
    for (const child of children) {
      const target = direction(id, child);
      const to = at(child);
      if (!target || !to) continue;
      const from = normalised(subtract(to, positionOf(worlds[bone]!)));
      turnSubtree(skeleton, worlds, bone, turnBetween(from, target));
      break;
    }
  }
  return worlds;
}

/**
 * A foot stood as at rest (`standing`: its rest world turned with the body), then turned about the up
 * axis so that it heads where the source's foot does. Where a rig puts its toe joint says nothing of
 * how the foot stands: the game's toe is 11 cm below its ankle, a flat-footed mocap rig's level with
 * it, and both stand flat in a standing reference. Posing the game's foot to the source's ankle-to-toe
 * pitch tipped a flat rig's toe up to its ankle's height, and the body then stood 11 cm low.
 */
function standFlat(skeleton: Skeleton, worlds: Matrix[], bone: number, toe: number, standing: Matrix, heading: Vector | null): void {
  turnSubtree(skeleton, worlds, bone, multiply(rotationOf(standing), transposed(rotationOf(worlds[bone]!))));
  const flat = (v: Vector): Vector | null => (Math.hypot(v[0], v[1]) > 1e-6 ? normalised([v[0], v[1], 0]) : null);
  const from = flat(subtract(positionOf(worlds[toe]!), positionOf(worlds[bone]!)));
  const to = heading && flat(heading);
  // A heading more than a quarter turn off is no foot's standing heading (a toe joint behind the ankle): left as at rest.
  if (from && to && from[0] * to[0] + from[1] * to[1] > 0) turnSubtree(skeleton, worlds, bone, turnBetween(from, to));
}

/** A frame's axes as the columns of a rotation. */
function basis(frame: BodyFrame): Matrix {
  const m = new Float64Array(16);
  m.set(frame.left, 0);
  m.set(frame.up, 4);
  m.set(frame.forward, 8);
  m[15] = 1;
  return m;
}

/** Turns a bone and every bone below it about the bone's own position. */
function turnSubtree(skeleton: Skeleton, worlds: Matrix[], bone: number, turn: Matrix): void {
  const pivot = positionOf(worlds[bone]!);
  const inside = new Uint8Array(skeleton.boneCount);
  inside[bone] = 1;
  for (let b = bone; b < skeleton.boneCount; b++) {
    if (b !== bone && !inside[skeleton.parents[b]!]) continue;
    inside[b] = 1;
    const turned = multiply(turn, worlds[b]!);
    const offset = apply(turn, subtract(positionOf(worlds[b]!), pivot));
    turned.set([pivot[0] + offset[0], pivot[1] + offset[1], pivot[2] + offset[2]], 12);
    worlds[b] = turned;
  }
}
