// The 4x4 matrix and rotation arithmetic the adapters share (glTF import and export, retargeting):
// column-major affine matrices in float64, their products and inverses, and the rotations inside them
// (a joint's world carries its rig's unit scale, so the rotation part is taken apart from it), turns
// between directions, and the snap of a fitted turn onto the axis permutation tools really use.

export type Matrix = Float64Array; // 16, column-major

export const identity = (): Matrix => Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

export function fromArray(values: ArrayLike<number>, at = 0): Matrix {
  const out = new Float64Array(16);
  for (let i = 0; i < 16; i++) out[i] = values[at + i]!;
  return out;
}

export function multiply(a: Matrix, b: Matrix): Matrix {
  return multiplyInto(new Float64Array(16), a, b);
}

/** `a · b` written into `out` (which must be neither), for loops that make many. */
export function multiplyInto(out: Matrix, a: Matrix, b: Matrix): Matrix {
  for (let column = 0; column < 4; column++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[4 * k + row]! * b[4 * column + k]!;
      out[4 * column + row] = sum;
    }
  }
  return out;
}

/** The inverse of an affine matrix (last row 0 0 0 1); identity when it is singular. */
export function invert(m: Matrix): Matrix {
  const [a, b, c, , d, e, f, , g, h, i] = m as unknown as number[];
  const c0 = [e! * i! - f! * h!, f! * g! - d! * i!, d! * h! - e! * g!];
  const det = a! * c0[0]! + b! * c0[1]! + c! * c0[2]!;
  if (!(Math.abs(det) > 1e-300) || !Number.isFinite(det)) return identity();
  const inv = [
    c0[0]! / det,
    (h! * c! - i! * b!) / det,
    (b! * f! - c! * e!) / det,
    c0[1]! / det,
    (i! * a! - g! * c!) / det,
    (c! * d! - a! * f!) / det,
    c0[2]! / det,
    (g! * b! - h! * a!) / det,
    (a! * e! - b! * d!) / det,
  ];
  const out = identity();
  for (let column = 0; column < 3; column++) for (let row = 0; row < 3; row++) out[4 * column + row] = inv[3 * column + row]!;
  for (let row = 0; row < 3; row++) out[12 + row] = -(out[row]! * m[12]! + out[4 + row]! * m[13]! + out[8 + row]! * m[14]!);
  return out;
}

export function compose(t: ArrayLike<number>, q: ArrayLike<number>, s: ArrayLike<number>): Matrix {
  return composeInto(identity(), t, q, s);
}

/** The matrix of a translation, rotation (x y z w) and scale, written into `out` (its last row 0 0 0 1). */
export function composeInto(out: Matrix, t: ArrayLike<number>, q: ArrayLike<number>, s: ArrayLike<number>): Matrix {
  const [x, y, z, w] = [q[0]!, q[1]!, q[2]!, q[3]!];
  out[3] = out[7] = out[11] = 0;
  out[15] = 1;
  out[0] = (1 - 2 * (y * y + z * z)) * s[0]!;
  out[1] = 2 * (x * y + z * w) * s[0]!;
  out[2] = 2 * (x * z - y * w) * s[0]!;
  out[4] = 2 * (x * y - z * w) * s[1]!;
  out[5] = (1 - 2 * (x * x + z * z)) * s[1]!;
  out[6] = 2 * (y * z + x * w) * s[1]!;
  out[8] = 2 * (x * z + y * w) * s[2]!;
  out[9] = 2 * (y * z - x * w) * s[2]!;
  out[10] = (1 - 2 * (x * x + y * y)) * s[2]!;
  out[12] = t[0]!;
  out[13] = t[1]!;
  out[14] = t[2]!;
  return out;
}

export const positionOf = (m: Matrix): [number, number, number] => [m[12]!, m[13]!, m[14]!];

export type Vector = [number, number, number];

/** The rotation of an affine matrix: its axes made orthonormal (Gram-Schmidt), scale and translation dropped. */
export function rotationOf(m: Matrix): Matrix {
  const x = normalised([m[0]!, m[1]!, m[2]!]);
  const yRaw: Vector = [m[4]!, m[5]!, m[6]!];
  const y = normalised(subtract(yRaw, scaled(x, dot(x, yRaw))));
  const z = cross(x, y);
  const out = identity();
  out.set(x, 0);
  out.set(y, 4);
  out.set(z, 8);
  return out;
}

