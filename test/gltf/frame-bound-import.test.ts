// Import onto a frame-bound model (a GTA III ped): a track's translation is an offset added to its
// frame's position (docs/binding.md), so export writes position + offset and import takes the
// position back off. gang01's walk_player through glTF and back to ANPK is the original clip.
import { expect, it } from 'vitest';
import { DFFReader, IFPReader, writeIFP } from '../../src/index.js';
import { exportGltf, importGltf } from '../../src/gltf/index.js';
import { sample, samplesPresent, SAMPLES_SKIP_MESSAGE, SAMPLES } from '../helpers/files.js';
import { keyDifferences } from '../helpers/key-differences.js';
import { describeWith } from '../helpers/needs.js';

describeWith([SAMPLES], 'glTF round trip of a GTA III ped (frame-bound)', () => {
  if (!samplesPresent) it.skip(SAMPLES_SKIP_MESSAGE, () => {});

  it("gang01 walk_player -> glTF -> ANPK: every track, key type and key time kept; Swaist's translations within float noise", async () => {
    const model = new DFFReader(sample('iii/gang01.dff'));
    const clip = new IFPReader(sample('iii_pcanims_ped_anpk.ifp')).getAnimation('walk_player')!;
    const { glb } = await exportGltf({ model, clips: [clip] });
    const { packages, warnings } = await importGltf(glb!, { skeleton: model.skeleton!, format: 'ANPK' });
    expect(warnings).toEqual([]);
    const back = new IFPReader(writeIFP(packages, { format: 'ANPK' })).animations[0]!;
    const { radians, metres, missing } = keyDifferences(clip, back);
    expect(missing).toEqual([]);
    expect(radians).toBeLessThan(1e-5);
    expect(metres).toBeLessThan(1e-6);
  });
});
