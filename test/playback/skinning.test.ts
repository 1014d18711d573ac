import { describe, expect, it } from 'vitest';
import {
  createPose,
  createSkeleton,
  gameSkinWeights,
  poseToMatrices,
  skinningMatrices,
  skinVertices,
  type Pose,
  type Skeleton,
} from '../../src/index.js';

// Three bones: the root at the origin, bone 1 bound at (1, 0, 0), bone 2 at (0, 0, 1), both children
// of the root, unrotated. Inverse binds are the inverse translations.
const translate = (x: number, y: number, z: number) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];
const skeleton: Skeleton = createSkeleton({
  names: ['root', 'one', 'two'],
  parents: [-1, 0, 0],
  restTranslations: [0, 0, 0, 1, 0, 0, 0, 0, 1],
  inverseBindMatrices: [...translate(0, 0, 0), ...translate(-1, 0, 0), ...translate(0, 0, -1)],
});

/** The rest pose with bone 1 moved 1 along +Y and bone 2 moved 2 along +X (both rotations identity). */
function movedPose(): Pose {
  const pose = createPose(skeleton);
  pose.translations.set([1, 1, 0], 3);
  pose.translations.set([2, 0, 1], 6);
  return pose;
}

/** One vertex at `position` with these stored pairs. */
function vertex(position: number[], indices: number[], weights: number[], skinMaxWeights?: number) {
  return {
    positions: Float32Array.from(position),
    skinIndices: Uint8Array.from(indices),
    skinWeights: Float32Array.from(weights),
    skinMaxWeights,
  };
}

/**
 * The spec's rule written out plainly, for one vertex at a time: drop weights the skeleton cannot
 * use, sort largest first, keep `max`, divide by their sum; all zero follows the first bone (or 0).
 */
function referenceSkin(geometry: ReturnType<typeof vertex>, pose: Pose): number[] {
  const palette = skinningMatrices(poseToMatrices(pose, skeleton), skeleton);
  const out: number[] = [];
  for (let v = 0; v < geometry.positions.length / 3; v++) {
    const pairs = [0, 1, 2, 3]
      .map((k) => ({ bone: geometry.skinIndices[4 * v + k]!, weight: geometry.skinWeights[4 * v + k]! }))
      .map((p) => (p.bone < skeleton.boneCount && Number.isFinite(p.weight) && p.weight > 0 ? p : { ...p, weight: 0 }))
      .sort((a, b) => b.weight - a.weight)
      .slice(0, geometry.skinMaxWeights || 4);
    const total = pairs.reduce((sum, p) => sum + p.weight, 0);
    const used =
      total > 0
        ? pairs.filter((p) => p.weight > 0).map((p) => ({ bone: p.bone, weight: p.weight / total }))
        : [{ bone: geometry.skinIndices[4 * v]! < skeleton.boneCount ? geometry.skinIndices[4 * v]! : 0, weight: 1 }];
    const [x, y, z] = geometry.positions.subarray(3 * v, 3 * v + 3);
    for (let c = 0; c < 3; c++) {
      out.push(
        used.reduce((sum, { bone, weight }) => {
          const m = palette.subarray(16 * bone, 16 * bone + 16);
          return sum + weight * (m[c]! * x! + m[4 + c]! * y! + m[8 + c]! * z! + m[12 + c]!);
        }, 0),
      );
    }
  }
  return out;
}

const close = (actual: ArrayLike<number>, expected: number[]) =>
  expected.forEach((value, i) => expect(actual[i], `element ${i}`).toBeCloseTo(value, 6));

