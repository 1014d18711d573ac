// The pose sampler's wasm memory has an owner: a sampler's dispose() lets it go, and the library's
// count of the wasm memory it holds (wasmMemoryUsage, src/core/wasm-memory.ts) says so. Counted in
// bytes, not time. Also: the batch path (instance records built in JavaScript and copied in) gives
// bit for bit what the TypeScript sampler gives, on every build.
import { describe, expect, it } from 'vitest';
import { kernelModule } from '../../src/core/wasm-kernel.js';
import { wasmMemoryUsage } from '../../src/core/wasm-memory.js';
import {
  IFFReader,
  IFPReader,
  createPoseBatch,
  disposePoseSamplers,
  resetPoseSamplers,
  sampleBatch,
  sampleClip,
  createPose,
} from '../../src/index.js';
import { clipTracks } from '../../src/playback/clip.js';
import { PoseSampler } from '../../src/playback/sampler-wasm.js';
import { bits, fixture } from '../helpers/files.js';

const ifp = new IFPReader(fixture('anp3-all-types.ifp'));
const clip = ifp.animations[0]!;

describe('the pose sampler memory', () => {
  it('is back where it started after 1,000 samplers are created, used and disposed', () => {
    const module = kernelModule('scalar', 'pose')!;
    const tracks = clipTracks(clip);
    const bones = tracks.tracks.length;
    const rotations = new Float32Array(4 * bones);
    const translations = new Float32Array(3 * bones);
    const before = wasmMemoryUsage();
    let most = 0;
    for (let i = 0; i < 1000; i++) {
      const sampler = new PoseSampler(module);
      // Uploads the clip into the sampler's memory, so there is something kept to let go.
      expect(sampler.sample({ clips: [tracks], times: [i / 1000], firstBones: [0], loop: true }, bones, rotations, translations)).toBe(
        true,
      );
      most = Math.max(most, wasmMemoryUsage().bytes);
      sampler.dispose();
      expect(sampler.disposed).toBe(true);
    }
    expect(most).toBeGreaterThan(before.bytes);
    expect(wasmMemoryUsage()).toEqual(before);
  });

  it('of a disposed sampler is not used again: sampling with it throws', () => {
    const sampler = new PoseSampler(kernelModule('scalar', 'pose')!);
    sampler.dispose();
    const tracks = clipTracks(clip);
    const n = tracks.tracks.length;
    expect(() =>
      sampler.sample({ clips: [tracks], times: [0], firstBones: [0], loop: false }, n, new Float32Array(4 * n), new Float32Array(3 * n)),
    ).toThrow(/released/);
  });

  it.each([
    ['disposePoseSamplers', disposePoseSamplers],
    ['resetPoseSamplers (deprecated alias)', resetPoseSamplers],
  ])("%s lets the library's samplers go, and sampling afterwards gives the same values", (_, dispose) => {
    dispose();
    const before = wasmMemoryUsage().bytes;
    const first = createPose(clip);
    sampleClip(clip, 0.1, first, { backend: 'simd' });
    sampleClip(clip, 0.1, createPose(clip), { backend: 'scalar' });
    expect(wasmMemoryUsage().bytes).toBeGreaterThan(before);
    dispose();
    expect(wasmMemoryUsage().bytes).toBe(before);
    const again = createPose(clip);
    expect(sampleClip(clip, 0.1, again, { backend: 'simd' })).toBe('simd');
    expect(bits(again.rotations)).toEqual(bits(first.rotations));
  });
});

describe('sampleBatch', () => {
  it('gives bit for bit what the TypeScript sampler gives, on both wasm builds (rotations and translations)', () => {
    const clips = [...ifp.animations, new IFFReader(fixture('anm2-48bone.iff'))];
    const crowd = Array.from({ length: 40 }, (_, i) => clips[i % clips.length]!);
    const times = crowd.map((_, i) => -0.5 + i * 0.137);
    for (const loop of [false, true]) {
      const reference = createPoseBatch(crowd);
      expect(sampleBatch(reference, times, { backend: 'js', loop })).toBe('js');
      for (const backend of ['simd', 'scalar'] as const) {
        const batch = createPoseBatch(crowd);
        expect(sampleBatch(batch, times, { backend, loop })).toBe(backend);
        expect(bits(batch.rotations), `${backend} rotations`).toEqual(bits(reference.rotations));
        expect(bits(batch.translations), `${backend} translations`).toEqual(bits(reference.translations));
      }
    }
  });
});
