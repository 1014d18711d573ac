import { describe, expect, it } from 'vitest';
import { DecodeError, IFPReader } from '../../src/index.js';
import { bits, fixture } from '../helpers/files.js';

/** One ANP3 package: one animation per entry of `frameTypes`, one track each, `frames` int16 keys. */
function anp3(frameTypes: number[], frames: number): Uint8Array {
  const frameBytes = (type: number) => (type === 4 ? 16 : 10);
  const size = 36 + frameTypes.reduce((n, t) => n + 36 + 36 + frames * frameBytes(t), 0);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  bytes.set([0x41, 0x4e, 0x50, 0x33]);
  view.setUint32(4, size - 8, true);
  view.setUint32(32, frameTypes.length, true);
  let at = 36;
  for (const type of frameTypes) {
    view.setUint32(at + 24, 1, true);
    view.setUint32(at + 28, frames * frameBytes(type), true);
    at += 36;
    view.setUint32(at + 24, type, true);
    view.setUint32(at + 28, frames, true);
    at += 36;
    for (let i = 0; i < frames * frameBytes(type); i += 2) view.setInt16(at + i, (i * 7919) & 0x7fff, true);
    at += frames * frameBytes(type);
  }
  return bytes;
}

describe('the wasm boundary', () => {
  it('decodes frames that end exactly at the end of the input (the SIMD load reads past them)', () => {
    for (const type of [3, 4]) {
      // A fresh, exactly sized buffer: nothing after the last frame.
      const bytes = anp3([type], 3);
      const results = (['simd', 'scalar', 'js'] as const).map((backend) => {
        const track = new IFPReader(bytes, { backend }).animations[0]!.bones[0]!;
        return [bits(track.times), bits(track.rotations), bits(track.translations)];
      });
      expect(results[0]).toEqual(results[2]);
      expect(results[1]).toEqual(results[2]);
    }
  });

  it('rejects a track table pointing past the end before any kernel runs', () => {
    const bytes = anp3([3], 3);
    new DataView(bytes.buffer).setUint32(36 + 36 + 28, 4, true); // one frame more than the data holds
    for (const backend of ['simd', 'scalar', 'js'] as const) {
      let error: unknown;
      try {
        new IFPReader(bytes, { backend, strict: true });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DecodeError);
      expect(error).toMatchObject({ code: 'count-exceeds-data', offset: 36 + 36 + 36 });
    }
  });

  it('stays usable after a huge failed decode, and earlier readers keep their values', () => {
    const earlier = new IFPReader(fixture('anp3-all-types.ifp'));
    const before = earlier.animations.map((a) => a.bones.map((b) => bits(b.rotations)));
    // About 70 MB: its wasm work memory outgrows the 64 MB kept between decodes; the last track is broken.
    const huge = anp3([3, 3], 3_500_000);
    const secondTypeAt = 36 + 36 + 36 + 35_000_000 + 36 + 24;
    new DataView(huge.buffer).setUint32(secondTypeAt, 9, true);
    expect(() => new IFPReader(huge, { strict: true })).toThrow(DecodeError);
    const partial = new IFPReader(huge);
    expect(partial.animations.length).toBe(1);
    expect(partial.warnings.map((w) => [w.code, w.offset])).toEqual([['unknown-frame-type', secondTypeAt]]);
    const after = new IFPReader(fixture('anp3-all-types.ifp'), { backend: 'simd' });
    expect(after.animations.map((a) => a.bones.map((b) => bits(b.rotations)))).toEqual(before);
    expect(earlier.animations.map((a) => a.bones.map((b) => bits(b.rotations)))).toEqual(before);
  });
});

describe('a host that refuses wasm memory', () => {
  it('decodes and samples in TypeScript instead of throwing', async () => {
    const { execFileSync } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const code = `
      // Every wasm memory is refused, as in a tab out of address space.
      globalThis.WebAssembly.Memory = function () {
        throw new RangeError('WebAssembly.Memory(): could not allocate memory');
      };
      const { IFPReader, createPose, sampleClip } = await import('gameanim');
      const { readFileSync } = await import('node:fs');
      const results = [];
      for (const file of ['anp3-all-types.ifp', 'anpk-all-keys.ifp']) {
        const reader = new IFPReader(readFileSync('fixtures/' + file), { backend: 'simd' });
        const pose = createPose(reader.animations[0]);
        results.push([reader.backend, reader.animations.length, sampleClip(reader.animations[0], 0.1, pose, { backend: 'simd' })]);
      }
      console.log(JSON.stringify(results));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual([
      ['js', 2, 'js'],
      ['js', 2, 'js'],
    ]);
  });
});
