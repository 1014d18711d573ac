// Camera paths under fuzzing: generated paths, their text mutated (bytes flipped, words replaced by
// huge counts, long numbers, runs of words), read or refused with a DecodeError, in bounded memory;
// and the texts a read builds follow the keys it keeps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanCounts } from '../../src/camera/tokens.js';
import { CameraPathReader, writeCameraPath, type CameraPathData } from '../../src/index.js';
import { applyAll, mutations, type Mutation } from './arbitraries.js';
import { fuzzOptions, survives } from './harness.js';

const finite = fc.float({ noNaN: true, noDefaultInfinity: true });
const channel = (width: 1 | 3) =>
  fc.array(fc.array(finite, { minLength: 1 + width, maxLength: 1 + width }), { maxLength: 8 }).map((keys) => ({
    times: Float32Array.from(keys, (k) => k[0]!),
    values: Float32Array.from(keys.flatMap((k) => k.slice(1))),
    width,
  }));
const paths: fc.Arbitrary<CameraPathData> = fc.record({ zoom: channel(1), roll: channel(1), position: channel(3), target: channel(3) });

/** Text a hostile file might hold where a word was, or between two. */
const pieces = fc.constantFrom(
  '999999999',
  '4294967295',
  '1e999',
  '-1',
  '1.5',
  ';',
  ',',
  '\0',
  'abc',
  '1.5.5',
  '+.e5',
  `${'0'.repeat(100)}1.5`,
  '7'.repeat(5000),
  ' '.repeat(3000),
  '1 '.repeat(3000),
  ';;;;',
  '\r\n',
);
const insertions = fc.tuple(fc.nat(), pieces, fc.nat({ max: 8 })).map(
  ([p, piece, cut]): Mutation =>
    (bytes) => {
      const at = p % (bytes.length + 1);
      const text = new TextEncoder().encode(piece);
      const out = new Uint8Array(bytes.length + text.length - Math.min(cut, bytes.length - at));
      out.set(bytes.subarray(0, at));
      out.set(text, at);
      out.set(bytes.subarray(at + Math.min(cut, bytes.length - at)), at + text.length);
      return out;
    },
);
const textMutations = fc.oneof(mutations([]), insertions);

describe('camera paths under fuzzing', () => {
  it('reads mutated paths or throws a DecodeError; the texts built are the numbers kept plus the four counts', () => {
    const cases = paths.chain((path) =>
      fc.tuple(fc.constant(writeCameraPath(path)), fc.array(textMutations, { minLength: 1, maxLength: 4 })),
    );
    fc.assert(
      fc.property(cases, ([bytes, list]) => {
        const mutated = applyAll(bytes, list);
        const before = scanCounts.texts;
        let read: CameraPathReader | undefined;
        survives('CAM', mutated, (input) => (read = new CameraPathReader(input)));
        const built = scanCounts.texts - before;
        if (read) {
          const kept = [read.zoom, read.roll, read.position, read.target].reduce((n, c) => n + c.times.length + c.values.length, 0);
          expect(built).toBe(4 + kept);
        } else expect(built).toBeLessThanOrEqual(mutated.length / 2 + 1); // at most every word once
      }),
      fuzzOptions(2000),
    );
  });
});
