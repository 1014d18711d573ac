// Held feet in the file as the game reads it: ANP3's int16 keys truncate the root's translation to
// 1/1024 m and the rotations to 1/4096, which would move a planted ankle by up to a millimetre a tick.
// So where feet are held, the root and the legs are stored as floats (frame types 1 and 2). Judged by
// the library's quality report on the written bytes, against the same keys all stored as int16.
import { expect, it } from 'vitest';
import { DFFReader, IFPReader, writeIFP, type PackageData } from '../../src/index.js';
import { readSourceRig, resolveBoneMap, retarget } from '../../src/retarget/index.js';
import { measureQuality } from '../../src/retarget/quality.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import { mocapBvh } from './mocap-rigs.js';

describeWith([SAMPLES], `held feet are stored exactly (samples at ${samplesDir})`, () => {
  const ped = new IFPReader(sample('rwparserng_ped_anp3.ifp'));
  const skin = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
  const walk = ped.getAnimation('walk_player')!;
  const bvh = new TextEncoder().encode(
    mocapBvh(skin, walk, { names: 'cmu', zero: 'arms-down', rate: 120, scale: 100 / 5.6, allPositions: false }),
  );

  it('the root and the legs of a clip with planted feet are floats, every other track int16; the held ankles drift less than with all int16', async () => {
    const result = await retarget(bvh, { skeleton: skin, clipName: 'walk_player' });
    const [animation] = result.packages[0]!.animations;
    const floats = animation!.bones.filter((track) => !track.compressed).map((track) => track.boneName.trim());
    expect(floats.sort()).toEqual(['L Calf', 'L Foot', 'L Thigh', 'Pelvis', 'R Calf', 'R Foot', 'R Thigh', 'Root']);
    expect(animation!.bones.length).toBeGreaterThan(floats.length);
    expect(result.report).toContain('"walk_player": the root and legs (8 tracks) stored as floats, so held feet stay where they are held');

    const rig = await readSourceRig(bvh, 'walk_player');
    const map = resolveBoneMap(rig.names, rig.parents, skin, 'auto');
    const slide = (packages: PackageData[]) =>
      measureQuality(rig, writeIFP(packages, { format: 'ANP3' }), skin, map.jointOfBone, [
        {
          clip: rig.clips[0]!,
          animation: 'walk_player',
          reference: 'told',
          turn: result.placement.turn,
          start: 0,
          end: 1.2,
          ground: { height: 0, given: false },
        },
      ])[0]!.slide;
    const allInt16 = result.packages.map((pkg) => ({
      ...pkg,
      animations: pkg.animations.map((a) => ({ ...a, bones: a.bones.map((track) => ({ ...track, compressed: true })) })),
    }));
    const stored = slide(result.packages);
    const int16 = slide(allInt16);
    // Measured: 0.8 mm over its 4 contacts as stored, 3.5 mm with every key int16 (1.4 at worst on one).
    expect(stored.contacts).toBe(4);
    expect(int16.contacts).toBe(4);
    expect(stored.drift).toBeLessThan(0.001);
    expect(int16.drift).toBeGreaterThan(0.003);
    expect(stored.worst).toBeLessThan(int16.worst / 2);
  });
});
