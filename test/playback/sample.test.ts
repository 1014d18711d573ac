import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPose, createPoseBatch, IFFReader, IFPReader, sampleBatch, sampleClip, type Backend } from '../../src/index.js';
import { NEARLY_PARALLEL, SLERP_SERIES_SHORT_RANGE } from '../../src/core/wasm-layout.js';
import { slerpWeight } from '../../src/playback/sample-js.js';
import { fixture, sample, samplesPresent } from '../helpers/files.js';
import { aboutZ, animationOf } from './helpers.js';

const BACKENDS: Backend[] = ['simd', 'scalar', 'js'];
const close = (actual: ArrayLike<number>, expected: number[], digits = 6) =>
  expected.forEach((v, i) => expect(actual[i]).toBeCloseTo(v, digits));

describe('sampleClip', () => {
  const clip = animationOf([
    { times: [0, 1, 3], rotations: [...aboutZ(0), ...aboutZ(90), ...aboutZ(90)], translations: [0, 0, 0, 2, 4, 6, 2, 4, 10] },
  ]);

  it('slerps rotations and lerps translations between the keys around the time', () => {
    for (const backend of BACKENDS) {
      const pose = createPose(clip);
      expect(sampleClip(clip, 0.5, pose, { backend })).toBe(backend);
      close(pose.rotations, aboutZ(45));
      close(pose.translations, [1, 2, 3]);
      sampleClip(clip, 0.25, pose, { backend });
      close(pose.rotations, aboutZ(22.5));
      sampleClip(clip, 2, pose, { backend });
      close(pose.rotations, aboutZ(90));
      close(pose.translations, [2, 4, 8]);
    }
  });

  it('takes the shortest arc when the next key is the negated quaternion', () => {
    const flipped = animationOf([{ times: [0, 1], rotations: [...aboutZ(0), ...aboutZ(90).map((v) => -v)] }]);
    for (const backend of BACKENDS) {
      const pose = createPose(flipped);
      sampleClip(flipped, 0.5, pose, { backend });
      close(pose.rotations, aboutZ(45));
    }
  });

  it('holds the first and last keys outside the key range, and wraps with loop', () => {
    for (const backend of BACKENDS) {
      const pose = createPose(clip);
      sampleClip(clip, -5, pose, { backend });
      close(pose.rotations, aboutZ(0));
      sampleClip(clip, 99, pose, { backend });
      close(pose.translations, [2, 4, 10]);
      sampleClip(clip, 3.5, pose, { backend, loop: true }); // duration 3: 3.5 -> 0.5
      close(pose.rotations, aboutZ(45));
      sampleClip(clip, -2.5, pose, { backend, loop: true }); // -> 0.5
      close(pose.translations, [1, 2, 3]);
      sampleClip(clip, Number.NaN, pose, { backend });
      close(pose.rotations, aboutZ(0));
    }
  });

  it('finds keys by binary search, agreeing with a linear scan at any time', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 10000 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.double({ min: -10, max: 110, noNaN: true }), { minLength: 1, maxLength: 10 }),
        (ticks, times) => {
          const sorted = [...ticks].sort((a, b) => a - b).map((t) => Math.fround(t / 100));
          const rotations = sorted.flatMap((_, i) => aboutZ(i * 7));
          const translations = sorted.flatMap((_, i) => [i, 2 * i, 0]);
          const animation = animationOf([{ times: sorted, rotations, translations }]);
          const pose = createPose(animation);
          for (const time of times) {
            sampleClip(animation, time, pose, { backend: 'simd' });
            // Reference: the interval by linear scan, then the expected lerp of the translation x (= key index).
            let expected = sorted.length - 1;
            if (time <= sorted[0]!) expected = 0;
            else
              for (let i = 0; i + 1 < sorted.length; i++)
                if (time < sorted[i + 1]!) {
                  expected = i + (time - sorted[i]!) / (sorted[i + 1]! - sorted[i]!);
                  break;
                }
            expect(pose.translations[0]).toBeCloseTo(expected, 4);
          }
        },
      ),
      { seed: 1, numRuns: 200 },
    );
  });

  it('gives the same result on every backend within 1e-6 (real files and an ANM2 clip, random times)', () => {
    const clips = [new IFFReader(fixture('anm2-48bone.iff')), new IFPReader(fixture('anp3-all-types.ifp')).animations[0]!];
    if (samplesPresent) clips.push(...new IFPReader(sample('rwparserng_ped_anp3.ifp')).animations);
    fc.assert(
      fc.property(fc.constantFrom(...clips), fc.double({ min: -1, max: 12, noNaN: true }), fc.boolean(), (clip, time, loop) => {
        const [simd, scalar, js] = BACKENDS.map((backend) => {
          const pose = createPose(clip);
          sampleClip(clip, time, pose, { backend, loop });
          return pose;
        });
        for (const other of [scalar!, js!]) {
          for (let i = 0; i < simd!.rotations.length; i++)
            if (Math.abs(simd!.rotations[i]! - other.rotations[i]!) > 1e-6) expect.fail(`rotation ${i} at ${time}`);
          for (let i = 0; i < simd!.translations.length; i++)
            if (Math.abs(simd!.translations[i]! - other.translations[i]!) > 1e-6) expect.fail(`translation ${i} at ${time}`);
        }
      }),
      { seed: 2, numRuns: 300 },
    );
  });

  it('gives the same rotations on every backend for keys at any angle, near the nlerp threshold, equal, negated or not unit length', () => {
    const unit = fc
      .tuple(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: 0.1, max: 1, noNaN: true }),
      )
      .map((q) => q.map((c) => c / Math.hypot(...q)));
    // The second key: q turned by a half-angle `half` about a random axis (dot product cos(half)), then scaled.
    const pair = fc
      .record({
        from: unit,
        axis: unit,
        // Half-angles: any, near the nlerp threshold (0.0316), near the end of the short series (0.1588), none.
        half: fc.oneof(
          fc.double({ min: 0, max: 1.6, noNaN: true }),
          fc.double({ min: 0.03, max: 0.0335, noNaN: true }),
          fc.double({ min: 0.155, max: 0.162, noNaN: true }),
          fc.constant(0),
        ),
        negate: fc.boolean(),
        scale: fc.oneof(fc.constant(1), fc.double({ min: 0.9, max: 1.1, noNaN: true })),
      })
      .map(({ from, axis, half, negate, scale }) => {
        const [ax, ay, az] = axis,
          n = Math.hypot(ax!, ay!, az!) || 1;
        const [rx, ry, rz, rw] = [(Math.sin(half) * ax!) / n, (Math.sin(half) * ay!) / n, (Math.sin(half) * az!) / n, Math.cos(half)];
        const [x, y, z, w] = from as [number, number, number, number];
        const to = [
          w * rx + x * rw + y * rz - z * ry,
          w * ry - x * rz + y * rw + z * rx,
          w * rz + x * ry - y * rx + z * rw,
          w * rw - x * rx - y * ry - z * rz,
        ];
        return [...from, ...to.map((c) => c * scale * (negate ? -1 : 1))];
      });
    fc.assert(
      fc.property(fc.array(pair, { minLength: 1, maxLength: 9 }), fc.double({ min: 0, max: 1, noNaN: true }), (pairs, time) => {
        const clip = animationOf(pairs.map((rotations) => ({ times: [0, 1], rotations })));
        const reference = createPose(clip);
        sampleClip(clip, time, reference, { backend: 'js' });
        for (const backend of ['simd', 'scalar'] as const) {
          const pose = createPose(clip);
          sampleClip(clip, time, pose, { backend });
          // Bit for bit: the wasm sampler computes in f64 and rounds once, as the TypeScript one does.
          pose.rotations.forEach((value, i) => {
            if (!Object.is(value, reference.rotations[i]!))
              expect.fail(`${backend} rotation ${i}: ${value} against ${reference.rotations[i]}`);
          });
        }
      }),
      { numRuns: 3000, seed: 20261130 },
    );
  });

  it('plays ANM2 clips: bone indices as ids, root motion as bone 0 translation', () => {
    const reader = new IFFReader(fixture('anm2-2bone.iff'));
    const pose = createPose(reader);
    expect(Array.from(pose.boneIds)).toEqual([0, 1]);
    expect(Array.from(pose.hasTranslation)).toEqual([1, 0]);
    sampleClip(reader, reader.tracks[0]!.times[2]!, pose); // exactly on key 2 (an f32 time)
    expect(Array.from(pose.rotations.subarray(4, 8))).toEqual(Array.from(reader.tracks[1]!.rotations.subarray(8, 12)));
    close(pose.translations, [0, 0, 0.1]);
  });

  it('refuses a pose made for another clip', () => {
    expect(() => sampleClip(new IFFReader(fixture('anm2-2bone.iff')), 0, createPose(new IFFReader(fixture('anm2-48bone.iff'))))).toThrow(
      RangeError,
    );
  });
});

