// Where the viewer draws the ground (viewer/ground.ts): under the lowest point of the body as drawn in
// the clip's poses, not the rest pose's. An SA skin's rest pose (from its Skin PLG) lies along x, so
// its lowest point at rest is 0.3 to 0.6 m above the soles of the same ped walking.
import { Box3, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { bindClip, createPose, DFFReader, IFPReader, poseToMatrices, sampleClip, type Skeleton } from 'gameanim';
import { poseThreeBones, toFrameModel, toThreeSkinnedMesh } from 'gameanim/three';
import { lowestPoint } from '../../viewer/ground.js';
import { sample, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';

const SA_SKINS = ['dff/sa_skin_plain.dff', 'dff/sa_skin_protected.dff', 'dff/sa_skin_modelspace_frames.dff'];
/** The poses the viewer's clip box samples (viewer/posing.ts BOUND_SAMPLES + 1). */
const STEPS = 24;
const FOOT_BONES = /^(l|r) (foot|toe0)$/i;

describe('lowestPoint without a mesh', () => {
  it('is the lowest bone', () => {
    const world = new Float32Array(32);
    world.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0.5, 1], 0);
    world.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 2, 3, -0.25, 1], 16);
    const skeleton = { boneCount: 2, inverseBindMatrices: null } as unknown as Skeleton;
    expect(lowestPoint(skeleton, null, world)).toBe(-0.25);
    expect(lowestPoint(skeleton, { geometries: [] }, world)).toBe(-0.25);
  });
});

describeWith([SAMPLES], 'the ground on the sample peds', () => {
  it('an SA skin walking: the ground is the lowest vertex three.js draws, a foot stands on it, and the rest pose would have put it 0.25 m or more too high', () => {
    const ifp = new IFPReader(sample('rwparserng_ped_anp3.ifp'));
    for (const name of SA_SKINS) {
      const dff = new DFFReader(sample(name));
      const skeleton = dff.skeleton!;
      const model = { geometries: dff.geometries };
      const drawn = toThreeSkinnedMesh(dff.geometries, skeleton);
      const feet = new Set(skeleton.names.flatMap((bone, i) => (FOOT_BONES.test(bone.trim()) ? [i] : [])));
      expect(feet.size, name).toBe(4);
      const pose = createPose(skeleton);
      const bound = bindClip(ifp.getAnimation('WALK_player')!, skeleton);
      const vertex = new Vector3();
      let ground = Infinity;
      const lowestFoot: number[] = [];
      for (let step = 0; step <= STEPS; step++) {
        sampleClip(bound, (bound.clip.duration * step) / STEPS, pose);
        const lowest = lowestPoint(skeleton, model, poseToMatrices(pose, skeleton));
        // What three.js draws for the same pose: each vertex through the SkinnedMesh's own bone transform.
        poseThreeBones(drawn.bones, pose, skeleton);
        let drawnLowest = Infinity;
        let foot = Infinity;
        for (const mesh of drawn.meshes) {
          const joints = mesh.geometry.getAttribute('skinIndex');
          const weights = mesh.geometry.getAttribute('skinWeight');
          for (let v = 0; v < mesh.geometry.getAttribute('position').count; v++) {
            const z = mesh.getVertexPosition(v, vertex).z;
            drawnLowest = Math.min(drawnLowest, z);
            if (feet.has(joints.getX(v)) && weights.getX(v) >= 0.5) foot = Math.min(foot, z);
          }
        }
        expect(lowest, `${name} step ${step}`).toBeCloseTo(drawnLowest, 4);
        lowestFoot.push(foot);
        ground = Math.min(ground, lowest);
      }
      // No vertex below the ground at any pose, the soles on it: the lowest foot vertex is the
      // ground's at some pose, and within 6 cm of it at every pose (a walk always has a foot down).
      expect(Math.min(...lowestFoot), name).toBeCloseTo(ground, 4);
      expect(Math.max(...lowestFoot) - ground, name).toBeLessThan(0.06);
      expect(ground, name).toBeLessThan(-0.95);
      expect(ground, name).toBeGreaterThan(-1.01);
      // The old ground: the lowest point of the rest pose, far above the walking feet.
      const rest = lowestPoint(skeleton, model, poseToMatrices(createPose(skeleton), skeleton));
      expect(rest - ground, name).toBeGreaterThan(0.25);
    }
  });

  it('a GTA III ped: its rigid parts on their frames, as toFrameModel places them', () => {
    const ifp = new IFPReader(sample('iii_pcanims_ped_anpk.ifp'));
    const dff = new DFFReader(sample('iii/player.dff'));
    const skeleton = dff.skeleton!;
    expect(dff.frameBound).toBe(true);
    const model = { geometries: dff.geometries, boneOfFrame: dff.boneOfFrame };
    const drawn = toFrameModel({ skeleton, boneOfFrame: dff.boneOfFrame, geometries: dff.geometries });
    const pose = createPose(skeleton);
    const bound = bindClip(ifp.getAnimation('walk_player')!, skeleton);
    const box = new Box3();
    for (const step of [0, 7, 15]) {
      sampleClip(bound, (bound.clip.duration * step) / STEPS, pose);
      poseThreeBones(drawn.frames, pose, skeleton);
      box.makeEmpty();
      for (const mesh of drawn.meshes) box.expandByObject(mesh, true);
      expect(lowestPoint(skeleton, model, poseToMatrices(pose, skeleton)), `step ${step}`).toBeCloseTo(box.min.z, 4);
    }
  });
});
