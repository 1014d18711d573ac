// Round five (issue #44, docs/robustness.md): numbers at the edges of playback. Layer weights from
// 1e200 to 1.7e308, 20,000 layers, caller-made skin weights naming bone 255 or NaN, and sampling at
// NaN, infinities and 1e308 after disposePoseSamplers: a RangeError saying why, or a finite pose, and
// the same on every backend.
import { describe, expect, it } from 'vitest';
import { createPose, createSkeleton, disposePoseSamplers, sampleClip, sampleLayers, skinVertices, type Skeleton } from '../../src/index.js';
import { aboutZ, animationOf } from '../playback/helpers.js';

const BACKENDS = ['js', 'scalar', 'simd'] as const;
const clip = animationOf([
  { times: [0, 1], rotations: [...aboutZ(0), ...aboutZ(90)] },
  { times: [0, 1], rotations: [...aboutZ(0), ...aboutZ(90)], translations: [0, 1, 0, 0, 2, 0] },
]);
const skeleton = createSkeleton({
  names: clip.tracks.map((track) => track.boneName),
  parents: [-1, 0],
  restTranslations: [0, 0, 0, 0, 1, 0],
});
const finite = (values: ArrayLike<number>) => Array.from(values).every(Number.isFinite);
const unit = (rotations: Float32Array) =>
  Array.from({ length: rotations.length / 4 }, (_, b) => Math.hypot(...rotations.subarray(4 * b, 4 * b + 4)));

describe('sampleLayers: huge weights and many layers', () => {
  for (const weight of [1e200, 1e300, 1.7e308]) {
    it(`two layers of weight ${weight}: unit rotations, the ratio of equal weights, the same on every backend`, () => {
      const results = BACKENDS.map((backend) => {
        const out = createPose(skeleton);
        // Rotations only matter here: the translation rule multiplies the weights' sum in (below).
        const layers = [
          { clip, time: 0, weight },
          { clip, time: 1, weight },
        ];
        let error: unknown;
        try {
          sampleLayers(skeleton, layers, out, { backend });
        } catch (caught) {
          error = caught;
        }
        return { out, error };
      });
      for (const { out, error } of results) {
        // Before: 1e200 gave the zero quaternion (0, 0, 0, 0) and 1.7e308 NaN.
        if (error) {
          expect(error).toBeInstanceOf(RangeError);
          expect((error as Error).message).toMatch(
            /^sampleLayers: bone 1's translation overflows a float with these weights \(the largest [\d.e+]+\); the game's blend amounts are 0 to 1$/,
          );
        } else {
          expect(finite(out.rotations) && finite(out.translations)).toBe(true);
        }
      }
      // The rotation of bone 0 (rotation-only, so no overflow): halfway, 45 degrees, on every backend.
      const rotationOnly = BACKENDS.map((backend) => {
        const out = createPose(skeleton);
        sampleLayers(
          skeleton,
          [
            {
              clip: animationOf([
                { times: [0, 1], rotations: [...aboutZ(0), ...aboutZ(90)] },
                { times: [0, 1], rotations: [...aboutZ(0), ...aboutZ(90)] },
              ]),
              time: 0,
              weight,
            },
            {
              clip: animationOf([
                { times: [0, 1], rotations: [...aboutZ(0), ...aboutZ(90)] },
                { times: [0, 1], rotations: [...aboutZ(0), ...aboutZ(90)] },
              ]),
              time: 1,
              weight,
            },
          ],
          out,
          { backend },
        );
        return Array.from(out.rotations);
      });
      for (const rotations of rotationOnly) {
        expect(unit(Float32Array.from(rotations)).every((length) => Math.abs(length - 1) < 1e-6)).toBe(true);
        expect(rotations[2]).toBeCloseTo(aboutZ(45)[2]!, 6);
      }
      expect(rotationOnly[1]).toEqual(rotationOnly[0]);
      expect(rotationOnly[2]).toEqual(rotationOnly[0]);
    });
  }

  it('a translated bone under weights of 1e200: a RangeError, never an infinity in the pose', () => {
    const out = createPose(skeleton);
    expect(() => sampleLayers(skeleton, [{ clip, time: 0.5, weight: 1e200 }], out, { backend: 'js' })).toThrow(
      "sampleLayers: bone 1's translation overflows a float with these weights (the largest 1e+200); the game's blend amounts are 0 to 1",
    );
  });

  it('20,000 layers: a finite pose, the same on every backend, and the scratch memory of one pose', () => {
    const layers = Array.from({ length: 20_000 }, (_, i) => ({ clip, time: (i % 100) / 100, weight: 1 / 20_000 }));
    const poses = BACKENDS.map((backend) => {
      const out = createPose(skeleton);
      sampleLayers(skeleton, layers, out, { backend });
      return out;
    });
    for (const pose of poses) {
      expect(finite(pose.rotations) && finite(pose.translations)).toBe(true);
      expect(Array.from(pose.rotations)).toEqual(Array.from(poses[0]!.rotations));
    }
  });
});

