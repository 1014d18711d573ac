// glTF under fuzzing: arbitrary keys through exportGltf and the Khronos validator, and mutated GLB
// bytes through importGltf. `npm run fuzz -- --seed S --runs N` runs them longer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecodeError, IFPReader } from '../../src/index.js';
import { exportGltf, importGltf } from '../../src/gltf/index.js';
import { fixture } from '../helpers/files.js';
import { clipOfKeys, threeBoneSkeleton, validatorErrors } from '../helpers/gltf.js';
import { fuzzOptions } from './harness.js';

const skeleton = threeBoneSkeleton;

describe('glTF under fuzzing', () => {
  it('arbitrary keys (NaN, infinities, -0, huge, repeated and backward times) always export clean (seeded fuzz)', async () => {
    const value = fc.oneof(fc.float({ noDefaultInfinity: false, noNaN: false }), fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 1e30));
    const track = fc.integer({ min: 1, max: 5 }).chain((keys) => fc.record({
      boneId: fc.constantFrom(0, 1, 24, 99),
      times: fc.array(value, { minLength: keys, maxLength: keys }),
      rotations: fc.array(value, { minLength: 4 * keys, maxLength: 4 * keys }),
      translations: fc.option(fc.array(value, { minLength: 3 * keys, maxLength: 3 * keys }), { nil: null }),
    }));
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
});
