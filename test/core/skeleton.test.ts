import { describe, expect, it } from 'vitest';
import { bindClip, createPose, createSkeleton, IFFReader, poseToMatrices, sampleClip } from '../../src/index.js';
import { fixture } from '../helpers/files.js';
import { aboutZ, animationOf } from '../playback/helpers.js';

const skeleton = createSkeleton({
  names: ['Root', ' Pelvis', 'L Thigh'],
  ids: [0, 1, 41],
  parents: [-1, 0, 1],
  restTranslations: [0, 0, 0, 0, 0, 1, 0.1, 0, 0],
});

describe('Skeleton', () => {
  it('finds bones by id, or by name as the games compare them', () => {
    expect(skeleton.indexOf(41)).toBe(2);
    expect(skeleton.indexOf('pelvis')).toBe(1);
    expect(skeleton.indexOf(' L THIGH ')).toBe(2);
    expect(skeleton.indexOf('Spine')).toBe(-1);
    expect(skeleton.indexOf(-1)).toBe(-1);
    expect(Array.from(skeleton.restRotations.subarray(0, 4))).toEqual([0, 0, 0, 1]);
  });

  it('refuses parents after their children, and arrays of the wrong size', () => {
    expect(() => createSkeleton({ names: ['a', 'b'], parents: [1, -1] })).toThrow(RangeError);
    expect(() => createSkeleton({ names: ['a'], parents: [-1], restTranslations: [0, 0] })).toThrow(RangeError);
  });

  it('ANM2 clips expose their BONE chunk as a skeleton', () => {
    const clip = new IFFReader(fixture('anm2-48bone.iff'));
    const own = clip.skeleton;
    if (clip.parents.every((p, i) => p < i)) {
      expect(own!.boneCount).toBe(48);
      expect(own!.names[5]).toBe('bone5');
      expect(Array.from(own!.parents)).toEqual(Array.from(clip.parents));
    } else {
      expect(own).toBeNull();
    }
  });
});

describe('bindClip', () => {
  // Tracks: by id (41), by name with no id (GTA III style), and one the skeleton lacks.
  const clip = animationOf([
    { boneId: 41, boneName: 'whatever', times: [0, 1], rotations: [0, 0, 0, 2, ...aboutZ(90).map((v) => v * 0.9)] },
    { boneId: -1, boneName: 'PELVIS ', times: [0, 1], rotations: [...aboutZ(0), ...aboutZ(0)], translations: [1, 2, 3, 1, 2, 3] },
    { boneId: 99, boneName: 'Tail', times: [0], rotations: aboutZ(0) },
  ]);
  const bound = bindClip(clip, skeleton);

  it('maps bones to tracks by id, then by name, and lists what is left over', () => {
    expect(Array.from(bound.trackOfBone)).toEqual([-1, 1, 0]);
    expect(bound.unmatchedTracks).toEqual(['Tail']);
    expect(bound.restBones).toEqual([0]);
  });

  it('samples one entry per bone: unit rotations, rest pose where no track drives a bone', () => {
    const pose = createPose(skeleton);
    sampleClip(bound, 0, pose, { backend: 'js' });
    expect(Array.from(pose.rotations)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(Array.from(pose.translations)).toEqual([0, 0, 0, 1, 2, 3, 0.10000000149011612, 0, 0]);
    const wasm = createPose(skeleton);
    for (const t of [0, 0.25, 0.5, 1]) {
      sampleClip(bound, t, pose, { backend: 'js' });
      sampleClip(bound, t, wasm);
      expect(Array.from(wasm.rotations)).toEqual(Array.from(pose.rotations));
      const q = pose.rotations.subarray(8, 12);
      expect(Math.hypot(...q)).toBeCloseTo(1, 6);
    }
  });

  it('poseToMatrices with the skeleton places rest translations', () => {
    const pose = createPose(skeleton);
    sampleClip(bound, 0, pose, { backend: 'js' });
    const world = poseToMatrices(pose, skeleton);
    expect(Array.from(world.subarray(16 * 2 + 12, 16 * 2 + 15)).map((v) => Math.fround(v))).toEqual([Math.fround(1.1), 2, 3]);
  });
});

describe('blendPoses on skeleton poses', () => {
  it('masks from boneMask(skeleton) keep each layer on its bones', async () => {
    const { blendPoses, boneMask } = await import('../../src/index.js');
    const still = animationOf([
      { boneId: 0, boneName: 'Root', times: [0], rotations: aboutZ(0) },
      { boneId: 1, boneName: ' Pelvis', times: [0], rotations: aboutZ(0) },
      { boneId: 41, boneName: 'L Thigh', times: [0], rotations: aboutZ(0) },
    ]);
    const turned = animationOf([
      { boneId: 0, boneName: 'Root', times: [0], rotations: aboutZ(90) },
      { boneId: 1, boneName: ' Pelvis', times: [0], rotations: aboutZ(90) },
      { boneId: 41, boneName: 'L Thigh', times: [0], rotations: aboutZ(90) },
    ]);
    const [a, b, out] = [createPose(skeleton), createPose(skeleton), createPose(skeleton)];
    sampleClip(bindClip(still, skeleton), 0, a);
    sampleClip(bindClip(turned, skeleton), 0, b);
    const pelvisDown = boneMask(skeleton, [1]);
    blendPoses(out, [
      { pose: a, weight: 1, mask: Float32Array.from(pelvisDown, (v) => 1 - v) },
      { pose: b, weight: 1, mask: pelvisDown },
    ]);
    expect(Array.from(out.rotations.subarray(0, 4))).toEqual(Array.from(a.rotations.subarray(0, 4)));
    expect(Array.from(out.rotations.subarray(4, 12))).toEqual(Array.from(b.rotations.subarray(4, 12)));
  });
});