/** The inverse of a rotation: its transpose. */
export function transposed(r: Matrix): Matrix {
  return transposedInto(identity(), r);
}

/** `transposed(r)` written into `out` (not `r`), for loops that make many. */
export function transposedInto(out: Matrix, r: Matrix): Matrix {
  out.fill(0);
  out[15] = 1;
  for (let column = 0; column < 3; column++) for (let row = 0; row < 3; row++) out[4 * column + row] = r[4 * row + column]!;
  return out;
}

export function apply(r: Matrix, v: ArrayLike<number>): Vector {
  return [0, 1, 2].map((row) => r[row]! * v[0]! + r[4 + row]! * v[1]! + r[8 + row]! * v[2]!) as Vector;
}

/** The smallest rotation that turns unit direction `from` onto unit direction `to`. */
export function turnBetween(from: Vector, to: Vector): Matrix {
  const axis = cross(from, to);
  const sin = Math.hypot(...axis);
  const cos = dot(from, to);
  if (sin < 1e-9) {
    if (cos > 0) return identity();
    // Half a turn about any axis across `from`.
    const other: Vector = Math.abs(from[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
    return axisAngle(normalised(cross(from, other)), Math.PI);
  }
  return axisAngle(scaled(axis, 1 / sin), Math.atan2(sin, cos));
}

function axisAngle([x, y, z]: Vector, angle: number): Matrix {
  const c = Math.cos(angle),
    s = Math.sin(angle),
    t = 1 - c;
  const out = identity();
  out.set([t * x * x + c, t * x * y + s * z, t * x * z - s * y], 0);
  out.set([t * x * y - s * z, t * y * y + c, t * y * z + s * x], 4);
  out.set([t * x * z + s * y, t * y * z - s * x, t * z * z + c], 8);
  return out;
}

/** The angle of a rotation, in radians. */
export function angleOf(r: Matrix): number {
  return Math.acos(Math.min(1, Math.max(-1, (r[0]! + r[5]! + r[10]! - 1) / 2)));
}

/**
 * The signed axis permutation nearest a rotation, when it is within `limit` radians of it: how tools
 * place a rig (Y up, Z up, facing either way) is such a turn, and a fit through two rigs' slightly
 * different rests is only near it.
 */
export function snappedToAxes(r: Matrix, limit: number): Matrix {
  const out = identity();
  for (let column = 0; column < 3; column++) {
    let best = 0;
    for (let row = 1; row < 3; row++) if (Math.abs(r[4 * column + row]!) > Math.abs(r[4 * column + best]!)) best = row;
    for (let row = 0; row < 3; row++) out[4 * column + row] = row === best ? Math.sign(r[4 * column + row]!) : 0;
  }
  const det = dot(cross([out[0]!, out[1]!, out[2]!], [out[4]!, out[5]!, out[6]!]), [out[8]!, out[9]!, out[10]!]);
  if (det !== 1) return r;
  let trace = 0;
  for (let column = 0; column < 3; column++) for (let row = 0; row < 3; row++) trace += out[4 * column + row]! * r[4 * column + row]!;
  return Math.acos(Math.min(1, Math.max(-1, (trace - 1) / 2))) < limit ? out : r;
}

export const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
export const cross = (a: ArrayLike<number>, b: ArrayLike<number>): Vector => [
  a[1]! * b[2]! - a[2]! * b[1]!,
  a[2]! * b[0]! - a[0]! * b[2]!,
  a[0]! * b[1]! - a[1]! * b[0]!,
];
export const subtract = (a: ArrayLike<number>, b: ArrayLike<number>): Vector => [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!];
export const scaled = (a: ArrayLike<number>, k: number): Vector => [a[0]! * k, a[1]! * k, a[2]! * k];
export const normalised = (a: ArrayLike<number>): Vector => scaled(a, 1 / (Math.hypot(a[0]!, a[1]!, a[2]!) || 1));
/** The angle between two directions, in radians (any lengths but zero). */
export const angleBetween = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.atan2(Math.hypot(...cross(a, b)), dot(a, b));
