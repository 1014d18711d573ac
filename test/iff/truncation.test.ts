import { describe, expect, it } from 'vitest';
import { DecodeError, IFFReader } from '../../src/index.js';
import { fixture, fixtureNames } from '../helpers/files.js';

describe('truncating an ANM2 fixture at every byte', () => {
  for (const name of fixtureNames('.iff')) {
    it(`${name}: always a DecodeError naming format IFF`, () => {
      const bytes = fixture(name);
      for (let length = 0; length < bytes.length; length++) {
        let error: unknown;
        try {
          new IFFReader(bytes.subarray(0, length));
        } catch (e) {
          error = e;
        }
        // The FORM size always claims the full length, so every cut is an overrun, never a silent success.
        expect(error, `cut at ${length}`).toBeInstanceOf(DecodeError);
        expect((error as DecodeError).format).toBe('IFF');
      }
    });
  }
});
