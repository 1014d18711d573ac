// "Hostile input, round two", playback items: bad hierarchies and weights are RangeErrors, zero-copy
// clips sample the same on every backend after their input changes, non-finite key times are reported.
import { describe, expect, it } from 'vitest';
import {
  blendPoses,
  createPose,
  createSkeleton,
  IFFReader,
  IFPReader,
  poseToMatrices,
  sampleClip,
  skinningMatrices,
  writeIFF,
  writeIFP,
} from '../../src/index.js';
import { animationOf, aboutZ } from '../playback/helpers.js';

const clip = animationOf([
  { times: [0, 1], rotations: [...aboutZ(0), ...aboutZ(90)] },
  { times: [0, 1], rotations: [...aboutZ(0), ...aboutZ(90)], translations: [0, 1, 0, 0, 2, 0] },
]);
const pose = createPose(clip);
sampleClip(clip, 0.5, pose, { backend: 'js' });

describe('poseToMatrices and skinningMatrices on bad input', () => {
  it.each([
    ['NaN parent', [-1, Number.NaN]],
    ['fractional parent', [-1, 0.5]],
    ['parent out of range', [-1, 2]],
    ['too many parents', [-1, 0, 0]],
    ['too few parents', [-1]],
    ['a cycle', [1, 0]],
    ['its own parent', [-1, 1]],
  ])('%s: a RangeError with a message', (_what, parents) => {
    expect(() => poseToMatrices(pose, parents as number[])).toThrow(RangeError);
  });

  it('reads the parents on every call: editing the array in place changes the result', () => {
    const parents = [-1, -1];
    const apart = poseToMatrices(pose, parents).slice();
    parents[1] = 0;
    const chained = poseToMatrices(pose, parents);
    expect(Array.from(chained.subarray(16))).not.toEqual(Array.from(apart.subarray(16)));
    parents[1] = 1;
    expect(() => poseToMatrices(pose, parents)).toThrow(/own parent/);
  });

  it('skinningMatrices checks its sizes', () => {
    const world = poseToMatrices(pose, [-1, 0]);
    expect(() => skinningMatrices(world, new Float32Array(16))).toThrow(RangeError);
    expect(() => skinningMatrices(world.subarray(0, 20), new Float32Array(32))).toThrow(RangeError);
    const noBinds = createSkeleton({ names: ['a', 'b'], parents: [-1, 0] });
    expect(() => skinningMatrices(world, noBinds)).toThrow(/no inverse bind/);
  });

  it('builds proper rotations from non-unit quaternions', () => {
    const scaled = createPose(clip);
    scaled.rotations.set([0, 0, 0.5, 0.5, 0, 0, 0, 3]);
    const world = poseToMatrices(scaled, [-1, 0]);
    // 90 degrees about Z, unscaled: the columns are unit length.
    expect(world[0]).toBeCloseTo(0, 6);
    expect(world[1]).toBeCloseTo(1, 6);
    expect(Math.hypot(world[4]!, world[5]!, world[6]!)).toBeCloseTo(1, 6);
  });
});

describe('blendPoses weights', () => {
  const a = createPose(clip);
  const b = createPose(clip);
  sampleClip(clip, 0, a, { backend: 'js' });
  sampleClip(clip, 1, b, { backend: 'js' });
  const out = createPose(clip);

  it('huge equal weights blend half and half, as weights 1 and 1 do', () => {
    const expected = Array.from(
      blendPoses(createPose(clip), [
        { pose: a, weight: 1 },
        { pose: b, weight: 1 },
      ]).rotations,
    );
    expect(
      Array.from(
        blendPoses(out, [
          { pose: a, weight: 1e308 },
          { pose: b, weight: 1e308 },
        ]).rotations,
      ),
    ).toEqual(expected);
    expect(
      Array.from(
        blendPoses(out, [
          { pose: a, weight: 1e308, mask: [1e308, 1e308] },
          { pose: b, weight: 1e308, mask: [1e308, 1e308] },
        ]).rotations,
      ),
    ).toEqual(expected);
    expect(Array.from(out.translations).every(Number.isFinite)).toBe(true);
  });

  it.each([Number.NaN, -1, Infinity, -Infinity])('weight %s is a RangeError', (weight) => {
    expect(() =>
      blendPoses(out, [
        { pose: a, weight: 1 },
        { pose: b, weight },
      ]),
    ).toThrow(RangeError);
    expect(() => blendPoses(out, [{ pose: a, weight: 1, mask: [1, weight] }])).toThrow(RangeError);
  });
});

describe('the wasm sampler and zero-copy clips', () => {
  it('samples the current input bytes on every backend after they change', () => {
    const bytes = writeIFF({
      duration: 1,
      sampleRate: 1,
      frameCount: 2,
      parents: [-1],
      inverseBindMatrices: new Float32Array(16),
      tracks: [{ rotations: Float32Array.from([...aboutZ(0), ...aboutZ(90)]) }],
    });
    const reader = new IFFReader(bytes);
    expect(reader.zeroCopy).toBe(true);
    const wasm = createPose(reader);
    const js = createPose(reader);
    sampleClip(reader, 0.5, wasm);
    // Change the last key in the input: the clip's views see it, and so must every sampler.
    new Float32Array(reader.tracks[0]!.rotations.buffer, reader.tracks[0]!.rotations.byteOffset, 8).set(aboutZ(180), 4);
    expect(sampleClip(reader, 0.5, wasm)).not.toBe('js');
    sampleClip(reader, 0.5, js, { backend: 'js' });
    expect(Array.from(wasm.rotations)).toEqual(Array.from(js.rotations));
    expect(wasm.rotations[2]).toBeCloseTo(Math.sin(Math.PI / 4), 6);
  });
});

describe('non-finite key times', () => {
  const withTimes = (times: number[]) => {
    const rotations = Float32Array.from(times.flatMap((_, k) => aboutZ(30 * k)));
    const bytes = writeIFP(
      [
        {
          name: 'p',
          animations: [
            {
              name: 'a',
              bones: [
                {
                  boneName: 'b',
                  boneId: 0,
                  keyframeType: 'KR00',
                  compressed: false,
                  times: Float32Array.from(times),
                  rotations,
                  translations: null,
                  scales: null,
                },
              ],
            },
          ],
        },
      ],
      { format: 'ANP3' },
    );
    return new IFPReader(bytes);
  };

  it('are reported once as non-finite-time, naming the first', () => {
    const reader = withTimes([0, 1, Infinity]);
    expect(reader.warnings).toEqual([
      {
        code: 'non-finite-time',
        offset: expect.any(Number),
        message: expect.stringContaining('1 key times are infinite or NaN (first: animation "a", bone "b", key 2: Infinity)'),
      },
    ]);
    expect(withTimes([0, 1, 2]).warnings).toEqual([]);
  });

  it('sample to finite values, the same on every backend, looping or not', () => {
    for (const times of [
      [0, 1, Infinity],
      [-Infinity, 0, 1],
      [0, Infinity],
    ]) {
      const animation = withTimes(times).animations[0]!;
      for (const time of [-1, 0, 0.5, 1, 5, Infinity]) {
        for (const loop of [false, true]) {
          const results = (['js', 'scalar', 'simd'] as const).map((backend) => {
            const p = createPose(animation);
            sampleClip(animation, time, p, { backend, loop });
            return Array.from(p.rotations);
          });
          expect(results[0]!.every(Number.isFinite), `${times} at ${time}`).toBe(true);
          expect(results[1]).toEqual(results[0]);
          expect(results[2]).toEqual(results[0]);
        }
      }
    }
  });
});
