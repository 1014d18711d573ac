import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { bindClip, createPose, DFFReader, IFFReader, IFPReader, poseToMatrices, sampleClip, type Clip } from '../../src/index.js';
import { toAnimationClip, toSkeleton } from '../../src/three/index.js';
import { fixture, sample, samplesPresent, SAMPLES } from '../helpers/files.js';
import { itWith } from '../helpers/needs.js';

/** Plays `clip` with THREE.AnimationMixer and with sampleClip; returns the largest difference. */
function largestDifference(clip: Clip, names: string[], times: number[]): number {
  const root = new THREE.Object3D();
  const bones = names.map((name) => {
    const bone = new THREE.Bone();
    bone.name = name;
    root.add(bone);
    return bone;
  });
  const mixer = new THREE.AnimationMixer(root);
  mixer.clipAction(toAnimationClip(clip)).play();
  const pose = createPose(clip);
  let largest = 0;
  for (const time of times) {
    mixer.setTime(time);
    sampleClip(clip, time, pose, { loop: true });
    bones.forEach((bone, i) => {
      const q = bone.quaternion;
      [q.x, q.y, q.z, q.w].forEach((v, k) => (largest = Math.max(largest, Math.abs(v - pose.rotations[4 * i + k]!))));
      if (pose.hasTranslation[i])
        [bone.position.x, bone.position.y, bone.position.z].forEach(
          (v, k) => (largest = Math.max(largest, Math.abs(v - pose.translations[3 * i + k]!))),
        );
    });
  }
  return largest;
}

const times = Array.from({ length: 60 }, (_, i) => 0.011 + i * 0.0973);

describe('toAnimationClip (gameanim/three)', () => {
  it('builds quaternion and position tracks that reuse the decoded Float32Arrays', () => {
    const animation = new IFPReader(fixture('anp3-all-types.ifp')).animations[0]!;
    const clip = toAnimationClip(animation);
    expect(clip.name).toBe('WEAPON_start_throw');
    expect(clip.duration).toBe(animation.duration);
    expect(clip.tracks.map((t) => `${t.name}:${t.constructor.name}`)).toEqual([
      'Root.quaternion:QuaternionKeyframeTrack',
      'Root.position:VectorKeyframeTrack',
      'Pelvis.quaternion:QuaternionKeyframeTrack',
      'R Hand.quaternion:QuaternionKeyframeTrack',
      'Object.quaternion:QuaternionKeyframeTrack',
      'Object.position:VectorKeyframeTrack',
    ]);
    expect(clip.tracks[0]!.times).toBe(animation.bones[0]!.times);
    expect(clip.tracks[0]!.values).toBe(animation.bones[0]!.rotations);
    expect(clip.tracks[1]!.values).toBe(animation.bones[0]!.translations);
    expect(toAnimationClip(animation, { boneName: ({ boneId }) => `id${boneId}` }).tracks[0]!.name).toBe('id0.quaternion');
  });

  it('plays in THREE.AnimationMixer as sampleClip samples it, within 1e-5 (fixtures)', () => {
    const iff = new IFFReader(fixture('anm2-48bone.iff'));
    expect(
      largestDifference(
        iff,
        iff.bones.map((b) => `bone${b.index}`),
        times,
      ),
    ).toBeLessThan(1e-5);
    const ifp = new IFPReader(fixture('anp2-basic.ifp'));
    for (const animation of ifp.animations)
      expect(
        largestDifference(
          animation,
          animation.bones.map((b) => b.boneName.trim()),
          times,
        ),
      ).toBeLessThan(1e-5);
  });

  itWith([SAMPLES])('plays real SA animations in THREE.AnimationMixer as sampleClip samples them, within 1e-5', () => {
    for (const animation of new IFPReader(sample('rwparserng_ped_anp3.ifp')).animations) {
      expect(
        largestDifference(
          animation,
          animation.bones.map((b) => b.boneName.trim()),
          times,
        ),
        animation.name,
      ).toBeLessThan(1e-5);
    }
  });
});

