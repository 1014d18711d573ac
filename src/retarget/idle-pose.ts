// Where the game stands a skin's feet when no ped.ifp is at hand: the skin posed in SA's standing idle
// leg pose. SA's clips store each bone's whole local rotation (the skin gives only the bone lengths),
// so the idle's root, pelvis and leg rotations put any SA skin's feet where the idle itself does.
// The numbers are measurements, not a copy of the game's file: the mean of every 60 Hz tick of
// `IDLE_stance` in SA's `anim/ped.ifp` (PC, 1.5 s, the legs still to 0.1 mm over it), played on
// sa_skin_plain by the library's sampler; the idle's ground with them is within 0.3 mm of the clip's
// own on the three sample skins (test/retarget/idle-pose.test.ts, docs/guides/retarget.md).
import type { Skeleton } from '../core/skeleton.js';
import { poseToMatrices } from '../playback/matrices.js';
import { createPose } from '../playback/pose.js';
import { FOOT_IDS } from './ground.js';

/** A bone of the idle leg pose: its HAnim id, local rotation (x y z w) and, for the root, its translation (metres). */
export interface IdlePoseBone {
  id: number;
  rotation: readonly [number, number, number, number];
  translation?: readonly [number, number, number];
}

/** SA's `IDLE_stance` (ped.ifp), the root and the legs: the mean local rotation of each bone over the clip. */
export const SA_IDLE_LEGS: readonly IdlePoseBone[] = [
  { id: 0, rotation: [0.00757, 0, 0.70782, 0.70635], translation: [-0.00483, 0.00412, 0.02344] }, // Root: the ped turned to face +Y, 2.3 cm up
  { id: 1, rotation: [-0.51974, -0.51974, -0.47944, 0.47944] }, // Pelvis
  { id: 41, rotation: [-0.11183, -0.98405, -0.12001, 0.06888] }, // L Thigh
  { id: 42, rotation: [0, 0, -0.24001, 0.97077] }, // L Calf: the knee bent 28 degrees
  { id: 43, rotation: [-0.07862, -0.04571, 0.11914, 0.9887] }, // L Foot
  { id: 44, rotation: [0, 0.00074, 0.71988, 0.6941] }, // L Toe0
  { id: 51, rotation: [-0.05741, -0.99431, 0.07898, 0.04267] }, // R Thigh
  { id: 52, rotation: [0, 0, -0.16453, 0.98637] }, // R Calf: 19 degrees
  { id: 53, rotation: [0.06631, -0.02024, 0.10333, 0.99223] }, // R Foot
  { id: 54, rotation: [0, 0, 0.70738, 0.70684] }, // R Toe0
];

/** Bones the pose needs (HAnim ids): the root above the pelvis, the pelvis, thighs, calves and feet. */
const NEEDED = [0, 1, 41, 42, 43, 51, 52, 53];

/** The idle pose's ground on a skeleton, or why there is none (the skeleton lacks SA's bone ids, or the pose does not stand it). */
export type IdleGround =
  | { readonly height: number; readonly reason?: undefined }
  | { readonly height?: undefined; readonly reason: string };

/**
 * The height (the game's up, model space) of the lowest foot joint with `skeleton` posed in `pose`
 * (its other bones at rest). A skeleton without SA's root, pelvis and leg ids (GTA III's frames), or
 * one the pose does not stand up (its feet not below its pelvis by most of its legs' length: bone
 * axes other than SA's), has none.
 */
export function groundOfIdlePose(skeleton: Skeleton, pose: readonly IdlePoseBone[] = SA_IDLE_LEGS): IdleGround {
  const missing = NEEDED.filter((id) => skeleton.indexOf(id) < 0);
  if (missing.length)
    return {
      reason: `the skeleton has no bone${missing.length > 1 ? 's' : ''} with SA's id${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
    };
  const posed = createPose(skeleton);
  for (const bone of pose) {
    const index = skeleton.indexOf(bone.id);
    if (index < 0) continue;
    posed.rotations.set(bone.rotation, 4 * index);
    // A skeleton whose tracks offset its bones from rest (GTA III's skinned peds) takes the root's the same way.
    const rest = skeleton.trackTranslations === 'offset' ? skeleton.restTranslations.subarray(3 * index, 3 * index + 3) : [0, 0, 0];
    if (bone.translation)
      posed.translations.set(
        bone.translation.map((v, c) => v + rest[c]!),
        3 * index,
      );
  }
  const worlds = poseToMatrices(posed, skeleton);
  const height = (id: number) => (skeleton.indexOf(id) >= 0 ? worlds[16 * skeleton.indexOf(id) + 14]! : Infinity);
  const ground = Math.min(...FOOT_IDS.map(height));
  const length = (id: number) => Math.hypot(...skeleton.restTranslations.subarray(3 * skeleton.indexOf(id), 3 * skeleton.indexOf(id) + 3));
  const legs = (length(42) + length(43) + length(52) + length(53)) / 2;
  const below = height(1) - ground;
  if (!(below > 0.9 * legs))
    return {
      reason: `the pose does not stand it (its feet ${(below * 100).toFixed(1)} cm below the pelvis, its legs ${(legs * 100).toFixed(1)} cm long)`,
    };
  return { height: ground };
}
