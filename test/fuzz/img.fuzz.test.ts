import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMGArchive, writeIMG } from '../../src/index.js';
import { applyAll, imgEntries, mutations } from './arbitraries.js';
import { imgFields } from './fields.js';
import { fuzzOptions, survives } from './harness.js';

describe('IMG under fuzzing', () => {
  it('round-trips arbitrary entries', () => {
    fc.assert(
      fc.property(imgEntries, (entries) => {
        const archive = new IMGArchive(writeIMG(entries));
        expect(archive.entries.map((e) => e.name)).toEqual(entries.map((e) => e.name));
        entries.forEach((entry, i) => {
          const data = archive.read(archive.entries[i]!);
          expect(Array.from(data.subarray(0, entry.data.length))).toEqual(Array.from(entry.data));
          expect(data.length).toBe(Math.ceil(entry.data.length / 2048) * 2048);
        });
      }),
      fuzzOptions(200),
    );
  });

  it('reads mutated archives, and every entry, or throws a DecodeError', () => {
    const cases = imgEntries.chain((entries) => {
      const bytes = writeIMG(entries);
      return fc.tuple(fc.constant(bytes), fc.array(mutations(imgFields(bytes)), { minLength: 1, maxLength: 3 }));
    });
    fc.assert(
      fc.property(cases, ([bytes, list]) => {
        survives('IMG', applyAll(bytes, list), (mutated) => {
          const archive = new IMGArchive(mutated);
          for (const entry of archive.entries) {
            survives('IMG', mutated, () => archive.read(entry)); // each entry fails alone, if at all
          }
          // v1 reading of the same bytes as a directory must hold too.
          IMGArchive.fromDir(mutated.subarray(8), mutated);
        });
      }),
      fuzzOptions(2000),
    );
  });
});
