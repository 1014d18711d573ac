// The two rigs side by side in the reference pose: the game skeleton stood up as its clips stand it and
// posed like the source's reference (game-pose.ts), the turn between the worlds (reference.ts), and the
// root motion's scale, the ratio of the legs' lengths (thigh plus shin, bone lengths: the same on both
// rigs wherever each puts its foot joints).
import type { Skeleton } from '../core/skeleton.js';
import { poseToMatrices } from '../playback/matrices.js';
import { createPose } from '../playback/pose.js';
import {
  apply,
  cross,
  dot,
  fromArray,
  identity,
  multiply,
  normalised,
  positionOf,
  subtract,
  transposed,
  type Matrix,
  type Vector,
} from '../core/transforms.js';
import { bodyFrame, segmentDirection, type JointAt } from './body.js';
import { poseLike } from './game-pose.js';
import { describeTurn, type Reference } from './reference.js';
import { FOOT_IDS } from './ground.js';
import type { ModelGround } from './model-ground.js';

export interface Alignment {
  /** The rotation from the source's world to the game's model space. */
  turn: Matrix;
  /** Game metres per source unit of root motion: the ratio of the legs' lengths. */
  scale: number;
  /** Where the source's hips' travel over the ground is counted from (null: from the reference's hips). */
  anchor: Vector | null;
  /** Game metres the root is raised so that the source's floor, not its reference's feet, meets the game's ground. */
  lift: number;
  /** The height (model space) the source's floor lands at: the model's ground when it was put there. */
  floorAt: number;
  /** Each source joint's world matrix in the reference pose. */
  sourceRef: Matrix[];
  /** Each game bone's world matrix posed like the source's reference, its feet as low as at rest. */
  targetRef: Matrix[];
  /** Each game bone's world matrix at its own rest, stood up: bones without a source joint stay at it. */
  gameRest: Matrix[];
  report: string[];
}

/** Foot and toe bones: the posed skeleton's lowest stays as low as at rest. */
const FEET = FOOT_IDS;

/**
 * The skin's rest stood up as GTA's clips stand it (its bind pose lies along X; clips turn the root so
 * the ped stands Z up facing +Y, its left -X): up from pelvis to head and left from the right shoulder
 * to the left, each taken as the nearest axis.
 */
export function standingRest(skeleton: Skeleton): Matrix[] {
  const flat = poseToMatrices(createPose(skeleton), skeleton);
  const lying = Array.from({ length: skeleton.boneCount }, (_, b) => fromArray(flat, 16 * b));
  const at = (id: number) => positionOf(lying[skeleton.indexOf(id)] ?? identity());
  if ([1, 5, 22, 32].some((id) => skeleton.indexOf(id) < 0)) return lying;
  const up = nearestAxis(subtract(at(5), at(1)));
  const left = nearestAxis(subtract(at(32), at(22)));
  if (Math.abs(dot(up, left)) > 0.5) return lying;
  const from = identity();
  from.set(left, 0);
  from.set(cross(up, left), 4);
  from.set(up, 8);
  const to = identity();
  to.set([-1, 0, 0], 0);
  to.set(cross([0, 0, 1], [-1, 0, 0]), 4);
  to.set([0, 0, 1], 8);
  const standUp = multiply(to, transposed(from));
  return lying.map((m) => multiply(standUp, m));
}

/**
 * The game skeleton posed like a source's reference, and the root motion's scale. `ground` is where
 * the game stands this skin's feet (model-ground.ts: its idle clip, or SA's idle leg pose): the
 * source's floor is always put on it. Null, or the rest's (`from: 'rest'`), the floor is put on the
 * standing rest's lowest foot only when the reference stands more than a tenth of a leg off it.
 */
