import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { createPose, IFFReader, IFPReader, sampleClip, type Clip } from '../../src/index.js';
import { toAnimationClip } from '../../src/three/index.js';
import { fixture, sample, samplesPresent } from '../helpers/files.js';

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
      if (pose.hasTranslation[i]) [bone.position.x, bone.position.y, bone.position.z].forEach((v, k) => (largest = Math.max(largest, Math.abs(v - pose.translations[3 * i + k]!))));
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
      'Root.quaternion:QuaternionKeyframeTrack', 'Root.position:VectorKeyframeTrack', 'Pelvis.quaternion:QuaternionKeyframeTrack',
      'R Hand.quaternion:QuaternionKeyframeTrack', 'Object.quaternion:QuaternionKeyframeTrack', 'Object.position:VectorKeyframeTrack',
    ]);
    expect(clip.tracks[0]!.times).toBe(animation.bones[0]!.times);
    expect(clip.tracks[0]!.values).toBe(animation.bones[0]!.rotations);
    expect(clip.tracks[1]!.values).toBe(animation.bones[0]!.translations);
    expect(toAnimationClip(animation, { boneName: ({ boneId }) => `id${boneId}` }).tracks[0]!.name).toBe('id0.quaternion');
  });

  it('plays in THREE.AnimationMixer as sampleClip samples it, within 1e-5 (fixtures)', () => {
    const iff = new IFFReader(fixture('anm2-48bone.iff'));
    expect(largestDifference(iff, iff.bones.map((b) => `bone${b.index}`), times)).toBeLessThan(1e-5);
    const ifp = new IFPReader(fixture('anp2-basic.ifp'));
    for (const animation of ifp.animations) expect(largestDifference(animation, animation.bones.map((b) => b.boneName.trim()), times)).toBeLessThan(1e-5);
  });

  it.skipIf(!samplesPresent)('plays real SA animations in THREE.AnimationMixer as sampleClip samples them, within 1e-5', () => {
    for (const animation of new IFPReader(sample('rwparserng_ped_anp3.ifp')).animations) {
      expect(largestDifference(animation, animation.bones.map((b) => b.boneName.trim()), times), animation.name).toBeLessThan(1e-5);
    }
  });
});
