// Planted feet on a skin whose legs are proportioned otherwise than the source's (thighs 0.85x, calves
// 1.2x the sample skin's, the rig made from the skin as it is): the root's travel, scaled by the legs'
// whole length, no longer matches the stride, and the feet creep where the source's stand. Judged by
// the library's quality report, which reads the written IFP back and shares nothing with the solve.
import { expect, it } from 'vitest';
import { bindClip, createPose, DFFReader, IFPReader, sampleClip, writeIFP } from '../../src/index.js';
import { QUALITY_LIMITS, readSourceRig, resolveBoneMap, retarget } from '../../src/retarget/index.js';
import { measureQuality } from '../../src/retarget/quality.js';
import { planFootLock } from '../../src/retarget/foot-lock.js';
import type { Vector } from '../../src/core/transforms.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import { withLegs } from './compare.js';
import { foreignRig } from './foreign-rigs.js';
import { mocapBvh } from './mocap-rigs.js';

describeWith([SAMPLES], `planted feet stay planted (samples at ${samplesDir})`, () => {
  const ped = new IFPReader(sample('rwparserng_ped_anp3.ifp'));
  const skin = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
  const odd = withLegs(new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!, 0.85, 1.2);
  const sources = (name: string): Array<[string, () => Promise<Uint8Array>]> => {
    const clip = ped.getAnimation(name)!;
    return [
      ['a Mixamo GLB', () => foreignRig(skin, clip, { names: 'mixamo', pose: 'tpose', scale: 115, rate: 30, armatureScale: 0.01 })],
      [
        'a CMU BVH',
        async () =>
          new TextEncoder().encode(
            mocapBvh(skin, clip, { names: 'cmu', zero: 'arms-down', rate: 120, scale: 100 / 5.6, allPositions: false }),
          ),
      ],
    ];
  };
  for (const name of ['walk_player', 'WOMAN_walksexy']) {
    for (const [what, make] of sources(name)) {
      it(`${name} as ${what} onto legs 0.85x/1.2x: the feet slide no more than the source's plus 2 cm, nothing floats or sinks past 3 cm, the limbs within the report's limits`, async () => {
        const bytes = await make();
        const [free] = (await retarget(bytes, { skeleton: odd, clipName: name, footLock: false })).quality;
        const locked = await retarget(bytes, { skeleton: odd, clipName: name, groundFrom: ped.getAnimation('woman_idlestance')! });
        const [q] = locked.quality;
        console.log(
          `${q!.warnings.join('; ')}\n${name}, ${what}: slide ${(free!.slide.result * 100).toFixed(1)} cm unlocked, ${(q!.slide.result * 100).toFixed(1)} cm locked (the source's ${(q!.slide.source * 100).toFixed(1)}); limbs p95 ${free!.limbs.p95.toFixed(2)} -> ${q!.limbs.p95.toFixed(2)}, worst ${q!.limbs.worst.toFixed(2)}; feet ${(q!.feet.median * 100).toFixed(1)} cm at the median, sink ${(q!.feet.sink * 100).toFixed(1)}; against the idle's ground ${(q!.ground.median * 100).toFixed(1)} cm at the median, sink ${(q!.ground.sink * 100).toFixed(1)}; root path ${q!.rootPath.toFixed(3)}\n  ${locked.report.find((l) => /planted/.test(l))}`,
        );
        if (name === 'walk_player') expect(free!.slide.result).toBeGreaterThan(free!.slide.source + 0.02);
        expect(q!.slide.result).toBeLessThanOrEqual(q!.slide.source + 0.02);
        expect(q!.slide.result).toBeLessThan(free!.slide.result);
        expect(Math.abs(q!.feet.median)).toBeLessThanOrEqual(0.03);
        expect(q!.feet.sink).toBeGreaterThanOrEqual(-0.03);
        // Against the ground the game's idle stands these legs on: no float, no sink past 3 cm.
        expect(Math.abs(q!.ground.median)).toBeLessThanOrEqual(0.03);
        expect(q!.ground.sink).toBeGreaterThanOrEqual(-0.03);
        expect(q!.limbs.p95).toBeLessThanOrEqual(QUALITY_LIMITS.limbsP95);
        expect(q!.warnings).toEqual([]);
        expect(Math.abs(q!.rootPath - 1)).toBeLessThanOrEqual(0.03);
        expect(locked.report).toContainEqual(
          expect.stringMatching(/: feet held where the source's are planted: \d+ contacts on the left, \d+ on the right/),
        );
      });
    }
  }

  for (const name of ['walk_player', 'woman_idlestance']) {
    it(`legs like the source's: the lock leaves ${name} as the raw transfer has it (within 0.05 degrees; a straight-legged stance keeps its pelvis)`, async () => {
      const bytes = await sources(name)[1]![1]();
      const [free] = (await retarget(bytes, { skeleton: skin, clipName: name, footLock: false })).quality;
      const locked = await retarget(bytes, { skeleton: skin, clipName: name });
      const [q] = locked.quality;
      expect(Math.abs(q!.limbs.worst - free!.limbs.worst)).toBeLessThanOrEqual(0.05);
      expect(Math.abs(q!.limbs.p95 - free!.limbs.p95)).toBeLessThanOrEqual(0.05);
      expect(Math.abs(q!.slide.result - free!.slide.result)).toBeLessThanOrEqual(0.005);
      expect(locked.report.some((l) => /the pelvis lowered/.test(l))).toBe(false);
    });
  }

  /** walk_player's first instant held for `seconds`, its pelvis (so both ankles) moved `sideways(k)` metres along X at tick k. */
  const still = (seconds: number, sideways: (k: number) => number) => {
    const walk = ped.getAnimation('walk_player')!;
    const pose = createPose(skin);
    sampleClip(bindClip(walk, skin), 0, pose);
    const times = Float32Array.from({ length: seconds * 60 + 1 }, (_, k) => k / 60);
    const bones = walk.bones.map((track) => {
      const bone = skin.indexOf(track.boneId);
      const moves = track.boneId === 1;
      return {
        ...track,
        keyframeType: moves ? ('KRT0' as const) : ('KR00' as const),
        compressed: false,
        times,
        rotations: Float32Array.from({ length: 4 * times.length }, (_, i) => pose.rotations[4 * bone + (i % 4)]!),
        translations: moves
          ? Float32Array.from(
              { length: 3 * times.length },
              (_, i) => pose.translations[3 * bone + (i % 3)]! + (i % 3 === 0 ? sideways(Math.floor(i / 3)) : 0),
            )
          : null,
      };
    });
    return writeIFP([{ name: 'still', animations: [{ name: 'still', bones }] }], { format: 'ANP3' });
  };
  /** The report's slide of the result (`still(seconds, result)`) against a source rig made of `still(seconds, source)`. */
  const stillSlide = async (seconds: number, source: (k: number) => number, result: (k: number) => number) => {
    const bytes = await foreignRig(skin, new IFPReader(still(seconds, source)).getAnimation('still')!, {
      names: 'mixamo',
      pose: 'rest',
      scale: 115,
      rate: 30,
    });
    const rig = await readSourceRig(bytes, 'still');
    const map = resolveBoneMap(rig.names, rig.parents, skin, 'auto');
    const { turn } = (await retarget(bytes, { skeleton: skin })).placement;
    return measureQuality(rig, still(seconds, result), skin, map.jointOfBone, [
      { clip: rig.clips[0]!, animation: 'still', reference: 'told', turn, start: 0, end: seconds, ground: { height: 0, given: false } },
    ])[0]!.slide;
  };

  it("a still foot wobbling by a fraction of a millimetre a tick (as a written clip's int16 rotations move one) is not sliding; one moving 2 cm is", async () => {
    // The result's pelvis moved 0.4 mm to one side and the other each tick; then creeping 2 cm over the 2 s.
    const slide = (sideways: (k: number) => number) => stillSlide(2, () => 0, sideways);
    const wobble = await slide((k) => (k % 2 ? 0.0004 : -0.0004));
    expect(wobble).toMatchObject({ result: 0, source: 0, contacts: 2 });
    // Each contact's drift from the source's is the wobble's, 0.8 mm at most.
    expect(wobble.worst).toBeCloseTo(0.0008, 4);
    // 2 cm over the 2 s, a sixth of a millimetre a tick: counted, each foot's (the source's 0).
    const creep = await slide((k) => (k * 0.02) / 120);
    expect(creep.source).toBe(0);
    expect(creep.result).toBeGreaterThan(2 * 0.018);
    expect(creep.result).toBeLessThanOrEqual(2 * 0.0201);
    expect(creep.worst).toBeCloseTo(0.02, 3);
  });

  it('contacts are read on every tick of a long clip, not on its 200 measured ones: a source step between two of them is no contact', async () => {
    // 20 s: the source's feet step 1.5 cm forward over 4 ticks at 10 s (22 cm/s: no contact); the
    // result's stay. Measured 7 ticks apart the step looked planted (13 cm/s), the result 1.5 cm adrift.
    const slide = await stillSlide(
      20,
      (k) => 0.015 * Math.min(1, Math.max(0, (k - 600) / 4)),
      () => 0,
    );
    expect(slide.contacts).toBe(4);
    expect(slide.worst).toBeLessThan(0.001);
  }, 60_000);

  it('a run has no planted feet: said, and nothing changed', async () => {
    const result = await retarget(await sources('run_player')[1]![1](), { skeleton: odd, clipName: 'run_player' });
    expect(result.report).toContain('"run_player": no planted feet found in the source: the feet are as transferred');
  });

  it("the report warns (and --strict refuses) where the feet slide past the source's plus 2 cm, the floor is off the ground, or the pelvis strays from the source's path", async () => {
    const bytes = await sources('walk_player')[1]![1]();
    const free = await retarget(bytes, { skeleton: odd, clipName: 'walk_player', footLock: false });
    // Unlocked, its feet stray 4.8 cm from the source's over 5 contacts (1.5 at worst on one): past 2 cm + 2 mm a contact.
    expect(free.quality[0]!.warnings).toEqual([
      expect.stringMatching(
        /^planted feet stray from the source's 4\.8 cm over 5 contacts, 1\.5 at worst on one \(limits: 2\.0 on one, 2\.0 \+ 2 mm a contact in all\); they slide 10\.\d cm, the source's 6\.7$/,
      ),
      expect.stringMatching(/^planted feet slide 10\.\d cm, the source's 6\.7 \(limit: the source's plus 2\.0\)$/),
    ]);
    // The same written clip measured against a ground 5 cm lower than it stands on, given or not, and
    // with the source turned a quarter round about the up axis (its path then goes sideways).
    const rig = await readSourceRig(bytes, 'walk_player');
    const map = resolveBoneMap(rig.names, rig.parents, skin, 'auto');
    const result = await retarget(bytes, { skeleton: skin, clipName: 'walk_player' });
    const measure = (turn: ArrayLike<number>, ground: { height: number; given: boolean }) =>
      measureQuality(rig, writeIFP(result.packages, { format: 'ANP3' }), skin, map.jointOfBone, [
        { clip: rig.clips[0]!, animation: 'walk_player', reference: 'told', turn, start: 0, end: 1.2, ground },
      ])[0];
    // The ground the result was written for (the standing rest's), from the report's own median.
    const standsAt = -measure(result.placement.turn, { height: 0, given: false })!.ground.median;
    expect(Math.abs(result.quality[0]!.ground.median)).toBeLessThan(0.03);
    const low = measure(result.placement.turn, { height: -standsAt - 0.05, given: true })!;
    expect(low.ground.median).toBeCloseTo(0.05, 3);
    expect(low.warnings).toEqual([
      expect.stringMatching(
        /^the feet stand 5\.0 cm above the model's ground at the median, against the source's on its floor \(limit 3\.0\)$/,
      ),
    ]);
    const high = measure(result.placement.turn, { height: -standsAt + 0.05, given: true })!;
    expect(high.ground.sink).toBeLessThan(-0.03);
    expect(high.warnings).toEqual([
      expect.stringMatching(/^the feet stand 5\.0 cm below the model's ground at the median/),
      expect.stringMatching(/^a foot goes \d+\.\d cm further under the model's ground than the source's under its floor \(limit 3\.0\)$/),
    ]);
    const quarter = Float64Array.from(result.placement.turn);
    const turned = [0, 1, 2].map((col) => [-quarter[4 * col + 1]!, quarter[4 * col]!, quarter[4 * col + 2]!]);
    turned.forEach((column, col) => quarter.set(column, 4 * col));
    const sideways = measure(quarter, { height: -standsAt, given: false });
    expect(sideways!.root.horizontal).toBeGreaterThan(0.05);
    expect(sideways!.warnings).toContainEqual(
      expect.stringMatching(/^the pelvis strays \d+\.\d cm over the ground beyond 3 cm \+ 3% of the source's path$/),
    );
    expect(result.quality[0]!.root.horizontal).toBe(0);
    expect(result.quality[0]!.root.vertical).toBeLessThan(0.01);
  });
});

it('a foot that stops for four keys between fast steps (a dance step, 50 ms at 60 Hz) is a contact: each key whose step on either side is slow counts, so landing and lifting keys are held too', () => {
  // The left ankle (the source's, in game metres) moves 1 m/s, stands still on keys 10 to 13, then moves
  // on; the result's creeps 1 cm a key throughout. The right foot never stops.
  const times = Float32Array.from({ length: 24 }, (_, k) => k / 60);
  const left = (k: number): Vector => [(Math.min(k, 10) + Math.max(0, k - 13)) / 60, 0, 0];
  const source = Array.from(times, (_, k) => [left(k), [k / 30, 0.3, 0] as Vector]);
  const result = Array.from(times, (_, k) => [[0.01 * k, 0, 0] as Vector, [k / 30, 0.3, 0] as Vector]);
  const plan = planFootLock(times, source, result, 0.87, 2);
  expect(plan.runs).toEqual([1, 0]);
  // Held at the run's mean on the result (keys 10 to 13: 0.115 m) plus the source's creep (none): still; eased out over 0.1 s.
  for (let k = 10; k <= 13; k++) expect(plan.holds[k]![0]).toEqual({ at: [expect.closeTo(0.115, 9), 0, 0], weight: 1 });
  expect(plan.holds[20]![0]).toBeNull();
});