describe('toSkeleton and toAnimationClip(bound) on a real SA model', () => {
  if (!samplesPresent) {
    it.skip('real sample files not found: skipping the bound three.js test', () => {});
    return;
  }
  it('after mixer.setTime(t), every bone matrixWorld equals poseToMatrices within 1e-5 (sa_skin_plain.dff, rwparserng_ped_anp3.ifp)', () => {
    for (const model of ['dff/sa_skin_plain.dff', 'dff/sa_skin_protected.dff']) {
      const skeleton = new DFFReader(sample(model)).skeleton!;
      for (const animation of new IFPReader(sample('rwparserng_ped_anp3.ifp')).animations) {
        const bound = bindClip(animation, skeleton);
        const parts = toSkeleton(skeleton);
        const scene = new THREE.Group();
        scene.add(...parts.roots);
        const mixer = new THREE.AnimationMixer(scene);
        mixer.clipAction(toAnimationClip(bound)).play();
        const pose = createPose(skeleton);
        let largest = 0;
        for (const time of [0, 0.1, 0.37, animation.duration * 0.5, animation.duration * 0.93]) {
          mixer.setTime(time);
          scene.updateMatrixWorld(true);
          sampleClip(bound, time, pose);
          const world = poseToMatrices(pose, skeleton);
          parts.bones.forEach((bone, b) =>
            bone.matrixWorld.elements.forEach((v, k) => (largest = Math.max(largest, Math.abs(v - world[16 * b + k]!)))),
          );
        }
        expect(largest, `${model} ${animation.name}`).toBeLessThan(1e-5);
      }
    }
  });

  it("toSkeleton builds bones in rest pose with the skeleton's names, parents and inverse binds", () => {
    const skeleton = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
    const { bones, roots, skeleton: three } = toSkeleton(skeleton);
    expect(bones.map((b) => b.name).slice(0, 3)).toEqual(['Root', 'Pelvis', 'Spine']);
    expect(roots).toEqual([bones[0]]);
    expect(bones[2]!.parent).toBe(bones[1]);
    expect(three.boneInverses[5]!.elements).toEqual(Array.from(skeleton.inverseBindMatrices!.subarray(80, 96)));
  });
});

describe('IGI 2 clips in three.js', () => {
  it('plays the fixture clip with its own position key times; with slerp, it matches sampleClip within 1e-5', async () => {
    const { IGI2ClipReader } = await import('../../src/index.js');
    const clip = new IGI2ClipReader(fixture('igi2-3bone.iff'));
    const three = toAnimationClip(clip);
    const position = three.tracks.find((t) => t.name === 'bone0.position')!;
    expect(Array.from(position.times)).toEqual(
      Array.from(clip.tracks[0]!.positionTimes!).concat(Array.from(clip.wrapKeys.tracks[0]!.positionTimes!)),
    );
    const root = new THREE.Object3D();
    const bones = clip.tracks.map((_, i) => {
      const bone = new THREE.Bone();
      bone.name = `bone${i}`;
      root.add(bone);
      return bone;
    });
    const mixer = new THREE.AnimationMixer(root);
    mixer.clipAction(three).play();
    const pose = createPose(clip);
    for (const time of [0.01, 0.07, 0.13, 0.19]) {
      mixer.setTime(time);
      sampleClip(clip, time, pose, { interpolation: 'slerp' });
      bones.forEach((bone, i) => {
        [bone.quaternion.x, bone.quaternion.y, bone.quaternion.z, bone.quaternion.w].forEach((v, k) =>
          expect(Math.abs(v - pose.rotations[4 * i + k]!)).toBeLessThan(1e-5),
        );
      });
      [bones[0]!.position.x, bones[0]!.position.y, bones[0]!.position.z].forEach((v, k) =>
        expect(Math.abs(v - pose.translations[k]!)).toBeLessThan(1e-4),
      );
    }
  });
});
