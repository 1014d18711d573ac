// The ground per skin from the game's own idle clip (`groundFrom`): a walk made into a Mixamo-like
// GLB and a CMU-like BVH (foreign-rigs.ts, mocap-rigs.ts) is retargeted onto each sample skin with
// rwparserng_ped_anp3.ifp's idle as the ground; the written IFP is posed by the library's sampler and
// its lowest foot joint compared with where the idle, posed the same way here, stands that skin's feet.
import { expect, it } from 'vitest';
import { bindClip, createPose, DFFReader, IFPReader, poseToMatrices, sampleClip, writeIFP, type Skeleton } from '../../src/index.js';
import { idleClipName, retarget } from '../../src/retarget/index.js';
import { groundShift } from '../../src/retarget/ground.js';
import type { SkeletalClip } from '../../src/playback/clip.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import { SKINS } from './compare.js';
import { foreignRig } from './foreign-rigs.js';
import { mocapBvh } from './mocap-rigs.js';

/** The lowest foot or toe joint's height on every 60 Hz tick of a clip played on a skin. */
function lowestFoot(skeleton: Skeleton, clip: SkeletalClip): number[] {
  const bound = bindClip(clip, skeleton);
  const pose = createPose(skeleton);
  const feet = [43, 44, 53, 54].map((id) => skeleton.indexOf(id));
  const out: number[] = [];
  for (let k = 0; k <= Math.round(clip.duration * 60); k++) {
    sampleClip(bound, Math.min(clip.duration, k / 60), pose);
    const m = poseToMatrices(pose, skeleton);
    out.push(Math.min(...feet.map((b) => m[16 * b + 14]!)));
  }
  return out;
}
const at = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor(p * (values.length - 1))]!;

describeWith([SAMPLES], `the ground from the game's idle (samples at ${samplesDir})`, () => {
  const ped = new IFPReader(sample('rwparserng_ped_anp3.ifp'));
  const walk = ped.getAnimation('walk_player')!;
  const idleName = idleClipName(ped.animations.map((a) => a.name))!;
  it('finds the idle by name: idle_stance first, else the first with "idle" in it', () => {
    expect(idleName).toBe('woman_idlestance');
    expect(idleClipName(['walk', 'idle_armed', 'IDLE_stance'])).toBe('IDLE_stance');
    expect(idleClipName(['walk'])).toBeUndefined();
  });
  const idle = ped.getAnimation(idleName)!;
  for (const skin of SKINS) {
    const skeleton = new DFFReader(sample(`dff/${skin}.dff`)).skeleton!;
    const ground = at(lowestFoot(skeleton, idle), 0.5);
    const original = lowestFoot(skeleton, walk);
    const originalFloor = at(original, 0.05);
    const rigs: Array<[string, () => Promise<Uint8Array>]> = [
      [
        'a Mixamo GLB (T-pose, cm, 30 Hz)',
        () => foreignRig(skeleton, walk, { names: 'mixamo', pose: 'tpose', scale: 115, rate: 30, armatureScale: 0.01 }),
      ],
      [
        'a CMU BVH (root OFFSET 0, 120 Hz)',
        async () =>
          new TextEncoder().encode(
            mocapBvh(skeleton, walk, { names: 'cmu', zero: 'arms-down', rate: 120, scale: 100 / 5.6, allPositions: false }),
          ),
      ],
    ];
    for (const [what, make] of rigs) {
      it(`${skin}, walk_player as ${what}: the feet on the idle's ground within 3 cm, their height over it as the source's within 3 cm at the median`, async () => {
        const result = await retarget(await make(), { skeleton, clipName: 'walk_player', groundFrom: idle });
        const back = new IFPReader(writeIFP(result.packages, { format: 'ANP3' })).animations[0]!;
        const heights = lowestFoot(skeleton, back);
        const floor = at(heights, 0.05);
        const n = Math.min(heights.length, original.length);
        const differences = Array.from({ length: n }, (_, k) => heights[k]! - ground - (original[k]! - originalFloor));
        console.log(
          `${skin}, ${what}: idle ground ${ground.toFixed(3)} m (walk_player's own floor ${originalFloor.toFixed(3)}), result floor ${floor.toFixed(3)}, height over the ground minus the source's: median ${(at(differences, 0.5) * 100).toFixed(2)} cm, lowest ${(Math.min(...differences) * 100).toFixed(2)} cm\n  ${result.report.find((l) => l.startsWith('ground:'))}`,
        );
        expect(Math.abs(floor - ground)).toBeLessThanOrEqual(0.03);
        expect(Math.abs(at(differences, 0.5))).toBeLessThanOrEqual(0.03);
        expect(Math.min(...differences)).toBeGreaterThanOrEqual(-0.03);
        expect(Math.abs(result.quality[0]!.feet.median)).toBeLessThanOrEqual(0.03);
        expect(result.report.find((l) => l.startsWith('ground:'))).toMatch(
          /^ground: the game's idle \(the given clip\) stands this skin's feet at -?\d\.\d{3} m/,
        );
      });
    }
  }
});

it("a result whose feet hang 4.6 cm lower under the pelvis than the source's (Mixamo's Flair on SA skins) is raised by that; within 1.5 cm it is left alone", () => {
  // 9 keys: the source's lowest foot 0 to 40 cm over its floor (0), both legs; the result's ankles
  // 8 cm over their lowest joints, standing 4.6 cm lower over a ground at -0.945 than the source's over its floor.
  const ground = -0.945;
  const source = Array.from({ length: 9 }, (_, k) => [0.05 * k, 0.05 * k + 0.1]);
  const result = (offset: number) => source.map((lows) => lows.map((z) => [0, 0, ground + z + 0.08 + offset]));
  const below = source.map(() => [0.08, 0.08]);
  expect(groundShift(source, 0, result(-0.046), below, ground)).toBeCloseTo(0.046, 9);
  expect(groundShift(source, 0, result(0.03), below, ground)).toBeCloseTo(-0.03, 9);
  expect(groundShift(source, 0, result(-0.014), below, ground)).toBe(0);
});
