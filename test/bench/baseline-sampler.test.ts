import { describe, expect, it } from 'vitest';
import { createPoseBatch, IFPReader, sampleBatch } from '../../src/index.js';
import { baselineClip, BaselinePoseSampler } from '../../bench/baseline-sampler.js';
import { fixture } from '../helpers/files.js';

describe("the crowd row's baseline sampler (the pose sampler before issue #16)", () => {
  it('samples a crowd as the current sampler does, within 1e-6 (acos and sin then, the series now)', () => {
    const animations = new IFPReader(fixture('anp3-all-types.ifp')).animations;
    const clips = Array.from({ length: 40 }, (_, i) => animations[i % animations.length]!);
    const times = Float64Array.from(clips, (clip, i) => (i * 0.137) % (clip.duration + 0.5));
    const ours = createPoseBatch(clips);
    const theirs = createPoseBatch(clips);
    sampleBatch(ours, times, { loop: true, backend: 'simd' });
    new BaselinePoseSampler().sampleBatch(
      theirs,
      clips.map((clip) => baselineClip(clip)),
      times,
      true,
    );
    expect(theirs.rotations.some((value) => value !== 0)).toBe(true);
    theirs.rotations.forEach((value, i) => expect(Math.abs(value - ours.rotations[i]!)).toBeLessThanOrEqual(1e-6));
    expect(theirs.translations).toEqual(ours.translations);
  });
});
