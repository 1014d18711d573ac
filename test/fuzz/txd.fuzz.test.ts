import fc from 'fast-check';
import { describe, it } from 'vitest';
import { TXDReader, writeTXD, type TextureData } from '../../src/index.js';
import { sample, SAMPLES } from '../helpers/files.js';
import { dictionaryOf, plainTexture } from '../helpers/txd-textures.js';
import { applyAll, mutatedFiles, mutations } from './arbitraries.js';
import { txdFields } from './fields.js';
import { fuzzOptions, survives } from './harness.js';
import { itWith } from '../helpers/needs.js';

/** Everything a reader hands out, touched: every level of every texture decoded. */
function readAll(bytes: Uint8Array): void {
  const txd = new TXDReader(bytes);
  for (const texture of txd.textures) {
    for (let level = 0; level < texture.mipmapCount; level++) {
      const { width, height } = texture.levels[level]!;
      if (texture.rgba(level).length !== width * height * 4) throw new Error('rgba of the wrong size');
    }
  }
}

const texture = (format: 'DXT1' | 'DXT5' | '8888' | 'PAL8' | 'PAL4', width: number, height: number, levels: number): TextureData => {
  const bytesPer = { DXT1: 0, DXT5: 0, '8888': 4, PAL8: 1, PAL4: 1 }[format];
  const size = (w: number, h: number) =>
    bytesPer ? w * h * bytesPer : Math.max(1, (w + 3) >> 2) * Math.max(1, (h + 3) >> 2) * (format === 'DXT1' ? 8 : 16);
  const dxt = format.startsWith('DXT');
  return {
    name: format,
    maskName: '',
    platformId: 9,
    filterFlags: 0x1106,
    rasterFormat: (dxt ? 0x200 : 0x500) | (format === 'PAL8' ? 0x2000 : format === 'PAL4' ? 0x4000 : 0),
    formatWord: dxt ? (format === 'DXT1' ? 0x31545844 : 0x35545844) : format.startsWith('PAL') ? 41 : 21,
    width,
    height,
    depth: dxt ? 16 : 32,
    rasterType: 4,
    compression: dxt ? 9 : 1,
    palette: format === 'PAL8' ? new Uint8Array(1024).fill(200) : format === 'PAL4' ? new Uint8Array(128).fill(100) : null,
    levels: Array.from({ length: levels }, (_, i) => {
      const w = Math.max(1, width >> i),
        h = Math.max(1, height >> i);
      return {
        width: w,
        height: h,
        data: Uint8Array.from({ length: size(w, h) }, (_, k) => (k * 37 + i) & (format === 'PAL4' ? 15 : 255)),
      };
    }),
    extension: new Uint8Array(0),
    libraryIds: [0x1803ffff, 0x1803ffff, 0x1803ffff],
  };
};
const dictionaries = fc
  .array(
    fc.tuple(
      fc.constantFrom('DXT1', 'DXT5', '8888', 'PAL8', 'PAL4') as fc.Arbitrary<'DXT1' | 'DXT5' | '8888' | 'PAL8' | 'PAL4'>,
      fc.integer({ min: 1, max: 24 }),
      fc.integer({ min: 1, max: 24 }),
      fc.integer({ min: 1, max: 4 }),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((list) =>
    writeTXD({
      textures: list.map(([f, w, h, l]) => texture(f, w, h, l)),
      deviceId: 2,
      extension: new Uint8Array(0),
      libraryIds: [0x1803ffff, 0x1803ffff, 0x1803ffff],
    }),
  );

/** A file whose pixels, every byte 0xab, fill the kernels' work memory: what a stale read would show. */
const primer = writeTXD(dictionaryOf(plainTexture(64, 64, 0xab)));

/**
 * Every level decoded by each wasm build right after another file (the primer) and compared with the
 * TypeScript twin: a kernel reading work memory its call did not write gives the primer's bytes.
 */
function sameOnEveryBackend(bytes: Uint8Array): void {
  const js = new TXDReader(bytes, { backend: 'js' });
  for (const build of ['simd', 'scalar'] as const) {
    new TXDReader(primer, { backend: build }).textures[0]!.rgba();
    new TXDReader(bytes, { backend: build }).textures.forEach((texture, t) => {
      texture.levels.forEach((_, level) => {
        if (!Buffer.from(texture.rgba(level)).equals(Buffer.from(js.textures[t]!.rgba(level))))
          throw new Error(`texture ${t} (${texture.format}) level ${level}: ${build} differs from js`);
      });
    });
  }
}

describe('TXD under fuzzing', () => {
  it('TXD: mutated dictionaries decode every level identically on every backend (simd, scalar, js), or throw DecodeError', () => {
    const cases = dictionaries.chain((bytes) =>
      fc.tuple(fc.constant(bytes), fc.array(mutations(txdFields(bytes)), { minLength: 1, maxLength: 3 })),
    );
    fc.assert(
      fc.property(cases, ([bytes, list]) => survives('TXD', applyAll(bytes, list), sameOnEveryBackend)),
      fuzzOptions(1000),
    );
  });

  it('reads mutated generated dictionaries, and decodes every level, or throws a DecodeError', () => {
    const cases = dictionaries.chain((bytes) =>
      fc.tuple(fc.constant(bytes), fc.array(mutations(txdFields(bytes)), { minLength: 1, maxLength: 3 })),
    );
    fc.assert(
      fc.property(cases, ([bytes, list]) => survives('TXD', applyAll(bytes, list), readAll)),
      fuzzOptions(1000),
    );
  });

  itWith([SAMPLES])('reads mutated sample dictionaries, and decodes every level, or throws a DecodeError', () => {
    const files = ['dff/sa_skin_plain.txd', 'dff/sa_skin_modelspace_frames.txd'].map((name) => sample(name));
    fc.assert(
      fc.property(mutatedFiles(files, txdFields), (bytes) => survives('TXD', bytes, readAll)),
      fuzzOptions(200),
    );
  });
});
