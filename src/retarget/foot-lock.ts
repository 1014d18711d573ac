// Planted feet stay planted. Legs proportioned otherwise than the source's (and the root's travel
// scaled by their whole length) make a transferred foot creep while the source's stands: the contacts
// are found on the source (its ankle slow and near its floor, both measured in the game's metres, so
// scaled by the body), each run of them holds the result's ankle at the run's mean position (plus
// whatever the source's own ankle creeps from its mean), eased in
// and out over a tenth of a second, by two-bone IK on the thigh and calf that keeps the knee's bend
// plane and leaves the foot's world rotation as the transfer gave it; the pelvis is lowered where a
// foot cannot reach. As Unreal's speed planting and deep-motion-editing's foot lock do (notes in
// ../shared/notes/retarget.md); nothing here knows what kind of source it was.
import type { Skeleton } from '../core/skeleton.js';
import { apply, cross, dot, multiply, normalised, scaled, subtract, turnBetween, type Vector } from '../core/transforms.js';
import type { Transfer, WorldPose } from './transfer.js';

/** Thigh, calf and foot (HAnim ids) of the left and the right leg. */
const LEGS = [
  [41, 42, 43],
  [51, 52, 53],
] as const;

/**
 * Contacts, relative to the game's leg (thigh plus shin, about 0.87 m on SA's peds): an ankle slower than this many legs a second (on
 * either side of the key)...
 */
const SPEED_LEGS = 0.3;
/** ...and within this many legs of its own floor (the 5th percentile of its height over the clip). */
const HEIGHT_LEGS = 0.08;
/** A run shorter than this many keys is no contact (a foot passing its lowest point). */
const MIN_RUN = 3;
/** Seconds the hold eases in before a run and out after it. */
const EASE = 0.1;

interface Leg {
  bones: [number, number, number];
  lengths: [number, number];
}

export interface FootLockPlan {
  /** Per key, per leg: where the ankle is held and how much (0 to 1); null where it is free. */
  holds: Array<Array<{ at: Vector; weight: number } | null>>;
  /** Contact runs found, per leg. */
  runs: [number, number];
  /** Keys where the pelvis had to come down for a foot to reach, filled as the plan is applied. */
  lowered: number;
}

/** The legs the skeleton has (both need thigh, calf and foot), with their bone lengths. */
export function legsOf(skeleton: Skeleton, transfer: Transfer): Leg[] {
  const legs: Leg[] = [];
  for (const ids of LEGS) {
    const bones = ids.map((id) => skeleton.indexOf(id)) as [number, number, number];
    if (bones.some((b) => b < 0) || skeleton.parents[bones[1]] !== bones[0] || skeleton.parents[bones[2]] !== bones[1]) continue;
    const length = (b: number) => Math.hypot(...transfer.offsets[b]!);
    legs.push({ bones, lengths: [length(bones[1]), length(bones[2])] });
  }
  return legs;
}

/** Every bone's position in the pose, from the hips down (bones above or beside the hips: NaN). */
export function positionsOf(skeleton: Skeleton, transfer: Transfer, pose: WorldPose): Vector[] {
  const out: Vector[] = Array.from({ length: skeleton.boneCount }, () => [Number.NaN, Number.NaN, Number.NaN] as Vector);
  if (transfer.hips < 0) return out;
  out[transfer.hips] = [...pose.hipsAt];
  for (let b = transfer.hips + 1; b < skeleton.boneCount; b++) {
    const parent = skeleton.parents[b]!;
    if (parent < transfer.hips || Number.isNaN(out[parent]![0])) continue;
    const d = apply(pose.world[parent]!, transfer.offsets[b]!);
    out[b] = [out[parent]![0] + d[0], out[parent]![1] + d[1], out[parent]![2] + d[2]];
  }
  return out;
}

/**
 * What the plan keeps off the ground, per key and leg: how far the result's lowest foot joint is below its ankle, and how far the source's
 * is under its floor (0 or less, game metres).
 */
export interface GroundTrack {
  /** The height the source's floor lands at on the model. */
  ground: number;
  below: number[][];
  under: number[][];
}

