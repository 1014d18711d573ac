// Binding as the game binds: bone-tag names on a skinned ped, frame names elsewhere, and no binding
// across rigs. Sampling at repeated key times as the game's FindKeyFrame seeks.
import { AnimationMixer, Object3D } from 'three';
import { describe, expect, it } from 'vitest';
import {
  bindClip,
  createPose,
  DFFReader,
  IGI2ClipReader,
  PED_BONE_TAGS,
  sampleClip,
  writeDFF,
  type DFFDoc,
  type SkeletalClip,
} from '../../src/index.js';
import { toAnimationClip } from '../../src/three/index.js';
import * as specs from '../../scripts/fixture-specs.mjs';
import { fixture, sample, SAMPLES } from '../helpers/files.js';
import { animationOf, aboutZ } from './helpers.js';
import { itWith } from '../helpers/needs.js';

/** A clip whose tracks carry names and no bone ids (as GTA III's do). */
function namedClip(names: string[]): SkeletalClip {
  return animationOf(names.map((boneName) => ({ boneName, boneId: -1, times: [0], rotations: aboutZ(10) })));
}

describe('binding by name as the game does', () => {
  it("on a skinned ped, tracks without an id bind through the game's bone-tag names, not the frame names", () => {
    const skinned = new DFFReader(fixture('dff-ped-5bone.dff')).skeleton!; // frames 'R UpperArm', 'R Hand'
    expect(skinned.bindNames).toBe('bone-tags');
    const bound = bindClip(namedClip(['r upperarm', ' R Hand ', 'Pelvis', 'R Finger']), skinned);
    expect(Array.from(bound.trackOfBone)).toEqual([-1, 2, -1, 0, 1]);
    expect(bound.unmatchedTracks).toEqual(['R Finger']); // a frame name the game's table lacks
  });

  it('on an unskinned model, by frame name, as before', () => {
    const unskinned = new DFFReader(writeDFF({ ...(specs.dffPed as DFFDoc), inverseBindMatrices: null })).skeleton!;
    const bound = bindClip(namedClip(['R Hand', 'R Fingers']), unskinned);
    expect(Array.from(bound.trackOfBone)).toEqual([-1, -1, -1, -1, 0]);
    expect(bound.unmatchedTracks).toEqual(['R Fingers']);
  });

  it('the table has the 32 SA bones, and three names that differ from the frames skins carry', () => {
    expect(Object.keys(PED_BONE_TAGS)).toHaveLength(32);
    expect([PED_BONE_TAGS[25], PED_BONE_TAGS[35], PED_BONE_TAGS[44], PED_BONE_TAGS[54]]).toEqual([
      'R Fingers',
      'L Fingers',
      'L Toe',
      'R Toe',
    ]);
  });

  itWith([SAMPLES])(
    "real skins: 'R Fingers' and 'L Fingers' tracks drive the finger bones, which the frames call 'R Finger' and 'L Finger'",
    () => {
      for (const name of ['dff/sa_skin_plain.dff', 'dff/sa_skin_modelspace_frames.dff']) {
        const skeleton = new DFFReader(sample(name)).skeleton!;
        const bound = bindClip(namedClip(['R Fingers', 'L Fingers', 'L Toe', 'R Toe']), skeleton);
        expect(bound.unmatchedTracks, name).toEqual([]);
        expect([25, 35, 44, 54].map((id) => bound.trackOfBone[skeleton.indexOf(id)])).toEqual([0, 1, 2, 3]);
        expect(skeleton.names[skeleton.indexOf(25)]!.trim()).toBe('R Finger');
      }
    },
  );
});

describe('binding across rigs', () => {
  itWith([SAMPLES])('an IGI 2 clip on an SA skin binds nothing and says why', () => {
    const skeleton = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
    const clip = new IGI2ClipReader(sample('igi2/push_button_1st_pers.iff'));
    const bound = bindClip(clip, skeleton);
    expect(bound.refused).toMatch(/IGI 2 clip does not play on a GTA skeleton/);
    expect(Array.from(bound.trackOfBone).every((t) => t === -1)).toBe(true);
    expect(bound.unmatchedTracks).toHaveLength(clip.tracks.length);
    expect(bound.restBones).toHaveLength(32);
    // Sampling it leaves the ped at rest.
    const pose = createPose(skeleton);
    sampleClip(bound, 0.1, pose);
    for (let k = 0; k < pose.rotations.length; k++) expect(pose.rotations[k]).toBeCloseTo(skeleton.restRotations[k]!, 6);
  });

  it('a clip of the same rig, or a skeleton of unknown rig, binds', () => {
    const clip = namedClip(['Pelvis']);
    expect(bindClip(clip, new DFFReader(fixture('dff-ped-5bone.dff')).skeleton!).refused).toBeNull();
  });
});

describe('two keys at the same time', () => {
  // Like every track of SA's FightA_G: two keys at t = 0, then on; and a repeated time mid-clip.
  const clip = animationOf([
    {
      boneName: 'b',
      boneId: 0,
      times: [0, 0, 0.5, 1, 1, 1.5],
      rotations: [...aboutZ(0), ...aboutZ(90), ...aboutZ(120), ...aboutZ(30), ...aboutZ(60), ...aboutZ(100)],
      translations: [0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0, 4, 0, 0, 5, 0, 0],
    },
  ]);

  it("plays the first key at a shared time and the last right after, as the game's FindKeyFrame seeks, on every backend", () => {
    for (const backend of ['js', 'scalar', 'simd'] as const) {
      const pose = createPose(clip);
      const at = (time: number) => {
        sampleClip(clip, time, pose, { backend });
        return [pose.translations[0], +((2 * Math.atan2(pose.rotations[2]!, pose.rotations[3]!) * 180) / Math.PI).toFixed(3)];
      };
      expect(at(0), backend).toEqual([0, 0]);
      expect(at(1), backend).toEqual([3, 30]);
      expect(at(1 + 1e-4)[0]!, backend).toBeCloseTo(4, 3);
      expect(at(0.25), backend).toEqual([1.5, 105]);
      expect(at(1.25), backend).toEqual([4.5, 80]);
    }
  });

  it('the three.js adapter plays the same values at those times', () => {
    const root = new Object3D();
    const bone = new Object3D();
    bone.name = 'b';
    root.add(bone);
    const mixer = new AnimationMixer(root);
    mixer.clipAction(toAnimationClip(clip)).play();
    const pose = createPose(clip);
    for (const time of [0, 0.25, 0.5, 1, 1 + 1e-4, 1.25, 1.4]) {
      mixer.setTime(time);
      sampleClip(clip, time, pose);
      expect(bone.position.x, `t=${time}`).toBeCloseTo(pose.translations[0]!, 3);
      expect(Math.abs(bone.quaternion.z * pose.rotations[2]! + bone.quaternion.w * pose.rotations[3]!), `t=${time}`).toBeGreaterThan(
        1 - 1e-6,
      );
    }
  });
});
