import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecodeError, IFPDecoder, IFPReader, writeIFP, type IFPFormat, type PackageData } from '../../src/index.js';
import { bits } from '../helpers/files.js';
import { applyAll, ifpPackages, mutations } from './arbitraries.js';
import { ifpFields } from './fields.js';
import { fuzzOptions, survives } from './harness.js';

const valid = fc.oneof(
  fc.tuple(fc.constantFrom<IFPFormat>('ANP3', 'ANP2'), ifpPackages('anp')),
  fc.tuple(fc.constant<IFPFormat>('ANPK'), ifpPackages('anpk')),
);

function snapshot(reader: IFPReader) {
  return reader.packages.map((p) => [
    p.name,
    p.animations.map((a) => [
      a.name,
      a.bones.map((b) => [b.boneName, b.boneId, b.keyframeType, bits(b.times), bits(b.rotations), bits(b.translations), bits(b.scales)]),
    ]),
  ]);
}

/** What the reader should give back. ANPK stores no key chunk for a track without keys, so such a track reads as KR00. */
function expected(packages: PackageData[], format: IFPFormat) {
  return packages.map((p) => [
    p.name,
    p.animations.map((a) => [
      a.name,
      a.bones.map((b) =>
        format === 'ANPK' && b.times.length === 0
          ? [b.boneName, b.boneId, 'KR00', [], [], null, null]
          : [b.boneName, b.boneId, b.keyframeType, bits(b.times), bits(b.rotations), bits(b.translations), bits(b.scales)],
      ),
    ]),
  ]);
}

/** Decodes, then touches everything a user could: lazy tracks, frames, lookups. */
function decodeAll(bytes: Uint8Array, options: { strict: boolean; backend: 'js' | 'simd' | 'scalar' }): void {
  const reader = new IFPReader(bytes, options);
  for (const animation of reader.animations) {
    void animation.duration;
    void animation.keyframeCount;
    for (const bone of animation.bones) {
      void bone.frames.length;
      if (bone.frameCount !== bone.times.length || bone.rotations.length !== 4 * bone.frameCount) throw new Error('inconsistent track');
    }
    reader.getAnimation(animation.name);
  }
}

describe('IFP under fuzzing', () => {
  it('round-trips arbitrary valid documents through the writer and every backend', () => {
    fc.assert(
      fc.property(valid, ([format, packages]) => {
        const bytes = writeIFP(packages, { format });
        for (const backend of ['js', 'simd', 'scalar'] as const) {
          const reader = new IFPReader(bytes, { backend, strict: true });
          // Float key times may be generated infinite or NaN: that, and only that, is reported.
          const nonFinite = packages.some((p) =>
            p.animations.some((a) => a.bones.some((b) => !b.compressed && Array.from(b.times).some((t) => !Number.isFinite(t)))),
          );
          expect(reader.warnings.map((w) => w.code)).toEqual(nonFinite ? ['non-finite-time'] : []);
          expect(snapshot(reader)).toEqual(expected(packages, format));
        }
      }),
      fuzzOptions(300),
    );
  });

  it('decodes mutated files or throws a DecodeError: bit flips, overwrites, cuts, huge counts, stray offsets, overlapping sizes', () => {
    const cases = valid.chain(([format, packages]) => {
      const bytes = writeIFP(packages, { format });
      return fc.tuple(
        fc.constant(bytes),
        fc.array(mutations(ifpFields(bytes)), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.constantFrom('js', 'simd', 'scalar' as const),
      );
    });
    fc.assert(
      fc.property(cases, ([bytes, list, strict, backend]) => {
        survives('IFP', applyAll(bytes, list), (mutated) => decodeAll(mutated, { strict, backend: backend as 'js' }));
      }),
      fuzzOptions(3000),
    );
  });

  it('an IFPDecoder gives what the owning reader gives on mutated files (or the same error), reading them in place or not, across resets and new memories', () => {
    const decoders = new Map<string, IFPDecoder>();
    const outcome = (decode: () => IFPReader) => {
      try {
        const reader = decode();
        return { snapshot: snapshot(reader), warnings: reader.warnings };
      } catch (error) {
        if (error instanceof DecodeError) return { error: [error.code, error.offset] };
        throw error;
      }
    };
    const cases = valid.chain(([format, packages]) => {
      const bytes = writeIFP(packages, { format });
      return fc.tuple(
        fc.constant(bytes),
        fc.array(mutations(ifpFields(bytes)), { maxLength: 3 }),
        fc.boolean(),
        fc.constantFrom('js', 'simd', 'scalar' as const),
        fc.boolean(),
        fc.nat(9),
      );
    });
    fc.assert(
      fc.property(cases, ([bytes, list, strict, backend, inPlace, resetRoll]) => {
        const mutated = applyAll(bytes, list);
        const key = `${backend} ${strict}`;
        if (!decoders.has(key)) decoders.set(key, new IFPDecoder({ backend, strict, initialBytes: 64 }));
        const decoder = decoders.get(key)!;
        if (resetRoll === 0) decoder.reset();
        const expected = outcome(() => new IFPReader(mutated, { strict, backend }));
        const actual = outcome(() => {
          const input = inPlace ? decoder.allocateInput(mutated.length) : mutated;
          if (inPlace) input.set(mutated);
          return decoder.decode(input);
        });
        expect(actual).toEqual(expected);
      }),
      fuzzOptions(1500),
    );
  });
});
