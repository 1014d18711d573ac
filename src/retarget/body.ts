// A body read from where its joints are, never from how a rig orients its joint axes: which way is up
// the spine, which way is left across the hips and shoulders, which way the body faces, and how plainly
// a pose is a standing body (legs down the spine's line, shoulders square to the hips, arms mirrored).
// Joints are named by the HAnim id of the game bone they stand for, so one reading serves both rigs.
import { angleBetween, cross, dot, normalised, scaled, subtract, type Vector } from '../core/transforms.js';

/** Where the joint standing for a HAnim id is, or null when the rig has none. */
export type JointAt = (id: number) => Vector | null;

export interface BodyFrame {
  /** From between the hips to the neck. */
  up: Vector;
  /** From the right hip and shoulder to the left, square to `up`. */
  left: Vector;
  /** The way the chest faces: left × up. */
  forward: Vector;
}

/**
 * The body's frame, or null when the hips or neck are missing or on one line. Left is across the hips
 * and shoulders both, or (`hipsOnly`, the pelvis's own frame) across the hips alone.
 */
export function bodyFrame(at: JointAt, hipsOnly = false): BodyFrame | null {
  const [hipL, hipR, armL, armR] = [at(41), at(51), at(32), at(22)];
  const neck = at(4) ?? at(3);
  if (!hipL || !hipR || !neck) return null;
  const hips = scaled([hipL[0] + hipR[0], hipL[1] + hipR[1], hipL[2] + hipR[2]], 0.5);
  const up = normalised(subtract(neck, hips));
  let across = subtract(hipL, hipR);
  if (armL && armR && !hipsOnly) across = normalised(normalised(across).map((c, i) => c + normalised(subtract(armL, armR))[i]!) as Vector);
  const left = normalised(subtract(across, scaled(up, dot(across, up))));
  if (!(Math.hypot(...up) > 0.5 && Math.hypot(...left) > 0.5)) return null;
  return { up, left, forward: cross(left, up) };
}

/** A segment's direction, from the joint for `from` to the joint for `to`; null when either is missing or they coincide. */
export function segmentDirection(at: JointAt, from: number, to: number): Vector | null {
  const [a, b] = [at(from), at(to)];
  if (!a || !b) return null;
  const d = subtract(b, a);
  return Math.hypot(...d) > 1e-9 ? normalised(d) : null;
}

export interface StandingMeasure {
  /** The worst leg segment's angle from straight down the spine's line, degrees. */
  legs: number;
  /** How far the right arm is from the left one mirrored, degrees (0 without arms). */
  arms: number;
  /** The shoulders' line against the hips', about the spine, degrees. */
  twist: number;
  /** The upper arms' mean angle below square to the spine: about 0 in a T-pose, 45 in an A-pose, 90 hanging. */
  armsDown: number;
}

const LEGS: ReadonlyArray<[number, number]> = [
  [41, 42],
  [42, 43],
  [51, 52],
  [52, 53],
];
const degrees = (radians: number) => (radians * 180) / Math.PI;

/** How plainly a pose is a standing body; null when it has no body frame. */
export function measureStanding(at: JointAt): StandingMeasure | null {
  const frame = bodyFrame(at);
  if (!frame) return null;
  const down = scaled(frame.up, -1);
  let legs = 0;
  for (const [from, to] of LEGS) {
    const d = segmentDirection(at, from, to);
    legs = Math.max(legs, d ? degrees(angleBetween(d, down)) : 180);
  }
  let arms = 0;
  let armsDown = 0;
  for (const [l, r] of [
    [32, 22],
    [33, 23],
  ] as const) {
    const [dl, dr] = [segmentDirection(at, l, l + 1), segmentDirection(at, r, r + 1)];
    if (!dl || !dr) continue;
    const mirrored = subtract(dl, scaled(frame.left, 2 * dot(dl, frame.left)));
    arms = Math.max(arms, degrees(angleBetween(mirrored, dr)));
    if (l === 32) armsDown = degrees(-Math.asin(Math.max(-1, Math.min(1, (dot(dl, frame.up) + dot(dr, frame.up)) / 2))));
  }
  const [hipL, hipR, armL, armR] = [at(41), at(51), at(32), at(22)];
  let twist = 0;
  if (hipL && hipR && armL && armR) {
    const flat = (v: Vector) => subtract(v, scaled(frame.up, dot(v, frame.up)));
    twist = degrees(angleBetween(flat(subtract(hipL, hipR)), flat(subtract(armL, armR))));
  }
  return { legs, arms, twist, armsDown };
}

/**
 * Past these, a pose is no standing body to take up and facing from (degrees). The arms need not be
 * mirrored (a soldier's idle holds a rifle): their directions are matched whatever they are.
 */
export const STANDING_LIMITS = { legs: 30, twist: 25 };

export const isStanding = (m: StandingMeasure | null): boolean => !!m && m.legs <= STANDING_LIMITS.legs && m.twist <= STANDING_LIMITS.twist;

/** Looser: a body at all (the hips below the spine, the legs below the hips), as the best frame of a run is. */
export const BODY_LIMITS = { legs: 75, twist: 45 };

export const isBody = (m: StandingMeasure | null): boolean => !!m && m.legs <= BODY_LIMITS.legs && m.twist <= BODY_LIMITS.twist;

/** One number to rank frames by, lower more plainly standing (mirrored arms count too). */
export const standingScore = (m: StandingMeasure) => m.legs + m.arms + m.twist;

/** What a standing pose's arms say it is: a T-pose, an A-pose, or arms hanging. */
export function describePose(m: StandingMeasure): string {
  if (m.armsDown < 20) return 'a T-pose';
  if (m.armsDown < 65) return `an A-pose (arms ${Math.round(m.armsDown)} degrees down)`;
  return 'a standing pose with the arms down';
}
