import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IFFReader, writeIFF } from '../../src/index.js';
import { bits } from '../helpers/files.js';
import { applyAll, iffClips, mutations } from './arbitraries.js';
import { iffFields } from './fields.js';
import { fuzzOptions, survives } from './harness.js';

describe('FORM/ANM2 under fuzzing', () => {
  it('round-trips arbitrary valid clips, at aligned and odd offsets', () => {
    fc.assert(
      fc.property(iffClips, fc.boolean(), (clip, odd) => {
        const bytes = writeIFF(clip);
        const input = odd
          ? (() => {
              const b = new Uint8Array(bytes.length + 1);
              b.set(bytes, 1);
              return b.subarray(1);
            })()
          : bytes;
        const reader = new IFFReader(input);
        expect([reader.frameCount, reader.sampleRate, reader.boneCount]).toEqual([clip.frameCount, clip.sampleRate, clip.parents.length]);
        expect(Array.from(reader.parents)).toEqual(Array.from(clip.parents));
        expect(bits(reader.inverseBindMatrices)).toEqual(bits(clip.inverseBindMatrices));
        expect(reader.tracks.map((t) => bits(t.rotations))).toEqual(clip.tracks.map((t) => bits(t.rotations)));
        expect(bits(reader.rootMotion)).toEqual(bits(clip.rootMotion ?? null));
        expect(reader.unknownChunks.map((c) => [c.id, Array.from(c.data)])).toEqual(
          clip.unknownChunks!.map((c) => [c.id, Array.from(c.data)]),
        );
        expect(Buffer.from(writeIFF(reader)).equals(Buffer.from(bytes))).toBe(true);
      }),
      fuzzOptions(300),
    );
  });

  it('reads mutated clips or throws a DecodeError', () => {
    const cases = iffClips.chain((clip) => {
      const bytes = writeIFF(clip);
      return fc.tuple(fc.constant(bytes), fc.array(mutations(iffFields(bytes)), { minLength: 1, maxLength: 3 }));
    });
    fc.assert(
      fc.property(cases, ([bytes, list]) => {
        survives('IFF', applyAll(bytes, list), (mutated) => {
          const reader = new IFFReader(mutated);
          reader.hierarchyOrder();
          for (const track of reader.tracks) if (track.rotations.length !== 4 * reader.frameCount) throw new Error('inconsistent track');
        });
      }),
      fuzzOptions(2000),
    );
  });
});
