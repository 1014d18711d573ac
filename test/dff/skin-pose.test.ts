// The rest pose of a skinned model, as the game builds it from the Skin PLG. The rule is computed here
// again with three.js matrices, independently of src/dff/skin-pose.ts.
import { Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import {
  bindClip,
  createPose,
  DFFReader,
  IFPReader,
  poseToMatrices,
  sampleClip,
  skinningMatrices,
  writeDFF,
  type DFFDoc,
  type Skeleton,
} from '../../src/index.js';
import * as specs from '../../scripts/fixture-specs.mjs';
import { fixture, sample, samplesPresent, SAMPLES_SKIP_MESSAGE } from '../helpers/files.js';

const SKINS = ['dff/sa_skin_plain.dff', 'dff/sa_skin_protected.dff', 'dff/sa_skin_modelspace_frames.dff'];

/** The spec's rule: the root at the origin; every other bone at IBM[parent] * inverse(IBM[i]) applied to the origin. */
function ruleLocals(skeleton: Skeleton): Matrix4[] {
  const ibm = (i: number) => new Matrix4().fromArray(skeleton.inverseBindMatrices!, 16 * i);
  return Array.from({ length: skeleton.boneCount }, (_, i) => {
    const parent = skeleton.parents[i]!;
    const bindWorld = ibm(i).invert();
    const local = parent < 0 ? bindWorld : ibm(parent).multiply(bindWorld);
    if (parent < 0) local.setPosition(0, 0, 0);
    return local;
  });
}

function maxAbs(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}

describe('the rest pose of a skinned model comes from its Skin PLG, as the game builds it', () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }

  it("all three sample skins: every rest translation within 1e-4 m of the rule, and rest rotations the rule's", () => {
    for (const name of SKINS) {
      const reader = new DFFReader(sample(name));
      const skeleton = reader.skeleton!;
      expect(reader.restPoseSource, name).toBe('skin');
      ruleLocals(skeleton).forEach((local, bone) => {
        const t = new Vector3().setFromMatrixPosition(local);
        expect(maxAbs([t.x, t.y, t.z], skeleton.restTranslations.subarray(3 * bone, 3 * bone + 3)), `${name} bone ${bone}`).toBeLessThan(
          1e-4,
        );
        const q = new Quaternion().setFromRotationMatrix(local);
        const rest = skeleton.restRotations.subarray(4 * bone, 4 * bone + 4);
        const dot = Math.abs(q.x * rest[0]! + q.y * rest[1]! + q.z * rest[2]! + q.w * rest[3]!);
        // three.js reads the rotation of a matrix as if it were orthonormal; the bind products carry
        // float noise of up to about 1e-3, so the two readings agree within half a degree.
        expect(dot, `${name} bone ${bone}`).toBeGreaterThan(1 - 1e-5);
      });
    }
  });

  it('the model-space sample: its palette at rest (a pose never sampled) is the identity within 1e-4', () => {
    const skeleton = new DFFReader(sample('dff/sa_skin_modelspace_frames.dff')).skeleton!;
    const palette = skinningMatrices(poseToMatrices(createPose(skeleton), skeleton), skeleton);
    const identity = new Matrix4().elements;
    for (let bone = 0; bone < skeleton.boneCount; bone++)
      expect(maxAbs(palette.subarray(16 * bone, 16 * bone + 16), identity), `bone ${bone}`).toBeLessThan(1e-4);
  });

  it('walk_player on the model-space sample: world bone positions within 1 mm of a chain built from the rule', () => {
    const skeleton = new DFFReader(sample('dff/sa_skin_modelspace_frames.dff')).skeleton!;
    const walk = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!;
    const bound = bindClip(walk, skeleton);
    const pose = createPose(skeleton);
    const bare = createPose(walk);
    const locals = ruleLocals(skeleton);
    let worst = 0;
    for (let frame = 0; frame <= 60; frame++) {
      const time = (frame / 60) * walk.duration;
      sampleClip(bound, time, pose);
      sampleClip(walk, time, bare);
      const world = poseToMatrices(pose, skeleton);
      const chain: Matrix4[] = [];
      for (let bone = 0; bone < skeleton.boneCount; bone++) {
        const track = walk.bones.findIndex((t) => t.boneId === skeleton.ids[bone]);
        const q = new Quaternion().fromArray(bare.rotations, 4 * track).normalize();
        const t = walk.bones[track]!.translations
          ? new Vector3().fromArray(bare.translations, 3 * track)
          : new Vector3().setFromMatrixPosition(locals[bone]!);
        const local = new Matrix4().compose(t, q, new Vector3(1, 1, 1));
        const parent = skeleton.parents[bone]!;
        chain.push(parent < 0 ? local : chain[parent]!.clone().multiply(local));
        const p = new Vector3().setFromMatrixPosition(chain[bone]!);
        worst = Math.max(worst, maxAbs([p.x, p.y, p.z], world.subarray(16 * bone + 12, 16 * bone + 15)));
      }
    }
    expect(worst).toBeLessThan(1e-3);
  });

  it("warns once when the frames disagree, naming the bone that differs most; the frames' pose stays available", () => {
    const reader = new DFFReader(sample('dff/sa_skin_modelspace_frames.dff'));
    const warnings = reader.warnings.filter((w) => w.code === 'frames-disagree-with-skin');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/most at R Foot \(id 53\): 127\.\d\d cm/);
    const frames = reader.skeletonFromFrames()!;
    expect(reader.skeletonFromSkin()).toBe(reader.skeleton);
    // The frames' pose is each bone's frame, as stored.
    const pelvis = reader.frames.findIndex((f) => f.hanimId === 1);
    expect(Array.from(frames.restTranslations.subarray(3, 6))).toEqual(Array.from(reader.frames[pelvis]!.position));
    const asStored = new DFFReader(sample('dff/sa_skin_modelspace_frames.dff'), { restPose: 'frames' });
    expect(asStored.restPoseSource).toBe('frames');
    expect(Array.from(asStored.skeleton!.restTranslations)).toEqual(Array.from(frames.restTranslations));
    // Posed from its frames the body breaks apart: some bone is over a metre from where the game puts it.
    expect(maxAbs(frames.restTranslations, reader.skeleton!.restTranslations)).toBeGreaterThan(1);
  });
});