describe('skinVertices with weights the caller made', () => {
  const skinned: Skeleton = createSkeleton({
    names: ['root', 'one'],
    parents: [-1, 0],
    restTranslations: [0, 0, 0, 1, 0, 0],
    inverseBindMatrices: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1, 0, 0, 1],
  });
  const geometry = {
    positions: Float32Array.of(1, 2, 3),
    skinIndices: Uint8Array.of(0, 1, 0, 0),
    skinWeights: Float32Array.of(0.5, 0.5, 0, 0),
  };
  const pose = createPose(skinned);

  it('a weight naming bone 255 of a 2-bone skeleton: a RangeError naming the vertex (before: NaN positions)', () => {
    const weights = { joints: Uint8Array.of(0, 255, 0, 0), weights: Float32Array.of(0.5, 0.5, 0, 0), repaired: 0 };
    expect(() => skinVertices(geometry, skinned, pose, undefined, weights)).toThrow(
      'skinVertices: vertex 0 weights bone 255, and the skeleton has 2 bones (gameSkinWeights makes weights that fit it)',
    );
  });

  for (const bad of [Number.NaN, -0.5, Infinity]) {
    it(`a weight of ${bad}: a RangeError naming the vertex`, () => {
      const weights = { joints: Uint8Array.of(0, 1, 0, 0), weights: Float32Array.of(0.5, bad, 0, 0), repaired: 0 };
      expect(() => skinVertices(geometry, skinned, pose, undefined, weights)).toThrow(
        `skinVertices: vertex 0 has weight ${bad}; weights must be finite and 0 or more`,
      );
    });
  }

  it('weights that fit: the vertex where the game draws it', () => {
    const weights = { joints: Uint8Array.of(0, 1, 0, 0), weights: Float32Array.of(0.5, 0.5, 0, 0), repaired: 0 };
    expect(Array.from(skinVertices(geometry, skinned, pose, undefined, weights))).toEqual([1, 2, 3]);
  });
});

describe('sampling at NaN, infinities and 1e308 after disposePoseSamplers', () => {
  for (const time of [Number.NaN, Infinity, -Infinity, 1e308, -1e308]) {
    it(`time ${time}: a finite pose, the same on every backend, looped or not`, () => {
      for (const loop of [false, true]) {
        const poses = BACKENDS.map((backend) => {
          disposePoseSamplers();
          const pose = createPose(clip);
          sampleClip(clip, time, pose, { backend, loop });
          return pose;
        });
        for (const pose of poses) {
          expect(finite(pose.rotations) && finite(pose.translations)).toBe(true);
          expect(Array.from(pose.rotations)).toEqual(Array.from(poses[0]!.rotations));
          expect(Array.from(pose.translations)).toEqual(Array.from(poses[0]!.translations));
        }
      }
    });
  }
});
