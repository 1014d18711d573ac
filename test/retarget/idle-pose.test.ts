// The default ground without a ped.ifp: each sample skin posed in SA's standing idle leg pose
// (idle-pose.ts). Posed here with three.js's matrices, not the library's; its height compared with
// where SA's own IDLE_stance stands the same skins (measured with `--ground-from` on the game's
// ped.ifp, which the samples lack), and the method itself checked on the idle the samples have
// (woman_idlestance): its leg pose, measured on one skin, stands every skin where the whole clip does.
import { Matrix4, Quaternion, Vector3 } from 'three';
import { expect, it } from 'vitest';
import { bindClip, createPose, createSkeleton, DFFReader, IFPReader, poseToMatrices, sampleClip, type Skeleton } from '../../src/index.js';
import { groundOfIdlePose, SA_IDLE_LEGS, type IdlePoseBone } from '../../src/retarget/index.js';
import { modelGround } from '../../src/retarget/model-ground.js';
import { standingRest } from '../../src/retarget/alignment.js';
import type { SkeletalClip } from '../../src/playback/clip.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import { SKINS } from './compare.js';

const FEET = [43, 44, 53, 54];

/** The lowest foot joint with the bones of `pose` set (the rest elsewhere), by three.js's matrices. */
function threeGround(skeleton: Skeleton, pose: readonly IdlePoseBone[]): number {
  const worlds: Matrix4[] = [];
  for (let b = 0; b < skeleton.boneCount; b++) {
    const own = pose.find((p) => skeleton.indexOf(p.id) === b);
    const r = own ? own.rotation : skeleton.restRotations.subarray(4 * b, 4 * b + 4);
    const t = own?.translation ?? skeleton.restTranslations.subarray(3 * b, 3 * b + 3);
    const local = new Matrix4().compose(
      new Vector3(t[0], t[1], t[2]),
      new Quaternion(r[0], r[1], r[2], r[3]).normalize(),
      new Vector3(1, 1, 1),
    );
    const parent = skeleton.parents[b]!;
    worlds.push(parent >= 0 ? worlds[parent]!.clone().multiply(local) : local);
  }
  return Math.min(...FEET.map((id) => new Vector3().setFromMatrixPosition(worlds[skeleton.indexOf(id)]!).z));
}

/** The median over a clip's 60 Hz ticks of its lowest foot joint on a skin. */
function clipGround(skeleton: Skeleton, clip: SkeletalClip): number {
  const bound = bindClip(clip, skeleton);
  const pose = createPose(skeleton);
  const heights: number[] = [];
  for (let k = 0; k <= Math.round(clip.duration * 60); k++) {
    sampleClip(bound, Math.min(clip.duration, k / 60), pose);
    const m = poseToMatrices(pose, skeleton);
    heights.push(Math.min(...FEET.map((id) => m[16 * skeleton.indexOf(id) + 14]!)));
  }
  return heights.sort((a, b) => a - b)[heights.length >> 1]!;
}

/** A clip's root and leg rotations (and the root's translation) at one instant, as a leg pose. */
function legPoseOf(skeleton: Skeleton, clip: SkeletalClip, time: number): IdlePoseBone[] {
  const pose = createPose(skeleton);
  sampleClip(bindClip(clip, skeleton), time, pose);
  return SA_IDLE_LEGS.map(({ id }) => {
    const b = skeleton.indexOf(id);
    const rotation = [...pose.rotations.subarray(4 * b, 4 * b + 4)] as [number, number, number, number];
    return id === 0
      ? { id, rotation, translation: [...pose.translations.subarray(3 * b, 3 * b + 3)] as [number, number, number] }
      : { id, rotation };
  });
}

/**
 * Where SA's IDLE_stance (anim/ped.ifp, PC) stands each sample skin's lowest foot joint: the median
 * over its ticks, measured by `retarget --ground-from ped.ifp` with the game's file (not kept here).
 */
const IDLE_STANCE_GROUND: Record<string, number> = {
  sa_skin_plain: -0.9446,
  sa_skin_protected: -0.9445,
  sa_skin_modelspace_frames: -0.9463,
};

