/**
 * The rest pose of a skinned model as the game builds it: from the Skin PLG's inverse bind matrices,
 * never from the frames (`SkinGetBonePositionsToTable` in re3, reVC and gta-reversed). Each bone's
 * bind world matrix is inverse(IBM[i]); its pose local to its parent is IBM[parent] * inverse(IBM[i]).
 * The root sits at the origin. Some skins scale bones in their bind matrices: the rotation is the
 * product's nearest rotation, and the scale is kept apart.
 */
import { inverseTransposeOf, orthonormalDeviation, rotationQuaternion } from './rotation.js';

/** A bind matrix whose axes are scaled or sheared by more than this is more than float noise. */
export const BIND_SCALE_TOLERANCE = 1e-3;

export interface SkinRestPose {
  restRotations: Float32Array;
  restTranslations: Float32Array;
  /** x y z per bone: the lengths of the local matrix's axes; null when every bone is unscaled (within the tolerance). */
  restScales: Float32Array | null;
  /** Bones whose local matrix is scaled or sheared beyond the tolerance, and the first of them (-1 for none). */
  scaledBones: number;
  firstScaled: number;
}

/** Column-major 4x4 affine matrices as f64 3x3 + translation, for exact-enough products. */
type Affine = Float64Array; // 12: columns x, y, z, then the translation

function affineOf(m: ArrayLike<number>, at: number): Affine {
  const out = new Float64Array(12);
  for (let column = 0; column < 4; column++) for (let row = 0; row < 3; row++) out[3 * column + row] = m[at + 4 * column + row]!;
  return out;
}

/** The inverse of an affine matrix; undefined when it is singular or not finite. */
export function invertAffine(m: Affine): Affine | undefined {
  const inverseTranspose = inverseTransposeOf(m);
  if (!inverseTranspose) return undefined;
  const out = new Float64Array(12);
  for (let column = 0; column < 3; column++) for (let row = 0; row < 3; row++) out[3 * column + row] = inverseTranspose[3 * row + column]!;
  const [tx, ty, tz] = [m[9]!, m[10]!, m[11]!];
  for (let row = 0; row < 3; row++) out[9 + row] = -(out[row]! * tx + out[3 + row]! * ty + out[6 + row]! * tz);
  return out;
}

export function multiplyAffine(p: Affine, q: Affine): Affine {
  const out = new Float64Array(12);
  for (let column = 0; column < 4; column++) {
    const x = q[3 * column]!,
      y = q[3 * column + 1]!,
      z = q[3 * column + 2]!;
    for (let row = 0; row < 3; row++)
      out[3 * column + row] = p[row]! * x + p[3 + row]! * y + p[6 + row]! * z + (column === 3 ? p[9 + row]! : 0);
  }
  return out;
}

/**
 * The game's rest pose of a skinned model. `parents` in bone order (every parent before its child).
 * A bind matrix that cannot be inverted leaves that bone at an identity local pose.
 */
export function restPoseFromSkin(inverseBindMatrices: Float32Array, parents: Int32Array): SkinRestPose {
  const count = parents.length;
  const restRotations = new Float32Array(4 * count);
  const restTranslations = new Float32Array(3 * count);
  const scales = new Float32Array(3 * count);
  let scaledBones = 0;
  let firstScaled = -1;
  for (let bone = 0; bone < count; bone++) {
    const bindWorld = invertAffine(affineOf(inverseBindMatrices, 16 * bone));
    const parent = parents[bone]!;
    let local = bindWorld;
    if (local && parent >= 0) local = multiplyAffine(affineOf(inverseBindMatrices, 16 * parent), local);
    if (!local) {
      restRotations[4 * bone + 3] = 1;
      scales.fill(1, 3 * bone, 3 * bone + 3);
      continue;
    }
    rotationQuaternion(local.subarray(0, 9), restRotations, 4 * bone);
    // The root's position in the table is the origin; every other bone's is its bind position in its parent's space.
    if (parent >= 0) restTranslations.set(local.subarray(9, 12), 3 * bone);
    for (let axis = 0; axis < 3; axis++) scales[3 * bone + axis] = Math.hypot(local[3 * axis]!, local[3 * axis + 1]!, local[3 * axis + 2]!);
    if (orthonormalDeviation(local) > BIND_SCALE_TOLERANCE && scaledBones++ === 0) firstScaled = bone;
  }
  return { restRotations, restTranslations, restScales: scaledBones ? scales : null, scaledBones, firstScaled };
}

/** The bone whose two rest poses differ most in position, with that distance and the largest rotation difference (radians). */
export function largestRestDifference(
  a: { restRotations: Float32Array; restTranslations: Float32Array },
  b: { restRotations: Float32Array; restTranslations: Float32Array },
): { bone: number; distance: number; angle: number } {
  let bone = -1,
    distance = 0,
    angle = 0;
  const count = a.restTranslations.length / 3;
  for (let i = 0; i < count; i++) {
    const d = Math.hypot(
      a.restTranslations[3 * i]! - b.restTranslations[3 * i]!,
      a.restTranslations[3 * i + 1]! - b.restTranslations[3 * i + 1]!,
      a.restTranslations[3 * i + 2]! - b.restTranslations[3 * i + 2]!,
    );
    let dot = 0;
    for (let c = 0; c < 4; c++) dot += a.restRotations[4 * i + c]! * b.restRotations[4 * i + c]!;
    const turn = 2 * Math.acos(Math.min(1, Math.abs(dot)));
    if (d > distance || bone < 0) {
      bone = i;
      distance = d;
    }
    angle = Math.max(angle, turn);
  }
  return { bone, distance, angle };
}
