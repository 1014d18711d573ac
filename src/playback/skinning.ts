import type { Skeleton } from '../core/skeleton.js';
import { ArgumentError } from '../core/errors.js';
import { poseToMatrices, skinningMatrices } from './matrices.js';
import type { Pose } from './pose.js';
import { gameSkinWeights, type GameSkinWeights, type SkinnedGeometryWeights } from './skin-weights.js';

/** A geometry to skin: positions (x y z per vertex) and its Skin PLG's weights (a `DFFGeometry` is one). */
export interface SkinnedGeometry extends SkinnedGeometryWeights {
  positions: Float32Array;
}

/**
 * The positions of `geometry`'s vertices as the game draws them in `pose` (x y z per vertex, in the
 * skeleton's model space): v' = sum over k of w_k * (World[b_k] * IBM[b_k]) * v, with the game's
 * weights (`gameSkinWeights`), the pose's world matrices (`poseToMatrices`) and the skeleton's inverse
 * binds (`skinningMatrices`). `pose` is a skeleton pose (`createPose(skeleton)`). Pass `weights` to
 * reuse them across frames. Throws a `RangeError` when the skeleton has no inverse binds or a buffer
 * is too small.
 */
export function skinVertices(
  geometry: SkinnedGeometry,
  skeleton: Skeleton,
  pose: Pose,
  out?: Float32Array,
  weights?: GameSkinWeights,
): Float32Array {
  const vertexCount = Math.floor(geometry.positions.length / 3);
  const target = out ?? new Float32Array(3 * vertexCount);
  if (target.length < 3 * vertexCount)
    throw new ArgumentError('size-mismatch', `skinVertices: the output holds ${target.length} floats, ${3 * vertexCount} are needed`);
  const { joints, weights: w } = weights ?? gameSkinWeights(geometry, skeleton);
  if (w.length < 4 * vertexCount)
    throw new ArgumentError('size-mismatch', `skinVertices: ${w.length / 4} vertices have weights, the geometry has ${vertexCount}`);
  if (weights) checkCallerWeights(joints, w, vertexCount, skeleton.boneCount);
  const palette = skinningMatrices(poseToMatrices(pose, skeleton), skeleton);
  const positions = geometry.positions;
  for (let v = 0; v < vertexCount; v++) {
    const x = positions[3 * v]!,
      y = positions[3 * v + 1]!,
      z = positions[3 * v + 2]!;
    // Summed in f64 and rounded once: the float error stays that of one matrix product.
    let sx = 0,
      sy = 0,
      sz = 0;
    for (let k = 0; k < 4; k++) {
      const weight = w[4 * v + k]!;
      if (weight === 0) continue;
      const m = 16 * joints[4 * v + k]!;
      sx += weight * (palette[m]! * x + palette[m + 4]! * y + palette[m + 8]! * z + palette[m + 12]!);
      sy += weight * (palette[m + 1]! * x + palette[m + 5]! * y + palette[m + 9]! * z + palette[m + 13]!);
      sz += weight * (palette[m + 2]! * x + palette[m + 6]! * y + palette[m + 10]! * z + palette[m + 14]!);
    }
    target[3 * v] = sx;
    target[3 * v + 1] = sy;
    target[3 * v + 2] = sz;
  }
  return target;
}

/**
 * Weights the caller made (not by gameSkinWeights) are checked as gameSkinWeights makes them: a weight
 * naming a bone past the skeleton would read past the matrices (undefined, so NaN), and a negative,
 * NaN or infinite weight gives no finite position. Either is a RangeError naming the vertex.
 */
function checkCallerWeights(joints: ArrayLike<number>, weights: ArrayLike<number>, vertexCount: number, boneCount: number): void {
  if (joints.length < 4 * vertexCount)
    throw new ArgumentError(
      'size-mismatch',
      `skinVertices: ${Math.floor(joints.length / 4)} vertices have joints, the geometry has ${vertexCount}`,
    );
  for (let i = 0; i < 4 * vertexCount; i++) {
    const weight = weights[i]!;
    if (!(weight >= 0 && weight < Infinity))
      throw new ArgumentError('bad-argument', `skinVertices: vertex ${i >> 2} has weight ${weight}; weights must be finite and 0 or more`);
    if (weight !== 0 && !(joints[i]! < boneCount))
      throw new ArgumentError(
        'bad-argument',
        `skinVertices: vertex ${i >> 2} weights bone ${joints[i]}, and the skeleton has ${boneCount} bones (gameSkinWeights makes weights that fit it)`,
      );
  }
}
