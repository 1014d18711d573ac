import { describe, expect, it } from 'vitest';
import {
  blendPoses,
  boneMask,
  createPose,
  IFFReader,
  IFPReader,
  saUpperBodyMask,
  sampleClip,
  SA_UPPER_BODY_BONE_IDS,
} from '../../src/index.js';
import { fixture, sample, SAMPLES } from '../helpers/files.js';
import { aboutZ, animationOf } from './helpers.js';
import { itWith } from '../helpers/needs.js';

const close = (actual: ArrayLike<number>, expected: number[], digits = 6) =>
  expected.forEach((v, i) => expect(actual[i]).toBeCloseTo(v, digits));

describe('blendPoses', () => {
  const run = animationOf([
    { times: [0], rotations: aboutZ(0), translations: [1, 0, 0] },
    { times: [0], rotations: aboutZ(0) },
  ]);
  const aim = animationOf([
    { times: [0], rotations: aboutZ(90), translations: [3, 0, 0] },
    { times: [0], rotations: aboutZ(60) },
  ]);
  const poseOf = (clip: typeof run) => {
    const pose = createPose(clip);
    sampleClip(clip, 0, pose);
    return pose;
  };

  it('slerps rotations by normalised weight and averages translations', () => {
    const out = blendPoses(createPose(run), [
      { pose: poseOf(run), weight: 1 },
      { pose: poseOf(aim), weight: 1 },
    ]);
    close(out.rotations.subarray(0, 4), aboutZ(45));
    close(out.rotations.subarray(4, 8), aboutZ(30));
    close(out.translations.subarray(0, 3), [2, 0, 0]);
    const quarter = blendPoses(createPose(run), [
      { pose: poseOf(run), weight: 3 },
      { pose: poseOf(aim), weight: 1 },
    ]);
    close(quarter.rotations.subarray(0, 4), aboutZ(22.5));
    close(quarter.translations.subarray(0, 3), [1.5, 0, 0]);
  });

  it('applies per-bone masks: upper body from one layer, lower body from the other', () => {
    const out = blendPoses(createPose(run), [
      { pose: poseOf(run), weight: 1, mask: [1, 0] },
      { pose: poseOf(aim), weight: 1, mask: [0, 1] },
    ]);
    expect(Array.from(out.rotations)).toEqual([
      ...Array.from(poseOf(run).rotations.subarray(0, 4)),
      ...Array.from(poseOf(aim).rotations.subarray(4, 8)),
    ]);
    expect(Array.from(out.translations.subarray(0, 3))).toEqual([1, 0, 0]);
  });

  it("gives a bone whose layers all weigh 0 the first layer's values, and refuses mismatched poses", () => {
    const out = blendPoses(createPose(run), [
      { pose: poseOf(run), weight: 0 },
      { pose: poseOf(aim), weight: 0 },
    ]);
    expect(Array.from(out.rotations)).toEqual(Array.from(poseOf(run).rotations));
    expect(() => blendPoses(createPose(run), [])).toThrow(RangeError);
    const other = animationOf([{ times: [0], rotations: aboutZ(0) }]);
    expect(() => blendPoses(createPose(run), [{ pose: createPose(other), weight: 1 }])).toThrow(RangeError);
  });
});

describe('masks', () => {
  it('boneMask marks the roots given and every descendant (an ANM2 hierarchy)', () => {
    const rig = new IFFReader(fixture('anm2-48bone.iff')); // parent(i) = (i - 1) >> 1
    const mask = boneMask(rig, [2], 0.5);
    const marked = Array.from(mask, (w, i) => (w ? i : -1)).filter((i) => i >= 0);
    expect(marked).toEqual([2, 5, 6, 11, 12, 13, 14, 23, 24, 25, 26, 27, 28, 29, 30, 47]);
    expect(new Set(mask)).toEqual(new Set([0, 0.5]));
  });

  itWith([SAMPLES])('saUpperBodyMask: Spine1 and what hangs from it, on a real SA ped animation', () => {
    const animation = new IFPReader(sample('rwparserng_ped_anp3.ifp')).animations[0]!;
    const pose = createPose(animation);
    const upper = saUpperBodyMask(pose);
    const named = (mask: Float32Array) => animation.bones.filter((_, i) => mask[i] === 1).map((b) => b.boneName.trim());
    expect(named(upper)).toEqual([
      'Spine1',
      'Neck',
      'Head',
      'Jaw',
      'L Brow',
      'R Brow',
      'Bip01 L Clavicle',
      'L UpperArm',
      'L ForeArm',
      'L Hand',
      'L Finger',
      'L Finger01',
      'Bip01 R Clavicle',
      'R UpperArm',
      'R ForeArm',
      'R Hand',
      'R Finger',
      'R Finger01',
      'L breast',
      'R breast',
      'Belly',
    ]);
    expect(named(saUpperBodyMask(pose, 1, true))).toEqual([
      'Root',
      'Pelvis',
      'Spine',
      'L Thigh',
      'L Calf',
      'L Foot',
      'L Toe0',
      'R Thigh',
      'R Calf',
      'R Foot',
      'R Toe0',
    ]);
    expect(SA_UPPER_BODY_BONE_IDS.size).toBe(21);
  });
});
