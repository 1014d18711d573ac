// Where the source's joints stand in the game's space (placeJoints, what the viewer draws beside the
// ped): the source's hips on the retargeted ped's pelvis at every time, both over a walk, for a rig in
// the skin's rest and one in a T-pose; and the reference pose's hips exactly on the placement's point.
import { expect, it } from 'vitest';
import { bindClip, createPose, DFFReader, IFPReader, poseToMatrices, sampleClip, writeIFP } from '../../src/index.js';
import { placeJoints, readSourceRig, retargetRig, RigSampler } from '../../src/retarget/index.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import { foreignRig } from './foreign-rigs.js';

describeWith([SAMPLES], `placing the source beside the ped (samples at ${samplesDir})`, () => {
  const skeleton = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
  const walk = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!;

  for (const pose of ['rest', 'tpose'] as const)
    it(`a Mixamo rig in ${pose === 'rest' ? "the skin's rest" : 'a T-pose'}: its hips stay on the ped's pelvis over the walk`, async () => {
      const rig = await readSourceRig(await foreignRig(skeleton, walk, { names: 'mixamo', pose, scale: 115, rate: 30 }), 'mocap');
      const result = retargetRig(rig, { skeleton, packageName: 'mocap' });
      const { placement } = result;
      expect(rig.names[placement.hips]).toBe('mixamorig:Hips');
      // At the reference (the rest, here) the hips are where the placement puts them.
      const atRest = placeJoints(new RigSampler(rig, null).worlds(0), placement);
      expect(Array.from(atRest.subarray(3 * placement.hips, 3 * placement.hips + 3))).toEqual(placement.at);

      const animation = new IFPReader(writeIFP(result.packages, { format: 'ANP3' })).animations[0]!;
      const bound = bindClip(animation, skeleton);
      const gamePose = createPose(skeleton);
      const sampler = new RigSampler(rig, rig.clips[0]!);
      const pelvis = skeleton.indexOf(1);
      let worst = 0;
      const path: number[] = [];
      for (let k = 0; k <= 72; k += 8) {
        const time = k / 60;
        sampleClip(bound, time, gamePose);
        const game = poseToMatrices(gamePose, skeleton);
        const placed = placeJoints(sampler.worlds(time), placement);
        const hips = placed.subarray(3 * placement.hips, 3 * placement.hips + 3);
        worst = Math.max(
          worst,
          Math.hypot(hips[0]! - game[16 * pelvis + 12]!, hips[1]! - game[16 * pelvis + 13]!, hips[2]! - game[16 * pelvis + 14]!),
        );
        path.push(hips[1]!);
      }
      console.log(`${pose}: the source's hips within ${(worst * 1000).toFixed(2)} mm of the ped's pelvis`);
      expect(worst).toBeLessThan(0.005);
      // They do move: walk_player's root goes forward along +Y.
      expect(path.at(-1)! - path[0]!).toBeGreaterThan(0.5);
    });
});
