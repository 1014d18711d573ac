import { describe, expect, it } from 'vitest';
import { createPose, poseToMatrices, sampleClip, skinningMatrices } from '../../src/index.js';
import { aboutZ, animationOf } from './helpers.js';

const close = (actual: ArrayLike<number>, expected: number[]) =>
  expected.forEach((v, i) => expect(actual[i], `element ${i}`).toBeCloseTo(v, 6));
// Column-major 4x4 helpers for the expected values, worked out by hand.
const rotZ90 = (tx: number, ty: number) => [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1];
const rotZ180 = (tx: number, ty: number) => [-1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1];
const translate = (tx: number) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, tx, 0, 0, 1];

describe('poseToMatrices and skinningMatrices on a 3-bone chain', () => {
  // Bone 0 at the origin turns 90 degrees about Z; bone 1 sits 1 along its parent's X, unrotated;
  // bone 2 sits 1 further along and turns another 90 degrees. Rest translations come from the skeleton.
  const clip = animationOf([
    { times: [0], rotations: aboutZ(90) },
    { times: [0], rotations: aboutZ(0) },
    { times: [0], rotations: aboutZ(90) },
  ]);
  const pose = createPose(clip);
  sampleClip(clip, 0, pose);
  const parents = [-1, 0, 1];
  const rest = [0, 0, 0, 1, 0, 0, 1, 0, 0];

  it('builds world matrices parent first', () => {
    const world = poseToMatrices(pose, parents, rest);
    close(world.subarray(0, 16), rotZ90(0, 0));
    close(world.subarray(16, 32), rotZ90(0, 1)); // (1, 0, 0) turned 90 degrees lands on (0, 1, 0)
    close(world.subarray(32, 48), rotZ180(0, 2));
  });

  it('uses the pose translation where the track has one, and 0 without rest translations', () => {
    const moving = animationOf([
      { times: [0], rotations: aboutZ(0), translations: [5, 0, 0] },
      { times: [0], rotations: aboutZ(0) },
    ]);
    const p = createPose(moving);
    sampleClip(moving, 0, p);
    const world = poseToMatrices(p, [-1, 0], [9, 9, 9, 1, 0, 0]);
    close(world.subarray(0, 16), translate(5));
    close(world.subarray(16, 32), translate(6));
    close(poseToMatrices(p, [-1, 0]).subarray(16, 32), translate(5));
  });

  it('builds the skinning palette from the inverse bind matrices', () => {
    const world = poseToMatrices(pose, parents, rest);
    const inverseBind = Float32Array.from([...translate(0), ...translate(-1), ...translate(-2)]);
    const palette = skinningMatrices(world, inverseBind);
    close(palette.subarray(0, 16), rotZ90(0, 0));
    close(palette.subarray(16, 32), rotZ90(0, 0)); // world1 * translate(-1): the rest point (1, 0, 0) goes to (0, 1, 0)
    close(palette.subarray(32, 48), rotZ180(2, 2)); // rest point (2, 0, 0) -> (0, 2, 0)
  });

  it('refuses parent links that form a cycle', () => {
    expect(() => poseToMatrices(pose, [1, 2, 0])).toThrow(RangeError);
  });
});
