// Rotations as 4x4 column-major matrices without translation, the form spaces.ts multiplies: the
// rotation part of a world matrix (a joint's world carries its rig's unit scale), turns between
// directions, and the snap of a fitted turn onto the axis permutation rigs really use.
import { identity, type Matrix } from '../gltf/spaces.js';

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
  const out = identity();
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
export const cross = (a: ArrayLike<number>, b: ArrayLike<number>): Vector => [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
export const subtract = (a: ArrayLike<number>, b: ArrayLike<number>): Vector => [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!];
export const scaled = (a: ArrayLike<number>, k: number): Vector => [a[0]! * k, a[1]! * k, a[2]! * k];
export const normalised = (a: ArrayLike<number>): Vector => scaled(a, 1 / (Math.hypot(a[0]!, a[1]!, a[2]!) || 1));
