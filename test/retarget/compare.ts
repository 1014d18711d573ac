// How far a retargeted clip is from the SA clip its source was made from, bone by bone, at 60 Hz.
import { Vector3 } from 'three';
import type { Animation, Skeleton } from '../../src/index.js';
import { bindClip, createPose, sampleClip } from '../../src/index.js';
import { gameWorlds, STAND } from './foreign-rigs.js';

export interface Differences {
  /** Largest local-rotation difference per driven bone, degrees (the pelvis: its world rotation, as the root above it differs). */
  degrees: Map<string, number>;
  /** Largest pelvis world-position difference, metres. */
  rootMotion: number;
  /** Largest world-direction difference per limb segment (bone to child), degrees. */
  segments: Map<string, number>;
  duration: number;
  /** Every limb segment's angle (upper arms, forearms, thighs, calves) on every tick, degrees. */
  limbAngles: number[];
  /** The largest turn about the up axis between the two hips' lines (right thigh to left), degrees. */
  facing: number;
}

/** The median, 95th percentile and worst of a list of angles. */
export function spread(values: readonly number[]): { median: number; p95: number; worst: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.round(p * (sorted.length - 1)))]!;
  return { median: at(0.5), p95: at(0.95), worst: sorted.at(-1)! };
}

const SEGMENTS: Array<[number, number]> = [
  [32, 33],
  [33, 34],
  [22, 23],
  [23, 24],
  [41, 42],
  [42, 43],
  [51, 52],
  [52, 53],
  [2, 3],
  [4, 5],
];

/**
 * The original's root motion as it is meant to land on another skin than the one the rig was made on:
 * the travel from that skin's rest scaled by the ratio of the two skins' hip heights in a T-pose.
 */
export interface RootFrom {
  skeleton: Skeleton;
}

export function compare(
  skeleton: Skeleton,
  original: Animation,
  back: Animation,
  driven: readonly string[],
  rootFrom?: RootFrom,
): Differences {
  const a = bindClip(original, skeleton),
    b = bindClip(back, skeleton);
  const pelvisRest = (s: Skeleton) => new Vector3().setFromMatrixPosition(STAND.clone().multiply(gameWorlds(s, null, 0)[s.indexOf(1)]!));
  const scale = rootFrom ? tPoseHipHeight(skeleton) / tPoseHipHeight(rootFrom.skeleton) : 1;
  const expectedPelvis = (at: Vector3) =>
    rootFrom ? at.clone().sub(pelvisRest(rootFrom.skeleton)).multiplyScalar(scale).add(pelvisRest(skeleton)) : at;
  const pa = createPose(skeleton),
    pb = createPose(skeleton);
  const degrees = new Map(driven.map((name) => [name, 0]));
  const segments = new Map<string, number>();
  let rootMotion = 0;
  let facing = 0;
  const limbAngles: number[] = [];
  const LIMBS = new Set([32, 33, 22, 23, 41, 42, 51, 52]);
  const pelvis = skeleton.indexOf(1);
  for (let frame = 0; frame / 60 <= original.duration + 1e-6; frame++) {
    const time = Math.min(frame / 60, original.duration);
    sampleClip(a, time, pa);
    sampleClip(b, time, pb);
    const wa = gameWorlds(skeleton, original, time),
      wb = gameWorlds(skeleton, back, time);
    for (const name of driven) {
      const i = skeleton.indexOf(name);
      let angle: number;
      if (i === pelvis) {
        const dot = Math.abs(new Vector3(1, 0, 0).transformDirection(wa[i]!).dot(new Vector3(1, 0, 0).transformDirection(wb[i]!)));
        const dot2 = Math.abs(new Vector3(0, 1, 0).transformDirection(wa[i]!).dot(new Vector3(0, 1, 0).transformDirection(wb[i]!)));
        angle = Math.max(Math.acos(Math.min(1, dot)), Math.acos(Math.min(1, dot2)));
      } else {
        let dot = 0;
        for (let c = 0; c < 4; c++) dot += pa.rotations[4 * i + c]! * pb.rotations[4 * i + c]!;
        angle = 2 * Math.acos(Math.min(1, Math.abs(dot)));
      }
      degrees.set(name, Math.max(degrees.get(name)!, (angle * 180) / Math.PI));
    }
    rootMotion = Math.max(
      rootMotion,
      expectedPelvis(new Vector3().setFromMatrixPosition(wa[pelvis]!)).distanceTo(new Vector3().setFromMatrixPosition(wb[pelvis]!)),
    );
    for (const [from, to] of SEGMENTS) {
      const [f, t] = [skeleton.indexOf(from), skeleton.indexOf(to)];
      const direction = (w: typeof wa) =>
        new Vector3().setFromMatrixPosition(w[t]!).sub(new Vector3().setFromMatrixPosition(w[f]!)).normalize();
      const name = skeleton.names[f]!.trim();
      const angle = (direction(wa).angleTo(direction(wb)) * 180) / Math.PI;
      segments.set(name, Math.max(segments.get(name) ?? 0, angle));
      if (LIMBS.has(from)) limbAngles.push(angle);
    }
    const hips = (w: typeof wa) =>
      new Vector3().setFromMatrixPosition(w[skeleton.indexOf(41)]!).sub(new Vector3().setFromMatrixPosition(w[skeleton.indexOf(51)]!));
    const [ha, hb] = [hips(wa), hips(wb)];
    facing = Math.max(facing, (Math.abs(Math.atan2(ha.x * hb.y - ha.y * hb.x, ha.x * hb.x + ha.y * hb.y)) * 180) / Math.PI);
  }
  return { degrees, rootMotion, segments, duration: Math.abs(original.duration - back.duration), limbAngles, facing };
}

