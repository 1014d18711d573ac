import { describe, expect, it } from 'vitest';
import { bindClip, createPose, DFFReader, IFPReader, poseToMatrices, sampleClip, sampleLayers, type Skeleton } from '../../src/index.js';
import { sample, samplesPresent, SAMPLES_SKIP_MESSAGE } from '../helpers/files.js';

// HAnim ids of the SA ped bones the checks look at.
const HEAD = 5,
  PELVIS = 1,
  L_FOOT = 43,
  R_FOOT = 53;

describe("sampleLayers on real SA clips: sa_python_anp3.ifp's clips over the ped's idle stance", () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }
  // rwparserng_ped_anp3.ifp holds the idle stance as woman_idlestance (it has no idle_stance).
  const idle = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('woman_idlestance')!;
  const python = new IFPReader(sample('sa_python_anp3.ifp')).animations;
  const skins = ['dff/sa_skin_plain.dff', 'dff/sa_skin_protected.dff', 'dff/sa_skin_modelspace_frames.dff'].map((name) => ({
    name,
    skeleton: new DFFReader(sample(name)).skeleton!,
  }));

  const heightOf = (world: Float32Array, skeleton: Skeleton, id: number) => world[16 * skeleton.indexOf(id) + 14]!;

  it('the partial clips drive some bones only (the upper body), the base all 32', () => {
    expect(idle.bones.length).toBe(32);
    const partial = python.filter((clip) => clip.bones.length < 32);
    expect(partial.map((clip) => clip.name)).toEqual([
      'python_crouchfire',
      'python_crouchreload',
      'python_fire',
      'python_fire_poor',
      'python_reload',
    ]);
    expect(python.find((clip) => clip.name === 'python_fire')!.bones.length).toBe(15);
  });

  it('keep the ped upright, head above pelvis above feet (standing where the clip leaves the legs alone), and the bones they lack in the base pose', () => {
    for (const { name, skeleton } of skins) {
      const base = createPose(skeleton);
      const out = createPose(skeleton);
      const boundIdle = bindClip(idle, skeleton);
      let crouched = 0;
      for (const clip of python) {
        const lacking = bindClip(clip, skeleton).restBones;
        for (const weight of [1, 0.5]) {
          for (let step = 0; step <= 4; step++) {
            const time = (clip.duration * step) / 4;
            const idleTime = (idle.duration * step) / 5;
            sampleLayers(
              skeleton,
              [
                { clip: idle, time: idleTime, weight: 1 },
                { clip, time, weight, partial: true },
              ],
              out,
            );
            sampleClip(boundIdle, idleTime, base);
            const where = `${name}, ${clip.name} at ${time.toFixed(2)} s, weight ${weight}`;
            const world = poseToMatrices(out, skeleton);
            const head = heightOf(world, skeleton, HEAD);
            const pelvis = heightOf(world, skeleton, PELVIS);
            const feet = Math.max(heightOf(world, skeleton, L_FOOT), heightOf(world, skeleton, R_FOOT));
            expect(head, where).toBeGreaterThan(pelvis + 0.15);
            expect(pelvis, where).toBeGreaterThan(feet + 0.15);
            // The upper-body clips leave the legs to the idle: the ped stands at full height.
            if (lacking.includes(skeleton.indexOf(L_FOOT))) expect(head - feet, where).toBeGreaterThan(1.2);
            else crouched++;
            for (const bone of lacking) {
              expect(Array.from(out.rotations.subarray(4 * bone, 4 * bone + 4)), `${where}, bone ${skeleton.names[bone]}`).toEqual(
                Array.from(base.rotations.subarray(4 * bone, 4 * bone + 4)),
              );
              expect(Array.from(out.translations.subarray(3 * bone, 3 * bone + 3)), `${where}, bone ${skeleton.names[bone]}`).toEqual(
                Array.from(base.translations.subarray(3 * bone, 3 * bone + 3)),
              );
            }
          }
        }
      }
      // The two crouching clips drive the legs too, over the idle's: they crouch (head 0.5 m lower).
      expect(crouched, name).toBe(2 * 2 * 5);
    }
  });
});
