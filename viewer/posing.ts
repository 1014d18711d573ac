// The pose the view shows at a time, and the room it takes over the clip: the selected clip (over its
// base, viewer/layering.ts), its root motion removed when the user plays it in place; and the bounds
// of the posed skeleton over the whole clip, which the camera frames (the rest pose of a running or
// crouching ped is not where its body goes), and the lowest point of the posed body, where the ground goes.
import { createPose, poseToMatrices, type BoundClip, type Pose } from 'gameanim';
import { lowestPoint, type GroundModel } from './ground.js';
import { sampleSelected } from './layering.js';
import type { PoseBox } from './pose-box.js';

/** Poses sampled over a clip for its bounds: enough to catch a step's reach, cheap on every switch. */
const BOUND_SAMPLES = 24;

/**
 * The bone that carries the clip's motion: the first (parents come first) whose track is translated.
 * An SA ped moves its root; a GTA III ped's root frame has no track and its waist carries the motion.
 */
export function motionBone(bound: BoundClip): number {
  for (let bone = 0; bone < bound.trackOfBone.length; bone++) {
    const track = bound.clip.tracks[bound.trackOfBone[bone]!];
    if (track?.translations) return bone;
  }
  return 0;
}

/** The selected clip at `time` into `pose`; in place, the moving bone keeps its rest position across the ground. */
export function poseAt(bound: BoundClip, time: number, pose: Pose, inPlace: boolean): void {
  sampleSelected(bound, time, pose);
  if (!inPlace) return;
  const bone = motionBone(bound);
  const rest = bound.skeleton.restTranslations;
  pose.translations[3 * bone] = rest[3 * bone]!;
  pose.translations[3 * bone + 1] = rest[3 * bone + 1]!;
}

const scratch = new WeakMap<object, { pose: Pose; matrices: Float32Array }>();

/**
 * The box of every bone's world position over the clip, relative to the moving bone when the camera
 * follows it; and the lowest point of `model` drawn in those poses (of the bones without a model).
 */
export function clipBox(bound: BoundClip, inPlace: boolean, relative: boolean, model: GroundModel | null = null): PoseBox {
  const skeleton = bound.skeleton;
  let work = scratch.get(skeleton);
  if (!work) scratch.set(skeleton, (work = { pose: createPose(skeleton), matrices: new Float32Array(16 * skeleton.boneCount) }));
  const { pose, matrices } = work;
  const mover = motionBone(bound);
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  let floor = Infinity;
  for (let step = 0; step <= BOUND_SAMPLES; step++) {
    poseAt(bound, (bound.clip.duration * step) / BOUND_SAMPLES, pose, inPlace);
    poseToMatrices(pose, skeleton, matrices);
    floor = Math.min(floor, lowestPoint(skeleton, model, matrices));
    const origin = relative ? [matrices[16 * mover + 12]!, matrices[16 * mover + 13]!] : [0, 0];
    for (let bone = 0; bone < skeleton.boneCount; bone++) {
      for (let axis = 0; axis < 3; axis++) {
        const value = matrices[16 * bone + 12 + axis]! - (axis < 2 ? origin[axis]! : 0);
        if (value < min[axis]!) min[axis] = value;
        if (value > max[axis]!) max[axis] = value;
      }
    }
  }
  return { min, max, relative, floor };
}