describe('gameSkinWeights: the weights the game draws with', () => {
  it('divides weights summing to 0.5 or 2.44 by their sum, largest first', () => {
    const half = gameSkinWeights(vertex([0, 0, 0], [1, 2, 0, 0], [0.25, 0.25, 0, 0]), skeleton);
    expect(Array.from(half.joints)).toEqual([1, 2, 0, 0]);
    expect(Array.from(half.weights)).toEqual([0.5, 0.5, 0, 0]);
    // The spec's real vertex: 0.538 and 1.0 (and 0.902): sorted, then each over 2.44.
    const heavy = gameSkinWeights(vertex([0, 0, 0], [1, 2, 0, 0], [0.538, 1, 0.902, 0]), skeleton);
    expect(Array.from(heavy.joints)).toEqual([2, 0, 1, 0]);
    close(heavy.weights, [1 / 2.44, 0.902 / 2.44, 0.538 / 2.44, 0]);
    expect(heavy.repaired).toBe(0);
  });

  it('makes a vertex whose weights are all 0 follow its first bone with weight 1', () => {
    const zero = gameSkinWeights(vertex([0, 0, 0], [2, 1, 0, 0], [0, 0, 0, 0]), skeleton);
    expect(Array.from(zero.joints)).toEqual([2, 0, 0, 0]);
    expect(Array.from(zero.weights)).toEqual([1, 0, 0, 0]);
    expect(zero.repaired).toBe(0);
  });

  it('drops a weight on a bone past the skeleton (counted), but not a zero one; a vertex left with none follows bone 0', () => {
    const past = gameSkinWeights(vertex([0, 0, 0], [7, 1, 0, 0], [0.5, 0.5, 0, 0]), skeleton);
    expect(Array.from(past.joints)).toEqual([1, 0, 0, 0]);
    expect(Array.from(past.weights)).toEqual([1, 0, 0, 0]);
    expect(past.repaired).toBe(1);
    expect(gameSkinWeights(vertex([0, 0, 0], [9, 1, 0, 0], [0, 1, 0, 0]), skeleton).repaired).toBe(0);
    const only = gameSkinWeights(vertex([0, 0, 0], [200, 1, 0, 0], [1, 0, 0, 0]), skeleton);
    expect([Array.from(only.joints), Array.from(only.weights), only.repaired]).toEqual([[0, 0, 0, 0], [1, 0, 0, 0], 1]);
    const broken = gameSkinWeights(vertex([0, 0, 0], [1, 2, 0, 0], [NaN, -1, 0, 0]), skeleton);
    expect([Array.from(broken.joints), Array.from(broken.weights), broken.repaired]).toEqual([[1, 0, 0, 0], [1, 0, 0, 0], 2]);
  });

  it('keeps only the Skin PLG maximum of largest weights; 0 means all four', () => {
    const two = gameSkinWeights(vertex([0, 0, 0], [0, 1, 2, 0], [0.1, 0.4, 0.2, 0.3], 2), skeleton);
    expect(Array.from(two.joints)).toEqual([1, 0, 0, 0]);
    close(two.weights, [0.4 / 0.7, 0.3 / 0.7, 0, 0]);
    const all = gameSkinWeights(vertex([0, 0, 0], [0, 1, 2, 0], [0.1, 0.4, 0.2, 0.3], 0), skeleton);
    close(all.weights, [0.4, 0.3, 0.2, 0.1]);
  });

  it('refuses a geometry without skin weights', () => {
    expect(() => gameSkinWeights({ skinIndices: null, skinWeights: null }, skeleton)).toThrow(RangeError);
  });
});

describe('skinVertices: positions as the game draws them', () => {
  it('at rest, every vertex stays where it is, whatever its stored weights sum to', () => {
    const geometry = vertex(
      [0.3, 0.2, 0.1, 1, 2, 3, -1, 0, 4],
      [1, 2, 0, 0, 2, 1, 0, 0, 7, 1, 0, 0],
      [0.25, 0.25, 0, 0, 0, 0, 0, 0, 1.5, 0.94, 0, 0],
    );
    close(skinVertices(geometry, skeleton, createPose(skeleton)), [0.3, 0.2, 0.1, 1, 2, 3, -1, 0, 4]);
  });

  it('moves each vertex by its normalised weights: sums of 0.5, 2.44 and 0 alike', () => {
    const pose = movedPose(); // bone 1 moves +1 Y, bone 2 moves +2 X
    const geometry = vertex(
      [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      [1, 2, 0, 0, 1, 2, 0, 0, 2, 1, 0, 0, 7, 1, 0, 0],
      [0.25, 0.25, 0, 0, 1.22, 1.22, 0, 0, 0, 0, 0, 0, 0.5, 0.5, 0, 0],
    );
    close(skinVertices(geometry, skeleton, pose), [1, 0.5, 0, 1, 0.5, 0, 2, 0, 0, 0, 1, 0]);
  });

  it('matches the plain reference on mixed vertices in a rotated pose, and fills `out`', () => {
    const pose = movedPose();
    pose.rotations.set([0, 0, Math.SQRT1_2, Math.SQRT1_2], 0); // the root turns 90 degrees about Z
    pose.rotations.set([Math.sin(0.3), 0, 0, Math.cos(0.3)], 8);
    const geometry = vertex(
      [0.5, 0.1, 0.2, 1.5, -0.2, 0.3, 0.1, 0.2, 1.4, 2, 2, 2, -1, 0, 0.5],
      [1, 2, 0, 0, 1, 2, 0, 0, 2, 0, 1, 0, 7, 1, 2, 0, 0, 1, 2, 0],
      [0.25, 0.25, 0, 0, 0.538, 1, 0.902, 0, 0, 0, 0, 0, 0.5, 0.3, 0.2, 0, 0.1, 0.4, 0.2, 0.3],
      3,
    );
    const out = new Float32Array(15);
    expect(skinVertices(geometry, skeleton, pose, out)).toBe(out);
    close(out, referenceSkin(geometry, pose));
  });

  it('refuses a skeleton without inverse binds and an output too small', () => {
    const bare = createSkeleton({ names: ['a'], parents: [-1] });
    const geometry = vertex([0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]);
    expect(() => skinVertices(geometry, bare, createPose(bare))).toThrow(RangeError);
    expect(() => skinVertices(geometry, skeleton, createPose(skeleton), new Float32Array(2))).toThrow(RangeError);
  });
});