describe('skinned rest poses on fixtures', () => {
  it('a model whose frames agree with its Skin PLG gets no warning and the same pose either way', () => {
    const reader = new DFFReader(fixture('dff-ped-5bone.dff'));
    expect(reader.warnings).toEqual([]);
    expect(reader.restPoseSource).toBe('skin');
    expect(maxAbs(reader.skeleton!.restTranslations, reader.skeletonFromFrames()!.restTranslations)).toBeLessThan(1e-6);
    expect(maxAbs(reader.skeleton!.restRotations, reader.skeletonFromFrames()!.restRotations)).toBeLessThan(1e-6);
  });

  it('a model without a Skin PLG keeps its frames as its rest pose', () => {
    const doc = { ...(specs.dffPed as DFFDoc), inverseBindMatrices: null };
    const reader = new DFFReader(writeDFF(doc));
    expect(reader.restPoseSource).toBe('frames');
    expect(reader.skeletonFromSkin()).toBeNull();
    expect(reader.skeleton!.bindNames).toBe('frames');
    expect(Array.from(reader.skeleton!.restTranslations.subarray(3, 6))).toEqual([0, 0, 0.25]);
  });

  it('bind matrices with scale: the rotation is orthonormalised, the scale kept apart, one warning', () => {
    const binds = Float32Array.from(specs.dffPed.inverseBindMatrices.flat());
    // Bone 4 (R Hand) bound 3% larger: its inverse bind shrinks by 1/1.03.
    for (let k = 0; k < 12; k++) if (k % 4 !== 3) binds[64 + k] = binds[64 + k]! / 1.03;
    for (let k = 12; k < 15; k++) binds[64 + k] = binds[64 + k]! / 1.03;
    const reader = new DFFReader(writeDFF({ ...(specs.dffPed as DFFDoc), inverseBindMatrices: binds }));
    const skeleton = reader.skeleton!;
    expect(reader.warnings.map((w) => w.code)).toContain('scaled-bind-matrix');
    expect(reader.warnings.filter((w) => w.code === 'scaled-bind-matrix')).toHaveLength(1);
    expect(Array.from(skeleton.restScales!.subarray(12, 15)).map((v) => +v.toFixed(4))).toEqual([1.03, 1.03, 1.03]);
    expect(Math.hypot(...skeleton.restRotations.subarray(16, 20))).toBeCloseTo(1, 6);
  });

  it('createPose(skeleton) starts at the rest pose: its matrices are the rest matrices', () => {
    const skeleton = new DFFReader(fixture('dff-ped-5bone.dff')).skeleton!;
    const pose = createPose(skeleton);
    expect(Array.from(pose.rotations)).toEqual(Array.from(skeleton.restRotations));
    expect(Array.from(pose.translations)).toEqual(Array.from(skeleton.restTranslations));
    const palette = skinningMatrices(poseToMatrices(pose, skeleton), skeleton);
    expect(maxAbs(palette, Array.from({ length: 5 }, () => new Matrix4().elements).flat())).toBeLessThan(1e-5);
  });
});
