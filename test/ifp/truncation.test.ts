import { describe, expect, it } from 'vitest';
import { DecodeError, IFPReader } from '../../src/index.js';
import { fixture, fixtureNames } from '../helpers/files.js';

describe('truncating a fixture at every byte', () => {
  for (const name of fixtureNames('.ifp')) {
    it(`${name}: a DecodeError, or a result that says what it lost`, () => {
      const bytes = fixture(name);
      const full = new IFPReader(bytes);
      const packageEnds = new Set(full.packages.map((p) => p.byteOffset + p.byteLength));
      const dataEnd = Math.max(...packageEnds);
      for (let length = 0; length < bytes.length; length++) {
        for (const strict of [false, true]) {
          let reader: IFPReader;
          try {
            reader = new IFPReader(bytes.subarray(0, length), { strict, backend: length % 2 ? 'js' : 'simd' });
          } catch (error) {
            if (!(error instanceof DecodeError)) throw new Error(`${name} cut at ${length}: ${String(error)}`);
            continue;
          }
          // A silent success is only right where nothing was cut: at a package end, or in padding/garbage.
          if (reader.warnings.length === 0) {
            expect(packageEnds.has(length) || length >= dataEnd, `${name} cut at ${length} decoded silently`).toBe(true);
          }
        }
      }
    });
  }
});
