// Cutscene camera paths (src/camera/): the format added by following the README's checklist.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CameraPathReader, DecodeError, writeCameraPath, type CameraPathData } from '../../src/index.js';
import { findPresentation } from '../../src/cli/present/index.js';
import { decodeErrorOf } from '../helpers/errors.js';
import { fixture } from '../helpers/files.js';

const text = (s: string) => new TextEncoder().encode(s);

describe('cutscene camera paths', () => {
  it('reads the fixture: four channels, their keys and values as f32', () => {
    const path = new CameraPathReader(fixture('camera-path.dat'));
    expect(Array.from(path.zoom.times)).toEqual([0, 1.5, 2]);
    expect(Array.from(path.zoom.values)).toEqual([70, 55.5, 45]);
    expect(Array.from(path.roll.values)).toEqual([0, -3.25]);
    expect(Array.from(path.position.values)).toEqual([1, 2, 3, 4.5, 2.25, 3.125, 8, -1, 2.5]);
    expect(Array.from(path.target.values)).toEqual([0, 0, 1, Math.fround(0.1), Math.fround(0.2), Math.fround(1.3)]);
    expect(path.duration).toBe(2);
    expect(path.warnings).toEqual([]);
  });

  it('takes the layouts real files use: keys on one line or many, spaces or none, CRLF or LF', () => {
    const path = new CameraPathReader(text('1\n0.5,60,\n;1\n0,0,;\n1 0 1 2 3 ;\n1,\r\n0,4,5,6,\r\n;'));
    expect([path.zoom.times[0], path.zoom.values[0], ...path.position.values, ...path.target.values]).toEqual([0.5, 60, 1, 2, 3, 4, 5, 6]);
  });

  it('writes what it reads, byte for byte for its own files, and any path back to the same f32 values', () => {
    const bytes = fixture('camera-path.dat');
    expect(writeCameraPath(new CameraPathReader(bytes))).toEqual(bytes);
    const channel = (width: 1 | 3) =>
      fc
        .array(
          fc.tuple(
            fc.float({ noNaN: true, noDefaultInfinity: true }),
            fc.array(fc.float({ noNaN: true, noDefaultInfinity: true }), { minLength: width, maxLength: width }),
          ),
          { maxLength: 6 },
        )
        .map((keys) => ({
          times: Float32Array.from(keys, ([t]) => t),
          values: Float32Array.from(keys.flatMap(([, v]) => v)),
          width,
        }));
    fc.assert(
      fc.property(fc.record({ zoom: channel(1), roll: channel(1), position: channel(3), target: channel(3) }), (path: CameraPathData) => {
        const back = new CameraPathReader(writeCameraPath(path));
        for (const name of ['zoom', 'roll', 'position', 'target'] as const) {
          expect(Array.from(back[name].times)).toEqual(Array.from(path[name].times));
          expect(Array.from(back[name].values)).toEqual(Array.from(path[name].values));
        }
      }),
    );
  });

  it.each([
    ['a missing section', '0;0;0;', 'truncated', 6],
    ['a count larger than the keys', '2\n0,1,\n;0;0;0;', 'count-exceeds-data', 0],
    ['numbers left over', '1\n0,1,2,\n;0;0;0;', 'bad-count', 6],
    ['a negative count', '-1;0;0;0;', 'bad-count', 0],
    ['a word where a number belongs', '1\n0,abc,\n;0;0;0;', 'bad-number', 4],
  ])('%s is a DecodeError (CAM, %s) at the token', (_what, input, code, offset) => {
    expect(decodeErrorOf(() => new CameraPathReader(text(input)))).toMatchObject({ format: 'CAM', code, offset });
  });

  it('keeps what follows the four sections as a warning, and bounds its work by the input', () => {
    expect(new CameraPathReader(text('0;0;0;0;junk')).warnings).toMatchObject([{ code: 'trailing-bytes', offset: 8 }]);
    // A huge count is refused before anything is allocated.
    expect(decodeErrorOf(() => new CameraPathReader(text('999999999;0;0;0;')))).toMatchObject({ code: 'count-exceeds-data' });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        try {
          new CameraPathReader(bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(DecodeError);
        }
      }),
    );
  });

  it('is in the registry: found by its extension, printed by the tools', () => {
    const shown = findPresentation(fixture('camera-path.dat'), 'bcesar2.dat')!;
    expect(shown.format.name).toBe('CAM');
    expect(shown.summary(shown.format.open(fixture('camera-path.dat')))).toBe(
      'camera path: 3 zoom keys, 2 roll keys, 3 position keys, 2 target keys, 2 s',
    );
  });
});
