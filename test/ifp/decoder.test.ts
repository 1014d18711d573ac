import { describe, expect, it } from 'vitest';
import { IFPDecoder, IFPReader, writeIFP } from '../../src/index.js';
import { bits, fixture, fixtureNames, sample, SAMPLES } from '../helpers/files.js';
import { itWith } from '../helpers/needs.js';

const snapshot = (reader: IFPReader) =>
  reader.animations.map((a) => [
    a.name,
    a.duration,
    a.bones.map((b) => [b.boneName, bits(b.times), bits(b.rotations), bits(b.translations), bits(b.scales)]),
  ]);

describe('IFPDecoder: decoding into memory the caller owns', () => {
  it('gives the same values as the owning reader, on every backend and fixture', () => {
    for (const backend of ['simd', 'scalar', 'js'] as const) {
      const decoder = new IFPDecoder({ backend, initialBytes: 256 });
      for (const name of fixtureNames('.ifp')) {
        const expected = snapshot(new IFPReader(fixture(name), { backend }));
        expect(snapshot(decoder.decode(fixture(name))), `${backend} ${name}`).toEqual(expected);
      }
    }
  });

  it('reuses its memory after a reset: the same memory, no new allocation, on every backend', () => {
    for (const backend of ['simd', 'scalar', 'js'] as const) {
      const decoder = new IFPDecoder({ backend, initialBytes: 1 << 16 });
      const first = decoder.decode(fixture('anp3-all-types.ifp'));
      const buffer = first.animations[0]!.bones[0]!.rotations.buffer;
      const capacity = decoder.capacityBytes;
      expect(decoder.usedBytes).toBeGreaterThan(0);
      decoder.reset();
      expect(decoder.usedBytes).toBe(0);
      const second = decoder.decode(fixture('anp3-all-types.ifp'));
      expect(second.animations[0]!.bones[0]!.rotations.buffer).toBe(buffer);
      expect(decoder.capacityBytes).toBe(capacity);
    }
  });

  it('reads a file from allocateInput where it is, and frees it with the readers at a reset', () => {
    for (const backend of ['simd', 'scalar', 'js'] as const) {
      const decoder = new IFPDecoder({ backend });
      const file = fixture('anp3-all-types.ifp');
      const input = decoder.allocateInput(file.length);
      input.set(file);
      const reader = decoder.decode(input);
      expect(snapshot(reader), backend).toEqual(snapshot(new IFPReader(file, { backend })));
      // One memory holds the input and the decoded arrays; the decode did not write into the input.
      expect(reader.animations[0]!.bones[0]!.rotations.buffer).toBe(input.buffer);
      expect(Array.from(input)).toEqual(Array.from(file));
      decoder.reset();
      expect(decoder.usedBytes).toBe(0);
    }
    expect(() => new IFPDecoder().allocateInput(-1)).toThrow(RangeError);
  });

  it('a reader or animation kept after a reset throws a clear error when used: never silent garbage', () => {
    const decoder = new IFPDecoder();
    const reader = decoder.decode(fixture('anp3-all-types.ifp'));
    const animation = reader.animations[0]!;
    decoder.reset();
    decoder.decode(fixture('anpk-all-keys.ifp')); // reuses the memory the old reader viewed
    for (const use of [
      () => reader.packages,
      () => reader.animations,
      () => reader.getAnimation('Odd_Times'),
      () => reader.keyframeCount,
      () => animation.bones,
      () => animation.duration,
      () => animation.keyframeCount,
    ]) {
      expect(use).toThrow(/decoder\.reset\(\)/);
    }
  });

  it('a decode larger than the buffer moves to a bigger one; readers made before keep their values', () => {
    const decoder = new IFPDecoder({ initialBytes: 64 });
    const small = decoder.decode(fixture('anp2-basic.ifp'));
    const before = snapshot(small);
    decoder.decode(fixture('multi-package-trailing.ifp'));
    expect(decoder.capacityBytes).toBeGreaterThan(64);
    expect(snapshot(small)).toEqual(before);
  });

  it('views taken out before a reset are empty, never garbage, once the memory grows after the reset', () => {
    const decoder = new IFPDecoder({ initialBytes: 64 });
    const rotations = decoder.decode(fixture('anp2-basic.ifp')).animations[0]!.bones[0]!.rotations;
    expect(rotations.length).toBeGreaterThan(0);
    decoder.reset();
    const frames = 20000;
    const large = writeIFP(
      [
        {
          name: 'p',
          animations: [
            {
              name: 'long',
              bones: [
                {
                  boneName: 'b',
                  boneId: 0,
                  keyframeType: 'KR00',
                  compressed: true,
                  times: Float32Array.from({ length: frames }, (_, i) => i / 60),
                  rotations: new Float32Array(4 * frames).fill(0.5),
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
    const capacity = decoder.capacityBytes;
    decoder.decode(large); // far larger: the memory grows in place, nothing being in use
    expect(decoder.capacityBytes).toBeGreaterThan(capacity);
    expect(rotations.length).toBe(0);
  });

  it('views taken out before a reset are plain views: they show what the decoder writes next (the documented rule)', () => {
    const decoder = new IFPDecoder();
    const rotations = decoder.decode(fixture('anp3-all-types.ifp')).animations[0]!.bones[0]!.rotations;
    const kept = rotations.slice();
    decoder.reset();
    // Enough later decodes to cover the place the old view looks at.
    for (let i = 0; i < 10; i++) decoder.decode(fixture('anpk-all-keys.ifp'));
    expect(Array.from(rotations)).not.toEqual(Array.from(kept));
  });

  itWith([SAMPLES])('decodes every real sample as the owning reader does', () => {
    const decoder = new IFPDecoder();
    for (const name of ['rwparserng_ped_anp3.ifp', 'sa_python_anp3.ifp', 'sa_grenade_anp3.ifp', 'iii_pcanims_ped_anpk.ifp']) {
      decoder.reset();
      expect(snapshot(decoder.decode(sample(name))), name).toEqual(snapshot(new IFPReader(sample(name))));
    }
  });

  it('rejects a bad initial size', () => {
    expect(() => new IFPDecoder({ initialBytes: -1 })).toThrow(RangeError);
  });
});