describe('sampleBatch', () => {
  it('samples many instances, of different clips, in one call, as sampleClip would each', () => {
    const a = new IFFReader(fixture('anm2-48bone.iff'));
    const b = new IFPReader(fixture('anp3-all-types.ifp')).animations[0]!;
    const clips = Array.from({ length: 1000 }, (_, i) => (i % 3 === 0 ? b : a));
    const times = Float64Array.from(clips, (_, i) => (i * 0.013) % 0.7);
    for (const backend of BACKENDS) {
      const batch = createPoseBatch(clips);
      expect(batch.boneCount).toBe(clips.reduce((n, c) => n + (c === a ? 48 : 4), 0));
      expect(sampleBatch(batch, times, { backend, loop: true })).toBe(backend);
      for (const i of [0, 1, 2, 500, 999]) {
        const pose = createPose(clips[i]!);
        sampleClip(clips[i]!, times[i]!, pose, { backend: 'js', loop: true });
        const at = batch.offsets[i]!;
        expect(Array.from(batch.rotations.subarray(4 * at, 4 * (at + pose.count)))).toEqual(Array.from(pose.rotations));
        expect(Array.from(batch.translations.subarray(3 * at, 3 * (at + pose.count)))).toEqual(Array.from(pose.translations));
      }
    }
    expect(() => sampleBatch(createPoseBatch([a]), [1, 2])).toThrow(RangeError);
  });
});

