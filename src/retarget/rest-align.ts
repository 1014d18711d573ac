// Putting a foreign rig's rest beside the game skin's: the turn from the source's world to the game's
// (its up axis and which way it faces), found by fitting joint positions, and the ratio of hip heights
// that scales its root motion (its units and proportions). Nothing here depends on how either rig
// orients its joints: only where they are.
import type { Skeleton } from '../core/skeleton.js';
import { poseToMatrices } from '../playback/matrices.js';
import { createPose } from '../playback/pose.js';
import { fromArray, identity, multiply, positionOf, rigidFit, type Matrix } from '../gltf/spaces.js';
import { apply, cross, dot, normalised, rotationOf, snappedToAxes, subtract, transposed, type Vector } from './rotations.js';
import { RigSampler, type SourceRig } from './rig.js';
import { tPoseWorlds } from './tpose.js';

export type SourcePose = 'rest' | 'tpose';

export interface RestAlignment {
  /** The rotation from the source's world to the game's model space. */
  turn: Matrix;
  /** Game metres per source unit of root motion: the ratio of the hip heights. */
  scale: number;
  /** Each source joint's world matrix at rest. */
  sourceRest: Matrix[];
  /** Each game bone's world matrix in the pose the source's rest stands for (its rest, or its T-pose). */
  targetRest: Matrix[];
  /**
   * Each game bone's world matrix at its own rest, stood up as the game's clips stand it (the skin's
   * bind pose lies along X; clips turn the root so the ped stands Z up facing +Y): bones without a
   * source joint stay at it.
   */
  gameRest: Matrix[];
  report: string[];
}

/** Bones whose positions a T-pose leaves where the game's rest has them: torso, shoulders, hips. */
const TORSO = new Set([1, 2, 3, 4, 5, 21, 22, 31, 32, 41, 51]);
/** Foot and toe bones, the ground a hip height is measured from. */
const FEET = [43, 44, 53, 54];
/** Within this of an axis permutation (radians), a fitted turn is taken as exactly that permutation. */
const SNAP = (20 * Math.PI) / 180;

export function alignRests(rig: SourceRig, skeleton: Skeleton, jointOfBone: Int32Array, pose: SourcePose): RestAlignment {
  const restMatrices = poseToMatrices(createPose(skeleton), skeleton);
  const lying = Array.from({ length: skeleton.boneCount }, (_, b) => fromArray(restMatrices, 16 * b));
  const standUp = standingTurn(skeleton, lying);
  const gameRest = lying.map((m) => multiply(standUp, m));
  const sourceRest = new RigSampler(rig, null).worlds(0);
  const up: Vector = [0, 0, 1];
  const targetRest = pose === 'tpose' ? tPoseWorlds(skeleton, gameRest, up) : gameRest;
  // The fit: source positions scaled to the game's size, then turned and moved onto the game's.
  const pairs: Array<[Vector, Vector]> = [];
  jointOfBone.forEach((joint, bone) => {
    if (joint >= 0 && (pose === 'rest' || TORSO.has(skeleton.ids[bone]!))) pairs.push([positionOf(sourceRest[joint]!), positionOf(targetRest[bone]!)]);
  });
  const spread = (points: Vector[]) => {
    const mean = [0, 1, 2].map((c) => points.reduce((sum, p) => sum + p[c]!, 0) / points.length);
    return Math.sqrt(points.reduce((sum, p) => sum + (p[0] - mean[0]!) ** 2 + (p[1] - mean[1]!) ** 2 + (p[2] - mean[2]!) ** 2, 0));
  };
  const sizeRatio = spread(pairs.map((p) => p[1])) / (spread(pairs.map((p) => p[0])) || 1);
  const fit = rotationOf(
    rigidFit(
      pairs.map(([from]) => [from[0] * sizeRatio, from[1] * sizeRatio, from[2] * sizeRatio]),
      pairs.map((p) => p[1]),
    ),
  );
  const turn = snappedToAxes(fit, SNAP);
  const report = [`source axes to the game's: ${describeTurn(turn)}${turn === fit ? ' (fitted, no axis permutation near it)' : ''}`];
  // Hip heights: the pelvis above the lowest foot joint, along the game's up axis.
  const heightOf = (position: (bone: number) => Vector | null) => {
    const pelvis = position(skeleton.indexOf(1));
    const feet = FEET.map((id) => position(skeleton.indexOf(id))).filter((p): p is Vector => p !== null);
    return pelvis && feet.length ? dot(pelvis, up) - Math.min(...feet.map((p) => dot(p, up))) : NaN;
  };
  const targetHeight = heightOf((bone) => (bone >= 0 ? positionOf(targetRest[bone]!) : null));
  const sourceHeight = heightOf((bone) => (bone >= 0 && jointOfBone[bone]! >= 0 ? apply(turn, positionOf(sourceRest[jointOfBone[bone]!]!)) : null));
  const byHips = targetHeight / sourceHeight;
  const scale = Number.isFinite(byHips) && byHips > 0 ? byHips : sizeRatio;
  report.push(
    Number.isFinite(byHips) && byHips > 0
      ? `root motion scaled by ${scale.toPrecision(4)}: hip height ${targetHeight.toFixed(3)} m on the model, ${sourceHeight.toPrecision(4)} source units`
      : `root motion scaled by ${scale.toPrecision(4)}, the rigs' size ratio (no feet to measure hip heights from)`,
  );
  return { turn, scale, sourceRest, targetRest, gameRest, report };
}

/**
 * The turn that stands the skin's rest up as GTA's clips do: Z up, facing +Y, so the ped's left is -X.
 * Its rest's up (pelvis to head) and left (right shoulder to left), each taken as the nearest axis.
 */
function standingTurn(skeleton: Skeleton, rest: readonly Matrix[]): Matrix {
  const at = (id: number) => positionOf(rest[skeleton.indexOf(id)] ?? identity());
  if ([1, 5, 22, 32].some((id) => skeleton.indexOf(id) < 0)) return identity();
  const up = nearestAxis(subtract(at(5), at(1)));
  const left = nearestAxis(subtract(at(32), at(22)));
  if (Math.abs(dot(up, left)) > 0.5) return identity();
  // Bases of left, up x left (the back) and up, in the rest and standing; the turn takes one to the other.
  const from = identity();
  from.set(left, 0);
  from.set(cross(up, left), 4);
  from.set(up, 8);
  const to = identity();
  to.set([-1, 0, 0], 0);
  to.set(cross([0, 0, 1], [-1, 0, 0]), 4);
  to.set([0, 0, 1], 8);
  return multiply(to, transposed(from));
}

function nearestAxis(v: Vector): Vector {
  const line = normalised(v);
  let axis = 0;
  for (let c = 1; c < 3; c++) if (Math.abs(line[c]!) > Math.abs(line[axis]!)) axis = c;
  const out: Vector = [0, 0, 0];
  out[axis] = Math.sign(line[axis]!);
  return out;
}

function describeTurn(turn: Matrix): string {
  const axis = (column: number) => {
    const v = [turn[4 * column]!, turn[4 * column + 1]!, turn[4 * column + 2]!];
    const c = v.map(Math.abs).indexOf(Math.max(...v.map(Math.abs)));
    return `${v[c]! < 0 ? '-' : '+'}${'XYZ'[c]}`;
  };
  return `source +X to ${axis(0)}, +Y to ${axis(1)}, +Z to ${axis(2)}`;
}
