/**
 * Rest rotations from RenderWare frame matrices. Real frames carry float noise, and some custom skins
 * scale or shear bones, so the matrix is first made orthonormal (its nearest rotation) and only then
 * turned into a quaternion.
 */

/** How far a 3x3 matrix (right, up, at columns) is from orthonormal: the largest entry of |MᵀM - I|. */
export function orthonormalDeviation(m: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const dot = m[3 * i]! * m[3 * j]! + m[3 * i + 1]! * m[3 * j + 1]! + m[3 * i + 2]! * m[3 * j + 2]!;
      worst = Math.max(worst, Math.abs(dot - (i === j ? 1 : 0)));
    }
  }
  return worst;
}

/**
 * The nearest rotation to `m` (the orthogonal polar factor, by Higham's iteration R = (R + R⁻ᵀ) / 2),
 * as a unit quaternion x y z w written to `out` at `at`. A singular or non-finite matrix gives identity.
 */
export function rotationQuaternion(m: ArrayLike<number>, out: Float32Array, at: number): void {
  // Column-major: r[3 * column + row].
  let r = Array.from({ length: 9 }, (_, i) => m[i]!);
  for (let iteration = 0; iteration < 20; iteration++) {
    const inverseTranspose = inverseTransposeOf(r);
    if (!inverseTranspose) {
      out.set([0, 0, 0, 1], at);
      return;
    }
    let change = 0;
    const next = r.map((v, i) => {
      const averaged = (v + inverseTranspose[i]!) / 2;
      change = Math.max(change, Math.abs(averaged - v));
      return averaged;
    });
    r = next;
    if (change < 1e-12) break;
  }
  quaternionOf(r, out, at);
}

/** The inverse transpose of a 3x3 (column-major); undefined when it is singular or not finite. */
export function inverseTransposeOf(r: ArrayLike<number>): number[] | undefined {
  // With columns a = right, b = up, c = at: the inverse's rows are (b x c, c x a, a x b) / det, so
  // the inverse transpose's columns are those cross products.
  const [ax, ay, az, bx, by, bz, cx, cy, cz] = Array.from({ length: 9 }, (_, i) => r[i]!) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const bc = [by * cz - bz * cy, bz * cx - bx * cz, bx * cy - by * cx];
  const ca = [cy * az - cz * ay, cz * ax - cx * az, cx * ay - cy * ax];
  const ab = [ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx];
  const det = ax * bc[0]! + ay * bc[1]! + az * bc[2]!;
  if (!(Math.abs(det) > 1e-12) || !Number.isFinite(det)) return undefined;
  return [...bc, ...ca, ...ab].map((v) => v / det);
}

/** A rotation matrix (column-major 3x3, already orthonormal) as a unit quaternion; the standard branch on the largest diagonal term. */
export function quaternionOf(r: ArrayLike<number>, out: Float32Array, at: number): void {
  const m00 = r[0]!,
    m10 = r[1]!,
    m20 = r[2]!,
    m01 = r[3]!,
    m11 = r[4]!,
    m21 = r[5]!,
    m02 = r[6]!,
    m12 = r[7]!,
    m22 = r[8]!;
  const trace = m00 + m11 + m22;
  let x: number, y: number, z: number, w: number;
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    w = 0.25 / s;
    x = (m21 - m12) * s;
    y = (m02 - m20) * s;
    z = (m10 - m01) * s;
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    w = (m21 - m12) / s;
    x = 0.25 * s;
    y = (m01 + m10) / s;
    z = (m02 + m20) / s;
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    w = (m02 - m20) / s;
    x = (m01 + m10) / s;
    y = 0.25 * s;
    z = (m12 + m21) / s;
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    w = (m10 - m01) / s;
    x = (m02 + m20) / s;
    y = (m12 + m21) / s;
    z = 0.25 * s;
  }
  const length = Math.hypot(x, y, z, w);
  out[at] = x / length;
  out[at + 1] = y / length;
  out[at + 2] = z / length;
  out[at + 3] = w / length;
}