describe('slerpWeight (the series both samplers sum instead of acos and sin)', () => {
  const exact = (t: number, cos: number) => {
    const angle = Math.acos(cos);
    return Math.sin(t * angle) / Math.sin(angle);
  };

  it('equals sin(tθ)/sin(θ) within 1e-12 for every angle the samplers slerp, either side of the short-series range', () => {
    const boundary = 1 - SLERP_SERIES_SHORT_RANGE;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: 0, max: NEARLY_PARALLEL, noNaN: true, maxExcluded: true }),
          fc.double({ min: boundary - 1e-9, max: boundary + 1e-9, noNaN: true }),
        ),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (cos, t) => {
          const error = Math.abs(slerpWeight(t, cos - 1) - exact(t, cos));
          if (!(error <= 1e-12)) expect.fail(`cos ${cos}, t ${t}: off by ${error}`);
        },
      ),
      { numRuns: 20000, seed: 20261130 },
    );
  });

  it('is exact at the ends: t = 0 gives 0 and t = 1 gives 1', () => {
    for (const cos of [0, 0.3, 0.9, 0.97, 0.999]) {
      expect(slerpWeight(0, cos - 1)).toBe(0);
      expect(slerpWeight(1, cos - 1)).toBe(1);
    }
  });

  it('gives sampled rotations within one f32 step (1.2e-7) of a slerp through Math.acos and Math.sin', () => {
    let worst = 0;
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1.5, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (half, time) => {
        // Unit keys `half` apart about z, from the identity.
        const to = [0, 0, Math.fround(Math.sin(half)), Math.fround(Math.cos(half))];
        const clip = animationOf([{ times: [0, 1], rotations: [0, 0, 0, 1, ...to] }]);
        const pose = createPose(clip);
        sampleClip(clip, time, pose);
        const cos = to[3]!;
        const [s0, s1] = cos < NEARLY_PARALLEL ? [exact(1 - time, cos), exact(time, cos)] : [1 - time, time];
        let expected = [to[0]! * s1, to[1]! * s1, to[2]! * s1, s0 + to[3]! * s1];
        if (cos >= NEARLY_PARALLEL) expected = expected.map((c) => c / Math.hypot(...expected));
        expected.forEach((value, i) => (worst = Math.max(worst, Math.abs(pose.rotations[i]! - value))));
      }),
      { numRuns: 5000, seed: 20261130 },
    );
    expect(worst).toBeLessThanOrEqual(1.2e-7);
  });
});
