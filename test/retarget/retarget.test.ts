// Retargeting foreign rigs made from walk_player back onto the SA skins, compared with walk_player.
import { expect, it } from 'vitest';
import { DFFReader, IFPReader, lintIFP, writeIFP } from '../../src/index.js';
import { retarget, RetargetError } from '../../src/retarget/index.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { compare, MAPPED, SKINS, worst } from './compare.js';
import { CUSTOM_MAP, foreignRig } from './foreign-rigs.js';
import { describeWith } from '../helpers/needs.js';

describeWith([SAMPLES], `retargeting rigs made from walk_player (samples at ${samplesDir})`, () => {
  const walk = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!;

  for (const skin of SKINS) {
    const skeleton = new DFFReader(sample(`dff/${skin}.dff`)).skeleton!;
    const back = async (source: Uint8Array, options: Parameters<typeof retarget>[1]) => {
      const result = await retarget(source, options);
      const ifp = writeIFP(result.packages, { format: 'ANP3' });
      expect(lintIFP(ifp).filter((f) => f.severity === 'error')).toEqual([]);
      return { animation: new IFPReader(ifp).getAnimation('walk_player')!, report: result.report };
    };

    it(`${skin}: a Mixamo rig in the skin's rest pose (other axes, 1.15x, cm, Y up, 30 Hz): bones within 1 degree, root within 2 cm`, async () => {
      const source = await foreignRig(skeleton, walk, { names: 'mixamo', pose: 'rest', scale: 115, rate: 30 });
      const { animation, report } = await back(source, { skeleton });
      const d = compare(skeleton, walk, animation, MAPPED);
      console.log(
        `${skin} mixamo rest: worst bone ${worst(d.degrees).join(' ')} deg, root ${(d.rootMotion * 100).toFixed(2)} cm, duration off ${d.duration.toFixed(4)} s\n  ${report.slice(-4).join('\n  ')}`,
      );
      for (const [bone, degrees] of d.degrees) expect(degrees, bone).toBeLessThan(1);
      expect(d.rootMotion).toBeLessThan(0.02);
      expect(d.duration).toBeLessThanOrEqual(1 / 30);
      // Bones the source lacks get no track.
      expect(animation.bones.map((b) => b.boneName.trim())).not.toContain('Jaw');
    });

    it(`${skin}: a Mixamo rig in a T-pose with --source-pose tpose: every limb segment within 5 degrees, root within 2 cm`, async () => {
      const source = await foreignRig(skeleton, walk, { names: 'mixamo', pose: 'tpose', scale: 115, rate: 30 });
      const { animation, report } = await back(source, { skeleton, sourcePose: 'tpose' });
      const d = compare(skeleton, walk, animation, MAPPED);
      console.log(
        `${skin} mixamo tpose: worst segment ${worst(d.segments).join(' ')} deg, root ${(d.rootMotion * 100).toFixed(2)} cm\n  ${report.slice(-4).join('\n  ')}`,
      );
      for (const [segment, degrees] of d.segments) expect(degrees, segment).toBeLessThan(5);
      // Straight legs stand the hips higher than the game's rest: the root is scaled by the hip heights of both T-poses.
      expect(d.rootMotion).toBeLessThan(0.02);
      expect(d.duration).toBeLessThanOrEqual(1 / 30);
    });

    it(`${skin}: a custom-named rig with a map file: as the Mixamo rig`, async () => {
      const source = await foreignRig(skeleton, walk, { names: 'custom', pose: 'rest', scale: 115, rate: 30 });
      const { animation } = await back(source, { skeleton, map: CUSTOM_MAP });
      const d = compare(skeleton, walk, animation, MAPPED);
      console.log(`${skin} custom + map: worst bone ${worst(d.degrees).join(' ')} deg, root ${(d.rootMotion * 100).toFixed(2)} cm`);
      for (const [bone, degrees] of d.degrees) expect(degrees, bone).toBeLessThan(1);
      expect(d.rootMotion).toBeLessThan(0.02);
    });
  }

  it('auto matching recognises the custom names and says why', async () => {
    const skeleton = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
    const source = await foreignRig(skeleton, walk, { names: 'custom', pose: 'rest', scale: 115, rate: 30 });
    const result = await retarget(source, { skeleton });
    expect(result.report).toContain('"upperarm_l" -> "L UpperArm" (left side, "upperarm" is the upper arm)');
    expect(result.report).toContain('"spine_03" -> "Spine1" (the last of 3 spine joints)');
  });

  it('a source whose limbs cannot be mapped is an error naming them, never a one-track clip', async () => {
    const skeleton = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
    const source = await foreignRig(skeleton, walk, { names: 'custom', pose: 'rest', scale: 115, rate: 30 });
    const error = await retarget(source, { skeleton, map: { pelvis: 'Pelvis' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetargetError);
    expect((error as Error).message).toMatch(/no joint of the source maps to L UpperArm, L ForeArm, R UpperArm/);
  });
});
