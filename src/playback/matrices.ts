import type { Pose } from './pose.js';

const orders = new WeakMap<object, Int32Array>();

/** Bone indices with every parent before its children; cached per parents array. */
function hierarchyOrder(parents: ArrayLike<number>): Int32Array {
  const known = orders.get(parents as object);
  if (known) return known;
  const children: number[][] = Array.from({ length: parents.length }, () => []);
  const order: number[] = [];
  for (let bone = 0; bone < parents.length; bone++) {
    const parent = parents[bone]!;
    if (parent < 0 || parent >= parents.length) order.push(bone);
    else children[parent]!.push(bone);
  }
  for (let i = 0; i < order.length; i++) order.push(...children[order[i]!]!);
  if (order.length !== parents.length) throw new RangeError('the parent links form a cycle');
  const result = Int32Array.from(order);
  orders.set(parents as object, result);
  return result;
}

/**
 * World matrices (16 floats each, column-major as in glTF and three.js) for a pose: local =
 * translate(t) * rotate(q), world = world(parent) * local, parents first. A bone whose pose has no
 * translation uses `restTranslations` (x, y, z per bone), or 0. `parents` are indices into the pose.
 */
export function poseToMatrices(pose: Pose, parents: ArrayLike<number>, restTranslations?: ArrayLike<number> | null, out = new Float32Array(16 * pose.count)): Float32Array {
  const local = new Float64Array(16);
  for (const bone of hierarchyOrder(parents)) {
    const q = 4 * bone;
    const t = pose.hasTranslation[bone] ? pose.translations : restTranslations;
    const tx = t ? t[3 * bone]! : 0;
    const ty = t ? t[3 * bone + 1]! : 0;
    const tz = t ? t[3 * bone + 2]! : 0;
    compose(pose.rotations[q]!, pose.rotations[q + 1]!, pose.rotations[q + 2]!, pose.rotations[q + 3]!, tx, ty, tz, local);
    const parent = parents[bone]!;
    if (parent >= 0 && parent < pose.count) multiply(out, 16 * parent, local, 0, out, 16 * bone);
    else out.set(local, 16 * bone);
  }
  return out;
}

/** The GPU matrix palette: world(bone) * inverseBind(bone), 16 floats per bone, column-major. */
export function skinningMatrices(world: Float32Array, inverseBind: Float32Array, out = new Float32Array(world.length)): Float32Array {
  for (let at = 0; at + 16 <= world.length; at += 16) multiply(world, at, inverseBind, at, out, at);
  return out;
}

/** translate(t) * rotate(q), column-major. */
function compose(x: number, y: number, z: number, w: number, tx: number, ty: number, tz: number, m: Float64Array): void {
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2;
  const wx = w * x2, wy = w * y2, wz = w * z2;
  m[0] = 1 - (yy + zz); m[1] = xy + wz; m[2] = xz - wy; m[3] = 0;
  m[4] = xy - wz; m[5] = 1 - (xx + zz); m[6] = yz + wx; m[7] = 0;
  m[8] = xz + wy; m[9] = yz - wx; m[10] = 1 - (xx + yy); m[11] = 0;
  m[12] = tx; m[13] = ty; m[14] = tz; m[15] = 1;
}

/** out[o..] = a[ao..] * b[bo..]; out may be a or b's array at another offset, not the same matrix. */
function multiply(a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number, out: Float32Array, oo: number): void {
  for (let column = 0; column < 4; column++) {
    const b0 = b[bo + 4 * column]!, b1 = b[bo + 4 * column + 1]!, b2 = b[bo + 4 * column + 2]!, b3 = b[bo + 4 * column + 3]!;
    for (let row = 0; row < 4; row++) {
      out[oo + 4 * column + row] = a[ao + row]! * b0 + a[ao + 4 + row]! * b1 + a[ao + 8 + row]! * b2 + a[ao + 12 + row]! * b3;
    }
  }
}
