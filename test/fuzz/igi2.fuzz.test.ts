import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPose, DecodeError, IGI2ClipReader, IGI2Decoder, IGI2ModelReader, sampleClip, writeIGI2Clip } from '../../src/index.js';
import { bits, fixture, sample, samplesPresent } from '../helpers/files.js';
import { applyAll, igi2Docs, mutations } from './arbitraries.js';
import { ilffFields } from './fields.js';
import { fuzzOptions, survives } from './harness.js';

/** Everything a clip hands out, touched, and sampled once. */
function readAll(bytes: Uint8Array, strict: boolean): void {
  const clip = new IGI2ClipReader(bytes, { strict });
  for (const track of clip.tracks) void track.rotations.length;
  if (clip.boneCount < 4096) sampleClip(clip, clip.duration / 2, createPose(clip), { loop: clip.looping });
}

describe('IGI 2 under fuzzing', () => {
  it('round-trips generated clips through writeIGI2Clip, byte for byte on the second write', () => {
    fc.assert(
      fc.property(igi2Docs, (doc) => {
        const bytes = writeIGI2Clip(doc);
        const clip = new IGI2ClipReader(bytes, { strict: true });
        expect(clip.warnings).toEqual([]);
        expect(clip.tracks.map((t) => Array.from(t.rotationTicks))).toEqual(doc.tracks.map((t) => Array.from(t.rotationTicks)));
        expect(clip.triggers.length).toBe(doc.triggers!.length);
        expect(Buffer.from(writeIGI2Clip(clip)).equals(Buffer.from(bytes))).toBe(true);
      }),
      fuzzOptions(300),
    );
  });

  it('reads mutated clips (made by the writer) or throws a DecodeError', () => {
    const cases = igi2Docs.chain((doc) => {
      const bytes = writeIGI2Clip(doc);
      return fc.tuple(fc.constant(bytes), fc.array(mutations(ilffFields(bytes)), { minLength: 1, maxLength: 3 }), fc.boolean());
    });
    fc.assert(
      fc.property(cases, ([bytes, list, strict]) => survives('ILFF', applyAll(bytes, list), (mutated) => readAll(mutated, strict))),
      fuzzOptions(2000),
    );
  });

  it('reads mutated retail clips, models and the fixture, or throws a DecodeError', () => {
    const files = [
      fixture('igi2-3bone.iff'),
      ...(samplesPresent ? ['igi2/push_button_1st_pers.iff', 'igi2/fire_pullpin_flashbang_1st.iff', 'igi2/005_01_1.mef'].map(sample) : []),
    ];
    const cases = fc
      .constantFrom(...files)
      .chain((bytes) => fc.tuple(fc.constant(bytes), fc.array(mutations(ilffFields(bytes)), { minLength: 1, maxLength: 3 }), fc.boolean()));
    fc.assert(
      fc.property(cases, ([bytes, list, strict]) =>
        survives('ILFF', applyAll(bytes, list), (mutated) =>
          String.fromCharCode(...mutated.subarray(16, 20)) === 'OCEM' ? new IGI2ModelReader(mutated) : readAll(mutated, strict),
        ),
      ),
      fuzzOptions(500),
    );
  });

  it('an IGI2Decoder gives what the owning reader gives on mutated clips (or the same error), across resets and new buffers', () => {
    const decoders = [new IGI2Decoder({ initialBytes: 64 }), new IGI2Decoder({ strict: true, initialBytes: 64 })];
    const outcome = (decode: () => IGI2ClipReader) => {
      try {
        const clip = decode();
        const keys = [...clip.tracks, ...clip.wrapKeys.tracks].map((t) => [
          Array.from(t.rotationTicks),
          bits(t.rotations),
          bits(t.inTangents),
          bits(t.outTangents),
          bits(t.positions),
        ]);
        return { keys, warnings: clip.warnings, triggers: clip.triggers };
      } catch (error) {
        if (error instanceof DecodeError) return { error: [error.code, error.offset] };
        throw error;
      }
    };
    const cases = igi2Docs.chain((doc) => {
      const bytes = writeIGI2Clip(doc);
      return fc.tuple(fc.constant(bytes), fc.array(mutations(ilffFields(bytes)), { maxLength: 3 }), fc.boolean(), fc.nat(9));
    });
    fc.assert(
      fc.property(cases, ([bytes, list, strict, resetRoll]) => {
        const mutated = applyAll(bytes, list);
        const decoder = decoders[strict ? 1 : 0]!;
        if (resetRoll === 0) decoder.reset();
        expect(outcome(() => decoder.decode(mutated))).toEqual(outcome(() => new IGI2ClipReader(mutated, { strict })));
      }),
      fuzzOptions(1000),
    );
  });
});