describeWith([SAMPLES], `the ground from SA's idle leg pose (samples at ${samplesDir})`, () => {
  const ped = new IFPReader(sample('rwparserng_ped_anp3.ifp'));
  const womanIdle = ped.getAnimation('woman_idlestance')!;
  const plain = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
  // woman_idlestance's leg pose at its middle, taken on one skin: clips store whole local rotations.
  const womanLegs = legPoseOf(plain, womanIdle, womanIdle.duration / 2);
  for (const skin of SKINS) {
    const skeleton = new DFFReader(sample(`dff/${skin}.dff`)).skeleton!;
    it(`${skin}: the idle pose stands the feet where SA's IDLE_stance does, within 3 mm, and 3-4.5 cm above the straight-legged rest`, () => {
      const idle = groundOfIdlePose(skeleton);
      if (idle.height === undefined) throw new Error(idle.reason);
      const rest = modelGround(skeleton, standingRest(skeleton), undefined).rest;
      console.log(
        `${skin}: idle pose ground ${idle.height.toFixed(4)} m (IDLE_stance's ${IDLE_STANCE_GROUND[skin]}), rest ${rest.toFixed(4)}`,
      );
      expect(Math.abs(idle.height - threeGround(skeleton, SA_IDLE_LEGS))).toBeLessThan(1e-4);
      expect(Math.abs(idle.height - IDLE_STANCE_GROUND[skin]!)).toBeLessThanOrEqual(0.003);
      expect(idle.height - rest).toBeGreaterThan(0.03);
      expect(idle.height - rest).toBeLessThan(0.045);
      expect(modelGround(skeleton, standingRest(skeleton))).toMatchObject({ height: idle.height, from: 'idle pose' });
    });
    it(`${skin}: a leg pose carries its clip's ground to every skin (woman_idlestance's, taken on sa_skin_plain, within 3 mm of the clip's own)`, () => {
      const fromPose = groundOfIdlePose(skeleton, womanLegs);
      if (fromPose.height === undefined) throw new Error(fromPose.reason);
      const fromClip = clipGround(skeleton, womanIdle);
      console.log(`${skin}: woman_idlestance ${fromClip.toFixed(4)} m, its leg pose ${fromPose.height.toFixed(4)} m`);
      expect(Math.abs(fromPose.height - fromClip)).toBeLessThanOrEqual(0.003);
      expect(Math.abs(fromPose.height - threeGround(skeleton, womanLegs))).toBeLessThan(1e-4);
      // Given the clip, the ground is the clip's (the median of at most 120 of its ticks), named as told.
      const given = modelGround(skeleton, standingRest(skeleton), womanIdle, '--ground-from');
      expect(given.from).toBe('--ground-from');
      expect(Math.abs(given.height - fromClip)).toBeLessThan(1e-4);
    });
  }

  it("GTA III's frames (no HAnim ids) have no idle pose: the ground is the rest, and the report says why", () => {
    const iii = new DFFReader(sample('iii/player.dff')).skeleton!;
    expect(groundOfIdlePose(iii)).toEqual({ reason: "the skeleton has no bones with SA's ids 0, 1, 41, 42, 43, 51, 52, 53" });
    const ground = modelGround(iii, standingRest(iii));
    expect(ground.from).toBe('rest');
    expect(ground.note).toBe("no idle pose: the skeleton has no bones with SA's ids 0, 1, 41, 42, 43, 51, 52, 53");
  });

  it("a skeleton with SA's ids whose leg bones run along other axes is not stood up by the pose: the rest, said so", () => {
    // The skin's calves and feet offset along the bone's Y instead of X, as another game's rig might.
    const translations = Float32Array.from(plain.restTranslations);
    for (const id of [42, 43, 52, 53]) {
      const b = plain.indexOf(id);
      [translations[3 * b], translations[3 * b + 1]] = [translations[3 * b + 1]!, translations[3 * b]!];
    }
    const odd = createSkeleton({
      names: plain.names,
      parents: plain.parents,
      ids: plain.ids,
      restRotations: plain.restRotations,
      restTranslations: translations,
      bindNames: 'bone-tags',
    });
    const idle = groundOfIdlePose(odd);
    expect(idle).toEqual({
      reason: expect.stringMatching(/^the pose does not stand it \(its feet \d+\.\d cm below the pelvis, its legs 86\.8 cm long\)$/),
    });
    expect(modelGround(odd, standingRest(odd))).toMatchObject({
      from: 'rest',
      note: `no idle pose: ${(idle as { reason: string }).reason}`,
    });
  });
});