/**
 * Finds the contacts and where each is held. `source[k][leg]` is the source's ankle at key k in the
 * game's space and metres (turned and scaled), `result[k][leg]` the transferred ankle before locking.
 * With `floor`, an ankle whose foot would go further under the ground than the source's goes under
 * its floor is raised until it does not (the foot's rotation kept, so its lowest joint rises as much).
 */
export function planFootLock(
  times: ArrayLike<number>,
  source: Vector[][],
  result: Vector[][],
  legLength: number,
  legCount: number,
  floor?: GroundTrack,
): FootLockPlan {
  const keys = times.length;
  const holds: FootLockPlan['holds'] = Array.from({ length: keys }, () => Array.from({ length: legCount }, () => null));
  const runs: [number, number] = [0, 0];
  for (let leg = 0; leg < legCount; leg++) {
    const heights = source.map((k) => k[leg]![2]).sort((a, b) => a - b);
    const floor = heights[Math.floor(0.05 * (heights.length - 1))]!;
    const planted = Array.from({ length: keys }, (_, k) => {
      // The slower of the two steps either side: the key a foot lands on, and the one it lifts from, are
      // held too (a dance's steps stop for a few keys; with the faster, a samba's feet slid 7 cm past the source's).
      const step = (a: number, b: number) =>
        Math.hypot(...subtract(source[b]![leg]!, source[a]![leg]!)) / Math.max(1e-6, times[b]! - times[a]!);
      const speed = Math.min(k > 0 ? step(k - 1, k) : Infinity, k + 1 < keys ? step(k, k + 1) : Infinity);
      return speed < SPEED_LEGS * legLength && source[k]![leg]![2] - floor < HEIGHT_LEGS * legLength;
    });
    for (let k = 0; k < keys; ) {
      if (!planted[k]) {
        k++;
        continue;
      }
      let end = k;
      while (end + 1 < keys && planted[end + 1]) end++;
      if (end - k + 1 >= MIN_RUN) {
        runs[leg as 0 | 1]++;
        // The run's mean, on the result and on the source: the hold is the result's mean plus the
        // source's own creep from its mean, so a foot the source keeps still stays still, and one it
        // lets creep (SA's walk_player: 7 cm) creeps as much, a result already like the source unchanged.
        const mean = (track: Vector[][]) => {
          const at: Vector = [0, 0, 0];
          for (let i = k; i <= end; i++) for (let c = 0; c < 3; c++) at[c] = at[c]! + track[i]![leg]![c]! / (end - k + 1);
          return at;
        };
        const [held, from] = [mean(result), mean(source)];
        for (let i = 0; i < keys; i++) {
          const away = times[i]! < times[k]! ? times[k]! - times[i]! : times[i]! > times[end]! ? times[i]! - times[end]! : 0;
          if (away >= EASE) continue;
          const u = 1 - away / EASE;
          const weight = u * u * (3 - 2 * u);
          const creep = subtract(source[i]![leg]!, from);
          const at: Vector = [held[0] + creep[0], held[1] + creep[1], held[2] + creep[2]];
          const before = holds[i]![leg];
          if (!before || before.weight < weight) holds[i]![leg] = { at, weight };
        }
      }
      k = end + 1;
    }
  }
  if (floor)
    for (let i = 0; i < keys; i++)
      for (let leg = 0; leg < legCount; leg++) {
        const ankle = result[i]![leg]!;
        const hold = holds[i]![leg];
        const base = hold ? (ankle.map((c, axis) => c + (hold.at[axis]! - c) * hold.weight) as Vector) : ankle;
        const lowest = floor.ground + floor.below[i]![leg]! + floor.under[i]![leg]!;
        if (base[2] < lowest - 1e-4) holds[i]![leg] = { at: [base[0], base[1], lowest], weight: 1 };
      }
  return { holds, runs, lowered: 0 };
}

