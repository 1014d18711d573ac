import { describe, expect, it } from 'vitest';
import { IGI2ClipReader, IGI2Decoder, writeIGI2Clip } from '../../src/index.js';
import { bits, fixture, sample, SAMPLES } from '../helpers/files.js';
import { itWith } from '../helpers/needs.js';

const tracksOf = (clip: IGI2ClipReader) =>
  [...clip.tracks, ...clip.wrapKeys.tracks].map((t) => [
    Array.from(t.rotationTicks),
    bits(t.times),
    bits(t.rotations),
    bits(t.inTangents),
    bits(t.outTangents),
    t.positionTicks && Array.from(t.positionTicks),
    bits(t.positions),
  ]);
const retail = ['fire_pullpin_flashbang_1st.iff', 'push_button_1st_pers.iff'];

describe('IGI2Decoder: decoding clips into memory the caller owns', () => {
  it('gives the same keys as the owning reader', () => {
    const decoder = new IGI2Decoder({ initialBytes: 256 });
    const bytes = fixture('igi2-3bone.iff');
    expect(tracksOf(decoder.decode(bytes))).toEqual(tracksOf(new IGI2ClipReader(bytes)));
    // And as a writer round trip sees it.
    expect(Buffer.from(writeIGI2Clip(decoder.decode(bytes))).equals(Buffer.from(bytes))).toBe(true);
  });

  itWith([SAMPLES])('decodes the retail clips as the owning reader does', () => {
    const decoder = new IGI2Decoder();
    for (const name of retail)
      expect(tracksOf(decoder.decode(sample(`igi2/${name}`))), name).toEqual(tracksOf(new IGI2ClipReader(sample(`igi2/${name}`))));
  });

  it('reuses its buffer after a reset, and a decode that does not fit moves to a bigger one without touching older clips', () => {
    const decoder = new IGI2Decoder({ initialBytes: 64 });
    const first = decoder.decode(fixture('igi2-3bone.iff'));
    const before = tracksOf(first);
    const capacity = decoder.capacityBytes;
    for (let i = 0; i < 20; i++) decoder.decode(fixture('igi2-3bone.iff'));
    expect(decoder.capacityBytes).toBeGreaterThan(capacity);
    expect(tracksOf(first)).toEqual(before);
    const buffer = decoder.decode(fixture('igi2-3bone.iff')).tracks[0]!.rotations.buffer;
    decoder.reset();
    expect(decoder.usedBytes).toBe(0);
    expect(decoder.decode(fixture('igi2-3bone.iff')).tracks[0]!.rotations.buffer).toBe(buffer);
  });

  it('a clip kept after a reset throws a clear error when its keys are used; what it owns stays valid', () => {
    const decoder = new IGI2Decoder();
    const clip = decoder.decode(fixture('igi2-3bone.iff'));
    const parents = Array.from(clip.parents);
    decoder.reset();
    decoder.decode(fixture('igi2-3bone.iff'));
    expect(() => clip.tracks).toThrow(/decoder\.reset\(\)/);
    expect(() => clip.wrapKeys).toThrow(/decoder\.reset\(\)/);
    expect(Array.from(clip.parents)).toEqual(parents);
  });

  it('key arrays taken out before a reset are plain views: they show what the decoder writes next', () => {
    const decoder = new IGI2Decoder();
    const ticks = decoder.decode(fixture('igi2-3bone.iff')).tracks[0]!.rotationTicks;
    const kept = ticks.slice();
    decoder.reset();
    // The same clip with every rotation key shifted by a frame.
    const source = new IGI2ClipReader(fixture('igi2-3bone.iff'));
    const other = writeIGI2Clip({
      name: 'shifted',
      looping: source.looping,
      durationTicks: source.durationTicks + 160,
      skeleton: source,
      tracks: source.tracks.map((t) => ({ ...t, rotationTicks: t.rotationTicks.map((k) => k + 160) })),
    });
    decoder.decode(other);
    expect(Array.from(ticks)).not.toEqual(Array.from(kept));
  });

  it('rejects a bad initial size', () => {
    expect(() => new IGI2Decoder({ initialBytes: 1.5 })).toThrow(RangeError);
  });
});