export function alignTo(
  skeleton: Skeleton,
  jointOfBone: Int32Array,
  gameRest: readonly Matrix[],
  reference: Reference,
  modelGround: ModelGround | null = null,
): Alignment {
  const ground = modelGround && modelGround.from !== 'rest' ? modelGround.height : null;
  const { turn, worlds: sourceRef } = reference;
  const sourceAt: JointAt = (id) => {
    const bone = skeleton.indexOf(id);
    const joint = bone >= 0 ? jointOfBone[bone]! : -1;
    return joint >= 0 ? positionOf(sourceRef[joint]!) : null;
  };
  const gameAt =
    (worlds: readonly Matrix[]): JointAt =>
    (id) =>
      skeleton.indexOf(id) >= 0 ? positionOf(worlds[skeleton.indexOf(id)]!) : null;
  const frame = bodyFrame(sourceAt, true);
  const turned = frame && { up: apply(turn, frame.up), left: apply(turn, frame.left), forward: apply(turn, frame.forward) };
  const posed = poseLike(
    skeleton,
    gameRest,
    turned,
    (from, to) => {
      const d = segmentDirection(sourceAt, from, to);
      return d && normalised(apply(turn, d));
    },
    reference.feetFlat,
  );
  // Feet as low as at rest: straightened legs stand the hips higher, as the source's do.
  const lowest = (at: JointAt) => Math.min(...FEET.map((id) => at(id)?.[2] ?? Infinity));
  const raise = lowest(gameAt(gameRest)) - lowest(gameAt(posed));
  const targetRef = Number.isFinite(raise)
    ? posed.map((m) => {
        const out = Float64Array.from(m);
        out[14] = out[14]! + raise;
        return out;
      })
    : posed;
  const legs = (at: JointAt) => {
    const lengths = [41, 51].map((thigh) => {
      const [hip, knee, ankle] = [at(thigh), at(thigh + 1), at(thigh + 2)];
      return hip && knee && ankle ? Math.hypot(...subtract(knee, hip)) + Math.hypot(...subtract(ankle, knee)) : NaN;
    });
    return (lengths[0]! + lengths[1]!) / 2;
  };
  const [gameLegs, sourceLegs] = [legs(gameAt(gameRest)), legs(sourceAt)];
  const byLegs = gameLegs / sourceLegs;
  const scale = Number.isFinite(byLegs) && byLegs > 0 ? byLegs : 1;
  // A reference standing within a tenth of a leg of the motion's floor is taken as standing on it (SA's
  // own clips put the feet 5 cm apart: walk_player higher than the idle); one further off (mocap whose
  // zero pose hangs at the root, 1 m up) is brought down to it.
  const gap = scale * reference.aboveFloor;
  const restGround = lowest(gameAt(gameRest));
  const toGround = ground !== null && Number.isFinite(ground) && Number.isFinite(restGround) ? ground - restGround : null;
  const lift = toGround !== null ? gap + toGround : Math.abs(gap) > 0.1 * (Number.isFinite(gameLegs) ? gameLegs : 0.87) ? gap : 0;
  const report = [
    `reference pose: ${reference.description}`,
    `source axes to the game's: ${describeTurn(turn)}`,
    Number.isFinite(byLegs) && byLegs > 0
      ? `root motion scaled by ${scale.toPrecision(4)}: legs (thigh + shin) ${gameLegs.toFixed(3)} m on the model, ${sourceLegs.toPrecision(4)} source units`
      : 'root motion not scaled: the source has no thigh, shin and ankle joints to measure its legs by',
    toGround !== null
      ? `ground: ${modelGround!.from === 'idle pose' ? "SA's standing idle (its leg pose, idle pose)" : `the game's idle (${modelGround!.from})`} stands this skin's feet at ${ground!.toFixed(3)} m, ${signedCm(toGround)} cm from its rest's; the source's floor (its lowest foot over the motion, ${Math.abs(gap * 100).toFixed(1)} cm ${gap >= 0 ? 'below' : 'above'} the reference's feet) is put there`
      : `ground: the skin's standing rest${modelGround?.note ? ` (${modelGround.note})` : ''}; the source's floor (its lowest foot over the motion) ${Math.abs(gap) < 5e-4 ? 'is where the reference stands' : `is ${(Math.abs(gap) * 100).toFixed(1)} cm ${gap > 0 ? 'below' : 'above'} the reference's feet`}${lift ? ": the root is moved by that, to stand the floor on the model's ground" : ''}`,
  ];
  const floorAt = restGround - gap + lift;
  return { turn, scale, lift, floorAt, anchor: reference.anchor, sourceRef, targetRef, gameRest: [...gameRest], report };
}

const signedCm = (metres: number) => `${metres >= 0 ? '+' : ''}${(metres * 100).toFixed(1)}`;

function nearestAxis(v: Vector): Vector {
  const line = normalised(v);
  let axis = 0;
  for (let c = 1; c < 3; c++) if (Math.abs(line[c]!) > Math.abs(line[axis]!)) axis = c;
  const out: Vector = [0, 0, 0];
  out[axis] = Math.sign(line[axis]!);
  return out;
}
