// glTF under fuzzing: arbitrary keys through exportGltf and the Khronos validator, and mutated GLB
// bytes through importGltf. `npm run fuzz -- --seed S --runs N` runs them longer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecodeError, IFPReader } from '../../src/index.js';
import { exportGltf, importGltf } from '../../src/gltf/index.js';
import { fixture } from '../helpers/files.js';
import { clipOfKeys, threeBoneSkeleton, validatorErrors } from '../helpers/gltf.js';
import { hostileGlb } from '../helpers/hostile-glb.js';
import { fuzzOptions } from './harness.js';

const skeleton = threeBoneSkeleton;

describe('glTF under fuzzing', () => {
  it('arbitrary keys (NaN, infinities, -0, huge, repeated and backward times) always export clean (seeded fuzz)', async () => {
    const value = fc.oneof(fc.float({ noDefaultInfinity: false, noNaN: false }), fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 1e30));
    const track = fc.integer({ min: 1, max: 5 }).chain((keys) =>
      fc.record({
        boneId: fc.constantFrom(0, 1, 24, 99),
        times: fc.array(value, { minLength: keys, maxLength: keys }),
        rotations: fc.array(value, { minLength: 4 * keys, maxLength: 4 * keys }),
        translations: fc.option(fc.array(value, { minLength: 3 * keys, maxLength: 3 * keys }), { nil: null }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(track, { minLength: 1, maxLength: 3 }), async (tracks) => {
        const { glb } = await exportGltf({ skeleton, clips: [clipOfKeys(tracks)] });
        expect(await validatorErrors(glb!)).toEqual([]);
        // And it imports back, bounded, with no escape.
        const imported = await importGltf(glb!, { skeleton }).catch((error) => error);
        expect(imported instanceof DecodeError || Array.isArray(imported.packages)).toBe(true);
      }),
      fuzzOptions(150),
    );
  }, 120_000);

  it('mutated GLB bytes import or throw a DecodeError, never anything else (seeded fuzz)', async () => {
    const { glb } = await exportGltf({ skeleton, clips: new IFPReader(fixture('anp3-all-types.ifp')).animations });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(glb!.length - 1), fc.nat(255)), { minLength: 1, maxLength: 8 }), async (edits) => {
        const bytes = glb!.slice();
        for (const [at, v] of edits) bytes[at] = v;
        const result = await importGltf(bytes, { skeleton }).catch((error) => error);
        expect(result instanceof DecodeError || Array.isArray(result.packages), String(result)).toBe(true);
      }),
      fuzzOptions(300),
    );
  }, 120_000);

  it('glTF import: mutated/generated GLBs import or throw a typed error, within a work budget (seeded fuzz)', async () => {
    // Key times of every kind the attacks used: backwards, repeated, NaN, infinite, huge; any
    // interpolation; samplers shared by several animations; nodes stacked above the root.
    const time = fc.oneof(fc.float({ min: -10, max: 100, noNaN: true }), fc.constantFrom(0, NaN, Infinity, -Infinity, 1e6, 1e30, -1e30));
    const sampler = fc.record({
      bone: fc.integer({ min: 0, max: 2 }),
      times: fc.array(time, { minLength: 1, maxLength: 6 }),
      interpolation: fc.constantFrom('LINEAR', 'STEP', 'CUBICSPLINE') as fc.Arbitrary<'LINEAR' | 'STEP' | 'CUBICSPLINE'>,
    });
    const spec = fc.record({
      samplers: fc.array(sampler, { minLength: 1, maxLength: 4 }),
      animations: fc.integer({ min: 1, max: 4 }),
      depth: fc.integer({ min: 0, max: 4 }),
    });
    const edits = fc.array(fc.tuple(fc.nat(), fc.nat(255)), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(spec, edits, async (generated, mutations) => {
        const bytes = await hostileGlb(generated);
        for (const [at, v] of mutations) bytes[at % bytes.length] = v;
        const result = await importGltf(bytes, { skeleton }).catch((error) => error);
        if (result instanceof DecodeError) return;
        expect(Array.isArray(result.packages), String(result)).toBe(true);
        // Within the budget its bytes allow, and no more keys out than samples made.
        expect(result.work.samples).toBeLessThanOrEqual(result.work.limit);
        const keys = result.packages.flatMap((p: { animations: Array<{ bones: Array<{ times: Float32Array }> }> }) =>
          p.animations.flatMap((a) => a.bones.map((t) => t.times.length)),
        );
        expect(keys.reduce((a: number, b: number) => a + b, 0)).toBeLessThanOrEqual(result.work.samples);
      }),
      fuzzOptions(150),
    );
  }, 600_000);
});