export const worst = (values: Map<string, number>) => [...values].reduce((w, e) => (e[1] > w[1] ? e : w), ['', 0] as [string, number]);

/**
 * The pelvis above the lowest foot joint with the legs straight down and the feet as at rest (a
 * T-pose), from the standing rest's joint positions: hip drop to the thigh, thigh and calf lengths, and
 * the ankle's height above the toe.
 */
export function tPoseHipHeight(skeleton: Skeleton): number {
  const rest = gameWorlds(skeleton, null, 0).map((m) => new Vector3().setFromMatrixPosition(STAND.clone().multiply(m)));
  const at = (id: number) => rest[skeleton.indexOf(id)]!;
  const leg = (thigh: number) =>
    at(1).z -
    at(thigh).z +
    at(thigh).distanceTo(at(thigh + 1)) +
    at(thigh + 1).distanceTo(at(thigh + 2)) +
    Math.max(0, at(thigh + 2).z - at(thigh + 3).z);
  return Math.max(leg(41), leg(51));
}

/** The three SA sample skins every rig is retargeted onto. */
export const SKINS = ['sa_skin_plain', 'sa_skin_protected', 'sa_skin_modelspace_frames'];
/** The bones every source rig of the tests maps (fingers only where the rig has them). */
export const MAPPED = [
  'Pelvis',
  'Spine',
  'Spine1',
  'Neck',
  'Head',
  'Bip01 L Clavicle',
  'L UpperArm',
  'L ForeArm',
  'L Hand',
  'Bip01 R Clavicle',
  'R UpperArm',
  'R ForeArm',
  'R Hand',
  'L Thigh',
  'L Calf',
  'L Foot',
  'L Toe0',
  'R Thigh',
  'R Calf',
  'R Foot',
  'R Toe0',
];

/** `skeleton` with its calves moved along their thighs by `thigh` and its feet along their calves by `calf`: legs proportioned otherwise. */
export function withLegs(skeleton: Skeleton, thigh: number, calf: number): Skeleton {
  for (const [ids, k] of [
    [[42, 52], thigh],
    [[43, 53], calf],
  ] as const)
    for (const id of ids) for (let c = 0; c < 3; c++) skeleton.restTranslations[3 * skeleton.indexOf(id) + c]! *= k;
  return skeleton;
}
