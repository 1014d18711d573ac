// The matrices import needs: column-major 4x4 products and inverses, and the rigid transform that best
// carries one set of points onto another (Kabsch), which finds how a tool placed the game's model in
// its scene (Y up, turned, moved) from where the joints are, whatever orientation it gave each joint.
import { compose, identity, invert, multiply, type Matrix } from '../core/transforms.js';

export { compose, fromArray, identity, invert, multiply, positionOf, type Matrix } from '../core/transforms.js';

/**
 * The rigid transform (rotation and translation, no scale) that best carries `from[i]` onto `to[i]`,
 * by least squares (Kabsch, with the rotation from Horn's quaternion method). Identity for fewer than
 * three points or points on a line.
 */
export function rigidFit(from: readonly [number, number, number][], to: readonly [number, number, number][]): Matrix {
  const n = from.length;
  if (n < 3) return identity();
  const mean = (points: readonly [number, number, number][]) => [0, 1, 2].map((c) => points.reduce((sum, p) => sum + p[c]!, 0) / n);
  const a = mean(from),
    b = mean(to);
  // Cross-covariance S[r][c] = sum (from - a)_r (to - b)_c.
  const S = [0, 1, 2].map((r) => [0, 1, 2].map((c) => from.reduce((sum, p, i) => sum + (p[r]! - a[r]!) * (to[i]![c]! - b[c]!), 0)));
  const [[xx, xy, xz], [yx, yy, yz], [zx, zy, zz]] = S as [[number, number, number], [number, number, number], [number, number, number]];
  const K = [
    [xx + yy + zz, yz - zy, zx - xz, xy - yx],
    [yz - zy, xx - yy - zz, xy + yx, zx + xz],
    [zx - xz, xy + yx, -xx + yy - zz, yz + zy],
    [xy - yx, zx + xz, yz + zy, -xx - yy + zz],
  ];
  const q = largestEigenvector(K);
  if (!q) return identity();
  // Horn's quaternion is (w, x, y, z).
  const rotation = compose([0, 0, 0], [q[1]!, q[2]!, q[3]!, q[0]!], [1, 1, 1]);
  const ra = [0, 1, 2].map((r) => rotation[r]! * a[0]! + rotation[4 + r]! * a[1]! + rotation[8 + r]! * a[2]!);
  for (let r = 0; r < 3; r++) rotation[12 + r] = b[r]! - ra[r]!;
  return snapped(rotation);
}

/** Whether the points span a plane, so that `rigidFit` can find a rotation from them (three or more, not on one line). */
export function spansAPlane(points: readonly [number, number, number][]): boolean {
  if (points.length < 3) return false;
  const [o] = points;
  // The farthest point from the first, then the largest cross product with that direction: an area, in square metres.
  let far = o!;
  let farthest = 0;
  for (const p of points) {
    const d = Math.hypot(p[0] - o![0], p[1] - o![1], p[2] - o![2]);
    if (d > farthest) [far, farthest] = [p, d];
  }
  if (farthest < 1e-6) return false;
  const u = [far[0] - o![0], far[1] - o![1], far[2] - o![2]];
  let area = 0;
  for (const p of points) {
    const v = [p[0] - o![0], p[1] - o![1], p[2] - o![2]];
    area = Math.max(area, Math.hypot(u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!));
  }
  return area > 1e-9;
}

/**
 * The transform that carries the frame `from` onto `to` (to · from⁻¹), snapped as a fit is: one bone's placement, when positions cannot
 * give it.
 */
export function frameFit(from: Matrix, to: Matrix): Matrix {
  return snapped(multiply(to, invert(from)));
}

/**
 * A fit that is a signed axis permutation within float noise (the identity, glTF's Y-up turn) made
 * exactly that, and a translation within a micrometre of zero made zero: the placements tools use,
 * without the fit's rounding.
 */
function snapped(m: Matrix): Matrix {
  for (let column = 0; column < 3; column++)
    for (let row = 0; row < 3; row++) if (Math.abs(m[4 * column + row]! - Math.round(m[4 * column + row]!)) > 1e-5) return m;
  const out = Float64Array.from(m);
  for (let column = 0; column < 3; column++)
    for (let row = 0; row < 3; row++) out[4 * column + row] = Math.round(m[4 * column + row]!) || 0;
  for (let row = 0; row < 3; row++) if (Math.abs(out[12 + row]!) < 1e-6) out[12 + row] = 0;
  return out;
}

/** The unit eigenvector of the largest eigenvalue of a symmetric 4x4, by Jacobi rotations. */
function largestEigenvector(matrix: number[][]): number[] | undefined {
  const a = matrix.map((row) => [...row]);
  const v: number[][] = [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => (r === c ? 1 : 0)));
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < 4; p++) for (let q = p + 1; q < 4; q++) off += a[p]![q]! ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < 4; p++) {
      for (let q = p + 1; q < 4; q++) {
        if (Math.abs(a[p]![q]!) < 1e-300) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * a[p]![q]!);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1),
          s = t * c;
        for (let k = 0; k < 4; k++) {
          const akp = a[k]![p]!,
            akq = a[k]![q]!;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < 4; k++) {
          const apk = a[p]![k]!,
            aqk = a[q]![k]!;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < 4; k++) {
          const vkp = v[k]![p]!,
            vkq = v[k]![q]!;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  let best = 0;
  for (let i = 1; i < 4; i++) if (a[i]![i]! > a[best]![best]!) best = i;
  const vector = [0, 1, 2, 3].map((r) => v[r]![best]!);
  const length = Math.hypot(...vector);
  return length > 0 && Number.isFinite(length) ? vector.map((x) => x / length) : undefined;
}