/** Moves the legs (and, where a foot cannot reach, the hips) of one key's pose to the plan's holds. */
export function applyFootLock(
  skeleton: Skeleton,
  transfer: Transfer,
  legs: readonly Leg[],
  holds: ReadonlyArray<{ at: Vector; weight: number } | null>,
  pose: WorldPose,
): boolean {
  if (!holds.some((h) => h && h.weight > 0)) return false;
  let positions = positionsOf(skeleton, transfer, pose);
  // A free leg keeps its ankle where the transfer put it, should the pelvis come down for the other.
  const wanted = legs.map((leg, i) => {
    const hold = holds[i];
    const ankle = positions[leg.bones[2]]!;
    if (!hold || hold.weight <= 0) return [...ankle] as Vector;
    return ankle.map((c, axis) => c + (hold.at[axis]! - c) * hold.weight) as Vector;
  });
  // The pelvis comes down (along the game's up) until every held ankle is within the leg's reach.
  let drop = 0;
  legs.forEach((leg, i) => {
    const target = wanted[i]!;
    if (!holds[i] || holds[i]!.weight <= 0) return;
    // Within a hair of straight, or as far as the leg already reaches (a straight-legged stance).
    const reach = Math.max(
      (leg.lengths[0] + leg.lengths[1]) * 0.999,
      Math.hypot(...subtract(positions[leg.bones[2]]!, positions[leg.bones[0]]!)),
    );
    const v = subtract(target, positions[leg.bones[0]]!);
    const far = dot(v, v) - reach * reach;
    if (far <= 0) return;
    const discriminant = v[2] * v[2] - far;
    drop = Math.max(drop, discriminant >= 0 ? -v[2] - Math.sqrt(discriminant) : -v[2]);
  });
  const lowered = drop > 1e-6;
  if (lowered) {
    pose.hipsAt[2] -= drop;
    positions = positionsOf(skeleton, transfer, pose);
  }
  // The way the body faces (left across the thighs, the game's up): where a straight leg's knee bends.
  const forward =
    legs.length === 2
      ? normalised(cross(subtract(positions[legs[0]!.bones[0]]!, positions[legs[1]!.bones[0]]!), [0, 0, 1]))
      : ([0, 1, 0] as Vector);
  legs.forEach((leg, i) => {
    const target = wanted[i];
    // Within half a millimetre (and the pelvis where it was) the transfer already holds it: left as it is.
    if (target && (lowered || Math.hypot(...subtract(target, positions[leg.bones[2]]!)) >= 5e-4))
      solveLeg(leg, positions, pose, target, forward);
  });
  return lowered;
}

/** Two-bone IK: the thigh and calf turned so the ankle reaches `target`, the knee in its own bend plane, the foot's world rotation kept. */
function solveLeg(leg: Leg, positions: readonly Vector[], pose: WorldPose, target: Vector, forward: Vector): void {
  const [thigh, calf] = leg.bones;
  const [a, b] = leg.lengths;
  const [hip, knee, ankle] = leg.bones.map((bone) => positions[bone]!) as [Vector, Vector, Vector];
  const toTarget = subtract(target, hip);
  const d = Math.min(Math.max(Math.hypot(...toTarget), Math.abs(a - b) + 1e-6), a + b - 1e-6);
  const u = normalised(toTarget);
  // The knee's side: where it points off the hip-to-ankle line now (the bend plane kept).
  const thighNow = subtract(knee, hip);
  let side = subtract(thighNow, scaled(u, dot(thighNow, u)));
  // A straight leg has no plane of its own: its knee bends the way the body faces.
  if (Math.hypot(...side) < 1e-3 * a) side = subtract(forward, scaled(u, dot(forward, u)));
  side = normalised(side);
  const cosHip = Math.max(-1, Math.min(1, (a * a + d * d - b * b) / (2 * a * d)));
  const sinHip = Math.sqrt(1 - cosHip * cosHip);
  const newKnee = [0, 1, 2].map((c) => hip[c]! + a * (cosHip * u[c]! + sinHip * side[c]!)) as Vector;
  const newAnkle = [0, 1, 2].map((c) => hip[c]! + u[c]! * d) as Vector;
  const thighTurn = turnBetween(normalised(thighNow), normalised(subtract(newKnee, hip)));
  pose.world[thigh] = multiply(thighTurn, pose.world[thigh]!);
  const shinTurned = apply(thighTurn, subtract(ankle, knee));
  const calfTurn = turnBetween(normalised(shinTurned), normalised(subtract(newAnkle, newKnee)));
  pose.world[calf] = multiply(calfTurn, multiply(thighTurn, pose.world[calf]!));
}
