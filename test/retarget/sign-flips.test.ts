// Issue #45's `R UpperArm` case. SA's KO_shot_front (the 1.2 s one of a public ped.ifp) stores many of
// its rotation keys in the other hemisphere from the key before (R UpperArm from 0.867 s: a dot of
// -0.968, then -0.905), so a key and the next are the same turn written with opposite signs. The game
// and the library play the short way between them. A rig rebuilt from it and keyed at the clip's own
// key times had come back 2.5-3.7 degrees off on R UpperArm from 0.87 s on. The clip made here with
// the project's writer (walk_player, every odd key of every track negated) carries the same feature; a
// rig keyed at its key times, with its own keys' signs flipped too, must come back within 1 degree.
import { expect, it } from 'vitest';
import { bindClip, createPose, DFFReader, IFPReader, sampleClip, writeIFP } from '../../src/index.js';
import { retarget } from '../../src/retarget/index.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import { compare, MAPPED, SKINS, worst } from './compare.js';
import { foreignRig } from './foreign-rigs.js';

describeWith([SAMPLES], `keys stored in the other hemisphere, as KO_shot_front's (samples at ${samplesDir})`, () => {
  const walk = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!;
  // Every odd key of every track negated: the same turns, each written with the other sign from its neighbours.
  const flipped = new IFPReader(
    writeIFP(
      [
        {
          name: 'ko',
          animations: [
            {
              name: 'ko_like',
              bones: walk.bones.map((track) => ({
                ...track,
                rotations: Float32Array.from(track.rotations!, (v, i) => ((i >> 2) % 2 ? -v : v)),
              })),
            },
          ],
        },
      ],
      { format: 'ANP3' },
    ),
  ).getAnimation('ko_like')!;

  it('the clip written so has a key and the next in opposite hemispheres on every track, and plays as walk_player does (the short way between keys)', () => {
    const track = flipped.bones.find((b) => b.boneId === 22)!;
    const dots = Array.from({ length: track.times.length - 1 }, (_, k) =>
      [0, 1, 2, 3].reduce((sum, c) => sum + track.rotations![4 * k + c]! * track.rotations![4 * k + 4 + c]!, 0),
    );
    expect(dots.every((d) => d < 0)).toBe(true);
    const skeleton = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
    const [a, b] = [bindClip(walk, skeleton), bindClip(flipped, skeleton)];
    const [pa, pb] = [createPose(skeleton), createPose(skeleton)];
    let worstDot = 1;
    for (let k = 0; k <= 72; k++) {
      sampleClip(a, k / 60, pa);
      sampleClip(b, k / 60, pb);
      for (let bone = 0; bone < skeleton.boneCount; bone++)
        worstDot = Math.min(
          worstDot,
          Math.abs([0, 1, 2, 3].reduce((sum, c) => sum + pa.rotations[4 * bone + c]! * pb.rotations[4 * bone + c]!, 0)),
        );
    }
    expect(worstDot).toBeGreaterThan(Math.cos((0.1 * Math.PI) / 360));
  });

  for (const skin of SKINS) {
    it(`${skin}: a rest-pose rig keyed at the clip's own key times, its keys' signs flipped too, comes back within 1 degree on every bone`, async () => {
      const skeleton = new DFFReader(sample(`dff/${skin}.dff`)).skeleton!;
      const source = await foreignRig(skeleton, flipped, { names: 'mixamo', pose: 'rest', scale: 115, rate: 'keys', flipSigns: true });
      const result = await retarget(source, { skeleton, clipName: 'ko_like' });
      const back = new IFPReader(writeIFP(result.packages, { format: 'ANP3' })).animations[0]!;
      const d = compare(skeleton, flipped, back, MAPPED);
      console.log(
        `${skin}, keys in opposite hemispheres: worst bone ${worst(d.degrees).join(' ')} degrees; R UpperArm ${d.degrees.get('R UpperArm')!.toFixed(3)}`,
      );
      for (const [bone, degrees] of d.degrees) expect(degrees, bone).toBeLessThan(1);
      expect(result.quality[0]!.limbs.worst).toBeLessThan(1);
    });
  }
});
