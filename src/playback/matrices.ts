import { ArgumentError } from '../core/errors.js';
import { hierarchyOrder, type Skeleton } from '../core/skeleton.js';
import type { Pose } from './pose.js';

/**
 * World matrices (16 floats each, column-major as in glTF and three.js) for a pose: local =
 * translate(t) * rotate(q), world = world(parent) * local, parents first. Rotations need not be unit
 * length: each is normalised as the matrix is built, so the rotation part is always orthonormal.
 *
 * With a `Skeleton` (the pose made by `createPose(skeleton)`), a bone without a translation uses the
 * skeleton's rest translation. The older form takes a `parents` array (indices into the pose, -1 for
 * roots, in any order) and optional rest translations (x y z per bone). Bad input is a `RangeError`:
 * parents that are not whole numbers in range, a cycle, or arrays that do not match the pose.
 */
export function poseToMatrices(pose: Pose, skeleton: Skeleton, out?: Float32Array): Float32Array;
export function poseToMatrices(
  pose: Pose,
  parents: ArrayLike<number>,
  restTranslations?: ArrayLike<number> | null,
  out?: Float32Array,
): Float32Array;
export function poseToMatrices(
  pose: Pose,
  hierarchy: Skeleton | ArrayLike<number>,
  restOrOut?: ArrayLike<number> | null,
  maybeOut?: Float32Array,
): Float32Array {
  const skeleton = (hierarchy as Partial<Skeleton>).kind === 'skeleton' ? (hierarchy as Skeleton) : null;
  const isSkeleton = skeleton !== null;
  const parents = skeleton ? skeleton.parents : (hierarchy as ArrayLike<number>);
  const rest = skeleton ? skeleton.restTranslations : (restOrOut ?? null);
  const out = (isSkeleton ? (restOrOut as Float32Array | undefined) : maybeOut) ?? new Float32Array(16 * pose.count);
  if (parents.length !== pose.count)
    throw new ArgumentError('size-mismatch', `poseToMatrices: ${parents.length} parents for a pose of ${pose.count} bones`);
  if (rest && rest.length < 3 * pose.count)
    throw new ArgumentError('size-mismatch', `poseToMatrices: ${rest.length} rest translation values for ${pose.count} bones (3 each)`);
  if (out.length < 16 * pose.count)
    throw new ArgumentError('size-mismatch', `poseToMatrices: the output holds ${out.length} floats, ${16 * pose.count} are needed`);
  // A Skeleton's parents come first by contract; the bare-array form may list them in any order.
  // Both are checked on every call: the arrays are mutable, so nothing is cached.
  if (isSkeleton) checkParentsFirst(parents);
  const order = isSkeleton ? null : hierarchyOrder(parents);
  const local = new Float64Array(16);
  for (let i = 0; i < pose.count; i++) {
    const bone = order ? order[i]! : i;
    const q = 4 * bone;
    const t = pose.hasTranslation[bone] ? pose.translations : rest;
    const tx = t ? t[3 * bone]! : 0;
    const ty = t ? t[3 * bone + 1]! : 0;
    const tz = t ? t[3 * bone + 2]! : 0;
    compose(pose.rotations[q]!, pose.rotations[q + 1]!, pose.rotations[q + 2]!, pose.rotations[q + 3]!, tx, ty, tz, local);
    const parent = parents[bone]!;
    if (parent >= 0) multiply(out, 16 * parent, local, 0, out, 16 * bone);
    else out.set(local, 16 * bone);
  }
  return out;
}

function checkParentsFirst(parents: ArrayLike<number>): void {
  for (let bone = 0; bone < parents.length; bone++) {
    const parent = parents[bone]!;
    if (parent >= bone || parent < -1)
      throw new ArgumentError(
        'bad-parent',
        `poseToMatrices: skeleton bone ${bone} has parent ${parent}; a parent must be -1 or a bone before it`,
      );
  }
}

/**
 * The GPU matrix palette: world(bone) * inverseBind(bone), 16 floats per bone, column-major. Takes
 * the skeleton's inverse binds, or an array of them.
 */
export function skinningMatrices(
  world: Float32Array,
  inverseBind: Skeleton | Float32Array,
  out = new Float32Array(world.length),
): Float32Array {
  const binds = inverseBind instanceof Float32Array ? inverseBind : inverseBind.inverseBindMatrices;
  if (!binds) throw new ArgumentError('missing-data', 'skinningMatrices: the skeleton has no inverse bind matrices');
  if (world.length % 16 !== 0)
    throw new ArgumentError('size-mismatch', `skinningMatrices: ${world.length} world floats is not a whole number of 4x4 matrices`);
  if (binds.length < world.length)
    throw new ArgumentError('size-mismatch', `skinningMatrices: ${binds.length / 16} inverse bind matrices for ${world.length / 16} bones`);
  if (out.length < world.length)
    throw new ArgumentError('size-mismatch', `skinningMatrices: the output holds ${out.length} floats, ${world.length} are needed`);
  for (let at = 0; at < world.length; at += 16) multiply(world, at, binds, at, out, at);
  return out;
}

/** translate(t) * rotate(q / |q|), column-major; a zero quaternion gives no rotation. @internal also key reduction's local transforms. */
export function compose(x: number, y: number, z: number, w: number, tx: number, ty: number, tz: number, m: Float64Array): void {
  const norm = x * x + y * y + z * z + w * w;
  const s = norm > 0 ? 2 / norm : 0;
  const x2 = x * s,
    y2 = y * s,
    z2 = z * s;
  const xx = x * x2,
    xy = x * y2,
    xz = x * z2,
    yy = y * y2,
    yz = y * z2,
    zz = z * z2;
  const wx = w * x2,
    wy = w * y2,
    wz = w * z2;
  m[0] = 1 - (yy + zz);
  m[1] = xy + wz;
  m[2] = xz - wy;
  m[3] = 0;
  m[4] = xy - wz;
  m[5] = 1 - (xx + zz);
  m[6] = yz + wx;
  m[7] = 0;
  m[8] = xz + wy;
  m[9] = yz - wx;
  m[10] = 1 - (xx + yy);
  m[11] = 0;
  m[12] = tx;
  m[13] = ty;
  m[14] = tz;
  m[15] = 1;
}

/** out[o..] = a[ao..] * b[bo..]; out may be a or b's array at another offset, not the same matrix. @internal also key reduction's. */
export function multiply(a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number, out: Float32Array, oo: number): void {
  for (let column = 0; column < 4; column++) {
    const b0 = b[bo + 4 * column]!,
      b1 = b[bo + 4 * column + 1]!,
      b2 = b[bo + 4 * column + 2]!,
      b3 = b[bo + 4 * column + 3]!;
    for (let row = 0; row < 4; row++) {
      out[oo + 4 * column + row] = a[ao + row]! * b0 + a[ao + 4 + row]! * b1 + a[ao + 8 + row]! * b2 + a[ao + 12 + row]! * b3;
    }
  }
}
